import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './helpers.js';
import { createSite, newLsp, type Lsp } from './lsp-helpers.js';
import { queriesKey, registered, type QueriesCaller, failsWith, okBody } from './queries-helpers.js';

/**
 * The performance routes of the queries family (docs/queries.md "Performance"): a caller syncs the figures of a
 * service of its workspace (stored per service, replaced whole, stamped with the platform clock), reads them back,
 * and sees them in discovery entries and `performanceThresholds`. Ranges: rates 0 to 1, averageProcessingTime 0 to
 * 31,536,000 s, customerSatisfaction 0 to 5 (optional), overallScore 0 to 100.
 */

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const GOOD = { onTimeDeliveryRate: 0.95, orderAccuracy: 0.99, averageProcessingTime: 3600, damageRate: 0.01, customerSatisfaction: 4.5, overallScore: 87.5 };

let lsp: Lsp;
let q: QueriesCaller;
let other: { lsp: Lsp; q: QueriesCaller; warehouse: any };
let w1: any;
let w2: any;
let w3: any;
let edges: any; // the range-edge tests' service

const sync = (c: QueriesCaller, serviceId: string, performance: Record<string, unknown>, code = lsp.code) => c.call('POST', '/performance/sync', { lsp: code, serviceId, performance });
const read = (c: QueriesCaller, serviceId: string, code = lsp.code) => c.call('GET', `/performance/${code}/${serviceId}`);

beforeAll(async () => {
  lsp = await newLsp();
  q = await queriesKey(lsp);
  w1 = await createSite(lsp, 'warehouse');
  w2 = await createSite(lsp, 'warehouse');
  w3 = await createSite(lsp, 'warehouse');
  edges = await createSite(lsp, 'warehouse');
  const o = await newLsp();
  other = { lsp: o, q: await queriesKey(o), warehouse: await createSite(o, 'warehouse') };
  for (const s of [w1, w2, w3, edges]) await registered(q, lsp.code, s.id);
  await registered(other.q, o.code, other.warehouse.id);
});

describe('sync and read back', () => {
  it('stores the figures, stamped now, and reads them back', async () => {
    const from = Date.now();
    const res = okBody(await sync(q, w1.id, GOOD));
    expect(res.message).toEqual(expect.any(String));
    expect(res.message).toContain(w1.id);
    const { performance } = okBody(await read(q, w1.id));
    expect(performance).toEqual({ ...GOOD, lastUpdated: expect.stringMatching(ISO) });
    expect(Date.parse(performance.lastUpdated)).toBeGreaterThanOrEqual(from - 2000);
    expect(Date.parse(performance.lastUpdated)).toBeLessThanOrEqual(Date.now() + 2000);
  });

  it('a sync replaces the figures whole: customerSatisfaction left out is none (null)', async () => {
    const { customerSatisfaction: _, ...rest } = GOOD;
    okBody(await sync(q, w2.id, { ...GOOD, overallScore: 60 }));
    okBody(await sync(q, w2.id, { ...rest, overallScore: 70 }));
    expect(okBody(await read(q, w2.id)).performance).toMatchObject({ ...rest, overallScore: 70, customerSatisfaction: null });
    // null is the same as leaving it out
    okBody(await sync(q, w2.id, { ...GOOD, customerSatisfaction: null, overallScore: 70 }));
    expect(okBody(await read(q, w2.id)).performance.customerSatisfaction).toBeNull();
  });

  it('a service never synced: 404 "no performance synced"', async () => {
    const res = await read(q, w3.id);
    failsWith(res, 404, 'NOT_FOUND');
    expect(res.body.message).toContain('no performance synced');
  });

  it('the discovery entry shows the synced performance', async () => {
    const entry = await registered(q, lsp.code, w1.id, (s) => s.performance !== null);
    expect(entry.performance).toEqual({ ...GOOD, lastUpdated: expect.stringMatching(ISO) });
  });

  it('performanceThresholds select on it: w1 (87.5) passes overallScore ≥ 80, w2 (70) and the never-synced w3 do not', async () => {
    const res = await q.call('POST', '/discovery/advanced', { serviceType: 'WAREHOUSE', filters: { lsp: lsp.code }, performanceThresholds: { overallScore: 80 }, limit: 100 });
    const ids = okBody(res).services.map((s: any) => s.serviceId);
    expect(ids).toContain(w1.id);
    expect(ids).not.toContain(w2.id);
    expect(ids).not.toContain(w3.id);
  });
});

