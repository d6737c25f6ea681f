import { upsertCopy } from '../../../kernel/copies.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, collectionFull, notFound } from '../../../kernel/errors.js';
import { catchUp, type PlatformEvent } from '../../../kernel/events.js';
import { isUuid } from '../../../kernel/ids.js';
import type { IotScope } from '../common/scope.js';
import { relock } from '../common/records-service.js';
import { IotRule } from '../rules/entities.js';
import type { IotTopic } from '../topics/entities.js';
import { AssignedConnector, ConnectorAssignment, ConnectorCopy } from './entities.js';

/**
 * Connectors of rules and topics (docs/iot.md "Connectors"): an IoTSP assigns its own IoT connectors (the workspace
 * family's connectors of type IOT of this provider) to a rule or a topic. The check reads the family's event-fed copy
 * of the connectors after catching up with the log, so a connector made a moment ago counts and a deleted one does not.
 */

export const CONNECTOR_CONSUMER = 'iot.connectors';
export const CONNECTOR_TOPICS = ['workspace.connector'] as const;

/** Applies one `workspace.connector` event to the copy (IoTSP connectors only; idempotent: the last state wins). */
export async function applyConnectorEvent(e: PlatformEvent, em: EntityManager): Promise<void> {
  const p = e.payload as { id: string; providerKind: string; providerCode: string; type: string; name: string; status: string; deleted?: boolean };
  if (p.providerKind?.toLowerCase() !== 'iotsp' || !e.workspaceId) return;
  await upsertCopy(
    em,
    'iot.connector_copy',
    { id: p.id, workspace_id: e.workspaceId, icode: p.providerCode, type: p.type, name: p.name, status: p.status, deleted: p.deleted === true, changed_at: e.createdAt },
    { keep: ['workspace_id', 'icode'] },
  );
  if (p.deleted) await em.execute('delete from iot.connector_assignment where connector_id = ?', [p.id]);
}

export const syncConnectors = (em: EntityManager) => catchUp(em, CONNECTOR_CONSUMER, CONNECTOR_TOPICS, applyConnectorEvent);

/** An IoT connector of this IoTSP, as the log says now; NOT_FOUND otherwise (another provider's, deleted, not IOT). */
async function iotConnector(s: IotScope, connectorId: string): Promise<ConnectorCopy> {
  if (isUuid(connectorId)) {
    await syncConnectors(s.ctx.em);
    const found = await s.em.findOne(ConnectorCopy, { id: connectorId.toLowerCase(), deleted: false });
    if (found && found.type === 'IOT') return found;
    if (found) throw new AppError('CONFLICT', `connectorId: the connector is of type ${found.type}; only IOT connectors are assigned to rules and topics`, 'connectorId');
  }
  throw notFound('Connector');
}

/** The most connectors one rule or topic has (the listing is not paged). */
export const MAX_ASSIGNED = 50;

/** A rule or topic whose connectors change, and its kind. */
type Target = IotRule | IotTopic;
const kindOf = (target: Target) => (target instanceof IotRule ? 'rule' : 'topic');

/**
 * Assigns the connector to the rule or topic; assigning it again, or a 51st, is a CONFLICT. Judged under the target's
 * row lock (docs/contract.md "Concurrency"): of two assignments of one connector at once, the second is that CONFLICT.
 */
export async function assignConnector(s: IotScope, target: Target, connectorId: string): Promise<void> {
  const connector = await iotConnector(s, connectorId);
  await s.em.transactional(async (tx) => {
    await relock(tx, kindOf(target), target);
    const existing = await tx.findOne(ConnectorAssignment, { targetId: target.id, connectorId: connector.id });
    if (existing) throw new AppError('CONFLICT', 'connectorId: the connector is already assigned', 'connectorId');
    if ((await tx.count(ConnectorAssignment, { targetId: target.id })) >= MAX_ASSIGNED) throw collectionFull('connectorId', `at most ${MAX_ASSIGNED} connectors are assigned to one rule or topic`);
    tx.create(ConnectorAssignment, { targetId: target.id, connectorId: connector.id, assignedBy: s.principal.userId });
    await tx.flush();
  });
}

/** Unassigns it; a connector that is not assigned is NOT_FOUND (also to the second of two unassignments at once: judged under the target's lock). */
export async function unassignConnector(s: IotScope, target: Target, connectorId: string): Promise<void> {
  if (!isUuid(connectorId)) throw notFound('Connector assignment');
  await s.em.transactional(async (tx) => {
    await relock(tx, kindOf(target), target);
    const existing = await tx.findOne(ConnectorAssignment, { targetId: target.id, connectorId: connectorId.toLowerCase() });
    if (!existing) throw notFound('Connector assignment');
    await tx.nativeDelete(ConnectorAssignment, { id: existing.id });
  });
}

/** The connectors assigned to a rule or topic, oldest assignment first, with their current name and status. */
export async function assignedConnectors(s: IotScope, targetId: string): Promise<AssignedConnector[]> {
  await syncConnectors(s.ctx.em);
  const rows = await s.em.find(ConnectorAssignment, { targetId }, { orderBy: { assignedAt: 'asc', id: 'asc' } });
  if (!rows.length) return [];
  const copies = await s.em.find(ConnectorCopy, { id: { $in: rows.map((r) => r.connectorId) } });
  const byId = new Map(copies.map((c) => [c.id, c]));
  return rows.map((r) => ({
    connectorId: r.connectorId,
    name: byId.get(r.connectorId)?.name ?? '',
    status: (byId.get(r.connectorId)?.status ?? 'DISABLED') as AssignedConnector['status'],
    assignedAt: r.assignedAt,
    assignedBy: r.assignedBy,
  }));
}

/** What a rule's or topic's deletion removes with it. */
export const dropAssignments = (tx: EntityManager, targetId: string) => tx.nativeDelete(ConnectorAssignment, { targetId });

/** The three connector operations of a rule or topic, once: find the target, change, answer its connectors. */
export const connectorOps = (find: (s: IotScope, reference: string) => Promise<Target>) => ({
  assign: async (s: IotScope, reference: string, connectorId: string) => {
    const target = await find(s, reference);
    await assignConnector(s, target, connectorId);
    return assignedConnectors(s, target.id);
  },
  unassign: async (s: IotScope, reference: string, connectorId: string) => {
    const target = await find(s, reference);
    await unassignConnector(s, target, connectorId);
    return assignedConnectors(s, target.id);
  },
  list: async (s: IotScope, reference: string) => assignedConnectors(s, (await find(s, reference)).id),
});
