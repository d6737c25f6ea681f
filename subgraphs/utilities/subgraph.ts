import type { SubgraphDefinition } from '../../kernel/subgraph.js';
import { LiveVehiclePositionRecord } from './entities.js';
import { preloadGeo } from './geo.js';
import { migrations } from './migrations/index.js';
import { preloadMoney } from './money.js';
import { UtilitiesResolver } from './resolvers.js';
import { startFleetSync } from './fleet-sync.js';

/** The utilities subgraph: fares, distance, zones, nearby vehicles, ETA (spec group 15) and the live vehicle-position store. */
export const utilitiesSubgraph: SubgraphDefinition = {
  name: 'utilities',
  resolvers: [UtilitiesResolver],
  // queries that store nothing: an explicit null in an input is the same as leaving the field out
  nullMeansAbsent: true,
  database: {
    entities: [LiveVehiclePositionRecord],
    migrations,
    migrationsPath: 'subgraphs/utilities/migrations',
  },
  onStart: (orm, _config, log) => {
    const t = Date.now();
    preloadMoney();
    preloadGeo();
    log.info({ ms: Date.now() - t }, 'reference data loaded (gazetteer, countries, time zones, maritime network, exchange rates)');
    return startFleetSync(orm, log);
  },
};
