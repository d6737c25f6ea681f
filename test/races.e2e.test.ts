import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD, PDF, PNG, api, bridgeUrl, form, gql, newUser, until, type ApiResponse, type TestUser } from './helpers.js';
import { ORIGIN, buildWorld, failureOf, headersOf, pathOf, routeKey, routes, type RouteSpec, type World } from './hardening-fixtures.js';
import { realisticBody, type BodyFixtures } from './support/route-bodies.js';
import { accept, allowOrigins, callA, createConnector, invite, issueToken, setupProvider, uniqueName, type Kind } from './workspace-helpers.js';
import { areaBody, facilityBody, parkingBody, ruleBody, uniqueCode, vehicleBody } from './lsp-helpers.js';
import { ORIGIN as IOT_ORIGIN, newImei, trackerRule } from './iot-helpers.js';
import { SET_B, faqBody, joinAsDeveloper } from './dev-helpers.js';

/**
 * Races over the route table (issue 31; docs/contract.md "Concurrency"): every non-GET route of the bridge, generated
 * from `routes` as test/fuzz-routes.e2e.test.ts is, gets K requests at the same moment, and the answers and what is
 * left are judged by the route's class (the table below; a route without an entry fails the first test, naming it):
 *
 * - **state-move, delete, claim** (K identical requests): exactly one succeeds; the K−1 others answer exactly what one
 *   more identical call answers after the race (status and error code), which must be a 4xx, unless the docs say the
 *   route is idempotent (then every call succeeds).
 * - **create-unique-key** (K identical requests naming one key): one 201, K−1 409 CONFLICT, and 409 again after.
 * - **create** (K bodies): all accepted.
 * - **edit** (K different bodies): all accepted, none lost: the record read back holds one of the bodies sent (or, for
 *   a collection that grows or a map that merges, every one of them); **versioned-edit** (FAQs) also advances version
 *   and revision by exactly the number accepted.
 * - **replay, compute** (K identical requests): each answers what one more identical call answers after the race.
 *
 * No answer is ever a 5xx. Events: the race's events are read from the workspace's public feed (paged with the `next`
 * cursor, kept opaque) and from the platform's event log (`events.log`, the internal topics the feed does not show):
 * a race with one success publishes no event twice; a race of K accepted creates or edits publishes K times what one
 * sequential call published just before it (the calibration call).
 *
 * Races run route by route, on one world (test/hardening-fixtures.ts) where that is safe; a destructive route (and
 * any route whose record a race would leave unusable) gets a fresh record of its own. Failures are collected over
 * all routes and listed together, each with the K answers and the follow-up answer. RACES_ONLY=<regular expression>
 * races only the routes whose `METHOD /path` matches it.
 */

const K = 8;
/** RACES_ONLY=<regular expression>: race only the routes whose `METHOD /path` matches (while working on some). */
const ONLY = process.env.RACES_ONLY ? new RegExp(process.env.RACES_ONLY) : undefined;
/** The body index of the sequential call made before a race (counted classes) and of the one made after it. */
const CALIBRATION = -1;
const FOLLOW_UP = K;

type RaceClass = 'create-unique-key' | 'create' | 'state-move' | 'versioned-edit' | 'edit' | 'delete' | 'claim' | 'replay' | 'compute';

/** What one race needs, made fresh for it by its entry's `prepare`. */
interface Race {
  /** Path parameters (test/hardening-fixtures.ts `pathOf` overrides). */
  params?: Record<string, string>;
  /** Headers of each request (default: the route's credential scheme in the world, `headersOf`). */
  headers?: () => Promise<Record<string, string>>;
  /** The body of request `i` (0…k−1 the race, CALIBRATION, FOLLOW_UP). Default: the route's realistic body. */
  body?: (i: number) => unknown;
  /** How many at once when a documented per-action limit is lower than K (the limit, less the calibration call). */
  k?: number;
  /** Workspaces whose event log counts (default: the world's). */
  workspaces?: string[];
  /** Edits: the record after the race; the value read must be one of `sent(i)` of the accepted requests (or every one, `all`). */
  readBack?: { read: () => Promise<unknown>; sent: (i: number) => unknown; all?: boolean };
  /** Versioned edits: the record's version label and revision. */
  version?: () => Promise<{ version: string; revision: number }>;
  /**
   * Counted races whose events are not K times the calibration call's (an edit that may repeat the state it finds,
   * reports folded into one ingestion batch): what the race's events of the log must show instead.
   */
  events?: (log: LogEvent[], accepted: number) => string | undefined;
  /**
   * Events another family derives from the change later, by consuming the log (a member's profile change becomes a
   * `user.updated` of each of their workspaces): the events are read once the log has been still this many ms.
   */
  derived?: number;
}

/** An event of the log as a race reads it. */
interface LogEvent {
  topic: string;
  key: string;
  payload: any;
}

interface Entry {
  class: RaceClass;
  /** The race's fixtures: a fresh record for a destructive route, the K bodies of an edit. */
  prepare?: (f: Fixtures) => Promise<Race>;
}

// ───────────────────────────── fixtures ─────────────────────────────

async function must(res: ApiResponse | Promise<ApiResponse>, status: number, what: string): Promise<any> {
  const r = await res;
  if (r.status !== status) throw new Error(`set-up: ${what}: expected ${status}, got ${r.status} ${JSON.stringify(r.body).slice(0, 400)}`);
  return r.body;
}

const setA = (token: string) => ({ 'svc-auth-token': token, 'svc-user-agent': 'races/1.0', 'svc-auth-device': 'ws-device-1' });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function login(user: TestUser, deviceId = 'ws-device-1'): Promise<{ accessToken: string; refreshToken: string }> {
  return must(api('POST', '/v1/auth/login', { body: { email: user.email, password: PASSWORD, deviceId } }), 200, 'login');
}

/** A value made once, on first use. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= make());
}

/** Records made for the races, on the world's tenant (each call makes a new one). */
class Fixtures {
  constructor(readonly w: World) {}

  user = (method: string, path: string, body?: unknown) => this.w.userToken().then((t) => callA(method, path, t, body));
  lsp = (method: string, path: string, body?: unknown) => this.w.lspToken().then((t) => callA(method, path, t, body));
  lspB = (method: string, path: string, body?: unknown) => this.w.lspToken().then((t) => api(method, path, { body, headers: SET_B(t) }));
  dev = (method: string, path: string, body?: unknown) => this.w.devToken().then((t) => api(method, path, { body, headers: SET_B(t) }));
  iot = (method: string, path: string, body?: unknown) => this.w.iotspToken().then((t) => api(method, path, { body, headers: { ...setA(t), origin: IOT_ORIGIN } }));
  pl = (method: string, path: string, body?: unknown) => this.w.pipelinesKey().then((k) => api(method, `/v1/pipelines${path}`, { body, headers: bearer(k) }));

  get bodies(): BodyFixtures {
    const w = this.w;
    return {
      refreshUser: { email: w.member.email, refreshToken: w.member.refreshToken },
      connector: { id: w.connectorId, secret: w.connectorSecret, accessToken: w.accessToken },
      invitation: { id: '00000000-0000-4000-8000-000000000000', token: 'inv_none' },
      ids: { hubs: w.hubId, warehouses: w.warehouseId, areas: w.areaId, vehicles: w.vehicleId, rules: w.ruleReference, topics: w.topicReference },
      iotConnectorId: w.iotConnectorId,
    };
  }

  // workspace family
  async workspace(): Promise<string> {
    return (await must(this.user('POST', '/v1/workspace', { name: uniqueName('Race WS') }), 201, 'workspace')).data.workspace.id;
  }
  async provider(kind: Kind): Promise<string> {
    return (await setupProvider(await this.w.userToken(), this.w.wid, kind, { type: kind === 'lsp' ? 'CARRIER' : 'VENDOR' })).code;
  }
  async connector(kind: Kind = 'lsp'): Promise<{ connectorId: string; secret: string }> {
    return createConnector(await this.w.userToken(), this.w.wid, kind, this.w.providers[kind].code, { name: uniqueName('Race connector') });
  }
  /** A new member of the world's workspace (a CSP invitation accepted by a new user). */
  async member(role = 'coordinator'): Promise<TestUser> {
    const user = await newUser({ name: 'Race member' });
    const inv = await invite(await this.w.cspToken(), role, { name: uniqueName('Race member') });
    await accept(user, inv.token);
    return user;
  }
  async apiKey(): Promise<string> {
    return (await must(this.user('POST', `/v1/workspace/${this.w.wid}/api-keys`, { name: uniqueName('Race key') }), 201, 'api key')).data.apiKey.id;
  }
  async hook(): Promise<string> {
    const body = { url: 'http://127.0.0.1:9/races', types: ['order.rated'], description: uniqueName('Race hook') };
    return (await must(this.user('POST', `/v1/workspace/${this.w.wid}/webhooks`, body), 201, 'webhook endpoint')).data.endpoint.id;
  }
  /** An access token issued by the world's connector to the origin its access allows. */
  async accessToken(): Promise<string> {
    return (await must(issueToken(this.w.connectorId, this.w.connectorSecret, ORIGIN), 201, 'access token')).data.accessToken;
  }

  // LSP family
  async fleet(): Promise<string> {
    return (await must(this.lsp('POST', '/v1/lsp/fleets/create', facilityBody()), 201, 'fleet')).data.id;
  }
  async vehicle(fleetId = this.w.fleetId): Promise<string> {
    return (await must(this.lsp('POST', `/v1/lsp/fleets/${fleetId}/vehicles/add`, vehicleBody()), 201, 'vehicle')).data.id;
  }
  async site(kind: 'warehouses' | 'hubs'): Promise<string> {
    return (await must(this.lsp('POST', `/v1/lsp/${kind}/create`, facilityBody({ type: kind === 'hubs' ? 'DISTRIBUTION' : 'FULFILLMENT' })), 201, kind)).data.id;
  }
  async parking(): Promise<string> {
    return (await must(this.lsp('POST', '/v1/lsp/fleet/parking/facilities', parkingBody()), 201, 'parking')).data.id;
  }
  async area(): Promise<string> {
    return (await must(this.lsp('POST', '/v1/lsp/coverage/areas/last_mile', areaBody()), 201, 'area')).area.id;
  }
  async route(): Promise<string> {
    const body = { name: uniqueName('Route'), code: uniqueCode('ROUTE'), reach: 'NATIONAL', transit: { mode: 'GROUND', time: { min: { hour: 6 }, max: { hour: 12 } } } };
    return (await must(this.lsp('POST', '/v1/lsp/coverage/routes/line_haul', body), 201, 'route')).route.id;
  }
  /** A new agent of the world's LSP, and the user behind it. */
  async agent(): Promise<{ agentId: string; user: TestUser }> {
    const inv = await must(this.lsp('POST', '/v1/lsp/agents/invitations', { name: uniqueName('Race agent'), phone: '+254722000444' }), 201, 'agent invitation');
    const user = await newUser({ name: 'Race agent' });
    const agent = await must(callA('POST', '/v1/lsp/agents/invitations/accept', user.accessToken, { token: inv.data.token }), 201, 'accept agent invitation');
    return { agentId: agent.data.id, user };
  }
  /** A place by address (docs/lsp-coverage.md "Points"): a link or transit point of its own. */
  static stop = (i: number) => ({ type: 'STOP', address: { city: `Race town ${i}`, country: 'KE' }, description: `Race stop ${i}` });

