import { beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, bodyTypeOf, failureOf, inputTypes, request, routeKey, routes, validationCodeOf, type InputField, type RouteSpec, type World } from './hardening-fixtures.js';
import { facilityBody, parkingBody, ruleBody, uniqueCode, vehicleBody } from './lsp-helpers.js';
import { providerBody, uniqueName } from './workspace-helpers.js';

/**
 * Extreme numbers (issue 10, causes 1 and 8): every numeric field of every writing route, found in the route table
 * (rest-bridge/routes/*.ts) and the GraphQL input type of its body, is sent each extreme value below. A value outside
 * the field's documented range (docs/contract.md, "Numbers") is 400 in the route's envelope naming the field; a value
 * inside it is stored (or, for the utilities, computed). Nothing is ever a 5xx, and afterwards every list and record
 * of the tenant still reads 200: no write can leave a row that breaks a read.
 */

const EXTREMES: { label: string; json: string; value: number }[] = [
  { label: '1e308', json: '1e308', value: 1e308 },
  { label: '-1e308', json: '-1e308', value: -1e308 },
  { label: '5e-324 (denormal)', json: '5e-324', value: 5e-324 },
  { label: '-0', json: '-0', value: -0 },
  { label: '2^53+1', json: '9007199254740993', value: 2 ** 53 + 1 },
  { label: '1e16', json: '1e16', value: 1e16 },
];

/** A field's documented range. `state`: inside the range the answer may still depend on the record (a 4xx, never 400 on the field). */
interface Range {
  min: number;
  max: number;
  int?: boolean;
  exclusiveMin?: boolean;
  test?: (v: number) => boolean;
  state?: boolean;
}
const real = (min: number, max: number, exclusiveMin = false): Range => ({ min, max, exclusiveMin });
const int = (min: number, max: number, state = false): Range => ({ min, max, int: true, state });
const INT32 = 2 ** 31 - 1;
const THIS_YEAR = new Date().getUTCFullYear();
const MONEY = real(0, 999_999_999_999);
const LAT = real(-90, 90);
const LNG = real(-180, 180);
const TIMESTAMP: Range = {
  min: 0,
  max: Infinity,
  test: (v) => {
    const s = Math.abs(v) >= 1e12 ? v / 1000 : v;
    return s >= 0 && s <= 32_503_680_000;
  },
};

