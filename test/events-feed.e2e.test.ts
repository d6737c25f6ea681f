import { describe, expect, it } from 'vitest';
import { api, until } from './helpers.js';
import { callA, createConnector, expectError, gqlH, joinAs, newOwner, ownerWithCsp, setupProvider, uniqueName } from './workspace-helpers.js';
import { addVehicle, createFleet, newLsp } from './lsp-helpers.js';
import { createRule, newImei, newIotsp, registerDevice } from './iot-helpers.js';
import { deployed, pipelinesKey, settled, waitStage } from './pipelines-helpers.js';

/**
 * The workspace's public event feed (docs/events.md "The feed"): `GET /v1/workspace/:wid/events` through the real
 * bridge, gateway and workspace subgraph, fed by the operations that emit each event of the catalogue: providers,
 * connectors, pipeline executions, vehicle positions (the order events: test/orders.e2e.test.ts reads them through the
 * feed at the end of the client journey).
 */

const feed = (token: string, wid: string, query = '') => callA('GET', `/v1/workspace/${wid}/events${query}`, token);

/** Every event of the workspace from `after`, page by page (`limit` a page), following `next` until `hasMore` is false. */
async function walk(token: string, wid: string, limit: number, types = ''): Promise<{ events: any[]; pages: number; last: string }> {
  const events: any[] = [];
  let after = '0';
  let pages = 0;
  for (;;) {
    const res = await feed(token, wid, `?after=${after}&limit=${limit}${types ? `&types=${types}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages++;
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    events.push(...res.body.data);
    after = res.body.pagination.next;
    if (!res.body.pagination.hasMore) return { events, pages, last: after };
    if (pages > 50) throw new Error('the feed does not end');
  }
}

describe('the event feed', () => {
  it('provider events: created, updated, deleted, in order, carrying the catalogue fields only', async () => {
    const o = await newOwner();
    const lsp = await setupProvider(o.token, o.wid, 'lsp', { name: 'Rift Valley Freight' });
    expect((await callA('PATCH', `/v1/${o.wid}/lsp/${lsp.code}`, o.token, { name: 'Rift Valley Haulage' })).status).toBe(200);
    expect((await callA('DELETE', `/v1/${o.wid}/lsp/${lsp.code}`, o.token)).status).toBe(200);

    const res = await feed(o.token, o.wid, '?types=provider.*');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const events = res.body.data;
    expect(events.map((e: any) => [e.type, e.data.name])).toEqual([
      ['provider.created', 'Rift Valley Freight'],
      ['provider.updated', 'Rift Valley Haulage'],
      ['provider.deleted', 'Rift Valley Haulage'],
    ]);
    for (const e of events) {
      // docs/events.md "An event": sequence = t × 10^12 + n, id = evt_<n>
      expect(e).toMatchObject({ version: 1, workspaceId: o.wid, id: `evt_${BigInt(e.sequence) % 10n ** 12n}` });
      expect(Object.keys(e.data).sort()).toEqual(['code', 'kind', 'name', 'providerId', 'type']);
      expect(e.data).toMatchObject({ providerId: lsp.id, kind: 'LSP', code: lsp.code, type: 'CARRIER' });
      expect(Number.isNaN(Date.parse(e.createdAt))).toBe(false);
    }
    // sequence order, increasing
    const seqs = events.map((e: any) => BigInt(e.sequence));
    expect([...seqs].sort((a, b) => (a < b ? -1 : 1))).toEqual(seqs);
    expect(new Set(seqs).size).toBe(3);
    // the provider's address (personal data of no one here, but not in the catalogue) is not carried
    expect(JSON.stringify(events)).not.toContain('Main St');
  });

  it('connector events: created, updated, disabled, enabled, deleted; each page ≤ limit; walking `next` gives every event once', async () => {
    const o = await newOwner();
    const csp = await setupProvider(o.token, o.wid, 'csp', { type: 'VENDOR' });
    const c = await createConnector(o.token, o.wid, 'csp', csp.code, { name: 'Checkout' });
    const at = `/v1/${o.wid}/csp/${csp.code}/connectors/${c.connectorId}`;
    expect((await callA('PATCH', at, o.token, { name: 'Checkout v2' })).status).toBe(200);
    expect((await callA('PATCH', `${at}/disable`, o.token)).status).toBe(200);
    expect((await callA('PATCH', `${at}/enable`, o.token)).status).toBe(200);
    expect((await callA('DELETE', at, o.token)).status).toBe(200);

    const all = await walk(o.token, o.wid, 100);
    expect(all.events.map((e: any) => e.type)).toEqual(['provider.created', 'connector.created', 'connector.updated', 'connector.disabled', 'connector.enabled', 'connector.deleted']);
    const connector = all.events.filter((e: any) => e.type.startsWith('connector.'));
    expect(connector.map((e: any) => [e.data.name, e.data.status])).toEqual([
      ['Checkout', 'ENABLED'],
      ['Checkout v2', 'ENABLED'],
      ['Checkout v2', 'DISABLED'],
      ['Checkout v2', 'ENABLED'],
      ['Checkout v2', 'ENABLED'],
    ]);
    for (const e of connector) expect(e.data).toMatchObject({ connectorId: c.connectorId, providerKind: 'CSP', providerCode: csp.code, type: 'ASI' });
    expect(JSON.stringify(all.events)).not.toContain(c.secret);

    // two at a time: three full pages, then one that reads to the end (empty), the same events
    const paged = await walk(o.token, o.wid, 2);
    expect(paged.events.map((e: any) => e.id)).toEqual(all.events.map((e: any) => e.id));
    expect(paged.pages).toBeGreaterThanOrEqual(3);
    expect(paged.last).toBe(all.events.at(-1).sequence);
    // read to the end: nothing after, and `next` stays where it was
    const after = await feed(o.token, o.wid, `?after=${paged.last}`);
    expect(after.body.data).toEqual([]);
    expect(after.body.pagination).toEqual({ next: paged.last, hasMore: false });
    // a cursor of the log before positions (an event's number alone, docs/events.md "The feed") goes on just past it
    const legacy = all.events[1].id.slice('evt_'.length);
    const fromLegacy = await feed(o.token, o.wid, `?after=${legacy}`);
    expect(fromLegacy.status).toBe(200);
    expect(fromLegacy.body.data.map((e: any) => e.id)).toEqual(all.events.slice(2).map((e: any) => e.id));
    expect(fromLegacy.body.pagination).toEqual({ next: all.events.at(-1).sequence, hasMore: false });
    // a filtered page skips the others and moves past them
    const disabled = await feed(o.token, o.wid, '?types=connector.disabled,provider.created');
    expect(disabled.body.data.map((e: any) => e.type)).toEqual(['provider.created', 'connector.disabled']);
    expect(disabled.body.pagination).toEqual({ next: all.events.at(-1).sequence, hasMore: false });
    // the same through GraphQL
    const q = await gqlH(
      `query($wid: ID!, $types: [String!]) { workspaceEvents(workspaceId: $wid, types: $types, limit: 1) { items { id type data } next hasMore } }`,
      { wid: o.wid, types: ['connector.*'] },
      { authorization: `Bearer ${o.token}` },
    );
    expect(q.body.errors, JSON.stringify(q.body)).toBeUndefined();
    expect(q.body.data.workspaceEvents).toMatchObject({ items: [{ type: 'connector.created', id: connector[0].id }], next: connector[0].sequence, hasMore: true });
  });

  it('pipeline.execution.completed: a SUCCESS, and a cancelled execution FAILED with its error', async () => {
    const p = await pipelinesKey();
    const quick = await deployed(p, [waitStage('pause', 10)]);
    const slow = await deployed(p, [waitStage('long', 60_000)]);
    const ok = (await p.call('POST', `/${quick.id}/execute`, { metadata: { n: 1 } })).body.data;
    expect((await settled(p, ok.id)).status).toBe('SUCCESS');
    const long = (await p.call('POST', `/${slow.id}/execute`, { metadata: { n: 2 } })).body.data;
    await settled(p, long.id, (e) => e.status === 'RUNNING');
    expect((await p.call('POST', `/executions/${long.id}/cancel`)).status).toBe(200);

    const res = await until(
      () => feed(p.owner.token, p.wid, '?types=pipeline.*'),
      (r) => r.body?.data?.length === 2,
      10_000,
      100,
    );
    const [done, cancelled] = res.body.data;
    expect(done.data).toMatchObject({ executionId: ok.id, pipelineId: quick.id, status: 'SUCCESS', error: null });
    expect(done.data.duration).toBeGreaterThanOrEqual(10);
    expect(Date.parse(done.data.completedAt) - Date.parse(done.data.startedAt)).toBe(done.data.duration);
    expect(cancelled.data).toMatchObject({ executionId: long.id, pipelineId: slow.id, status: 'FAILED', error: { code: 'EXECUTION_FAILED', message: 'cancelled', stage: 'long' } });
    // the execution's metadata is the caller's own data: not in the event
    expect(JSON.stringify(res.body.data)).not.toContain('"n"');
  });

  it("vehicle.position.updated: a device's batch of positions gives the newest, in the IoT provider's workspace", async () => {
    const lsp = await newLsp();
    const vehicle = await addVehicle(lsp, (await createFleet(lsp)).id, { status: 'ACTIVE' });
    const t = await newIotsp(lsp.owner);
    const imei = newImei();
    const device = (await registerDevice(t, { externalId: imei, rule: (await createRule(t)).reference, vehicleId: vehicle.id })).device;
    const t0 = Date.UTC(2026, 10, 26, 8, 0, 0) / 1000;
    // two reports in one batch (the tracker's line format of test/iot-devices.e2e.test.ts): 45 km/h heading 90, then
    // stopped heading 180 a minute later
    const reports = [`+RESP,${imei},-1.2921,36.8219,45km/h,90,${t0},$`, `+BUFF,${imei},-1.29,36.82,0,180,${t0 + 60},$`];
    const ingest = await t.call('POST', `/v1/iotsp/devices/${device.reference}/reports`, { reports });
    expect(ingest.body.data, JSON.stringify(ingest.body)).toMatchObject({ stored: 2 });
    const res = await until(
      () => feed(lsp.owner.token, lsp.owner.wid, '?types=vehicle.*'),
      (r) => r.body?.data?.length === 1,
      10_000,
      100,
    );
    expect(res.body.data[0].data).toEqual({
      vehicleId: vehicle.id,
      deviceId: device.id,
      latitude: -1.29,
      longitude: 36.82,
      heading: 180,
      speed: 0,
      measuredAt: new Date((t0 + 60) * 1000).toISOString(),
    });

    // device.telemetry.received: the same batch, counted, with the newest stored report's values; then a line the rule
    // cannot parse, counted as failed
    const bad = await t.call('POST', `/v1/iotsp/devices/${device.reference}/reports`, { reports: ['not a tracker line'] });
    expect(bad.body.data, JSON.stringify(bad.body)).toMatchObject({ stored: 0, failed: 1 });
    const telemetry = await until(
      async () => (await feed(lsp.owner.token, lsp.owner.wid, '?types=device.*')).body.data as any[],
      (es) => es?.reduce((n: number, e: any) => n + e.data.stored + e.data.failed, 0) === 3,
      10_000,
      100,
    );
    const stored = telemetry.filter((e) => e.data.stored > 0);
    expect(stored.reduce((n, e) => n + e.data.stored, 0)).toBe(2);
    const newest = stored.at(-1).data;
    expect(newest).toMatchObject({ deviceId: device.id, device: device.reference, providerCode: t.code, failed: 0, lastMeasuredAt: new Date((t0 + 60) * 1000).toISOString() });
    expect(newest.latest.measuredAt).toBe(new Date((t0 + 60) * 1000).toISOString());
    expect(newest.latest.values).toMatchObject({ 'position.latitude': -1.29, 'position.longitude': 36.82 });
    expect(telemetry.at(-1).data).toMatchObject({ deviceId: device.id, stored: 0, failed: 1, firstMeasuredAt: null, lastMeasuredAt: null, latest: null });
  });

  it("user.updated: a member's profile change, in each workspace they are a member of, with the fields that changed", async () => {
    const o = await newOwner();
    const second = await callA('POST', '/v1/workspace', o.token, { name: uniqueName('Second') });
    expect(second.status).toBe(201);
    const otherWid = second.body.data.workspace.id;
    const stranger = await newOwner();
    const patch = (body: unknown) => api('PATCH', '/v1/users/me', { token: o.token, body });
    expect((await patch({ name: 'Amina Wanjiru', bio: 'Dispatch lead' })).status).toBe(200);
    expect((await patch({ name: 'Amina Wanjiru' })).status).toBe(200); // nothing changed: no event
    expect((await patch({ metadata: { timezone: 'Africa/Nairobi' } })).status).toBe(200);
    for (const wid of [o.wid, otherWid]) {
      const res = await until(
        () => feed(o.token, wid, '?types=user.*'),
        (r) => r.body?.data?.length >= 2,
        10_000,
        100,
      );
      expect(res.body.data.map((e: any) => e.data)).toEqual([
        { userId: o.user.id, name: 'Amina Wanjiru', changed: ['name', 'bio'] },
        { userId: o.user.id, name: 'Amina Wanjiru', changed: ['timezone'] },
      ]);
      expect(res.body.data.every((e: any) => e.type === 'user.updated' && e.workspaceId === wid)).toBe(true);
    }
    // no one else's workspace hears of it; the e-mail address is never carried
    expect((await feed(stranger.token, stranger.wid, '?types=user.*')).body.data).toEqual([]);
    expect(JSON.stringify((await feed(o.token, o.wid)).body)).not.toContain(o.user.email);
  });

  it('refuses what it cannot read: an unknown type or wildcard, a malformed cursor, a limit out of 1–100; 400 naming the field', async () => {
    const o = await newOwner();
    expectError(await feed(o.token, o.wid, '?types=order.shipped'), 'VALIDATION_ERROR', 'types');
    expectError(await feed(o.token, o.wid, '?types=nothing.*'), 'VALIDATION_ERROR', 'types');
    expectError(await feed(o.token, o.wid, '?after=abc'), 'VALIDATION_ERROR', 'after');
    expectError(await feed(o.token, o.wid, '?after=-1'), 'VALIDATION_ERROR', 'after');
    expectError(await feed(o.token, o.wid, '?limit=0'), 'VALIDATION_ERROR', 'limit');
    expectError(await feed(o.token, o.wid, '?limit=101'), 'VALIDATION_ERROR', 'limit');
    const ok = await feed(o.token, o.wid, '?types=*&limit=100&after=0');
    expect(ok.status).toBe(200);
  });

  it("a workspace's feed is its own: OWNER and ADMIN read it, other roles 403, a non-member 404, no credential 401", async () => {
    const o = await ownerWithCsp();
    const other = await newOwner();
    await setupProvider(other.token, other.wid, 'lsp', { name: uniqueName('Elsewhere') });
    const mine = await walk(o.token, o.wid, 100);
    expect(mine.events.map((e: any) => e.data.providerId)).toEqual([o.csp.id]);
    const theirs = await walk(other.token, other.wid, 100);
    expect(theirs.events).toHaveLength(1);
    expect(theirs.events[0].workspaceId).toBe(other.wid);
    // another workspace's id with my credential: not mine to see
    expectError(await feed(o.token, other.wid), 'NOT_FOUND');
    const admin = await joinAs(o.cspContext, 'ADMIN');
    expect((await feed(admin.token, o.wid)).status).toBe(200);
    const manager = await joinAs(o.cspContext, 'MANAGER');
    expectError(await feed(manager.token, o.wid), 'FORBIDDEN');
    const bare = await api('GET', `/v1/workspace/${o.wid}/events`);
    expect(bare.status).toBe(401);
  });
});
