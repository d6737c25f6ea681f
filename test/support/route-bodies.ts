import { randomUUID } from 'node:crypto';
import type { RouteSpec } from '../../rest-bridge/routes/types.js';
import { PASSWORD, uniqueEmail } from '../helpers.js';
import { uniqueName } from '../workspace-helpers.js';
import { facilityBody, parkingBody, randomVin, ruleBody, specsBody, uniqueCode, vehicleBody } from '../lsp-helpers.js';
import { newImei, trackerRule } from '../iot-helpers.js';

/**
 * Realistic request bodies for the routes of the bridge, one place for every test that sends each route a body that
 * gets past its first check (test/fuzz-routes.e2e.test.ts mutates them, test/races.e2e.test.ts sends them at the same
 * moment). Each call makes fresh values (unique names, codes, VINs, IMEIs).
 */

/** The records a body names: a tenant's ids by the collection that precedes them in paths, and its credentials. */
export interface BodyFixtures {
  /** A user whose e-mail logs in and whose refresh token refreshes. */
  refreshUser: { email: string; refreshToken: string };
  /** A connector of the tenant's LSP, its secret, and an access token it issued. */
  connector: { id: string; secret: string; accessToken: string };
  /** A CSP invitation of the tenant. */
  invitation: { id: string; token: string };
  /** Ids by collection: `hubs`, `warehouses`, `areas`, `vehicles`, `rules`, `topics`. */
  ids: Record<string, string>;
  /** An IoT connector of the tenant's IoTSP. */
  iotConnectorId: string;
}

