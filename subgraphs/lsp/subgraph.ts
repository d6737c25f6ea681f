import type { SubgraphDefinition } from '../../kernel/subgraph.js';
import { Fleet, ParkingFacility, Vehicle } from './fleets/entities.js';
import { FleetResolver, ParkingResolver, VehicleResolver } from './fleets/resolvers.js';
import { Hub, Warehouse } from './facilities/entities.js';
import { HubResolver, WarehouseResolver } from './facilities/resolvers.js';
import { AgentResolver, AgentVehicleResolver } from './agents/resolvers.js';
import { Agent, AgentInvitation, AgentVehicle } from './agents/entities.js';
import { Coverage } from './coverage/entities.js';
import { CoverageAreaResolver, CoverageResolver, CoverageRouteResolver } from './coverage/resolvers.js';
import { migrations } from './migrations/index.js';

/**
 * The LSP subgraph: coverage, fleets, vehicles, parking, warehouses, hubs, pricing and agents of logistics providers.
 * Each area is a folder of the same shape (entities, types, service, resolvers); `common/` holds what they share.
 */
export const lspSubgraph: SubgraphDefinition = {
  name: 'lsp',
  resolvers: [CoverageAreaResolver, CoverageRouteResolver, CoverageResolver, FleetResolver, VehicleResolver, ParkingResolver, WarehouseResolver, HubResolver, AgentResolver, AgentVehicleResolver],
  database: {
    entities: [Coverage, Fleet, Vehicle, ParkingFacility, Warehouse, Hub, Agent, AgentVehicle, AgentInvitation],
    migrations,
    migrationsPath: 'subgraphs/lsp/migrations',
  },
};
