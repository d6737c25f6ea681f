import { beforeAll, describe, expect, it } from 'vitest';
import { api, newUser, type ApiResponse } from './helpers.js';
import { gqlFleets, newLsp, ok, okList, type Lsp } from './lsp-helpers.js';
import { UUID_RE } from './workspace-helpers.js';

/**
 * Golden values: every expected number here comes from outside the code — a published distance with its source, or a
 * worked example done by hand in docs/utilities.md ("Worked examples") from the documented constants — or from the
 * fixtures the test itself created (pagination). No formula of the product is restated here.
 */

const DEVICE = 'golden-device';
const UTIL = '/realm/utilities';

/** A fresh workspace and an API key with the `utilities` scope. */
async function utilitiesKey(): Promise<string> {
  const user = await newUser({ name: 'Golden Owner' });
  const headers = { 'svc-auth-token': user.accessToken, 'svc-user-agent': 'golden/1.0', 'svc-auth-device': DEVICE };
  const ws = await api('POST', '/v1/workspace', { headers, body: { name: `Golden ${Math.random().toString(36).slice(2, 8)}` } });
  expect(ws.status, JSON.stringify(ws.body)).toBe(201);
  const wid = ws.body.data.workspace.id as string;
  expect(wid).toMatch(UUID_RE);
  const key = await api('POST', `/v1/workspace/${wid}/api-keys`, { headers, body: { name: 'golden', scopes: ['utilities'] } });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  expect(typeof key.body.data.key).toBe('string');
  return key.body.data.key as string;
}

function result(res: ApiResponse, status: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.error).toBe(false);
  expect(res.body.status).toBe(status);
  return res.body.result;
}

/** `actual` within ± `pct` % of `expected`. */
function within(actual: number, expected: number, pct: number, what: string) {
  const off = (Math.abs(actual - expected) / expected) * 100;
  expect(off, `${what}: ${actual} vs ${expected} (±${pct} %)`).toBeLessThanOrEqual(pct);
}

// =============================================================== distances

/**
 * Published great-circle (and geodesic) distances with the coordinates their sources give.
 * - Cambridge (52.205, 0.119) → Paris (48.857, 2.351): 404,279 m on a sphere of radius 6,371 km (haversine), Chris
 *   Veness, Movable Type Scripts "geodesy" library, test/latlon-spherical-tests.js ("distanceTo d" → '404279').
 * - Nashville International Airport BNA (36.12, −86.67) → Los Angeles International LAX (33.94, −118.40):
 *   2,886.444 km on a sphere of radius 6,371.0 km, Rosetta Code task "Haversine formula".
 * - Land's End (50.06632, −5.71475) → John o' Groats (58.64402, −3.07009): 969,954.166 m on the WGS-84 ellipsoid
 *   (Vincenty), the same library's test/latlon-ellipsoidal-vincenty-tests.js.
 * - Flinders Peak (37°57′03.72030″ S, 144°25′29.52440″ E) → Buninyong (37°39′10.15610″ S, 143°55′35.38390″ E),
 *   Victoria: 54,972.271 m on the GRS 80 ellipsoid, Geoscience Australia's worked example of Vincenty's inverse formula
 *   (GDA Technical Manual), reproduced in the same test file.
 *
 * Tolerances: the platform's sphere has the IUGG mean radius R1 = 6,371.0088 km (docs/utilities.md), 0.00014 % more than
 * the 6,371 km of the spherical sources, so those must agree within ±0.01 %. A sphere differs from the ellipsoid by up
 * to about 0.5 % (Movable Type Scripts, "Calculate distance, bearing and more between Latitude/Longitude points"), so
 * the ellipsoidal ones within ±0.5 %. ROAD and RAIL are the documented circuity factors (× 1.30, Ballou, Rahardja & Sakai
 * 2002; × 1.40) applied to the published value, within the same tolerance.
 */
