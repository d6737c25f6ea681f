/**
 * Units of the utilities family (docs/utilities.md, "Units and money"): weights to kilograms, volumes to cubic metres,
 * package dimensions to cubic centimetres, and the two-unit answers ({kilometer, mile}, {minute, hour}).
 * Pure: no I/O; a bad value is UTILITY::VALIDATION_FAILED naming the field.
 */
import { CM_PER, KG_PER, KM_PER_MILE, M3_PER, MAX_QUANTITY } from './constants.js';
import { invalid, positive } from './checks.js';
import { round } from '../../../domain/numbers.js';
import type { DimensionsInput, KilometersMiles, MinutesHours, VolumeInput, WeightInput } from './types.js';

/** A distance in kilometres and international miles, 2 decimals each. */
export const kmMi = (km: number): KilometersMiles => ({ kilometer: round(km), mile: round(km / KM_PER_MILE) });

/** A duration in whole minutes (rounded up) and hours (2 decimals). */
export const minuteHour = (hours: number): MinutesHours => ({ minute: Math.ceil(round(hours * 60, 6)), hour: round(hours) });

/** The factor of `unit` in `table`, else VALIDATION_FAILED naming `field`. */
export const unitOf = <T extends string>(unit: T, table: Record<string, number>, field: string): number => {
  const f = Object.hasOwn(table, unit) ? table[unit] : undefined;
  if (f === undefined) throw invalid(field, `unknown unit ${unit}`);
  return f;
};

/** A weight in kilograms; `maxKg` is the service's largest. */
export function weightKg(w: WeightInput | undefined | null, field: string, maxKg?: number): number {
  if (!w) throw invalid(field, 'is required');
  const value = positive(w.value, `${field}.value`, MAX_QUANTITY);
  const kg = value * unitOf(w.unit, KG_PER, `${field}.unit`);
  if (maxKg !== undefined && kg > maxKg) throw invalid(`${field}.value`, `must be at most ${maxKg.toLocaleString('en-US')} kg for this service`);
  return kg;
}

/** A volume in cubic metres (undefined when absent). */
export function volumeM3(v: VolumeInput | undefined | null, field: string): number | undefined {
  if (!v) return undefined;
  return positive(v.value, `${field}.value`, MAX_QUANTITY) * unitOf(v.unit, M3_PER, `${field}.unit`);
}

/** A package's volume L × W × H in cubic centimetres (undefined when absent); each side at most 100,000 units. */
export function dimensionsCm3(d: DimensionsInput | undefined | null, field: string): number | undefined {
  if (!d) return undefined;
  const f = unitOf(d.unit, CM_PER, `${field}.unit`);
  const side = (v: unknown, name: string) => positive(v, `${field}.${name}`, 100_000) * f;
  return side(d.length, 'length') * side(d.width, 'width') * side(d.height, 'height');
}
