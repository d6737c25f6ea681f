import 'reflect-metadata';
import { afterEach, describe, expect, it } from 'vitest';
import { LocationAccuracy } from '../../domain/vocabulary.js';
import { ZoneServiceType, ZoneType } from '../../subgraphs/utilities/geo/enums.js';
import { countryByCode } from '../../domain/geography.js';
import type { Located } from '../../subgraphs/utilities/common/places.js';
import type { Zone } from '../../subgraphs/utilities/geo/types.js';
import { defaultZoning, ZONE_SOURCES, zoneOf, type ZoneSource } from '../../subgraphs/utilities/geo/zoning.js';

/**
 * subgraphs/utilities/geo/zoning.ts (docs/utilities.md, "Zones"): CITY within 2 km + 0.01 km × √population (at most 40 km)
 * of a city of 15,000+ people of the place's country; METRO within 2.5 × that of a city of 500,000+; REGION of the
 * nearest gazetteer place within 150 km; COUNTRY otherwise. Radii are worked by hand from GeoNames populations:
 * Nairobi 2,750,547 → 2 + 16.5848 = 18.5848 km (18,585 m; metro 46,462 m); Strasbourg 274,845 → 7.2426 km (7,243 m);
 * Shanghai 22,315,474 → 49.2 km, capped at 40 km.
 */
const place = (lat: number, lng: number, country?: string): Located => ({
  role: 'location',
  lat,
  lng,
  source: 'COORDINATES',
  accuracy: LocationAccuracy.PRECISE,
  confidence: 0.95,
  country: country ? countryByCode(country) : undefined,
});
const zone = (lat: number, lng: number, country?: string) => defaultZoning.zoneFor(place(lat, lng, country), ZoneServiceType.DELIVERY, 'ws') as Zone | undefined;

const NAIROBI = { lat: -1.28333, lng: 36.81667 };

describe('default zoning', () => {
  it('Nairobi city centre is the CITY zone of Nairobi, radius 18,585 m', () => {
    expect(zone(NAIROBI.lat, NAIROBI.lng, 'KE')).toEqual({
      id: 'city:184745',
      name: 'Nairobi',
      type: ZoneType.CITY,
      source: 'DEFAULT',
      coverage: { shape: 'CIRCLE', center: [NAIROBI.lat, NAIROBI.lng], radius: 18_585, country: 'KE', region: 'KE.05', population: 2_750_547 },
    });
  });

  it('33 km north of Nairobi (outside 18.6 km, inside 46.5 km) is the METRO zone of Nairobi', () => {
    expect(zone(NAIROBI.lat + 0.3, NAIROBI.lng, 'KE')).toEqual({
      id: 'metro:184745',
      name: 'Nairobi metropolitan area',
      type: ZoneType.METRO,
      source: 'DEFAULT',
      coverage: { shape: 'CIRCLE', center: [NAIROBI.lat, NAIROBI.lng], radius: 46_462, country: 'KE', region: 'KE.05', population: 2_750_547 },
    });
  });

  it('11 km south of Strasbourg (274,845 people: under 500,000, so no metro zone) and near small villages only: the REGION', () => {
    // inside 2.5 × 7.24 km of Strasbourg, and 2.2 km from Plobsheim (3,829 people, too small for a CITY zone)
    expect(zone(48.58392 - 0.1, 7.74553, 'FR')).toMatchObject({ id: 'region:FR.44', name: 'Grand Est', type: ZoneType.REGION });
  });

  it('a town under 15,000 people has no CITY zone, even at its centre (Longyearbyen, 2,060 people)', () => {
    expect(zone(78.22334, 15.64689, 'SJ')).toMatchObject({ id: 'region:SJ.21', name: 'Svalbard', type: ZoneType.REGION });
  });

  it('55.6 km south of Nairobi, beyond its 46.5 km metro circle: the REGION, not the metro', () => {
    expect(zone(NAIROBI.lat - 0.5, NAIROBI.lng, 'KE')).toMatchObject({ id: 'region:KE.19', name: 'Kajiado County', type: ZoneType.REGION });
  });

  it('a city circle is at most 40 km (Shanghai)', () => {
    const z = zone(31.22222, 121.45806, 'CN')!;
    expect([z.id, z.type, z.coverage.radius]).toEqual(['city:1796236', ZoneType.CITY, 40_000]);
  });

  it("only cities of the place's own country: 4 km north of Kehl is in Strasbourg's circle, but a German place is not", () => {
    // Strasbourg (FR) is 5.83 km away (inside its 7.24 km); Kehl (DE) 4.00 km (outside its 3.84 km)
    expect(zone(48.6089, 7.81523)).toMatchObject({ id: 'city:2973783', name: 'Strasbourg', type: ZoneType.CITY, coverage: { radius: 7_243, country: 'FR' } });
    expect(zone(48.6089, 7.81523, 'DE')).toEqual({
      id: 'region:DE.01',
      name: 'Baden-Wurttemberg',
      type: ZoneType.REGION,
      source: 'DEFAULT',
      coverage: { shape: 'ADMIN_AREA', center: [48.6089, 7.81523], radius: null, country: 'DE', region: 'DE.01', population: null },
    });
  });

  it('far from any city of 15,000+ (the Algerian Sahara) is the REGION of the nearest gazetteer place', () => {
    expect(zone(23.5, 5.5, 'DZ')).toEqual({
      id: 'region:DZ.53',
      name: 'Tamanrasset',
      type: ZoneType.REGION,
      source: 'DEFAULT',
      coverage: { shape: 'ADMIN_AREA', center: [23.5, 5.5], radius: null, country: 'DZ', region: 'DZ.53', population: null },
    });
  });

  it("with no gazetteer place within 150 km, the place's COUNTRY", () => {
    expect(zone(-30, -150, 'US')).toEqual({
      id: 'country:US',
      name: 'United States',
      type: ZoneType.COUNTRY,
      source: 'DEFAULT',
      coverage: { shape: 'COUNTRY', center: [38, -97], radius: null, country: 'US', region: null, population: null },
    });
  });

  it('mid-Pacific without a country has no zone', () => {
    expect(zone(0, -140)).toBeUndefined();
  });
});