const dms = (d: number, m: number, s: number) => d + m / 60 + s / 3600;
const PUBLISHED: { name: string; from: [number, number, string]; to: [number, number, string]; km: number; pct: number }[] = [
  { name: 'Cambridge → Paris', from: [52.205, 0.119, 'GB'], to: [48.857, 2.351, 'FR'], km: 404.279, pct: 0.01 },
  { name: 'Nashville BNA → Los Angeles LAX', from: [36.12, -86.67, 'US'], to: [33.94, -118.4, 'US'], km: 2886.444, pct: 0.01 },
  { name: "Land's End → John o' Groats", from: [50.06632, -5.71475, 'GB'], to: [58.64402, -3.07009, 'GB'], km: 969.954166, pct: 0.5 },
  {
    name: 'Flinders Peak → Buninyong',
    from: [-dms(37, 57, 3.7203), dms(144, 25, 29.5244), 'AU'],
    to: [-dms(37, 39, 10.1561), dms(143, 55, 35.3839), 'AU'],
    km: 54.972271,
    pct: 0.5,
  },
];

describe('golden: /distance against published distances', () => {
  let key: string;
  beforeAll(async () => {
    key = await utilitiesKey();
  });

  for (const p of PUBLISHED) {
    it(`${p.name}: AIR is the published ${p.km} km (±${p.pct} %), ROAD × 1.30 and RAIL × 1.40 of it`, async () => {
      const body = (mode: string) => ({ origin: { coordinates: [p.from[0], p.from[1]], country: p.from[2] }, destination: { coordinates: [p.to[0], p.to[1]], country: p.to[2] }, mode });
      const air = result(await api('POST', `${UTIL}/distance`, { token: key, body: body('AIR') }), 'UTILITY::DISTANCE_CALCULATED');
      expect(air).toMatchObject({ mode: 'AIR', method: 'GREAT_CIRCLE', distance: { unit: 'km' } });
      within(air.distance.value, p.km, p.pct, `${p.name} AIR`);
      within(air.greatCircleKm, p.km, p.pct, `${p.name} greatCircleKm`);
      within(air.distance.miles, p.km / 1.609344, p.pct, `${p.name} AIR miles (1 mi = 1.609344 km)`);
      const road = result(await api('POST', `${UTIL}/distance`, { token: key, body: body('ROAD') }), 'UTILITY::DISTANCE_CALCULATED');
      expect(road).toMatchObject({ mode: 'ROAD', method: 'CIRCUITY' });
      within(road.distance.value, p.km * 1.3, p.pct, `${p.name} ROAD`);
      const rail = result(await api('POST', `${UTIL}/distance`, { token: key, body: body('RAIL') }), 'UTILITY::DISTANCE_CALCULATED');
      expect(rail).toMatchObject({ mode: 'RAIL', method: 'CIRCUITY' });
      within(rail.distance.value, p.km * 1.4, p.pct, `${p.name} RAIL`);
    });
  }
});

// =============================================================== fares and arrival times: docs/utilities.md, "Worked examples"

/** A place on the meridian 36.8° E in Kenya (the worked examples' places). */
const M = (lat: number) => ({ coordinates: [lat, 36.8], country: 'KE' });
const WED_NOON_NAIROBI = 1764147600; // Wednesday 26 November 2025, 12:00 EAT
const MON_0800_NAIROBI = 1763960400; // Monday 24 November 2025, 08:00 EAT

