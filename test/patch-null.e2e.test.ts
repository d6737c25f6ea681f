import { beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, bodyTypeOf, failureOf, inputTypes, request, routeKey, routes, validationCodeOf, type InputField, type RouteSpec, type World } from './hardening-fixtures.js';

/**
 * PATCH semantics (docs/contract.md, "PATCH semantics"; issue 10, cause 5): on every PATCH route of the route table,
 * each field of the body is sent as an explicit `null`. A field that is nullable (listed below: what `null` clears)
 * answers 200 and reads back as null; any other field answers 400 VALIDATION_ERROR naming it, and the record reads
 * back unchanged. Never a 5xx. The fields come from the body's GraphQL input type, so a field added later is tested
 * too (and must be added below if `null` clears it).
 */

/** What `null` clears, per PATCH route; every other field refuses `null`. */
const CLEARABLE: Record<string, string[]> = {
  'PATCH /v1/users/me': ['avatar', 'bio'],
  'PATCH /v1/workspace/:wid': ['description'],
  'PATCH /v1/workspace/:wid/webhooks/:id': ['description'],
  ...Object.fromEntries(['csp', 'dev', 'lsp', 'iotsp'].map((k) => [`PATCH /v1/:wid/${k}/:xcode`, ['description', 'logo', 'address']])),
  'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/config': ['auth'],
  'PATCH /v1/:wid/:ctype/:xcode/connectors/:id': ['description'],
  'PATCH /v1/lsp/fleets/:id': ['description', 'address'],
  'PATCH /v1/lsp/warehouses/:id': ['description', 'address'],
  'PATCH /v1/lsp/hubs/:id': ['description', 'address'],
  'PATCH /v1/lsp/fleets/:id/vehicles/:vid/specs': ['category', 'VIN', 'brand', 'model', 'color', 'engine', 'mode', 'condition', 'seats', 'manufactured', 'registrationNumber', 'maxWeightCapacity'],
  'PATCH /v1/lsp/fleets/:id/vehicles/:vid/iot': ['protocol', 'iotsp'],
  'PATCH /v1/lsp/fleets/:id/vehicles/:vid': ['grade', 'ownership'],
  'PATCH /v1/lsp/agents/:id': ['phone', 'bio', 'licenseNumber'],
  'PATCH /v1/lsp/coverage/areas/:id/:type': ['capacity', 'country', 'region', 'radius'],
  'PATCH /v1/lsp/coverage/routes/:id/:type': ['capacity', 'origin', 'destination', 'distance'],
  'PATCH /v1/order/waypoints/:no': ['description', 'address', 'country', 'contact'],
  'PATCH /v1/order/packages/:PTC': ['note'],
  // the IoT family (schema/iot.graphql): null clears a description, a device's name, and unbinds its topic or vehicle
  'PATCH /v1/iotsp/rules/:reference': ['description'],
  'PATCH /v1/iotsp/topics/:reference': ['description'],
  'PATCH /v1/iotsp/devices/:reference': ['name', 'description', 'topic', 'vehicleId'],
};

/** The answer of each PATCH route that takes no body, on the hardening world's records. */
const BODYLESS: Record<string, string> = {
  'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/secret/rotate': '200 CONNECTOR::SECRET_ROTATED',
  // :action is `enable`, on the world's enabled connector
  'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/:action': '200 CONNECTOR::UPDATED',
  // the world's vehicle is allocated to nothing: deallocating a free vehicle is 409 (docs/lsp.md)
  'PATCH /v1/lsp/fleets/:id/vehicles/:vid/deallocate': '409 CONFLICT',
  // the world's FAQ is ACTIVE and unlocked: restoring or unlocking it is 409 (docs/dev.md "States")
  'PATCH /v1/lsps/:icode/faqs/:reference/:operation': '409 CONFLICT',
  'PATCH /v1/lsps/:icode/faqs/:reference/:lockstate': '409 CONFLICT',
  // :status is `active`, on the world's ACTIVE rule and topic: a move to the status it has is 409 (docs/iot.md "Statuses")
  'PATCH /v1/iotsp/rules/:reference/:status': '409 CONFLICT',
  'PATCH /v1/iotsp/topics/:reference/:status': '409 CONFLICT',
};

/** Fields a body must carry besides the one under test (required by the route). */
const REQUIRED: Record<string, (w: World) => Record<string, unknown>> = {
  'PATCH /v1/lsp/fleets/:id/vehicles/:vid/iot': () => ({ deviceId: 'dev-1', topic: 'fleet/x/telemetry' }),
  'PATCH /v1/access/token/rotate': (w) => ({ accessToken: w.accessToken }),
  'PATCH /v1/access/token/revoke': (w) => ({ accessToken: w.accessToken }),
  'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/access': () => ({ origins: ['https://shop.hardening.example'] }),
  'PATCH /v1/lsps/:icode/faqs/:reference/context/remove': (w) => ({ context: { type: 'HUB', id: w.hubId } }),
};

