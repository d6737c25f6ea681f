import { Kind, parse, type OperationDefinitionNode, type TypeNode } from 'graphql';
import { api, newUser, randomIp, gatewayUrl, PASSWORD, type ApiResponse, type TestUser } from './helpers.js';
import { DEVICE, AGENT, KINDS, type Kind as ProviderKind, contextToken, setupProvider, uniqueName, createConnector, allowOrigins, issueToken, invite, accept } from './workspace-helpers.js';
import { areaBody, facilityBody, vehicleBody, parkingBody, uniqueCode } from './lsp-helpers.js';
import { routes, type RouteSpec } from '../rest-bridge/routes/index.js';
import { ORIGIN as IOT_ORIGIN, trackerRule, newImei } from './iot-helpers.js';

/**
 * One tenant with a record of every kind the REST routes address (for the hardening tests: extreme numbers, explicit
 * nulls): a workspace owned by a user, a provider of each kind, an LSP context, a fleet with a vehicle, a parking
 * facility, a warehouse, a hub, an agent, a coverage area and route, a connector with an access token, a member, an
 * API key, and for the IoT family an IoT connector, a rule, a topic and a device of the workspace's IoTSP (the device
 * speaks the rule, publishes on the topic and rides in the vehicle; the rule and the topic have the IoT connector
 * assigned). `request(route, …)` fills a route's path parameters and credential headers from it.
 *
 * Rate limits count per credential (100 a minute): every credential here is re-issued after 40 uses.
 */

export const ORIGIN = 'https://shop.hardening.example';

export interface World {
  owner: TestUser;
  wid: string;
  providers: Record<ProviderKind, { id: string; code: string }>;
  fleetId: string;
  vehicleId: string;
  parkingId: string;
  warehouseId: string;
  hubId: string;
  agentId: string;
  areaId: string;
  routeId: string;
  connectorId: string;
  connectorSecret: string;
  accessToken: string;
  apiKeyId: string;
  /** A webhook endpoint of the workspace (docs/events.md "Webhooks"), for order.rated, to a port nothing listens on. */
  webhookEndpointId: string;
  apiKey: string;
  member: TestUser;
  /** Fresh credentials (each reissued after 40 uses). */
  userToken(): Promise<string>;
  lspToken(): Promise<string>;
  cspToken(): Promise<string>;
  /** A utilities API key of the workspace (a fresh key after 40 uses). */
  utilitiesKey(): Promise<string>;
  /** A workspace API key with the `queries` scope (rotated like the utilities key). */
  queriesKey(): Promise<string>;
  /** A workspace API key with the `pipelines` and `pipelines:admin` scopes (a fresh key after 8 uses: deployments are limited to 10 a minute per key). */
  pipelinesKey(): Promise<string>;
  /** The pipelines family: a DRAFT template, a pipeline (one short WAIT), one of its executions. */
  templateId: string;
  /** A PUBLISHED template (deployable), and a second pipeline that PATCH routes change (its limits never hold the first back). */
  publishedTemplateId: string;
  pipelineId: string;
  patchPipelineId: string;
  executionId: string;
  /**
   * A CSP's client (the commerce family, docs/orders.md): an origin the CSP connector allows and a draft intent made
   * from it (two stops, one package). Clients are counted per origin: a fresh one after 40 uses.
   */
  client(): Promise<Client>;
  /** The client last handed out (its intent's package code and stop numbers name the paths). */
  lastClient?: Client;
  /** An order placed with a card payment through the world's LSP (for the service routes and the LSP desk). */
  placed: Client & { reference: string };
  /** The DEV provider's context token (the OWNER's), a developer of it, and an FAQ of the LSP linked to its hub. */
  devToken(): Promise<string>;
  developerId: string;
  faqReference: string;
  /**
   * The IoTSP's context token (the IoT family's tenant, docs/iot.md), an IoT connector of it (assigned to the rule and
   * the topic), and its ACTIVE rule, topic and device.
   */
  iotspToken(): Promise<string>;
  iotConnectorId: string;
  ruleReference: string;
  topicReference: string;
  deviceReference: string;
}

export interface Client {
  origin: string;
  token: string;
  ptc: string;
}

/** Counts uses of a credential and mints a new one after `max`. */
function rotating(mint: () => Promise<string>, max = 40): () => Promise<string> {
  let current: Promise<string> | undefined;
  let uses = 0;
  return async () => {
    if (!current || uses >= max) {
      current = mint();
      uses = 0;
    }
    uses++;
    return current;
  };
}