describe('golden: ride fares (worked examples R1–R3)', () => {
  let key: string;
  beforeAll(async () => {
    key = await utilitiesKey();
  });
  const ride = (body: Record<string, unknown>) => api('POST', `${UTIL}/fares/ride`, { token: key, body });

  it('R1: STANDARD, 14.46 km, 30 min, no surge: 3.00 + 15.91 + 10.50 = 29.41', async () => {
    const r = result(await ride({ pickup: M(-1.2), dropoff: M(-1.3), requestTime: WED_NOON_NAIROBI }), 'UTILITY::FARE_CALCULATED');
    expect(r.vehicleClass).toBe('STANDARD');
    expect(r.tripEstimate.distance).toEqual({ kilometer: 14.46, mile: 8.99 });
    expect(r.tripEstimate.duration).toEqual({ minute: 30, hour: 0.5 });
    expect(r.estimatedFare).toEqual({
      baseFare: 3,
      distanceFare: 15.91,
      timeFare: 10.5,
      bookingFee: 0,
      surgeFare: 0,
      totalBeforeSurge: 29.41,
      totalAfterSurge: 29.41,
      minimumFare: 6,
      minimumFareApplied: false,
      currency: 'USD',
    });
    expect(r.surgeInfo).toMatchObject({ multiplier: 1, isActive: false, rule: 'NONE', localTime: '2025-11-26T12:00:00', timeZone: 'Africa/Nairobi' });
  });

  it('R2: ECONOMY, 72.28 km, 97 min at 08:00 (peak × 1.5): 96.65 + 48.33 = 144.98', async () => {
    const r = result(await ride({ pickup: M(-1.2), dropoff: M(-1.7), vehicleClass: 'ECONOMY', requestTime: MON_0800_NAIROBI }), 'UTILITY::FARE_CALCULATED');
    expect(r.tripEstimate.distance).toEqual({ kilometer: 72.28, mile: 44.91 });
    expect(r.tripEstimate.duration).toEqual({ minute: 97, hour: 1.61 });
    expect(r.estimatedFare).toEqual({
      baseFare: 2.5,
      distanceFare: 65.05,
      timeFare: 29.1,
      bookingFee: 0,
      surgeFare: 48.33,
      totalBeforeSurge: 96.65,
      totalAfterSurge: 144.98,
      minimumFare: 5,
      minimumFareApplied: false,
      currency: 'USD',
    });
    expect(r.surgeInfo).toMatchObject({ multiplier: 1.5, isActive: true, rule: 'PEAK_HOURS', localTime: '2025-11-24T08:00:00' });
  });

  it("R1's trip in every class, without surge, at 08:00 (× 1.5) and on Saturday 23:00 (× 1.8): the worked table", async () => {
    const SAT_2300_NAIROBI = 1763841600; // Saturday 22 November 2025, 23:00 EAT
    // class: [distanceFare, timeFare, total without surge, surge × 1.5, surge × 1.8] (docs/utilities.md, "R1 in every class")
    const TABLE: Record<string, [number, number, number, number, number, number]> = {
      ECONOMY: [2.5, 13.01, 9, 24.51, 12.26, 19.61],
      STANDARD: [3, 15.91, 10.5, 29.41, 14.71, 23.53],
      COMFORT: [3.5, 18.8, 12, 34.3, 17.15, 27.44],
      PREMIUM: [5, 26.03, 16.5, 47.53, 23.77, 38.02],
      LUXURY: [8, 36.15, 24, 68.15, 34.08, 54.52],
      XL: [4.5, 21.69, 15, 41.19, 20.6, 32.95],
      SUV: [5.5, 24.58, 18, 48.08, 24.04, 38.46],
    };
    const TOTALS: Record<string, [number, number]> = {
      ECONOMY: [36.77, 44.12],
      STANDARD: [44.12, 52.94],
      COMFORT: [51.45, 61.74],
      PREMIUM: [71.3, 85.55],
      LUXURY: [102.23, 122.67],
      XL: [61.79, 74.14],
      SUV: [72.12, 86.54],
    };
    for (const [vehicleClass, [baseFare, distanceFare, timeFare, total, peak, night]] of Object.entries(TABLE)) {
      const at = async (requestTime: number) => {
        const r = result(await ride({ pickup: M(-1.2), dropoff: M(-1.3), vehicleClass, requestTime }), 'UTILITY::FARE_CALCULATED');
        expect(r.vehicleClass).toBe(vehicleClass);
        expect(r.tripEstimate.distance.kilometer).toBe(14.46);
        expect(r.tripEstimate.duration.minute).toBe(30);
        return r.estimatedFare;
      };
      expect(await at(WED_NOON_NAIROBI), `${vehicleClass} no surge`).toMatchObject({ baseFare, distanceFare, timeFare, surgeFare: 0, totalBeforeSurge: total, totalAfterSurge: total });
      expect(await at(MON_0800_NAIROBI), `${vehicleClass} × 1.5`).toMatchObject({ totalBeforeSurge: total, surgeFare: peak, totalAfterSurge: TOTALS[vehicleClass][0] });
      expect(await at(SAT_2300_NAIROBI), `${vehicleClass} × 1.8`).toMatchObject({ totalBeforeSurge: total, surgeFare: night, totalAfterSurge: TOTALS[vehicleClass][1] });
    }
  });

  it('R3: LUXURY, 1.45 km, 4 min: 14.83 before surge, the minimum fare 15.00 applies', async () => {
    const r = result(await ride({ pickup: M(-1.2), dropoff: M(-1.21), vehicleClass: 'LUXURY', requestTime: WED_NOON_NAIROBI }), 'UTILITY::FARE_CALCULATED');
    expect(r.tripEstimate.distance).toEqual({ kilometer: 1.45, mile: 0.9 });
    expect(r.tripEstimate.duration).toEqual({ minute: 4, hour: 0.06 });
    expect(r.estimatedFare).toEqual({
      baseFare: 8,
      distanceFare: 3.63,
      timeFare: 3.2,
      bookingFee: 0,
      surgeFare: 0,
      totalBeforeSurge: 14.83,
      totalAfterSurge: 15,
      minimumFare: 15,
      minimumFareApplied: true,
      currency: 'USD',
    });
  });
});