describe('ranges', () => {
  const at = (field: string, value: unknown) => sync(q, edges.id, { ...GOOD, [field]: value });

  it('rates: 0 and 1 accepted, 1.0000001 and −0.0000001 refused naming the field', async () => {
    for (const field of ['onTimeDeliveryRate', 'orderAccuracy', 'damageRate']) {
      okBody(await at(field, 0));
      expect(okBody(await read(q, edges.id)).performance[field]).toBe(0);
      okBody(await at(field, 1));
      expect(okBody(await read(q, edges.id)).performance[field]).toBe(1);
      failsWith(await at(field, 1.0000001), 400, 'VALIDATION_ERROR', `performance.${field}`);
      failsWith(await at(field, -0.0000001), 400, 'VALIDATION_ERROR', `performance.${field}`);
    }
    const res = await at('orderAccuracy', 1.0000001);
    expect(res.body.message).toBe('performance.orderAccuracy: must be between 0 and 1');
  });

  it('customerSatisfaction: 5 accepted, 5.1 refused; overallScore: 100 accepted, 100.5 refused', async () => {
    okBody(await at('customerSatisfaction', 5));
    expect(okBody(await read(q, edges.id)).performance.customerSatisfaction).toBe(5);
    failsWith(await at('customerSatisfaction', 5.1), 400, 'VALIDATION_ERROR', 'performance.customerSatisfaction');
    okBody(await at('overallScore', 100));
    expect(okBody(await read(q, edges.id)).performance.overallScore).toBe(100);
    failsWith(await at('overallScore', 100.5), 400, 'VALIDATION_ERROR', 'performance.overallScore');
    failsWith(await at('overallScore', -1), 400, 'VALIDATION_ERROR', 'performance.overallScore');
  });

  it('averageProcessingTime: 0 to 31,536,000 s', async () => {
    okBody(await at('averageProcessingTime', 31_536_000));
    okBody(await at('averageProcessingTime', 0));
    const res = await at('averageProcessingTime', 31_536_001);
    failsWith(res, 400, 'VALIDATION_ERROR', 'performance.averageProcessingTime');
    expect(res.body.message).toBe('performance.averageProcessingTime: must be between 0 and 31,536,000');
  });

  it('a refused sync leaves the stored figures as they were', async () => {
    okBody(await sync(q, edges.id, GOOD));
    const before = okBody(await read(q, edges.id)).performance;
    failsWith(await at('damageRate', 2), 400, 'VALIDATION_ERROR', 'performance.damageRate');
    expect(okBody(await read(q, edges.id)).performance).toEqual(before);
  });

  it('all but customerSatisfaction are required; numbers must be numbers', async () => {
    const { overallScore: _, ...noScore } = GOOD;
    failsWith(await sync(q, edges.id, noScore), 400, 'VALIDATION_ERROR', 'performance.overallScore');
    failsWith(await sync(q, edges.id, { ...GOOD, orderAccuracy: 'high' }), 400, 'VALIDATION_ERROR', 'performance.orderAccuracy');
    failsWith(await q.call('POST', '/performance/sync', { lsp: lsp.code, serviceId: edges.id }), 400, 'VALIDATION_ERROR', 'performance');
    failsWith(await q.call('POST', '/performance/sync', { lsp: '', serviceId: edges.id, performance: GOOD }), 400, 'VALIDATION_ERROR', 'lsp');
  });
});

