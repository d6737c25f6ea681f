/**
 * Place location of the utilities family. A place is located, in order: by its coordinates (PRECISE); by its city in
 * the GeoNames gazetteer (STANDARD); by a city recognised in its free-text address (STANDARD); by its country's
 * representative point (ESTIMATE, dataSource FALLBACK). A named city that the gazetteer does not know, or a country
 * that is not one, cannot be located: UTILITY::INSUFFICIENT_DATA naming the field.
 */
import { AppError } from '../../../kernel/errors.js';
import type { GeoPointInput } from '../../../kernel/graphql-types.js';
import { PLACE_CONFIDENCE, SMALL_COUNTRY_KM2 } from './constants.js';
import { EstimateDataSource, type PlaceRole, type PlaceSource } from './enums.js';
import { LocationAccuracy } from '../../../domain/vocabulary.js';
import { MODEL_VERSION, type TransportMode } from '../../../domain/transport.js';
import { findCities, findCountry, modeDistance, timeZoneAt, type City, type Country, type ModeDistance } from '../../../domain/geography.js';
import { insufficient, invalid, optionalText, point } from './checks.js';
import type { EstimateMetadata, LocatedPlace } from './types.js';

export interface Located {
  role: PlaceRole;
  lat: number;
  lng: number;
  source: PlaceSource;
  accuracy: LocationAccuracy;
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
  coordinates?: GeoPointInput | null;
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

function fromCity(city: City, country: Country, role: PlaceRole, confidence: number): Located {
  return {
    role,
    lat: city.lat,
    lng: city.lng,
    source: 'GAZETTEER',
    accuracy: LocationAccuracy.STANDARD,
    confidence,
    country,
    city,
    matchedName: city.name,
  };
}

/** Picks the most populous match; ambiguous when the runner-up has more than a tenth of its population. */
function bestCity(matches: City[]): { city: City; ambiguous: boolean } {
  const [first, second] = matches;
  return { city: first, ambiguous: Boolean(second && second.population * 10 > first.population) };
}

/**
 * Locates a place. `field` is its REST path (e.g. `origin`); `countryRequired` is false only for ETA places.
 */
export function locate(place: PlaceLike | undefined | null, field: string, role: PlaceRole, countryRequired = true): Located {
  if (!place) throw invalid(field, 'is required');
  const country = resolveCountry(place.country, `${field}.country`, countryRequired);
  const address = optionalText(place.address, `${field}.address`, 300);
  const cityName = optionalText(place.city, `${field}.city`, 100);
  if (place.coordinates !== undefined && place.coordinates !== null) {
    const { lat, lng } = point(place.coordinates, `${field}.coordinates`);
    return { role, lat, lng, source: 'COORDINATES', accuracy: LocationAccuracy.PRECISE, confidence: PLACE_CONFIDENCE.COORDINATES, country };
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
    const parts = address
      .split(/[,\n]/)
      .map((p) => p.replace(/\b\d{3,}\b/g, '').trim())
      .filter(Boolean)
      .reverse();
    for (const part of parts) {
      const matches = findCities(part, country.code);
      if (matches.length) return fromCity(bestCity(matches).city, country, role, PLACE_CONFIDENCE.GAZETTEER_FROM_ADDRESS);
    }
  }
  return {
    role,
    lat: country.lat,
    lng: country.lng,
    source: 'COUNTRY_CENTROID',
    accuracy: LocationAccuracy.ESTIMATE,
    confidence: country.areaKm2 < SMALL_COUNTRY_KM2 ? PLACE_CONFIDENCE.COUNTRY_CENTROID_SMALL : PLACE_CONFIDENCE.COUNTRY_CENTROID,
    country,
    matchedName: country.name,
  };
}

const ACCURACY_RANK = { PRECISE: 2, STANDARD: 1, ESTIMATE: 0 } as const;

/** Metadata of an answer from its located places: worst accuracy, least confidence × model factor, FALLBACK when a centroid was used. */
export function metadataOf(places: Located[], calculatedAt: Date, opts: { factor?: number; disclaimer?: string } = {}): EstimateMetadata {
  const accuracy = places.reduce<LocationAccuracy>((worst, p) => (ACCURACY_RANK[p.accuracy] < ACCURACY_RANK[worst] ? p.accuracy : worst), LocationAccuracy.PRECISE);
  const confidence = Math.min(...places.map((p) => p.confidence), 1) * (opts.factor ?? 1);
  return {
    accuracy,
    confidence: Math.round(confidence * 100) / 100,
    dataSource: places.some((p) => p.source === 'COUNTRY_CENTROID') ? EstimateDataSource.FALLBACK : EstimateDataSource.HYBRID,
    calculatedAt,
    disclaimer: opts.disclaimer ?? null,
    locations: places.map(describe),
    modelVersion: MODEL_VERSION,
  };
}

function describe(p: Located): LocatedPlace {
  p.timeZone ??= timeZoneAt(p.lat, p.lng);
  return {
    role: p.role,
    latitude: p.lat,
    longitude: p.lng,
    source: p.source,
    accuracy: p.accuracy,
    confidence: p.confidence,
    country: p.country?.code ?? null,
    matchedName: p.matchedName ?? null,
    timeZone: p.timeZone,
  };
}

/** The distance between two located places by a mode; no maritime route between them is CALCULATION_FAILED. */
export function distanceBy(a: Located, b: Located, mode: TransportMode, field = 'destination'): ModeDistance {
  const d = modeDistance(a, b, mode);
  if (!d) throw new AppError('UTILITY::CALCULATION_FAILED', `${field}: no maritime route joins these places`, field);
  return d;
}