  // commerce family: clients of the world's CSP (a connector allowing each one's origin), each with a fresh intent
  private shop = once(async () => (await this.connector('csp')).connectorId);
  private origins: string[] = [];
  async client(): Promise<{ origin: string; token: string; ptc: string; headers: Record<string, string> }> {
    const shop = await this.shop();
    if (this.origins.length >= 50) throw new Error('set-up: the races shop allows 50 origins');
    const origin = `https://race-${this.origins.length}-${Date.now().toString(36)}.races.example`;
    this.origins.push(origin);
    await allowOrigins(await this.w.userToken(), this.w.wid, 'csp', this.w.providers.csp.code, shop, this.origins);
    const intent = await must(api('POST', '/v1/order/intent', { body: { clientId: 'races' }, headers: { origin } }), 201, 'intent');
    const headers = { origin, 'x-intent-token': intent.data.token };
    const stops = [
      { type: 'pickup', coordinates: [51.92, 4.4869] },
      { type: 'dropoff', coordinates: [51.9175, 4.5256] },
    ];
    await must(api('PUT', '/v1/order/waypoints/add', { body: stops, headers }), 201, 'waypoints');
    const pkg = await must(api('PUT', '/v1/order/packages/add', { body: [{ waypointNo: 1, category: 'PARCEL', weight: 1 }], headers }), 201, 'package');
    return { origin, token: intent.data.token, ptc: pkg.data[0].ptc, headers };
  }
  /** A quote of the world's LSP for a client's intent (quotes come from the LSP's coverage, made a moment ago). */
  async quote(headers: Record<string, string>): Promise<string> {
    const offers = await until(
      () => api('GET', '/v1/order/operators', { headers }),
      (r) => r.status === 200 && r.body.data?.some((o: any) => o.lsp?.code === this.w.providers.lsp.code || o.lspCode === this.w.providers.lsp.code || o.quoteId),
    );
    const quoteId = offers.body.data?.[0]?.quoteId;
    if (!quoteId) throw new Error(`set-up: no quote: ${JSON.stringify(offers.body).slice(0, 400)}`);
    return quoteId;
  }
  /** A client's order placed with the world's LSP (card payment). */
  async placed(): Promise<{ headers: Record<string, string>; reference: string }> {
    const c = await this.client();
    const quoteId = await this.quote(c.headers);
    const order = await must(api('POST', '/v1/order/service', { body: { quoteId, payment: { mode: 'card' } }, headers: c.headers }), 201, 'place');
    return { headers: c.headers, reference: order.data.reference };
  }
  /** A placed order assigned to a new agent and moved by them to DELIVERED (docs/orders.md). */
  async delivered(): Promise<{ headers: Record<string, string>; reference: string }> {
    const order = await this.placed();
    const agent = await this.agent();
    const code = this.w.providers.lsp.code;
    // (the commerce family learns agents from the LSP family's events: the assignment waits for the copy)
    const assigned = await until(
      () => this.lspB('POST', `/v1/lsps/${code}/orders/${order.reference}/assign/${agent.agentId}`),
      (r) => r.status === 200,
    );
    await must(assigned, 200, 'assign the agent');
    for (const to of ['PICKED_UP', 'IN_TRANSIT', 'DELIVERED']) {
      const res = await gql(`mutation($r: String!, $to: OrderMove!) { moveAssignedOrder(reference: $r, to: $to) { status } }`, { r: order.reference, to }, agent.user.accessToken);
      if (res.body.errors || res.body.data?.moveAssignedOrder?.status !== to) throw new Error(`set-up: move to ${to}: ${JSON.stringify(res.body)}`);
    }
    return order;
  }

  // DEV family
  async faq(): Promise<string> {
    return (await must(this.lspB('POST', `/v1/lsps/${this.w.providers.lsp.code}/faqs`, faqBody()), 201, 'faq')).data.reference;
  }
  async faqNow(reference: string): Promise<any> {
    return (await must(this.lspB('GET', `/v1/lsps/${this.w.providers.lsp.code}/faqs/${reference}`), 200, 'read faq')).data;
  }
  /** K hubs and warehouses of the world's LSP, which the DEV family's copy of the network knows. */
  contexts = once(async () => {
    const out: { type: 'HUB' | 'WAREHOUSE'; id: string }[] = [];
    for (let i = 0; i < K; i++) out.push(i % 2 ? { type: 'WAREHOUSE', id: await this.site('warehouses') } : { type: 'HUB', id: await this.site('hubs') });
    return out;
  });
  async developer(): Promise<string> {
    const dev = { owner: undefined as never, wid: this.w.wid, code: this.w.providers.dev.code, token: await this.w.devToken() };
    return (await joinAsDeveloper(dev)).record.id;
  }
  async devInvitation(): Promise<string> {
    const body = { phone: '+254722000555', name: uniqueName('Race developer'), operator: { role: 'DEVELOPER' } };
    return (await must(this.dev('POST', `/v1/devs/${this.w.providers.dev.code}/developers/invitations`, body), 201, 'developer invitation')).data.invitation.id;
  }

  // IoT family
  async rule(): Promise<string> {
    return (await must(this.iot('POST', '/v1/iotsp/rules/add', trackerRule({ tags: ['race'] })), 201, 'rule')).data.reference;
  }
  async topic(): Promise<string> {
    return (await must(this.iot('POST', '/v1/iotsp/topics/register', { path: `race/${uniqueCode('T').toLowerCase()}/+/report`, qos: 1 }), 201, 'topic')).data.reference;
  }
  async device(): Promise<{ reference: string; imei: string }> {
    const imei = newImei();
    const body = { externalId: imei, rule: this.w.ruleReference, topic: this.w.topicReference, name: 'Race tracker' };
    return { reference: (await must(this.iot('POST', '/v1/iotsp/devices', body), 201, 'device')).data.device.reference, imei };
  }

  // pipelines family
  async template(): Promise<string> {
    const body = { name: uniqueName('Race template'), version: '1.0.0', stages: [{ name: 'pause', action: 'WAIT', wait: { type: 'DURATION', duration: 10 } }] };
    return (await must(this.pl('POST', '/templates', body), 201, 'template')).data.id;
  }
  /** A pipeline of `stages` (deployed from a published template of its own). */
  async pipeline(stages: unknown[] = [{ name: 'pause', action: 'WAIT', wait: { type: 'DURATION', duration: 10 } }]): Promise<string> {
    const t = await must(this.pl('POST', '/templates', { name: uniqueName('Race template'), version: '1.0.0', stages }), 201, 'template');
    await must(this.pl('POST', `/templates/${t.data.id}/publish`), 200, 'publish');
    return (await must(this.pl('POST', '/deploy', { templateId: t.data.id, name: uniqueName('Race pipeline') }), 201, 'deploy')).data.id;
  }
  async execution(pipelineId: string): Promise<string> {
    return (await must(this.pl('POST', `/${pipelineId}/execute`, { metadata: { race: true } }), 201, 'execute')).data.id;
  }
  /**
   * An execution that ended FAILED: one WEBHOOK stage, without retries, to a local port that accepts and never answers
   * (127.0.0.1 is allowed in the suite), so each run of it takes its 3 s timeout: an execution retried by a race is
   * still RUNNING when the call after the race comes.
   */
  failed = once(async () => {
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const pipelineId = await this.pipeline([{ name: 'notify', action: 'WEBHOOK', webhook: { url: `http://127.0.0.1:${port}/races`, method: 'POST', timeout: 3000 } }]);
    const executionId = await this.execution(pipelineId);
    const ended = await until(
      () => this.pl('GET', `/executions/${executionId}`),
      (r) => r.status === 200 && ['FAILED', 'TIMEOUT', 'SUCCESS'].includes(r.body.data.status),
      30_000,
      200,
    );
    if (!['FAILED', 'TIMEOUT'].includes(ended.body.data?.status)) throw new Error(`set-up: the webhook execution did not fail: ${JSON.stringify(ended.body).slice(0, 400)}`);
    const deliveries = await must(this.pl('GET', `/webhooks?executionId=${executionId}`), 200, 'webhook deliveries');
    const delivery = deliveries.data.find((d: any) => d.status !== 'DELIVERED');
    if (!delivery) throw new Error(`set-up: no failed webhook delivery: ${JSON.stringify(deliveries.data).slice(0, 400)}`);
    return { pipelineId, executionId, deliveryId: delivery.id as string };
  });
}

// ───────────────────────────── the classification ─────────────────────────────

