import { describe, expect, it } from 'vitest';
import { checkWire, ruleOf } from '../support/wire-rules.js';

/**
 * The wire-rules checker every e2e answer passes through (test/support/validate-responses.ts). Its expected values are
 * the spec's own examples and rules (`../shared/spec/logistics-platform-interface.md`), quoted beside each case.
 */
describe('ruleOf', () => {
  it('finds a route’s family by the spec’s route table, literal segments before parameters', () => {
    expect(ruleOf('GET', '/v1/users/me')?.family).toBe('User management');
    expect(ruleOf('POST', '/v1/ws-1/lsp/acme/connectors')?.family).toBe('Connectors');
    expect(ruleOf('POST', '/v1/ws-1/lsp/setup')?.envelope).toBe('generic');
    expect(ruleOf('GET', '/v1/lsp/coverage/areas')?.envelope).toBe('result-code');
    expect(ruleOf('POST', '/realm/utilities/eta')?.instants).toBe('unix-seconds');
    expect(ruleOf('GET', '/v1/pipelines/templates')?.instants).toBe('epoch-ms');
    expect(ruleOf('PATCH', '/v1/lsps/ACME/faqs/F-1/lock')?.family).toBe('DEV developers and FAQs');
    // the contract's extensions, by prefix
    expect(ruleOf('POST', '/v1/auth/login')?.envelope).toBe('user');
    expect(ruleOf('GET', '/v1/workspace/events')?.envelope).toBe('generic');
    expect(ruleOf('GET', '/openapi.json')).toBeUndefined();
  });
});

