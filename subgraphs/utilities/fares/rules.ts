/**
 * The fare arithmetic of the utilities family (docs/utilities.md): delivery, freight transport, ride and the pure
 * parts of the cross-border landed cost. Pure: no I/O, no clock (the caller passes the date), no place lookup (the
 * caller passes distances). service.ts and cross-border.ts validate, locate the places and call these.
 */
import { AppError } from '../../../kernel/errors.js';
import { CLEARANCE_DAYS, FAST_CLEARANCE, IMPORT_LEVIES, SLOW_CLEARANCE } from './tariffs.js';
import {
  FREIGHT_HANDLING_H,
  HAZARDOUS_PCT,
  INSPECTION,
  INSURANCE,
  PICKUP_SPEED_KMH,
  RIDE_BOOKING_FEE,
  RIDE_CURRENCY,
  RIDE_RATES,
  ROAD_DRIVER_RULES,
  TRANSPORT_RATES,
  URGENCY_HANDLING_FACTOR,
  URGENCY_MULTIPLIER,
  type RideRate,
} from '../common/constants.js';
import { DELIVERY, DeliveryServiceLevel } from '../../../domain/parcel-delivery.js';
import { CIRCUITY, MODE_SPEED_KMH, TransportMode } from '../../../domain/transport.js';
import { CostPayer, FreightUrgency, Incoterm, RideVehicleClass, SurgeRule } from './enums.js';
import { roadDrivingHours, travelHours, type ModeDistance } from '../../../domain/geography.js';
import { convert, dec, Decimal, roundMoney, sum } from '../../../domain/money.js';
import { invalid } from '../common/checks.js';
import { round } from '../../../domain/numbers.js';

// ================================================================= shared

// ================================================================= delivery

/** Chargeable weight of a parcel: max(actual, volumetric = cm³ / 5000), at most DELIVERY.maxKg (else `dimensions`). */
export function deliveryChargeableKg(actualKg: number, cm3: number | undefined): { volumetricKg: number; chargeableKg: number } {
  const volumetricKg = cm3 === undefined ? 0 : cm3 / DELIVERY.volumetricDivisorCm3PerKg;
  const chargeableKg = Math.max(actualKg, volumetricKg);
  if (chargeableKg > DELIVERY.maxKg) throw invalid('dimensions', `volumetric weight ${round(volumetricKg)} kg is above the ${DELIVERY.maxKg} kg a parcel may weigh`);
  return { volumetricKg, chargeableKg };
}

/** SAME_DAY and NEXT_DAY are domestic and have a largest road distance: ESTIMATION_FAILED naming `serviceLevel`. */
export function checkDeliveryService(level: DeliveryServiceLevel, roadKm: number, international: boolean): void {
  if (level === DeliveryServiceLevel.SAME_DAY && (international || roadKm > DELIVERY.sameDayMaxKm)) {
    throw new AppError(
      'UTILITY::ESTIMATION_FAILED',
      `serviceLevel: SAME_DAY is offered within one country up to ${DELIVERY.sameDayMaxKm} road km (this parcel: ${roadKm} km${international ? ', across a border' : ''})`,
      'serviceLevel',
    );
  }
  if (level === DeliveryServiceLevel.NEXT_DAY && (international || roadKm > DELIVERY.nextDayMaxKm)) {
    throw new AppError(
      'UTILITY::ESTIMATION_FAILED',
      `serviceLevel: NEXT_DAY is offered within one country up to ${DELIVERY.nextDayMaxKm} road km (this parcel: ${roadKm} km${international ? ', across a border' : ''})`,
      'serviceLevel',
    );
  }
}

// ================================================================= freight transport

/** Chargeable weight of a freight shipment: max(kg, m³ × the mode's volumetric factor), at most the mode's largest. */
export function freightChargeableKg(mode: TransportMode, kg: number, m3: number | undefined, weightField: string): number {
  const rate = TRANSPORT_RATES[mode];
  const chargeableKg = Math.max(kg, (m3 ?? 0) * rate.volumetricKgPerM3);
  if (chargeableKg > rate.maxKg) throw invalid(weightField, `chargeable weight ${round(chargeableKg)} kg is above the ${rate.maxKg.toLocaleString('en-US')} kg one ${mode} shipment may weigh`);
  return chargeableKg;
}

export interface FreightFares {
  base: Decimal;
  distanceFare: Decimal;
  weightFare: Decimal;
  fuel: Decimal;
  hazardous?: Decimal;
}

/** The freight lines in USD, unrounded, over `km` (already rounded to 2 decimals by the caller). */
export function freightFares(mode: TransportMode, km: number, chargeableKg: number, urgency: FreightUrgency, hazardous: boolean): FreightFares {
  const rate = TRANSPORT_RATES[mode];
  const m = URGENCY_MULTIPLIER[urgency];
  const base = dec(rate.baseFare);
  const distanceFare = dec(rate.perKm).mul(km).mul(m);
  const weightFare = dec(rate.perTonneKm)
    .mul(chargeableKg / 1000)
    .mul(km)
    .mul(m);
  const fuel = distanceFare.add(weightFare).mul(rate.fuelPct);
  const hazardousFare = hazardous ? base.add(distanceFare).add(weightFare).mul(HAZARDOUS_PCT) : undefined;
  return { base, distanceFare, weightFare, fuel, hazardous: hazardousFare };
}

