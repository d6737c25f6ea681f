/**
 * Input checks of the utilities family. Every check fails with UTILITY::VALIDATION_FAILED naming the field by its
 * REST path (`origin.country`, `weight.value`, `pickup.coordinates`); a place that cannot be located is
 * UTILITY::INSUFFICIENT_DATA (places.ts).
 */
import { AppError } from '../../../kernel/errors.js';
import { normalizeDegrees } from '../../../kernel/graphql-types.js';
import { isQuotable } from './money.js';
import type { LatLngInput } from './types.js';

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
 * Positions closer to 0 than 1e-9 degree are 0 (kernel/graphql-types.ts `normalizeDegrees`): a denormal such as
 * 5e-324 would underflow PostgreSQL's spatial arithmetic (earthdistance); -0 becomes 0.
 */
export function latLng(lat: unknown, lng: unknown, field: string): { lat: number; lng: number } {
  const la = finite(lat, `${field}.lat`);
  const ln = finite(lng, `${field}.lng`);
  if (la < -90 || la > 90) throw invalid(`${field}.lat`, 'latitude must be between -90 and 90');
  if (ln < -180 || ln > 180) throw invalid(`${field}.lng`, 'longitude must be between -180 and 180');
  return { lat: normalizeDegrees(la), lng: normalizeDegrees(ln) };
}

export const point = (p: LatLngInput | undefined | null, field: string) => {
  if (!p) throw invalid(field, 'is required');
  return latLng(p.lat, p.lng, field);
};

/** `[lat, lng]` coordinates. */
export function coordinates(c: number[], field: string): { lat: number; lng: number } {
  if (!Array.isArray(c) || c.length !== 2) throw invalid(field, 'must be [lat, lng]');
  const [lat, lng] = c;
  if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) throw invalid(field, 'latitude (first number) must be between -90 and 90');
  if (typeof lng !== 'number' || !Number.isFinite(lng) || lng < -180 || lng > 180) throw invalid(field, 'longitude (second number) must be between -180 and 180');
  return { lat: normalizeDegrees(lat), lng: normalizeDegrees(lng) };
}

/** A Unix timestamp in seconds (milliseconds accepted: values of 10^12 or more), as a Date; default now. */
export function timestamp(value: number | null | undefined, field: string, now: Date): Date {
  if (value === undefined || value === null) return now;
  const n = finite(value, field);
  const seconds = Math.abs(n) >= 1e12 ? n / 1000 : n;
  if (seconds < 0 || seconds > 32_503_680_000) throw invalid(field, 'must be a Unix timestamp in seconds between 1970 and 3000');
  return new Date(Math.round(seconds * 1000));
}

export const unix = (d: Date) => Math.floor(d.getTime() / 1000);

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