/** The signed-in user's settings and custom metadata (the graph: REST's `GET /v1/users/me` does not carry them). */
async function me(token: string): Promise<any> {
  const res = await gql('{ me { notificationSettings { email { marketing } } privacySettings { profileVisibility } customMetadata { customFields } } }', {}, token);
  if (res.body.errors || !res.body.data) throw new Error(`read-back: me: ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body.data.me;
}

/** A pipeline stage that waits ten minutes (its executions stay RUNNING through a race). */
const LONG_WAIT = { name: 'long', action: 'WAIT', wait: { type: 'DURATION', duration: 600_000 } };

/** Edits whose K bodies differ in one field; the read-back must hold one of them. */
function editOf(read: () => Promise<unknown>, make: (i: number) => unknown, sentValue: (i: number) => unknown = (i) => i): Pick<Race, 'body' | 'readBack'> {
  return { body: make, readBack: { read, sent: sentValue } };
}
const label = (what: string, i: number) => `${what} ${i === CALIBRATION ? 'calibration' : i === FOLLOW_UP ? 'after' : i}`;

/** Reads a generic-envelope record: `data`. */
const dataOf = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`read-back: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body.data ?? res.body;
};

const PROVIDER_ROUTES = (kind: Kind): Record<string, Entry> => ({
  [`POST /v1/:wid/${kind}/setup`]: { class: 'create' },
  [`PATCH /v1/:wid/${kind}/:xcode`]: {
    class: 'edit',
    prepare: async (f) => ({
      ...editOf(
        async () => dataOf(await f.user('GET', `/v1/${f.w.wid}/${kind}/${f.w.providers[kind].code}`)).name,
        (i) => ({ name: label(`Race ${kind}`, i) }),
        (i) => label(`Race ${kind}`, i),
      ),
    }),
  },
  [`DELETE /v1/:wid/${kind}/:xcode`]: { class: 'delete', prepare: async (f) => ({ params: { xcode: await f.provider(kind) } }) },
});

/** Performance figures (docs/queries.md "Ranges"), one overall score per request. */
const performance = (i: number) => ({ onTimeDeliveryRate: 0.9, orderAccuracy: 0.95, averageProcessingTime: 3600, damageRate: 0.01, overallScore: 50 + i });
const performanceOf = async (f: Fixtures, base: string) => {
  const res = await api('GET', `${base}/performance/${f.w.providers.lsp.code}/${f.w.warehouseId}`, { headers: { ...bearer(await f.w.queriesKey()), 'X-Workspace-ID': f.w.wid } });
  return dataOf(res).performance?.overallScore ?? dataOf(res).overallScore;
};

/** The FAQ routes' read-back: the FAQ's version and revision. */
const faqVersion = (f: Fixtures, reference: string) => async () => {
  const faq = await f.faqNow(reference);
  return { version: faq.version as string, revision: faq.revision as number };
};

export const RACES: Record<string, Entry> = {
  // ── authentication and users (each race on a user of its own: per-user limits, sessions it ends) ──
  'POST /v1/auth/register': {
    class: 'create-unique-key',
    prepare: async () => {
      const body = { email: `race-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`, password: PASSWORD, name: 'Race' };
      return { body: () => body, workspaces: [] };
    },
  },
  'POST /v1/auth/login': {
    class: 'create',
    prepare: async () => {
      const user = await newUser({ name: 'Race login' });
      return { body: (i) => ({ email: user.email, password: PASSWORD, deviceId: label('race-device', i).replace(/ /g, '-') }), workspaces: [] };
    },
  },
  'POST /v1/auth/refresh': {
    class: 'claim',
    prepare: async () => {
      const user = await newUser({ name: 'Race refresh' });
      return { body: () => ({ refreshToken: user.refreshToken }), workspaces: [] };
    },
  },
  'POST /v1/auth/logout': {
    class: 'delete',
    prepare: async () => {
      const user = await newUser({ name: 'Race logout' });
      return { headers: async () => bearer(user.accessToken), workspaces: [] };
    },
  },
  'DELETE /v1/auth/sessions/:id': {
    class: 'delete',
    prepare: async () => {
      const user = await newUser({ name: 'Race sessions' });
      const other = await login(user, 'race-other-device');
      const sessions = await must(api('GET', '/v1/auth/sessions', { token: other.accessToken }), 200, 'sessions');
      const session = sessions.sessions.find((s: any) => s.deviceId === 'race-other-device' || s.current) ?? sessions.sessions[0];
      return { params: { id: session.id }, headers: async () => bearer(user.accessToken), workspaces: [] };
    },
  },
  'PATCH /v1/users/me': {
    class: 'edit',
    // the world's member: a member's profile change is a `user.updated` event of the workspace (docs/events.md)
    prepare: async (f) => {
      const token = (await login(f.w.member)).accessToken;
      return {
        headers: async () => bearer(token),
        derived: 2500,
        ...editOf(
          async () => (await must(api('GET', '/v1/users/me', { token }), 200, 'me')).user.name,
          (i) => ({ name: label('Race member', i) }),
          (i) => label('Race member', i),
        ),
      };
    },
  },
  'POST /v1/users/me/avatar': {
    class: 'edit',
    prepare: async () => {
      const user = await newUser({ name: 'Race avatar' });
      return {
        // avatar uploads: 5 a day per user (docs/contract.md "Rate limits"): the calibration call and 4 at once
        k: 4,
        headers: async () => bearer(user.accessToken),
        body: () => form({ file: [PNG, 'image/png', 'a.png'] }),
        workspaces: [],
      };
    },
  },
  'PATCH /v1/users/me/settings/notifications': {
    class: 'edit',
    prepare: async () => {
      const user = await newUser({ name: 'Race notifications' });
      return {
        headers: async () => bearer(user.accessToken),
        workspaces: [],
        ...editOf(
          async () => (await me(user.accessToken)).notificationSettings.email.marketing,
          (i) => ({ email: { enabled: true, marketing: i % 2 === 0 } }),
          (i) => i % 2 === 0,
        ),
      };
    },
  },
  'PATCH /v1/users/me/settings/privacy': {
    class: 'edit',
    prepare: async () => {
      const user = await newUser({ name: 'Race privacy' });
      const visibility = ['public', 'private', 'friends'];
      return {
        headers: async () => bearer(user.accessToken),
        workspaces: [],
        ...editOf(
          async () => String((await me(user.accessToken)).privacySettings.profileVisibility).toLowerCase(),
          (i) => ({ profileVisibility: visibility[(i + 3) % 3] }),
          (i) => visibility[(i + 3) % 3],
        ),
      };
    },
  },
  'POST /v1/users/me/verify': {
    // a second submission while one is pending is 409 (docs/contract.md "Users")
    class: 'create-unique-key',
    prepare: async () => {
      const user = await newUser({ name: 'Race verify' });
      return {
        headers: async () => bearer(user.accessToken),
        body: () => form({ documentType: 'passport', documentFront: [PDF, 'application/pdf', 'doc.pdf'], selfie: [PNG, 'image/png', 'selfie.png'] }),
        workspaces: [],
      };
    },
  },
  'DELETE /v1/users/me': {
    class: 'delete',
    prepare: async () => {
      const user = await newUser({ name: 'Race deletion' });
      return { headers: async () => bearer(user.accessToken), body: () => ({ password: PASSWORD, confirmation: 'DELETE_MY_ACCOUNT' }), workspaces: [] };
    },
  },
  'PATCH /v1/users/me/metadata': {
    // keys given replace, others stay (docs/contract.md "Users"): K different keys at once must all be kept
    class: 'edit',
    prepare: async () => {
      const user = await newUser({ name: 'Race metadata' });
      return {
        headers: async () => bearer(user.accessToken),
        workspaces: [],
        body: (i) => ({ customFields: { [label('race', i).replace(/ /g, '_')]: `value ${i}` } }),
        readBack: {
          read: async () => (await me(user.accessToken)).customMetadata.customFields,
          sent: (i) => [label('race', i).replace(/ /g, '_'), `value ${i}`],
          all: true,
        },
      };
    },
  },

  // ── workspaces ──
  'POST /v1/workspace': { class: 'create' },
  'PATCH /v1/workspace/:wid': {
    class: 'edit',
    prepare: async (f) =>
      editOf(
        async () => dataOf(await f.user('GET', `/v1/workspace/${f.w.wid}`)).workspace.description,
        (i) => ({ description: label('Race description', i) }),
        (i) => label('Race description', i),
      ),
  },
  'DELETE /v1/workspace/:wid': {
    class: 'delete',
    prepare: async (f) => {
      const wid = await f.workspace();
      await setupProvider(await f.w.userToken(), wid, 'lsp', { type: 'CARRIER' });
      return { params: { wid }, workspaces: [wid] };
    },
  },
  'PATCH /v1/workspace/:wid/members/:userId': {
    class: 'edit',
    prepare: async (f) => {
      const user = await f.member();
      const roles = ['MANAGER', 'SUPERVISOR', 'COORDINATOR', 'DEVELOPER'];
      return {
        params: { userId: user.id },
        // (a role the member has already is no change and revokes nothing: one revocation per change, at most one per request)
        events: (log, accepted) => (log.length >= 1 && log.length <= accepted ? undefined : `${log.length} events for ${accepted} accepted role changes`),
        ...editOf(
          async () => dataOf(await f.user('GET', `/v1/workspace/${f.w.wid}/members?limit=100`)).find((m: any) => m.userId === user.id)?.role,
          (i) => ({ role: roles[(i + 4) % 4] }),
          (i) => roles[(i + 4) % 4],
        ),
      };
    },
  },
  'DELETE /v1/workspace/:wid/members/:userId': { class: 'delete', prepare: async (f) => ({ params: { userId: (await f.member()).id } }) },
  'POST /v1/workspace/:wid/api-keys': { class: 'create' },
  'DELETE /v1/workspace/:wid/api-keys/:id': { class: 'delete', prepare: async (f) => ({ params: { id: await f.apiKey() } }) },
  ...PROVIDER_ROUTES('csp'),
  ...PROVIDER_ROUTES('dev'),
  ...PROVIDER_ROUTES('lsp'),
  ...PROVIDER_ROUTES('iotsp'),

  // ── connectors (a fresh connector per race: the world's issues the access tokens other races use) ──
  'POST /v1/:wid/:ctype/:xcode/connectors': { class: 'create' },
  'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/access': {
    class: 'edit',
    prepare: async (f) => {
      const id = (await f.connector()).connectorId;
      const origin = (i: number) => `https://race-${i === CALIBRATION ? 'c' : i}.access.example`;
      return {
        params: { id },
        ...editOf(
          async () => (await f.user('GET', `/v1/${f.w.wid}/lsp/${f.w.providers.lsp.code}/connectors/${id}`)).body.connector.origins[0],
          (i) => ({ origins: [origin(i)] }),
          origin,
        ),
      };
    },
  },
  'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/secret/rotate': { class: 'edit', prepare: async (f) => ({ params: { id: (await f.connector()).connectorId } }) },
  'PUT /v1/:wid/:ctype/:xcode/connectors/:id/config': {
    class: 'edit',
    prepare: async (f) => {
      const id = (await f.connector()).connectorId;
      const version = (i: number) => `v${i + 2}`;
      return {
        params: { id },
        ...editOf(
          async () => (await f.user('GET', `/v1/${f.w.wid}/lsp/${f.w.providers.lsp.code}/connectors/${id}`)).body.connector.config.version,
          (i) => ({ protocol: 'http1', version: version(i), scope: ['orders:read'], auth: 'external' }),
          version,
        ),
      };
    },
  },
  'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/config': {
    class: 'edit',
    prepare: async (f) => {
      const id = (await f.connector()).connectorId;
      const scope = (i: number) => `orders:race${i + 2}`;
      return {
        params: { id },
        ...editOf(
          async () => (await f.user('GET', `/v1/${f.w.wid}/lsp/${f.w.providers.lsp.code}/connectors/${id}`)).body.connector.config.scope?.[0],
          (i) => ({ scope: [scope(i)] }),
          scope,
        ),
      };
    },
  },
  'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/:action': { class: 'state-move', prepare: async (f) => ({ params: { id: (await f.connector()).connectorId, action: 'disable' } }) },
  'PATCH /v1/:wid/:ctype/:xcode/connectors/:id': {
    class: 'edit',
    prepare: async (f) => {
      const id = (await f.connector()).connectorId;
      return {
        params: { id },
        ...editOf(
          async () => (await f.user('GET', `/v1/${f.w.wid}/lsp/${f.w.providers.lsp.code}/connectors/${id}`)).body.connector.name,
          (i) => ({ name: label('Race connector', i) }),
          (i) => label('Race connector', i),
        ),
      };
    },
  },
  'DELETE /v1/:wid/:ctype/:xcode/connectors/:id': { class: 'delete', prepare: async (f) => ({ params: { id: (await f.connector()).connectorId } }) },

  // ── access tokens ──
  'POST /v1/access/token': { class: 'create' },
  'PATCH /v1/access/token/rotate': {
    class: 'claim',
    prepare: async (f) => {
      const accessToken = await f.accessToken();
      return { body: () => ({ accessToken }) };
    },
  },
  'PATCH /v1/access/token/revoke': {
    class: 'delete',
    prepare: async (f) => {
      const accessToken = await f.accessToken();
      return { body: () => ({ accessToken }) };
    },
  },

  // ── CSP invitations ──
  'POST /v1/csp/invitation/accept': {
    class: 'claim',
    prepare: async (f) => {
      const inv = await invite(await f.w.cspToken(), 'coordinator', { name: uniqueName('Race invitee') });
      const user = await newUser({ name: 'Race invitee' });
      return { headers: async () => setA(user.accessToken), body: () => ({ token: inv.token }) };
    },
  },
  'POST /v1/csp/invitation/:as': { class: 'create', prepare: async () => ({ body: (i) => ({ phone: '+254711000001', name: label('Race invitee', i) }) }) },
  'DELETE /v1/csp/invitation': {
    class: 'delete',
    prepare: async (f) => {
      const inv = await invite(await f.w.cspToken(), 'coordinator', { name: uniqueName('Race invitee') });
      return { body: () => ({ invitationId: inv.invitation.id }) };
    },
  },

  // ── webhook endpoints (docs/events.md "Webhooks") ──
  'POST /v1/workspace/:wid/webhooks': {
    class: 'create',
    prepare: async () => ({ body: (i) => ({ url: `http://127.0.0.1:9/races/${i + 2}`, types: ['order.rated'], description: label('Race hook', i) }) }),
  },
  'PATCH /v1/workspace/:wid/webhooks/:id': {
    class: 'edit',
    prepare: async (f) => {
      const id = await f.hook();
      return {
        params: { id },
        ...editOf(
          async () => dataOf(await f.user('GET', `/v1/workspace/${f.w.wid}/webhooks/${id}`)).description,
          (i) => ({ description: label('Race hook', i) }),
          (i) => label('Race hook', i),
        ),
      };
    },
  },
  'DELETE /v1/workspace/:wid/webhooks/:id': { class: 'delete', prepare: async (f) => ({ params: { id: await f.hook() } }) },
  'POST /v1/workspace/:wid/webhooks/:id/disable': { class: 'state-move', prepare: async (f) => ({ params: { id: await f.hook() } }) },
  'POST /v1/workspace/:wid/webhooks/:id/enable': {
    class: 'state-move',
    prepare: async (f) => {
      const id = await f.hook();
      await must(f.user('POST', `/v1/workspace/${f.w.wid}/webhooks/${id}/disable`), 200, 'disable the endpoint');
      return { params: { id } };
    },
  },
  'POST /v1/workspace/:wid/webhooks/:id/secret/rotate': { class: 'edit', prepare: async (f) => ({ params: { id: await f.hook() } }) },
  'POST /v1/workspace/:wid/webhooks/:id/test': { class: 'replay', prepare: async (f) => ({ params: { id: await f.hook() } }) },
  'POST /v1/workspace/:wid/webhooks/:id/deliveries/:deliveryId/replay': {
    class: 'replay',
    prepare: async (f) => {
      const id = await f.hook();
      const sent = await must(f.user('POST', `/v1/workspace/${f.w.wid}/webhooks/${id}/test`), 202, 'a test delivery');
      return { params: { id, deliveryId: sent.data.id } };
    },
  },
  'POST /v1/workspace/:wid/webhooks/:id/replay': {
    class: 'replay',
    prepare: async (f) => ({ params: { id: await f.hook() }, body: () => ({ since: new Date(Date.now() - 60_000).toISOString() }) }),
  },

  // ── LSP coverage ──
  'POST /v1/lsp/coverage/areas/:type': {
    // `code` is unique per LSP (docs/lsp-coverage.md)
    class: 'create-unique-key',
    prepare: async () => {
      const body = areaBody();
      return { body: () => body };
    },
  },
  'PUT /v1/lsp/coverage/areas/:id/link': {
    // appends to `linkedTo` (docs/lsp-coverage.md "Link, unlink, transit points"): every link lands
    class: 'edit',
    prepare: async (f) => {
      const id = await f.area();
      return {
        params: { id },
        body: (i) => Fixtures.stop(i),
        readBack: { read: async () => (await f.lsp('GET', `/v1/lsp/coverage/areas/${id}`)).body.area.linkedTo.map((p: any) => p.description), sent: (i) => `Race stop ${i}`, all: true },
      };
    },
  },
  'PATCH /v1/lsp/coverage/areas/:id/unlink': {
    class: 'delete',
    prepare: async (f) => {
      const id = await f.area();
      await must(f.lsp('PUT', `/v1/lsp/coverage/areas/${id}/link`, Fixtures.stop(0)), 200, 'link');
      return { params: { id }, body: () => ({ index: 0 }) };
    },
  },
  'PATCH /v1/lsp/coverage/areas/:id/:type': {
    class: 'edit',
    prepare: async (f) => {
      const id = await f.area();
      return {
        params: { id },
        ...editOf(
          async () => (await f.lsp('GET', `/v1/lsp/coverage/areas/${id}`)).body.area.name,
          (i) => ({ name: label('Race area', i) }),
          (i) => label('Race area', i),
        ),
      };
    },
  },
  'DELETE /v1/lsp/coverage/areas/:id': { class: 'delete', prepare: async (f) => ({ params: { id: await f.area() } }) },
  'POST /v1/lsp/coverage/routes/:type': {
    class: 'create-unique-key',
    prepare: async () => {
      const body = { name: uniqueName('Route'), code: uniqueCode('ROUTE'), reach: 'NATIONAL', transit: { mode: 'GROUND', time: { min: { hour: 6 }, max: { hour: 12 } } } };
      return { body: () => body };
    },
  },
  'PUT /v1/lsp/coverage/routes/:id/transit-point': {
    class: 'edit',
    prepare: async (f) => {
      const id = await f.route();
      return {
        params: { id },
        body: (i) => Fixtures.stop(i),
        readBack: { read: async () => (await f.lsp('GET', `/v1/lsp/coverage/routes/${id}`)).body.route.transitPoints.map((p: any) => p.description), sent: (i) => `Race stop ${i}`, all: true },
      };
    },
  },
  'PATCH /v1/lsp/coverage/routes/:id/transit-point': {
    class: 'delete',
    prepare: async (f) => {
      const id = await f.route();
      await must(f.lsp('PUT', `/v1/lsp/coverage/routes/${id}/transit-point`, Fixtures.stop(0)), 200, 'transit point');
      return { params: { id }, body: () => ({ index: 0 }) };
    },
  },
  'PATCH /v1/lsp/coverage/routes/:id/:type': {
    class: 'edit',
    prepare: async (f) => {
      const id = await f.route();
      return {
        params: { id },
        ...editOf(
          async () => (await f.lsp('GET', `/v1/lsp/coverage/routes/${id}`)).body.route.name,
          (i) => ({ name: label('Race route', i) }),
          (i) => label('Race route', i),
        ),
      };
    },
  },
  'DELETE /v1/lsp/coverage/routes/:id': { class: 'delete', prepare: async (f) => ({ params: { id: await f.route() } }) },

  // ── fleets, vehicles, parking ──
  'POST /v1/lsp/fleets/create': {
    // `code` is unique per LSP (docs/lsp.md)
    class: 'create-unique-key',
    prepare: async () => {
      const body = facilityBody();
      return { body: () => body };
    },
  },
  'PATCH /v1/lsp/fleets/:id': {
    class: 'edit',
    prepare: async (f) => {
      const id = await f.fleet();
      return {
        params: { id },
        ...editOf(
          async () => dataOf(await f.lsp('GET', `/v1/lsp/fleets/${id}`)).name,
          (i) => ({ name: label('Race fleet', i) }),
          (i) => label('Race fleet', i),
        ),
      };
    },
  },
  'DELETE /v1/lsp/fleets/:id': {
    class: 'delete',
    prepare: async (f) => {
      const id = await f.fleet();
      await f.vehicle(id);
      return { params: { id } };
    },
  },
  'POST /v1/lsp/fleets/:id/vehicles/add': { class: 'create' },
  'PATCH /v1/lsp/fleets/:id/vehicles/:vid/specs': {
    class: 'edit',
    prepare: async (f) => {
      const vid = await f.vehicle();
      return {
        params: { vid },
        ...editOf(
          async () => dataOf(await f.lsp('GET', `/v1/lsp/fleets/${f.w.fleetId}/vehicles/${vid}`)).specs.color,
          (i) => ({ color: label('Race', i) }),
          (i) => label('Race', i),
        ),
      };
    },
  },
  'PATCH /v1/lsp/fleets/:id/vehicles/:vid/iot': {
    class: 'edit',
    prepare: async (f) => {
      const vid = await f.vehicle();
      const device = (i: number) => label('race-device', i).replace(/ /g, '-');
      return {
        params: { vid },
        ...editOf(
          async () => dataOf(await f.lsp('GET', `/v1/lsp/fleets/${f.w.fleetId}/vehicles/${vid}`)).iot?.deviceId,
          (i) => ({ deviceId: device(i), topic: 'fleet/race/1', protocol: 'mqtt' }),
          device,
        ),
      };
    },
  },
  'PUT /v1/lsp/fleets/:id/vehicles/:vid/allocate': {
    // an allocated vehicle is CONFLICT: deallocate first (docs/lsp.md)
    class: 'state-move',
    prepare: async (f) => ({ params: { vid: await f.vehicle() }, body: () => ({ type: 'AREA', id: f.w.areaId }) }),
  },
  'PATCH /v1/lsp/fleets/:id/vehicles/:vid/deallocate': {
    class: 'state-move',
    prepare: async (f) => {
      const vid = await f.vehicle();
      await must(f.lsp('PUT', `/v1/lsp/fleets/${f.w.fleetId}/vehicles/${vid}/allocate`, { type: 'AREA', id: f.w.areaId }), 200, 'allocate');
      return { params: { vid } };
    },
  },
  'PATCH /v1/lsp/fleets/:id/vehicles/:vid': {
    class: 'edit',
    prepare: async (f) => {
      const vid = await f.vehicle();
      const grades = ['STANDARD', 'PREMIUM', 'ECONOMY'];
      return {
        params: { vid },
        ...editOf(
          async () => dataOf(await f.lsp('GET', `/v1/lsp/fleets/${f.w.fleetId}/vehicles/${vid}`)).grade,
          (i) => ({ grade: grades[(i + 3) % 3] }),
          (i) => grades[(i + 3) % 3],
        ),
      };
    },
  },
  'DELETE /v1/lsp/fleets/:id/vehicles/:vid': { class: 'delete', prepare: async (f) => ({ params: { vid: await f.vehicle() } }) },
  'POST /v1/lsp/fleet/parking/facilities': { class: 'create' },
  'DELETE /v1/lsp/fleet/parking/facilities/:id': {
    // decommissions; decommissioning twice is CONFLICT (docs/lsp.md)
    class: 'state-move',
    prepare: async (f) => ({ params: { id: await f.parking() } }),
  },

  // ── warehouses and hubs ──
  ...Object.fromEntries(
    (['warehouses', 'hubs'] as const).flatMap((kind): [string, Entry][] => [
      [
        `POST /v1/lsp/${kind}/create`,
        {
          class: 'create-unique-key',
          prepare: async () => {
            const body = facilityBody({ type: kind === 'hubs' ? 'DISTRIBUTION' : 'FULFILLMENT' });
            return { body: () => body };
          },
        },
      ],
      [
        `PATCH /v1/lsp/${kind}/:id`,
        {
          class: 'edit',
          prepare: async (f) => {
            const id = await f.site(kind);
            return {
              params: { id },
              ...editOf(
                async () => dataOf(await f.lsp('GET', `/v1/lsp/${kind}/${id}`)).name,
                (i) => ({ name: label('Race site', i) }),
                (i) => label('Race site', i),
              ),
            };
          },
        },
      ],
      [`DELETE /v1/lsp/${kind}/:id`, { class: 'delete', prepare: async (f) => ({ params: { id: await f.site(kind) } }) }],
      [
        `PUT /v1/lsp/${kind}/:id/pricing/:action`,
        {
          // `add` appends a rule (docs/lsp.md "Pricing"): every rule sent at once lands
          class: 'edit',
          prepare: async (f) => {
            const id = await f.site(kind);
            return {
              params: { id, action: 'add' },
              body: (i) => ({ rule: ruleBody({ name: label('Race rule', i) }) }),
              readBack: { read: async () => dataOf(await f.lsp('GET', `/v1/lsp/${kind}/${id}`)).pricing.map((r: any) => r.name), sent: (i) => label('Race rule', i), all: true },
            };
          },
        },
      ],
    ]),
  ),

  // ── agents ──
  'POST /v1/lsp/agents/invitations': { class: 'create' },
  'POST /v1/lsp/agents/invitations/accept': {
    class: 'claim',
    prepare: async (f) => {
      const inv = await must(f.lsp('POST', '/v1/lsp/agents/invitations', { name: uniqueName('Race agent'), phone: '+254722000666' }), 201, 'agent invitation');
      const user = await newUser({ name: 'Race agent' });
      return { headers: async () => setA(user.accessToken), body: () => ({ token: inv.data.token }) };
    },
  },
  'PATCH /v1/lsp/agents/:id': {
    class: 'edit',
    prepare: async (f) => {
      const { agentId } = await f.agent();
      return {
        params: { id: agentId },
        ...editOf(
          async () => dataOf(await f.lsp('GET', `/v1/lsp/agents/${agentId}`)).bio,
          (i) => ({ bio: label('Race bio', i) }),
          (i) => label('Race bio', i),
        ),
      };
    },
  },
  'PUT /v1/lsp/agents/:id/vehicle/assign': {
    // assigning again updates the terms (docs/lsp.md "Agents"): an upsert, so an edit
    class: 'edit',
    prepare: async (f) => {
      const vid = await f.vehicle();
      return {
        ...editOf(
          async () => dataOf(await f.lsp('GET', `/v1/lsp/agents/${f.w.agentId}?verbose=1`)).vehicles.find((v: any) => v.vid === vid)?.terms,
          (i) => ({ vid, terms: [label('Race terms', i)], isOwner: false }),
          (i) => [label('Race terms', i)],
        ),
      };
    },
  },
  'PATCH /v1/lsp/agents/:id/vehicle/unassign': {
    class: 'state-move',
    prepare: async (f) => {
      const vid = await f.vehicle();
      await must(f.lsp('PUT', `/v1/lsp/agents/${f.w.agentId}/vehicle/assign`, { vid, terms: ['DRIVER'], isOwner: false }), 200, 'assign a vehicle');
      return { body: () => ({ vid }) };
    },
  },
  'DELETE /v1/lsp/agents/:id': { class: 'delete', prepare: async (f) => ({ params: { id: (await f.agent()).agentId } }) },

  // ── utilities: computations, nothing stored ──
  'POST /realm/utilities/fares/delivery': { class: 'compute' },
  'POST /realm/utilities/fares/transport': { class: 'compute' },
  'POST /realm/utilities/fares/ride': { class: 'compute' },
  'POST /realm/utilities/fares/crossborder': { class: 'compute' },
  'POST /realm/utilities/distance': { class: 'compute' },
  'POST /realm/utilities/zone': { class: 'compute' },
  'POST /realm/utilities/nearby/search': { class: 'compute' },
  'POST /realm/utilities/nearby/bounds': { class: 'compute' },
  'POST /realm/utilities/nearby/nearest': { class: 'compute' },
  'POST /realm/utilities/eta': { class: 'compute' },

  // ── client orders (docs/orders.md): each race on a client intent of its own ──
  'POST /v1/client/:id/periferals': { class: 'compute' },
  'POST /v1/order/intent': {
    class: 'create',
    prepare: async (f) => {
      const { origin } = await f.client();
      return { headers: async () => ({ origin }), body: (i) => ({ clientId: 'races', externalRef: label('cart', i).replace(/ /g, '-') }) };
    },
  },
  'DELETE /v1/order/intent/cancel': {
    class: 'state-move',
    prepare: async (f) => {
      const c = await f.client();
      return { headers: async () => c.headers };
    },
  },
  'PUT /v1/order/waypoints/add': {
    class: 'edit',
    prepare: async (f) => {
      const c = await f.client();
      return {
        headers: async () => c.headers,
        body: (i) => [{ type: 'dropoff', coordinates: [51.8939, 4.5231], description: label('Race stop', i) }],
        readBack: { read: async () => dataOf(await api('GET', '/v1/order/waypoints', { headers: c.headers })).map((s: any) => s.description), sent: (i) => label('Race stop', i), all: true },
      };
    },
  },
  'PATCH /v1/order/waypoints/:no': {
    class: 'edit',
    prepare: async (f) => {
      const c = await f.client();
      return {
        headers: async () => c.headers,
        params: { no: '2' },
        ...editOf(
          async () => dataOf(await api('GET', '/v1/order/waypoints/2', { headers: c.headers })).description,
          (i) => ({ description: label('Ring', i) }),
          (i) => label('Ring', i),
        ),
      };
    },
  },
  'DELETE /v1/order/waypoints/:no': {
    class: 'delete',
    prepare: async (f) => {
      const c = await f.client();
      return { headers: async () => c.headers, params: { no: '2' } };
    },
  },
  'PUT /v1/order/packages/add': {
    class: 'edit',
    prepare: async (f) => {
      const c = await f.client();
      return {
        headers: async () => c.headers,
        body: (i) => [{ waypointNo: 1, category: 'PARCEL', weight: 1, note: label('Race parcel', i) }],
        readBack: { read: async () => dataOf(await api('GET', '/v1/order/packages', { headers: c.headers })).map((p: any) => p.note), sent: (i) => label('Race parcel', i), all: true },
      };
    },
  },
  'PATCH /v1/order/packages/:PTC': {
    class: 'edit',
    prepare: async (f) => {
      const c = await f.client();
      return {
        headers: async () => c.headers,
        params: { PTC: c.ptc },
        ...editOf(
          async () => dataOf(await api('GET', `/v1/order/packages/${c.ptc}`, { headers: c.headers })).note,
          (i) => ({ note: label('Race note', i) }),
          (i) => label('Race note', i),
        ),
      };
    },
  },
  'DELETE /v1/order/packages/:PTC': {
    class: 'delete',
    prepare: async (f) => {
      const c = await f.client();
      return { headers: async () => c.headers, params: { PTC: c.ptc } };
    },
  },
  'POST /v1/order/service': {
    // placing the intent: once; a placed order is no longer an intent
    class: 'claim',
    prepare: async (f) => {
      const c = await f.client();
      const quoteId = await f.quote(c.headers);
      return { headers: async () => c.headers, body: () => ({ quoteId, payment: { mode: 'card' } }) };
    },
  },
  'PATCH /v1/order/service': {
    class: 'edit',
    prepare: async (f) => {
      const order = await f.placed();
      return {
        headers: async () => order.headers,
        ...editOf(
          async () => dataOf(await api('GET', '/v1/order/service', { headers: order.headers })).service?.fees?.tax,
          (i) => ({ tax: i + 2 }),
          (i) => i + 2,
        ),
      };
    },
  },
  'POST /v1/order/service/rating': {
    // a delivered order is rated once (docs/orders.md)
    class: 'create-unique-key',
    prepare: async (f) => {
      const order = await f.delivered();
      return { headers: async () => order.headers, body: () => ({ score: 5, comment: 'Race' }) };
    },
  },
  'POST /v1/lsps/:icode/orders/:reference/:action/:to': {
    class: 'state-move',
    prepare: async (f) => ({ params: { reference: (await f.placed()).reference, action: 'assign', to: f.w.agentId } }),
  },
  // tracking links (docs/orders.md "Tracking links"): K links of one placed order (with the calibration call, under its
  // limit of 10); a link is revoked once
  'POST /v1/order/tracking-links': {
    class: 'create',
    prepare: async (f) => {
      const order = await f.placed();
      return { headers: async () => order.headers };
    },
  },
  'DELETE /v1/order/tracking-links/:id': {
    class: 'state-move',
    prepare: async (f) => {
      const order = await f.placed();
      const link = await must(api('POST', '/v1/order/tracking-links', { headers: order.headers }), 201, 'tracking link');
      return { headers: async () => order.headers, params: { id: link.data.id } };
    },
  },
  'POST /v1/rsps/:icode/orders/:reference/tracking-links': { class: 'create', prepare: async (f) => ({ params: { reference: (await f.placed()).reference } }) },
  'DELETE /v1/rsps/:icode/orders/:reference/tracking-links/:id': {
    class: 'state-move',
    prepare: async (f) => {
      const order = await f.placed();
      const link = await must(api('POST', '/v1/order/tracking-links', { headers: order.headers }), 201, 'tracking link');
      return { params: { reference: order.reference, id: link.data.id } };
    },
  },

  // ── DEV: developers and FAQs (docs/dev.md) ──
  'POST /v1/devs/:xcode/developers/invitations': {
    class: 'create',
    prepare: async () => ({ body: (i) => ({ phone: '+254722000777', name: label('Race developer', i), operator: { role: 'DEVELOPER' } }) }),
  },
  'DELETE /v1/devs/:xcode/developers/invitations/:invitationId': { class: 'delete', prepare: async (f) => ({ params: { invitationId: await f.devInvitation() } }) },
  'PATCH /v1/devs/:xcode/developers/:id': {
    class: 'edit',
    prepare: async (f) => {
      const id = await f.developer();
      const role = (i: number) => (i === CALIBRATION || i % 2 ? 'ADMIN' : 'DEVELOPER');
      return {
        params: { id },
        // a role the developer has already is no change (no event); each change's event names the role it found: in
        // the log's order, each starts from the one before it ended at (no change judged on a stale read)
        events: (log, accepted) => {
          const changes = log.filter((e) => e.topic === 'dev.developer');
          if (changes.length < 1 || changes.length > accepted) return `${changes.length} dev.developer events for ${accepted} accepted changes`;
          const broken = changes.slice(1).findIndex((e, j) => e.payload.before.role !== changes[j].payload.after.role);
          return broken >= 0
            ? `dev.developer ${broken + 1} starts from ${changes[broken + 1].payload.before.role}, but the change before it ended at ${changes[broken].payload.after.role}`
            : undefined;
        },
        ...editOf(
          async () => dataOf(await f.dev('GET', `/v1/devs/${f.w.providers.dev.code}/developers/${id}`)).role,
          (i) => ({ role: role(i) }),
          role,
        ),
      };
    },
  },
  'DELETE /v1/devs/:xcode/developers/:id': { class: 'delete', prepare: async (f) => ({ params: { id: await f.developer() } }) },
  'POST /v1/lsps/:icode/faqs': { class: 'create', prepare: async () => ({ body: () => faqBody() }) },
  'PATCH /v1/lsps/:icode/faqs/:reference': {
    // every edit is one version (docs/dev.md "Versions")
    class: 'versioned-edit',
    prepare: async (f) => {
      const reference = await f.faq();
      return {
        params: { reference },
        version: faqVersion(f, reference),
        ...editOf(
          async () => (await f.faqNow(reference)).answer,
          (i) => ({ answer: label('answer', i) }),
          (i) => label('answer', i),
        ),
      };
    },
  },
  'PATCH /v1/lsps/:icode/faqs/:reference/:operation': { class: 'state-move', prepare: async (f) => ({ params: { reference: await f.faq(), operation: 'archive' } }) },
  'PATCH /v1/lsps/:icode/faqs/:reference/:lockstate': { class: 'state-move', prepare: async (f) => ({ params: { reference: await f.faq(), lockstate: 'lock' } }) },
  'PUT /v1/lsps/:icode/faqs/:reference/context/add': {
    class: 'versioned-edit',
    prepare: async (f) => {
      const reference = await f.faq();
      const contexts = await f.contexts();
      // (the calibration links a context of its own: the world's hub)
      const context = (i: number) => (i === CALIBRATION ? { type: 'HUB', id: f.w.hubId } : contexts[i]);
      return {
        params: { reference },
        version: faqVersion(f, reference),
        body: (i) => ({ context: context(i) }),
        readBack: { read: async () => (await f.faqNow(reference)).contexts.map((c: any) => c.id), sent: (i) => context(i).id, all: true },
      };
    },
  },
  'PATCH /v1/lsps/:icode/faqs/:reference/context/remove': {
    class: 'versioned-edit',
    prepare: async (f) => {
      const reference = await f.faq();
      const contexts = [{ type: 'HUB', id: f.w.hubId }, ...(await f.contexts())];
      for (const context of contexts) await must(f.lspB('PUT', `/v1/lsps/${f.w.providers.lsp.code}/faqs/${reference}/context/add`, { context }), 200, 'link a context');
      const context = (i: number) => (i === CALIBRATION ? contexts[0] : contexts[i + 1]);
      return {
        params: { reference },
        version: faqVersion(f, reference),
        body: (i) => ({ context: context(i) }),
        readBack: { read: async () => (await f.faqNow(reference)).contexts.length, sent: () => 0 },
      };
    },
  },
  'DELETE /v1/lsps/:icode/faqs/:reference': { class: 'delete', prepare: async (f) => ({ params: { reference: await f.faq() }, body: () => ({}) }) },

  // ── IoT: rules, topics, devices (docs/iot.md) ──
  'POST /v1/iotsp/rules/add': { class: 'create' },
  'PATCH /v1/iotsp/rules/:reference': {
    class: 'edit',
    prepare: async (f) => {
      const reference = await f.rule();
      return {
        params: { reference },
        ...editOf(
          async () => dataOf(await f.iot('GET', `/v1/iotsp/rules/${reference}`)).description,
          (i) => ({ description: label('Race rule', i) }),
          (i) => label('Race rule', i),
        ),
      };
    },
  },
  'PATCH /v1/iotsp/rules/:reference/:status': { class: 'state-move', prepare: async (f) => ({ params: { reference: await f.rule(), status: 'inactive' } }) },
  'DELETE /v1/iotsp/rules/:reference': { class: 'delete', prepare: async (f) => ({ params: { reference: await f.rule() } }) },
  'POST /v1/iotsp/rules/:reference/dry-run': { class: 'compute' },
  'PUT /v1/iotsp/rules/:reference/connector/assign': {
    // assigning one twice is 409 (docs/iot.md "Connectors")
    class: 'state-move',
    prepare: async (f) => ({ params: { reference: await f.rule() } }),
  },
  'PATCH /v1/iotsp/rules/:reference/connector/unassign': {
    class: 'state-move',
    prepare: async (f) => {
      const reference = await f.rule();
      await must(f.iot('PUT', `/v1/iotsp/rules/${reference}/connector/assign`, { connectorId: f.w.iotConnectorId }), 200, 'assign');
      return { params: { reference } };
    },
  },
  'POST /v1/iotsp/topics/register': {
    // a topic filter is registered once per IoTSP (docs/iot.md "Topics")
    class: 'create-unique-key',
    prepare: async () => {
      const body = { path: `race/${uniqueCode('T').toLowerCase()}/+/report`, qos: 1, description: 'Race' };
      return { body: () => body };
    },
  },
  'PATCH /v1/iotsp/topics/:reference': {
    class: 'edit',
    prepare: async (f) => {
      const reference = await f.topic();
      return {
        params: { reference },
        ...editOf(
          async () => dataOf(await f.iot('GET', `/v1/iotsp/topics/${reference}`)).description,
          (i) => ({ description: label('Race topic', i) }),
          (i) => label('Race topic', i),
        ),
      };
    },
  },
  'PATCH /v1/iotsp/topics/:reference/:status': { class: 'state-move', prepare: async (f) => ({ params: { reference: await f.topic(), status: 'inactive' } }) },
  'DELETE /v1/iotsp/topics/:reference': { class: 'delete', prepare: async (f) => ({ params: { reference: await f.topic() } }) },
  'PUT /v1/iotsp/topics/:reference/connector/assign': { class: 'state-move', prepare: async (f) => ({ params: { reference: await f.topic() } }) },
  'PATCH /v1/iotsp/topics/:reference/connector/unassign': {
    class: 'state-move',
    prepare: async (f) => {
      const reference = await f.topic();
      await must(f.iot('PUT', `/v1/iotsp/topics/${reference}/connector/assign`, { connectorId: f.w.iotConnectorId }), 200, 'assign');
      return { params: { reference } };
    },
  },
  'POST /v1/iotsp/devices': {
    // `externalId` (the IMEI) is unique per IoTSP (docs/iot.md "Devices")
    class: 'create-unique-key',
    prepare: async (f) => {
      const body = { externalId: newImei(), rule: f.w.ruleReference, topic: f.w.topicReference, name: 'Race tracker' };
      return { body: () => body };
    },
  },
  'PATCH /v1/iotsp/devices/:reference': {
    class: 'edit',
    prepare: async (f) => {
      const { reference } = await f.device();
      return {
        params: { reference },
        ...editOf(
          async () => dataOf(await f.iot('GET', `/v1/iotsp/devices/${reference}`)).name,
          (i) => ({ name: label('Race tracker', i) }),
          (i) => label('Race tracker', i),
        ),
      };
    },
  },
  'DELETE /v1/iotsp/devices/:reference': { class: 'delete', prepare: async (f) => ({ params: { reference: (await f.device()).reference } }) },
  'POST /v1/iotsp/devices/:reference/reports': {
    class: 'create',
    prepare: async (f) => {
      const { reference, imei } = await f.device();
      const t0 = Math.floor(Date.now() / 1000) - 3600;
      return {
        params: { reference },
        body: (i) => ({ reports: [`+RESP,${imei},-1.29,36.82,45,90,${t0 + (i + 2) * 10},$`] }),
        // one event per device and ingestion batch, and batches that arrive together are stored together (docs/iot.md
        // "Ingestion"): the race's telemetry events count every report once
        events: (log, accepted) => {
          const stored = log.filter((e) => e.topic === 'iot.telemetry').reduce((n, e) => n + Number(e.payload.stored), 0);
          return stored === accepted ? undefined : `iot.telemetry events count ${stored} stored reports for ${accepted} accepted (one report each)`;
        },
      };
    },
  },

  // ── queries: computations over the registry; performance syncs are edits; cache invalidations are idempotent ──
  ...Object.fromEntries(
    ['/v1/queries', '/v1/realm/queries'].flatMap((base): [string, Entry][] => [
      [`POST ${base}/discovery/discover`, { class: 'compute' }],
      [`POST ${base}/discovery/advanced`, { class: 'compute' }],
      [`POST ${base}/discovery/available`, { class: 'compute' }],
      [`POST ${base}/discovery/count`, { class: 'compute' }],
      [`POST ${base}/matching/match`, { class: 'compute' }],
      [`POST ${base}/capacity/query`, { class: 'compute' }],
      [`POST ${base}/capacity/batch`, { class: 'compute' }],
      [`DELETE ${base}/capacity/:lsp/:serviceId/cache`, { class: 'delete' }],
      [
        `POST ${base}/performance/sync`,
        {
          class: 'edit',
          prepare: async (f) => ({
            ...editOf(
              () => performanceOf(f, base),
              (i) => ({ lsp: f.w.providers.lsp.code, serviceId: f.w.warehouseId, performance: performance(i) }),
              (i) => performance(i).overallScore,
            ),
          }),
        },
      ],
      [
        `POST ${base}/performance/sync/batch`,
        {
          class: 'edit',
          prepare: async (f) => ({
            ...editOf(
              () => performanceOf(f, base),
              (i) => ({ lsp: f.w.providers.lsp.code, services: [{ serviceId: f.w.warehouseId, performance: performance(i) }] }),
              (i) => performance(i).overallScore,
            ),
          }),
        },
      ],
      [`POST ${base}/pricing/estimate`, { class: 'compute' }],
      [`POST ${base}/pricing/compare`, { class: 'compute' }],
      [`DELETE ${base}/pricing/:lsp/:serviceId/cache`, { class: 'delete' }],
    ]),
  ),

  // ── pipelines (docs/pipelines.md) ──
  'POST /v1/pipelines/templates': {
    // a name and version is one template of the workspace
    class: 'create-unique-key',
    prepare: async () => {
      const body = { name: uniqueName('Race template'), version: '1.0.0', stages: [{ name: 'pause', action: 'WAIT', wait: { type: 'DURATION', duration: 10 } }] };
      return { body: () => body };
    },
  },
  'PATCH /v1/pipelines/templates/:templateId': {
    class: 'edit',
    prepare: async (f) => {
      const templateId = await f.template();
      return {
        params: { templateId },
        ...editOf(
          async () => dataOf(await f.pl('GET', `/templates/${templateId}`)).description,
          (i) => ({ description: label('Race template', i) }),
          (i) => label('Race template', i),
        ),
      };
    },
  },
  'POST /v1/pipelines/templates/:templateId/publish': { class: 'state-move', prepare: async (f) => ({ params: { templateId: await f.template() } }) },
  'POST /v1/pipelines/templates/:templateId/validate': { class: 'compute' },
  'DELETE /v1/pipelines/templates/:templateId': { class: 'delete', prepare: async (f) => ({ params: { templateId: await f.template() } }) },
  'POST /v1/pipelines/deploy': { class: 'create', prepare: async (f) => ({ body: (i) => ({ templateId: f.w.publishedTemplateId, name: label('Race pipeline', i) }) }) },
  'POST /v1/pipelines/executions/:executionId/retry': { class: 'state-move', prepare: async (f) => ({ params: { executionId: (await f.failed()).executionId }, body: () => ({}) }) },
  'POST /v1/pipelines/executions/:executionId/cancel': {
    class: 'state-move',
    prepare: async (f) => {
      const pipelineId = await f.pipeline([LONG_WAIT]);
      return { params: { executionId: await f.execution(pipelineId) } };
    },
  },
  'POST /v1/pipelines/queries/execute': { class: 'compute' },
  'POST /v1/pipelines/webhooks/:webhookId/retry': { class: 'replay', prepare: async (f) => ({ params: { webhookId: (await f.failed()).deliveryId } }) },
  // (stop before start: the world's workspace keeps its workers on)
  'POST /v1/pipelines/workers/initialize': { class: 'state-move' },
  'POST /v1/pipelines/workers/stop': { class: 'state-move' },
  'POST /v1/pipelines/workers/start': { class: 'state-move' },
  'PATCH /v1/pipelines/:pipelineId': {
    class: 'edit',
    prepare: async (f) => {
      const pipelineId = await f.pipeline();
      return {
        params: { pipelineId },
        ...editOf(
          async () => dataOf(await f.pl('GET', `/${pipelineId}`)).description,
          (i) => ({ description: label('Race pipeline', i) }),
          (i) => label('Race pipeline', i),
        ),
      };
    },
  },
  'DELETE /v1/pipelines/:pipelineId': { class: 'delete', prepare: async (f) => ({ params: { pipelineId: await f.pipeline() } }) },
  'POST /v1/pipelines/:pipelineId/execute': {
    class: 'create',
    // (a pipeline whose executions wait: none ends, and publishes its completion, while the race's events are read)
    prepare: async (f) => ({ params: { pipelineId: await f.pipeline([LONG_WAIT]) }, body: (i) => ({ metadata: { race: i } }) }),
  },
  'POST /v1/pipelines/:pipelineId/dry-run': { class: 'compute' },
};

// ───────────────────────────── events ─────────────────────────────

/** An event as it is compared: its topic (or public type), key (or subject) and payload without its instants. */
interface SeenEvent {
  kind: string;
  payload: string;
}

/** A payload without the fields that differ between two publications of one change (instants, ids of the event). */
const stable = (v: unknown): string => JSON.stringify(v, (k, x) => (/(?:^at$|At$|^createdAt$|^timestamp$|^time$|^sequence$|^id$)/.test(k) && k !== '' && typeof x !== 'object' ? undefined : x));

/** Counts by kind. */
const countsOf = (events: SeenEvent[]) => events.reduce((m, e) => m.set(e.kind, (m.get(e.kind) ?? 0) + 1), new Map<string, number>());
/** Kinds published twice with the same payload (a change published twice). */
const doubles = (events: SeenEvent[]) => {
  const seen = new Map<string, number>();
  for (const e of events) seen.set(`${e.kind} ${e.payload}`, (seen.get(`${e.kind} ${e.payload}`) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([k, n]) => `${n}× ${k.slice(0, 200)}`);
};

class EventWatch {
  private cursor: string | undefined;
  constructor(
    private readonly w: World,
    private readonly db: pg.Client,
  ) {}

  /** The world's public feed from the cursor to its end (the cursor is opaque: passed back as it came). */
  private async drain(): Promise<any[]> {
    const out: any[] = [];
    for (let page = 0; page < 200; page++) {
      const q = `limit=100${this.cursor !== undefined ? `&after=${encodeURIComponent(this.cursor)}` : ''}`;
      const res = await api('GET', `/v1/workspace/${this.w.wid}/events?${q}`, { headers: setA(await this.w.userToken()) });
      if (res.status !== 200) throw new Error(`the event feed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      out.push(...res.body.data);
      this.cursor = res.body.pagination.next;
      if (!res.body.pagination.hasMore) return out;
    }
    throw new Error('the event feed did not end in 200 pages');
  }

  /** Where the log and the feed stand now. */
  async mark(): Promise<bigint> {
    await this.drain();
    const { rows } = await this.db.query<{ id: string }>('select coalesce(max(id), 0)::text as id from events.log');
    return BigInt(rows[0].id);
  }

  /** Waits until no event of `workspaces` has been added since `mark` for `ms` (at most 10 s). */
  private async still(mark: bigint, workspaces: string[], ms: number): Promise<void> {
    const count = async () =>
      Number((await this.db.query<{ n: string }>('select count(*) as n from events.log where id > $1 and workspace_id = any($2::uuid[])', [mark.toString(), workspaces])).rows[0].n);
    const deadline = Date.now() + 10_000;
    let last = await count();
    let since = Date.now();
    while (Date.now() - since < ms && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      const n = await count();
      if (n !== last) [last, since] = [n, Date.now()];
    }
  }

  /** The events since `mark`: the log's rows of `workspaces`, and the world's public feed (read until it stays still). */
  async since(mark: bigint, workspaces: string[], derived = 0): Promise<{ log: SeenEvent[]; feed: SeenEvent[]; rows: LogEvent[] }> {
    if (derived) await this.still(mark, workspaces, derived);
    // (a feed shows an event once every transaction older than its own has ended: read until a read finds nothing new)
    const feed: any[] = [];
    for (let more: any[] | undefined; !more || more.length;) {
      await new Promise((r) => setTimeout(r, 100));
      more = await this.drain();
      feed.push(...more);
    }
    const { rows } = workspaces.length
      ? await this.db.query<{ topic: string; key: string; payload: unknown }>('select topic, key, payload from events.log where id > $1 and workspace_id = any($2::uuid[]) order by id', [
          mark.toString(),
          workspaces,
        ])
      : { rows: [] };
    return {
      rows,
      log: rows.map((r) => ({ kind: `${r.topic} ${r.key}`, payload: stable(r.payload) })),
      feed: feed.map((e) => ({ kind: e.type, payload: stable(e.data) })),
    };
  }
}

// ───────────────────────────── racing ─────────────────────────────

interface Answer {
  status: number;
  code?: string;
  body: unknown;
}

const ok = (a: Answer) => a.status >= 200 && a.status < 300;
const show = (a: Answer | undefined) => (a ? `${a.status}${a.code ? ` ${a.code}` : ''}` : '-');
const sameAnswer = (a: Answer, b: Answer) => a.status === b.status && a.code === b.code;
/** Kinds by topic only (a key differs from record to record): what a calibration call is compared by. */
const byTopic = (events: SeenEvent[]) => countsOf(events.map((e) => ({ kind: e.kind.split(' ')[0], payload: '' })));

let world: World;
/** The local port pipeline webhooks of the races call: it accepts and never answers. */
let silent: Server | undefined;
let fixtures: Fixtures;
let db: pg.Client;
let watch: EventWatch;
let openapi: { paths: Record<string, Record<string, any>> };

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  openapi = await (await fetch(`${bridgeUrl()}/openapi.json`)).json();
  world = await buildWorld();
  fixtures = new Fixtures(world);
  watch = new EventWatch(world, db);
}, 240_000);

afterAll(async () => {
  await db?.end();
  silent?.close();
});

/** The body of request `i` of a race. */
function bodyFor(route: RouteSpec, entry: Entry, race: Race): (i: number) => unknown {
  if (race.body) return race.body;
  if (!route.bodyVariable && !route.bodyFields) return () => undefined;
  // a realistic body (test/support/route-bodies.ts), else the route's example in the OpenAPI document
  const make = () => realisticBody(route, fixtures.bodies, ORIGIN) ?? exampleBody(route);
  // creates get fresh values per request (names, codes); every other class sends one body K times
  if (entry.class === 'create') return make;
  const body = make();
  return () => body;
}

/** The request example the OpenAPI document gives the route (generated from its schema). */
function exampleBody(route: RouteSpec): unknown {
  const shape = (p: string) => p.replace(/:\w+|\{\w+\}/g, '{}');
  const path = Object.entries(openapi.paths).find(([p]) => shape(p) === shape(route.path))?.[1];
  return path?.[route.method.toLowerCase()]?.requestBody?.content?.['application/json']?.example;
}

async function send(route: RouteSpec, race: Race, body: (i: number) => unknown, i: number): Promise<Answer> {
  const headers = race.headers ? await race.headers() : await headersOf(world, route);
  const res = await api(route.method, pathOf(world, route, race.params ?? {}), { body: body(i), headers });
  return { status: res.status, code: failureOf(route, res).code, body: res.body };
}

/** Runs one route's race and returns what went wrong (nothing: an empty list). */
async function raceOf(route: RouteSpec, entry: Entry): Promise<string[]> {
  const problems: string[] = [];
  const race = entry.prepare ? await entry.prepare(fixtures) : {};
  const k = race.k ?? K;
  const body = bodyFor(route, entry, race);
  const workspaces = race.workspaces ?? [world.wid];
  const counted = entry.class === 'create' || entry.class === 'edit' || entry.class === 'versioned-edit';

  let calibration: { log: SeenEvent[]; feed: SeenEvent[]; rows: LogEvent[] } | undefined;
  if (counted) {
    const mark = await watch.mark();
    const first = await send(route, race, body, CALIBRATION);
    if (!ok(first)) return [`the calibration call failed: ${show(first)} ${JSON.stringify(first.body).slice(0, 300)}`];
    calibration = await watch.since(mark, workspaces, race.derived);
  }
  const before = race.version ? await race.version() : undefined;

  const mark = await watch.mark();
  const answers = await Promise.all(Array.from({ length: k }, (_, i) => send(route, race, body, i)));
  const events = await watch.since(mark, workspaces, race.derived);
  const oneSuccess = entry.class === 'state-move' || entry.class === 'delete' || entry.class === 'claim' || entry.class === 'create-unique-key';
  const followUp = oneSuccess || entry.class === 'compute' || entry.class === 'replay' ? await send(route, race, body, FOLLOW_UP) : undefined;
  const successes = answers.filter(ok).length;

  for (const a of [...answers, ...(followUp ? [followUp] : [])]) {
    if (a.status >= 500 || a.status === 0) problems.push(`answered ${show(a)}: ${JSON.stringify(a.body).slice(0, 300)}`);
  }

  if (oneSuccess) {
    const twice = [...doubles(events.log), ...doubles(events.feed)];
    if (twice.length) problems.push(`published twice: ${twice.join('; ')}`);
  }
  const idempotent = REPEATS.get(routeKey(route));
  if (oneSuccess && idempotent) {
    if (successes !== k || !ok(followUp!)) problems.push(`a repeat succeeds (${idempotent}), but not every call did`);
  } else if (oneSuccess) {
    if (successes !== 1) problems.push(`${successes} of ${k} succeeded (exactly one must)`);
    if (ok(followUp!) || followUp!.status >= 500) problems.push(`the call after the race answered ${show(followUp)}: a repeat must be refused (4xx), or the route documented idempotent`);
    if (entry.class === 'create-unique-key' && followUp!.status !== 409) problems.push(`the same key again answered ${show(followUp)}, not 409 CONFLICT`);
    const losers = answers.filter((a) => !ok(a));
    const differing = losers.filter((a) => !sameAnswer(a, followUp!));
    if (differing.length) problems.push(`${differing.length} loser(s) answered otherwise than the call after the race (${show(followUp)}): ${differing.map(show).join(', ')}`);
  } else if (counted) {
    if (successes !== k) problems.push(`${successes} of ${k} accepted (every one must be)`);
    const custom = race.events?.(events.rows, successes);
    if (custom) problems.push(custom);
    for (const [stream, seen, one] of race.events
      ? []
      : ([
          ['event log', events.log, calibration!.log],
          ['public feed', events.feed, calibration!.feed],
        ] as const)) {
      const expected = [...byTopic(one)].map(([t, n]) => [t, n * successes] as const);
      const got = byTopic(seen);
      const wrong = [...new Set([...expected.map(([t]) => t), ...got.keys()])].map((t) => [t, got.get(t) ?? 0, expected.find(([x]) => x === t)?.[1] ?? 0] as const).filter(([, g, e]) => g !== e);
      if (wrong.length) problems.push(`${stream}: ${wrong.map(([t, g, e]) => `${t} ${g}× (expected ${e}: ${successes} × the calibration's)`).join('; ')}`);
    }
    if (race.readBack) {
      const value = await race.readBack.read();
      const sent = answers.map((a, i) => [a, race.readBack!.sent(i)] as const).filter(([a]) => ok(a));
      if (race.readBack.all) {
        const held = (v: unknown) => (Array.isArray(value) ? value.some((x) => JSON.stringify(x) === JSON.stringify(v)) : JSON.stringify(Object.entries(value as object)).includes(JSON.stringify(v)));
        const lost = sent.filter(([, v]) => !held(v)).map(([, v]) => JSON.stringify(v));
        if (lost.length) problems.push(`${lost.length} accepted change(s) lost: ${lost.join(', ')}; read back ${JSON.stringify(value).slice(0, 300)}`);
      } else if (!sent.some(([, v]) => JSON.stringify(v) === JSON.stringify(value))) {
        problems.push(`read back ${JSON.stringify(value)}, none of the accepted bodies (${sent.map(([, v]) => JSON.stringify(v)).join(', ')})`);
      }
    }
    if (race.version && before) {
      const after = await race.version();
      if (after.revision - before.revision !== successes) problems.push(`revision ${before.revision} → ${after.revision} after ${successes} accepted edits (docs/dev.md "Versions": +1 each)`);
      const minor = (v: string) => Number(v.split('.').at(-1));
      if (minor(after.version) - minor(before.version) !== successes) problems.push(`version ${before.version} → ${after.version} after ${successes} accepted edits`);
    }
  } else {
    // compute, replay: every call answers as one more identical call does
    const differing = answers.filter((a) => !sameAnswer(a, followUp!));
    if (differing.length) problems.push(`${differing.length} answer(s) differ from the call after the race (${show(followUp)}): ${differing.map(show).join(', ')}`);
  }
  if (problems.length) {
    problems.push(`answers: ${answers.map(show).join(', ')}; after the race: ${show(followUp)}`);
    const failed = answers.find((a) => a.status >= 500) ?? answers.find((a) => !ok(a));
    if (failed) problems.push(`e.g. ${JSON.stringify(failed.body).slice(0, 300)}`);
  }
  return problems;
}

const nonGet = routes.filter((r) => r.method !== 'GET');

/**
 * The routes whose repeat succeeds (docs/contract.md "Concurrency", the table "Repeats that succeed"): they set a state
 * rather than move it, so every request of their race, and the one after it, succeeds (and changes it once).
 */
const REPEATS = new Map(
  (
    readFileSync(join(process.cwd(), 'docs/contract.md'), 'utf8')
      .split(/^## /m)
      .find((part) => part.startsWith('Concurrency')) ?? ''
  )
    .split('\n')
    .map((line) => /^\| `(POST|PUT|PATCH|DELETE) ([^`]+)` \| (.+?) \|$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [`${m[1]} ${m[2]}`, `docs/contract.md "Concurrency": ${m[3]}`]),
);

describe('races over the route table', () => {
  it('classifies every non-GET route of the bridge (a new route needs an entry in RACES)', () => {
    const missing = nonGet.map(routeKey).filter((k) => !Object.hasOwn(RACES, k));
    const stale = Object.keys(RACES).filter((k) => !nonGet.some((r) => routeKey(r) === k));
    expect(missing, 'routes without a class').toEqual([]);
    expect(stale, 'entries naming no route').toEqual([]);
    // the docs' repeats that succeed name routes of a class with one winner (moves, deletes, claims)
    expect(REPEATS.size, 'docs/contract.md "Concurrency" lists the repeats that succeed').toBeGreaterThan(0);
    for (const key of REPEATS.keys()) expect(['state-move', 'delete', 'claim'], key).toContain(RACES[key]?.class);
    const classes = Object.values(RACES).reduce((m, e) => m.set(e.class, (m.get(e.class) ?? 0) + 1), new Map<string, number>());
    console.log(`races: ${nonGet.length} routes: ${[...classes].map(([c, n]) => `${c} ${n}`).join(', ')}`);
  });

  it(`answers ${K} requests at once as the route's class says: no 5xx, one winner or all applied, no event twice`, async () => {
    const failures: string[] = [];
    const started = Date.now();
    const slow: [string, number][] = [];
    // in the table's order (a route that changes what others stand on comes after them); routes without an entry are
    // named by the test above
    for (const [key, entry] of Object.entries(RACES)) {
      const route = nonGet.find((r) => routeKey(r) === key);
      if (!route || (ONLY && !ONLY.test(key))) continue;
      const t0 = Date.now();
      let problems: string[];
      try {
        problems = await raceOf(route, entry);
      } catch (err) {
        problems = [`set-up or read-back failed: ${(err as Error).message}`];
      }
      slow.push([routeKey(route), Date.now() - t0]);
      if (problems.length) failures.push(`${routeKey(route)} [${entry.class}]\n    ${problems.join('\n    ')}`);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    slow.sort((a, b) => b[1] - a[1]);
    console.log(
      `races: ${slow.length} routes in ${seconds} s, ${failures.length} failing; slowest: ${slow
        .slice(0, 5)
        .map(([k, ms]) => `${k} ${ms} ms`)
        .join(', ')}`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
  }, 900_000);
});
