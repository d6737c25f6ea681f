import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { RIDE_RATES } from '../../subgraphs/utilities/common/constants.js';
import { TransportMode as M } from '../../domain/transport.js';
import { CostPayer, FreightUrgency as U, Incoterm, RideVehicleClass as C, SurgeRule } from '../../subgraphs/utilities/fares/enums.js';
import { DeliveryPackageType as P, DeliveryServiceLevel as L, banded, deliveryDays, deliveryPrice, isPeakSeason } from '../../domain/parcel-delivery.js';
import {
  checkDeliveryService,
  clearanceDays,
  deliveryChargeableKg,
  freightChargeableKg,
  freightFares,
  freightHours,
  hsChapter,
  importLevies,
  inChapters,
  insurancePremium,
  payerOf,
  pickupEtaMinutes,
  rideClass,
  rideFareLines,
  SEA_ONLY_TERMS,
  SURGE_REASON,
  surgeRuleAt,
} from '../../subgraphs/utilities/fares/rules.js';
import { dec, type Decimal } from '../../domain/money.js';
import { thrown } from './support.js';

/**
 * The fare arithmetic of subgraphs/utilities/fares/rules.ts. Every expected amount is worked by hand from the tables of
 * docs/utilities.md ("Delivery fares", "Freight transport fares", "Ride fares", "Speed model and ETA",
 * "Cross-border landed cost"); the working is in the comments. Conversions use the pinned reference rate of
 * 2026-09-29 (1 USD = 157.47729333 JPY, 0.88022588 EUR).
 */
const str = (d: Decimal | undefined) => d?.toString();
const linesOf = (p: ReturnType<typeof deliveryPrice>) => ({
  ...Object.fromEntries(Object.entries(p.lines).map(([k, v]) => [k, v.toString()])),
  seasonalAdjustment: str(p.seasonalAdjustment),
  handlingFee: str(p.handlingFee),
  total: p.total.toString(),
});

const failure = (fn: () => unknown) => {
  const e = thrown(fn);
  return { code: e.code, field: e.field, message: e.message };
};

const JUNE = new Date('2026-06-10T12:00:00Z');

