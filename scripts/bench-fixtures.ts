/**
 * `npm run bench` fixtures, made through the platform's own REST and GraphQL APIs: one user (register), a workspace
 * with an LSP provider, a provider-context token, fleets with vehicles, a workspace API key with the utilities scope,
 * and BENCH_POSITIONS vehicle positions loaded as scripts/bench-utilities.ts loads them (batches of 500 through the
 * `reportVehiclePositions` mutation, the same deterministic positions around Nairobi).
 */

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
}

export interface Urls {
  bridge: string;
  gateway: string;
}

/** The claims of a JWT (not verified: the bench only reads ids out of its own tokens). */
export const jwtClaims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub?: string; sid?: string; pid?: string; pc?: string; role?: string };

/** Header set A. */
export const setA = (token: string): Record<string, string> => ({ 'svc-auth-token': token, 'svc-user-agent': AGENT, 'svc-auth-device': DEVICE });

/** One REST call; throws unless the status is expected and the envelope says success. `T`: the answer's shape. */
async function call<T>(method: string, url: string, headers: Record<string, string>, body?: unknown, expect = [200, 201]): Promise<T> {
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
  const envelope = parsed && typeof parsed === 'object' ? (parsed as { errors?: unknown; error?: unknown; success?: unknown }) : undefined;
  if (!expect.includes(res.status) || (envelope && (envelope.errors || envelope.error === true || envelope.success === false))) {
    throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
  }
  return parsed as T;
}

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
const vin = (random: () => number) => Array.from({ length: 17 }, () => VIN_CHARS[Math.floor(random() * VIN_CHARS.length)]).join('');

const TYPES = ['CAR', 'CAR', 'CAR', 'MOTORBIKE', 'VAN', 'TRUCK'];
const STATUSES = ['AVAILABLE', 'AVAILABLE', 'BUSY', 'OFFLINE'];

/** Loads `count` positions through the gateway with the API key (as scripts/bench-utilities.ts does). */
async function loadPositions(gateway: string, key: string, count: number, progress: (msg: string) => void): Promise<number> {
  const random = rng(42);
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
}

export async function seed(urls: Urls, o: SeedOptions, progress: (msg: string) => void): Promise<Fixtures> {
  const { bridge, gateway } = urls;
  const random = rng(7);
  const stamp = `${Date.now().toString(36)}${Math.floor(random() * 1e6).toString(36)}`;

  // a user (register), whose access token is also the owner's credential for the workspace calls
  const email = `bench-${stamp}@example.test`;
  const reg = await call<{ accessToken: string }>('POST', `${bridge}/v1/auth/register`, {}, { email, password: 'correct horse battery', name: 'Bench User' });
  const accessToken = reg.accessToken;
  const claims = jwtClaims(accessToken);
  const user = { email, accessToken, userId: String(claims.sub), sessionId: String(claims.sid) };

  // a workspace, an LSP provider, a provider-context token (bound to DEVICE)
  const ws = await call<{ data: { workspace: { id: string } } }>('POST', `${bridge}/v1/workspace`, setA(accessToken), { name: `Bench ${stamp}` });
  const workspaceId = ws.data.workspace.id;
  const provider = await call<{ data: { id: string; code: string } }>('POST', `${bridge}/v1/${workspaceId}/lsp/setup`, setA(accessToken), {
    type: 'CARRIER',
    name: `Bench Freight ${stamp}`,
    contacts: { emails: ['ops@bench.example'], phones: ['+254700000000'] },
    address: { city: 'Nairobi', country: 'KE', coordinates: [CENTRE.lat, CENTRE.lng] },
  });
  const ctx = await call<{ data: { token: string } }>('GET', `${bridge}/v1/${workspaceId}/lsp/${provider.data.code}/context`, setA(accessToken));
  const contextToken = ctx.data.token;
  const c = jwtClaims(contextToken);
  const lsp = {
    providerId: String(c.pid ?? provider.data.id),
    code: String(c.pc ?? provider.data.code),
    contextToken,
    userId: String(c.sub),
    sessionId: String(c.sid),
    role: String(c.role ?? 'OWNER'),
  };

  // fleets with vehicles (REST, as an LSP client would)
  const fleets: Fixtures['fleets'] = [];
  for (let f = 0; f < o.fleets; f++) {
    const fleet = await call<{ data: { id: string } }>('POST', `${bridge}/v1/lsp/fleets/create`, setA(contextToken), {
      type: 'URBAN_TRANSIT',
      code: `BENCH-${f + 1}`,
      name: `Bench fleet ${f + 1}`,
      description: 'Benchmark fleet',
      contacts: { emails: ['fleet@bench.example'], phones: ['+254700000001'] },
      address: { name: 'Depot', street1: '1 Bench Rd', city: 'Nairobi', state: 'Nairobi', country: 'KE', coordinates: [CENTRE.lat, CENTRE.lng] },
      timezone: 'Africa/Nairobi',
      operatingMode: 'SCHEDULED',
      operatingHours: [
        { dayOfWeek: 'MONDAY', openTime: '06:00', closeTime: '22:00' },
        { dayOfWeek: 'SUNDAY', isClosed: true },
      ],
    });
    for (let v = 0; v < o.vehiclesPerFleet; v++) {
      await call('POST', `${bridge}/v1/lsp/fleets/${fleet.data.id}/vehicles/add`, setA(contextToken), {
        type: 'TRUCK',
        grade: 'STANDARD',
        ownership: 'OWNED',
        specs: {
          category: 'CARGO',
          VIN: vin(random),
          brand: 'Isuzu',
          model: 'NQR',
          color: 'White',
          engine: 'DIESEL',
          mode: 'MANUAL',
          condition: 'GOOD',
          seats: 3,
          manufactured: 2019,
          registrationNumber: `KDA ${100 + v}A`,
          maxWeightCapacity: { value: 5.5, unit: 't' },
        },
      });
    }
    fleets.push({ id: fleet.data.id, vehicles: o.vehiclesPerFleet });
  }

  // a workspace API key for the utilities family, and the positions
  const key = await call<{ data: { key: string; id?: string; keyId?: string; apiKey?: { id?: string } } }>('POST', `${bridge}/v1/workspace/${workspaceId}/api-keys`, setA(accessToken), {
    name: 'bench',
    scopes: ['utilities'],
  });
  const apiKey = { key: String(key.data.key), keyId: String(key.data.id ?? key.data.apiKey?.id ?? key.data.keyId), scopes: ['utilities'] };
  progress(`loading ${o.positions.toLocaleString('en-US')} vehicle positions (batches of 500 through reportVehiclePositions) ...`);
  const seconds = await loadPositions(gateway, apiKey.key, o.positions, progress);
  progress(`  loaded in ${seconds.toFixed(1)} s (${Math.round(o.positions / seconds).toLocaleString('en-US')} positions/s)`);

  return { user, workspaceId, lsp, fleets, apiKey, positions: { count: o.positions, seconds } };
}