/** The documented range of each numeric input field, by `InputType.field` (lists of numbers: `.index`). */
const RANGES: Record<string, Range> = {
  // the pipelines family (docs/pipelines.md; subgraphs/pipelines/common/definition.ts): milliseconds up to a day
  'PipelineStageInput.timeout': int(1, 86_400_000),
  'PipelineStageInput.retries': int(0, 10),
  'PipelineStageInput.retryDelay': int(0, 86_400_000),
  'TransitionInput.retries': int(0, 10),
  'TransitionInput.retryDelay': int(0, 86_400_000),
  'QueryConfigInput.cacheDuration': int(0, 86_400),
  'WebhookConfigInput.timeout': int(100, 60_000),
  'WebhookConfigInput.retries': int(0, 10),
  'WaitConfigInput.duration': int(0, 86_400_000),
  'WaitConfigInput.timeout': int(0, 86_400_000),
  'WaitConfigInput.checkInterval': int(50, 3_600_000),
  'PipelineConfigInput.timeout': int(1, 86_400_000),
  'PipelineConfigInput.concurrency': int(1, 10_000),
  'PipelineConfigInput.maxExecutionsPerHour': int(1, 1_000_000),
  'RetryPolicyInput.maxAttempts': int(1, 11),
  'RetryPolicyInput.backoffMultiplier': real(1, 10),
  'RetryPolicyInput.initialDelay': int(0, 86_400_000),
  'RetryPolicyInput.maxDelay': int(0, 86_400_000),
  'HealthSettingsInput.simulationInterval': int(60, 86_400),
  'AlertThresholdsSettingsInput.healthScore': real(0, 100),
  'AlertThresholdsSettingsInput.errorRate': real(0, 1),
  'AlertThresholdsSettingsInput.avgDuration': real(0, 86_400_000),
  'ExecutionConfigInput.timeout': int(1, 86_400_000),
  // the queries family (docs/queries.md): searches, matching, performance, pricing
  'SearchLocationInput.maxDistance': real(0.001, 20_000),
  'DiscoveryInput.limit': int(1, 100),
  'DiscoveryInput.offset': int(0, 10_000),
  'AdvancedDiscoveryInput.limit': int(1, 100),
  'AdvancedDiscoveryInput.offset': int(0, 10_000),
  'AvailabilityInput.minCapacity': real(0, 1_000_000_000),
  'PerformanceThresholdsInput.onTimeDeliveryRate': real(0, 1),
  'PerformanceThresholdsInput.orderAccuracy': real(0, 1),
  'PerformanceThresholdsInput.overallScore': real(0, 100),
  'MatchInput.limit': int(1, 50),
  'MatchItemInput.quantity': int(1, 1_000_000),
  'MatchItemInput.weight': real(0, 100_000),
  'MatchItemInput.volume': real(0, 1000),
  'OrderItemInput.quantity': int(1, 1_000_000),
  'OrderItemInput.weight': real(0, 100_000),
  'OrderItemInput.volume': real(0, 1000),
  'OrderContextInput.storageDays': int(1, 3650),
  'PerformanceInput.onTimeDeliveryRate': real(0, 1),
  'PerformanceInput.orderAccuracy': real(0, 1),
  'PerformanceInput.averageProcessingTime': real(0, 31_536_000),
  'PerformanceInput.damageRate': real(0, 1),
  'PerformanceInput.customerSatisfaction': real(0, 5),
  'PerformanceInput.overallScore': real(0, 100),
  'GeoPointInput.latitude': LAT,
  'GeoPointInput.longitude': LNG,
  'MoneyInput.amount': MONEY,
  // a facility's capacities (docs/lsp.md "Limits"): used ≤ total and reserved ≤ total − used hold in the base body (total 1e9, used and reserved 0)
  'FacilityCapacityInput.total': real(0, 1_000_000_000),
  'FacilityCapacityInput.used': real(0, 1_000_000_000),
  'FacilityCapacityInput.reserved': real(0, 1_000_000_000),
  'PricingConditionsInput.minWeightKg': real(0, 1_000_000),
  'PricingConditionsInput.maxWeightKg': real(0, 1_000_000),
  'QuantityInput.value': real(0.001, 1_000_000),
  'VehicleSpecsInput.seats': int(1, 100),
  'VehicleSpecsInput.manufactured': int(1900, THIS_YEAR + 1),
  'CoverageHoursInput.hour': real(0, 2160),
  'CoverageAreaCapacityInput.packages': int(1, 10_000_000),
  'CoverageRouteCapacityInput.sits': int(1, 10_000),
  'CoverageRouteCapacityInput.packages': int(1, 10_000_000),
  'CoverageLengthInput.value': real(0.001, 40_000),
  'CoverageTransitPointInput.position': int(0, 50, true),
  'CoverageEntryRemoveInput.index': int(0, 99, true),
  'CreateApiKeyInput.expiresInDays': int(1, 3650),
  // utilities (docs/utilities.md)
  'WeightInput.value': real(0, 1_000_000_000, true),
  'VolumeInput.value': real(0, 1_000_000_000, true),
  'DimensionsInput.length': real(0, 100_000, true),
  'DimensionsInput.width': real(0, 100_000, true),
  'DimensionsInput.height': real(0, 100_000, true),
  'ShipmentInput.quantity': int(1, 10_000_000),
  'RideFareInput.passengerCount': int(1, 7),
  'RideFareInput.requestTime': TIMESTAMP,
  'EtaInput.departureTime': TIMESTAMP,
  'NearbySearchInput.radius': real(0.01, 100_000),
  'NearbySearchInput.limit': int(1, 100),
  'NearbyBoundsInput.limit': int(1, 100),
  'NearestInput.count': int(1, 100),
  'NearestInput.maxDistance': real(0.01, 100_000),
  // commerce (docs/orders.md): a stop's number and a package's stop exist or not depending on the order's stops
  'WaypointInput.no': int(1, 1000, true),
  'PackageInput.waypointNo': int(1, 1000, true),
  'PackageInput.careLevel': int(0, 3),
  'PackageInput.weight': real(0.001, 1000),
  'PackageUpdateInput.waypointNo': int(1, 1000, true),
  'PackageUpdateInput.careLevel': int(0, 3),
  'PackageUpdateInput.weight': real(0.001, 1000),
  'FeesInput.tax': real(0, 1e9),
  'FeesInput.discount': real(0, 1e9),
  'ServiceUpdateInput.tax': real(0, 1e9),
  'ServiceUpdateInput.discount': real(0, 1e9),
  'RatingInput.score': int(1, 5),
  'PeripheralSearchInput.radius': real(10, 20_000),
  'PeripheralSearchInput.limit': int(1, 50),
};

