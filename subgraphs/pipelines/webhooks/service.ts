import type { FilterQuery } from '@mikro-orm/core';
import type { Config } from '../../../kernel/config.js';
import { AppError, notFound, validationError } from '../../../kernel/errors.js';
import { pageWindow, pagination } from '../../../kernel/graphql-types.js';
import { isUuid } from '../../../kernel/ids.js';
import type { PipelinesScope } from '../common/scope.js';
import { attemptDelivery } from './delivery.js';
import { DeliveryRecord } from './entities.js';
import { parseAllowList, type AllowList } from '../../../kernel/webhooks/guard.js';
import { rotateSigningSecret } from './signing.js';
import type { PipelineSigningSecret, PipelineWebhook, PipelineWebhooksArgs } from './types.js';

/** The webhooks area's operations (docs/pipelines.md "WEBHOOK deliveries"): list, manual retry, secret rotation. */

let allowCache: { text: string; allow: AllowList } | undefined;
/** PIPELINE_WEBHOOK_ALLOW, parsed once per value. */
export function allowListOf(config: Pick<Config, 'PIPELINE_WEBHOOK_ALLOW'>): AllowList {
  const text = config.PIPELINE_WEBHOOK_ALLOW ?? '';
  if (allowCache?.text !== text) allowCache = { text, allow: parseAllowList(text) };
  return allowCache.allow;
}

/** A delivery row as the graph shows it. */
export const webhookOf = (d: DeliveryRecord): PipelineWebhook => ({
  id: d.id,
  executionId: d.executionId,
  pipelineId: d.pipelineId,
  stage: d.stage,
  url: d.url,
  method: d.method,
  status: d.status,
  attempts: d.attempts,
  lastAttempt: d.lastAttemptAt ?? null,
  response: d.response ?? null,
  error: d.error ?? null,
  messageId: d.messageId,
  createdAt: d.createdAt,
});

/** The workspace's deliveries, newest first (then by id, so pages are stable). */
export async function listWebhooks(s: PipelinesScope, args: PipelineWebhooksArgs) {
  const { page, limit, offset } = pageWindow(args);
  if (args.startDate && args.endDate && args.startDate.getTime() > args.endDate.getTime()) throw validationError('endDate', 'must not be before startDate');
  if (args.executionId !== undefined && args.executionId !== null && !isUuid(args.executionId)) return { items: [], pagination: pagination(page, limit, 0) };
  const where: FilterQuery<DeliveryRecord> = {};
  if (args.executionId) where.executionId = args.executionId.toLowerCase();
  if (args.status) where.status = args.status;
  if (args.startDate || args.endDate) where.createdAt = { ...(args.startDate ? { $gte: args.startDate } : {}), ...(args.endDate ? { $lte: args.endDate } : {}) };
  const [rows, total] = await s.em.findAndCount(DeliveryRecord, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset });
  return { items: rows.map(webhookOf), pagination: pagination(page, limit, total) };
}

/**
 * One attempt now (`final`: a failure makes the delivery FAILED), whatever attempts were made. A DELIVERED delivery is
 * CONFLICT. The execution does not move (retry the execution for that).
 */
export async function retryWebhook(s: PipelinesScope, webhookId: string): Promise<PipelineWebhook> {
  const what = 'Webhook delivery';
  if (!isUuid(webhookId)) throw notFound(what);
  const delivery = await s.em.findOne(DeliveryRecord, { id: webhookId.toLowerCase() }, { refresh: true });
  if (!delivery) throw notFound(what);
  if (delivery.status === 'DELIVERED') throw new AppError('CONFLICT', `${what} ${delivery.id} is already DELIVERED; it is not sent again`);
  await attemptDelivery(s.em, delivery, { final: true, allow: allowListOf(s.ctx.config) });
  s.ctx.log.info({ deliveryId: delivery.id, status: delivery.status, attempts: delivery.attempts }, 'pipeline webhook retried by hand');
  return webhookOf(delivery);
}

/** A new signing secret for the caller's workspace, shown once. */
export async function rotateSecret(s: PipelinesScope): Promise<PipelineSigningSecret> {
  const made = await rotateSigningSecret(s.em, s.workspaceId);
  s.ctx.log.info({ workspaceId: s.workspaceId, keyId: s.keyId }, 'pipeline webhook signing secret rotated');
  return made;
}
