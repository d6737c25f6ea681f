/**
 * `npm run seed`: demo data in a running platform (`npm start`), through its public REST API and GraphQL, the way a
 * client would create it. Idempotent: each record is looked up (by e-mail, name or code) before it is created, so a
 * second run creates nothing new; it only re-issues the secrets the platform shows once (the demo API key is revoked
 * and issued again, the connector's secret rotated) so that every run prints credentials that work.
 *
 * The data: three users (an owner and two colleagues), the workspace "Rotterdam Demo Logistics" with an LSP, a CSP, a
 * DEV and an IoTSP provider; two fleets of the LSP with four vehicles each and live positions around the port of
 * Rotterdam; a warehouse and a hub with a pricing rule each; a last-mile coverage area; an API key for the utilities;
 * a connector with an allowed origin. It ends with `export NAME=value` lines to paste (or `eval "$(npm run -s seed)"`).
 *
 * SEED_BRIDGE_URL / SEED_GATEWAY_URL (default: the platform's own, from BRIDGE_PORT / GATEWAY_PORT / HOST).
 * Progress goes to stderr (a bar on a terminal, a line per step otherwise); the exports go to stdout.
 */
/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-member-access -- the API's JSON answers are read field by field here, as a client script would; their shapes are the OpenAPI document's */
import { loadConfig } from '../kernel/config.js';

const config = loadConfig();
const BRIDGE = (process.env.SEED_BRIDGE_URL ?? `http://${config.HOST}:${config.BRIDGE_PORT}`).replace(/\/$/, '');
const GATEWAY = process.env.SEED_GATEWAY_URL ?? config.gatewayUrl;
const PASSWORD = 'rotterdam demo 2026';
const DEVICE = 'seed-laptop';
const AGENT = 'seed/1.0';
const ORIGIN = 'https://shop.rotterdam-demo.example';

const USERS = [
  { email: 'dana.owner@demo.example', name: 'Dana de Vries' },
  { email: 'sem.dispatch@demo.example', name: 'Sem Bakker' },
  { email: 'noor.dev@demo.example', name: 'Noor Jansen' },
];
const PROVIDERS = [
  { kind: 'lsp', type: 'CARRIER', name: 'Maas Freight' },
  { kind: 'csp', type: 'VENDOR', name: 'Delfshaven Goods' },
  { kind: 'dev', type: 'ENTERPRISE', name: 'Kop van Zuid Labs' },
  { kind: 'iotsp', type: 'FLEET_TRACKING', name: 'Waalhaven Telematics' },
] as const;
/** Real places around the port of Rotterdam: [lat, lng]. */
const PLACES: [string, number, number][] = [
  ['Waalhaven Zuidzijde', 51.8917, 4.4211],
  ['Maasvlakte Plaza', 51.9536, 4.0447],
  ['Eemhaven', 51.8911, 4.3828],
  ['Botlek', 51.8836, 4.2914],
  ['Rotterdam Centraal', 51.9244, 4.4697],
  ['Kop van Zuid', 51.9066, 4.4875],
  ['Europoort', 51.9471, 4.1383],
  ['Pernis', 51.8889, 4.3897],
];
const ADDRESS = { name: 'Head office', street1: 'Waalhaven Zuidzijde 19', city: 'Rotterdam', state: 'Zuid-Holland', country: 'NL', coordinates: [51.8917, 4.4211] };
const FLEETS = [
  { code: 'RTM-PORT', name: 'Port shuttle', type: 'URBAN_TRANSIT' },
  { code: 'RTM-CITY', name: 'City deliveries', type: 'URBAN_TRANSIT' },
];
const STEPS = 10;

// ─────────────────────────────── progress ───────────────────────────────
let step = 0;
function progress(what: string) {
  step += 1;
  if (process.stderr.isTTY) {
    const width = 24;
    const done = Math.round((step / STEPS) * width);
    process.stderr.write(`\r[${'#'.repeat(done)}${'.'.repeat(width - done)}] ${step}/${STEPS} ${what.padEnd(48)}`);
    if (step === STEPS) process.stderr.write('\n');
  } else process.stderr.write(`seed ${step}/${STEPS}: ${what}\n`);
}

// ─────────────────────────────── HTTP ───────────────────────────────
interface Answer {
  status: number;
  body: Record<string, any>;
}

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(BRIDGE + path, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new Error(`the platform does not answer at ${BRIDGE}: start it with \`npm start\` (or set SEED_BRIDGE_URL)`);
  }
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Answer['body'] };
}