describe('batch', () => {
  it('2 good + 1 out of range + 1 unknown service: synced 2, failed 2, the errors naming them', async () => {
    const unknown = randomUUID();
    const res = await q.call('POST', '/performance/sync/batch', {
      lsp: lsp.code,
      services: [
        { serviceId: w2.id, performance: { ...GOOD, overallScore: 72 } },
        { serviceId: w3.id, performance: { ...GOOD, orderAccuracy: 1.5 } },
        { serviceId: unknown, performance: GOOD },
        { serviceId: edges.id, performance: { ...GOOD, overallScore: 55 } },
      ],
    });
    const body = okBody(res);
    expect(body).toMatchObject({ synced: 2, failed: 2 });
    expect(body.errors).toEqual([
      { serviceId: w3.id, field: 'services.1.performance.orderAccuracy', message: 'services.1.performance.orderAccuracy: must be between 0 and 1' },
      { serviceId: unknown, field: 'services.2.serviceId', message: expect.stringContaining('not found') },
    ]);
    expect(okBody(await read(q, w2.id)).performance.overallScore).toBe(72);
    expect(okBody(await read(q, edges.id)).performance.overallScore).toBe(55);
    // the out-of-range item was not stored
    failsWith(await read(q, w3.id), 404, 'NOT_FOUND');
  });

  it("another workspace's service, a service of another provider code, a non-UUID id and a service given twice fail alone", async () => {
    const res = await q.call('POST', '/performance/sync/batch', {
      lsp: lsp.code,
      services: [
        { serviceId: other.warehouse.id, performance: GOOD },
        { serviceId: 'not-a-uuid', performance: GOOD },
        { serviceId: w3.id, performance: { ...GOOD, overallScore: 41 } },
        { serviceId: w3.id.toUpperCase(), performance: { ...GOOD, overallScore: 99 } },
      ],
    });
    const body = okBody(res);
    expect(body).toMatchObject({ synced: 1, failed: 3 });
    expect(body.errors.map((e: any) => [e.serviceId, e.field])).toEqual([
      [other.warehouse.id, 'services.0.serviceId'],
      ['not-a-uuid', 'services.1.serviceId'],
      // (ids are IDs: a UUID reaches the service, and comes back, in lower case)
      [w3.id, 'services.3.serviceId'],
    ]);
    // the first item of w3 counts
    expect(okBody(await read(q, w3.id)).performance.overallScore).toBe(41);
    failsWith(await read(other.q, other.warehouse.id, other.lsp.code), 404, 'NOT_FOUND');
    // the same services under another provider code are unknown
    const wrongCode = okBody(await q.call('POST', '/performance/sync/batch', { lsp: other.lsp.code, services: [{ serviceId: w1.id, performance: GOOD }] }));
    expect(wrongCode).toMatchObject({ synced: 0, failed: 1 });
  });

  it('the batch holds 1 to 500 items; a figure of the wrong type refuses the whole batch', async () => {
    failsWith(await q.call('POST', '/performance/sync/batch', { lsp: lsp.code, services: [] }), 400, 'VALIDATION_ERROR', 'services');
    // the smallest figures, so that 501 items stay within the bridge's 100 KB body
    const small = { onTimeDeliveryRate: 1, orderAccuracy: 1, averageProcessingTime: 1, damageRate: 0, overallScore: 1 };
    const many = Array.from({ length: 501 }, () => ({ serviceId: randomUUID(), performance: small }));
    failsWith(await q.call('POST', '/performance/sync/batch', { lsp: lsp.code, services: many }), 400, 'VALIDATION_ERROR', 'services');
    // 500 is fine: every one an unknown service
    expect(okBody(await q.call('POST', '/performance/sync/batch', { lsp: lsp.code, services: many.slice(0, 500) }))).toMatchObject({ synced: 0, failed: 500 });
    const before = okBody(await read(q, w2.id)).performance;
    const wrong = await q.call('POST', '/performance/sync/batch', {
      lsp: lsp.code,
      services: [
        { serviceId: w2.id, performance: { ...GOOD, overallScore: 10 } },
        { serviceId: w3.id, performance: { ...GOOD, damageRate: 'none' } },
      ],
    });
    failsWith(wrong, 400, 'VALIDATION_ERROR', 'services.1.performance.damageRate');
    expect(okBody(await read(q, w2.id)).performance).toEqual(before);
  });
});

describe('tenancy and credentials', () => {
  it("another workspace's service is 404, to sync and to read", async () => {
    failsWith(await sync(q, other.warehouse.id, GOOD, other.lsp.code), 404, 'NOT_FOUND');
    failsWith(await sync(other.q, w1.id, GOOD), 404, 'NOT_FOUND');
    failsWith(await read(other.q, w1.id), 404, 'NOT_FOUND');
    failsWith(await sync(q, randomUUID(), GOOD), 404, 'NOT_FOUND');
    failsWith(await sync(q, 'nope', GOOD), 404, 'NOT_FOUND');
    failsWith(await read(q, 'nope'), 404, 'NOT_FOUND');
  });

  it('401 without an API key; 403 when X-Workspace-ID names another workspace', async () => {
    failsWith(await api('POST', '/v1/queries/performance/sync', { body: { lsp: lsp.code, serviceId: w1.id, performance: GOOD }, headers: { 'x-workspace-id': lsp.wid } }), 401, 'UNAUTHORIZED');
    failsWith(await q.call('GET', `/performance/${lsp.code}/${w1.id}`, undefined, { 'x-workspace-id': other.lsp.wid }), 403, 'FORBIDDEN');
  });
});

describe('the /v1/realm/queries alias', () => {
  it('serves every performance route', async () => {
    const R = '/v1/realm/queries/performance';
    okBody(await q.call('POST', `${R}/sync`, { lsp: lsp.code, serviceId: w1.id, performance: { ...GOOD, overallScore: 88 } }));
    expect(okBody(await q.call('POST', `${R}/sync/batch`, { lsp: lsp.code, services: [{ serviceId: w1.id, performance: { ...GOOD, overallScore: 89 } }] }))).toEqual({
      error: false,
      status: 'SUCCESS',
      synced: 1,
      failed: 0,
      errors: [],
    });
    expect(okBody(await q.call('GET', `${R}/${lsp.code}/${w1.id}`)).performance.overallScore).toBe(89);
  });
});
