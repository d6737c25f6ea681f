import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformEvent } from '../../kernel/events.js';
import { applyNetworkEvent, NETWORK_PROVIDER_DDL, NETWORK_VERSION_DDL, readNetwork } from '../../domain/network-copy/sync.js';
import { unitDatabase, type UnitDatabase } from './database.js';

/**
 * A family's copy of the LSP network (domain/network-copy/sync.ts), on a real PostgreSQL: a process holds a
 * workspace's network and answers it again while the copy's version is unchanged; every event applied to the workspace
 * shows in the next read, and one applied to another workspace, or one the copy does not keep, leaves it held. (The
 * version is written in the transaction that applies the event, and read in the statement that reads the records, so
 * a held network is never older than the version that says it is current.)
 */
const DDL = `create schema copy;
create table copy.network_coverage (id uuid primary key, workspace_id uuid not null, icode text not null, kind text not null, status text not null, record jsonb not null, event_id bigint not null);
create table copy.network_pricing (id uuid primary key, workspace_id uuid not null, icode text not null, kind text not null, point jsonb null, rules jsonb not null, event_id bigint not null);
create table copy.network_agent (id uuid primary key, workspace_id uuid not null, icode text not null, user_id uuid not null, status text not null, vehicles jsonb not null, event_id bigint not null);
${NETWORK_VERSION_DDL('copy')};
${NETWORK_PROVIDER_DDL('copy')};`;

let unit: UnitDatabase | undefined;
let em: EntityManager;
let nextId = 1;

beforeAll(async () => {
  unit = await unitDatabase('network-copy', DDL);
  em = unit.orm.em.fork();
}, 60_000);

afterAll(async () => {
  await unit?.close();
});

const event = (workspaceId: string, topic: string, payload: Record<string, unknown>): PlatformEvent => ({
  id: nextId++,
  tx: '1',
  topic,
  key: String(payload.id),
  workspaceId,
  payload,
  createdAt: new Date(),
});
const area = (workspaceId: string, icode: string, code: string, status = 'ACTIVE') => event(workspaceId, 'lsp.coverage', { id: randomUUID(), icode, code, kind: 'AREA', status, cities: ['Nairobi'] });
/** Applied in a transaction of its own, committed: what the consumer does with each event. */
const apply = (e: PlatformEvent) => unit!.orm.em.fork().transactional((tx) => applyNetworkEvent(tx, 'copy', e));

describe('a held network', () => {
  it('answers again, the same, while nothing is applied to its workspace; the next read after an event shows it', async () => {
    const w = randomUUID();
    await apply(area(w, 'LSP-A', 'A1'));
    const first = await readNetwork(em, 'copy', w);
    expect(first.coverage.map((c) => c.code)).toEqual(['A1']);
    expect(await readNetwork(em, 'copy', w)).toBe(first);
    await apply(area(w, 'LSP-B', 'B1'));
    const second = await readNetwork(em, 'copy', w);
    expect(second).not.toBe(first);
    expect(second.coverage.map((c) => c.code).sort()).toEqual(['A1', 'B1']);
  });

  it('a removal and a pricing change show too, and an event of another workspace leaves it held', async () => {
    const w = randomUUID();
    const other = randomUUID();
    const a = area(w, 'LSP-A', 'A1');
    await apply(a);
    const warehouse = { id: randomUUID(), icode: 'LSP-A', kind: 'WAREHOUSE', address: { coordinates: [-1.29, 36.82] }, pricing: [{ name: 'base', rate: 10 }] };
    await apply(event(w, 'lsp.facility', warehouse));
    const held = await readNetwork(em, 'copy', w);
    expect(held.rules.get('LSP-A')).toEqual([{ name: 'base', rate: 10 }]);
    expect(held.points.get(warehouse.id)).toEqual([-1.29, 36.82]);
    await apply(area(other, 'LSP-C', 'C1'));
    expect(await readNetwork(em, 'copy', w)).toBe(held);
    await apply(event(w, 'lsp.facility', { ...warehouse, pricing: [{ name: 'base', rate: 12 }] }));
    expect((await readNetwork(em, 'copy', w)).rules.get('LSP-A')).toEqual([{ name: 'base', rate: 12 }]);
    await apply(event(w, 'lsp.coverage', { id: a.key, icode: 'LSP-A', deleted: true }));
    expect((await readNetwork(em, 'copy', w)).coverage).toEqual([]);
  });

  it('an event the copy does not keep (a facility that is not a warehouse or hub) leaves it held', async () => {
    const w = randomUUID();
    await apply(area(w, 'LSP-A', 'A1'));
    const held = await readNetwork(em, 'copy', w);
    await apply(event(w, 'lsp.facility', { id: randomUUID(), icode: 'LSP-A', kind: 'OFFICE', pricing: [] }));
    expect(await readNetwork(em, 'copy', w)).toBe(held);
  });

  it('by kind: the AREA records only, held apart from the whole network', async () => {
    const w = randomUUID();
    await apply(area(w, 'LSP-A', 'A1'));
    await apply(event(w, 'lsp.coverage', { id: randomUUID(), icode: 'LSP-A', code: 'R1', kind: 'ROUTE', status: 'ACTIVE' }));
    expect((await readNetwork(em, 'copy', w, { kind: 'AREA' })).coverage.map((c) => c.code)).toEqual(['A1']);
    expect((await readNetwork(em, 'copy', w)).coverage.map((c) => c.code).sort()).toEqual(['A1', 'R1']);
  });

  it("with names: the LSPs' names from topic workspace.provider (a rename shows, other kinds are not kept, a deleted LSP keeps its last name)", async () => {
    const w = randomUUID();
    const lsp = { id: randomUUID(), kind: 'lsp', code: 'LSP-A', name: 'Maas Couriers' };
    await apply(event(w, 'workspace.provider', lsp));
    const held = await readNetwork(em, 'copy', w, { names: true });
    expect(held.names).toEqual(new Map([['LSP-A', 'Maas Couriers']]));
    expect((await readNetwork(em, 'copy', w)).names.size).toBe(0); // read without names: none
    await apply(event(w, 'workspace.provider', { id: randomUUID(), kind: 'csp', code: 'CSP-A', name: 'A shop' }));
    expect(await readNetwork(em, 'copy', w, { names: true })).toBe(held);
    await apply(event(w, 'workspace.provider', { ...lsp, name: 'Maas & Co' }));
    expect((await readNetwork(em, 'copy', w, { names: true })).names.get('LSP-A')).toBe('Maas & Co');
    await apply(event(w, 'workspace.provider', { ...lsp, name: 'Maas & Co', deleted: true }));
    expect((await readNetwork(em, 'copy', w, { names: true })).names.get('LSP-A')).toBe('Maas & Co');
  });
});
