import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, gatewayUrl, newUser, type ApiResponse } from './helpers.js';
import { subgraphsFetched } from './support/query-plan.js';

/**
 * Utilities (spec group 15, docs/utilities.md) through the REST bridge: every route, the spec's worked constants
 * (ride classes and surge rules in the pickup's local time), each unit, money rounding, the place and metadata rules,
 * distance and ETA models, cross-border duties, VAT, de minimis and incoterms, default zoning, the live vehicle-position
 * store (radius, bounds, k-nearest; tenant isolation), each validation error and each auth error.
 *
 * The bridge allows 100 requests a minute per credential, so groups of tests use keys of their own.
 */

const BASE = '/realm/utilities';
const DEVICE = 'util-e2e-device';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Tenant {
  wid: string;
  token: string;
  key(scopes?: string[]): Promise<string>;
}

async function newTenant(): Promise<Tenant> {
  const user = await newUser({ name: 'Utilities Owner' });
  const headers = { 'svc-auth-token': user.accessToken, 'svc-user-agent': 'util-e2e/1.0', 'svc-auth-device': DEVICE };
  const ws = await api('POST', '/v1/workspace', { headers, body: { name: `Utilities ${Math.random().toString(36).slice(2, 8)}` } });
  if (ws.status !== 201) throw new Error(`workspace: ${ws.status} ${JSON.stringify(ws.body)}`);
  const wid = ws.body.data.workspace.id as string;
  return {
    wid,
    token: user.accessToken,
    async key(scopes = ['utilities']) {
      const res = await api('POST', `/v1/workspace/${wid}/api-keys`, { headers, body: { name: `k-${scopes.join('-')}`, scopes } });
      if (res.status !== 201) throw new Error(`api key: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.key as string;
    },
  };
}

const call = (key: string | undefined, path: string, body: unknown) => api('POST', `${BASE}${path}`, { token: key, body });

async function gql(key: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(gatewayUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string; field?: string } }[] };
}

function ok(res: ApiResponse, status: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.error).toBe(false);
  expect(res.body.status).toBe(status);
  expect(res.body.trace).toMatch(UUID_RE);
  expect(res.body).toHaveProperty('result');
  return res.body.result;
}

const HTTP: Record<string, number> = {
  'UTILITY::VALIDATION_FAILED': 400,
  'UTILITY::INSUFFICIENT_DATA': 422,
  'UTILITY::ESTIMATION_FAILED': 422,
  'UTILITY::CALCULATION_FAILED': 422,
  'AUTH::INVALID_API_KEY': 401,
  'AUTH::UNAUTHORIZED': 403,
};

function fails(res: ApiResponse, status: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(HTTP[status]);
  expect(res.body.error).toBe(true);
  expect(res.body.status).toBe(status);
  expect(typeof res.body.message).toBe('string');
  expect(res.body).not.toHaveProperty('result');
  if (field !== undefined) {
    expect(res.body.field, JSON.stringify(res.body)).toBe(field);
    expect(res.body.message).toContain(field);
  }
}

// ---------------------------------------------------------------- expected values

/*
 * No model of the platform is restated here. Fares, distances and durations are the hand-worked values of
 * docs/utilities.md ("Worked examples"), whose places lie on the meridian 36.8° E in Kenya (1° of latitude =
 * 111.19508 km on the documented sphere); test/golden.e2e.test.ts checks distances against published ones.
 */
/** A place on the meridian 36.8° E in Kenya (the worked examples' places). */
const M = (lat: number) => ({ coordinates: [lat, 36.8], country: 'KE' });
/** Fixtures only: the documented mean radius R1, to place test vehicles a given number of metres apart. */
const R = 6_371_008.8;
/** The documented peak season of delivery fares (15 November – 31 December, UTC date of the calculation). */
const inPeakSeason = (unixSeconds: number) => {
  const d = new Date(unixSeconds * 1000);
  return d.getUTCMonth() === 11 || (d.getUTCMonth() === 10 && d.getUTCDate() >= 15);
};

/** Unix seconds of a wall-clock time in a zone with a fixed UTC offset (hours). */
const at = (y: number, m: number, d: number, hh: number, mm: number, offsetH: number) => Date.UTC(y, m - 1, d, hh - offsetH, mm) / 1000;

// Nairobi (UTC+3, no DST): CBD → Westlands
const NBO_CBD: [number, number] = [-1.2864, 36.8172];
const NBO_KAREN: [number, number] = [-1.3194, 36.7073];
const place = (c: [number, number], country = 'KE') => ({ coordinates: c, country });

let A: Tenant;
let B: Tenant;

beforeAll(async () => {
  [A, B] = await Promise.all([newTenant(), newTenant()]);
});

// =============================================================== auth

describe('utilities: credentials', () => {
  const body = { origin: { coordinates: [0, 0] }, destination: { coordinates: [0, 1] }, mode: 'ROAD' };

  it('no Authorization header is 401 AUTH::INVALID_API_KEY', async () => {
    fails(await call(undefined, '/eta', body), 'AUTH::INVALID_API_KEY');
  });

  it('an unknown key, a malformed header and a user access token are 401 AUTH::INVALID_API_KEY', async () => {
    fails(await call('lpk_not-a-real-key', '/eta', body), 'AUTH::INVALID_API_KEY');
    fails(await api('POST', `${BASE}/eta`, { body, headers: { authorization: 'Basic abc' } }), 'AUTH::INVALID_API_KEY');
    fails(await call(A.token, '/eta', body), 'AUTH::INVALID_API_KEY');
  });

  it('a key without the utilities scope is 403 AUTH::UNAUTHORIZED on every route', async () => {
    const key = await A.key(['queries']);
    for (const path of ['/fares/delivery', '/fares/transport', '/fares/ride', '/fares/crossborder', '/distance', '/zone', '/nearby/search', '/nearby/bounds', '/nearby/nearest', '/eta']) {
      const bodies: Record<string, unknown> = {
        '/fares/delivery': { origin: place(NBO_CBD), destination: place(NBO_KAREN), serviceLevel: 'STANDARD', weight: { value: 1, unit: 'kg' } },
        '/fares/transport': { origin: place(NBO_CBD), destination: place(NBO_KAREN), transportMode: 'ROAD', cargo: { weight: { value: 1, unit: 't' } } },
        '/fares/ride': { pickup: place(NBO_CBD), dropoff: place(NBO_KAREN) },
        '/fares/crossborder': {
          origin: { country: 'CN' },
          destination: { country: 'KE' },
          transportMode: 'AIR',
          shipment: { weight: { value: 1, unit: 'kg' }, declaredValue: { amount: 10, currency: 'USD' }, description: 'x', quantity: 1 },
        },
        '/distance': { origin: place(NBO_CBD), destination: place(NBO_KAREN), mode: 'AIR' },
        '/zone': { location: place(NBO_CBD) },
        '/nearby/search': { location: { lat: 0, lng: 0 }, radius: 100 },
        '/nearby/bounds': { bounds: { northeast: { lat: 1, lng: 1 }, southwest: { lat: 0, lng: 0 } } },
        '/nearby/nearest': { location: { lat: 0, lng: 0 }, count: 1 },
        '/eta': body,
      };
      fails(await call(key, path, bodies[path]), 'AUTH::UNAUTHORIZED');
    }
    // and the position mutation
    const res = await gql(key, 'mutation { reportVehiclePosition(input: {vehicleId: "x", type: "CAR", status: AVAILABLE, location: {latitude: 0, longitude: 0}}) { id } }');
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('a revoked key is 401; a key with the `*` scope is accepted', async () => {
    const headers = { 'svc-auth-token': A.token, 'svc-user-agent': 'util-e2e/1.0', 'svc-auth-device': DEVICE };
    const created = await api('POST', `/v1/workspace/${A.wid}/api-keys`, { headers, body: { name: 'short-lived', scopes: ['utilities'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const key = created.body.data.key as string;
    expect(created.body.data.apiKey.id).toMatch(UUID_RE);
    ok(await call(key, '/eta', body), 'UTILITY::ETA_CALCULATED');
    const revoked = await api('DELETE', `/v1/workspace/${A.wid}/api-keys/${created.body.data.apiKey.id}`, { headers });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    fails(await call(key, '/eta', body), 'AUTH::INVALID_API_KEY');
    ok(await call(await A.key(['*']), '/eta', body), 'UTILITY::ETA_CALCULATED');
  });
});

// =============================================================== ride fares

describe('utilities: /fares/ride', () => {
  let key: string;
  beforeAll(async () => {
    key = await A.key();
  });

  const ride = (requestTime: number, extra: Record<string, unknown> = {}) => call(key, '/fares/ride', { pickup: place(NBO_CBD), dropoff: place(NBO_KAREN), requestTime, ...extra });

  /** R1's trip of the worked examples: 14.46 road km, 30 minutes. */
  const r1 = (requestTime: number, extra: Record<string, unknown> = {}) => call(key, '/fares/ride', { pickup: M(-1.2), dropoff: M(-1.3), requestTime, ...extra });

  it("a ride at 08:00 local time (Nairobi) is ×1.5 peak: R1's STANDARD fare 29.41 + 14.71 surge = 44.12", async () => {
    const res = ok(await r1(at(2025, 11, 24, 8, 0, 3)), 'UTILITY::FARE_CALCULATED');
    expect(res.vehicleClass).toBe('STANDARD');
    expect(res.tripEstimate.distance).toEqual({ kilometer: 14.46, mile: 8.99 });
    expect(res.tripEstimate.duration).toEqual({ minute: 30, hour: 0.5 });
    expect(res.estimatedFare).toEqual({
      baseFare: 3,
      distanceFare: 15.91,
      timeFare: 10.5,
      bookingFee: 0,
      totalBeforeSurge: 29.41,
      surgeFare: 14.71,
      totalAfterSurge: 44.12,
      minimumFare: 6,
      minimumFareApplied: false,
      currency: 'USD',
    });
    expect(res.surgeInfo).toMatchObject({ multiplier: 1.5, isActive: true, rule: 'PEAK_HOURS', timeZone: 'Africa/Nairobi', localTime: '2025-11-24T08:00:00' });
    expect(res.surgeInfo.reason).toMatch(/peak/i);
    // docs: place confidence 0.95 (coordinates) × 0.85 (traffic not modelled) = 0.8075 → 0.81
    expect(res.metadata).toMatchObject({ accuracy: 'PRECISE', dataSource: 'HYBRID', confidence: 0.95 });
    expect(res.tripEstimate.confidence).toBe(0.81);
  });

  it('a ride on Saturday at 23:00 local time is ×1.8 weekend night: 29.41 + 23.53 = 52.94', async () => {
    const res = ok(await r1(at(2025, 11, 22, 23, 0, 3)), 'UTILITY::FARE_CALCULATED');
    expect(res.surgeInfo).toMatchObject({ multiplier: 1.8, isActive: true, rule: 'WEEKEND_NIGHT', localTime: '2025-11-22T23:00:00' });
    expect(res.surgeInfo.reason).toMatch(/weekend night/i);
    expect(res.estimatedFare).toMatchObject({ totalBeforeSurge: 29.41, surgeFare: 23.53, totalAfterSurge: 52.94 });
  });

  it("every surge rule at its boundaries, in the pickup's local time", async () => {
    const cases: [number, number, string][] = [
      [at(2025, 11, 25, 3, 0, 3), 1.3, 'LATE_NIGHT'], // Tuesday 03:00
      [at(2025, 11, 26, 12, 0, 3), 1.0, 'NONE'], // Wednesday noon
      [at(2025, 11, 26, 17, 30, 3), 1.5, 'PEAK_HOURS'], // Wednesday 17:30
      [at(2025, 11, 26, 19, 0, 3), 1.0, 'NONE'], // 19:00 is after the evening peak
      [at(2025, 11, 26, 6, 59, 3), 1.0, 'NONE'],
      [at(2025, 11, 28, 22, 0, 3), 1.8, 'WEEKEND_NIGHT'], // Friday 22:00
      [at(2025, 11, 29, 1, 30, 3), 1.8, 'WEEKEND_NIGHT'], // Saturday 01:30 (Friday night)
      [at(2025, 11, 30, 1, 0, 3), 1.8, 'WEEKEND_NIGHT'], // Sunday 01:00 (Saturday night)
      [at(2025, 11, 30, 23, 0, 3), 1.0, 'NONE'], // Sunday 23:00 is no weekend night
      [at(2025, 12, 1, 1, 0, 3), 1.0, 'NONE'], // Monday 01:00
      [at(2025, 11, 29, 2, 0, 3), 1.3, 'LATE_NIGHT'], // Saturday 02:00: weekend night has ended
    ];
    for (const [t, multiplier, rule] of cases) {
      const res = ok(await ride(t), 'UTILITY::FARE_CALCULATED');
      expect({ t, multiplier: res.surgeInfo.multiplier, rule: res.surgeInfo.rule, isActive: res.surgeInfo.isActive }).toEqual({ t, multiplier, rule, isActive: multiplier > 1 });
    }
  });

  it('the same instant is peak in New York (08:00 EST) and not in Nairobi (16:00)', async () => {
    const t = at(2025, 11, 24, 8, 0, -5);
    const ny = ok(
      await call(key, '/fares/ride', { pickup: { coordinates: [40.758, -73.9855], country: 'US' }, dropoff: { coordinates: [40.7128, -74.006], country: 'US' }, requestTime: t }),
      'UTILITY::FARE_CALCULATED',
    );
    expect(ny.surgeInfo).toMatchObject({ multiplier: 1.5, rule: 'PEAK_HOURS', timeZone: 'America/New_York', localTime: '2025-11-24T08:00:00' });
    const nbo = ok(await ride(t), 'UTILITY::FARE_CALCULATED');
    expect(nbo.surgeInfo).toMatchObject({ multiplier: 1.0, rule: 'NONE', isActive: false, localTime: '2025-11-24T16:00:00' });
  });

  it('requestTime in milliseconds is accepted; without it the current time is used', async () => {
    const res = ok(await ride(at(2025, 11, 24, 8, 0, 3) * 1000), 'UTILITY::FARE_CALCULATED');
    expect(res.surgeInfo.localTime).toBe('2025-11-24T08:00:00');
    const now = ok(await call(key, '/fares/ride', { pickup: place(NBO_CBD), dropoff: place(NBO_KAREN) }), 'UTILITY::FARE_CALCULATED');
    expect(Math.abs(now.metadata.calculatedAt - Date.now() / 1000)).toBeLessThan(60);
  });

  it("each vehicle class uses its base, per-km and per-minute constants (R1's trip in every class, worked in the docs)", async () => {
    const t = at(2025, 11, 26, 12, 0, 3);
    // class: [baseFare, distanceFare (per-km × 14.46), timeFare (per-minute × 30), total, minimumFare]
    const CLASSES: Record<string, [number, number, number, number, number]> = {
      ECONOMY: [2.5, 13.01, 9, 24.51, 5],
      STANDARD: [3, 15.91, 10.5, 29.41, 6],
      COMFORT: [3.5, 18.8, 12, 34.3, 7.5],
      PREMIUM: [5, 26.03, 16.5, 47.53, 10],
      LUXURY: [8, 36.15, 24, 68.15, 15],
      XL: [4.5, 21.69, 15, 41.19, 9],
      SUV: [5.5, 24.58, 18, 48.08, 11],
    };
    for (const [vehicleClass, [baseFare, distanceFare, timeFare, total, minimumFare]] of Object.entries(CLASSES)) {
      const res = ok(await r1(t, { vehicleClass }), 'UTILITY::FARE_CALCULATED');
      expect(res.vehicleClass).toBe(vehicleClass);
      expect(res.estimatedFare, vehicleClass).toEqual({
        baseFare,
        distanceFare,
        timeFare,
        bookingFee: 0,
        surgeFare: 0,
        totalBeforeSurge: total,
        totalAfterSurge: total,
        minimumFare,
        minimumFareApplied: false,
        currency: 'USD',
      });
    }
  });

  it('the minimum fare is enforced (a ride that goes nowhere)', async () => {
    const res = ok(await call(key, '/fares/ride', { pickup: place(NBO_CBD), dropoff: place(NBO_CBD), vehicleClass: 'LUXURY', requestTime: at(2025, 11, 26, 12, 0, 3) }), 'UTILITY::FARE_CALCULATED');
    expect(res.tripEstimate.distance.kilometer).toBe(0);
    expect(res.estimatedFare).toMatchObject({ baseFare: 8, distanceFare: 0, timeFare: 0, totalBeforeSurge: 8, minimumFare: 15, totalAfterSurge: 15, minimumFareApplied: true });
  });

  it('passengers: more than 4 default to XL; more than the class seats is refused', async () => {
    const xl = ok(await call(key, '/fares/ride', { pickup: place(NBO_CBD), dropoff: place(NBO_KAREN), passengerCount: 5 }), 'UTILITY::FARE_CALCULATED');
    expect(xl.vehicleClass).toBe('XL');
    fails(await call(key, '/fares/ride', { pickup: place(NBO_CBD), dropoff: place(NBO_KAREN), passengerCount: 6, vehicleClass: 'STANDARD' }), 'UTILITY::VALIDATION_FAILED', 'passengerCount');
    fails(await call(key, '/fares/ride', { pickup: place(NBO_CBD), dropoff: place(NBO_KAREN), passengerCount: 0 }), 'UTILITY::VALIDATION_FAILED', 'passengerCount');
  });

  it('validation: unknown vehicle class, coordinates out of range, a missing pickup country', async () => {
    fails(await call(key, '/fares/ride', { pickup: place(NBO_CBD), dropoff: place(NBO_KAREN), vehicleClass: 'SPACESHIP' }), 'UTILITY::VALIDATION_FAILED', 'vehicleClass');
    fails(await call(key, '/fares/ride', { pickup: place([91, 36.8]), dropoff: place(NBO_KAREN) }), 'UTILITY::VALIDATION_FAILED', 'pickup.coordinates');
    fails(await call(key, '/fares/ride', { pickup: place([-1.28, 181]), dropoff: place(NBO_KAREN) }), 'UTILITY::VALIDATION_FAILED', 'pickup.coordinates');
    fails(await call(key, '/fares/ride', { pickup: { coordinates: [-1.28], country: 'KE' }, dropoff: place(NBO_KAREN) }), 'UTILITY::VALIDATION_FAILED', 'pickup.coordinates');
    fails(await call(key, '/fares/ride', { pickup: { coordinates: NBO_CBD }, dropoff: place(NBO_KAREN) }), 'UTILITY::VALIDATION_FAILED', 'pickup.country');
    fails(await call(key, '/fares/ride', { pickup: place(NBO_CBD), dropoff: place(NBO_KAREN), requestTime: -5 }), 'UTILITY::VALIDATION_FAILED', 'requestTime');
  });
});

// =============================================================== delivery fares and units

describe('utilities: /fares/delivery', () => {
  let key: string;
  beforeAll(async () => {
    key = await A.key();
  });
  const delivery = (extra: Record<string, unknown>) =>
    call(key, '/fares/delivery', { origin: place(NBO_CBD), destination: place(NBO_KAREN), serviceLevel: 'STANDARD', weight: { value: 1, unit: 'kg' }, ...extra });

  it("the fee adds up: base 4.00, distance 14.46 km × 0.40, weight above 1 kg, service, fuel; the season line as documented for the quote's date", async () => {
    // 14.46 road km (worked examples): 4.00 + 5.78 (14.46 × 0.40 = 5.784) + 1.60 (2 kg × 0.80) + 0 + 1.14 (11.38 × 10 % = 1.138) = 12.52;
    // in the peak season + 0.91 (11.38 × 8 % = 0.9104) = 13.43
    const res = ok(await delivery({ origin: M(-1.2), destination: M(-1.3), weight: { value: 3, unit: 'kg' } }), 'UTILITY::FEE_CALCULATED');
    expect(res).toMatchObject({ currency: 'USD', serviceLevel: 'STANDARD', chargeableWeight: 3, international: false, distance: { kilometer: 14.46, mile: 8.99 } });
    expect(Math.abs(res.metadata.calculatedAt - Date.now() / 1000)).toBeLessThan(120);
    const peak = inPeakSeason(res.metadata.calculatedAt);
    expect(res.breakdown).toEqual({ baseFee: 4, distanceFee: 5.78, weightFee: 1.6, serviceFee: 0, fuelSurcharge: 1.14, handlingFee: null, seasonalAdjustment: peak ? 0.91 : null });
    expect(res.totalFee).toBe(peak ? 13.43 : 12.52);
    expect(res.estimatedDeliveryTime).toEqual({ min: { day: 2 }, max: { day: 4 } });
    expect(res.metadata).toMatchObject({ accuracy: 'PRECISE', dataSource: 'HYBRID' });
    expect(res.metadata.disclaimer).toMatch(/not a carrier quote/);
    expect(res.metadata.locations.map((l: any) => l.role)).toEqual(['origin', 'destination']);
  });

  it('weights in kg, g, lb and t are converted (chargeable weight in kg)', async () => {
    const cases: [number, string, number][] = [
      [2.5, 'kg', 2.5],
      [2500, 'g', 2.5],
      [5.51155655, 'lb', 2.5],
      [0.0025, 't', 2.5],
    ];
    for (const [value, unit, kg] of cases) {
      const res = ok(await delivery({ weight: { value, unit } }), 'UTILITY::FEE_CALCULATED');
      expect(res.chargeableWeight, unit).toBeCloseTo(kg, 3);
      expect(res.breakdown.weightFee, unit).toBe(1.2);
    }
  });

  it('dimensions in cm, in and m give the volumetric weight (L×W×H cm³ / 5000)', async () => {
    // 20 × 16 × 12 in = 3,840 in³ × 16.387064 cm³ = 62,926.33 cm³ → 12.585 kg (to the gram)
    const cases: [number[], string, number][] = [
      [[50, 40, 30], 'cm', 12],
      [[0.5, 0.4, 0.3], 'm', 12],
      [[20, 16, 12], 'in', 12.585],
    ];
    for (const [[length, width, height], unit, kg] of cases) {
      const res = ok(await delivery({ dimensions: { length, width, height, unit } }), 'UTILITY::FEE_CALCULATED');
      expect(res.chargeableWeight, unit).toBe(kg);
    }
  });

  it('service levels, package handling, international delivery days', async () => {
    // 14.46 road km, 1 kg: distance 5.78, weight 0; EXPRESS service (5.78 + 0) × 25 % = 1.445 → 1.45; FRAGILE handling 2.50
    const express = ok(await delivery({ origin: M(-1.2), destination: M(-1.3), serviceLevel: 'EXPRESS', packageType: 'FRAGILE' }), 'UTILITY::FEE_CALCULATED');
    expect(express.breakdown).toMatchObject({ baseFee: 10, distanceFee: 5.78, weightFee: 0, serviceFee: 1.45, handlingFee: 2.5 });
    expect(express.estimatedDeliveryTime).toEqual({ min: { day: 1 }, max: { day: 2 } });
    const sameDay = ok(await delivery({ serviceLevel: 'SAME_DAY' }), 'UTILITY::FEE_CALCULATED');
    expect(sameDay.estimatedDeliveryTime).toEqual({ min: { day: 0 }, max: { day: 0 } });
    const abroad = ok(
      await call(key, '/fares/delivery', { origin: { city: 'Nairobi', country: 'KE' }, destination: { city: 'Kampala', country: 'UG' }, serviceLevel: 'STANDARD', weight: { value: 1, unit: 'kg' } }),
      'UTILITY::FEE_CALCULATED',
    );
    expect(abroad.international).toBe(true);
    // STANDARD 2–4 days, +1 maximum day for 500–999 road km (Nairobi → Kampala), across a border +2 / +5
    expect(abroad.distance.kilometer).toBeGreaterThanOrEqual(500);
    expect(abroad.distance.kilometer).toBeLessThan(1000);
    expect(abroad.estimatedDeliveryTime).toEqual({ min: { day: 4 }, max: { day: 10 } });
    expect(abroad.metadata.disclaimer).toMatch(/crossborder/);
    fails(
      await call(key, '/fares/delivery', { origin: { city: 'Nairobi', country: 'KE' }, destination: { city: 'Mombasa', country: 'KE' }, serviceLevel: 'SAME_DAY', weight: { value: 1, unit: 'kg' } }),
      'UTILITY::ESTIMATION_FAILED',
      'serviceLevel',
    );
  });

  it("money is rounded to the currency's minor unit: JPY has none, BHD three; lines add up to the total", async () => {
    const jpy = ok(await delivery({ currency: 'JPY', weight: { value: 7.3, unit: 'kg' } }), 'UTILITY::FEE_CALCULATED');
    expect(jpy.currency).toBe('JPY');
    for (const v of Object.values(jpy.breakdown)) if (v !== null) expect(Number.isInteger(v)).toBe(true);
    expect(jpy.totalFee).toBe(Object.values(jpy.breakdown).reduce((s: number, v) => s + ((v as number) ?? 0), 0));
    const bhd = ok(await delivery({ currency: 'bhd', weight: { value: 7.3, unit: 'kg' } }), 'UTILITY::FEE_CALCULATED');
    expect(bhd.currency).toBe('BHD');
    const mills = (n: number) => Math.round(n * 1000);
    for (const v of Object.values(bhd.breakdown)) if (v !== null) expect(mills(v as number) / 1000).toBe(v);
    expect(mills(bhd.totalFee)).toBe(Object.values(bhd.breakdown).reduce((s: number, v) => s + mills((v as number) ?? 0), 0));
    fails(await delivery({ currency: 'XYZ' }), 'UTILITY::VALIDATION_FAILED', 'currency');
  });

  it('validation: missing origin country, negative weight, unknown enums, bad dimensions', async () => {
    fails(
      await call(key, '/fares/delivery', { origin: { city: 'Nairobi' }, destination: place(NBO_KAREN), serviceLevel: 'STANDARD', weight: { value: 1, unit: 'kg' } }),
      'UTILITY::VALIDATION_FAILED',
      'origin.country',
    );
    fails(await delivery({ weight: { value: -2, unit: 'kg' } }), 'UTILITY::VALIDATION_FAILED', 'weight.value');
    fails(await delivery({ weight: { value: 0, unit: 'kg' } }), 'UTILITY::VALIDATION_FAILED', 'weight.value');
    fails(await delivery({ weight: { value: 1, unit: 'stone' } }), 'UTILITY::VALIDATION_FAILED', 'weight.unit');
    fails(await delivery({ serviceLevel: 'TELEPORT' }), 'UTILITY::VALIDATION_FAILED', 'serviceLevel');
    fails(await delivery({ packageType: 'BOX' }), 'UTILITY::VALIDATION_FAILED', 'packageType');
    fails(await delivery({ dimensions: { length: 10, width: -1, height: 10, unit: 'cm' } }), 'UTILITY::VALIDATION_FAILED', 'dimensions.width');
    fails(await delivery({ dimensions: { length: 10, width: 1, height: 10, unit: 'ft' } }), 'UTILITY::VALIDATION_FAILED', 'dimensions.unit');
    fails(await delivery({ weight: { value: 2, unit: 't' } }), 'UTILITY::VALIDATION_FAILED', 'weight.value');
    fails(await call(key, '/fares/delivery', { origin: place(NBO_CBD), serviceLevel: 'STANDARD', weight: { value: 1, unit: 'kg' } }), 'UTILITY::VALIDATION_FAILED', 'destination');
    fails(await delivery({ surprise: true }), 'UTILITY::VALIDATION_FAILED', 'surprise');
  });
});

// =============================================================== places and metadata

describe('utilities: places and metadata', () => {
  let key: string;
  beforeAll(async () => {
    key = await A.key();
  });
  const distance = (origin: unknown, destination: unknown, mode = 'AIR') => call(key, '/distance', { origin, destination, mode });

  it('coordinates are PRECISE; a gazetteer city is STANDARD; a country alone is its centroid: ESTIMATE and FALLBACK', async () => {
    const precise = ok(await distance(place(NBO_CBD), place(NBO_KAREN)), 'UTILITY::DISTANCE_CALCULATED');
    expect(precise.metadata).toMatchObject({ accuracy: 'PRECISE', dataSource: 'HYBRID', confidence: 0.95 });
    expect(precise.metadata.locations[0]).toMatchObject({ source: 'COORDINATES', lat: NBO_CBD[0], lng: NBO_CBD[1], country: 'KE', timeZone: 'Africa/Nairobi' });

    const city = ok(await distance({ city: 'Mombasa', country: 'Kenya' }, place(NBO_KAREN)), 'UTILITY::DISTANCE_CALCULATED');
    expect(city.metadata).toMatchObject({ accuracy: 'STANDARD', dataSource: 'HYBRID', confidence: 0.85 });
    expect(city.metadata.locations[0]).toMatchObject({ source: 'GAZETTEER', matchedName: 'Mombasa', country: 'KE' });
    expect(city.metadata.locations[0].lat).toBeCloseTo(-4.05, 1);
    expect(Math.abs(city.metadata.calculatedAt - Date.now() / 1000)).toBeLessThan(60);

    const zurich = ok(await distance({ city: 'zurich', country: 'CHE' }, place(NBO_KAREN)), 'UTILITY::DISTANCE_CALCULATED');
    expect(zurich.metadata.locations[0]).toMatchObject({ source: 'GAZETTEER', matchedName: 'Zürich', country: 'CH' });

    const fallback = ok(await distance({ country: 'KE' }, place(NBO_KAREN)), 'UTILITY::DISTANCE_CALCULATED');
    expect(fallback.metadata).toMatchObject({ accuracy: 'ESTIMATE', dataSource: 'FALLBACK', confidence: 0.3 });
    expect(fallback.metadata.locations[0]).toMatchObject({ source: 'COUNTRY_CENTROID', matchedName: 'Kenya' });
  });

  it('a city is recognised in a free-text address; the most populous of several namesakes is taken with less confidence', async () => {
    const addr = ok(await distance({ address: '14 Riverside Drive, Westlands, Nairobi', country: 'KE' }, place(NBO_KAREN)), 'UTILITY::DISTANCE_CALCULATED');
    expect(addr.metadata.locations[0]).toMatchObject({ source: 'GAZETTEER', accuracy: 'STANDARD' });
    const springfield = ok(await distance({ city: 'Springfield', country: 'US' }, place(NBO_KAREN)), 'UTILITY::DISTANCE_CALCULATED');
    expect(springfield.metadata.locations[0].confidence).toBe(0.65);
    const ny = ok(await distance({ city: 'New York', country: 'US' }, place(NBO_KAREN)), 'UTILITY::DISTANCE_CALCULATED');
    expect(ny.metadata.locations[0].matchedName).toBe('New York City');
  });

  it('a place that cannot be located is 422 UTILITY::INSUFFICIENT_DATA naming the field', async () => {
    fails(await distance({ city: 'Atlantisville', country: 'KE' }, place(NBO_KAREN)), 'UTILITY::INSUFFICIENT_DATA', 'origin.city');
    fails(await distance(place(NBO_CBD), { city: 'Nairobi', country: 'Atlantis' }), 'UTILITY::INSUFFICIENT_DATA', 'destination.country');
    fails(await distance(place(NBO_CBD), { country: '' }), 'UTILITY::VALIDATION_FAILED', 'destination.country');
  });
});

// =============================================================== distance and ETA

describe('utilities: /distance and /eta', () => {
  let key: string;
  beforeAll(async () => {
    key = await A.key();
  });
  const NBO: [number, number] = [-1.2921, 36.8219];
  const MBA: [number, number] = [-4.0435, 39.6682];

  it('AIR is the great circle; ROAD ×1.3 and RAIL ×1.4 circuity (one degree of latitude, worked examples)', async () => {
    // 111.195080 km; × 1.30 = 144.553604; × 1.40 = 155.673112; miles = km ÷ 1.609344
    const cases: [string, number, number, string][] = [
      ['AIR', 111.2, 69.09, 'GREAT_CIRCLE'],
      ['ROAD', 144.55, 89.82, 'CIRCUITY'],
      ['RAIL', 155.67, 96.73, 'CIRCUITY'],
    ];
    for (const [mode, value, miles, method] of cases) {
      const res = ok(await call(key, '/distance', { origin: M(-1.2), destination: M(-2.2), mode }), 'UTILITY::DISTANCE_CALCULATED');
      expect(res, mode).toMatchObject({ mode, method, distance: { value, unit: 'km', miles }, greatCircleKm: 111.2, seaKm: null, accessKm: null });
    }
  });

  it('SEA follows a maritime route (Rotterdam → Shanghai goes round, not across Asia)', async () => {
    const res = ok(await call(key, '/distance', { origin: { city: 'Rotterdam', country: 'NL' }, destination: { city: 'Shanghai', country: 'CN' }, mode: 'SEA' }), 'UTILITY::DISTANCE_CALCULATED');
    expect(res.method).toBe('SEA_ROUTE');
    expect(res.greatCircleKm).toBeGreaterThan(8800);
    expect(res.greatCircleKm).toBeLessThan(9100);
    expect(res.seaKm).toBeGreaterThan(16_000);
    expect(res.seaKm).toBeLessThan(24_000);
    expect(res.distance.value).toBeCloseTo(res.seaKm + res.accessKm, 1);
    // across the Pacific (the antimeridian), not round the world
    const pacific = ok(await call(key, '/distance', { origin: { city: 'Shanghai', country: 'CN' }, destination: { city: 'Los Angeles', country: 'US' }, mode: 'SEA' }), 'UTILITY::DISTANCE_CALCULATED');
    expect(pacific.seaKm).toBeGreaterThan(pacific.greatCircleKm);
    expect(pacific.seaKm).toBeLessThan(13_000);
  });

  it('ETA: AIR at 800 km/h plus 45 minutes, from departureTime (worked example: 111.20 km, 54 min)', async () => {
    const departureTime = 1_767_225_600; // 2026-01-01T00:00:00Z
    const res = ok(await call(key, '/eta', { origin: { coordinates: [-1.2, 36.8] }, destination: { coordinates: [-2.2, 36.8] }, mode: 'AIR', departureTime }), 'UTILITY::ETA_CALCULATED');
    expect(res).toMatchObject({ mode: 'AIR', distance: { kilometer: 111.2 }, duration: { minute: 54, hour: 0.89 }, departureTime, estimatedArrival: 1_767_228_840 });
    expect(Math.abs(res.calculatedAt - Date.now() / 1000)).toBeLessThan(120);
  });

  it('ETA: ROAD uses the speed bands (159 min), RAIL 50 km/h (187 min); places without country are fine, departure defaults to now', async () => {
    const road = ok(await call(key, '/eta', { origin: { coordinates: [-1.2, 36.8] }, destination: { coordinates: [-2.2, 36.8] }, mode: 'ROAD' }), 'UTILITY::ETA_CALCULATED');
    expect(road).toMatchObject({ mode: 'ROAD', distance: { kilometer: 144.55 }, duration: { minute: 159, hour: 2.64 } });
    expect(Math.abs(road.departureTime - Date.now() / 1000)).toBeLessThan(60);
    expect(road.estimatedArrival).toBe(road.departureTime + 159 * 60);
    const rail = ok(await call(key, '/eta', { origin: { coordinates: [-1.2, 36.8] }, destination: { coordinates: [-2.2, 36.8] }, mode: 'RAIL' }), 'UTILITY::ETA_CALCULATED');
    expect(rail).toMatchObject({ mode: 'RAIL', distance: { kilometer: 155.67 }, duration: { minute: 187, hour: 3.11 } });
  });

  it('validation: missing coordinates, unknown mode, coordinates out of range', async () => {
    fails(await call(key, '/eta', { origin: {}, destination: { coordinates: MBA }, mode: 'ROAD' }), 'UTILITY::VALIDATION_FAILED', 'origin.coordinates');
    fails(await call(key, '/eta', { origin: { coordinates: NBO }, destination: { coordinates: MBA }, mode: 'HYPERLOOP' }), 'UTILITY::VALIDATION_FAILED', 'mode');
    fails(await call(key, '/eta', { origin: { coordinates: [-100, 0] }, destination: { coordinates: MBA }, mode: 'ROAD' }), 'UTILITY::VALIDATION_FAILED', 'origin.coordinates');
    fails(await call(key, '/distance', { origin: place(NBO), destination: { coordinates: MBA }, mode: 'ROAD' }), 'UTILITY::VALIDATION_FAILED', 'destination.country');
  });
});

// =============================================================== transport

describe('utilities: /fares/transport', () => {
  let key: string;
  beforeAll(async () => {
    key = await A.key();
  });
  const NBO: [number, number] = [-1.2921, 36.8219];
  const MBA: [number, number] = [-4.0435, 39.6682];
  const transport = (extra: Record<string, unknown>, cargo: Record<string, unknown> = {}) =>
    call(key, '/fares/transport', { origin: place(NBO), destination: place(MBA), transportMode: 'ROAD', cargo: { weight: { value: 10, unit: 't' }, ...cargo }, ...extra });

  /** Worked example T1's trip: three degrees of latitude, 433.66 road km. */
  const t1 = (extra: Record<string, unknown>, cargo: Record<string, unknown> = {}) => transport({ origin: M(-1.2), destination: M(1.8), ...extra }, cargo);

  it('ROAD: base 50 + 0.90/km + 0.05/t-km, fuel 12 %; duration with driver breaks; distance in km and miles (worked example T1)', async () => {
    const res = ok(await t1({}), 'UTILITY::FARE_CALCULATED');
    expect(res).toMatchObject({
      baseFare: 50,
      distanceFare: 390.29,
      weightFare: 216.83,
      fuelSurcharge: 72.85,
      hazardousSurcharge: null,
      totalFare: 729.97,
      currency: 'USD',
      urgency: 'STANDARD',
      chargeableWeight: 10000,
      distance: { kilometer: 433.66, mile: 269.46 },
      // 6.77 h of driving, one 45-minute break, 2 h of handling
      estimatedDuration: { hour: 9.5, day: 0.4 },
      availableVehicles: 0,
    });
  });

  it('volumes in m3, ft3 and L make the chargeable weight (AIR 167 kg per m³)', async () => {
    // 70.629333 ft³ × 0.028316846592 = 2.000000 m³; 2 m³ × 167 kg/m³ = 334 kg (more than the 100 kg gross)
    for (const [value, unit] of [
      [2, 'm3'],
      [70.629333, 'ft3'],
      [2000, 'L'],
    ] as const) {
      const res = ok(await transport({ transportMode: 'AIR' }, { weight: { value: 100, unit: 'kg' }, volume: { value, unit } }), 'UTILITY::FARE_CALCULATED');
      expect(res.chargeableWeight, unit).toBe(334);
    }
  });

  it('urgency and hazardous cargo change the fare; SEA and RAIL are priced (worked examples T1 urgent, T3)', async () => {
    const urgent = ok(await t1({ urgency: 'URGENT' }, { hazardous: true }), 'UTILITY::FARE_CALCULATED');
    expect(urgent).toMatchObject({
      baseFare: 50,
      distanceFare: 585.44,
      weightFare: 325.25,
      fuelSurcharge: 109.28,
      hazardousSurcharge: 288.21,
      totalFare: 1358.18,
      urgency: 'URGENT',
      estimatedDuration: { hour: 8.5, day: 0.35 },
    });
    const economy = ok(await t1({ urgency: 'ECONOMY' }), 'UTILITY::FARE_CALCULATED');
    // × 0.85: 0.90 × 433.66 × 0.85 = 331.7499 → 331.75; 0.05 × 10 × 433.66 × 0.85 = 184.3055 → 184.31; fuel (331.75 + 184.31) × 12 % = 61.9272 → 61.93
    expect(economy).toMatchObject({ distanceFare: 331.75, weightFare: 184.31, fuelSurcharge: 61.93, totalFare: 627.99, urgency: 'ECONOMY' });
    const sea = ok(
      await call(key, '/fares/transport', {
        origin: { city: 'Mombasa', country: 'KE' },
        destination: { city: 'Mumbai', country: 'IN' },
        transportMode: 'SEA',
        cargo: { weight: { value: 20, unit: 't' } },
      }),
      'UTILITY::FARE_CALCULATED',
    );
    expect(sea.baseFare).toBe(300);
    expect(sea.estimatedDuration.day).toBeGreaterThan(3); // the SEA terminal handling alone is 72 h
    const rail = ok(await t1({ transportMode: 'RAIL' }), 'UTILITY::FARE_CALCULATED');
    expect(rail).toMatchObject({
      baseFare: 150,
      distanceFare: 186.81,
      weightFare: 140.11,
      fuelSurcharge: 26.15,
      totalFare: 503.07,
      distance: { kilometer: 467.02, mile: 290.19 },
      estimatedDuration: { hour: 33.3, day: 1.39 },
    });
  });

  it('validation: unknown mode, negative weight, too heavy for the mode, bad vehicle type', async () => {
    fails(await transport({ transportMode: 'TELEPORT' }), 'UTILITY::VALIDATION_FAILED', 'transportMode');
    fails(await transport({}, { weight: { value: -1, unit: 'kg' } }), 'UTILITY::VALIDATION_FAILED', 'cargo.weight.value');
    fails(await transport({}, { weight: { value: 50, unit: 't' } }), 'UTILITY::VALIDATION_FAILED', 'cargo.weight.value');
    fails(await transport({}, { volume: { value: 1, unit: 'gallon' } }), 'UTILITY::VALIDATION_FAILED', 'cargo.volume.unit');
    fails(await transport({ urgency: 'YESTERDAY' }), 'UTILITY::VALIDATION_FAILED', 'urgency');
    fails(await transport({ vehicleType: 'truck with spaces' }), 'UTILITY::VALIDATION_FAILED', 'vehicleType');
    fails(
      await call(key, '/fares/transport', { origin: { coordinates: NBO }, destination: place(MBA), transportMode: 'ROAD', cargo: { weight: { value: 1, unit: 't' } } }),
      'UTILITY::VALIDATION_FAILED',
      'origin.country',
    );
  });
});

// =============================================================== cross-border

describe('utilities: /fares/crossborder', () => {
  let key: string;
  beforeAll(async () => {
    key = await A.key();
  });
  const shipment = (extra: Record<string, unknown> = {}) => ({
    weight: { value: 20, unit: 'kg' },
    declaredValue: { amount: 1500, currency: 'USD' },
    hsCode: '8471.30',
    description: 'Laptop computers',
    quantity: 3,
    ...extra,
  });
  const quote = (body: Record<string, unknown>) =>
    call(key, '/fares/crossborder', { origin: { city: 'Shenzhen', country: 'CN' }, destination: { city: 'Nairobi', country: 'KE' }, transportMode: 'AIR', shipment: shipment(), ...body });

  it('Ethiopia → Kenya by air (worked example X1): EAC duty on the CIF value, VAT 16 % on CIF + duty + levies, IDF and RDL, documents, validity', async () => {
    const usd = (amount: number) => ({ amount, currency: 'USD' });
    const res = ok(await quote({ origin: { coordinates: [9.0, 36.8], country: 'ET' }, destination: { coordinates: [-1.2, 36.8], country: 'KE' } }), 'UTILITY::FARE_ESTIMATED');
    expect(res.currency).toBe('USD');
    expect(res.duties).toMatchObject({ rate: 5, hsCode: '847130', valuationBasis: 'CIF', customsValue: usd(1652.82), amount: usd(82.64), tariff: expect.stringMatching(/East African Community/) });
    expect(res.vatRate).toBe(16);
    expect(res.breakdown).toEqual({
      transportFee: usd(142.82),
      customsDuty: usd(82.64),
      vat: usd(292.22),
      importTax: usd(90.91),
      importTaxLines: [
        { name: 'Import Declaration Fee (IDF)', amount: usd(57.85) },
        { name: 'Railway Development Levy (RDL)', amount: usd(33.06) },
      ],
      brokerageFee: usd(45),
      documentationFee: usd(35),
      inspectionFee: null,
      borderCrossingFee: usd(40),
      additionalFees: [{ name: 'Cargo insurance', amount: usd(10) }],
    });
    expect(res.totalCost).toEqual(usd(738.59));
    expect(res.requiredDocuments).toEqual(expect.arrayContaining(['Commercial invoice', 'Packing list', 'Air waybill (AWB)', 'Import Declaration Form (IDF) via KenTrade']));
    expect(res.estimatedClearanceTime).toEqual({ min: { day: 2 }, max: { day: 5 } });
    expect(res.validUntil).toBe(res.metadata.calculatedAt + 86_400);
    expect(res.metadata.disclaimer).toMatch(/Not a customs ruling/);
    // DAP: the seller pays carriage and insurance, the buyer import duties and taxes
    const payer = Object.fromEntries(res.costAllocation.lines.map((l: any) => [l.item, l.payer]));
    expect(payer).toMatchObject({ transportFee: 'SELLER', insurance: 'SELLER', customsDuty: 'BUYER', vat: 'BUYER', brokerageFee: 'BUYER' });
    expect(res.costAllocation).toMatchObject({ seller: usd(210.32), buyer: usd(528.27) });
  });

  it('incoterms decide who pays: DDP the seller everything, EXW the buyer everything, FOB the buyer the carriage', async () => {
    const ddp = ok(await quote({ incoterms: 'DDP' }), 'UTILITY::FARE_ESTIMATED');
    expect(ddp.costAllocation.buyer.amount).toBe(0);
    expect(ddp.costAllocation.seller.amount).toBe(ddp.totalCost.amount);
    const exw = ok(await quote({ incoterms: 'EXW' }), 'UTILITY::FARE_ESTIMATED');
    expect(exw.costAllocation.seller.amount).toBe(0);
    const fob = ok(await quote({ incoterms: 'FOB', transportMode: 'SEA', origin: { city: 'Shanghai', country: 'CN' }, destination: { city: 'Mombasa', country: 'KE' } }), 'UTILITY::FARE_ESTIMATED');
    const payer = Object.fromEntries(fob.costAllocation.lines.map((l: any) => [l.item, l.payer]));
    expect(payer).toMatchObject({ transportFee: 'BUYER', 'documentationFee.export': 'SELLER', customsDuty: 'BUYER' });
    expect(fob.requiredDocuments).toContain('Bill of lading (B/L)');
    const fobByAir = ok(await quote({ incoterms: 'FOB' }), 'UTILITY::FARE_ESTIMATED');
    expect(fobByAir.metadata.disclaimer).toMatch(/sea and inland-waterway term/);
    fails(await quote({ incoterms: 'XYZ' }), 'UTILITY::VALIDATION_FAILED', 'incoterms');
  });

  it("de minimis: under £135 into the UK pays no duty but 20 % VAT; the EU single market has no customs; the quote currency is the declared value's", async () => {
    const uk = ok(
      await quote({ destination: { city: 'London', country: 'GB' }, shipment: shipment({ declaredValue: { amount: 100, currency: 'GBP' }, hsCode: '6109.10' }) }),
      'UTILITY::FARE_ESTIMATED',
    );
    expect(uk.currency).toBe('GBP');
    expect(uk.breakdown.customsDuty).toBeNull();
    expect(uk.duties.exemption).toMatch(/de minimis/);
    expect(uk.vatRate).toBe(20);
    expect(uk.breakdown.vat.amount).toBeGreaterThan(0);
    expect(uk.breakdown.brokerageFee.currency).toBe('GBP');
    expect(uk.exchangeRates.some((r: any) => r.from === 'USD' && r.to === 'GBP' && r.rate > 0)).toBe(true);
    const overUk = ok(
      await quote({ destination: { city: 'London', country: 'GB' }, shipment: shipment({ declaredValue: { amount: 1000, currency: 'GBP' }, hsCode: '6109.10' }) }),
      'UTILITY::FARE_ESTIMATED',
    );
    expect(overUk.breakdown.customsDuty.amount).toBeGreaterThan(0);

    const eu = ok(
      await quote({
        origin: { city: 'Berlin', country: 'DE' },
        destination: { city: 'Paris', country: 'FR' },
        transportMode: 'ROAD',
        shipment: shipment({ declaredValue: { amount: 1000, currency: 'EUR' } }),
      }),
      'UTILITY::FARE_ESTIMATED',
    );
    expect(eu.currency).toBe('EUR');
    expect(eu.breakdown).toMatchObject({ customsDuty: null, vat: null, importTax: null, brokerageFee: { amount: 0, currency: 'EUR' }, borderCrossingFee: { amount: 0, currency: 'EUR' } });
    expect(eu.duties.exemption).toMatch(/European Union/);
    expect(eu.estimatedClearanceTime).toEqual({ min: { day: 0 }, max: { day: 0 } });
    expect(eu.requiredDocuments).not.toContain('Import customs declaration (SAD / H1)');

    const us = ok(
      await quote({ destination: { city: 'Chicago', country: 'US' }, shipment: shipment({ declaredValue: { amount: 50, currency: 'USD' }, hsCode: '6109.10' }) }),
      'UTILITY::FARE_ESTIMATED',
    );
    expect(us.breakdown.customsDuty.amount).toBeGreaterThan(0); // the US de minimis is suspended
    expect(us.breakdown.vat).toBeNull();
    expect(us.duties.valuationBasis).toBe('FOB');
  });

  it('agri-food is inspected and needs a health certificate; no HS code uses the mean rate with less confidence', async () => {
    const food = ok(await quote({ shipment: shipment({ hsCode: '0901.21', description: 'Roasted coffee' }) }), 'UTILITY::FARE_ESTIMATED');
    expect(food.breakdown.inspectionFee).toEqual({ amount: 75, currency: 'USD' });
    expect(food.requiredDocuments).toContain('Phytosanitary or veterinary health certificate');
    // Kenya clears in 2–5 days; an inspection adds 1 to 2
    expect(food.estimatedClearanceTime).toEqual({ min: { day: 3 }, max: { day: 7 } });
    // two gazetteer cities (0.85 each); without an HS code × 0.8
    const plain = ok(await quote({}), 'UTILITY::FARE_ESTIMATED');
    expect(plain.metadata.confidence).toBe(0.85);
    const noHs = ok(await quote({ shipment: shipment({ hsCode: undefined }) }), 'UTILITY::FARE_ESTIMATED');
    expect(noHs.duties.hsCode).toBeNull();
    expect(noHs.metadata.confidence).toBe(0.68);
  });

  it('validation: missing origin country, same country, negative weight, bad HS code, unknown currency, bad quantity', async () => {
    fails(await quote({ origin: { city: 'Shenzhen' } }), 'UTILITY::VALIDATION_FAILED', 'origin.country');
    fails(await quote({ destination: { city: 'Beijing', country: 'CN' } }), 'UTILITY::VALIDATION_FAILED', 'destination.country');
    fails(await quote({ shipment: shipment({ weight: { value: -3, unit: 'kg' } }) }), 'UTILITY::VALIDATION_FAILED', 'shipment.weight.value');
    fails(await quote({ shipment: shipment({ hsCode: '77' }) }), 'UTILITY::VALIDATION_FAILED', 'shipment.hsCode');
    fails(await quote({ shipment: shipment({ hsCode: 'abc' }) }), 'UTILITY::VALIDATION_FAILED', 'shipment.hsCode');
    fails(await quote({ shipment: shipment({ declaredValue: { amount: 10, currency: 'ZZZ' } }) }), 'UTILITY::VALIDATION_FAILED', 'shipment.declaredValue.currency');
    fails(await quote({ shipment: shipment({ declaredValue: { amount: -10, currency: 'USD' } }) }), 'UTILITY::VALIDATION_FAILED', 'shipment.declaredValue.amount');
    fails(await quote({ shipment: shipment({ quantity: 0 }) }), 'UTILITY::VALIDATION_FAILED', 'shipment.quantity');
    fails(await quote({ shipment: shipment({ description: ' ' }) }), 'UTILITY::VALIDATION_FAILED', 'shipment.description');
    fails(await quote({ transportMode: 'CANOE' }), 'UTILITY::VALIDATION_FAILED', 'transportMode');
  });
});

// =============================================================== zones

describe('utilities: /zone', () => {
  let key: string;
  beforeAll(async () => {
    key = await A.key();
  });

  it('default zoning: city, metro, region and country tiers', async () => {
    const city = ok(await call(key, '/zone', { location: { city: 'Nairobi', country: 'KE' } }), 'UTILITY::ZONE_ASSIGNED');
    expect(city).toMatchObject({ serviceType: 'DELIVERY', zone: { id: 'city:184745', name: 'Nairobi', type: 'CITY', source: 'DEFAULT', coverage: { shape: 'CIRCLE', country: 'KE' } } });
    expect(city.zone.coverage.radius).toBeGreaterThan(10_000);
    expect(Math.abs(city.calculatedAt - Date.now() / 1000)).toBeLessThan(60);
    const metro = ok(await call(key, '/zone', { location: { coordinates: [-1.1, 36.95], country: 'KE' }, serviceType: 'WAREHOUSE' }), 'UTILITY::ZONE_ASSIGNED');
    expect(metro).toMatchObject({ serviceType: 'WAREHOUSE', zone: { type: 'METRO', id: 'metro:184745' } });
    const region = ok(await call(key, '/zone', { location: { coordinates: [3.5, 39.0], country: 'KE' } }), 'UTILITY::ZONE_ASSIGNED');
    expect(region.zone).toMatchObject({ type: 'REGION', coverage: { shape: 'ADMIN_AREA', country: 'KE' } });
    expect(region.zone.id).toMatch(/^region:KE\./);
    expect(region.zone.name).toMatch(/County/);
    const country = ok(await call(key, '/zone', { location: { coordinates: [-35, -20], country: 'BR' }, serviceType: 'TERMINAL' }), 'UTILITY::ZONE_ASSIGNED');
    expect(country.zone).toMatchObject({ type: 'COUNTRY', id: 'country:BR', name: 'Brazil' });
  });

  it('validation: unknown service type, missing location', async () => {
    fails(await call(key, '/zone', { location: { city: 'Nairobi', country: 'KE' }, serviceType: 'SPA' }), 'UTILITY::VALIDATION_FAILED', 'serviceType');
    fails(await call(key, '/zone', {}), 'UTILITY::VALIDATION_FAILED', 'location');
  });
});

// =============================================================== nearby vehicles

const REPORT = `mutation Report($p: [VehiclePositionInput!]!) { reportVehiclePositions(positions: $p) { stored ignored } }`;
const ONE = `mutation One($i: VehiclePositionInput!) { reportVehiclePosition(input: $i) { id type status location { latitude longitude } heading speed updatedAt } }`;
/** A `{lat, lng}` point as the graph writes it (GeoPointInput, GeoPoint). */
const geo = (p: { lat: number; lng: number }) => ({ latitude: p.lat, longitude: p.lng });

describe('utilities: vehicle positions and /nearby', () => {
  let keyA: string;
  let keyB: string;
  const C: [number, number] = [-1.2864, 36.8172];
  /** A point `m` metres north of C. */
  const north = (m: number): { lat: number; lng: number } => ({ lat: C[0] + (m / (R * Math.PI)) * 180, lng: C[1] });

  beforeAll(async () => {
    [keyA, keyB] = await Promise.all([A.key(), B.key()]);
    const a = await gql(keyA, REPORT, {
      p: [
        { vehicleId: 'car-100m', type: 'car', status: 'AVAILABLE', location: geo(north(100)) },
        { vehicleId: 'car-500m', type: 'CAR', status: 'BUSY', location: geo(north(500)) },
        { vehicleId: 'moto-900m', type: 'MOTORBIKE', status: 'AVAILABLE', location: geo(north(900)), heading: 90, speed: 30 },
        { vehicleId: 'van-2km', type: 'VAN', status: 'OFFLINE', location: geo(north(2000)) },
        { vehicleId: 'car-20km', type: 'CAR', status: 'AVAILABLE', location: geo(north(20_000)) },
        { vehicleId: 'fiji-1', type: 'CAR', status: 'AVAILABLE', location: { latitude: -17.8, longitude: 179.9 } },
        { vehicleId: 'fiji-2', type: 'CAR', status: 'AVAILABLE', location: { latitude: -16.8, longitude: -179.9 } },
      ],
    });
    expect(a.data, JSON.stringify(a)).toEqual({ reportVehiclePositions: { stored: 7, ignored: 0 } });
    const b = await gql(keyB, REPORT, { p: [{ vehicleId: 'b-car-50m', type: 'CAR', status: 'AVAILABLE', location: geo(north(50)) }] });
    expect(b.data).toEqual({ reportVehiclePositions: { stored: 1, ignored: 0 } });
  });

  it('radius search: nearest first, distances in metres, filters and limit', async () => {
    const res = ok(await call(keyA, '/nearby/search', { location: { lat: C[0], lng: C[1] }, radius: 1000 }), 'UTILITY::SEARCH_COMPLETE');
    expect(res.vehicles.map((v: any) => v.id)).toEqual(['car-100m', 'car-500m', 'moto-900m']);
    expect(res.vehicles[0]).toMatchObject({ type: 'CAR', status: 'AVAILABLE', location: north(100) });
    expect(res.vehicles[0].distance).toBeCloseTo(100, 0);
    expect(res.vehicles[2].distance).toBeCloseTo(900, 0);
    expect(Math.abs(res.vehicles[0].updatedAt - Date.now() / 1000)).toBeLessThan(120);
    expect(res).toMatchObject({ count: 3, searchRadius: 1000, location: { lat: C[0], lng: C[1] } });
    const available = ok(await call(keyA, '/nearby/search', { location: { lat: C[0], lng: C[1] }, radius: 5000, status: 'AVAILABLE' }), 'UTILITY::SEARCH_COMPLETE');
    expect(available.vehicles.map((v: any) => v.id)).toEqual(['car-100m', 'moto-900m']);
    const cars = ok(await call(keyA, '/nearby/search', { location: { lat: C[0], lng: C[1] }, radius: 5000, vehicleType: 'car' }), 'UTILITY::SEARCH_COMPLETE');
    expect(cars.vehicles.map((v: any) => v.id)).toEqual(['car-100m', 'car-500m']);
    const limited = ok(await call(keyA, '/nearby/search', { location: { lat: C[0], lng: C[1] }, radius: 50_000, limit: 2 }), 'UTILITY::SEARCH_COMPLETE');
    expect(limited.vehicles.map((v: any) => v.id)).toEqual(['car-100m', 'car-500m']);
    expect(limited.count).toBe(2);
  });

  it("a vehicle of workspace A is never found with workspace B's key (search, bounds, nearest, lookup)", async () => {
    const search = ok(await call(keyB, '/nearby/search', { location: { lat: C[0], lng: C[1] }, radius: 100_000 }), 'UTILITY::SEARCH_COMPLETE');
    expect(search.vehicles.map((v: any) => v.id)).toEqual(['b-car-50m']);
    const bounds = ok(await call(keyB, '/nearby/bounds', { bounds: { northeast: { lat: 0, lng: 40 }, southwest: { lat: -5, lng: 30 } } }), 'UTILITY::SEARCH_COMPLETE');
    expect(bounds.vehicles.map((v: any) => v.id)).toEqual(['b-car-50m']);
    const nearest = ok(await call(keyB, '/nearby/nearest', { location: { lat: C[0], lng: C[1] }, count: 10 }), 'UTILITY::SEARCH_COMPLETE');
    expect(nearest.vehicles.map((v: any) => v.id)).toEqual(['b-car-50m']);
    const lookup = await gql(keyB, 'query { vehiclePosition(vehicleId: "car-100m") { id } }');
    expect(lookup, JSON.stringify(lookup)).toEqual({ data: { vehiclePosition: null } });
    const fromA = ok(await call(keyA, '/nearby/search', { location: { lat: C[0], lng: C[1] }, radius: 150 }), 'UTILITY::SEARCH_COMPLETE');
    expect(fromA.vehicles.map((v: any) => v.id)).toEqual(['car-100m']);
    // the same vehicle id in two workspaces is two vehicles
    const inB = await gql(keyB, ONE, { i: { vehicleId: 'car-100m', type: 'CAR', status: 'OFFLINE', location: geo(north(10)) } });
    expect(inB, JSON.stringify(inB)).toMatchObject({ data: { reportVehiclePosition: { id: 'car-100m', status: 'OFFLINE', location: geo(north(10)) } } });
    const stillA = await gql(keyA, 'query { vehiclePosition(vehicleId: "car-100m") { status location { latitude } } }');
    expect(stillA, JSON.stringify(stillA)).toEqual({ data: { vehiclePosition: { status: 'AVAILABLE', location: { latitude: north(100).lat } } } });
  });

  it('bounds: vehicles inside the box, nearest its centre first; a box across the antimeridian', async () => {
    const res = ok(await call(keyA, '/nearby/bounds', { bounds: { northeast: { lat: north(1000).lat, lng: C[1] + 0.01 }, southwest: { lat: C[0], lng: C[1] - 0.01 } } }), 'UTILITY::SEARCH_COMPLETE');
    expect(res.vehicles.map((v: any) => v.id).sort()).toEqual(['car-100m', 'car-500m', 'moto-900m']);
    expect(res.vehicles[0].id).toBe('car-500m');
    expect(res.center.lat).toBeCloseTo((north(1000).lat + C[0]) / 2, 6);
    const fiji = ok(await call(keyA, '/nearby/bounds', { bounds: { northeast: { lat: -16, lng: -179 }, southwest: { lat: -18, lng: 179 } }, limit: 10 }), 'UTILITY::SEARCH_COMPLETE');
    expect(fiji.vehicles.map((v: any) => v.id).sort()).toEqual(['fiji-1', 'fiji-2']);
    expect(Math.abs(fiji.center.lng)).toBeCloseTo(180, 6);
    fails(await call(keyA, '/nearby/bounds', { bounds: { northeast: { lat: -5, lng: 40 }, southwest: { lat: 0, lng: 30 } } }), 'UTILITY::VALIDATION_FAILED', 'bounds.northeast.lat');
    fails(await call(keyA, '/nearby/bounds', { bounds: { northeast: { lat: 95, lng: 40 }, southwest: { lat: 0, lng: 30 } } }), 'UTILITY::VALIDATION_FAILED', 'bounds.northeast.lat');
  });

  it('nearest: the k closest, optionally within maxDistance, with filters', async () => {
    const two = ok(await call(keyA, '/nearby/nearest', { location: { lat: C[0], lng: C[1] }, count: 2 }), 'UTILITY::SEARCH_COMPLETE');
    expect(two.vehicles.map((v: any) => v.id)).toEqual(['car-100m', 'car-500m']);
    expect(two).toMatchObject({ count: 2, requested: 2, maxDistance: null });
    const far = ok(await call(keyA, '/nearby/nearest', { location: { lat: C[0], lng: C[1] }, count: 10, status: 'AVAILABLE', vehicleType: 'CAR' }), 'UTILITY::SEARCH_COMPLETE');
    expect(far.vehicles.map((v: any) => v.id).slice(0, 2)).toEqual(['car-100m', 'car-20km']);
    expect(far.vehicles[1].distance).toBeCloseTo(20_000, -1);
    const within = ok(await call(keyA, '/nearby/nearest', { location: { lat: C[0], lng: C[1] }, count: 10, maxDistance: 1000 }), 'UTILITY::SEARCH_COMPLETE');
    expect(within.vehicles.map((v: any) => v.id)).toEqual(['car-100m', 'car-500m', 'moto-900m']);
  });

  it('validation: radius, limit, count, status and coordinates', async () => {
    const loc = { lat: C[0], lng: C[1] };
    fails(await call(keyA, '/nearby/search', { location: loc, radius: 0 }), 'UTILITY::VALIDATION_FAILED', 'radius');
    fails(await call(keyA, '/nearby/search', { location: loc, radius: 100_001 }), 'UTILITY::VALIDATION_FAILED', 'radius');
    fails(await call(keyA, '/nearby/search', { location: loc, radius: 100, limit: 101 }), 'UTILITY::VALIDATION_FAILED', 'limit');
    fails(await call(keyA, '/nearby/search', { location: loc, radius: 100, status: 'PARKED' }), 'UTILITY::VALIDATION_FAILED', 'status');
    fails(await call(keyA, '/nearby/search', { location: { lat: -91, lng: 0 }, radius: 100 }), 'UTILITY::VALIDATION_FAILED', 'location.lat');
    fails(await call(keyA, '/nearby/search', { location: { lat: 'north', lng: 0 }, radius: 100 }), 'UTILITY::VALIDATION_FAILED', 'location.lat');
    fails(await call(keyA, '/nearby/search', { location: { lat: 0 }, radius: 100 }), 'UTILITY::VALIDATION_FAILED', 'location.lng');
    fails(await call(keyA, '/nearby/search', { radius: 100 }), 'UTILITY::VALIDATION_FAILED', 'location');
    fails(await call(keyA, '/nearby/nearest', { location: loc, count: 0 }), 'UTILITY::VALIDATION_FAILED', 'count');
    fails(await call(keyA, '/nearby/nearest', { location: loc, count: 5, maxDistance: -1 }), 'UTILITY::VALIDATION_FAILED', 'maxDistance');
  });

  it('reports: an older report than the stored one is ignored; a removed vehicle leaves the searches', async () => {
    const now = Math.floor(Date.now() / 1000);
    /** An instant `s` Unix seconds, as the graph writes it (ISO-8601 UTC with milliseconds). */
    const iso = (s: number) => new Date(s * 1000).toISOString();
    const fresh = await gql(keyA, ONE, { i: { vehicleId: 'moving-1', type: 'CAR', status: 'AVAILABLE', location: geo(north(300)), recordedAt: iso(now) } });
    expect(fresh.data.reportVehiclePosition).toMatchObject({ id: 'moving-1', type: 'CAR', status: 'AVAILABLE', updatedAt: iso(now) });
    const stale = await gql(keyA, ONE, { i: { vehicleId: 'moving-1', type: 'CAR', status: 'BUSY', location: geo(north(5000)), recordedAt: iso(now - 60) } });
    expect(stale.data.reportVehiclePosition).toMatchObject({ status: 'AVAILABLE', location: geo(north(300)), updatedAt: iso(now) });
    const batch = await gql(keyA, REPORT, { p: [{ vehicleId: 'moving-1', type: 'CAR', status: 'BUSY', location: geo(north(5000)), recordedAt: iso(now - 120) }] });
    expect(batch.data.reportVehiclePositions).toEqual({ stored: 0, ignored: 1 });
    const near = { location: north(300), radius: 50 };
    const before = ok(await call(keyA, '/nearby/search', near), 'UTILITY::SEARCH_COMPLETE');
    expect(before.vehicles.map((v: any) => v.id)).toEqual(['moving-1']);
    // REST writes the measured instant as Unix seconds
    expect(before.vehicles[0].updatedAt).toBe(now);
    const removed = await gql(keyA, 'mutation { removeVehiclePosition(vehicleId: "moving-1") }');
    expect(removed).toEqual({ data: { removeVehiclePosition: true } });
    const after = ok(await call(keyA, '/nearby/search', near), 'UTILITY::SEARCH_COMPLETE');
    expect(after).toMatchObject({ vehicles: [], count: 0 });
    const nearest = ok(await call(keyA, '/nearby/nearest', { location: north(300), count: 1 }), 'UTILITY::SEARCH_COMPLETE');
    expect(nearest.vehicles.map((v: any) => v.id)).not.toContain('moving-1');
    const lookup = await gql(keyA, 'query { vehiclePosition(vehicleId: "moving-1") { id } }');
    expect(lookup).toEqual({ data: { vehiclePosition: null } });
    const again = await gql(keyA, 'mutation { removeVehiclePosition(vehicleId: "moving-1") }');
    expect(again).toEqual({ data: { removeVehiclePosition: false } });
  });

  it("report validation names the field, with the family's code through the gateway", async () => {
    const bad = await gql(keyA, ONE, { i: { vehicleId: 'x', type: 'CAR', status: 'AVAILABLE', location: { latitude: 100, longitude: 0 } } });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'UTILITY::VALIDATION_FAILED', field: 'location.latitude' });
    const badId = await gql(keyA, ONE, { i: { vehicleId: 'has space', type: 'CAR', status: 'AVAILABLE', location: { latitude: 0, longitude: 0 } } });
    expect(badId.errors?.[0]?.extensions).toMatchObject({ code: 'UTILITY::VALIDATION_FAILED', field: 'vehicleId' });
    const dup = await gql(keyA, REPORT, {
      p: [
        { vehicleId: 'd', type: 'CAR', status: 'BUSY', location: { latitude: 0, longitude: 0 } },
        { vehicleId: 'd', type: 'CAR', status: 'BUSY', location: { latitude: 0, longitude: 0 } },
      ],
    });
    expect(dup.errors?.[0]?.extensions).toMatchObject({ code: 'UTILITY::VALIDATION_FAILED', field: 'positions.1.vehicleId' });
    const future = await gql(keyA, ONE, { i: { vehicleId: 'f', type: 'CAR', status: 'BUSY', location: { latitude: 0, longitude: 0 }, recordedAt: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(future.errors?.[0]?.extensions).toMatchObject({ code: 'UTILITY::VALIDATION_FAILED', field: 'recordedAt' });
  });

  it("ride pickup estimates and transport availability count the workspace's fresh AVAILABLE vehicles", async () => {
    const res = ok(await call(keyA, '/fares/ride', { pickup: place(C), dropoff: place(NBO_KAREN), includeNearbyDrivers: true }), 'UTILITY::FARE_CALCULATED');
    expect(res.pickupEstimate.nearbyDrivers).toBe(2); // car-100m and moto-900m (car-500m is BUSY, van OFFLINE, car-20km too far)
    expect(res.pickupEstimate.averageDistance).toBeCloseTo(500, -1);
    expect(res.pickupEstimate.eta.minute).toBe(1);
    expect(res.pickupEstimate.drivers.map((d: any) => d.id)).toEqual(['car-100m', 'moto-900m']);
    const none = ok(await call(keyA, '/fares/ride', { pickup: place([-3.0, 35.0]), dropoff: place([-3.01, 35.0]) }), 'UTILITY::FARE_CALCULATED');
    expect(none.pickupEstimate).toMatchObject({ nearbyDrivers: 0, eta: null, averageDistance: null, drivers: null });
    const t = ok(
      await call(keyA, '/fares/transport', { origin: place(C), destination: place(NBO_KAREN), transportMode: 'ROAD', vehicleType: 'car', cargo: { weight: { value: 100, unit: 'kg' } } }),
      'UTILITY::FARE_CALCULATED',
    );
    expect(t.availableVehicles).toBe(2); // car-100m, car-20km
    const tB = ok(
      await call(keyB, '/fares/transport', { origin: place(C), destination: place(NBO_KAREN), transportMode: 'ROAD', cargo: { weight: { value: 100, unit: 'kg' } } }),
      'UTILITY::FARE_CALCULATED',
    );
    expect(tB.availableVehicles).toBe(1);
  });
});

// =============================================================== GraphQL through the gateway

describe('utilities: GraphQL through the gateway', () => {
  it("every route is also a query (all ten): the same request in the graph's forms answers the worked example's value in the graph's forms; errors carry the family's codes", async () => {
    const key = await (await newTenant()).key(); // a workspace of its own: its only vehicle is the one reported here
    const reported = await gql(key, REPORT, { p: [{ vehicleId: 'gql-car', type: 'CAR', status: 'AVAILABLE', location: { latitude: -1.2, longitude: 36.8 } }] });
    expect(reported, JSON.stringify(reported)).toEqual({ data: { reportVehiclePositions: { stored: 1, ignored: 0 } } });
    const shipment = { weight: { value: 20, unit: 'kg' }, hsCode: '8471.30', description: 'Laptop computers', quantity: 3 };
    /** M(lat) as the graph writes it: a GeoPointInput. */
    const G = (lat: number) => ({ coordinates: { latitude: lat, longitude: 36.8 }, country: 'KE' });
    // [REST path, query field, input type, selection, REST body, the same request in the graph's forms, the field of the
    //  answer that is a worked example's value (docs/utilities.md), that value over REST, the same value over GraphQL]
    const ROUTES: [string, string, string, string, Record<string, unknown>, Record<string, unknown>, (r: any) => unknown, unknown, unknown][] = [
      [
        '/fares/delivery',
        'deliveryFare',
        'DeliveryFareInput',
        'breakdown { distanceFee } currency',
        { origin: M(-1.2), destination: M(-1.7), serviceLevel: 'STANDARD', weight: { value: 12, unit: 'kg' } },
        { origin: G(-1.2), destination: G(-1.7), serviceLevel: 'STANDARD', weight: { value: 12, unit: 'kg' } },
        (r) => r.breakdown.distanceFee,
        23.34,
        '23.34',
      ],
      [
        '/fares/transport',
        'transportFare',
        'TransportFareInput',
        'totalFare distance { kilometer mile }',
        { origin: M(-1.2), destination: M(1.8), transportMode: 'ROAD', cargo: { weight: { value: 10, unit: 't' } } },
        { origin: G(-1.2), destination: G(1.8), transportMode: 'ROAD', cargo: { weight: { value: 10, unit: 't' } } },
        (r) => r.totalFare,
        729.97,
        '729.97',
      ],
      [
        '/fares/ride',
        'rideFare',
        'RideFareInput',
        'estimatedFare { totalAfterSurge } surgeInfo { multiplier rule }',
        { pickup: M(-1.2), dropoff: M(-1.3), requestTime: 1764147600 },
        { pickup: G(-1.2), dropoff: G(-1.3), requestTime: '2025-11-26T09:00:00Z' },
        (r) => r.estimatedFare.totalAfterSurge,
        29.41,
        '29.41',
      ],
      [
        '/fares/crossborder',
        'crossBorderFare',
        'CrossBorderFareInput',
        'totalCost { amount currency }',
        {
          origin: { coordinates: [9.0, 36.8], country: 'ET' },
          destination: { coordinates: [-1.2, 36.8], country: 'KE' },
          transportMode: 'AIR',
          shipment: { ...shipment, declaredValue: { amount: 1500, currency: 'USD' } },
        },
        {
          origin: { coordinates: { latitude: 9.0, longitude: 36.8 }, country: 'ET' },
          destination: G(-1.2),
          transportMode: 'AIR',
          shipment: { ...shipment, declaredValue: { amount: '1500', currency: 'USD' } },
        },
        (r) => r.totalCost.amount,
        738.59,
        '738.59',
      ],
      [
        '/distance',
        'routeDistance',
        'DistanceInput',
        'distance { value unit miles } mode',
        { origin: M(-1.2), destination: M(-2.2), mode: 'ROAD' },
        { origin: G(-1.2), destination: G(-2.2), mode: 'ROAD' },
        (r) => r.distance.value,
        144.55,
        144.55,
      ],
      [
        '/zone',
        'zoneAssignment',
        'ZoneInput',
        'zone { id name type } serviceType',
        { location: { city: 'Nairobi', country: 'KE' } },
        { location: { city: 'Nairobi', country: 'KE' } },
        (r) => r.zone.id,
        'city:184745',
        'city:184745',
      ],
      [
        '/nearby/search',
        'nearbyVehicles',
        'NearbySearchInput',
        'vehicles { id type status } count searchRadius',
        { location: { lat: -1.2, lng: 36.8 }, radius: 1000 },
        { location: { latitude: -1.2, longitude: 36.8 }, radius: 1000 },
        (r) => r.vehicles.map((v: any) => v.id),
        ['gql-car'],
        ['gql-car'],
      ],
      [
        '/nearby/bounds',
        'vehiclesInBounds',
        'NearbyBoundsInput',
        'vehicles { id } count',
        { bounds: { northeast: { lat: -1.1, lng: 36.9 }, southwest: { lat: -1.3, lng: 36.7 } } },
        { bounds: { northeast: { latitude: -1.1, longitude: 36.9 }, southwest: { latitude: -1.3, longitude: 36.7 } } },
        (r) => r.vehicles.map((v: any) => v.id),
        ['gql-car'],
        ['gql-car'],
      ],
      [
        '/nearby/nearest',
        'nearestVehicles',
        'NearestInput',
        'vehicles { id } count requested',
        { location: { lat: -1.2, lng: 36.8 }, count: 3 },
        { location: { latitude: -1.2, longitude: 36.8 }, count: 3 },
        (r) => r.vehicles.map((v: any) => v.id),
        ['gql-car'],
        ['gql-car'],
      ],
      [
        '/eta',
        'arrivalEstimate',
        'EtaInput',
        'duration { minute hour } distance { kilometer } estimatedArrival',
        { origin: { coordinates: [-1.2, 36.8] }, destination: { coordinates: [-2.2, 36.8] }, mode: 'ROAD', departureTime: 1767225600 },
        { origin: { coordinates: { latitude: -1.2, longitude: 36.8 } }, destination: { coordinates: { latitude: -2.2, longitude: 36.8 } }, mode: 'ROAD', departureTime: '2026-01-01T00:00:00Z' },
        (r) => r.estimatedArrival,
        1767235140,
        '2026-01-01T02:39:00.000Z',
      ],
    ];
    expect(ROUTES).toHaveLength(10);
    const STATUS: Record<string, string> = {
      '/fares/delivery': 'UTILITY::FEE_CALCULATED',
      '/fares/transport': 'UTILITY::FARE_CALCULATED',
      '/fares/ride': 'UTILITY::FARE_CALCULATED',
      '/fares/crossborder': 'UTILITY::FARE_ESTIMATED',
      '/distance': 'UTILITY::DISTANCE_CALCULATED',
      '/zone': 'UTILITY::ZONE_ASSIGNED',
      '/nearby/search': 'UTILITY::SEARCH_COMPLETE',
      '/nearby/bounds': 'UTILITY::SEARCH_COMPLETE',
      '/nearby/nearest': 'UTILITY::SEARCH_COMPLETE',
      '/eta': 'UTILITY::ETA_CALCULATED',
    };
    for (const [path, field, type, selection, restBody, graphInput, golden, overRest, overGraph] of ROUTES) {
      const rest = ok(await call(key, path, restBody), STATUS[path]);
      expect(golden(rest), `${path} over REST`).toEqual(overRest);
      const res = await gql(key, `query($input: ${type}!) { ${field}(input: $input) { ${selection} } }`, { input: graphInput });
      expect(res.errors, `${field}: ${JSON.stringify(res.errors)}`).toBeUndefined();
      expect(golden(res.data[field]), `${field} over GraphQL`).toEqual(overGraph);
    }
    const bad = await gql(key, 'query { routeDistance(input: { origin: { country: "KE", coordinates: { latitude: 0, longitude: 500 } }, destination: { country: "KE" }, mode: AIR }) { mode } }');
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'UTILITY::VALIDATION_FAILED', field: 'origin.coordinates.longitude' });
    const unknown = await gql(key, 'query { zoneAssignment(input: { location: { city: "Nowhereville", country: "KE" } }) { serviceType } }');
    expect(unknown.errors?.[0]?.extensions).toMatchObject({ code: 'UTILITY::INSUFFICIENT_DATA', field: 'location.city' });
  });
});

// =============================================================== the Vehicle reference

describe('utilities: the Vehicle a position names (docs/utilities.md, "Live vehicle positions")', () => {
  const SEARCH = 'query($input: NearbySearchInput!) { nearbyVehicles(input: $input) { vehicles { id vehicle { __typename id } } } }';

  it("a position reported under a UUID names the Vehicle stub with that id; under another system's id the vehicle is null; REST answers no vehicle field", async () => {
    const key = await (await newTenant()).key(); // a workspace of its own: its only vehicles are the two reported here
    const lspId = randomUUID(); // an LSP-style id no lsp fleet holds: only a hop to lsp could tell
    const at = { latitude: -0.5, longitude: 36.0 };
    const reported = await gql(key, REPORT, {
      p: [
        { vehicleId: lspId, type: 'VAN', status: 'AVAILABLE', location: at },
        { vehicleId: 'plate-KBX-123', type: 'VAN', status: 'AVAILABLE', location: { latitude: -0.5001, longitude: 36.0 } },
      ],
    });
    expect(reported, JSON.stringify(reported)).toEqual({ data: { reportVehiclePositions: { stored: 2, ignored: 0 } } });

    const found = await gql(key, SEARCH, { input: { location: at, radius: 100 } });
    expect(found, JSON.stringify(found)).toEqual({
      data: {
        nearbyVehicles: {
          vehicles: [
            { id: lspId, vehicle: { __typename: 'Vehicle', id: lspId } },
            { id: 'plate-KBX-123', vehicle: null },
          ],
        },
      },
    });
    const one = await gql(key, 'query($v: ID!) { vehiclePosition(vehicleId: $v) { id vehicle { id } } }', { v: lspId });
    expect(one, JSON.stringify(one)).toEqual({ data: { vehiclePosition: { id: lspId, vehicle: { id: lspId } } } });

    const rest = ok(await call(key, '/nearby/search', { location: { lat: -0.5, lng: 36.0 }, radius: 100 }), 'UTILITY::SEARCH_COMPLETE');
    expect(rest.vehicles.map((v: any) => Object.keys(v).sort())).toEqual([
      ['distance', 'id', 'location', 'status', 'type', 'updatedAt'],
      ['distance', 'id', 'location', 'status', 'type', 'updatedAt'],
    ]);
  });

  it("the gateway answers `vehicle { id }` from the utilities subgraph alone (the stub's key, no hop); any other Vehicle field is fetched from lsp", () => {
    const input = '(input: { location: { latitude: 0, longitude: 0 }, radius: 1 })';
    expect(subgraphsFetched(`{ nearbyVehicles${input} { vehicles { id vehicle { id } } } }`)).toEqual(['utilities']);
    expect(subgraphsFetched('{ vehiclePosition(vehicleId: "v") { vehicle { id } } }')).toEqual(['utilities']);
    expect(subgraphsFetched(`{ nearbyVehicles${input} { vehicles { vehicle { id fleetId } } } }`)).toEqual(['utilities', 'lsp']);
  });
});
