// The bench's fixtures and REST helpers: the shared workspace, LSP, fleets, API key and positions; call, rest, waitFor.
/**
 * `npm run bench` fixtures, made through the platform's own REST and GraphQL APIs: one user (register), a workspace
 * with an LSP provider, a provider-context token, fleets with vehicles, a workspace API key with the utilities scope,
 * and BENCH_POSITIONS vehicle positions (loadPositions: batches of 500 through the `reportVehiclePositions` mutation,
 * deterministic positions around Nairobi; sections/utilities.ts loads its own the same way).
 *
 * For the `operators` route (`GET /v1/order/operators`, the commerce family), when asked: in the same workspace a CSP
 * whose connector allows a shop origin of this run, COMMERCE_LSPS LSPs with AREAS_PER_LSP ACTIVE last-mile areas each
 * (most name Rotterdam, the others other Dutch cities, so every LSP serves the intent), the first half of them with a
 * hub carrying a PER_KM delivery rule (their quotes come from their own rules, the others' from the utilities'
 * delivery fare), and a client's intent with two stops in Rotterdam and one package; then it waits until the commerce
 * family's copy of the LSP coverage (fed from the event log) offers every LSP.
 *
 * The `faqs` route's fixtures (two LSPs with FAQ knowledge bases of 1,000 and 100,000 FAQs) are made by
 * sections/faqs.ts; their shape (FaqFixtures) is declared here with the other fixtures', which sections/faqs.ts imports.
 *
 * Also the REST helpers every section uses: `call` (a status and envelope that say success, else an error), `rest`
 * (a status below 300), `register` / `createWorkspace` / `createApiKey` (a section's own user, workspace and key),
 * header sets A and B, and `waitFor` / `until` (polling until something is there).
 */
import pg from 'pg';
import { radiusQuery } from '../../subgraphs/utilities/nearby/store.js';

export const AGENT = 'bench/1.0';
export const DEVICE = 'bench-device';

export const CENTRE = { lat: -1.2864, lng: 36.8172 }; // Nairobi
export const SPREAD_KM = 30;

export interface Fixtures {
  user: { email: string; accessToken: string; userId: string; sessionId: string };
  workspaceId: string;
  lsp: { providerId: string; code: string; contextToken: string; userId: string; sessionId: string; role: string };
  fleets: { id: string; vehicles: number }[];
  apiKey: { key: string; keyId: string; scopes: string[] };
  positions: { count: number; seconds: number };
  /** The `operators` route's fixtures (made only when that route is measured). */
  commerce?: CommerceFixtures;
  /** The `faqs` route's fixtures (sections/faqs.ts; made only when that route is measured). */
  faqs?: FaqFixtures;
}

/** One LSP's FAQ knowledge base of the `faqs` route (made by sections/faqs.ts's seedFaqs). */
export interface FaqBase {
  /** How many FAQs it holds. */
  size: number;
  code: string;
  contextToken: string;
  /** Words of its vocabulary (`dev.faq_term`). */
  terms: number;
}

/** The `faqs` route's fixtures (sections/faqs.ts). */
export interface FaqFixtures {
  bases: FaqBase[];
  /** Seconds through the REST route (FAQS_BY_API per base), by SQL, and for VACUUM ANALYZE. */
  apiSeconds: number;
  sqlSeconds: number;
  analyzeSeconds: number;
}

/** How many LSPs serve the bench's intent, and how many ACTIVE coverage areas each has. */
export const COMMERCE_LSPS = 20;
export const AREAS_PER_LSP = 10;
/** Of each LSP's areas, how many name Rotterdam (the rest name other Dutch cities, which the intent's stops are not in). */
const ROTTERDAM_AREAS = 7;
const OTHER_CITIES = ['Amsterdam', 'Utrecht', 'Eindhoven'];
/** The intent's stops, [lat, lng] (Markthal and Erasmus University, Rotterdam). */
const PICKUP = [51.92, 4.4869];
const DROPOFF = [51.9175, 4.5256];

export interface CommerceFixtures {
  /** The shop's origin (unique to the run: an origin another connector also lists would answer for that one). */
  origin: string;
  cspCode: string;
  connectorId: string;
  /** The intent (its order id, reference and token). */
  orderId: string;
  reference: string;
  intentToken: string;
  /** The LSPs serving the intent; `priced`: with a hub carrying a delivery rule. */
  lsps: { code: string; areas: number; priced: boolean }[];
  /** Seconds to make the fixtures, and then until the operators route offered every LSP. */
  seconds: number;
  syncSeconds: number;
}

