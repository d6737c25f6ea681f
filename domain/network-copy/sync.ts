import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { removeCopy, upsertCopy } from '../../kernel/copies.js';
import { follow, type StopFollowing, type PlatformEvent } from '../../kernel/events.js';
import type { Logger } from '../../kernel/logger.js';
import { Memo } from '../../kernel/memo.js';

/**
 * Keeps a family's copy of the LSP network (entities.ts) in step with the platform event log. Every replica polls;
 * the consumer cursor's row lock hands each batch to one of them. Applying an event is an upsert of the record it
 * names, skipped when the stored copy comes from a later event, so a batch seen twice (at least once delivery) or a
 * copy rebuilt from the start of the log ends in the same state.
 */
export type NetworkTopic = 'lsp.coverage' | 'lsp.facility' | 'lsp.agent' | 'workspace.provider';

type Row = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

const json = (v: unknown) => JSON.stringify(v ?? null);

/**
 * The copy's version per workspace (`network_version`, made by each copying family's migration): one more with every
 * event applied to the workspace's copy, in the transaction that applies it. A reader that holds the workspace's
 * network checks it with one statement of one row (readNetwork).
 */
export const NETWORK_VERSION_DDL = (schema: string) => `create table if not exists "${schema}"."network_version" (workspace_id uuid primary key, version bigint not null default 0)`;

/**
 * The LSPs' names (`network_provider`), for a family that names the LSPs it answers with (commerce's quotes: `lsp {
 * code name }` answered from the copy, so the gateway needs no second fetch). Kept from topic `workspace.provider`,
 * LSPs only; a family that does not follow the topic has no such table.
 */
export const NETWORK_PROVIDER_DDL = (schema: string) =>
  `create table if not exists "${schema}"."network_provider" (id uuid primary key, workspace_id uuid not null, code text not null, name text not null, event_id bigint not null);
   create index if not exists network_provider_workspace_idx on "${schema}"."network_provider" (workspace_id)`;

/** Applies one LSP event to the copy, and counts it in the workspace's version when it addressed the copy. */
export async function applyNetworkEvent(em: EntityManager, schema: string, e: PlatformEvent): Promise<void> {
  if (!(await applyToCopy(em, schema, e))) return;
  await em.execute(`insert into ${schema}.network_version as v (workspace_id, version) values (?, 1) on conflict (workspace_id) do update set version = v.version + 1`, [e.workspaceId]);
}