/**
 * The peak season of delivery fares, as docs/utilities.md states it: 15 November to 31 December, the UTC date of the
 * calculation. Applied to the quote's own `metadata.calculatedAt` (never to the test's clock), so the expectation is the
 * documented one for the date the platform priced at.
 */
const inPeakSeason = (unixSeconds: number) => {
  const d = new Date(unixSeconds * 1000);
  return d.getUTCMonth() === 11 || (d.getUTCMonth() === 10 && d.getUTCDate() >= 15);
};

describe('golden: delivery fares (worked examples D1, D2)', () => {
  let key: string;
  beforeAll(async () => {
    key = await utilitiesKey();
  });
  const delivery = (body: Record<string, unknown>) => api('POST', `${UTIL}/fares/delivery`, { token: key, body });

  it('D1: STANDARD parcel, 12 kg, 72.28 km: 4.00 + 23.34 + 8.40 + 0 + 3.57 = 39.31 (+ 2.86 in the peak season)', async () => {
    const r = result(await delivery({ origin: M(-1.2), destination: M(-1.7), serviceLevel: 'STANDARD', weight: { value: 12, unit: 'kg' } }), 'UTILITY::FEE_CALCULATED');
    expect(Math.abs(r.metadata.calculatedAt - Date.now() / 1000)).toBeLessThan(120);
    const peak = inPeakSeason(r.metadata.calculatedAt);
    expect(r.breakdown).toEqual({
      baseFee: 4,
      distanceFee: 23.34,
      weightFee: 8.4,
      serviceFee: 0,
      handlingFee: null,
      fuelSurcharge: 3.57,
      seasonalAdjustment: peak ? 2.86 : null,
    });
    expect(r.totalFee).toBe(peak ? 42.17 : 39.31);
    expect(r).toMatchObject({
      currency: 'USD',
      serviceLevel: 'STANDARD',
      chargeableWeight: 12,
      international: false,
      distance: { kilometer: 72.28, mile: 44.91 },
      estimatedDeliveryTime: { min: { day: 2 }, max: { day: 4 } },
    });
  });

  it('D2: EXPRESS fragile, 24 kg volumetric, 144.55 km: 10.00 + 34.18 + 15.60 + 12.45 + 2.50 + 5.98 = 80.71 (+ 4.78 in the peak season)', async () => {
    const r = result(
      await delivery({
        origin: M(-1.2),
        destination: M(-2.2),
        serviceLevel: 'EXPRESS',
        packageType: 'FRAGILE',
        weight: { value: 5, unit: 'kg' },
        dimensions: { length: 60, width: 40, height: 50, unit: 'cm' },
      }),
      'UTILITY::FEE_CALCULATED',
    );
    expect(Math.abs(r.metadata.calculatedAt - Date.now() / 1000)).toBeLessThan(120);
    const peak = inPeakSeason(r.metadata.calculatedAt);
    expect(r.breakdown).toEqual({
      baseFee: 10,
      distanceFee: 34.18,
      weightFee: 15.6,
      serviceFee: 12.45,
      handlingFee: 2.5,
      fuelSurcharge: 5.98,
      seasonalAdjustment: peak ? 4.78 : null,
    });
    expect(r.totalFee).toBe(peak ? 85.49 : 80.71);
    expect(r).toMatchObject({
      serviceLevel: 'EXPRESS',
      chargeableWeight: 24,
      distance: { kilometer: 144.55, mile: 89.82 },
      estimatedDeliveryTime: { min: { day: 1 }, max: { day: 2 } },
    });
  });
});