/**
 * Routes whose success depends on the record's state whatever the numbers (docs/orders.md): placing binds a quote
 * once, a rating needs a delivered order, the service's fees change only while unpaid and the discount only up to
 * the quote, stops and packages have caps. On them, a value in range must not be refused naming the field (a 4xx on
 * the state is fine); out of range is 400 naming it as everywhere.
 */
const STATEFUL = new Set(['POST /v1/order/service', 'PATCH /v1/order/service', 'POST /v1/order/service/rating', 'PUT /v1/order/waypoints/add', 'PUT /v1/order/packages/add']);

/** The queries family's bodies, under `/v1/queries` and its alias `/v1/realm/queries` (the world's warehouse is the service). */
function queriesBodies(): Record<string, (w: World) => Record<string, unknown>> {
  const search = () => ({ serviceType: 'WAREHOUSE', location: { coordinates: [...NBO], maxDistance: 50 }, limit: 20, offset: 0 });
  const items = () => [{ sku: 'X', quantity: 1, weight: 1, volume: 0.1 }];
  const order = () => ({ items: items(), deliveryLocation: { coordinates: [...NBO] }, storageDays: 1, serviceTypes: ['STORAGE'], requirements: ['COLD_CHAIN'] });
  const performance = () => ({ onTimeDeliveryRate: 0.9, orderAccuracy: 0.95, averageProcessingTime: 3600, damageRate: 0.01, customerSatisfaction: 4.5, overallScore: 88 });
  const bodies: Record<string, (w: World) => Record<string, unknown>> = {
    'POST /discovery/discover': search,
    'POST /discovery/count': search,
    'POST /discovery/advanced': () => ({ ...search(), performanceThresholds: { onTimeDeliveryRate: 0.5, orderAccuracy: 0.5, overallScore: 50 } }),
    'POST /discovery/available': () => ({ criteria: search(), minCapacity: 1, capacityType: 'PALLET_POSITIONS' }),
    'POST /matching/match': () => ({ serviceTypes: ['WAREHOUSE'], delivery: { coordinates: [...NBO] }, items: items(), strategy: 'BALANCED', limit: 10 }),
    'POST /performance/sync': (w) => ({ lsp: w.providers.lsp.code, serviceId: w.warehouseId, performance: performance() }),
    'POST /performance/sync/batch': (w) => ({ lsp: w.providers.lsp.code, services: [{ serviceId: w.warehouseId, performance: performance() }] }),
    'POST /pricing/estimate': (w) => ({ lsp: w.providers.lsp.code, serviceId: w.warehouseId, serviceType: 'WAREHOUSE', orderContext: order() }),
    'POST /pricing/compare': (w) => ({ services: [{ lsp: w.providers.lsp.code, serviceId: w.warehouseId, serviceType: 'WAREHOUSE' }], orderContext: order() }),
  };
  return Object.fromEntries(
    Object.entries(bodies).flatMap(([key, body]) => {
      const [method, path] = key.split(' ');
      return [
        [`${method} /v1/queries${path}`, body],
        [`${method} /v1/realm/queries${path}`, body],
      ];
    }),
  );
}

/**
 * The pipelines family's bodies (docs/pipelines.md): a stage carrying every numeric field (a DRAFT may hold a query, a
 * webhook and a wait at once), full config and health; templates get fresh names (a name and version are unique).
 */
