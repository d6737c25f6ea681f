/**
 * The parcel delivery model (docs/utilities.md, "Delivery fares"): service levels, package types, the fee lines of a
 * parcel and its delivery days. The utilities family's delivery fares and commerce's delivery quotes both price with it.
 */
import { closedList } from '../kernel/graphql-types.js';
import { convert, dec, type Decimal, roundMoney, sum } from './money.js';

export const DeliveryServiceLevel = closedList('DeliveryServiceLevel', 'Service level of a parcel delivery.', {
  SAME_DAY: 'Delivered the same day: within one country, up to 150 road km; base fee 12.00, service fee 40 %.',
  NEXT_DAY: 'Delivered the next day: within one country, up to 1,500 road km; base fee 7.00, service fee 15 %.',
  STANDARD: 'Delivered in 2 to 4 days (one more per 500 road km); base fee 4.00, no service fee.',
  EXPRESS: 'Delivered in 1 to 2 days (one more per 1,000 road km); base fee 10.00, service fee 25 %.',
});
export type DeliveryServiceLevel = keyof typeof DeliveryServiceLevel;

export const DeliveryPackageType = closedList('DeliveryPackageType', 'Kind of package of a parcel delivery: it sets the handling fee.', {
  DOCUMENT: 'Documents: no handling fee.',
  PARCEL: 'An ordinary parcel (the default): no handling fee.',
  FRAGILE: 'Breakable contents: handling fee 2.50.',
  PERISHABLE: 'Contents that spoil: handling fee 3.50.',
  OVERSIZED: 'A package beyond the usual sizes: handling fee 6.00.',
});
export type DeliveryPackageType = keyof typeof DeliveryPackageType;

export const DELIVERY = {
  /** Base fee by service level. */
  baseFee: { STANDARD: 4.0, EXPRESS: 10.0, NEXT_DAY: 7.0, SAME_DAY: 12.0 } satisfies Record<DeliveryServiceLevel, number>,
  /** Per road kilometre, by consecutive band of the road distance. */
  distanceBands: [
    { uptoKm: 50, perKm: 0.4 },
    { uptoKm: 500, perKm: 0.15 },
    { uptoKm: Infinity, perKm: 0.05 },
  ],
  /** Kilograms included in the base fee. */
  includedKg: 1,
  /** Per chargeable kilogram above the included weight, by consecutive band. */
  weightBands: [
    { uptoKg: 10, perKg: 0.8 },
    { uptoKg: 30, perKg: 0.6 },
    { uptoKg: Infinity, perKg: 0.4 },
  ],
  /** Volumetric weight divisor (cm³ per kg), the courier industry's common 5000. */
  volumetricDivisorCm3PerKg: 5000,
  /** Service fee: share of (distance fee + weight fee) by service level. */
  servicePct: { STANDARD: 0, EXPRESS: 0.25, NEXT_DAY: 0.15, SAME_DAY: 0.4 } satisfies Record<DeliveryServiceLevel, number>,
  /** Handling fee by package type. */
  handlingFee: { DOCUMENT: 0, PARCEL: 0, FRAGILE: 2.5, PERISHABLE: 3.5, OVERSIZED: 6.0 } satisfies Record<DeliveryPackageType, number>,
  /** Fuel surcharge: share of (base + distance + weight). A fixed platform default; carriers publish weekly indexes. */
  fuelPct: 0.1,
  /** Peak-season adjustment, 15 November – 31 December (UTC date of the calculation): share of (base + distance + weight). */
  peakSeason: { fromMonth: 11, fromDay: 15, pct: 0.08 },
  /** Parcels above this chargeable weight are freight (use /fares/transport). */
  maxKg: 1000,
  /** SAME_DAY: same country and at most this road distance; NEXT_DAY likewise. */
  sameDayMaxKm: 150,
  nextDayMaxKm: 1500,
  /** Delivery days [min, max] before distance and border additions. */
  days: { SAME_DAY: [0, 0], NEXT_DAY: [1, 1], EXPRESS: [1, 2], STANDARD: [2, 4] } satisfies Record<DeliveryServiceLevel, [number, number]>,
  /** Extra max days: EXPRESS one per 1,000 road km, STANDARD one per 500 road km. */
  extraDayPerKm: { EXPRESS: 1000, STANDARD: 500 } as Partial<Record<DeliveryServiceLevel, number>>,
  /** Added to [min, max] days when the parcel crosses a border (customs). */
  internationalDays: [2, 5] as [number, number],
};