describe('golden: freight transport fares (worked examples T1, T2)', () => {
  let key: string;
  beforeAll(async () => {
    key = await utilitiesKey();
  });
  const transport = (body: Record<string, unknown>) => api('POST', `${UTIL}/fares/transport`, { token: key, body });

  it('T1: ROAD, 10 t, 433.66 km: 50.00 + 390.29 + 216.83 + 72.85 = 729.97; 9.5 h with one driver break', async () => {
    const r = result(await transport({ origin: M(-1.2), destination: M(1.8), transportMode: 'ROAD', cargo: { weight: { value: 10, unit: 't' } } }), 'UTILITY::FARE_CALCULATED');
    expect(r).toMatchObject({
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
      estimatedDuration: { hour: 9.5, day: 0.4 },
    });
  });

  it('T2: AIR, 100 kg in 2 m³ (334 kg chargeable), 444.78 km: 100.00 + 8.90 + 89.13 + 17.65 = 215.68; 13.3 h', async () => {
    const r = result(
      await transport({
        origin: M(-1.2),
        destination: M(2.8),
        transportMode: 'AIR',
        cargo: { weight: { value: 100, unit: 'kg' }, volume: { value: 2, unit: 'm3' } },
      }),
      'UTILITY::FARE_CALCULATED',
    );
    expect(r).toMatchObject({
      baseFare: 100,
      distanceFare: 8.9,
      weightFare: 89.13,
      fuelSurcharge: 17.65,
      hazardousSurcharge: null,
      totalFare: 215.68,
      chargeableWeight: 334,
      distance: { kilometer: 444.78, mile: 276.37 },
      estimatedDuration: { hour: 13.3, day: 0.55 },
    });
  });
});