function pipelinesBodies(): Record<string, (w: World) => Record<string, unknown>> {
  const t = () => ({ type: 'RETRY', retries: 1, retryDelay: 10 });
  const stage = () => ({
    name: 'all',
    action: 'WAIT',
    timeout: 1000,
    retries: 0,
    retryDelay: 0,
    query: { resource: 'WAREHOUSE', strategy: 'BEST_MATCH', filters: {}, cacheDuration: 0 },
    webhook: { url: 'https://hooks.example.com/x', method: 'POST', timeout: 1000, retries: 0 },
    wait: { type: 'DURATION', duration: 10, timeout: 1000, checkInterval: 100 },
    transitions: { onSuccess: { type: 'CONTINUE' }, onFailure: t(), onTimeout: t() },
  });
  const config = () => ({ timeout: 60_000, concurrency: 100, maxExecutionsPerHour: 1000, retryPolicy: { maxAttempts: 2, backoffMultiplier: 2, initialDelay: 100, maxDelay: 1000 } });
  const health = () => ({ simulationInterval: 3600, alertThresholds: { healthScore: 70, errorRate: 0.1, avgDuration: 60_000 } });
  return {
    'POST /v1/pipelines/templates': () => ({ name: `Extremes ${Math.random().toString(36).slice(2)}`, version: '1.0.0', stages: [stage()], config: config(), health: health() }),
    'PATCH /v1/pipelines/templates/:templateId': () => ({ stages: [stage()], config: config(), health: health() }),
    'POST /v1/pipelines/deploy': (w) => ({ templateId: w.publishedTemplateId, name: 'Extremes', config: config() }),
    'PATCH /v1/pipelines/:pipelineId': () => ({ config: config(), health: health() }),
    'POST /v1/pipelines/:pipelineId/execute': () => ({ metadata: { extremes: true }, config: { timeout: 60_000 } }),
  };
}

/** Routes that check a list's items one by one (docs/queries.md "Performance"): an item out of range fails alone, the answer is 200 naming it. */
const PER_ITEM = new Set(['POST /v1/queries/performance/sync/batch', 'POST /v1/realm/queries/performance/sync/batch']);
/** Routes that may answer that no price can be made for an order in range (503 PRICING_UNAVAILABLE: no rule of the service applies). */
const PRICING = new Set(['POST /v1/queries/pricing/estimate', 'POST /v1/realm/queries/pricing/estimate']);

/** Values just outside a field's documented range (below what the input boundary refuses on its own, 1e15). */
function justOutside(r: Range): { label: string; json: string; value: number }[] {
  if (r.test) return [];
  const step = (m: number) => (r.int ? 1 : Math.max(0.5, Math.abs(m) * 0.001));
  const out: number[] = [];
  if (Number.isFinite(r.max) && r.max < 1e15) out.push(r.max + step(r.max));
  if (r.exclusiveMin) out.push(r.min);
  else if (r.min > -1e15) out.push(r.min - step(r.min));
  return out.map((v) => ({ label: `${v} (just outside)`, json: JSON.stringify(v), value: v }));
}

function inRange(r: Range, v: number): boolean {
  if (!Number.isFinite(v)) return false;
  if (r.int && (!Number.isInteger(v) || Math.abs(v) > INT32)) return false;
  if (r.test) return r.test(v);
  return (r.exclusiveMin ? v > r.min : v >= r.min) && v <= r.max;
}

const NBO: [number, number] = [-1.2864, 36.8172];
const KAREN: [number, number] = [-1.3194, 36.7073];
const place = (c: [number, number]) => ({ coordinates: [...c], country: 'KE' });
/** A facility capacity whose used and reserved leave room on both sides (total 1,000,000,000, used and reserved 0). */
const capacity = () => ({ type: 'PALLET_POSITIONS', total: 1_000_000_000, used: 0, reserved: 0, unit: 'pallets' });
/** A pricing rule whose weight conditions leave room on both sides (min 0, max 1,000,000). */
const pricingRule = () => ruleBody({ conditions: { minWeightKg: 0, maxWeightKg: 1_000_000 } });

/**
 * A valid body for each writing route with numeric fields (a function: creations need fresh codes). The numeric
 * fields themselves are not listed here: they come from the body's input type, so a field added later is tested too.
 */
