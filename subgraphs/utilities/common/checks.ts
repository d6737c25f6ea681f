/**
 * Input checks of the utilities family. Every check fails with UTILITY::VALIDATION_FAILED naming the field by its
 * input path (`origin.country`, `weight.value`), which REST bodies and the graph's inputs share but for the points'
 * coordinates (checked first by the bridge for REST); a place that cannot be located is UTILITY::INSUFFICIENT_DATA
 * (places.ts).
 */
import { AppError } from '../../../kernel/errors.js';
import { normalizeDegrees, type GeoPointInput } from '../../../kernel/graphql-types.js';
import { isQuotable } from '../../../domain/money.js';

export const invalid = (field: string, reason: string) => new AppError('UTILITY::VALIDATION_FAILED', `${field}: ${reason}`, field);
export const insufficient = (field: string, reason: string) => new AppError('UTILITY::INSUFFICIENT_DATA', `${field}: ${reason}`, field);

export function finite(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(field, 'must be a number');
  return value;
}

export function positive(value: unknown, field: string, max?: number, unit = '', min?: number): number {
  const n = finite(value, field);
  if (n <= 0) throw invalid(field, 'must be greater than 0');
  if (min !== undefined && n < min) throw invalid(field, `must be at least ${min}${unit}`);
  if (max !== undefined && n > max) throw invalid(field, `must be at most ${max.toLocaleString('en-US')}${unit}`);
  return n;
}

export function nonNegative(value: unknown, field: string, max?: number): number {
  const n = finite(value, field);
  if (n < 0) throw invalid(field, 'must not be negative');
  if (max !== undefined && n > max) throw invalid(field, `must be at most ${max.toLocaleString('en-US')}`);
  return n + 0;
}

export function intRange(value: unknown, field: string, min: number, max: number): number {
  const n = finite(value, field);
  if (!Number.isInteger(n) || n < min || n > max) throw invalid(field, `must be a whole number from ${min} to ${max}`);
  return n;
}

export function text(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || !value.trim()) throw invalid(field, 'must not be empty');
  if (value.length > max) throw invalid(field, `must be at most ${max} characters`);
  return value.trim();
}

export function optionalText(value: unknown, field: string, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(field, 'must be a string');
  if (value.length > max) throw invalid(field, `must be at most ${max} characters`);
  return value.trim() || undefined;
}

/**
 * A point (GraphQL `GeoPointInput`), ranges checked and normalized: positions closer to 0 than 1e-9 degree are 0
 * (kernel/graphql-types.ts `normalizeDegrees`), so a denormal such as 5e-324 cannot underflow PostgreSQL's spatial
 * arithmetic (earthdistance), and -0 is 0. REST's `[lat, lng]` and `{lat, lng}` are checked by the bridge first, with
 * the messages REST clients know (rest-bridge/wire.ts).
 */
export function point(p: GeoPointInput | undefined | null, field: string): { lat: number; lng: number } {
  if (!p) throw invalid(field, 'is required');
  const lat = finite(p.latitude, `${field}.latitude`);
  const lng = finite(p.longitude, `${field}.longitude`);
  if (lat < -90 || lat > 90) throw invalid(`${field}.latitude`, 'must be between -90 and 90');
  if (lng < -180 || lng > 180) throw invalid(`${field}.longitude`, 'must be between -180 and 180');
  return { lat: normalizeDegrees(lat), lng: normalizeDegrees(lng) };
}

/** An ISO 4217 currency the reference rates cover (upper-cased); `fallback` when absent. */
export function currency(value: string | null | undefined, field: string, fallback: string): string {
  if (value === undefined || value === null) return fallback;
  const c = value.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(c)) throw invalid(field, 'must be an ISO 4217 currency code such as USD');
  if (!isQuotable(c)) throw invalid(field, `no reference exchange rate for ${c}`);
  return c;
}

/** A vehicle type: letters, digits, `_` and `-`, upper-cased. */
export function vehicleType(value: string | null | undefined, field: string, required = false): string | undefined {
  if (value === undefined || value === null || value === '') {
    if (required) throw invalid(field, 'is required');
    return undefined;
  }
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(value)) throw invalid(field, 'must be 1–40 letters, digits, _ or -, starting with a letter');
  return value.toUpperCase();
}
