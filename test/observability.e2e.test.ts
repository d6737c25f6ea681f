import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { api, bridgeUrl, gatewayUrl, newUser } from './helpers.js';
import { startPlatform, type OwnPlatform } from './support/platform.js';
import { metricsOf, origin, sample, sampleSum, scrapeAll } from './support/scrape.js';

/**
 * What operators see (docs/operations.md): request ids, access-log lines, W3C trace context, OpenTelemetry export and
 * Prometheus metrics on every process, through the real processes of the suite's topology.
 */

describe('metrics on every process of the suite platform', () => {
  it('the bridge counts each REST request under its route template and status; an unknown path under "unmatched", its text nowhere', async () => {
    const user = await newUser();
    const before = sampleSum(await scrapeAll(bridgeUrl()), 'http_request_duration_seconds_count', { service: 'bridge', route: 'GET /v1/users/me', status: '200' }) ?? 0;
    for (let i = 0; i < 3; i++) expect((await api('GET', '/v1/users/me', { token: user.accessToken })).status).toBe(200);
    const secret = `no-such-${randomBytes(6).toString('hex')}`;
    expect((await api('GET', `/v1/${secret}`)).status).toBe(404);
    const texts = await scrapeAll(bridgeUrl());
    const text = texts.join('\n');
    // other files run at the same time and call the same route: at least our three
    expect(sampleSum(texts, 'http_request_duration_seconds_count', { service: 'bridge', route: 'GET /v1/users/me', status: '200' })).toBeGreaterThanOrEqual(before + 3);
    expect(sampleSum(texts, 'http_request_duration_seconds_count', { service: 'bridge', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/@example\.test/);
    // every route label is a template of the route table (or one of the fixed names)
    const routesSeen = new Set([...text.matchAll(/service="bridge"[^}]*route="([^"]+)"/g)].map((m) => m[1]));
    for (const r of routesSeen) expect(r).toMatch(/^(unmatched|(GET|POST|PATCH|PUT|DELETE) \/[\w/:.-]*)$/);
  });

  it("the bridge's own pages (the tracking page, its assets, the OpenAPI document) are counted under their express templates, the token in a tracking link nowhere", async () => {
    const token = `otl_${randomBytes(12).toString('hex')}`;
    expect((await fetch(`${bridgeUrl()}/track/${token}`)).status).toBe(404); // an unknown link: the 404 page
    expect((await fetch(`${bridgeUrl()}/track/assets/leaflet.js`)).status).toBe(200);
    expect((await fetch(`${bridgeUrl()}/openapi.json`)).status).toBe(200);
    const texts = await scrapeAll(bridgeUrl());
    expect(sampleSum(texts, 'http_request_duration_seconds_count', { service: 'bridge', route: 'GET /track/:token', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(sampleSum(texts, 'http_request_duration_seconds_count', { service: 'bridge', route: 'GET /track/assets/:file', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sampleSum(texts, 'http_request_duration_seconds_count', { service: 'bridge', route: 'GET /openapi.json', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(texts.join('\n')).not.toContain(token);
  });

  it('the gateway times its subgraph fetches and counts its operations by name; the rate-limit and credential-cache counters are there', async () => {
    const user = await newUser();
    const res = await fetch(gatewayUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` },
      body: JSON.stringify({ query: 'query WhoAmIForMetrics { me { id } }' }),
    });
    expect(res.status).toBe(200);
    const texts = await scrapeAll(gatewayUrl());
    const text = texts.join('\n');
    expect(sampleSum(texts, 'http_request_duration_seconds_count', { service: 'gateway', route: 'WhoAmIForMetrics', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sampleSum(texts, 'gateway_subgraph_fetch_duration_seconds_count', { subgraph: 'users' })).toBeGreaterThanOrEqual(1);
    expect(sampleSum(texts, 'credential_cache_lookups_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^# TYPE rate_limit_refusals_total counter$/m);
    expect(sample(text, 'db_pool_connections', { pool: 'ratelimit', state: 'total' })).toBeGreaterThanOrEqual(0);
  });

  it("a subgraph's endpoint reports its pool and its SQL latency, and the event consumers their lag", async () => {
    const text = await metricsOf(origin(inject('usersUrl')));
    expect(sample(text, 'db_pool_connections', { pool: 'users', state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_query_duration_seconds_count', { schema: 'users' })).toBeGreaterThan(0);
    expect(text).toMatch(/^# TYPE process_resident_memory_bytes gauge$/m);
    const utilities = await metricsOf(`http://127.0.0.1:${inject('platformEnv').UTILITIES_PORT}`);
    expect(utilities).toMatch(/^event_consumer_lag_seconds\{consumer="[^"]+",topic="lsp\.vehicle"\} \d/m);
  });
});

describe('request ids, access logs, trace context and OpenTelemetry (a platform of its own, JSON logs, OTLP to a receiver here)', () => {
  let platform: OwnPlatform;
  let receiver: Server;
  const spans: { traceId: string; name: string; parentSpanId?: string }[] = [];
  const METRICS_TOKEN = 'metrics-token-for-the-test-0123';

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (req.url === '/v1/traces') {
          const doc = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: { traceId: string; name: string; parentSpanId?: string }[] }[] }[] };
          for (const rs of doc.resourceSpans) for (const ss of rs.scopeSpans) spans.push(...ss.spans);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as { port: number }).port;
    platform = await startPlatform({
      env: {
        LOG_FORMAT: 'json',
        METRICS_TOKEN,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
    });
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
    await new Promise((r) => receiver?.close(r));
  });

  /** The platform's JSON log lines whose text holds `text` (a process's prefix before each line's JSON dropped). */
  const jsonLinesWith = (text: string) =>
    platform
      .output()
      .split('\n')
      .map((l) => l.slice(l.indexOf('{')))
      .filter((l) => l.startsWith('{') && l.includes(text))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  /** The platform's JSON log lines that carry `reqId`. */
  const linesOf = (reqId: string) => jsonLinesWith(reqId).filter((l) => l.reqId === reqId);

  it("the client's request id comes back, and every log line of that request carries it, one access line per process with method, template, status, duration and principal kind, and no e-mail", async () => {
    const user = await newUser({}, platform.bridgeUrl);
    const reqId = `support-ticket.42:${randomBytes(4).toString('hex')}`;
    const me = await api('GET', '/v1/users/me', { base: platform.bridgeUrl, token: user.accessToken, headers: { 'x-request-id': reqId } });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-request-id')).toBe(reqId);
    // one access line per process the request crossed: the bridge (one process), or bridge, gateway and users (split)
    const crossed = process.env.PLATFORM_TOPOLOGY === 'split' ? ['bridge', 'gateway', 'users'] : ['bridge'];
    await expect
      .poll(() =>
        linesOf(reqId)
          .filter((l) => l.msg === 'request')
          .map((l) => l.service)
          .sort(),
      )
      .toEqual(crossed);
    const access = linesOf(reqId).filter((l) => l.msg === 'request');
    const bridgeLine = access.find((l) => l.service === 'bridge')!;
    expect(bridgeLine).toMatchObject({ method: 'GET', route: 'GET /v1/users/me', status: 200 });
    expect(typeof bridgeLine.ms).toBe('number');
    // the credential's kind: on the bridge's line in one process (the gateway runs in it), on the gateway's when split
    expect(access.filter((l) => l.principal === 'user').map((l) => l.service)).toEqual([crossed.length > 1 ? 'gateway' : 'bridge']);
    expect(JSON.stringify(linesOf(reqId))).not.toContain(user.email);
  });

  it('a malformed request id is replaced by a generated UUID', async () => {
    for (const bad of ['has spaces in it', 'x'.repeat(129), 'semi;colon']) {
      const res = await api('GET', '/v1/users/me', { base: platform.bridgeUrl, headers: { 'x-request-id': bad } });
      expect(res.status).toBe(401);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    const gw = await fetch(platform.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-request-id': 'gw-direct-1' }, body: '{"query":"{ __typename }"}' });
    expect(gw.status).toBe(200);
    expect(gw.headers.get('x-request-id')).toBe('gw-direct-1');
  });

  it("a client's traceparent is continued: the access lines and the exported spans carry its trace id, the bridge's span a child of the client's", async () => {
    const traceId = randomBytes(16).toString('hex');
    const parent = randomBytes(8).toString('hex');
    const reqId = `trace-${randomBytes(4).toString('hex')}`;
    const res = await api('GET', '/v1/users/me', { base: platform.bridgeUrl, headers: { 'x-request-id': reqId, traceparent: `00-${traceId}-${parent}-01` } });
    expect(res.status).toBe(401);
    await expect.poll(() => linesOf(reqId).filter((l) => l.msg === 'request').length).toBeGreaterThanOrEqual(1);
    for (const line of linesOf(reqId).filter((l) => l.msg === 'request')) expect(line.traceId).toBe(traceId);
    await expect.poll(() => spans.filter((s) => s.traceId === traceId).map((s) => s.name), { timeout: 10_000 }).toContain('GET GET /v1/users/me');
    expect(spans.find((s) => s.name === 'GET GET /v1/users/me' && s.traceId === traceId)?.parentSpanId).toBe(parent);
  });

  it('with METRICS_TOKEN set, /metrics needs it: 401 without, 200 with', async () => {
    const res = await fetch(`${platform.bridgeUrl}/metrics`);
    expect(res.status).toBe(401);
    const text = await metricsOf(platform.bridgeUrl, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
  });

  it('the reference data loads once per process: one "reference data loaded" line in one process, one each from utilities, commerce and queries when split', async () => {
    const loaded = () => jsonLinesWith('reference data loaded').filter((l) => l.msg === 'reference data loaded');
    const expected = process.env.PLATFORM_TOPOLOGY === 'split' ? 3 : 1;
    await expect.poll(() => loaded().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(expected);
    // a second run would end within a second of the first (the data sets are shared; only the sample sea path is recomputed)
    await new Promise((r) => setTimeout(r, 3_000));
    expect(loaded().length).toBe(expected);
    if (expected === 3)
      expect(
        loaded()
          .map((l) => l.service)
          .sort(),
      ).toEqual(['commerce', 'queries', 'utilities']);
  }, 90_000);
});