const BODIES: Record<string, (w: World) => Record<string, unknown>> = {
  ...queriesBodies(),
  ...pipelinesBodies(),
  'POST /v1/lsp/fleets/create': () => facilityBody({ capacities: [capacity()] }),
  'PATCH /v1/lsp/fleets/:id': () => ({ address: { city: 'Nairobi', coordinates: [...NBO] }, capacities: [capacity()] }),
  'POST /v1/lsp/fleets/:id/vehicles/add': () => vehicleBody(),
  'PATCH /v1/lsp/fleets/:id/vehicles/:vid/specs': () => ({ seats: 3, manufactured: 2019, maxWeightCapacity: { value: 5.5, unit: 't' } }),
  'POST /v1/lsp/fleet/parking/facilities': () => parkingBody(),
  'POST /v1/lsp/warehouses/create': () => facilityBody({ type: 'FULFILLMENT', capacities: [capacity()] }),
  'PATCH /v1/lsp/warehouses/:id': () => ({ address: { city: 'Nairobi', coordinates: [...NBO] }, capacities: [capacity()] }),
  'PUT /v1/lsp/warehouses/:id/pricing/:action': () => ({ rule: pricingRule() }),
  'POST /v1/lsp/hubs/create': () => facilityBody({ type: 'DISTRIBUTION', capacities: [capacity()] }),
  'PATCH /v1/lsp/hubs/:id': () => ({ address: { city: 'Nairobi', coordinates: [...NBO] }, capacities: [capacity()] }),
  'PUT /v1/lsp/hubs/:id/pricing/:action': () => ({ rule: pricingRule() }),
  'POST /v1/lsp/coverage/areas/:type': () => ({
    name: uniqueName('Area'),
    code: uniqueCode('AREA'),
    reach: 'LOCAL',
    transit: { mode: 'GROUND', time: { min: { hour: 0 }, max: { hour: 2160 } } },
    capacity: { packages: 100 },
    radius: { value: 10, unit: 'km' },
    country: 'KE',
    city: 'Nairobi',
  }),
  'PATCH /v1/lsp/coverage/areas/:id/:type': () => ({ transit: { time: { min: { hour: 0 }, max: { hour: 2160 } } }, capacity: { packages: 100 }, radius: { value: 10, unit: 'km' } }),
  'PUT /v1/lsp/coverage/areas/:id/link': () => ({ type: 'ANY', address: { city: 'Nairobi', coordinates: [...NBO] } }),
  'PATCH /v1/lsp/coverage/areas/:id/unlink': () => ({ index: 0 }),
  'POST /v1/lsp/coverage/routes/:type': () => ({
    name: uniqueName('Route'),
    code: uniqueCode('ROUTE'),
    reach: 'NATIONAL',
    transit: { mode: 'GROUND', time: { min: { hour: 0 }, max: { hour: 2160 } } },
    capacity: { sits: 10, packages: 100 },
    distance: { value: 480, unit: 'km' },
    origin: { type: 'ANY', address: { city: 'Nairobi', coordinates: [...NBO] } },
    destination: { type: 'ANY', address: { city: 'Karen', coordinates: [...KAREN] } },
  }),
  'PATCH /v1/lsp/coverage/routes/:id/:type': () => ({
    transit: { time: { min: { hour: 0 }, max: { hour: 2160 } } },
    capacity: { sits: 10, packages: 100 },
    distance: { value: 480, unit: 'km' },
    origin: { type: 'ANY', address: { city: 'Nairobi', coordinates: [...NBO] } },
    destination: { type: 'ANY', address: { city: 'Karen', coordinates: [...KAREN] } },
  }),
  'PUT /v1/lsp/coverage/routes/:id/transit-point': () => ({ type: 'ANY', address: { city: 'Nairobi', coordinates: [...NBO] }, position: 0 }),
  'PATCH /v1/lsp/coverage/routes/:id/transit-point': () => ({ index: 0 }),
  'POST /v1/workspace/:wid/api-keys': () => ({ name: 'extreme', expiresInDays: 30 }),
  ...Object.fromEntries(
    ['csp', 'dev', 'lsp', 'iotsp'].flatMap((k) => [
      [`POST /v1/:wid/${k}/setup`, () => providerBody()],
      [`PATCH /v1/:wid/${k}/:xcode`, () => ({ address: { city: 'Nairobi', coordinates: [...NBO] } })],
    ]),
  ),
  'POST /realm/utilities/fares/delivery': () => ({
    origin: place(NBO),
    destination: place(KAREN),
    serviceLevel: 'STANDARD',
    weight: { value: 1, unit: 'kg' },
    dimensions: { length: 10, width: 10, height: 10, unit: 'cm' },
  }),
  'POST /realm/utilities/fares/transport': () => ({
    origin: place(NBO),
    destination: place(KAREN),
    transportMode: 'ROAD',
    cargo: { weight: { value: 1, unit: 't' }, volume: { value: 1, unit: 'm3' } },
  }),
  'POST /realm/utilities/fares/ride': () => ({ pickup: place(NBO), dropoff: place(KAREN), passengerCount: 1, requestTime: 1_800_000_000 }),
  'POST /realm/utilities/fares/crossborder': () => ({
    origin: { country: 'CN', coordinates: [31.23, 121.47] },
    destination: { country: 'KE', coordinates: [...NBO] },
    transportMode: 'AIR',
    shipment: { weight: { value: 1, unit: 'kg' }, declaredValue: { amount: 10, currency: 'USD' }, description: 'x', quantity: 1 },
  }),
  'POST /realm/utilities/distance': () => ({ origin: place(NBO), destination: place(KAREN), mode: 'AIR' }),
  'POST /realm/utilities/zone': () => ({ location: place(NBO) }),
  'POST /realm/utilities/nearby/search': () => ({ location: { lat: NBO[0], lng: NBO[1] }, radius: 100, limit: 5 }),
  'POST /realm/utilities/nearby/bounds': () => ({ bounds: { northeast: { lat: 1, lng: 37 }, southwest: { lat: -2, lng: 36 } }, limit: 5 }),
  'POST /realm/utilities/nearby/nearest': () => ({ location: { lat: NBO[0], lng: NBO[1] }, count: 1, maxDistance: 1000 }),
  'POST /realm/utilities/eta': () => ({ origin: { coordinates: [...NBO] }, destination: { coordinates: [...KAREN] }, mode: 'ROAD', departureTime: 1_800_000_000 }),
  // commerce: array bodies are a one-element array (the item's fields are under `0.`)
  'PUT /v1/order/waypoints/add': () => [{ type: 'pickup', coordinates: [51.92, 4.48] }] as never,
  'PATCH /v1/order/waypoints/:no': () => ({ coordinates: [51.92, 4.48] }),
  'PUT /v1/order/packages/add': () => [{ waypointNo: 1, careLevel: 0, category: 'PARCEL', weight: 1 }] as never,
  'PATCH /v1/order/packages/:PTC': () => ({ waypointNo: 1, careLevel: 1, weight: 2 }),
  'POST /v1/order/service': () => ({ quoteId: '00000000-0000-4000-8000-000000000000', payment: { mode: 'card' }, fees: { total: { amount: 10, currency: 'EUR' }, tax: 0, discount: 0 } }),
  'PATCH /v1/order/service': () => ({ tax: 0, discount: 0 }),
  'POST /v1/order/service/rating': () => ({ score: 5 }),
  'POST /v1/client/:id/periferals': () => ({ coordinates: [51.92, 4.48], radius: 1000, limit: 5 }),
};

