import type { SubgraphDefinition } from '../../kernel/subgraph.js';
import { preloadReferenceData } from '../../domain/reference-data.js';
import { FaresResolver } from './fares/resolvers.js';
import { GeoResolver } from './geo/resolvers.js';
import { migrations } from './migrations/index.js';
import { LiveVehiclePositionRecord } from './nearby/entities.js';
import { startDevicePositionSync, startFleetSync } from './nearby/fleet-sync.js';
import { NetworkCoverage, NetworkPricing } from '../../domain/network-copy/entities.js';
import { startNetworkSync } from '../../domain/network-copy/sync.js';
import { ZONE_SOURCES } from './geo/zoning.js';
import { lspZoning } from './geo/lsp-zoning.js';
import { NearbyResolver } from './nearby/resolvers.js';
import { OrderTrackingVehicle, trackingVehicleReference } from './nearby/tracking.js';

/**
 * The utilities subgraph (spec group 15): fares (fares/), distance, zones and arrival times (geo/), nearby vehicles
 * and the live vehicle-position store with the tracked orders' vehicles (nearby/); common/ holds what the areas share (scope, places, units, money).
 */
export const utilitiesSubgraph: SubgraphDefinition = {
  name: 'utilities',
  resolvers: [FaresResolver, GeoResolver, NearbyResolver],
  // the vehicle of a tracked order: commerce names it (OrderTracking.vehicle), this family resolves it
  orphanedTypes: [OrderTrackingVehicle],
  referenceResolvers: { OrderTrackingVehicle: trackingVehicleReference },
  // queries that store nothing: an explicit null in an input is the same as leaving the field out
  nullMeansAbsent: true,
  database: {
    entities: [LiveVehiclePositionRecord, NetworkCoverage, NetworkPricing],
    migrations,
    migrationsPath: 'subgraphs/utilities/migrations',
    extensions: ['cube', 'earthdistance', 'btree_gist'],
  },
  preload: preloadReferenceData,
  onStart: (orm, _config, log) => {
    if (!ZONE_SOURCES.includes(lspZoning)) ZONE_SOURCES.unshift(lspZoning);
    const stopFleet = startFleetSync(orm, log);
    const stopDevices = startDevicePositionSync(orm, log);
    const stopNetwork = startNetworkSync(orm, log, 'utilities.network', 'utilities', ['lsp.coverage', 'lsp.facility']);
    return async () => void (await Promise.all([stopFleet(), stopDevices(), stopNetwork()]));
  },
};