describe('golden: more freight and the cross-border landed cost (worked examples T1 urgent, T3, X1)', () => {
  let key: string;
  beforeAll(async () => {
    key = await utilitiesKey();
  });

  it('T1 urgent and hazardous: 50.00 + 585.44 + 325.25 + 109.28 + 288.21 = 1,358.18; 8.5 h', async () => {
    const r = result(
      await api('POST', `${UTIL}/fares/transport`, {
        token: key,
        body: { origin: M(-1.2), destination: M(1.8), transportMode: 'ROAD', urgency: 'URGENT', cargo: { weight: { value: 10, unit: 't' }, hazardous: true } },
      }),
      'UTILITY::FARE_CALCULATED',
    );
    expect(r).toMatchObject({
      baseFare: 50,
      distanceFare: 585.44,
      weightFare: 325.25,
      fuelSurcharge: 109.28,
      hazardousSurcharge: 288.21,
      totalFare: 1358.18,
      urgency: 'URGENT',
      estimatedDuration: { hour: 8.5, day: 0.35 },
    });
  });

  it('T3: RAIL, 10 t, 467.02 km: 150.00 + 186.81 + 140.11 + 26.15 = 503.07; 33.3 h', async () => {
    const r = result(
      await api('POST', `${UTIL}/fares/transport`, {
        token: key,
        body: { origin: M(-1.2), destination: M(1.8), transportMode: 'RAIL', cargo: { weight: { value: 10, unit: 't' } } },
      }),
      'UTILITY::FARE_CALCULATED',
    );
    expect(r).toMatchObject({
      baseFare: 150,
      distanceFare: 186.81,
      weightFare: 140.11,
      fuelSurcharge: 26.15,
      hazardousSurcharge: null,
      totalFare: 503.07,
      distance: { kilometer: 467.02, mile: 290.19 },
      estimatedDuration: { hour: 33.3, day: 1.39 },
    });
  });

  it('X1: Ethiopia → Kenya by air, USD 1,500 of HS 84: every line, 738.59 in all, DAP split 210.32 / 528.27', async () => {
    const usd = (amount: number) => ({ amount, currency: 'USD' });
    const r = result(
      await api('POST', `${UTIL}/fares/crossborder`, {
        token: key,
        body: {
          origin: { coordinates: [9.0, 36.8], country: 'ET' },
          destination: { coordinates: [-1.2, 36.8], country: 'KE' },
          transportMode: 'AIR',
          shipment: { weight: { value: 20, unit: 'kg' }, declaredValue: { amount: 1500, currency: 'USD' }, hsCode: '8471.30', description: 'Laptop computers', quantity: 3 },
        },
      }),
      'UTILITY::FARE_ESTIMATED',
    );
    expect(r.breakdown).toEqual({
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
    expect(r.totalCost).toEqual(usd(738.59));
    expect(r.duties).toMatchObject({ rate: 5, amount: usd(82.64), hsCode: '847130', customsValue: usd(1652.82), valuationBasis: 'CIF', exemption: null });
    expect(r.vatRate).toBe(16);
    expect(r.costAllocation).toMatchObject({ incoterms: 'DAP', seller: usd(210.32), buyer: usd(528.27) });
    expect(r.estimatedClearanceTime).toEqual({ min: { day: 2 }, max: { day: 5 } });
    // the same main carriage quoted on its own
    const t = result(
      await api('POST', `${UTIL}/fares/transport`, {
        token: key,
        body: { origin: { coordinates: [9.0, 36.8], country: 'ET' }, destination: { coordinates: [-1.2, 36.8], country: 'KE' }, transportMode: 'AIR', cargo: { weight: { value: 20, unit: 'kg' } } },
      }),
      'UTILITY::FARE_CALCULATED',
    );
    expect(t).toMatchObject({ baseFare: 100, distanceFare: 22.68, weightFare: 13.61, fuelSurcharge: 6.53, totalFare: 142.82, distance: { kilometer: 1134.19 } });
  });
});

describe('golden: arrival times (worked examples, /eta)', () => {
  let key: string;
  beforeAll(async () => {
    key = await utilitiesKey();
  });
  const DEPARTURE = 1767225600; // 2026-01-01T00:00:00Z

  const cases: [string, number, { minute: number; hour: number }, number][] = [
    ['ROAD', 144.55, { minute: 159, hour: 2.64 }, 1767235140],
    ['AIR', 111.2, { minute: 54, hour: 0.89 }, 1767228840],
    ['RAIL', 155.67, { minute: 187, hour: 3.11 }, 1767236820],
  ];
  for (const [mode, km, duration, arrival] of cases) {
    it(`${mode}, one degree of latitude: ${km} km, ${duration.minute} min, arrives at ${arrival}`, async () => {
      const r = result(
        await api('POST', `${UTIL}/eta`, {
          token: key,
          body: { origin: { coordinates: [-1.2, 36.8] }, destination: { coordinates: [-2.2, 36.8] }, mode, departureTime: DEPARTURE },
        }),
        'UTILITY::ETA_CALCULATED',
      );
      expect(r).toMatchObject({ mode, departureTime: DEPARTURE, distance: { kilometer: km }, duration, estimatedArrival: arrival });
    });
  }
});

// =============================================================== pagination: exact totals from the test's own fixtures

describe('golden: pagination against the fixtures the test created', () => {
  it('a fresh LSP with exactly 23 fleets: limit 10 pages 10, 10, 3, then none; every fleet once; default page of 20', async () => {
    const lsp: Lsp = await newLsp();
    expect(okList(await lsp.call('GET', '/v1/lsp/fleets'), 1, 20, 0)).toEqual([]);
    const created = await gqlFleets(lsp, 23);
    expect(created).toHaveLength(23);
    expect(new Set(created.map((f) => f.id)).size).toBe(23);

    const seen: string[] = [];
    for (const [page, count] of [
      [1, 10],
      [2, 10],
      [3, 3],
      [4, 0],
    ] as const) {
      const res = await lsp.call('GET', `/v1/lsp/fleets?limit=10&page=${page}`);
      const items = okList(res, page, 10, 23);
      expect(items, `page ${page}`).toHaveLength(count);
      expect(res.body.pagination).toEqual({ page, limit: 10, total: 23, pages: 3, hasNext: page < 3, hasPrevious: page > 1 });
      seen.push(...items.map((f) => f.id));
    }
    expect(seen).toHaveLength(23);
    expect([...seen].sort()).toEqual(created.map((f) => f.id).sort());

    const first = await lsp.call('GET', '/v1/lsp/fleets');
    expect(okList(first, 1, 20, 23)).toHaveLength(20);
    expect(first.body.pagination).toEqual({ page: 1, limit: 20, total: 23, pages: 2, hasNext: true, hasPrevious: false });
    expect(ok(await lsp.call('GET', `/v1/lsp/fleets/${created[22].id}`)).code).toBe(created[22].code);
  });

  it('coverage areas are listed in code order (docs/lsp-coverage.md): 23 areas created out of order page as 00–09, 10–19, 20–22', async () => {
    const lsp: Lsp = await newLsp();
    const codes = Array.from({ length: 23 }, (_, i) => `PG-${String(i).padStart(2, '0')}`);
    const order = [...codes].reverse(); // created last-code first
    let c = lsp;
    for (const [i, code] of order.entries()) {
      if (i % 20 === 0) c = await lsp.fresh(); // a new caller every 20 writes (100 requests a minute each)
      const res = await c.call('POST', '/v1/lsp/coverage/areas/last_mile', {
        name: `Area ${code}`,
        code,
        reach: 'LOCAL',
        transit: { mode: 'GROUND', time: { min: { hour: 1 }, max: { hour: 6 } } },
        country: 'KE',
        city: 'Nairobi',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.area.code).toBe(code);
    }
    c = await lsp.fresh();
    const pages: string[][] = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await c.call('GET', `/v1/lsp/coverage/areas?limit=10&page=${page}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ error: false, status: 'COVERAGE::LISTED' });
      expect(res.body.pagination).toEqual({ page, limit: 10, total: 23, pages: 3, hasNext: page < 3, hasPrevious: page > 1 });
      pages.push(res.body.areas.map((a: any) => a.code));
    }
    expect(pages).toEqual([codes.slice(0, 10), codes.slice(10, 20), codes.slice(20), []]);
  });
});