/** Whether a route's REST body writes the instant `field` as a number (rest-bridge/wire.ts, the route's `time`). */
const numericTime = (route: RouteSpec, field: string) => (typeof route.time === 'string' ? route.time !== 'iso' : !!route.time && Object.hasOwn(route.time, field) && route.time[field] !== 'iso');

/**
 * Numeric leaves of an input type as the REST body writes them: `path` (dotted, list items by index) and the range key
 * `Type.field[.index]`. The bridge's wire forms (docs/graph-conventions.md) make more of them numbers than the graph
 * has: a `Decimal` is a JSON number, a `GeoPointInput` is `[lat, lng]` (keys `GeoPointInput.latitude`/`.longitude`),
 * a `DateTime` is a number on routes whose time form is numeric.
 */
function numericLeaves(types: Map<string, InputField[]>, type: string, body: unknown, route: RouteSpec, prefix = '', depth = 0): { path: string; key: string; int: boolean }[] {
  if (depth > 6) return [];
  const out: { path: string; key: string; int: boolean }[] = [];
  for (const f of types.get(type) ?? []) {
    const path = prefix ? `${prefix}.${f.name}` : f.name;
    const value = (body as Record<string, unknown> | undefined)?.[f.name];
    if (f.type === 'GeoPointInput' && !f.list) {
      // REST writes a point as [lat, lng], or as {lat, lng} where the spec shows that form
      const named = value && typeof value === 'object' && !Array.isArray(value);
      out.push({ path: `${path}.${named ? 'lat' : 0}`, key: 'GeoPointInput.latitude', int: false }, { path: `${path}.${named ? 'lng' : 1}`, key: 'GeoPointInput.longitude', int: false });
    } else if (f.type === 'Float' || f.type === 'Int' || f.type === 'Decimal' || (f.type === 'DateTime' && numericTime(route, f.name))) {
      if (f.list) {
        const n = Array.isArray(value) ? value.length : 2;
        for (let i = 0; i < n; i++) out.push({ path: `${path}.${i}`, key: `${type}.${f.name}.${i}`, int: f.type === 'Int' });
      } else {
        out.push({ path, key: `${type}.${f.name}`, int: f.type === 'Int' });
      }
    } else if (f.kind === 'INPUT_OBJECT') {
      if (f.list) {
        if (Array.isArray(value) && value.length) out.push(...numericLeaves(types, f.type, value[0], route, `${path}.0`, depth + 1));
        else if (numericLeaves(types, f.type, undefined, route, '', depth + 1).length) out.push({ path: `${path}.0.*`, key: `${f.type} (list item)`, int: false });
      } else {
        out.push(...numericLeaves(types, f.type, value, route, path, depth + 1));
      }
    }
  }
  return out;
}