export interface Urls {
  bridge: string;
  gateway: string;
}

/** The claims of a JWT (not verified: the bench only reads ids out of its own tokens). */
export const jwtClaims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub?: string; sid?: string; pid?: string; pc?: string; role?: string };

/** Header set A (`device`: the device the session is bound to). */
export const setA = (token: string, device = DEVICE): Record<string, string> => ({ 'svc-auth-token': token, 'svc-user-agent': AGENT, 'svc-auth-device': device });

/** Header set B. */
export const setB = (token: string): Record<string, string> => ({ 'X-Auth-Token': token, 'X-User-Agent': AGENT, 'X-Auth-Device': DEVICE });

// ───────────────────────────── REST calls ─────────────────────────────

/** One request with a JSON body (when there is one): its status, text, and the text parsed (the text when it is not JSON). */
async function send(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; text: string; parsed: unknown }> {
  const res = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, text, parsed };
}

/** One REST call; throws unless the status is expected and the envelope says success. `T`: the answer's shape. */
export async function call<T>(method: string, url: string, headers: Record<string, string>, body?: unknown, expect = [200, 201]): Promise<T> {
  const { status, text, parsed } = await send(method, url, headers, body);
  const envelope = parsed && typeof parsed === 'object' ? (parsed as { errors?: unknown; error?: unknown; success?: unknown }) : undefined;
  if (!expect.includes(status) || (envelope && (envelope.errors || envelope.error === true || envelope.success === false))) {
    throw new Error(`${method} ${url}: ${status} ${text.slice(0, 500)}`);
  }
  return parsed as T;
}

/** One REST call of `path` on `base`; throws only on a status of 300 or more (the envelope is the caller's to read). */
export async function rest<T>(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const { status, text, parsed } = await send(method, base + path, headers, body);
  if (status >= 300) throw new Error(`${method} ${path}: ${status} ${text.slice(0, 300)}`);
  return parsed as T;
}

let registered = 0;

/**
 * A new user (`POST /v1/auth/register`), whose access token is also the owner's credential of the workspaces it makes;
 * `deviceId`: the device its session is bound to (then header set A names it).
 */
export async function register(bridge: string, o: { stamp?: string; deviceId?: string } = {}): Promise<{ email: string; accessToken: string }> {
  const email = `bench-${o.stamp ?? `${Date.now().toString(36)}-${++registered}`}@example.test`;
  const reg = await call<{ accessToken: string }>(
    'POST',
    `${bridge}/v1/auth/register`,
    {},
    { email, password: 'correct horse battery', name: 'Bench User', ...(o.deviceId ? { deviceId: o.deviceId } : {}) },
  );
  return { email, accessToken: reg.accessToken };
}

/** A new workspace of the owner (`owner`: header set A); its id. */
export async function createWorkspace(bridge: string, owner: Record<string, string>, name: string): Promise<string> {
  const ws = await call<{ data: { workspace: { id: string } } }>('POST', `${bridge}/v1/workspace`, owner, { name });
  return ws.data.workspace.id;
}

/** A new API key of the workspace with `scopes`. */
export async function createApiKey(bridge: string, owner: Record<string, string>, workspaceId: string, name: string, scopes: string[]): Promise<{ key: string; keyId: string }> {
  const key = await call<{ data: { key: string; id?: string; keyId?: string; apiKey?: { id?: string } } }>('POST', `${bridge}/v1/workspace/${workspaceId}/api-keys`, owner, { name, scopes });
  return { key: String(key.data.key), keyId: String(key.data.id ?? key.data.apiKey?.id ?? key.data.keyId) };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `check` every `everyMs` until it answers true (then true), or until `timeoutMs` have passed (then false). */
export async function until(check: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await sleep(everyMs);
  }
  return true;
}

/** `until`, and an error naming `what` when `timeoutMs` have passed. */
export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 300_000, everyMs = 100): Promise<void> {
  if (!(await until(check, timeoutMs, everyMs))) throw new Error(`${what}: not done in ${timeoutMs / 1000} s`);
}