describe('delivery fares (docs/utilities.md, "Delivery fares")', () => {
  it('STANDARD parcel, 100 road km, 5 kg, in June: 4.00 + 27.50 + 3.20 + 0 + fuel 3.47 = 38.17', () => {
    // distance 50 × 0.40 + 50 × 0.15 = 27.50; weight (5 − 1 included) × 0.80 = 3.20; fuel (4 + 27.5 + 3.2) × 10 % = 3.47
    expect(linesOf(deliveryPrice(L.STANDARD, P.PARCEL, 100, 5, JUNE, 'USD'))).toEqual({
      baseFee: '4',
      distanceFee: '27.5',
      weightFee: '3.2',
      serviceFee: '0',
      fuelSurcharge: '3.47',
      seasonalAdjustment: undefined,
      handlingFee: undefined,
      total: '38.17',
    });
  });

  it('EXPRESS fragile, 600 road km, 35 kg, on 20 November: every band, service, peak season and handling (176.90)', () => {
    // distance 50 × 0.40 + 450 × 0.15 + 100 × 0.05 = 92.50
    // weight 9 × 0.80 + 20 × 0.60 + 5 × 0.40 = 21.20 (kg 1–10, 10–30, 30–35)
    // service (92.5 + 21.2) × 25 % = 28.425 → 28.43 (half-up); fuel (10 + 92.5 + 21.2) × 10 % = 12.37
    // peak season (10 + 92.5 + 21.2) × 8 % = 9.896 → 9.90; handling FRAGILE 2.50
    expect(linesOf(deliveryPrice(L.EXPRESS, P.FRAGILE, 600, 35, new Date('2026-11-20T08:00:00Z'), 'USD'))).toEqual({
      baseFee: '10',
      distanceFee: '92.5',
      weightFee: '21.2',
      serviceFee: '28.43',
      fuelSurcharge: '12.37',
      seasonalAdjustment: '9.9',
      handlingFee: '2.5',
      total: '176.9',
    });
  });

  it('SAME_DAY perishable, 20 km, 0.5 kg (under the included kilogram), on 31 December: 30.30', () => {
    // distance 20 × 0.40 = 8; weight 0; service (8 + 0) × 40 % = 3.20; fuel (12 + 8) × 10 % = 2; peak (20) × 8 % = 1.60
    expect(linesOf(deliveryPrice(L.SAME_DAY, P.PERISHABLE, 20, 0.5, new Date('2026-12-31T23:59:59Z'), 'USD'))).toEqual({
      baseFee: '12',
      distanceFee: '8',
      weightFee: '0',
      serviceFee: '3.2',
      fuelSurcharge: '2',
      seasonalAdjustment: '1.6',
      handlingFee: '3.5',
      total: '30.3',
    });
  });

  it('NEXT_DAY document, exactly 50 km and 1 kg: service 15 % of the distance fee, no handling line for DOCUMENT (32.70)', () => {
    expect(linesOf(deliveryPrice(L.NEXT_DAY, P.DOCUMENT, 50, 1, JUNE, 'USD'))).toEqual({
      baseFee: '7',
      distanceFee: '20',
      weightFee: '0',
      serviceFee: '3',
      fuelSurcharge: '2.7',
      seasonalAdjustment: undefined,
      handlingFee: undefined,
      total: '32.7',
    });
  });

  it('OVERSIZED adds 6.00; band edges: 500 km = 87.50, 501 km = 87.55; 10 kg = 7.20, 11 kg = 7.80, 30 kg = 19.20', () => {
    expect(deliveryPrice(L.STANDARD, P.OVERSIZED, 1, 1, JUNE, 'USD').handlingFee?.toString()).toBe('6');
    expect(deliveryPrice(L.STANDARD, P.PARCEL, 500, 1, JUNE, 'USD').lines.distanceFee.toString()).toBe('87.5');
    expect(deliveryPrice(L.STANDARD, P.PARCEL, 501, 1, JUNE, 'USD').lines.distanceFee.toString()).toBe('87.55');
    expect(deliveryPrice(L.STANDARD, P.PARCEL, 1, 10, JUNE, 'USD').lines.weightFee.toString()).toBe('7.2');
    expect(deliveryPrice(L.STANDARD, P.PARCEL, 1, 11, JUNE, 'USD').lines.weightFee.toString()).toBe('7.8');
    expect(deliveryPrice(L.STANDARD, P.PARCEL, 1, 30, JUNE, 'USD').lines.weightFee.toString()).toBe('19.2');
  });

  it('in yen every line is converted and rounded to whole yen, and the total is their sum (6,011 JPY)', () => {
    // 4 × 157.47729333 = 629.909 → 630; 27.5 × … = 4330.626 → 4331; 3.2 × … = 503.927 → 504; 3.47 × … = 546.446 → 546
    expect(linesOf(deliveryPrice(L.STANDARD, P.PARCEL, 100, 5, JUNE, 'JPY'))).toEqual({
      baseFee: '630',
      distanceFee: '4331',
      weightFee: '504',
      serviceFee: '0',
      fuelSurcharge: '546',
      seasonalAdjustment: undefined,
      handlingFee: undefined,
      total: '6011',
    });
  });

  it('peak season is 15 November – 31 December by the UTC date', () => {
    expect(isPeakSeason(new Date('2026-11-14T23:59:59Z'))).toBe(false);
    expect(isPeakSeason(new Date('2026-11-15T00:00:00Z'))).toBe(true);
    expect(isPeakSeason(new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(isPeakSeason(new Date('2026-12-31T23:59:59Z'))).toBe(true);
    expect(isPeakSeason(new Date('2027-01-01T00:00:00Z'))).toBe(false);
    expect(isPeakSeason(new Date('2026-10-20T00:00:00Z'))).toBe(false);
    // 15 November 01:00 in Nairobi is still 14 November in UTC
    expect(isPeakSeason(new Date('2026-11-15T01:00:00+03:00'))).toBe(false);
  });

  it('chargeable weight = max(actual, L × W × H / 5000), at most 1,000 kg', () => {
    expect(deliveryChargeableKg(5, 60_000)).toEqual({ volumetricKg: 12, chargeableKg: 12 });
    expect(deliveryChargeableKg(20, 60_000)).toEqual({ volumetricKg: 12, chargeableKg: 20 });
    expect(deliveryChargeableKg(3, undefined)).toEqual({ volumetricKg: 0, chargeableKg: 3 });
    expect(deliveryChargeableKg(1, 5_000_000)).toEqual({ volumetricKg: 1000, chargeableKg: 1000 });
    expect(failure(() => deliveryChargeableKg(1, 8_000_000))).toEqual({
      code: 'UTILITY::VALIDATION_FAILED',
      field: 'dimensions',
      message: 'dimensions: volumetric weight 1600 kg is above the 1000 kg a parcel may weigh',
    });
  });

  it('SAME_DAY: one country, at most 150 road km; NEXT_DAY: one country, at most 1,500 road km; others anywhere', () => {
    expect(() => checkDeliveryService(L.SAME_DAY, 150, false)).not.toThrow();
    expect(failure(() => checkDeliveryService(L.SAME_DAY, 150.01, false))).toEqual({
      code: 'UTILITY::ESTIMATION_FAILED',
      field: 'serviceLevel',
      message: 'serviceLevel: SAME_DAY is offered within one country up to 150 road km (this parcel: 150.01 km)',
    });
    expect(failure(() => checkDeliveryService(L.SAME_DAY, 10, true))).toEqual({
      code: 'UTILITY::ESTIMATION_FAILED',
      field: 'serviceLevel',
      message: 'serviceLevel: SAME_DAY is offered within one country up to 150 road km (this parcel: 10 km, across a border)',
    });
    expect(() => checkDeliveryService(L.NEXT_DAY, 1500, false)).not.toThrow();
    expect(failure(() => checkDeliveryService(L.NEXT_DAY, 1500.5, false))).toEqual({
      code: 'UTILITY::ESTIMATION_FAILED',
      field: 'serviceLevel',
      message: 'serviceLevel: NEXT_DAY is offered within one country up to 1500 road km (this parcel: 1500.5 km)',
    });
    expect(failure(() => checkDeliveryService(L.NEXT_DAY, 20, true))).toEqual({
      code: 'UTILITY::ESTIMATION_FAILED',
      field: 'serviceLevel',
      message: 'serviceLevel: NEXT_DAY is offered within one country up to 1500 road km (this parcel: 20 km, across a border)',
    });
    expect(() => checkDeliveryService(L.STANDARD, 20_000, true)).not.toThrow();
    expect(() => checkDeliveryService(L.EXPRESS, 20_000, true)).not.toThrow();
  });

  it.each([
    [L.SAME_DAY, 100, false, 0, 0],
    [L.NEXT_DAY, 1400, false, 1, 1],
    [L.EXPRESS, 999, false, 1, 2],
    [L.EXPRESS, 1000, false, 1, 3],
    [L.EXPRESS, 2500, true, 3, 9],
    [L.STANDARD, 499, false, 2, 4],
    [L.STANDARD, 500, false, 2, 5],
    [L.STANDARD, 1200, false, 2, 6],
    [L.STANDARD, 1200, true, 4, 11],
  ])('%s over %d road km (across a border: %s) takes %d–%d days', (level, km, international, min, max) => {
    expect(deliveryDays(level, km, international)).toEqual({ min, max });
  });

  it('banded sums each consecutive band once and stops at the quantity', () => {
    const bands = [
      { upto: 10, rate: 2 },
      { upto: 20, rate: 1 },
      { upto: Infinity, rate: 0.5 },
    ];
    expect(banded(0, bands).toString()).toBe('0');
    expect(banded(4, bands).toString()).toBe('8');
    expect(banded(10, bands).toString()).toBe('20');
    expect(banded(15, bands).toString()).toBe('25');
    expect(banded(40, bands).toString()).toBe('40');
  });
});

describe('freight transport fares (docs/utilities.md, "Freight transport fares")', () => {
  const fares = (f: ReturnType<typeof freightFares>) => Object.fromEntries(Object.entries(f).map(([k, v]: [string, Decimal | undefined]) => [k, v?.toString()]));

  it('ROAD, 100 km, 2 t, STANDARD: base 50, distance 0.90 × 100 = 90, weight 0.05 × 2 × 100 = 10, fuel 12 % of 100 = 12', () => {
    expect(fares(freightFares(M.ROAD, 100, 2000, U.STANDARD, false))).toEqual({ base: '50', distanceFare: '90', weightFare: '10', fuel: '12', hazardous: undefined });
  });

  it('AIR, 1000 km, 500 kg, URGENT, hazardous: ×1.5 on distance and weight, fuel 18 %, hazardous 30 % of base + distance + weight', () => {
    // distance 0.02 × 1000 × 1.5 = 30; weight 0.60 × 0.5 × 1000 × 1.5 = 450; fuel 480 × 18 % = 86.4; hazardous 580 × 30 % = 174
    expect(fares(freightFares(M.AIR, 1000, 500, U.URGENT, true))).toEqual({ base: '100', distanceFare: '30', weightFare: '450', fuel: '86.4', hazardous: '174' });
  });

  it('SEA, 5000 km, 10 t, ECONOMY ×0.85; RAIL, 200 km, 3 t, STANDARD', () => {
    // SEA: 0.08 × 5000 × 0.85 = 340; 0.004 × 10 × 5000 × 0.85 = 170; fuel 510 × 15 % = 76.5
    expect(fares(freightFares(M.SEA, 5000, 10_000, U.ECONOMY, false))).toEqual({ base: '300', distanceFare: '340', weightFare: '170', fuel: '76.5', hazardous: undefined });
    // RAIL: 0.40 × 200 = 80; 0.03 × 3 × 200 = 18; fuel 98 × 8 % = 7.84
    expect(fares(freightFares(M.RAIL, 200, 3000, U.STANDARD, false))).toEqual({ base: '150', distanceFare: '80', weightFare: '18', fuel: '7.84', hazardous: undefined });
  });

  it('chargeable weight: max(gross, m³ × 167 AIR / 333 ROAD / 1000 SEA kg per m³)', () => {
    expect(freightChargeableKg(M.AIR, 100, 2, 'cargo.weight.value')).toBe(334);
    expect(freightChargeableKg(M.ROAD, 1000, 2, 'cargo.weight.value')).toBe(1000);
    expect(freightChargeableKg(M.ROAD, 100, 2, 'cargo.weight.value')).toBe(666);
    expect(freightChargeableKg(M.SEA, 1000, 5, 'cargo.weight.value')).toBe(5000);
    expect(freightChargeableKg(M.RAIL, 700, undefined, 'cargo.weight.value')).toBe(700);
  });

  it("the mode's largest shipment: ROAD 40 t, AIR 120 t (a volume counts), named by the caller's field", () => {
    expect(freightChargeableKg(M.ROAD, 40_000, undefined, 'cargo.weight.value')).toBe(40_000);
    expect(failure(() => freightChargeableKg(M.ROAD, 40_001, undefined, 'cargo.weight.value'))).toEqual({
      code: 'UTILITY::VALIDATION_FAILED',
      field: 'cargo.weight.value',
      message: 'cargo.weight.value: chargeable weight 40001 kg is above the 40,000 kg one ROAD shipment may weigh',
    });
    expect(failure(() => freightChargeableKg(M.AIR, 10, 1000, 'shipment.weight.value')).message).toBe(
      'shipment.weight.value: chargeable weight 167000 kg is above the 120,000 kg one AIR shipment may weigh',
    );
  });

  describe('door-to-door hours (docs/utilities.md, "Speed model and ETA")', () => {
    const road = (km: number) => ({ km, greatCircleKm: km / 1.3, method: 'CIRCUITY' as const });

    it('ROAD 100 km: 10/25 + 40/45 + 50/70 h driving, no break, + 2 h handling = 4.0032 h', () => {
      expect(freightHours(road(100), M.ROAD, U.STANDARD)).toBeCloseTo(10 / 25 + 40 / 45 + 50 / 70 + 2, 9);
    });

    it('ROAD 300 km: 4.86 h driving takes one 45-minute break (more than 4.5 h), no daily rest', () => {
      expect(freightHours(road(300), M.ROAD, U.STANDARD)).toBeCloseTo(10 / 25 + 40 / 45 + 250 / 70 + 0.75 + 2, 9);
    });

    it('ROAD 1000 km: 14.86 h driving over two days: two breaks, one 11-hour rest; URGENT halves handling', () => {
      const driving = 10 / 25 + 40 / 45 + 950 / 70;
      expect(freightHours(road(1000), M.ROAD, U.STANDARD)).toBeCloseTo(driving + 2 * 0.75 + 11 + 2, 9);
      expect(freightHours(road(1000), M.ROAD, U.URGENT)).toBeCloseTo(driving + 2 * 0.75 + 11 + 1, 9);
    });

    it('ROAD 0 km is the handling time only', () => {
      expect(freightHours(road(0), M.ROAD, U.ECONOMY)).toBe(4);
    });

    it('RAIL 500 km at 50 km/h, ECONOMY doubles 24 h handling: 58 h; AIR 800 km: 1 h + 0.75 h + 12 × 0.5 h = 7.75 h', () => {
      expect(freightHours({ km: 500, greatCircleKm: 357, method: 'CIRCUITY' }, M.RAIL, U.ECONOMY)).toBe(58);
      expect(freightHours({ km: 800, greatCircleKm: 800, method: 'GREAT_CIRCLE' }, M.AIR, U.URGENT)).toBe(7.75);
    });

    it('SEA: the sea leg at 14 knots (25.928 km/h) plus the road access legs, plus 72 h handling; the total km is not used', () => {
      const d = { km: 9999, greatCircleKm: 200, method: 'SEA_ROUTE' as const, seaKm: 259.28, accessKm: 10 };
      expect(freightHours(d, M.SEA, U.STANDARD)).toBeCloseTo(10 + 0.4 + 72, 9);
      expect(freightHours({ km: 0, greatCircleKm: 0, method: 'SEA_ROUTE' }, M.SEA, U.STANDARD)).toBe(72);
    });
  });
});

describe('ride fares (docs/utilities.md, "Ride fares")', () => {
  const lines = (l: ReturnType<typeof rideFareLines>) => Object.fromEntries(Object.entries(l).map(([k, v]: [string, Decimal | boolean]) => [k, typeof v === 'boolean' ? v : v.toString()]));

  it('STANDARD, 10 km, 20 min, peak ×1.5: 3.00 + 11.00 + 7.00 = 21.00, surge 10.50, total 31.50', () => {
    expect(lines(rideFareLines(RIDE_RATES.STANDARD, 10, 20, 1.5))).toEqual({
      baseFare: '3',
      distanceFare: '11',
      timeFare: '7',
      bookingFee: '0',
      surgeFare: '10.5',
      totalBeforeSurge: '21',
      totalAfterSurge: '31.5',
      minimumFare: '6',
      minimumFareApplied: false,
    });
  });

  it('ECONOMY, 1 km, 3 min, no surge: 2.50 + 0.90 + 0.90 = 4.30 is under the 5.00 minimum, which applies', () => {
    expect(lines(rideFareLines(RIDE_RATES.ECONOMY, 1, 3, 1))).toEqual({
      baseFare: '2.5',
      distanceFare: '0.9',
      timeFare: '0.9',
      bookingFee: '0',
      surgeFare: '0',
      totalBeforeSurge: '4.3',
      totalAfterSurge: '5',
      minimumFare: '5',
      minimumFareApplied: true,
    });
  });

  it('each line is rounded to cents before the sum: PREMIUM 3.33 km, 7 min, late night ×1.3', () => {
    // distance 1.80 × 3.33 = 5.994 → 5.99; time 0.55 × 7 = 3.85; subtotal 14.84; surge 14.84 × 0.3 = 4.452 → 4.45
    expect(lines(rideFareLines(RIDE_RATES.PREMIUM, 3.33, 7, 1.3))).toEqual({
      baseFare: '5',
      distanceFare: '5.99',
      timeFare: '3.85',
      bookingFee: '0',
      surgeFare: '4.45',
      totalBeforeSurge: '14.84',
      totalAfterSurge: '19.29',
      minimumFare: '10',
      minimumFareApplied: false,
    });
  });

  it('a total exactly at the minimum is not "minimum applied"; weekend night ×1.8 on LUXURY', () => {
    // XL: 4.50 + 1.50 × 2 + 0.50 × 3 = 9.00 = minimum 9.00
    const xl = rideFareLines(RIDE_RATES.XL, 2, 3, 1);
    expect([xl.totalAfterSurge.toString(), xl.minimumFareApplied]).toEqual(['9', false]);
    // LUXURY: 8 + 2.5 × 10 + 0.8 × 15 = 45; surge 45 × 0.8 = 36
    const lux = rideFareLines(RIDE_RATES.LUXURY, 10, 15, 1.8);
    expect([lux.surgeFare.toString(), lux.totalAfterSurge.toString()]).toEqual(['36', '81']);
  });

  it('vehicle class: STANDARD by default, XL for 5–7 passengers; more passengers than seats is refused', () => {
    expect(rideClass(1, undefined).vehicleClass).toBe(C.STANDARD);
    expect(rideClass(4, null).vehicleClass).toBe(C.STANDARD);
    expect(rideClass(5, undefined).vehicleClass).toBe(C.XL);
    expect(rideClass(7, undefined)).toEqual({ vehicleClass: C.XL, rate: RIDE_RATES.XL });
    expect(rideClass(1, C.ECONOMY)).toEqual({ vehicleClass: C.ECONOMY, rate: RIDE_RATES.ECONOMY });
    expect(rideClass(6, C.SUV).vehicleClass).toBe(C.SUV);
    expect(failure(() => rideClass(7, C.SUV))).toEqual({
      code: 'UTILITY::VALIDATION_FAILED',
      field: 'passengerCount',
      message: 'passengerCount: a SUV vehicle seats 6; choose XL (7) or SUV (6)',
    });
    expect(failure(() => rideClass(5, C.COMFORT)).message).toBe('passengerCount: a COMFORT vehicle seats 4; choose XL (7) or SUV (6)');
  });

  it('surge rules: every local hour of every weekday, as the table says', () => {
    // one character per hour 00–23: P peak, W weekend night, L late night, . none (docs/utilities.md surge table)
    const week: Record<number, string> = {
      0: 'WWLLL..PP........PP.....', // Sunday: Saturday night runs to 01:59
      1: '..LLL..PP........PP.....',
      2: '..LLL..PP........PP.....',
      3: '..LLL..PP........PP.....',
      4: '..LLL..PP........PP.....',
      5: '..LLL..PP........PP...WW', // Friday 22:00 –
      6: 'WWLLL..PP........PP...WW', // Saturday: Friday night to 01:59, Saturday night from 22:00
    };
    const rule: Record<string, SurgeRule> = { P: SurgeRule.PEAK_HOURS, W: SurgeRule.WEEKEND_NIGHT, L: SurgeRule.LATE_NIGHT, '.': SurgeRule.NONE };
    for (const [weekday, hours] of Object.entries(week)) {
      expect(hours).toHaveLength(24);
      for (let hour = 0; hour < 24; hour++) expect(surgeRuleAt(Number(weekday), hour), `weekday ${weekday} ${hour}:00`).toBe(rule[hours[hour]]);
    }
  });

  it('each rule has its reason in words, with its multiplier', () => {
    expect(SURGE_REASON.PEAK_HOURS).toBe('Peak hours (07:00–09:00 and 17:00–19:00 local time): ×1.5');
    expect(SURGE_REASON.WEEKEND_NIGHT).toBe('Weekend night (Friday and Saturday, 22:00–02:00 local time): ×1.8');
    expect(SURGE_REASON.LATE_NIGHT).toBe('Late night (02:00–05:00 local time): ×1.3');
    expect(SURGE_REASON.NONE).toBe('No surge at this local time: ×1.0');
  });

  it("pickup ETA: nearest driver's road distance (× 1.30) at 25 km/h, whole minutes rounded up, at least 1", () => {
    expect(pickupEtaMinutes(null)).toBeNull();
    expect(pickupEtaMinutes(0)).toBe(1);
    expect(pickupEtaMinutes(100)).toBe(1); // 0.13 km → 0.312 min
    expect(pickupEtaMinutes(1000)).toBe(4); // 1.3 km → 3.12 min
    expect(pickupEtaMinutes(5000)).toBe(16); // 6.5 km → 15.6 min
    expect(pickupEtaMinutes(3205.2)).toBe(11); // 4.16676 km → 10.0002 min: the started minute counts
    expect(pickupEtaMinutes(3205.1)).toBe(10); // 4.16663 km → 9.9999 min
  });
});

describe('cross-border pieces (docs/utilities.md, "Cross-border landed cost")', () => {
  it('HS codes: 2–10 digits, dots, spaces and dashes ignored; chapter 01–97 except 77', () => {
    expect(hsChapter('8471.30')).toEqual({ code: '847130', chapter: 84 });
    expect(hsChapter('0101 21-00')).toEqual({ code: '01012100', chapter: 1 });
    expect(hsChapter('97')).toEqual({ code: '97', chapter: 97 });
    expect(hsChapter('1234567890')).toEqual({ code: '1234567890', chapter: 12 });
    expect(hsChapter(undefined)).toBeUndefined();
    expect(hsChapter(null)).toBeUndefined();
    expect(hsChapter('')).toBeUndefined();
    const digits = 'shipment.hsCode: must be 2 to 10 digits (dots and spaces allowed), e.g. 8471.30';
    expect(failure(() => hsChapter('7'))).toEqual({ code: 'UTILITY::VALIDATION_FAILED', field: 'shipment.hsCode', message: digits });
    expect(failure(() => hsChapter('12345678901')).message).toBe(digits);
    expect(failure(() => hsChapter('84A1')).message).toBe(digits);
    expect(failure(() => hsChapter('7712')).message).toBe('shipment.hsCode: chapter 77 is not an HS chapter (01–97, 77 reserved)');
    expect(failure(() => hsChapter('00')).message).toBe('shipment.hsCode: chapter 00 is not an HS chapter (01–97, 77 reserved)');
    expect(failure(() => hsChapter('9801')).message).toBe('shipment.hsCode: chapter 98 is not an HS chapter (01–97, 77 reserved)');
  });

  it('inspection chapters 01–24, 30 and 93', () => {
    const ranges = ['01-24', '30', '93'];
    expect([1, 24, 30, 93].map((c) => inChapters(c, ranges))).toEqual([true, true, true, true]);
    expect([25, 29, 31, 92, 94, 97].map((c) => inChapters(c, ranges))).toEqual([false, false, false, false, false, false]);
  });

  it('the sea-only Incoterms are FAS, FOB, CFR and CIF', () => {
    expect([...SEA_ONLY_TERMS].sort()).toEqual(['CFR', 'CIF', 'FAS', 'FOB']);
  });

  it('who pays each line under each Incoterm 2020 rule, as docs/utilities.md states it', () => {
    const S = CostPayer.SELLER;
    const B = CostPayer.BUYER;
    const items = ['transportFee', 'insurance', 'documentationFee.export', 'documentationFee.import', 'borderCrossingFee', 'brokerageFee', 'customsDuty', 'importTax', 'vat', 'inspectionFee'];
    // columns in the order of `items`
    const table: Record<Incoterm, CostPayer[]> = {
      EXW: [B, B, B, B, B, B, B, B, B, B],
      FCA: [B, B, S, B, B, B, B, B, B, B],
      FAS: [B, B, S, B, B, B, B, B, B, B],
      FOB: [B, B, S, B, B, B, B, B, B, B],
      CPT: [S, B, S, B, B, B, B, B, B, B],
      CFR: [S, B, S, B, B, B, B, B, B, B],
      CIP: [S, S, S, B, B, B, B, B, B, B],
      CIF: [S, S, S, B, B, B, B, B, B, B],
      DAP: [S, S, S, B, S, B, B, B, B, B],
      DPU: [S, S, S, B, S, B, B, B, B, B],
      DDP: [S, S, S, S, S, S, S, S, S, S],
    };
    for (const term of Object.values(Incoterm)) {
      expect(
        items.map((item) => payerOf(term, item)),
        term,
      ).toEqual(table[term]);
    }
    expect(payerOf(Incoterm.DAP, 'anythingElse')).toBe(B);
    expect(payerOf(Incoterm.DDP, 'anythingElse')).toBe(S);
  });

  it('cargo insurance: 0.5 % of the goods, at least USD 10 (converted)', () => {
    expect(insurancePremium(dec(10_000), 'USD').toString()).toBe('50');
    expect(insurancePremium(dec(2000), 'USD').toString()).toBe('10');
    expect(insurancePremium(dec(1000), 'USD').toString()).toBe('10');
    // 10 USD = 8.8022588 EUR → 8.80; 0.5 % of 100 EUR = 0.50
    expect(insurancePremium(dec(100), 'EUR').toString()).toBe('8.8');
    expect(insurancePremium(dec(1_000_000), 'JPY').toString()).toBe('5000');
  });

  it('import levies: Kenya IDF 3.5 % and RDL 2 % of the customs value', () => {
    const { total, lines } = importLevies('KE', M.ROAD, dec(100), dec(1000), 'USD');
    expect(total.toString()).toBe('55');
    expect(lines.map((l) => [l.name, l.amount.toString()])).toEqual([
      ['Import Declaration Fee (IDF)', '35'],
      ['Railway Development Levy (RDL)', '20'],
    ]);
  });

  it("import levies: India's Social Welfare Surcharge is 10 % of the duty, none without duty", () => {
    expect(importLevies('IN', M.SEA, dec(200), dec(1000), 'USD').lines.map((l) => [l.name, l.amount.toString()])).toEqual([['Social Welfare Surcharge', '20']]);
    expect(importLevies('IN', M.SEA, dec(0), dec(1000), 'USD')).toEqual({ total: dec(0), lines: [] });
  });

  it('import levies: US MPF 0.3464 % between USD 32.71 and 634.62, HMF 0.125 % by sea only', () => {
    const sea = importLevies('US', M.SEA, dec(0), dec(100_000), 'USD');
    expect(sea.lines.map((l) => [l.name, l.amount.toString()])).toEqual([
      ['Merchandise Processing Fee (MPF)', '346.4'],
      ['Harbor Maintenance Fee (HMF)', '125'],
    ]);
    expect(sea.total.toString()).toBe('471.4');
    const air = importLevies('US', M.AIR, dec(0), dec(1000), 'USD');
    expect(air.lines.map((l) => [l.name, l.amount.toString()])).toEqual([['Merchandise Processing Fee (MPF)', '32.71']]);
    expect(importLevies('US', M.ROAD, dec(0), dec(1_000_000), 'USD').total.toString()).toBe('634.62');
    // the minimum is USD: in a euro quote it is 32.71 × 0.88022588 = 28.79 EUR
    expect(importLevies('US', M.AIR, dec(0), dec(1000), 'EUR').total.toString()).toBe('28.79');
  });

  it('a destination without levies has none', () => {
    expect(importLevies('FR', M.ROAD, dec(50), dec(1000), 'EUR')).toEqual({ total: dec(0), lines: [] });
  });

  it('clearance days: EU, GB, US… 0–1; KE, NG, IN… 2–5; others 1–3; inside the EU 0; inspection adds 1–2', () => {
    expect(clearanceDays('DE', false, false)).toEqual({ min: 0, max: 1 });
    expect(clearanceDays('US', false, false)).toEqual({ min: 0, max: 1 });
    expect(clearanceDays('KE', false, false)).toEqual({ min: 2, max: 5 });
    expect(clearanceDays('BR', false, false)).toEqual({ min: 2, max: 5 });
    expect(clearanceDays('TH', false, false)).toEqual({ min: 1, max: 3 });
    expect(clearanceDays('FR', true, false)).toEqual({ min: 0, max: 0 });
    expect(clearanceDays('KE', false, true)).toEqual({ min: 3, max: 7 });
    expect(clearanceDays('GB', false, true)).toEqual({ min: 1, max: 3 });
    expect(clearanceDays('TH', false, true)).toEqual({ min: 2, max: 5 });
  });
});
