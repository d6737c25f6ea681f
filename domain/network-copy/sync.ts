import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { removeCopy, upsertCopy } from '../../kernel/copies.js';
import { follow, type StopFollowing, type PlatformEvent } from '../../kernel/events.js';
import type { Logger } from '../../kernel/logger.js';

/**
 * Keeps a family's copy of the LSP network (entities.ts) in step with the platform event log. Every replica polls;
 * the consumer cursor's row lock hands each batch to one of them. Applying an event is an upsert of the record it
 * names, skipped when the stored copy comes from a later event, so a batch seen twice (at least once delivery) or a
 * copy rebuilt from the start of the log ends in the same state.
 */
export type NetworkTopic = 'lsp.coverage' | 'lsp.facility' | 'lsp.agent';

type Row = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

const json = (v: unknown) => JSON.stringify(v ?? null);

/** Applies one LSP event to the copy. */
export async function applyNetworkEvent(em: EntityManager, schema: string, e: PlatformEvent): Promise<void> {
  const p = e.payload as Row;
  const id = str(p.id) ?? e.key;
  const icode = str(p.icode);
  if (!e.workspaceId || !icode || !id) return;
  if (e.topic === 'lsp.coverage') {
    if (p.deleted === true) return removeCopy(em, `${schema}.network_coverage`, id);
    return upsertCopy(
      em,
      `${schema}.network_coverage`,
      { id, workspace_id: e.workspaceId, icode, kind: str(p.kind) ?? 'AREA', status: str(p.status) ?? 'INACTIVE', record: json(p) },
      { eventId: e.id },
    );
  }
  if (e.topic === 'lsp.facility') {
    const kind = str(p.kind);
    if (kind !== 'WAREHOUSE' && kind !== 'HUB') return;
    if (p.deleted === true) return removeCopy(em, `${schema}.network_pricing`, id);
    const coordinates = (p.address as Row | null | undefined)?.coordinates;
    const point = Array.isArray(coordinates) && coordinates.length === 2 ? coordinates : null;
    return upsertCopy(em, `${schema}.network_pricing`, { id, workspace_id: e.workspaceId, icode, kind, point: json(point), rules: json(Array.isArray(p.pricing) ? p.pricing : []) }, { eventId: e.id });
  }
  if (e.topic === 'lsp.agent') {
    if (p.deleted === true) return removeCopy(em, `${schema}.network_agent`, id);
    const userId = str(p.userId);
    const status = str(p.status);
    if (userId && status) {
      // (a join or an update carries no vehicles: an update keeps the ones already copied)
      return upsertCopy(em, `${schema}.network_agent`, { id, workspace_id: e.workspaceId, icode, user_id: userId, status, vehicles: json([]) }, { eventId: e.id, keep: ['vehicles'] });
    }
    const assigned = str(p.assigned);
    const unassigned = str(p.unassigned);
    if (assigned) {
      await em.execute(`update ${schema}.network_agent set vehicles = case when vehicles @> ?::jsonb then vehicles else vehicles || ?::jsonb end, event_id = ? where id = ? and event_id < ?`, [
        json([assigned]),
        json([assigned]),
        e.id,
        id,
        e.id,
      ]);
    } else if (unassigned) {
      await em.execute(`update ${schema}.network_agent set vehicles = vehicles - ?, event_id = ? where id = ? and event_id < ?`, [unassigned, e.id, id, e.id]);
    }
  }
}

/** Follows `topics` into the copy in `schema` (the ORM's own) as consumer `consumer` (kernel/events.ts `follow`). */
export function startNetworkSync(orm: MikroORM, log: Logger, consumer: string, schema: string, topics: readonly NetworkTopic[], intervalMs = 250): StopFollowing {
  return follow(orm, log, consumer, topics, (e, em) => applyNetworkEvent(em, schema, e), intervalMs);
}

/** A coverage record of the copy as the coverage rules read it (domain/coverage.ts): the event's payload. */
export type CopiedCoverage = Record<string, unknown> & { id: string; icode: string; kind: string; status: string };

/**
 * A workspace's ACTIVE coverage records (optionally of one kind) and the points and pricing rules of its warehouses
 * and hubs, from the copy in `schema`, in one plain statement (no entities: a request reads the whole network and
 * changes none of it).
 */
export async function readNetwork(
  em: EntityManager,
  schema: string,
  workspaceId: string,
  kind?: 'AREA' | 'ROUTE',
): Promise<{ coverage: CopiedCoverage[]; points: Map<string, [number, number]>; rules: Map<string, Record<string, unknown>[]> }> {
  const rows = await em.execute<{ t: 'c' | 'f'; id: string; icode: string; kind: string; status: string | null; data: unknown }[]>(
    `select 'c' as t, id, icode, kind, status, record as data from ${schema}.network_coverage
      where workspace_id = ? and status = 'ACTIVE'${kind ? ' and kind = ?' : ''}
     union all
     select 'f', id, icode, kind, null, jsonb_build_object('point', point, 'rules', rules) from ${schema}.network_pricing where workspace_id = ?
     order by 1, 3, 2`,
    kind ? [workspaceId, kind, workspaceId] : [workspaceId, workspaceId],
  );
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
  const coverage: CopiedCoverage[] = [];
  const points = new Map<string, [number, number]>();
  const rules = new Map<string, Record<string, unknown>[]>();
  for (const r of rows) {
    if (r.t === 'c') {
      coverage.push({ ...parse<Record<string, unknown>>(r.data), id: r.id, icode: r.icode, kind: r.kind, status: r.status ?? 'ACTIVE' });
      continue;
    }
    const f = parse<{ point: unknown; rules: unknown }>(r.data);
    const point = parse<number[] | null>(f.point);
    if (Array.isArray(point) && point.length === 2) points.set(r.id, [point[0], point[1]]);
    rules.set(r.icode, [...(rules.get(r.icode) ?? []), ...parse<Record<string, unknown>[]>(f.rules)]);
  }
  return { coverage, points, rules };
}