describe('checkWire', () => {
  it('passes the spec’s generic envelopes: "{error false, status SUCCESS, data …}" and "{error true, status <CODE>, message}"', () => {
    expect(checkWire('GET', '/v1/lsp/fleets', 200, { error: false, status: 'SUCCESS', data: [] })).toEqual([]);
    expect(checkWire('GET', '/v1/lsp/fleets/x', 404, { error: true, status: 'NOT_FOUND', message: 'Fleet not found' })).toEqual([]);
  });

  it('refuses a generic success without data, and a code answered with another HTTP status than the spec’s table', () => {
    expect(checkWire('POST', '/v1/pipelines/queries/execute', 200, { error: false, status: 'SUCCESS', resource: {}, score: 1 })).toEqual([
      'POST /v1/pipelines/queries/execute → 200: a success without `data` (the generic envelope: {error false, status SUCCESS, data})',
    ]);
    // "RATE_LIMIT_EXCEEDED | 429"
    expect(checkWire('GET', '/v1/lsp/fleets', 400, { error: true, status: 'RATE_LIMIT_EXCEEDED', message: 'slow down' })).toEqual([
      'GET /v1/lsp/fleets → 400: RATE_LIMIT_EXCEEDED is HTTP 429, answered 400',
    ]);
    // a family's own code in another family
    expect(checkWire('GET', '/v1/lsp/fleets', 503, { error: true, status: 'CAPACITY_UNAVAILABLE', message: 'x' })).toHaveLength(1);
    expect(checkWire('POST', '/v1/queries/capacity/query', 503, { error: true, status: 'CAPACITY_UNAVAILABLE', message: 'x' })).toEqual([]);
  });

  it('holds the user family to "{success false, message string}" (code: contract.md)', () => {
    expect(checkWire('GET', '/v1/users/me', 200, { success: true, user: { createdAt: '2026-11-29T10:00:00.000Z' } })).toEqual([]);
    expect(checkWire('GET', '/v1/users/me', 401, { success: false, code: 'UNAUTHORIZED', message: 'Sign in' })).toEqual([]);
    expect(checkWire('GET', '/v1/users/me', 401, { error: true, status: 'UNAUTHORIZED', message: 'Sign in' })).toEqual([
      'GET /v1/users/me → 401: success is undefined on HTTP 401',
      'GET /v1/users/me → 401: the user family has no `error` key',
      "GET /v1/users/me → 401: the code undefined is not one of User management's",
    ]);
  });

  it('holds utilities to "{error false, status `<status>`, result {...}}" and Unix seconds (`estimatedArrival` "Unix timestamp")', () => {
    const eta = { error: false, status: 'UTILITY::ETA_CALCULATED', result: { estimatedArrival: 1_764_410_400, calculatedAt: 1_764_406_800 }, trace: 't' };
    expect(checkWire('POST', '/realm/utilities/eta', 200, eta)).toEqual([]);
    expect(checkWire('POST', '/realm/utilities/eta', 200, { ...eta, result: { estimatedArrival: 1_764_410_400_000 } })).toEqual([
      'POST /realm/utilities/eta → 200: result.estimatedArrival: 1764410400000 is not in the range of unix-seconds (Utilities: instants unix-seconds)',
    ]);
    expect(checkWire('POST', '/realm/utilities/eta', 200, { error: false, status: 'SUCCESS', data: {} })).toHaveLength(2);
    // a departure at the epoch arrives 33 minutes later: 1980 s is a Unix time too
    expect(checkWire('POST', '/realm/utilities/eta', 200, { ...eta, result: { estimatedArrival: 1980 } })).toEqual([]);
  });

  it('holds pipelines to epoch milliseconds: an ISO instant anywhere in the answer is drift', () => {
    expect(checkWire('GET', '/v1/pipelines/executions/e1', 200, { error: false, status: 'SUCCESS', data: { startedAt: 1_764_406_800_000 } })).toEqual([]);
    expect(checkWire('GET', '/v1/pipelines/executions/e1', 200, { error: false, status: 'SUCCESS', data: { stages: [{ completedAt: '2026-11-29T01:18:23.068Z' }] } })).toEqual([
      'GET /v1/pipelines/executions/e1 → 200: data.stages.0.completedAt: "2026-11-29T01:18:23.068Z" is not a number of epoch-ms (Pipelines: instants epoch-ms)',
    ]);
    // what a caller wrote comes back as written
    expect(checkWire('GET', '/v1/pipelines/executions/e1', 200, { error: false, status: 'SUCCESS', data: { metadata: { shipAt: '2026-11-29T01:18:23Z' } } })).toEqual([]);
  });

  it('holds LSP record stamps to "at {timestamp number (epoch milliseconds), timezone string}" and the rest to ISO-8601', () => {
    const area = { added: { at: { timestamp: 1_764_406_800_000, timezone: 'Africa/Nairobi' }, by: 'u1' } };
    expect(checkWire('GET', '/v1/lsp/coverage/areas/a1', 200, { error: false, status: 'COVERAGE::FETCHED', area })).toEqual([]);
    expect(checkWire('GET', '/v1/lsp/coverage/areas/a1', 200, { error: false, status: 'COVERAGE::FETCHED', area: { added: { at: { timestamp: '2026-11-29T10:00:00.000Z' } } } })).toHaveLength(1);
    // a pricing rule's validity is a calendar day (docs/lsp.md: "ISO 8601 dates"), not an instant
    expect(checkWire('GET', '/v1/lsp/hubs/h1', 200, { error: false, status: 'SUCCESS', data: { pricing: [{ validFrom: '2026-01-01', validUntil: '2026-12-31' }] } })).toEqual([]);
    expect(checkWire('GET', '/v1/lsp/fleets/f1', 200, { error: false, status: 'SUCCESS', data: { updatedAt: 1_764_406_800_000 } })).toEqual([
      'GET /v1/lsp/fleets/f1 → 200: data.updatedAt: 1764406800000 is not ISO-8601 UTC with milliseconds (LSP fleets, warehouses, hubs and agents: instants iso)',
    ]);
  });

  it('holds every `pagination` to the spec’s {page, limit, total, pages, hasNext, hasPrevious}, consistent with itself', () => {
    const list = (pagination: object) => ({ error: false, status: 'SUCCESS', data: [], pagination });
    // 45 items in pages of 20: 3 pages; page 1 has a next and no previous
    expect(checkWire('GET', '/v1/lsp/fleets', 200, list({ page: 1, limit: 20, total: 45, pages: 3, hasNext: true, hasPrevious: false }))).toEqual([]);
    expect(checkWire('GET', '/v1/lsp/fleets', 200, list({ page: 3, limit: 20, total: 45, pages: 3, hasNext: true, hasPrevious: true }))).toEqual([
      'GET /v1/lsp/fleets → 200: pagination.hasNext: true on page 3 of 3',
    ]);
    expect(checkWire('GET', '/v1/lsp/fleets', 200, list({ page: 1, limit: 20, total: 45 }))).toHaveLength(3);
    // nested (a FAQ's versions)
    expect(checkWire('GET', '/v1/lsps/A/faqs/F', 200, { error: false, status: 'SUCCESS', data: { versions: { items: [], pagination: { page: 1, limit: 20, total: 0, pages: 1 } } } })).toHaveLength(2);
  });

  it('lets queries answer their fields beside `error` and `status`, and NO_RESULTS as a success ("NO_RESULTS | 200")', () => {
    expect(checkWire('POST', '/v1/queries/discovery/discover', 200, { error: false, status: 'NO_RESULTS', services: [], total: 0, executionTimeMs: 3 })).toEqual([]);
    expect(checkWire('POST', '/v1/queries/discovery/discover', 200, { error: false, status: 'FOUND', services: [] })).toHaveLength(1);
  });
});
