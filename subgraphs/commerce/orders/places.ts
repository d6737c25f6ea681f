/**
 * Stops as places (docs/orders.md "Waypoints"): the country of a stop's coordinates is checked against the country
 * its address gives, and a stop is located for coverage (its country and the names of the cities it is in) with the
 * utilities' gazetteer, the same data the utilities' zones and distances read.
 */
import { validationError } from '../../../kernel/errors.js';
import { Memo } from '../../../kernel/memo.js';
import { citiesNear, findCountry } from '../../../domain/geography.js';
import { placeAt, type Place } from '../../../domain/coverage.js';

/** A gazetteer place this near a point tells its country and city, km. */
export const NEAREST_PLACE_KM = 50;

/** The ISO code of a country given by code or English name; VALIDATION_ERROR naming `field` when unknown. */
export function countryCode(value: string, field: string): string {
  const c = findCountry(value.trim());
  if (!c) throw validationError(field, `"${value}" is not a country the platform knows (use an ISO 3166-1 code such as NL)`);
  return c.code;
}

/**
 * The country the gazetteer puts at a point: that of the nearest place within NEAREST_PLACE_KM; undefined far from
 * any (open sea, deserts), where no check is made.
 */
export function countryAt(lat: number, lng: number): string | undefined {
  return citiesNear(lat, lng, NEAREST_PLACE_KM)[0]?.city.country;
}

/** Coordinates in another country than the address gives: VALIDATION_ERROR naming `field` (near a border the nearest place decides). */
export function checkCountry(point: number[], country: string | null | undefined, field: string): void {
  if (!country) return;
  const at = countryAt(point[0], point[1]);
  if (at && at !== country) throw validationError(field, `[${point[0]}, ${point[1]}] is in ${at}, not in ${country} (the address's country)`);
}

/** Stops located lately (the gazetteer is fixed: a stop's place never changes), most recent last. */
const located = new Memo<string, Place>(5000);

/** A stop as coverage rules read it (domain/coverage.ts); remembered, since a client asks for operators often. */
export function placeOf(w: { coordinates: number[]; address?: string | null; country?: string | null }): Place {
  const key = `${w.coordinates[0]},${w.coordinates[1]}|${w.country ?? ''}|${w.address ?? ''}`;
  return located.of(key, () => locate(w));
}

function locate(w: { coordinates: number[]; address?: string | null; country?: string | null }): Place {
  const [lat, lng] = w.coordinates;
  // the parts of the address, house and postal numbers left out, may name the city
  const parts = (w.address ?? '').split(/[,\n]/).map((part) => part.replace(/\b\d{3,}\b/g, ''));
  return placeAt(lat, lng, w.country ?? countryAt(lat, lng), parts);
}