/** Door-to-door hours of a freight move: moving time, driver breaks and rests (ROAD), handling × urgency. */
export function freightHours(d: ModeDistance, mode: TransportMode, urgency: FreightUrgency): number {
  let moving: number;
  if (mode === TransportMode.SEA) moving = (d.seaKm ?? 0) / MODE_SPEED_KMH.SEA + roadDrivingHours(d.accessKm ?? 0);
  else moving = travelHours(d.km, mode);
  if (mode === TransportMode.ROAD && moving > 0) {
    const days = Math.ceil(moving / ROAD_DRIVER_RULES.dailyDrivingH);
    const segments = Math.ceil(moving / ROAD_DRIVER_RULES.breakAfterH);
    moving += (segments - days) * ROAD_DRIVER_RULES.breakH + (days - 1) * ROAD_DRIVER_RULES.dailyRestH;
  }
  return moving + FREIGHT_HANDLING_H[mode] * URGENCY_HANDLING_FACTOR[urgency];
}

// ================================================================= ride

/** The spec's surge rules, on the pickup's local weekday (0 = Sunday) and hour. */
export function surgeRuleAt(weekday: number, hour: number): SurgeRule {
  if ((hour >= 7 && hour < 9) || (hour >= 17 && hour < 19)) return SurgeRule.PEAK_HOURS;
  // Friday and Saturday nights: Fri 22:00 – Sat 02:00 and Sat 22:00 – Sun 02:00
  if ((hour >= 22 && (weekday === 5 || weekday === 6)) || (hour < 2 && (weekday === 6 || weekday === 0))) return SurgeRule.WEEKEND_NIGHT;
  if (hour >= 2 && hour < 5) return SurgeRule.LATE_NIGHT;
  return SurgeRule.NONE;
}

export const SURGE_REASON: Record<SurgeRule, string> = {
  PEAK_HOURS: 'Peak hours (07:00–09:00 and 17:00–19:00 local time): ×1.5',
  WEEKEND_NIGHT: 'Weekend night (Friday and Saturday, 22:00–02:00 local time): ×1.8',
  LATE_NIGHT: 'Late night (02:00–05:00 local time): ×1.3',
  NONE: 'No surge at this local time: ×1.0',
};

/** The ride's class (given, else STANDARD, XL above 4 passengers) and its rates; more passengers than seats is refused. */
export function rideClass(passengers: number, given: RideVehicleClass | null | undefined): { vehicleClass: RideVehicleClass; rate: RideRate } {
  const vehicleClass = given ?? (passengers > 4 ? RideVehicleClass.XL : RideVehicleClass.STANDARD);
  const rate = RIDE_RATES[vehicleClass];
  if (passengers > rate.seats) throw invalid('passengerCount', `a ${vehicleClass} vehicle seats ${rate.seats}; choose XL (7) or SUV (6)`);
  return { vehicleClass, rate };
}

export interface RideFareLines {
  baseFare: Decimal;
  distanceFare: Decimal;
  timeFare: Decimal;
  bookingFee: Decimal;
  surgeFare: Decimal;
  totalBeforeSurge: Decimal;
  /** max(minimumFare, totalBeforeSurge + surgeFare). */
  totalAfterSurge: Decimal;
  minimumFare: Decimal;
  minimumFareApplied: boolean;
}

/** A ride's fare lines (RIDE_CURRENCY, each line rounded before it is summed) over `km` road km and `minutes`. */
export function rideFareLines(rate: RideRate, km: number, minutes: number, multiplier: number): RideFareLines {
  const c = RIDE_CURRENCY;
  const baseFare = roundMoney(rate.baseFare, c);
  const distanceFare = roundMoney(dec(rate.perKm).mul(km), c);
  const timeFare = roundMoney(dec(rate.perMinute).mul(minutes), c);
  const bookingFee = roundMoney(RIDE_BOOKING_FEE, c);
  const subtotal = sum(baseFare, distanceFare, timeFare);
  const surgeFare = roundMoney(subtotal.mul(multiplier - 1), c);
  const totalBeforeSurge = subtotal.add(bookingFee);
  const afterSurge = totalBeforeSurge.add(surgeFare);
  const minimumFare = roundMoney(rate.minimumFare, c);
  const minimumFareApplied = afterSurge.lt(minimumFare);
  return {
    baseFare,
    distanceFare,
    timeFare,
    bookingFee,
    surgeFare,
    totalBeforeSurge,
    totalAfterSurge: minimumFareApplied ? minimumFare : afterSurge,
    minimumFare,
    minimumFareApplied,
  };
}