// ───────────────────────────── the shared fixtures ─────────────────────────────

/** A deterministic pseudo-random sequence (two runs load the same positions, and every layer gets the same requests). */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** A point uniformly spread over a disc of SPREAD_KM around the centre. */
export function pointFrom(random: () => number): { lat: number; lng: number } {
  const r = SPREAD_KM * Math.sqrt(random());
  const a = 2 * Math.PI * random();
  return { lat: CENTRE.lat + (r / 111.2) * Math.sin(a), lng: CENTRE.lng + (r / (111.2 * Math.cos((CENTRE.lat * Math.PI) / 180))) * Math.cos(a) };
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
/** A vehicle identification number drawn from `random`. */
export const vin = (random: () => number) => Array.from({ length: 17 }, () => VIN_CHARS[Math.floor(random() * VIN_CHARS.length)]).join('');

// ───────────────────────────── providers, areas, fleets ─────────────────────────────

/** A provider's setup: its type, name, contacts and address. */
interface ProviderSetup {
  type: string;
  name: string;
  contacts: { emails: string[]; phones: string[] };
  address: { city: string; country: string; coordinates: number[] };
}

/**
 * A provider of the workspace (`POST /v1/:wid/<kind>/setup`, by the owner: header set A) and a provider-context token
 * (`GET /v1/:wid/<kind>/:code/context`, bound to DEVICE).
 */
export async function createProvider(
  bridge: string,
  owner: Record<string, string>,
  workspaceId: string,
  kind: 'lsp' | 'iotsp',
  setup: ProviderSetup,
): Promise<{ id: string; code: string; contextToken: string }> {
  const provider = await call<{ data: { id: string; code: string } }>('POST', `${bridge}/v1/${workspaceId}/${kind}/setup`, owner, setup);
  const ctx = await call<{ data: { token: string } }>('GET', `${bridge}/v1/${workspaceId}/${kind}/${provider.data.code}/context`, owner);
  return { id: provider.data.id, code: provider.data.code, contextToken: ctx.data.token };
}

/** An ACTIVE last-mile coverage area in `city`, NL, of the LSP whose context token is in `lsp` (header set A). */
export async function activeArea(bridge: string, lsp: Record<string, string>, name: string, code: string, city: string): Promise<void> {
  const area = await call<{ area: { id: string } }>('POST', `${bridge}/v1/lsp/coverage/areas/last_mile`, lsp, {
    name,
    code,
    reach: 'LOCAL',
    transit: { mode: 'GROUND', time: { min: { hour: 1 }, max: { hour: 6 } } },
    country: 'NL',
    city,
  });
  await call('PATCH', `${bridge}/v1/lsp/coverage/areas/${area.area.id}/last_mile`, lsp, { status: 'ACTIVE' });
}

/** A fleet at a depot in Nairobi of the LSP whose context token is in `lsp` (header set A); its id. */
export async function createFleet(bridge: string, lsp: Record<string, string>, f: { code: string; name: string; description: string; operatingHours: object[] }): Promise<string> {
  const fleet = await call<{ data: { id: string } }>('POST', `${bridge}/v1/lsp/fleets/create`, lsp, {
    type: 'URBAN_TRANSIT',
    code: f.code,
    name: f.name,
    description: f.description,
    contacts: { emails: ['fleet@bench.example'], phones: ['+254700000001'] },
    address: { name: 'Depot', street1: '1 Bench Rd', city: 'Nairobi', state: 'Nairobi', country: 'KE', coordinates: [CENTRE.lat, CENTRE.lng] },
    timezone: 'Africa/Nairobi',
    operatingMode: 'SCHEDULED',
    operatingHours: f.operatingHours,
  });
  return fleet.data.id;
}

/** An Isuzu truck of the fleet; its id. */
export async function addTruck(
  bridge: string,
  lsp: Record<string, string>,
  fleetId: string,
  t: { VIN: string; model: string; manufactured: number; registrationNumber: string; tonnes: number },
): Promise<string> {
  const vehicle = await call<{ data: { id: string } }>('POST', `${bridge}/v1/lsp/fleets/${fleetId}/vehicles/add`, lsp, {
    type: 'TRUCK',
    grade: 'STANDARD',
    ownership: 'OWNED',
    specs: {
      category: 'CARGO',
      VIN: t.VIN,
      brand: 'Isuzu',
      model: t.model,
      color: 'White',
      engine: 'DIESEL',
      mode: 'MANUAL',
      condition: 'GOOD',
      seats: 3,
      manufactured: t.manufactured,
      registrationNumber: t.registrationNumber,
      maxWeightCapacity: { value: t.tonnes, unit: 't' },
    },
  });
  return vehicle.data.id;
}

// ───────────────────────────── positions ─────────────────────────────

/** SQL written for MikroORM (`?` placeholders) as `pg` takes it (`$1`, `$2` …); no statement here has a literal `?`. */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/**
 * The plan of the radius search (subgraphs/utilities/nearby/store.ts `radiusQuery`: status AVAILABLE, limit 20) over
 * the workspace's positions at `point`, after ANALYZE (as autovacuum would after a bulk load; PGlite runs none);
 * `explain`: EXPLAIN's options.
 */
export async function radiusPlan(client: pg.Client, workspaceId: string, point: { lat: number; lng: number }, radiusM: number, explain: string): Promise<string> {
  await client.query('analyze utilities.live_vehicle_position');
  const q = radiusQuery(workspaceId, point.lat, point.lng, radiusM, { status: 'AVAILABLE' }, 20);
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (${explain}) ${numbered(q.sql)}`, q.params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** Removes the positions of the workspace (from DATABASE_URL, at the end of a run); how many. */
export async function removePositions(client: pg.Client, workspaceId: string): Promise<number> {
  const { rowCount } = await client.query('delete from utilities.live_vehicle_position where workspace_id = $1', [workspaceId]);
  return rowCount ?? 0;
}

const TYPES = ['CAR', 'CAR', 'CAR', 'MOTORBIKE', 'VAN', 'TRUCK'];
const STATUSES = ['AVAILABLE', 'AVAILABLE', 'BUSY', 'OFFLINE'];

/**
 * Loads `count` positions through the gateway with the API key (also sections/utilities.ts's), drawn from `random`
 * (which goes on from there for a caller that draws its requests after); seconds.
 */
export async function loadPositions(gateway: string, key: string, count: number, progress: (msg: string) => void, random = rng(42)): Promise<number> {
  const started = performance.now();
  const mutation = 'mutation Load($p: [VehiclePositionInput!]!) { reportVehiclePositions(positions: $p) { stored ignored } }';
  const batch = 500;
  let lastReport = started;
  for (let i = 0; i < count; i += batch) {
    const p = Array.from({ length: Math.min(batch, count - i) }, (_, j) => {
      const { lat, lng } = pointFrom(random);
      // the graph's GeoPointInput (REST's {lat, lng} is the bridge's to map)
      return { vehicleId: `veh-${i + j}`, type: TYPES[(i + j) % TYPES.length], status: STATUSES[(i + j) % STATUSES.length], location: { latitude: lat, longitude: lng } };
    });
    await call('POST', gateway, { authorization: `Bearer ${key}` }, { query: mutation, variables: { p } });
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      progress(`  ${(i + p.length).toLocaleString('en-US')} positions loaded`);
    }
  }
  return (performance.now() - started) / 1000;
}

export interface SeedOptions {
  positions: number;
  fleets: number;
  vehiclesPerFleet: number;
  /** Make the `operators` route's fixtures too. */
  commerce?: boolean;
}

/** The `origin` and `x-intent-token` headers of a client's call on its intent. */
export const intentHeaders = (c: CommerceFixtures): Record<string, string> => ({ origin: c.origin, 'x-intent-token': c.intentToken });

/** The `operators` route's fixtures (see the header comment), in the workspace the owner's `accessToken` owns. */
async function seedCommerce(bridge: string, accessToken: string, workspaceId: string, stamp: string, progress: (msg: string) => void): Promise<CommerceFixtures> {
  const started = performance.now();
  const owner = setA(accessToken);

  // a CSP and a connector that allows the shop's origin
  const origin = `https://bench-shop-${stamp}.example`;
  const csp = await call<{ data: { code: string } }>('POST', `${bridge}/v1/${workspaceId}/csp/setup`, owner, {
    type: 'VENDOR',
    name: `Bench Shop ${stamp}`,
    contacts: { emails: ['shop@bench.example'], phones: ['+31101234567'] },
    address: { city: 'Rotterdam', country: 'NL', coordinates: [51.9225, 4.47917] },
  });
  const connector = await call<{ connectorId: string }>('POST', `${bridge}/v1/${workspaceId}/csp/${csp.data.code}/connectors`, owner, {
    type: 'ASI',
    name: `Bench shop app ${stamp}`,
    description: 'Benchmark shop',
    config: { protocol: 'http1', version: 'v1', scope: ['orders:read'] },
  });
  await call('PATCH', `${bridge}/v1/${workspaceId}/csp/${csp.data.code}/connectors/${connector.connectorId}/access`, owner, { origins: [origin] });

  // the LSPs, each with its ACTIVE areas; the first half with a hub carrying a delivery rule
  progress(`making ${COMMERCE_LSPS} LSPs with ${AREAS_PER_LSP} ACTIVE coverage areas each ...`);
  const lsps: CommerceFixtures['lsps'] = [];
  for (let l = 0; l < COMMERCE_LSPS; l++) {
    const { code, contextToken } = await createProvider(bridge, owner, workspaceId, 'lsp', {
      type: 'CARRIER',
      name: `Bench Carrier ${l + 1} ${stamp}`,
      contacts: { emails: [`carrier${l + 1}@bench.example`], phones: ['+31101234568'] },
      address: { city: 'Rotterdam', country: 'NL', coordinates: [51.9225, 4.47917] },
    });
    const lsp = setA(contextToken);
    for (let a = 0; a < AREAS_PER_LSP; a++) {
      const city = a < ROTTERDAM_AREAS ? 'Rotterdam' : OTHER_CITIES[(a - ROTTERDAM_AREAS) % OTHER_CITIES.length];
      await activeArea(bridge, lsp, `${city} ${a + 1}`, `AREA-${a + 1}`, city);
    }
    const priced = l < COMMERCE_LSPS / 2;
    if (priced) {
      const hub = await call<{ data: { id: string } }>('POST', `${bridge}/v1/lsp/hubs/create`, lsp, {
        type: 'CROSS_DOCK',
        code: 'HUB-1',
        name: `Bench hub ${l + 1}`,
        description: 'Benchmark hub',
        contacts: { emails: ['hub@bench.example'], phones: ['+31101234569'] },
        address: { name: 'Hub', street1: 'Waalhaven 1', city: 'Rotterdam', state: 'ZH', country: 'NL', coordinates: [51.88, 4.43] },
        timezone: 'Europe/Amsterdam',
        operatingMode: 'SCHEDULED',
        operatingHours: [{ dayOfWeek: 'MONDAY', openTime: '06:00', closeTime: '22:00' }],
      });
      await call('PUT', `${bridge}/v1/lsp/hubs/${hub.data.id}/pricing/add`, lsp, { rule: { name: 'Per km', basis: 'PER_KM', rate: { amount: 1.5, currency: 'EUR' } } });
    }
    lsps.push({ code, areas: AREAS_PER_LSP, priced });
  }

  // the client's intent: two stops in Rotterdam, one package
  const intent = await call<{ data: { token: string; intent: { id: string; reference: string } } }>('POST', `${bridge}/v1/order/intent`, { origin }, { clientId: 'bench' });
  const c: CommerceFixtures = {
    origin,
    cspCode: csp.data.code,
    connectorId: connector.connectorId,
    orderId: intent.data.intent.id,
    reference: intent.data.intent.reference,
    intentToken: intent.data.token,
    lsps,
    seconds: 0,
    syncSeconds: 0,
  };
  await call('PUT', `${bridge}/v1/order/waypoints/add`, intentHeaders(c), [
    { type: 'pickup', coordinates: PICKUP, country: 'NL' },
    { type: 'dropoff', coordinates: DROPOFF, country: 'NL' },
  ]);
  await call('PUT', `${bridge}/v1/order/packages/add`, intentHeaders(c), [{ waypointNo: 1, category: 'PARCEL', weight: 2 }]);
  c.seconds = (performance.now() - started) / 1000;

  // the commerce family copies the coverage from the event log (within a second): wait until every LSP is offered
  const syncStarted = performance.now();
  let offered = 0;
  const all = await until(
    async () => {
      offered = (await call<{ data: { lspCode: string }[] }>('GET', `${bridge}/v1/order/operators`, intentHeaders(c))).data.length;
      if (offered > COMMERCE_LSPS) throw new Error(`GET /v1/order/operators offered ${offered} LSPs, more than the ${COMMERCE_LSPS} of the fixtures`);
      return offered === COMMERCE_LSPS;
    },
    30_000,
    200,
  );
  if (!all) {
    throw new Error(
      `GET /v1/order/operators offered ${offered} of the ${COMMERCE_LSPS} LSPs 30 s after their coverage was made ` +
        "(the commerce family copies it from the event log within a second: is the commerce subgraph's event consumer running?)",
    );
  }
  c.syncSeconds = (performance.now() - syncStarted) / 1000;
  progress(`  ${COMMERCE_LSPS} operators offered ${c.syncSeconds.toFixed(1)} s after their coverage was made (fixtures in ${c.seconds.toFixed(1)} s)`);
  return c;
}

export async function seed(urls: Urls, o: SeedOptions, progress: (msg: string) => void): Promise<Fixtures> {
  const { bridge, gateway } = urls;
  const random = rng(7);
  const stamp = `${Date.now().toString(36)}${Math.floor(random() * 1e6).toString(36)}`;

  // a user (register), whose access token is also the owner's credential for the workspace calls
  const { email, accessToken } = await register(bridge, { stamp });
  const claims = jwtClaims(accessToken);
  const user = { email, accessToken, userId: String(claims.sub), sessionId: String(claims.sid) };

  // a workspace, an LSP provider, a provider-context token (bound to DEVICE)
  const workspaceId = await createWorkspace(bridge, setA(accessToken), `Bench ${stamp}`);
  const provider = await createProvider(bridge, setA(accessToken), workspaceId, 'lsp', {
    type: 'CARRIER',
    name: `Bench Freight ${stamp}`,
    contacts: { emails: ['ops@bench.example'], phones: ['+254700000000'] },
    address: { city: 'Nairobi', country: 'KE', coordinates: [CENTRE.lat, CENTRE.lng] },
  });
  const contextToken = provider.contextToken;
  const c = jwtClaims(contextToken);
  const lsp = {
    providerId: String(c.pid ?? provider.id),
    code: String(c.pc ?? provider.code),
    contextToken,
    userId: String(c.sub),
    sessionId: String(c.sid),
    role: String(c.role ?? 'OWNER'),
  };

  // fleets with vehicles (REST, as an LSP client would)
  const fleets: Fixtures['fleets'] = [];
  for (let f = 0; f < o.fleets; f++) {
    const fleetId = await createFleet(bridge, setA(contextToken), {
      code: `BENCH-${f + 1}`,
      name: `Bench fleet ${f + 1}`,
      description: 'Benchmark fleet',
      operatingHours: [
        { dayOfWeek: 'MONDAY', openTime: '06:00', closeTime: '22:00' },
        { dayOfWeek: 'SUNDAY', isClosed: true },
      ],
    });
    for (let v = 0; v < o.vehiclesPerFleet; v++) {
      await addTruck(bridge, setA(contextToken), fleetId, { VIN: vin(random), model: 'NQR', manufactured: 2019, registrationNumber: `KDA ${100 + v}A`, tonnes: 5.5 });
    }
    fleets.push({ id: fleetId, vehicles: o.vehiclesPerFleet });
  }

  // a workspace API key for the utilities family, and the positions
  const apiKey = { ...(await createApiKey(bridge, setA(accessToken), workspaceId, 'bench', ['utilities'])), scopes: ['utilities'] };
  progress(`loading ${o.positions.toLocaleString('en-US')} vehicle positions (batches of 500 through reportVehiclePositions) ...`);
  const seconds = await loadPositions(gateway, apiKey.key, o.positions, progress);
  progress(`  loaded in ${seconds.toFixed(1)} s (${Math.round(o.positions / seconds).toLocaleString('en-US')} positions/s)`);

  const commerce = o.commerce ? await seedCommerce(bridge, accessToken, workspaceId, stamp, progress) : undefined;
  return { user, workspaceId, lsp, fleets, apiKey, positions: { count: o.positions, seconds }, ...(commerce ? { commerce } : {}) };
}
