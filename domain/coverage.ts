/**
 * What "covered" means, once, for everyone who sells or describes an LSP's coverage: the commerce family's operators
 * and quotes (subgraphs/commerce) and the utilities' zone answers read these rules over their own event-fed copies of
 * the `lsp.coverage` records (docs/orders.md "Coverage"). Pure: no I/O; the caller locates places.
 *
 * - An **area** serves a place when it is ACTIVE, runs that day, is in the place's country (when both are known),
 *   and the place is in one of its `cities` (by name) or within its `radius` (default LINK_RADIUS_KM) of one of its
 *   `linkedTo` points.
 * - A **route** serves a leg (a pickup and a later dropoff) when it is ACTIVE, runs that day, its origin is within
 *   ROUTE_END_KM of the pickup and its destination within ROUTE_END_KM of the dropoff (or names its city).
 * - A record with `schedules` runs on their `operatingDays` (in each schedule's time zone); without, every day.
 */
import { citiesNear, greatCircleKm, localTime, normalizeName } from './geography.js';

/** Radius around a linked point when the area gives none, km. */
export const LINK_RADIUS_KM = 25;
/** How near a route's end must be to a stop, km. */
export const ROUTE_END_KM = 25;
const KM_PER = { km: 1, mi: 1.609344 } as Record<string, number>;
const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

/** A gazetteer place this near a point names one of the cities the point is in, km. */
export const CITY_KM = 15;

/** A stop, located by the caller: its point, its country (ISO 3166-1 alpha-2) and the city names it may be in. */
export interface Place {
  lat: number;
  lng: number;
  country?: string;
  /** Normalized names (geography `normalizeName`) of the cities the place is in or names. */
  cities: string[];
}

/**
 * A point as the rules read it: its country, and as its cities the gazetteer places within CITY_KM plus the `names`
 * the caller knows it by (an address's parts, a matched city), normalized.
 */
export function placeAt(lat: number, lng: number, country: string | undefined, names: (string | null | undefined)[] = []): Place {
  const cities = new Set<string>(citiesNear(lat, lng, CITY_KM).map(({ city }) => normalizeName(city.name)));
  for (const name of names) {
    const n = name ? normalizeName(name) : '';
    if (n) cities.add(n);
  }
  return { lat, lng, country, cities: [...cities] };
}

type Json = Record<string, unknown>;
/** A point of the LSP's network named by id (a hub or warehouse a link or a route end names). */
export type PointOf = (id: string) => [number, number] | undefined;

const pointIn = (v: unknown): [number, number] | undefined => (Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number') ? [v[0], v[1]] : undefined);

/** Whether the record runs on the day of `at` (see above). */
export function runsOn(record: Json, at: Date): boolean {
  const schedules = Array.isArray(record.schedules) ? (record.schedules as Json[]) : [];
  const withDays = schedules.filter((s) => Array.isArray(s.operatingDays) && (s.operatingDays as unknown[]).length);
  if (!withDays.length) return true;
  return withDays.some((s) => {
    const zone = ((s.departureTimes as Json[] | undefined)?.[0]?.timezone as string | undefined) ?? 'UTC';
    let weekday: number;
    try {
      weekday = localTime(at, zone).weekday;
    } catch {
      weekday = at.getUTCDay();
    }
    return (s.operatingDays as string[]).includes(WEEKDAYS[weekday]);
  });
}

/** The point of a link, transit point or route end: its address's coordinates, else the network point it names. */
function endPoint(end: unknown, pointOf: PointOf): [number, number] | undefined {
  if (!end || typeof end !== 'object') return undefined;
  const e = end as Json;
  return pointIn((e.address as Json | null | undefined)?.coordinates) ?? (typeof e.id === 'string' ? pointOf(e.id) : undefined);
}

const cityOf = (end: unknown): string | undefined => {
  const city = ((end as Json | null | undefined)?.address as Json | null | undefined)?.city;
  return typeof city === 'string' ? normalizeName(city) : undefined;
};

const near = (p: [number, number] | undefined, place: Place, km: number) => Boolean(p && greatCircleKm(p[0], p[1], place.lat, place.lng) <= km);

/** The radius around an area's linked points, km: its `radius` (km or mi), else LINK_RADIUS_KM. */
export function areaRadiusKm(area: Json): number {
  const radius = area.radius as { value?: number; unit?: string } | null | undefined;
  return radius?.value ? radius.value * (KM_PER[radius.unit ?? 'km'] ?? 1) : LINK_RADIUS_KM;
}

/** Whether an ACTIVE coverage area serves a place at `at`. */
export function areaServes(area: Json, place: Place, at: Date, pointOf: PointOf = () => undefined): boolean {
  if (area.kind !== 'AREA' || area.status !== 'ACTIVE' || !runsOn(area, at)) return false;
  const country = typeof area.country === 'string' ? area.country.toUpperCase() : undefined;
  if (country && place.country && country !== place.country.toUpperCase()) return false;
  const cities = Array.isArray(area.cities) ? (area.cities as string[]).map(normalizeName) : [];
  if (cities.some((c) => place.cities.includes(c))) return true;
  const km = areaRadiusKm(area);
  const links = Array.isArray(area.linkedTo) ? (area.linkedTo as unknown[]) : [];
  return links.some((l) => near(endPoint(l, pointOf), place, km));
}

/** Whether an ACTIVE coverage route serves the leg from `pickup` to `dropoff` at `at`. */
export function routeServes(route: Json, pickup: Place, dropoff: Place, at: Date, pointOf: PointOf = () => undefined): boolean {
  if (route.kind !== 'ROUTE' || route.status !== 'ACTIVE' || !runsOn(route, at)) return false;
  const matches = (end: unknown, place: Place) => near(endPoint(end, pointOf), place, ROUTE_END_KM) || Boolean(cityOf(end) && place.cities.includes(cityOf(end)!));
  return matches(route.origin, pickup) && matches(route.destination, dropoff);
}

/** A stop of an order for coverage: its place and whether it is a pickup. */
export interface Stop {
  place: Place;
  pickup: boolean;
}

/**
 * Whether an LSP's coverage records serve every stop of an order: each stop is served by an area, or is an end of a
 * leg (a pickup and a later dropoff) that a route serves. No stops: not served.
 */
export function servesAll(records: Json[], stops: Stop[], at: Date, pointOf: PointOf = () => undefined): boolean {
  if (!stops.length) return false;
  const areas = records.filter((r) => r.kind === 'AREA');
  const routes = records.filter((r) => r.kind === 'ROUTE');
  const byRoute = new Set<number>();
  stops.forEach((from, i) => {
    if (!from.pickup) return;
    stops.forEach((to, j) => {
      if (j > i && !to.pickup && routes.some((r) => routeServes(r, from.place, to.place, at, pointOf))) {
        byRoute.add(i);
        byRoute.add(j);
      }
    });
  });
  return stops.every((s, i) => byRoute.has(i) || areas.some((a) => areaServes(a, s.place, at, pointOf)));
}
