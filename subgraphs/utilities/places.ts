/**
 * Input checks and place location of the utilities family.
 *
 * Every check fails with UTILITY::VALIDATION_FAILED naming the field by its REST path (`origin.country`,
 * `weight.value`, `pickup.coordinates`). A place is located, in order: by its coordinates (PRECISE); by its city in
 * the GeoNames gazetteer (STANDARD); by a city recognised in its free-text address (STANDARD); by its country's
 * representative point (ESTIMATE, dataSource FALLBACK). A named city that the gazetteer does not know, or a country
 * that is not one, cannot be located: UTILITY::INSUFFICIENT_DATA naming the field.
 */
import { AppError } from '../../kernel/errors.js';
import { normalizeDegrees } from '../../kernel/graphql-types.js';
import { PLACE_CONFIDENCE, SMALL_COUNTRY_KM2 } from './constants.js';
import { Accuracy, DataSource } from './enums.js';
import { countryByCode, findCities, findCountry, timeZoneAt, type City, type Country } from './geo.js';
import { isQuotable } from './money.js';
import type { LatLngInput, LocatedPlace, Metadata } from './types.js';

export const invalid = (field: string, reason: string) => new AppError('UTILITY::VALIDATION_FAILED', `${field}: ${reason}`, field);
export const insufficient = (field: string, reason: string) => new AppError('UTILITY::INSUFFICIENT_DATA', `${field}: ${reason}`, field);

/** Bump when a model constant changes (published in metadata.modelVersion and docs/utilities.md). */
export const MODEL_VERSION = 'utilities-2026.11';

// ---------------------------------------------------------------- scalar checks

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

// ---------------------------------------------------------------- places

export interface Located {
  role: string;
  lat: number;
  lng: number;
  source: 'COORDINATES' | 'GAZETTEER' | 'COUNTRY_CENTROID';
  accuracy: Accuracy;
  confidence: number;
  country: Country | undefined;
  city?: City;
  matchedName?: string;
  timeZone?: string;
}

interface PlaceLike {
  address?: string | null;
  city?: string | null;
  country?: string | null;
  coordinates?: number[] | null;
}

function resolveCountry(value: string | null | undefined, field: string, required: boolean): Country | undefined {
  if (value === undefined || value === null) {
    if (required) throw invalid(field, 'is required');
    return undefined;
  }
  if (typeof value !== 'string' || !value.trim()) throw invalid(field, 'must not be empty');
  if (value.length > 64) throw invalid(field, 'must be at most 64 characters');
  const country = findCountry(value);
  if (!country) throw insufficient(field, `"${value}" is not a country the platform knows (use an ISO 3166-1 code or an English name)`);
  return country;
}

function fromCity(city: City, country: Country, role: string, confidence: number): Located {
  return {
    role, lat: city.lat, lng: city.lng, source: 'GAZETTEER', accuracy: Accuracy.STANDARD, confidence, country, city, matchedName: city.name,
  };
}

/** Picks the most populous match; ambiguous when the runner-up has more than a tenth of its population. */
function bestCity(matches: City[]): { city: City; ambiguous: boolean } {
  const [first, second] = matches;
  return { city: first!, ambiguous: Boolean(second && second.population * 10 > first!.population) };
}

/**
 * Locates a place. `field` is its REST path (e.g. `origin`); `countryRequired` is false only for ETA places.
 */
export function locate(place: PlaceLike | undefined | null, field: string, role: string, countryRequired = true): Located {
  if (!place) throw invalid(field, 'is required');
  const country = resolveCountry(place.country, `${field}.country`, countryRequired);
  const address = optionalText(place.address, `${field}.address`, 300);
  const cityName = optionalText(place.city, `${field}.city`, 100);
  if (place.coordinates !== undefined && place.coordinates !== null) {
    const { lat, lng } = coordinates(place.coordinates, `${field}.coordinates`);
    return { role, lat, lng, source: 'COORDINATES', accuracy: Accuracy.PRECISE, confidence: PLACE_CONFIDENCE.COORDINATES, country };
  }
  if (!country) {
    throw invalid(`${field}.coordinates`, cityName || address ? 'is required (or give the country of the city)' : 'is required');
  }
  if (cityName) {
    const matches = findCities(cityName, country.code);
    if (!matches.length) throw insufficient(`${field}.city`, `"${cityName}" is not a place the gazetteer knows in ${country.name}`);
    const { city, ambiguous } = bestCity(matches);
    return fromCity(city, country, role, ambiguous ? PLACE_CONFIDENCE.GAZETTEER_AMBIGUOUS : PLACE_CONFIDENCE.GAZETTEER);
  }
  if (address) {
    // the last parts of an address are usually the most general ("1 Main St, Westlands, Nairobi"): try them first
    const parts = address.split(/[,\n]/).map((p) => p.replace(/\b\d{3,}\b/g, '').trim()).filter(Boolean).reverse();
    for (const part of parts) {
      const matches = findCities(part, country.code);
      if (matches.length) return fromCity(bestCity(matches).city, country, role, PLACE_CONFIDENCE.GAZETTEER_FROM_ADDRESS);
    }
  }
  return {
    role, lat: country.lat, lng: country.lng, source: 'COUNTRY_CENTROID', accuracy: Accuracy.ESTIMATE,
    confidence: country.areaKm2 < SMALL_COUNTRY_KM2 ? PLACE_CONFIDENCE.COUNTRY_CENTROID_SMALL : PLACE_CONFIDENCE.COUNTRY_CENTROID,
    country, matchedName: country.name,
  };
}

/** The country of a located place, from the field or (coordinates without country) none. */
export const countryCode = (p: Located): string | undefined => p.country?.code;

const ACCURACY_RANK = { PRECISE: 2, STANDARD: 1, ESTIMATE: 0 } as const;

/** Metadata of an answer from its located places: worst accuracy, least confidence × model factor, FALLBACK when a centroid was used. */
export function metadataOf(places: Located[], calculatedAt: Date, opts: { factor?: number; disclaimer?: string } = {}): Metadata {
  const accuracy = places.reduce<Accuracy>((worst, p) => (ACCURACY_RANK[p.accuracy] < ACCURACY_RANK[worst] ? p.accuracy : worst), Accuracy.PRECISE);
  const confidence = Math.min(...places.map((p) => p.confidence), 1) * (opts.factor ?? 1);
  return {
    accuracy,
    confidence: Math.round(confidence * 100) / 100,
    dataSource: places.some((p) => p.source === 'COUNTRY_CENTROID') ? DataSource.FALLBACK : DataSource.HYBRID,
    calculatedAt: unix(calculatedAt),
    disclaimer: opts.disclaimer ?? null,
    locations: places.map(describe),
    modelVersion: MODEL_VERSION,
  };
}

function describe(p: Located): LocatedPlace {
  p.timeZone ??= timeZoneAt(p.lat, p.lng);
  return {
    role: p.role, lat: p.lat, lng: p.lng, source: p.source, accuracy: p.accuracy, confidence: p.confidence,
    country: p.country?.code ?? null, matchedName: p.matchedName ?? null, timeZone: p.timeZone,
  };
}

export { countryByCode };