/** Pickup ETA in whole minutes (at least 1) of the nearest driver `nearestMetres` away; null when there is none. */
export const pickupEtaMinutes = (nearestMetres: number | null): number | null =>
  nearestMetres === null ? null : Math.max(1, Math.ceil((((nearestMetres / 1000) * CIRCUITY.ROAD) / PICKUP_SPEED_KMH) * 60));

// ================================================================= cross-border

/** HS code → digits and chapter (01–97, 77 reserved). */
export function hsChapter(code: string | null | undefined): { code: string; chapter: number } | undefined {
  if (code === undefined || code === null || code === '') return undefined;
  const digits = code.replace(/[.\s-]/g, '');
  if (!/^\d{2,10}$/.test(digits)) throw invalid('shipment.hsCode', 'must be 2 to 10 digits (dots and spaces allowed), e.g. 8471.30');
  const chapter = Number(digits.slice(0, 2));
  if (chapter < 1 || chapter > 97 || chapter === 77) throw invalid('shipment.hsCode', `chapter ${digits.slice(0, 2)} is not an HS chapter (01–97, 77 reserved)`);
  return { code: digits, chapter };
}

/** Whether `chapter` is in one of `ranges` (`'01-24'`, `'30'`). */
export const inChapters = (chapter: number, ranges: string[]) =>
  ranges.some((r) => {
    const [a, b] = r.split('-').map(Number);
    return chapter >= a && chapter <= (b ?? a);
  });

/** Incoterms 2020 rules for sea and inland waterway transport only. */
export const SEA_ONLY_TERMS: readonly Incoterm[] = [Incoterm.FAS, Incoterm.FOB, Incoterm.CFR, Incoterm.CIF];

/** Whether `term` is one of `terms`. */
export const isOneOf = (term: Incoterm, ...terms: Incoterm[]): boolean => terms.includes(term);

/** Who pays each cost under an incoterm (Incoterms 2020, ICC). */
export function payerOf(term: Incoterm, item: string): CostPayer {
  const S = CostPayer.SELLER;
  const B = CostPayer.BUYER;
  const importSide = ['customsDuty', 'vat', 'importTax', 'brokerageFee', 'inspectionFee'];
  if (term === Incoterm.DDP) return S;
  if (importSide.includes(item)) return B;
  if (term === Incoterm.EXW) return B;
  switch (item) {
    case 'documentationFee.export':
      return S;
    case 'documentationFee.import':
      return B;
    case 'transportFee':
      return isOneOf(term, Incoterm.FCA, Incoterm.FAS, Incoterm.FOB) ? B : S;
    case 'insurance':
      return isOneOf(term, Incoterm.CIF, Incoterm.CIP, Incoterm.DAP, Incoterm.DPU) ? S : B;
    case 'borderCrossingFee':
      return isOneOf(term, Incoterm.DAP, Incoterm.DPU) ? S : B;
    default:
      return B;
  }
}

/** Cargo insurance in `quote`, rounded: a share of the goods value, at least the minimum (USD, converted). */
export const insurancePremium = (goods: Decimal, quote: string): Decimal => roundMoney(Decimal.max(goods.mul(INSURANCE.pct), convert(INSURANCE.minimum, 'USD', quote)), quote);

/** The destination's other import levies (IMPORT_LEVIES) for `mode`, each rounded in `quote`, and their sum. */
export function importLevies(to: string, mode: TransportMode, duty: Decimal, customsValue: Decimal, quote: string): { total: Decimal; lines: { name: string; amount: Decimal }[] } {
  const lines: { name: string; amount: Decimal }[] = [];
  let total = dec(0);
  for (const levy of IMPORT_LEVIES[to] ?? []) {
    if (levy.modes && !levy.modes.includes(mode)) continue;
    let amount = (levy.base === 'duty' ? duty : customsValue).mul(levy.pct).div(100);
    if (levy.min !== undefined) amount = Decimal.max(amount, convert(levy.min, levy.currency ?? 'USD', quote));
    if (levy.max !== undefined) amount = Decimal.min(amount, convert(levy.max, levy.currency ?? 'USD', quote));
    if (levy.base === 'duty' && duty.isZero()) continue;
    const line = roundMoney(amount, quote);
    total = total.add(line);
    lines.push({ name: levy.name, amount: line });
  }
  return { total, lines };
}

/** Clearance days [min, max] at the destination: its tier (the union's 0 without formalities), plus inspection days. */
export function clearanceDays(to: string, noFormalities: boolean, inspected: boolean): { min: number; max: number } {
  const tier = noFormalities ? CLEARANCE_DAYS.UNION : FAST_CLEARANCE.includes(to) ? CLEARANCE_DAYS.FAST : SLOW_CLEARANCE.includes(to) ? CLEARANCE_DAYS.SLOW : CLEARANCE_DAYS.STANDARD;
  return { min: tier[0] + (inspected ? INSPECTION.extraDays[0] : 0), max: tier[1] + (inspected ? INSPECTION.extraDays[1] : 0) };
}
