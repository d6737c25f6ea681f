import { nowDate } from '../../../kernel/clock.js';
import { pipelineOf } from '../pipelines/service.js';
import { validationError } from '../../../kernel/errors.js';
import { pageWindow, pagination } from '../../../kernel/graphql-types.js';
import { isUuid } from '../../../kernel/ids.js';
import type { ListArgs } from '../common/types.js';
import type { PipelinesScope } from '../common/scope.js';
import { resourceUsage, stageMetrics, timeSeries } from './analytics.js';
import { EscalationRecord } from './entities.js';
import { alertsOf, computeHealth } from './health.js';
import type { AnalyticsArgs, EscalationArgs, PipelineAnalytics, PipelineHealth } from './types.js';

/** The monitoring area's reads (docs/pipelines.md "Health", "Analytics", "Escalations"). */

const DAY_MS = 86_400_000;
const BUCKET_MS = { hour: 3_600_000, day: DAY_MS, week: 7 * DAY_MS } as const;
/** Most buckets one analytics answer holds. */
export const MAX_BUCKETS = 1000;

export async function pipelineHealth(s: PipelinesScope, pipelineId: string): Promise<PipelineHealth> {
  const p = await pipelineOf(s.em, pipelineId);
  const at = nowDate();
  const r = await computeHealth(s.em, p, at);
  return {
    pipelineId: p.id,
    status: r.status,
    healthScore: r.score,
    lastCheck: at,
    lastWorkerCheck: p.healthCheckedAt ?? null,
    metrics: {
      totalExecutions: r.totalExecutions,
      successRate: r.successRate,
      errorRate: r.errorRate,
      avgDuration: Math.round(r.avgDuration * 10) / 10,
      p95Duration: Math.round(r.p95Duration * 10) / 10,
      p99Duration: Math.round(r.p99Duration * 10) / 10,
      activeExecutions: r.activeExecutions,
    },
    alerts: alertsOf(p.alerts),
    lastSimulation: p.lastSimulation ? { success: p.lastSimulation.success, duration: p.lastSimulation.duration, completedAt: new Date(p.lastSimulation.completedAt) } : null,
  };
}

export async function pipelineAnalytics(s: PipelinesScope, pipelineId: string, args: AnalyticsArgs): Promise<PipelineAnalytics> {
  const groupBy = args.groupBy ?? 'day';
  const end = args.endDate ?? nowDate();
  const start = args.startDate ?? new Date(end.getTime() - 7 * DAY_MS);
  if (end.getTime() <= start.getTime()) throw validationError('endDate', 'must be after startDate');
  if ((end.getTime() - start.getTime()) / BUCKET_MS[groupBy] > MAX_BUCKETS) throw validationError('startDate', `the period holds more than ${MAX_BUCKETS} ${groupBy} buckets`);
  const p = await pipelineOf(s.em, pipelineId);
  const [series, stages, resources] = [await timeSeries(s.em, p, start, end, groupBy), await stageMetrics(s.em, p, start, end), await resourceUsage(s.em, p, start, end)];
  return { pipelineId: p.id, startDate: start, endDate: end, groupBy, timeSeries: series, stageMetrics: stages, resourceUsage: resources };
}

export async function listEscalations(s: PipelinesScope, args: EscalationArgs & Pick<ListArgs, 'page' | 'limit'>) {
  const { page, limit, offset } = pageWindow(args);
  const where: Record<string, unknown> = {};
  if (args.severity) where.severity = args.severity;
  if (args.status) where.status = args.status;
  if (args.pipelineId) {
    if (!isUuid(args.pipelineId)) return { items: [], pagination: pagination(page, limit, 0) };
    where.pipelineId = args.pipelineId.toLowerCase();
  }
  const [items, total] = await s.em.findAndCount(EscalationRecord, where, { orderBy: { createdAt: 'desc', id: 'asc' }, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}
