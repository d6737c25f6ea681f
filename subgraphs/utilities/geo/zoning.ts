/**
 * Zones. `zoneOf` (the `zoneAssignment` query) asks each zone source in turn and takes the first answer. Today there is one source, the
 * platform's default zoning over the GeoNames gazetteer (constants ZONING):
 *
 *   CITY    within the radius of a city of 15,000+ people (2 km + 0.01 km × √population, at most 40 km);
 *   METRO   within 2.5 × that radius of a city of 500,000+ people;
 *   REGION  the first-level division (GeoNames admin1) of the nearest gazetteer place within 150 km, in the
 *           location's country;
 *   COUNTRY otherwise.
 *
 * First comes the LSP coverage areas' source (lsp-zoning.ts): the ACTIVE coverage areas of the workspace's LSPs,
 * read from the utilities' event-fed copy of them (never the lsp tables); its zones carry `source: 'LSP'`.
 */
import { ZONING } from '../common/constants.js';
import { ZoneServiceType, ZoneType } from './enums.js';
import { citiesNear, countryByCode, regionName, type City } from '../../../domain/geography.js';
import type { Located } from '../common/places.js';
import type { Zone } from './types.js';
import type { EntityManager } from '@mikro-orm/postgresql';

export interface ZoneSource {
  name: string;
  /** The zone of a located place for a service, or undefined to let the next source answer. */
  zoneFor(place: Located, serviceType: ZoneServiceType, workspaceId: string, em?: EntityManager): Promise<Zone | undefined> | Zone | undefined;
}

const cityRadiusKm = (c: City) => Math.min(ZONING.cityMaxKm, ZONING.cityBaseKm + ZONING.cityKmPerSqrtPop * Math.sqrt(c.population));

export const defaultZoning: ZoneSource = {
  name: 'DEFAULT',
  zoneFor(place) {
    const country = place.country?.code;
    const sameCountry = (c: City) => !country || c.country === country;
    const near = citiesNear(place.lat, place.lng, ZONING.cityMaxKm * ZONING.metroFactor, (c) => c.population >= ZONING.cityMinPopulation && sameCountry(c));
    const city = near.find(({ city: c, km }) => km <= cityRadiusKm(c));
    if (city) {
      const c = city.city;
      return {
        id: `city:${c.id}`,
        name: c.name,
        type: ZoneType.CITY,
        source: 'DEFAULT',
        coverage: { shape: 'CIRCLE', center: [c.lat, c.lng], radius: Math.round(cityRadiusKm(c) * 1000), country: c.country, region: `${c.country}.${c.admin1}`, population: c.population },
      };
    }
    const metro = near.find(({ city: c, km }) => c.population >= ZONING.metroMinPopulation && km <= cityRadiusKm(c) * ZONING.metroFactor);
    if (metro) {
      const c = metro.city;
      return {
        id: `metro:${c.id}`,
        name: `${c.name} metropolitan area`,
        type: ZoneType.METRO,
        source: 'DEFAULT',
        coverage: {
          shape: 'CIRCLE',
          center: [c.lat, c.lng],
          radius: Math.round(cityRadiusKm(c) * ZONING.metroFactor * 1000),
          country: c.country,
          region: `${c.country}.${c.admin1}`,
          population: c.population,
        },
      };
    }
    const nearest = citiesNear(place.lat, place.lng, ZONING.regionMaxKm, sameCountry)[0];
    if (nearest && nearest.city.admin1) {
      const c = nearest.city;
      const code = `${c.country}.${c.admin1}`;
      return {
        id: `region:${code}`,
        name: regionName(c.country, c.admin1) ?? `Region ${code}`,
        type: ZoneType.REGION,
        source: 'DEFAULT',
        coverage: { shape: 'ADMIN_AREA', center: [place.lat, place.lng], radius: null, country: c.country, region: code, population: null },
      };
    }
    const code = country ?? nearest?.city.country;
    const info = code ? countryByCode(code) : undefined;
    if (!info) return undefined;
    return {
      id: `country:${info.code}`,
      name: info.name,
      type: ZoneType.COUNTRY,
      source: 'DEFAULT',
      coverage: { shape: 'COUNTRY', center: [info.lat, info.lng], radius: null, country: info.code, region: null, population: null },
    };
  },
};

/** Sources asked in order: the LSP coverage areas (lsp-zoning.ts, registered by the subgraph), then the default zoning. */
export const ZONE_SOURCES: ZoneSource[] = [defaultZoning];

export async function zoneOf(place: Located, serviceType: ZoneServiceType, workspaceId: string, em?: EntityManager): Promise<Zone | undefined> {
  for (const source of ZONE_SOURCES) {
    const zone = await source.zoneFor(place, serviceType, workspaceId, em);
    if (zone) return zone;
  }
  return undefined;
}
