/**
 * The zone source of LSP coverage areas (docs/utilities.md "Zones"; docs/orders.md "Coverage"): for a DELIVERY zone,
 * the ACTIVE coverage areas of the workspace's LSPs that serve the place, by the one rule operators and quotes read
 * too (lsp/coverage/serves.ts), over the utilities' own event-fed copy of the LSP network (lsp/network-copy, tables
 * network_* in the utilities schema). When several serve it, the first by LSP code then area code answers. Other
 * services, or no area: the next source (the default zoning).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { areaServes, LINK_RADIUS_KM, type Place } from '../../lsp/coverage/serves.js';
import { readNetwork } from '../../lsp/network-copy/sync.js';
import { nowDate } from '../../../kernel/clock.js';
import { citiesNear, normalizeName } from '../common/geography.js';
import type { Located } from '../common/places.js';
import { ZoneServiceType, ZoneType } from './enums.js';
import type { ZoneSource } from './zoning.js';

/** A gazetteer place this near a located place names one of the cities it is in, km (as for order stops). */
const CITY_KM = 15;

export function placeOfLocated(p: Located): Place {
  const cities = new Set<string>(citiesNear(p.lat, p.lng, CITY_KM).map(({ city }) => normalizeName(city.name)));
  if (p.city) cities.add(normalizeName(p.city.name));
  if (p.matchedName) cities.add(normalizeName(p.matchedName));
  return { lat: p.lat, lng: p.lng, country: p.country?.code, cities: [...cities] };
}

export const lspZoning: ZoneSource = {
  name: 'LSP',
  async zoneFor(place, serviceType, workspaceId, em?: EntityManager) {
    if (serviceType !== ZoneServiceType.DELIVERY || !em) return undefined;
    const network = await readNetwork(em, 'utilities', workspaceId, 'AREA');
    if (!network.coverage.length) return undefined;
    const at = nowDate();
    const p = placeOfLocated(place);
    const serving = network.coverage
      .filter((record) => areaServes(record, p, at, (id) => network.points.get(id)))
      .sort((x, y) => x.icode.localeCompare(y.icode) || String(x.code).localeCompare(String(y.code)))[0];
    if (!serving) return undefined;
    const r = serving;
    const radius = r.radius as { value?: number; unit?: string } | null | undefined;
    const radiusKm = radius?.value ? radius.value * (radius.unit === 'mi' ? 1.609344 : 1) : LINK_RADIUS_KM;
    const country = (typeof r.country === 'string' ? r.country : place.country?.code) ?? '';
    return {
      id: `lsp:${serving.id}`,
      name: typeof r.name === 'string' ? r.name : serving.id,
      type: ZoneType.LSP_AREA,
      source: 'LSP',
      coverage: {
        shape: 'COVERAGE_AREA',
        center: [place.lat, place.lng],
        radius: Array.isArray(r.cities) && (r.cities as unknown[]).length ? null : Math.round(radiusKm * 1000),
        country,
        region: typeof r.region === 'string' ? r.region : null,
        population: null,
      },
      lspCode: serving.icode,
    };
  },
};