/** Writes one LSP event into the copy; false when the event is not one the copy keeps. */
async function applyToCopy(em: EntityManager, schema: string, e: PlatformEvent): Promise<boolean> {
  const p = e.payload as Row;
  const id = str(p.id) ?? e.key;
  if (e.topic === 'workspace.provider') {
    if (!e.workspaceId || !id || p.kind !== 'lsp') return false;
    const code = str(p.code);
    const name = str(p.name);
    if (!code || !name) return false;
    // a deleted LSP keeps its last name here: a quote made before the deletion still names it
    await upsertCopy(em, `${schema}.network_provider`, { id, workspace_id: e.workspaceId, code, name }, { eventId: e.id });
    return true;
  }
  const icode = str(p.icode);
  if (!e.workspaceId || !icode || !id) return false;
  if (e.topic === 'lsp.coverage') {
    if (p.deleted === true) await removeCopy(em, `${schema}.network_coverage`, id);
    else
      await upsertCopy(
        em,
        `${schema}.network_coverage`,
        { id, workspace_id: e.workspaceId, icode, kind: str(p.kind) ?? 'AREA', status: str(p.status) ?? 'INACTIVE', record: json(p) },
        { eventId: e.id },
      );
    return true;
  }
  if (e.topic === 'lsp.facility') {
    const kind = str(p.kind);
    if (kind !== 'WAREHOUSE' && kind !== 'HUB') return false;
    if (p.deleted === true) {
      await removeCopy(em, `${schema}.network_pricing`, id);
      return true;
    }
    const coordinates = (p.address as Row | null | undefined)?.coordinates;
    const point = Array.isArray(coordinates) && coordinates.length === 2 ? coordinates : null;
    await upsertCopy(em, `${schema}.network_pricing`, { id, workspace_id: e.workspaceId, icode, kind, point: json(point), rules: json(Array.isArray(p.pricing) ? p.pricing : []) }, { eventId: e.id });
    return true;
  }
  if (e.topic === 'lsp.agent') {
    if (p.deleted === true) {
      await removeCopy(em, `${schema}.network_agent`, id);
      return true;
    }
    const userId = str(p.userId);
    const status = str(p.status);
    if (userId && status) {
      // (a join or an update carries no vehicles: an update keeps the ones already copied)
      await upsertCopy(em, `${schema}.network_agent`, { id, workspace_id: e.workspaceId, icode, user_id: userId, status, vehicles: json([]) }, { eventId: e.id, keep: ['vehicles'] });
      return true;
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
    return Boolean(assigned || unassigned);
  }
  return false;
}

/** Follows `topics` into the copy in `schema` (the ORM's own) as consumer `consumer` (kernel/events.ts `follow`). */
export function startNetworkSync(orm: MikroORM, log: Logger, consumer: string, schema: string, topics: readonly NetworkTopic[], intervalMs = 250): StopFollowing {
  return follow(orm, log, consumer, topics, (e, em) => applyNetworkEvent(em, schema, e), intervalMs);
}

/** A coverage record of the copy as the coverage rules read it (domain/coverage.ts): the event's payload. */
export type CopiedCoverage = Record<string, unknown> & { id: string; icode: string; kind: string; status: string };

/** A workspace's network as the coverage rules read it. Shared by the requests that read it: never changed. */
export interface Network {
  coverage: CopiedCoverage[];
  points: Map<string, [number, number]>;
  rules: Map<string, Record<string, unknown>[]>;
  /** The LSPs' names by code (read with `names`; empty otherwise). */
  names: Map<string, string>;
}

/** What a read of the network takes: coverage of one kind only; the LSPs' names too (a copy with `network_provider`). */
export interface NetworkRead {
  kind?: 'AREA' | 'ROUTE';
  names?: boolean;
}

/**
 * The networks this process read, by schema, workspace and kind, each with the copy's version it was read at: 200
 * workspaces of about 100 KB each at most.
 */
const held = new Memo<string, { version: string; network: Network }>(200);

/**
 * A workspace's ACTIVE coverage records (optionally of one kind) and the points and pricing rules of its warehouses
 * and hubs, from the copy in `schema`: plain statements, no entities (a request reads the whole network and changes
 * none of it). A network this process holds answers after one statement that reads the copy's version and finds it
 * unchanged; otherwise one statement reads the records and the version together (one snapshot), and the network is
 * held at that version. An event applied in between bumps the version in the same transaction as its write, so a
 * held network is never older than the version that says it is current.
 */
export async function readNetwork(em: EntityManager, schema: string, workspaceId: string, { kind, names }: NetworkRead = {}): Promise<Network> {
  const key = `${schema}/${workspaceId}/${kind ?? ''}/${names ? 'names' : ''}`;
  const known = held.get(key);
  if (known) {
    const [row] = await em.execute<{ version: string | number }[]>(`select version from ${schema}.network_version where workspace_id = ?`, [workspaceId]);
    if (String(row?.version ?? 0) === known.version) return known.network;
  }
  const params: unknown[] = kind ? [workspaceId, kind, workspaceId, workspaceId] : [workspaceId, workspaceId, workspaceId];
  if (names) params.push(workspaceId);
  const rows = await em.execute<{ t: 'c' | 'f' | 'n' | 'v'; id: string | null; icode: string | null; kind: string | null; status: string | null; data: unknown }[]>(
    `select 'c' as t, id, icode, kind, status, record as data from ${schema}.network_coverage
      where workspace_id = ? and status = 'ACTIVE'${kind ? ' and kind = ?' : ''}
     union all
     select 'f', id, icode, kind, null, jsonb_build_object('point', point, 'rules', rules) from ${schema}.network_pricing where workspace_id = ?
     union all
     select 'v', null, null, null, null, to_jsonb(version) from ${schema}.network_version where workspace_id = ?${
       names
         ? `
     union all
     select 'n', id, code, null, name, null from ${schema}.network_provider where workspace_id = ?`
         : ''
     }
     order by 1, 3, 2`,
    params,
  );
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
  const network: Network = { coverage: [], points: new Map(), rules: new Map(), names: new Map() };
  let version = '0';
  for (const r of rows) {
    if (r.t === 'v') {
      version = String(parse<number | string>(r.data));
      continue;
    }
    if (r.t === 'n') {
      network.names.set(r.icode!, r.status!); // (the name rides in the text column `status`)
      continue;
    }
    if (r.t === 'c') {
      network.coverage.push({ ...parse<Record<string, unknown>>(r.data), id: r.id!, icode: r.icode!, kind: r.kind!, status: r.status ?? 'ACTIVE' });
      continue;
    }
    const f = parse<{ point: unknown; rules: unknown }>(r.data);
    const point = parse<number[] | null>(f.point);
    if (Array.isArray(point) && point.length === 2) network.points.set(r.id!, [point[0], point[1]]);
    network.rules.set(r.icode!, [...(network.rules.get(r.icode!) ?? []), ...parse<Record<string, unknown>[]>(f.rules)]);
  }
  held.set(key, { version, network });
  return network;
}