async function must<T = any>(res: ApiResponse<T>, status: number, what: string): Promise<T> {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const setA = (token: string) => ({ 'svc-auth-token': token, 'svc-user-agent': AGENT, 'svc-auth-device': DEVICE });
const callA = (method: string, path: string, token: string, body?: unknown) => api(method, path, { body, headers: setA(token) });

async function login(user: TestUser): Promise<string> {
  const res = await api('POST', '/v1/auth/login', { body: { email: user.email, password: PASSWORD, deviceId: DEVICE } });
  return (await must(res, 200, 'login')).accessToken;
}

export async function buildWorld(): Promise<World> {
  const owner = await newUser({ name: 'Hardening owner', phone: '+254700000009' });
  const userToken = rotating(() => login(owner));
  const ws = await must(await callA('POST', '/v1/workspace', await userToken(), { name: uniqueName('Hardening') }), 201, 'workspace');
  const wid = ws.data.workspace.id as string;
  const providers = {} as World['providers'];
  for (const kind of KINDS) {
    const p = await setupProvider(await userToken(), wid, kind, { type: kind === 'lsp' ? 'CARRIER' : 'VENDOR' });
    providers[kind] = { id: p.id, code: p.code };
  }
  const lspToken = rotating(async () => contextToken(await userToken(), wid, 'lsp', providers.lsp.code));
  const cspToken = rotating(async () => contextToken(await userToken(), wid, 'csp', providers.csp.code));

  const fleet = await must(await callA('POST', '/v1/lsp/fleets/create', await lspToken(), facilityBody()), 201, 'fleet');
  const vehicle = await must(await callA('POST', `/v1/lsp/fleets/${fleet.data.id}/vehicles/add`, await lspToken(), vehicleBody()), 201, 'vehicle');
  const parking = await must(await callA('POST', '/v1/lsp/fleet/parking/facilities', await lspToken(), parkingBody()), 201, 'parking');
  const warehouse = await must(await callA('POST', '/v1/lsp/warehouses/create', await lspToken(), facilityBody({ type: 'FULFILLMENT' })), 201, 'warehouse');
  const hub = await must(await callA('POST', '/v1/lsp/hubs/create', await lspToken(), facilityBody({ type: 'DISTRIBUTION' })), 201, 'hub');
  const area = await must(await callA('POST', '/v1/lsp/coverage/areas/last_mile', await lspToken(), areaBody()), 201, 'area');
  const route = await must(
    await callA('POST', '/v1/lsp/coverage/routes/line_haul', await lspToken(), {
      name: uniqueName('Route'),
      code: uniqueCode('ROUTE'),
      reach: 'NATIONAL',
      transit: { mode: 'GROUND', time: { min: { hour: 6 }, max: { hour: 12 } } },
    }),
    201,
    'route',
  );

  const agentUser = await newUser({ name: 'Hardening agent' });
  const inv = await must(await callA('POST', '/v1/lsp/agents/invitations', await lspToken(), { name: uniqueName('Agent'), phone: '+254722000111' }), 201, 'agent invitation');
  const agent = await must(await callA('POST', '/v1/lsp/agents/invitations/accept', agentUser.accessToken, { token: inv.data.token }), 201, 'agent');

  const connector = await createConnector(await userToken(), wid, 'lsp', providers.lsp.code);
  await allowOrigins(await userToken(), wid, 'lsp', providers.lsp.code, connector.connectorId, [ORIGIN]);
  const token = await must(await issueToken(connector.connectorId, connector.secret, ORIGIN), 201, 'access token');

  const key = await must(await callA('POST', `/v1/workspace/${wid}/api-keys`, await userToken(), { name: 'hardening', scopes: ['utilities'] }), 201, 'api key');
  const hook = await must(
    await callA('POST', `/v1/workspace/${wid}/webhooks`, await userToken(), { url: 'http://127.0.0.1:9/hooks', types: ['order.rated'], description: 'hardening' }),
    201,
    'webhook endpoint',
  );

  const member = await newUser({ name: 'Hardening member' });
  const memberInv = await invite(await cspToken(), 'coordinator', { name: uniqueName('Member') });
  await accept(member, memberInv.token);

  // the commerce family: the LSP covers Rotterdam; a CSP connector allows the clients' origins (a new connector every 50)
  await must(await callA('PATCH', `/v1/lsp/coverage/areas/${area.area.id}/last_mile`, await lspToken(), { status: 'ACTIVE', country: 'NL', cities: ['Rotterdam'] }), 200, 'activate area');
  let shop = '';
  let origins: string[] = [];
  let n = 0;
  const newClient = async (): Promise<Client> => {
    if (!shop || origins.length >= 50) {
      shop = (await createConnector(await userToken(), wid, 'csp', providers.csp.code)).connectorId;
      origins = [];
    }
    const origin = `https://client-${n++}-${Date.now().toString(36)}.hardening.example`;
    origins.push(origin);
    await allowOrigins(await userToken(), wid, 'csp', providers.csp.code, shop, origins);
    const intent = await must(await api('POST', '/v1/order/intent', { body: { clientId: 'hardening' }, headers: { origin } }), 201, 'intent');
    const headers = { origin, 'x-intent-token': intent.data.token };
    await must(
      await api('PUT', '/v1/order/waypoints/add', {
        body: [
          { type: 'pickup', coordinates: [51.92, 4.4869] },
          { type: 'dropoff', coordinates: [51.9175, 4.5256] },
        ],
        headers,
      }),
      201,
      'stops',
    );
    const pkg = await must(await api('PUT', '/v1/order/packages/add', { body: [{ waypointNo: 1, category: 'PARCEL', weight: 1 }], headers }), 201, 'package');
    return { origin, token: intent.data.token, ptc: pkg.data[0].ptc };
  };
  const client = rotating(async () => JSON.stringify(await newClient()));
  const placedClient = await newClient();
  let quoteId: string | undefined;
  for (let i = 0; i < 100 && !quoteId; i++) {
    const offers = await api('GET', '/v1/order/operators', { headers: { origin: placedClient.origin, 'x-intent-token': placedClient.token } });
    quoteId = offers.body.data?.[0]?.quoteId;
    if (!quoteId) await new Promise((r) => setTimeout(r, 100));
  }
  const placedOrder = await must(
    await api('POST', '/v1/order/service', { body: { quoteId, payment: { mode: 'card' } }, headers: { origin: placedClient.origin, 'x-intent-token': placedClient.token } }),
    201,
    'placed order',
  );

  // the DEV family: a developer of the DEV provider, and an FAQ of the LSP linked to its hub (docs/dev.md)
  const devToken = rotating(async () => contextToken(await userToken(), wid, 'dev', providers.dev.code));
  const setB = (t: string) => ({ 'X-Auth-Token': t, 'X-User-Agent': AGENT, 'X-Auth-Device': DEVICE });
  const devUser = await newUser({ name: 'Hardening developer' });
  const devInv = await must(
    await api('POST', `/v1/devs/${providers.dev.code}/developers/invitations`, { headers: setB(await devToken()), body: { phone: '+254733000111', name: uniqueName('Developer') } }),
    201,
    'developer invitation',
  );
  await accept(devUser, devInv.data.token);
  const developers = await must(await api('GET', `/v1/devs/${providers.dev.code}/developers`, { headers: setB(await devToken()) }), 200, 'developers');
  const faq = await must(
    await api('POST', `/v1/lsps/${providers.lsp.code}/faqs`, {
      headers: setB(await lspToken()),
      body: { version: '1.0', question: 'Where is the hub entrance?', answer: 'At the north gate.', tags: ['hub'] },
    }),
    201,
    'faq',
  );
  await must(
    await api('PUT', `/v1/lsps/${providers.lsp.code}/faqs/${faq.data.reference}/context/add`, { headers: setB(await lspToken()), body: { context: { type: 'HUB', id: hub.data.id } } }),
    200,
    'faq context',
  );

  // the IoT family (docs/iot.md): the IoTSP is the tenant of its context token; rule routes also need `origin`
  const iotspToken = rotating(async () => contextToken(await userToken(), wid, 'iotsp', providers.iotsp.code));
  const iot = async (method: string, path: string, body?: unknown) => api(method, path, { body, headers: { ...setA(await iotspToken()), origin: IOT_ORIGIN } });
  const iotConnector = await createConnector(await userToken(), wid, 'iotsp', providers.iotsp.code, {
    type: 'IOT',
    config: { protocol: 'mqtt', version: 'v1', scope: ['telemetry:write'] },
  });
  const rule = await must(await iot('POST', '/v1/iotsp/rules/add', trackerRule({ tags: ['hardening'] })), 201, 'iot rule');
  const topic = await must(
    await iot('POST', '/v1/iotsp/topics/register', { path: `hardening/${uniqueCode('T').toLowerCase()}/+/report`, qos: 1, description: 'Hardening reports', tags: ['hardening'] }),
    201,
    'iot topic',
  );
  for (const kind of ['rules', 'topics']) {
    const reference = kind === 'rules' ? rule.data.reference : topic.data.reference;
    await must(await iot('PUT', `/v1/iotsp/${kind}/${reference}/connector/assign`, { connectorId: iotConnector.connectorId }), 200, `assign ${kind} connector`);
  }
  const device = await must(
    await iot('POST', '/v1/iotsp/devices', {
      externalId: newImei(),
      rule: rule.data.reference,
      topic: topic.data.reference,
      vehicleId: vehicle.data.id,
      name: 'Hardening tracker',
      tags: ['hardening'],
    }),
    201,
    'iot device',
  );

  const utilitiesKey = rotating(async () => {
    const res = await callA('POST', `/v1/workspace/${wid}/api-keys`, await userToken(), { name: 'hardening', scopes: ['utilities'] });
    return (await must(res, 201, 'api key')).data.key as string;
  });

  const queriesKey = rotating(async () => {
    const res = await callA('POST', `/v1/workspace/${wid}/api-keys`, await userToken(), { name: 'hardening queries', scopes: ['queries'] });
    return (await must(res, 201, 'api key')).data.key as string;
  });

  const pipelinesKey = rotating(async () => {
    const res = await callA('POST', `/v1/workspace/${wid}/api-keys`, await userToken(), { name: 'hardening pipelines', scopes: ['pipelines', 'pipelines:admin'] });
    return (await must(res, 201, 'api key')).data.key as string;
  }, 8);
  const pl = async (method: string, path: string, body?: unknown) => api(method, `/v1/pipelines${path}`, { body, headers: { authorization: `Bearer ${await pipelinesKey()}` } });
  const stages = [{ name: 'pause', action: 'WAIT', wait: { type: 'DURATION', duration: 10 } }];
  const draft = await must(await pl('POST', '/templates', { name: uniqueName('Draft'), version: '1.0.0', stages }), 201, 'template');
  const published = await must(await pl('POST', '/templates', { name: uniqueName('Published'), version: '1.0.0', stages }), 201, 'template');
  await must(await pl('POST', `/templates/${published.data.id}/publish`), 200, 'publish');
  const pipeline = await must(await pl('POST', '/deploy', { templateId: published.data.id, name: 'Hardening' }), 201, 'pipeline');
  const patchPipeline = await must(await pl('POST', '/deploy', { templateId: published.data.id, name: 'Hardening (patched)' }), 201, 'pipeline');
  const execution = await must(await pl('POST', `/${pipeline.data.id}/execute`, { metadata: { hardening: true } }), 201, 'execution');

  const world: World = {
    owner,
    wid,
    providers,
    utilitiesKey,
    queriesKey,
    pipelinesKey,
    templateId: draft.data.id,
    publishedTemplateId: published.data.id,
    pipelineId: pipeline.data.id,
    patchPipelineId: patchPipeline.data.id,
    executionId: execution.data.id,
    client: async () => (world.lastClient = JSON.parse(await client()) as Client),
    placed: { ...placedClient, reference: placedOrder.data.reference },
    devToken,
    developerId: developers.data[0].id,
    faqReference: faq.data.reference,
    iotspToken,
    iotConnectorId: iotConnector.connectorId,
    ruleReference: rule.data.reference,
    topicReference: topic.data.reference,
    deviceReference: device.data.device.reference,
    fleetId: fleet.data.id,
    vehicleId: vehicle.data.id,
    parkingId: parking.data.id,
    warehouseId: warehouse.data.id,
    hubId: hub.data.id,
    agentId: agent.data.id,
    areaId: area.area.id,
    routeId: route.route.id,
    connectorId: connector.connectorId,
    connectorSecret: connector.secret,
    accessToken: token.data.accessToken,
    apiKeyId: key.data.apiKey.id,
    webhookEndpointId: hook.data.endpoint.id,
    apiKey: key.data.key,
    member,
    userToken,
    lspToken,
    cspToken,
  };
  return world;
}

/** The provider kind a route's path names (`/v1/:wid/lsp/...`, connectors: `:ctype`). */
function kindOf(path: string): ProviderKind {
  const m = /^\/v1\/:wid\/(csp|dev|lsp|iotsp)s?(\/|$)/.exec(path);
  return (m?.[1] as ProviderKind | undefined) ?? 'lsp';
}

/** The concrete path of a route in this world (`overrides` replace parameters). */
export function pathOf(w: World, route: RouteSpec, overrides: Record<string, string> = {}): string {
  const p = route.path;
  const idOf = (): string => {
    if (p.startsWith('/v1/lsp/fleets/')) return w.fleetId;
    if (p.startsWith('/v1/lsp/fleet/parking/')) return w.parkingId;
    if (p.startsWith('/v1/lsp/warehouses/')) return w.warehouseId;
    if (p.startsWith('/v1/lsp/hubs/')) return w.hubId;
    if (p.startsWith('/v1/lsp/agents/')) return w.agentId;
    if (p.startsWith('/v1/lsp/coverage/areas/')) return w.areaId;
    if (p.startsWith('/v1/lsp/coverage/routes/')) return w.routeId;
    if (p.includes('/connectors/')) return w.connectorId;
    if (p.includes('/api-keys/')) return w.apiKeyId;
    if (p.includes('/webhooks/')) return w.webhookEndpointId;
    if (p.startsWith('/v1/client/')) return 'hardening';
    if (p.startsWith('/v1/devs/')) return w.developerId;
    return '00000000-0000-4000-8000-000000000000';
  };
  const values: Record<string, string> = {
    wid: w.wid,
    xcode: p.startsWith('/v1/devs/') ? w.providers.dev.code : w.providers[kindOf(p)].code,
    ctype: 'lsp',
    id: idOf(),
    vid: w.vehicleId,
    userId: p.startsWith('/v1/workspace') ? w.member.id : w.owner.id,
    type: p.includes('/coverage/routes') ? 'line_haul' : p.startsWith('/v1/client/') ? 'all' : 'last_mile',
    action: p.includes('/connectors/') ? 'enable' : p.includes('/orders/') ? 'assign' : 'add',
    as: 'coordinator',
    // the commerce family: the stop and package of the client the credential names, the placed order and the desks
    no: '1',
    PTC: w.lastClient?.ptc ?? w.placed.ptc,
    reference: p.includes('/faqs/')
      ? w.faqReference
      : p.startsWith('/v1/iotsp/rules/')
        ? w.ruleReference
        : p.startsWith('/v1/iotsp/topics/')
          ? w.topicReference
          : p.startsWith('/v1/iotsp/devices/')
            ? w.deviceReference
            : w.placed.reference,
    // the IoT family: the world's rule and topic are ACTIVE (a move to `active` is 409 and changes nothing)
    status: 'active',
    // the DEV family: the world's FAQ is ACTIVE and unlocked (restore and unlock are 409), an invitation id no one holds
    operation: 'restore',
    lockstate: 'unlock',
    invitationId: '00000000-0000-4000-8000-000000000000',
    icode: p.startsWith('/v1/rsps/') ? w.providers.csp.code : w.providers.lsp.code,
    to: w.agentId,
    // the queries family: the world's warehouse, as the registry names it
    lsp: w.providers.lsp.code,
    serviceId: w.warehouseId,
    compositeId: `${w.providers.lsp.code}:${w.warehouseId}`,
    // the pipelines family: the world's records; a delivery id no one holds
    templateId: w.templateId,
    pipelineId: route.method === 'PATCH' ? w.patchPipelineId : w.pipelineId,
    executionId: w.executionId,
    webhookId: '00000000-0000-4000-8000-000000000000',
    // the workspace's webhooks: a delivery id no one holds
    deliveryId: '00000000-0000-4000-8000-000000000000',
    ...overrides,
  };
  return p.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for :${name} in ${p}`);
    return encodeURIComponent(values[name]);
  });
}

/** Headers of a route's credential scheme in this world. */
export async function headersOf(w: World, route: RouteSpec): Promise<Record<string, string>> {
  const lspFamily = route.path.startsWith('/v1/lsp/') || route.path.startsWith('/v1/lsps/');
  const commerce = route.path.startsWith('/v1/order/') || route.path.startsWith('/v1/client/');
  const iotFamily = route.path.startsWith('/v1/iotsp/');
  switch (route.auth) {
    case 'none':
      return {};
    case 'user-bearer':
      return { authorization: `Bearer ${await w.userToken()}` };
    case 'set-a':
    case 'set-a-or-b':
    case 'set-b': {
      const token = lspFamily
        ? await w.lspToken()
        : iotFamily
          ? await w.iotspToken()
          : route.path.startsWith('/v1/devs/')
            ? await w.devToken()
            : route.path.startsWith('/v1/csp/invitation') || route.path.startsWith('/v1/rsps/')
              ? await w.cspToken()
              : await w.userToken();
      return route.auth === 'set-b' ? { 'X-Auth-Token': token, 'X-User-Agent': AGENT, 'X-Auth-Device': DEVICE } : setA(token);
    }
    case 'origin':
      return commerce ? { origin: (await w.client()).origin } : { origin: ORIGIN };
    case 'origin+svc-user-agent':
      return { origin: ORIGIN, 'svc-user-agent': 'shop/2.1' };
    case 'origin+set-a':
      // the IoT rules and get-topic: `origin` and the IoTSP's context in set A
      return { origin: IOT_ORIGIN, ...setA(await w.iotspToken()) };
    case 'origin+intent-token': {
      // the service and tracking-link routes act on the placed order; the others on a draft intent
      const c = route.path.startsWith('/v1/order/service') || route.path.startsWith('/v1/order/tracking-links') ? w.placed : await w.client();
      return { origin: c.origin, 'x-intent-token': c.token };
    }
    case 'api-key':
      return { authorization: `Bearer ${route.path.startsWith('/v1/pipelines') ? await w.pipelinesKey() : await w.utilitiesKey()}` };
    case 'api-key+workspace':
      return { authorization: `Bearer ${await w.queriesKey()}`, 'X-Workspace-ID': w.wid };
  }
}

/** Calls a route of this world. A string body is sent as raw JSON text. */
export async function request(w: World, route: RouteSpec, body?: unknown, overrides: Record<string, string> = {}): Promise<ApiResponse> {
  const headers = await headersOf(w, route);
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  return api(route.method, pathOf(w, route, overrides), { body, headers });
}

/** The failure of a route's envelope: its code and field. */
export function failureOf(route: RouteSpec, res: ApiResponse): { code?: string; field?: string } {
  const b = res.body ?? {};
  return route.envelope === 'user' ? { code: b.code, field: b.field } : { code: b.status, field: b.field };
}

/** The code a route answers for bad input (utilities: UTILITY::VALIDATION_FAILED). */
export const validationCodeOf = (route: RouteSpec) => (route.errorCodes as Record<string, string> | undefined)?.VALIDATION_ERROR ?? 'VALIDATION_ERROR';

export const routeKey = (route: RouteSpec) => `${route.method} ${route.path}`;
export { routes, type RouteSpec };

// ───────────────────────────── the schema, for the input types of bodies ─────────────────────────────

export interface InputField {
  name: string;
  /** Named type (Float, Int, String, an input type …). */
  type: string;
  kind: 'SCALAR' | 'ENUM' | 'INPUT_OBJECT';
  list: boolean;
  nonNull: boolean;
}

let schemaTypes: Promise<Map<string, InputField[]>> | undefined;

/** Every input object type of the supergraph with its fields (introspection at the gateway). */
export function inputTypes(): Promise<Map<string, InputField[]>> {
  schemaTypes ??= (async () => {
    const query = `{ __schema { types { kind name inputFields { name type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }`;
    const res = await fetch(gatewayUrl(), { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() }, body: JSON.stringify({ query }) });
    const body = await res.json();
    const out = new Map<string, InputField[]>();
    for (const t of body.data.__schema.types) {
      if (t.kind !== 'INPUT_OBJECT') continue;
      out.set(
        t.name,
        t.inputFields.map((f: any) => {
          let ty = f.type;
          const nonNull = ty.kind === 'NON_NULL';
          let list = false;
          while (ty.kind === 'NON_NULL' || ty.kind === 'LIST') {
            if (ty.kind === 'LIST') list = true;
            ty = ty.ofType;
          }
          return { name: f.name, type: ty.name, kind: ty.kind, list, nonNull } satisfies InputField;
        }),
      );
    }
    return out;
  })();
  return schemaTypes;
}

const named = (t: TypeNode): string => (t.kind === Kind.NAMED_TYPE ? t.name.value : named(t.type));

/** The GraphQL input type of a route's body (`bodyVariable`), if it has one. */
export function bodyTypeOf(route: RouteSpec): string | undefined {
  if (!route.bodyVariable) return undefined;
  const op = parse(route.operation).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const v = op.variableDefinitions?.find((d) => d.variable.name.value === route.bodyVariable);
  return v ? named(v.type) : undefined;
}