/** Where a PATCH route's record reads back (the GET of the same resource), and the field in its answer. */
function readBack(route: RouteSpec): { get: RouteSpec; pick: (body: any) => any } | undefined {
  const byPath = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path);
  const p = route.path;
  const data = (b: any) => b.data;
  if (p === '/v1/users/me') return { get: byPath('GET', '/v1/users/me')!, pick: (b) => b.user };
  if (/^\/v1\/:wid\/(csp|dev|lsp|iotsp)\/:xcode$/.test(p)) return { get: byPath('GET', p)!, pick: data };
  if (p === '/v1/workspace/:wid') return { get: byPath('GET', p)!, pick: (b) => b.data.workspace };
  if (p.endsWith('/connectors/:id') || p.endsWith('/connectors/:id/config')) return { get: byPath('GET', '/v1/:wid/:ctype/:xcode/connectors/:id')!, pick: (b) => b.connector };
  if (/^\/v1\/lsp\/(fleets|warehouses|hubs)\/:id$/.test(p) || p === '/v1/lsp/agents/:id') return { get: byPath('GET', p)!, pick: data };
  if (p.startsWith('/v1/lsp/fleets/:id/vehicles/:vid')) return { get: byPath('GET', '/v1/lsp/fleets/:id/vehicles/:vid')!, pick: data };
  if (p === '/v1/lsps/:icode/faqs/:reference' || p === '/v1/lsps/:icode/faqs/:reference/context/remove') return { get: byPath('GET', '/v1/lsps/:icode/faqs/:reference')!, pick: data };
  if (p === '/v1/devs/:xcode/developers/:id') return { get: byPath('GET', p)!, pick: data };
  if (p === '/v1/lsp/coverage/areas/:id/:type') return { get: byPath('GET', '/v1/lsp/coverage/areas/:id')!, pick: (b) => b.area };
  if (p === '/v1/lsp/coverage/routes/:id/:type') return { get: byPath('GET', '/v1/lsp/coverage/routes/:id')!, pick: (b) => b.route };
  if (p === '/v1/order/waypoints/:no' || p === '/v1/order/packages/:PTC') return { get: byPath('GET', p)!, pick: data };
  if (p === '/v1/order/service') return { get: byPath('GET', p)!, pick: (b) => b.data.service };
  if (/^\/v1\/iotsp\/(rules|topics|devices)\/:reference$/.test(p)) return { get: byPath('GET', p)!, pick: data };
  if (/^\/v1\/iotsp\/(rules|topics)\/:reference\/connector\/unassign$/.test(p)) return { get: byPath('GET', p.replace(/connector\/unassign$/, 'connectors'))!, pick: data };
  return undefined;
}

/** Where a field reads back in the record (`null` when cleared). */
function readField(record: any, route: RouteSpec, field: string): unknown {
  if (route.path.endsWith('/specs')) return record.specs?.[field] ?? null;
  if (route.path.endsWith('/iot')) return record.iot?.[field] ?? null;
  if (route.path.endsWith('/config')) return record.config?.[field] ?? null;
  // a device answers its bindings as `topicReference` and `vehicle`
  if (route.path === '/v1/iotsp/devices/:reference' && field === 'topic') return record.topicReference ?? null;
  if (route.path === '/v1/iotsp/devices/:reference' && field === 'vehicleId') return record.vehicle?.id ?? null;
  return record[field] ?? null;
}

const patches = routes.filter((r) => r.method === 'PATCH');

let w: World;
let types: Map<string, InputField[]>;
beforeAll(async () => {
  [w, types] = await Promise.all([buildWorld(), inputTypes()]);
}, 120_000);

describe('PATCH: an explicit null clears a nullable field and is a VALIDATION_ERROR naming any other', () => {
  it('every PATCH route is covered and every clearable field listed here exists', () => {
    const unknown: string[] = [];
    for (const [key, fields] of Object.entries(CLEARABLE)) {
      const route = patches.find((r) => routeKey(r) === key);
      if (!route) {
        unknown.push(`${key}: no such PATCH route`);
        continue;
      }
      const names = (types.get(bodyTypeOf(route)!) ?? []).map((f) => f.name);
      for (const f of fields) if (!names.includes(f)) unknown.push(`${key}: ${f} is not a field of ${bodyTypeOf(route)}`);
    }
    expect(unknown).toEqual([]);
    expect(patches.length).toBeGreaterThanOrEqual(30);
  });

  for (const route of patches) {
    const key = routeKey(route);
    it(`${key}`, async () => {
      const fields = route.bodyVariable ? (types.get(bodyTypeOf(route)!) ?? []).map((f) => f.name) : (route.bodyFields ?? []);
      if (!fields.length) {
        // the route takes no body: nothing can be null (the call itself must still answer)
        const res = await request(w, route, undefined);
        expect(BODYLESS, `${key}: add the answer this body-less route must give`).toHaveProperty([key]);
        expect(`${res.status} ${res.body.status}`, JSON.stringify(res.body)).toBe(BODYLESS[key]);
        return;
      }
      const back = readBack(route);
      /** The record as its GET answers it (anything but 200 fails the test: an unreadable record proves nothing). */
      const readRecord = async () => {
        const got = await request(w, back!.get);
        expect(got.status, `${back!.get.method} ${back!.get.path}: ${JSON.stringify(got.body).slice(0, 300)}`).toBe(200);
        return back!.pick(got.body);
      };
      const problems: string[] = [];
      for (const field of fields) {
        const before = back ? await readRecord() : undefined;
        const body = { ...(REQUIRED[key]?.(w) ?? {}), [field]: null };
        const res = await request(w, route, body);
        const { code, field: named } = failureOf(route, res);
        const where = `${field}: null → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
        if (res.status >= 500) {
          problems.push(`5xx: ${where}`);
          continue;
        }
        if ((CLEARABLE[key] ?? []).includes(field)) {
          if (res.status !== 200) {
            problems.push(`expected 200 (null clears it): ${where}`);
            continue;
          }
          if (back) {
            const after = await readRecord();
            if (readField(after, route, field) !== null) problems.push(`${field} reads back ${JSON.stringify(readField(after, route, field))}, not null`);
          }
        } else {
          if (res.status !== 400 || code !== validationCodeOf(route) || named !== field) problems.push(`expected 400 ${validationCodeOf(route)} naming ${field}: ${where}`);
          if (back) {
            const after = await readRecord();
            if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${field}: a refused PATCH changed the record`);
          }
        }
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }
});