/** Sums `amount × rate` over consecutive bands of `quantity` (distance or weight bands). */
export function banded(quantity: number, bands: { upto: number; rate: number }[]): Decimal {
  let total = dec(0);
  let from = 0;
  for (const band of bands) {
    const part = Math.max(0, Math.min(quantity, band.upto) - from);
    total = total.add(dec(part).mul(band.rate));
    from = band.upto;
    if (quantity <= band.upto) break;
  }
  return total;
}

/** 15 November – 31 December, by the UTC date. */
export const isPeakSeason = (d: Date) => d.getUTCMonth() + 1 === 12 || (d.getUTCMonth() + 1 === DELIVERY.peakSeason.fromMonth && d.getUTCDate() >= DELIVERY.peakSeason.fromDay);

export interface DeliveryPrice {
  /** Rounded lines in the quote currency. */
  lines: { baseFee: Decimal; distanceFee: Decimal; weightFee: Decimal; serviceFee: Decimal; fuelSurcharge: Decimal };
  seasonalAdjustment?: Decimal;
  handlingFee?: Decimal;
  /** The sum of the rounded lines. */
  total: Decimal;
}

/** A parcel's fee lines (model in USD, each line converted to `quote` and rounded) on `roadKm` at the date `at`. */
export function deliveryPrice(level: DeliveryServiceLevel, packageType: DeliveryPackageType, roadKm: number, chargeableKg: number, at: Date, quote: string): DeliveryPrice {
  const base = dec(DELIVERY.baseFee[level]);
  const distance = banded(
    roadKm,
    DELIVERY.distanceBands.map((b) => ({ upto: b.uptoKm, rate: b.perKm })),
  );
  const weight = banded(
    Math.max(0, chargeableKg - DELIVERY.includedKg),
    DELIVERY.weightBands.map((b) => ({ upto: b.uptoKg - DELIVERY.includedKg, rate: b.perKg })),
  );
  const core = base.add(distance).add(weight);
  const service = distance.add(weight).mul(DELIVERY.servicePct[level]);
  const fuel = core.mul(DELIVERY.fuelPct);
  const seasonal = isPeakSeason(at) ? core.mul(DELIVERY.peakSeason.pct) : undefined;
  const handling = DELIVERY.handlingFee[packageType];

  const q = (usd: Decimal.Value) => roundMoney(convert(usd, 'USD', quote), quote);
  const lines = { baseFee: q(base), distanceFee: q(distance), weightFee: q(weight), serviceFee: q(service), fuelSurcharge: q(fuel) };
  const seasonalLine = seasonal ? q(seasonal) : undefined;
  const handlingLine = handling ? q(handling) : undefined;
  const total = sum(...Object.values(lines), seasonalLine, handlingLine);
  return { lines, seasonalAdjustment: seasonalLine, handlingFee: handlingLine, total };
}

/** Delivery days [min, max]: the level's, plus the extra days per road km, plus the border days. */
export function deliveryDays(level: DeliveryServiceLevel, roadKm: number, international: boolean): { min: number; max: number } {
  const [minDays, maxDaysBase] = DELIVERY.days[level];
  const perExtra = DELIVERY.extraDayPerKm[level];
  let min = minDays;
  let max = maxDaysBase + (perExtra ? Math.floor(roadKm / perExtra) : 0);
  if (international) {
    min += DELIVERY.internationalDays[0];
    max += DELIVERY.internationalDays[1];
  }
  return { min, max };
}