describe('zone sources', () => {
  const original = [...ZONE_SOURCES];
  afterEach(() => {
    ZONE_SOURCES.splice(0, ZONE_SOURCES.length, ...original);
  });

  it('today there is one source, the default zoning', () => {
    expect(ZONE_SOURCES.map((s) => s.name)).toEqual(['DEFAULT']);
  });

  it('the first source that answers wins; one that answers undefined lets the next answer; each gets the service and workspace', async () => {
    const asked: string[] = [];
    const lsp: Zone = {
      id: 'lsp:1',
      name: 'LSP area',
      type: ZoneType.CITY,
      source: 'LSP',
      coverage: { shape: 'CIRCLE', center: [NAIROBI.lat, NAIROBI.lng], radius: 1, country: 'KE', region: null, population: null },
    };
    const silent: ZoneSource = { name: 'SILENT', zoneFor: (_p, service, ws) => void asked.push(`silent ${service} ${ws}`) };
    const answering: ZoneSource = {
      name: 'LSP',
      zoneFor: async (_p, service, ws) => {
        asked.push(`lsp ${service} ${ws}`);
        return lsp;
      },
    };
    ZONE_SOURCES.unshift(silent, answering);
    expect(await zoneOf(place(NAIROBI.lat, NAIROBI.lng, 'KE'), ZoneServiceType.WAREHOUSE, 'ws-1')).toBe(lsp);
    expect(asked).toEqual(['silent WAREHOUSE ws-1', 'lsp WAREHOUSE ws-1']);
  });

  it('when no source answers there is no zone; otherwise the default zoning answers after silent sources', async () => {
    ZONE_SOURCES.unshift({ name: 'SILENT', zoneFor: () => undefined });
    expect((await zoneOf(place(NAIROBI.lat, NAIROBI.lng, 'KE'), ZoneServiceType.DELIVERY, 'ws'))?.id).toBe('city:184745');
    expect(await zoneOf(place(0, -140), ZoneServiceType.DELIVERY, 'ws')).toBeUndefined();
  });
});