/** A realistic body for the route, or undefined when this module knows none (the caller synthesizes one). `origin`: the one a connector's access allows. */
export function realisticBody(r: RouteSpec, t: BodyFixtures, origin: string): unknown {
  const ORIGIN = origin;
  const place = (c: [number, number]) => ({ coordinates: c, country: 'KE' });
  const NBO: [number, number] = [-1.2864, 36.8172];
  const KAREN: [number, number] = [-1.3197, 36.7076];
  const bodies: Record<string, unknown> = {
    'POST /v1/auth/register': { email: uniqueEmail('fuzz'), password: PASSWORD, name: 'Fuzz', phone: '+254700000009' },
    'POST /v1/auth/login': { email: t.refreshUser.email, password: PASSWORD, deviceId: 'fuzz-device' },
    'POST /v1/auth/refresh': { refreshToken: t.refreshUser.refreshToken },
    'PATCH /v1/users/me': { name: 'Fuzz', bio: 'fuzzing', avatar: 'https://cdn.example.com/a.png', metadata: { language: 'en', timezone: 'Africa/Nairobi' } },
    'PATCH /v1/users/me/settings/notifications': { email: { enabled: true, marketing: false }, push: { enabled: true }, sms: { enabled: false } },
    'PATCH /v1/users/me/settings/privacy': { profileVisibility: 'public', showEmail: false },
    'DELETE /v1/users/me': { password: 'not the password at all', confirmation: 'DELETE_MY_ACCOUNT' },
    'PATCH /v1/users/me/metadata': { preferences: { theme: 'dark', units: 'metric' }, customFields: { team: 'ops', nested: { a: 'b' } } },
    'POST /v1/users/me/verify': { documentType: 'passport' },
    'POST /v1/workspace': { name: uniqueName('Fuzz WS'), description: 'fuzz' },
    'PATCH /v1/workspace/:wid': { name: uniqueName('Fuzz WS'), description: 'fuzz' },
    'PATCH /v1/workspace/:wid/members/:userId': { role: 'MANAGER' },
    'POST /v1/workspace/:wid/api-keys': { name: 'fuzz', scopes: ['utilities'], expiresInDays: 30 },
    'POST /v1/:wid/:ctype/:xcode/connectors': { type: 'ASI', name: uniqueName('Conn'), description: 'fuzz', config: { protocol: 'http1', version: 'v1', scope: ['orders:read'] } },
    'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/access': { origins: [ORIGIN] },
    'PUT /v1/:wid/:ctype/:xcode/connectors/:id/config': { protocol: 'http1', version: 'v1', scope: ['orders:read'], auth: 'external' },
    'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/config': { scope: ['orders:read'] },
    'PATCH /v1/:wid/:ctype/:xcode/connectors/:id': { name: uniqueName('Conn'), description: 'fuzz' },
    'POST /v1/access/token': { connectorId: t.connector.id, secret: t.connector.secret },
    'PATCH /v1/access/token/rotate': { accessToken: t.connector.accessToken },
    'PATCH /v1/access/token/revoke': { accessToken: t.connector.accessToken },
    'POST /v1/csp/invitation/accept': { token: t.invitation.token },
    'POST /v1/csp/invitation/:as': {
      phone: '+254711000001',
      name: uniqueName('Invitee'),
      operator: { role: 'manager', bio: 'fuzz', contacts: { emails: ['x@example.test'], phones: ['+254711000002'] } },
    },
    'DELETE /v1/csp/invitation': { invitationId: t.invitation.id },
    'POST /v1/lsp/coverage/areas/:type': {
      name: uniqueName('Area'),
      code: uniqueCode('FZ'),
      reach: 'LOCAL',
      transit: { mode: 'GROUND', time: { min: { hour: 1 }, max: { hour: 6 } } },
      country: 'KE',
      city: 'Nairobi',
      capacity: { packages: 10 },
      radius: { value: 5, unit: 'km' },
    },
    'PUT /v1/lsp/coverage/areas/:id/link': { type: 'HUB', id: t.ids.hubs },
    'PATCH /v1/lsp/coverage/areas/:id/unlink': { index: 0 },
    'PATCH /v1/lsp/coverage/areas/:id/:type': { name: uniqueName('Area'), capacity: { packages: 20 } },
    'POST /v1/lsp/coverage/routes/:type': {
      name: uniqueName('Route'),
      code: uniqueCode('FZ'),
      reach: 'NATIONAL',
      transit: { mode: 'GROUND', time: { min: { hour: 6 }, max: { hour: 12 } } },
      capacity: { sits: 2, packages: 10 },
      distance: { value: 480, unit: 'km' },
    },
    'PUT /v1/lsp/coverage/routes/:id/transit-point': { type: 'WAREHOUSE', id: t.ids.warehouses },
    'PATCH /v1/lsp/coverage/routes/:id/transit-point': { index: 0 },
    'PATCH /v1/lsp/coverage/routes/:id/:type': { name: uniqueName('Route') },
    'POST /v1/lsp/fleets/create': facilityBody(),
    'PATCH /v1/lsp/fleets/:id': { name: uniqueName('Fleet'), description: 'fuzz', address: { city: 'Nairobi', country: 'KE', coordinates: NBO } },
    'POST /v1/lsp/fleets/:id/vehicles/add': vehicleBody({ specs: specsBody({ VIN: randomVin() }) }),
    'PATCH /v1/lsp/fleets/:id/vehicles/:vid/specs': { color: 'Red', seats: 4, maxWeightCapacity: { value: 2, unit: 't' } },
    'PATCH /v1/lsp/fleets/:id/vehicles/:vid/iot': { deviceId: 'fuzz-device-1', topic: 'fleet/fuzz/1', protocol: 'mqtt' },
    'PUT /v1/lsp/fleets/:id/vehicles/:vid/allocate': { type: 'AREA', id: t.ids.areas },
    'PATCH /v1/lsp/fleets/:id/vehicles/:vid': { grade: 'PREMIUM' },
    'POST /v1/lsp/fleet/parking/facilities': parkingBody(),
    'POST /v1/lsp/warehouses/create': facilityBody({ type: 'FULFILLMENT' }),
    'PATCH /v1/lsp/warehouses/:id': { name: uniqueName('Warehouse'), operatingHours: [{ dayOfWeek: 'MONDAY', openTime: '08:00', closeTime: '17:00' }] },
    'PUT /v1/lsp/warehouses/:id/pricing/:action': { rule: ruleBody() },
    'POST /v1/lsp/hubs/create': facilityBody({ type: 'DISTRIBUTION' }),
    'PATCH /v1/lsp/hubs/:id': { name: uniqueName('Hub') },
    'PUT /v1/lsp/hubs/:id/pricing/:action': { rule: ruleBody() },
    'POST /v1/lsp/agents/invitations': { name: uniqueName('Agent'), phone: '+254722000333' },
    'POST /v1/lsp/agents/invitations/accept': { token: 'agi_not-a-real-token' },
    'PATCH /v1/lsp/agents/:id': { status: 'OFF_DUTY', bio: 'fuzz' },
    'PUT /v1/lsp/agents/:id/vehicle/assign': { vid: t.ids.vehicles, terms: ['DRIVER'], isOwner: false },
    'PATCH /v1/lsp/agents/:id/vehicle/unassign': { vid: t.ids.vehicles },
    'POST /realm/utilities/fares/delivery': { origin: place(NBO), destination: place(KAREN), serviceLevel: 'STANDARD', weight: { value: 1, unit: 'kg' } },
    'POST /realm/utilities/fares/transport': { origin: place(NBO), destination: place(KAREN), transportMode: 'ROAD', cargo: { weight: { value: 1, unit: 't' } } },
    'POST /realm/utilities/fares/ride': { pickup: place(NBO), dropoff: place(KAREN), vehicleClass: 'COMFORT', passengerCount: 2 },
    'POST /realm/utilities/fares/crossborder': {
      origin: { country: 'CN' },
      destination: { country: 'KE' },
      transportMode: 'AIR',
      shipment: { weight: { value: 1, unit: 'kg' }, declaredValue: { amount: 10, currency: 'USD' }, description: 'x', quantity: 1 },
    },
    'POST /realm/utilities/distance': { origin: place(NBO), destination: place(KAREN), mode: 'ROAD' },
    'POST /realm/utilities/zone': { location: place(NBO) },
    'POST /realm/utilities/nearby/search': { location: { lat: -1.28, lng: 36.8 }, radius: 1000 },
    'POST /realm/utilities/nearby/bounds': { bounds: { northeast: { lat: 1, lng: 37 }, southwest: { lat: -2, lng: 36 } } },
    'POST /realm/utilities/nearby/nearest': { location: { lat: -1.28, lng: 36.8 }, count: 3 },
    'POST /realm/utilities/eta': { origin: place(NBO), destination: place(KAREN), mode: 'ROAD' },
    'POST /v1/order/intent': { clientId: 'fuzz-client', externalRef: 'cart-1', note: 'fuzz' },
    'PUT /v1/order/waypoints/add': [
      { type: 'dropoff', coordinates: [51.8939, 4.5231], address: 'De Kuip, Rotterdam', country: 'NL', contact: { type: 'person', reference: 'Fuzz', phone: '+31101234567' } },
    ],
    'PATCH /v1/order/waypoints/:no': { description: 'Ring twice', address: 'Coolsingel 40, Rotterdam' },
    'PUT /v1/order/packages/add': [{ waypointNo: 1, careLevel: 1, category: 'ELECTRONICS', weight: 2.5, note: 'fuzz' }],
    'PATCH /v1/order/packages/:PTC': { weight: 3, note: 'fuzz' },
    'POST /v1/order/service': { quoteId: randomUUID(), payment: { mode: 'cash' }, xpress: 'standard', fees: { tax: 0, discount: 0 } },
    'PATCH /v1/order/service': { payment: { paid: true }, tax: 1 },
    'POST /v1/order/service/rating': { score: 5, comment: 'fuzz' },
    'POST /v1/client/:id/periferals': { coordinates: [51.92, 4.48], radius: 1000, limit: 5 },
    // the IoT family (docs/iot.md)
    'POST /v1/iotsp/rules/add': trackerRule({ tags: ['fuzz'] }),
    'PATCH /v1/iotsp/rules/:reference': { tags: ['fuzz', 'tracker'], description: 'fuzz' },
    'POST /v1/iotsp/rules/:reference/dry-run': { line: '+RESP,862010000000001,-1.29,36.82,45,90,1700000000,$' },
    'PUT /v1/iotsp/rules/:reference/connector/assign': { connectorId: t.iotConnectorId },
    'PATCH /v1/iotsp/rules/:reference/connector/unassign': { connectorId: t.iotConnectorId },
    'POST /v1/iotsp/topics/register': { path: `fuzz/${randomUUID().slice(0, 8)}/+/report`, qos: 1, description: 'fuzz', tags: ['fuzz'] },
    'PATCH /v1/iotsp/topics/:reference': { tags: ['fuzz'], description: 'fuzz' },
    'PUT /v1/iotsp/topics/:reference/connector/assign': { connectorId: t.iotConnectorId },
    'PATCH /v1/iotsp/topics/:reference/connector/unassign': { connectorId: t.iotConnectorId },
    'POST /v1/iotsp/devices': { externalId: newImei(), rule: t.ids.rules, topic: t.ids.topics, vehicleId: t.ids.vehicles, name: 'Fuzz device', tags: ['fuzz'] },
    'PATCH /v1/iotsp/devices/:reference': { name: 'Fuzz device', description: 'fuzz', tags: ['fuzz'] },
    'POST /v1/iotsp/devices/:reference/reports': { reports: ['+RESP,862010000000001,-1.29,36.82,45,90,1700000000,$', '+BUFF,862010000000001,-1.3,36.8,0,0,1700000060,$'] },
  };
  const k = `${r.method} ${r.path}`;
  if (k in bodies) return bodies[k];
  if (/^POST \/v1\/:wid\/\w+\/setup$|^PATCH \/v1\/:wid\/\w+\/:xcode$/.test(k)) {
    return { type: 'CARRIER', name: uniqueName('Provider'), contacts: { emails: ['ops@fuzz.example'], phones: ['+254700000003'] }, address: { city: 'Nairobi', country: 'KE', coordinates: NBO } };
  }
  return undefined;
}