/** A call that must answer one of `ok`; anything else stops the seed with the answer. */
async function must(ok: number[], method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer['body']> {
  const a = await call(method, path, headers, body);
  if (!ok.includes(a.status)) throw new Error(`${method} ${path} answered ${a.status}: ${JSON.stringify(a.body).slice(0, 400)}`);
  return a.body;
}

const setA = (token: string) => ({ 'svc-auth-token': token, 'svc-user-agent': AGENT, 'svc-auth-device': DEVICE });

async function graphql(token: string, query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(GATEWAY, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`GraphQL: ${body.errors[0].message}`);
  return body.data!;
}

/** Every page of a list route (`limit` 100). */
async function all(path: string, headers: Record<string, string>, key: string): Promise<Record<string, any>[]> {
  const out: Record<string, any>[] = [];
  for (let page = 1; page <= 50; page++) {
    const body = await must([200], 'GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=100`, headers);
    const items = (body[key] ?? []) as Record<string, any>[];
    out.push(...items);
    if (items.length < 100) break;
  }
  return out;
}

// ─────────────────────────────── the seed ───────────────────────────────
async function user(u: { email: string; name: string }): Promise<string> {
  const reg = await call('POST', '/v1/auth/register', {}, { email: u.email, password: PASSWORD, name: u.name, deviceId: DEVICE });
  if (reg.status === 201) return reg.body.accessToken as string;
  if (reg.status !== 409) throw new Error(`register ${u.email}: ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await must([200], 'POST', '/v1/auth/login', {}, { email: u.email, password: PASSWORD, deviceId: DEVICE });
  return login.accessToken as string;
}

async function main() {
  progress('users');
  const tokens = [];
  for (const u of USERS) tokens.push(await user(u));
  const owner = setA(tokens[0]);

  progress('workspace');
  const memberships = (await all('/v1/workspace', owner, 'data')) as { workspace: { id: string; name: string } }[];
  const wid =
    memberships.find((m) => m.workspace.name === 'Rotterdam Demo Logistics')?.workspace.id ??
    ((await must([201], 'POST', '/v1/workspace', owner, { name: 'Rotterdam Demo Logistics' })).data.workspace.id as string);

  progress('providers (LSP, CSP, DEV, IoTSP)');
  const codes: Record<string, string> = {};
  for (const p of PROVIDERS) {
    const existing = (await all(`/v1/${wid}/${p.kind}s`, owner, 'data')).find((x) => x.name === p.name);
    codes[p.kind] =
      (existing?.code as string | undefined) ??
      ((
        await must([201], 'POST', `/v1/${wid}/${p.kind}/setup`, owner, {
          type: p.type,
          name: p.name,
          description: `${p.name}, Rotterdam (demo)`,
          contacts: { emails: ['ops@demo.example'], phones: ['+31102521010'] },
          address: ADDRESS,
        })
      ).data.code as string);
  }
  const ctx = (await must([200], 'GET', `/v1/${wid}/lsp/${codes.lsp}/context`, owner)).data.token as string;
  const lsp = setA(ctx);

  progress('fleets');
  const fleets = await all('/v1/lsp/fleets', lsp, 'data');
  const fleetIds: string[] = [];
  for (const f of FLEETS) {
    fleetIds.push(
      (fleets.find((x) => x.code === f.code)?.id as string | undefined) ??
        ((
          await must([201], 'POST', '/v1/lsp/fleets/create', lsp, {
            ...f,
            timezone: 'Europe/Amsterdam',
            operatingMode: 'SCHEDULED',
            operatingHours: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].map((d) => ({ dayOfWeek: d, openTime: '06:00', closeTime: '22:00' })),
            address: ADDRESS,
          })
        ).data.id as string),
    );
  }

  progress('vehicles');
  const vehicleIds: string[] = [];
  for (const [i, fleetId] of fleetIds.entries()) {
    const vehicles = await all(`/v1/lsp/fleets/${fleetId}/vehicles`, lsp, 'data');
    for (let n = 0; n < 4; n++) {
      const vin = `DEMRTM0${i}${n}00000000`;
      const found = vehicles.find((v) => v.specs?.VIN === vin);
      vehicleIds.push(
        (found?.id as string | undefined) ??
          ((
            await must([201], 'POST', `/v1/lsp/fleets/${fleetId}/vehicles/add`, lsp, {
              type: n % 2 ? 'VAN' : 'TRUCK',
              ownership: 'OWNED',
              specs: {
                category: 'CARGO',
                VIN: vin,
                brand: n % 2 ? 'Mercedes-Benz' : 'DAF',
                model: n % 2 ? 'Sprinter' : 'XF',
                engine: 'DIESEL',
                seats: 3,
                manufactured: 2022,
                maxWeightCapacity: { value: n % 2 ? 1.2 : 18, unit: 't' },
              },
            })
          ).data.id as string),
      );
    }
  }

  progress('warehouse and hub, with pricing');
  const sites: Record<string, string> = {};
  for (const [kind, code, name, type, place] of [
    ['warehouse', 'RTM-WH-1', 'Waalhaven warehouse', 'FULFILLMENT', PLACES[0]],
    ['hub', 'RTM-HUB-1', 'Eemhaven cross-dock', 'DISTRIBUTION', PLACES[2]],
  ] as const) {
    const existing = (await all(`/v1/lsp/${kind}s`, lsp, 'data')).find((x) => x.code === code);
    const id =
      (existing?.id as string | undefined) ??
      ((await must([201], 'POST', `/v1/lsp/${kind}s/create`, lsp, { type, code, name, timezone: 'Europe/Amsterdam', address: { ...ADDRESS, name: place[0], coordinates: [place[1], place[2]] } })).data
        .id as string);
    sites[kind] = id;
    const rules = ((existing?.pricing ?? []) as { name: string }[]).map((r) => r.name);
    if (!rules.includes('Pallet storage')) {
      await must([200], 'PUT', `/v1/lsp/${kind}s/${id}/pricing/add`, lsp, {
        rule: { name: 'Pallet storage', basis: 'PER_PALLET', rate: { amount: 12.5, currency: 'EUR' }, minimumCharge: { amount: 50, currency: 'EUR' } },
      });
    }
  }

  progress('coverage area');
  const areas = await all('/v1/lsp/coverage/areas', lsp, 'areas');
  if (!areas.some((a) => a.code === 'RTM-LASTMILE')) {
    await must([201], 'POST', '/v1/lsp/coverage/areas/last_mile', lsp, {
      name: 'Rotterdam last mile',
      code: 'RTM-LASTMILE',
      reach: 'LOCAL',
      transit: { mode: 'GROUND', time: { min: { hour: 1 }, max: { hour: 6 } } },
      country: 'NL',
      city: 'Rotterdam',
    });
  }

  progress('API key (utilities)');
  const keys = await all(`/v1/workspace/${wid}/api-keys`, owner, 'data');
  for (const k of keys.filter((x) => x.name === 'demo-seed' && !x.revokedAt)) await must([200], 'DELETE', `/v1/workspace/${wid}/api-keys/${k.id as string}`, owner);
  const apiKey = (await must([201], 'POST', `/v1/workspace/${wid}/api-keys`, owner, { name: 'demo-seed', scopes: ['utilities', 'queries'] })).data.key as string;

  progress('live positions');
  const positions = vehicleIds.map((vehicleId, i) => ({
    vehicleId,
    type: i % 2 ? 'VAN' : 'TRUCK',
    status: i % 3 ? 'AVAILABLE' : 'BUSY',
    location: { latitude: PLACES[i % PLACES.length][1], longitude: PLACES[i % PLACES.length][2] },
  }));
  await graphql(apiKey, 'mutation Positions($p: [VehiclePositionInput!]!) { reportVehiclePositions(positions: $p) { stored ignored } }', { p: positions });

  progress('connector');
  const connectors = await all(`/v1/${wid}/lsp/${codes.lsp}/connectors`, owner, 'connectors');
  let connectorId = connectors.find((c) => c.name === 'Demo shop')?.id as string | undefined;
  let secret: string;
  if (!connectorId) {
    const created = await must([201], 'POST', `/v1/${wid}/lsp/${codes.lsp}/connectors`, owner, {
      type: 'ASI',
      name: 'Demo shop',
      config: { protocol: 'http1', version: 'v1', scope: ['orders:read'] },
    });
    connectorId = created.connectorId as string;
    secret = created.secret as string;
    await must([200], 'PATCH', `/v1/${wid}/lsp/${codes.lsp}/connectors/${connectorId}/access`, owner, { origins: [ORIGIN] });
  } else {
    secret = (await must([200], 'PATCH', `/v1/${wid}/lsp/${codes.lsp}/connectors/${connectorId}/secret/rotate`, owner)).secret as string;
  }

  const exports: Record<string, string> = {
    B: BRIDGE,
    G: GATEWAY,
    DEMO_EMAIL: USERS[0].email,
    DEMO_PASSWORD: PASSWORD,
    DEMO_DEVICE: DEVICE,
    TOKEN: tokens[0],
    WID: wid,
    XCODE: codes.lsp,
    CSP_CODE: codes.csp,
    DEV_CODE: codes.dev,
    IOTSP_CODE: codes.iotsp,
    CTX: ctx,
    FLEET: fleetIds[0],
    WH: sites.warehouse,
    HUB: sites.hub,
    KEY: apiKey,
    CID: connectorId,
    SECRET: secret,
    ORIGIN,
  };
  process.stdout.write(
    `# demo data is ready (npm run seed again re-issues KEY and SECRET; the rest stays)\n${Object.entries(exports)
      .map(([k, v]) => `export ${k}='${v}'`)
      .join('\n')}\n`,
  );
}

main().catch((err: Error) => {
  if (process.stderr.isTTY) process.stderr.write('\n');
  process.stderr.write(`seed: ${err.message}\n`);
  process.exit(1);
});