/** Sets `value` at a dotted path, creating nothing: the base body holds every parent. */
function setAt(body: Record<string, unknown>, path: string, value: unknown): boolean {
  const keys = path.split('.');
  let t: any = body;
  for (const k of keys.slice(0, -1)) {
    if (t[k] === undefined || t[k] === null) return false;
    t = t[k];
  }
  t[keys.at(-1)!] = value;
  return true;
}

const SENTINEL = 7_654_321.123_456_7;
const writing = routes.filter((r) => r.method !== 'GET' && r.method !== 'DELETE' && r.bodyVariable && !r.files);

let w: World;
let types: Map<string, InputField[]>;
beforeAll(async () => {
  [w, types] = await Promise.all([buildWorld(), inputTypes()]);
}, 120_000);

describe('extreme numbers in every numeric field of every writing route', () => {
  it('every writing route with a numeric field has a base body here, and every numeric field a documented range', () => {
    const missing: string[] = [];
    for (const route of writing) {
      const sample = BODIES[routeKey(route)]?.(w);
      const leaves = numericLeaves(types, bodyTypeOf(route)!, route.bodyArray ? (sample as unknown as unknown[] | undefined)?.[0] : sample, route, route.bodyArray ? '0' : '');
      if (leaves.length && !BODIES[routeKey(route)]) missing.push(`${routeKey(route)}: no base body (numeric fields ${leaves.map((l) => l.path).join(', ')})`);
      for (const l of leaves) if (!RANGES[l.key]) missing.push(`${routeKey(route)}: ${l.path} (${l.key}) has no documented range here`);
    }
    expect(missing).toEqual([]);
  });

  for (const route of writing) {
    it(`${routeKey(route)}: out of range is 400 naming the field, in range is stored, never 5xx`, async () => {
      const base = BODIES[routeKey(route)];
      if (!base) return; // no numeric field (checked above)
      const sample = base(w);
      const leaves = numericLeaves(types, bodyTypeOf(route)!, route.bodyArray ? (sample as unknown as unknown[])[0] : sample, route, route.bodyArray ? '0' : '');
      const problems: string[] = [];
      for (const leaf of leaves) {
        const range = RANGES[leaf.key];
        for (const x of [...EXTREMES, ...justOutside(range)]) {
          const body = base(w);
          if (!setAt(body, leaf.path, SENTINEL)) {
            problems.push(`${leaf.path}: the base body lacks its parent`);
            continue;
          }
          const text = JSON.stringify(body).replace(String(SENTINEL), x.json);
          const res = await request(w, route, text);
          const { code, field } = failureOf(route, res);
          const where = `${leaf.path} = ${x.label} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
          if (res.status === 503 && PRICING.has(routeKey(route)) && code === 'PRICING_UNAVAILABLE' && inRange(range, x.value)) continue;
          if (res.status >= 500) {
            problems.push(`5xx: ${where}`);
            continue;
          }
          const blamed = res.status === 400 && typeof field === 'string' && (leaf.path === field || leaf.path.startsWith(`${field}.`));
          if (PER_ITEM.has(routeKey(route))) {
            const item = res.status === 200 ? (res.body.errors ?? [])[0] : undefined;
            if (!inRange(range, x.value)) {
              // beyond the input boundary (±1e15) the bridge refuses the whole body first, naming the field
              const refused = res.status === 400 && code === 'VALIDATION_ERROR' && blamed && Math.abs(x.value) > 1e15;
              if (!refused && (res.status !== 200 || res.body.failed !== 1 || item?.field !== leaf.path)) problems.push(`expected the item to fail naming ${leaf.path}: ${where}`);
            } else if (res.status !== 200 || res.body.synced !== 1) problems.push(`in range, expected the item synced: ${where}`);
            continue;
          }
          if (!inRange(range, x.value)) {
            if (res.status !== 400 || code !== validationCodeOf(route) || !blamed) problems.push(`expected 400 ${validationCodeOf(route)} naming ${leaf.path}: ${where}`);
          } else if (blamed) {
            problems.push(`in range, yet refused: ${where}`);
          } else if (!range.state && !STATEFUL.has(routeKey(route)) && !(res.status >= 200 && res.status < 300) && !(route.path.startsWith('/realm/utilities') && res.status === 422)) {
            problems.push(`in range, expected success: ${where}`);
          }
        }
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }

  it('afterwards every list and every record of the tenant reads 200', async () => {
    // not the tenant's lists or records: another user's profile, context tokens, the access configuration, the user,
    // FAQ and IoT rule and topic searches (which need a query of their own)
    const reads = routes.filter(
      (r) =>
        r.method === 'GET' &&
        !r.path.startsWith('/v1/users/:userId') &&
        !r.path.includes('/context') &&
        r.path !== '/v1/access/config' &&
        r.path !== '/v1/users/search' &&
        r.path !== '/v1/lsps/:icode/faqs/search' &&
        r.path !== '/v1/iotsp/rules/find' &&
        r.path !== '/v1/iotsp/topics/find',
    );
    expect(reads.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const route of reads) {
      const res = await request(w, route, undefined);
      if (res.status !== 200) problems.push(`${routeKey(route)} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('regressions (issue 10)', () => {
  const route = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)!;

  it('cause 1: a pricing amount outside the money range is refused, an amount inside it is kept to the cent, and the warehouse and hub lists keep reading', async () => {
    for (const kind of ['warehouses', 'hubs']) {
      const pricing = route('PUT', `/v1/lsp/${kind}/:id/pricing/:action`);
      for (const amount of ['1e308', '1e13', '1000000000000', '-0.01']) {
        const res = await request(w, pricing, `{"rule":{"name":"Huge","basis":"FLAT","rate":{"amount":${amount},"currency":"USD"}}}`);
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body).toMatchObject({ error: true, status: 'VALIDATION_ERROR', field: 'rule.rate.amount' });
      }
      const kept = await request(w, pricing, { rule: { name: 'Largest', basis: 'FLAT', rate: { amount: 999_999_999_998.994, currency: 'USD' }, minimumCharge: { amount: 0.005, currency: 'USD' } } });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      const rule = kept.body.data.pricing.at(-1);
      expect(rule.rate.amount).toBe(999_999_999_998.99);
      expect(rule.minimumCharge.amount).toBe(0.01);
      const list = await request(w, route('GET', `/v1/lsp/${kind}`));
      expect(list.status, JSON.stringify(list.body).slice(0, 300)).toBe(200);
    }
  });

  it('cause 8: a denormal coordinate (5e-324) is stored and searched as 0, never a 500', async () => {
    const fleet = await request(
      w,
      route('POST', '/v1/lsp/fleets/create'),
      JSON.stringify(facilityBody({ address: { city: 'Null Island', coordinates: [7654321.5, 1234567.5] } }))
        .replace('7654321.5', '5e-324')
        .replace('1234567.5', '-0'),
    );
    expect(fleet.status, JSON.stringify(fleet.body)).toBe(201);
    expect(fleet.body.data.address.coordinates).toEqual([0, 0]);
    expect(Object.is(fleet.body.data.address.coordinates[1], -0)).toBe(false);
    for (const [path, body] of [
      ['/realm/utilities/nearby/search', '{"location":{"lat":5e-324,"lng":5e-324},"radius":1000}'],
      ['/realm/utilities/nearby/nearest', '{"location":{"lat":5e-324,"lng":-5e-324},"count":3,"maxDistance":1000}'],
      ['/realm/utilities/nearby/bounds', '{"bounds":{"northeast":{"lat":5e-324,"lng":5e-324},"southwest":{"lat":-1,"lng":-1}}}'],
    ] as const) {
      const res = await request(w, route('POST', path), body);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const tiny = await request(w, route('POST', '/realm/utilities/nearby/search'), '{"location":{"lat":0,"lng":0},"radius":5e-324}');
    expect(tiny.status).toBe(400);
    expect(tiny.body).toMatchObject({ error: true, status: 'UTILITY::VALIDATION_FAILED', field: 'radius' });
  });
});
