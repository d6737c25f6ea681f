/**
 * The zone source of LSP coverage areas (docs/utilities.md "Zones"; docs/orders.md "Coverage"): for a DELIVERY zone,
 * the ACTIVE coverage areas of the workspace's LSPs that serve the place, by the one rule operators and quotes read
 * too (domain/coverage.ts), over the utilities' own event-fed copy of the LSP network (domain/network-copy, tables
 * network_* in the utilities schema). When several serve it, the first by LSP code then area code answers. Other
 * services, or no area: the next source (the default zoning).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { areaRadiusKm, areaServes, placeAt, type Place } from '../../../domain/coverage.js';
import { readNetwork } from '../../../domain/network-copy/sync.js';
import { nowDate } from '../../../kernel/clock.js';
import type { Located } from '../common/places.js';
import { ZoneServiceType, ZoneType } from './enums.js';
import type { ZoneSource } from './zoning.js';

/** A located place as the coverage rules read it (its matched city among its names). */
export const placeOfLocated = (p: Located): Place => placeAt(p.lat, p.lng, p.country?.code, [p.city?.name, p.matchedName]);

export const lspZoning: ZoneSource = {
  name: 'LSP',
  async zoneFor(place, serviceType, workspaceId, em?: EntityManager) {
    if (serviceType !== ZoneServiceType.DELIVERY || !em) return undefined;
    const network = await readNetwork(em, 'utilities', workspaceId, { kind: 'AREA' });
    if (!network.coverage.length) return undefined;
    const at = nowDate();
    const p = placeOfLocated(place);
    const r = network.coverage
      .filter((record) => areaServes(record, p, at, (id) => network.points.get(id)))
      .sort((x, y) => x.icode.localeCompare(y.icode) || String(x.code).localeCompare(String(y.code)))[0];
    if (!r) return undefined;
    const country = (typeof r.country === 'string' ? r.country : place.country?.code) ?? '';
    return {
      id: `lsp:${r.id}`,
      name: typeof r.name === 'string' ? r.name : r.id,
      type: ZoneType.LSP_AREA,
      source: 'LSP',
      coverage: {
        shape: 'COVERAGE_AREA',
        center: [place.lat, place.lng],
        radius: Array.isArray(r.cities) && (r.cities as unknown[]).length ? null : Math.round(areaRadiusKm(r) * 1000),
        country,
        region: typeof r.region === 'string' ? r.region : null,
        population: null,
      },
      lspCode: r.icode,
    };
  },
};
