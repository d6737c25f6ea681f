import type { SubgraphDefinition } from '../../kernel/subgraph.js';
import { Fleet, ParkingFacility, Vehicle } from './fleets/entities.js';
import { FleetResolver, ParkingResolver, VehicleResolver } from './fleets/resolvers.js';
import { Hub, Warehouse } from './facilities/entities.js';
import { Agent, AgentInvitation, AgentVehicle } from './agents/entities.js';
import { migrations } from './migrations/index.js';

/**
 * The LSP subgraph: coverage, fleets, vehicles, parking, warehouses, hubs, pricing and agents of logistics providers.
 * Each area is a folder of the same shape (entities, types, service, resolvers); `common/` holds what they share.
 */
export const lspSubgraph: SubgraphDefinition = {
  name: 'lsp',
  resolvers: [FleetResolver, VehicleResolver, ParkingResolver],
  database: {
    entities: [Fleet, Vehicle, ParkingFacility, Warehouse, Hub, Agent, AgentVehicle, AgentInvitation],
    migrations,
    migrationsPath: 'subgraphs/lsp/migrations',
  },
};
