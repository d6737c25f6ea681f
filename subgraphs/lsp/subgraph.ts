import type { SubgraphDefinition } from '../../kernel/subgraph.js';
import { RecordStampResolver } from './common/records.js';
import { Fleet, ParkingFacility, Vehicle } from './fleets/entities.js';
import { FleetResolver, ParkingResolver, VehicleAllocationResolver, VehicleResolver, fleetReferences } from './fleets/resolvers.js';
import { Hub, Warehouse } from './facilities/entities.js';
import { HubResolver, WarehouseResolver, siteReferences } from './facilities/resolvers.js';
import { AgentInvitationResolver, AgentResolver, AgentVehicleResolver, agentReferences } from './agents/resolvers.js';
import { Agent, AgentInvitation, AgentVehicle } from './agents/entities.js';
import { Coverage } from './coverage/entities.js';
import { CoverageAreaResolver, CoverageResolver, CoverageRouteResolver, coverageReferences } from './coverage/resolvers.js';
import { migrations } from './migrations/index.js';

/**
 * The LSP subgraph: coverage, fleets, vehicles, parking, warehouses, hubs, pricing and agents of logistics providers.
 * Each area is a folder of the same shape (enums, entities, types, service, resolvers); `common/` holds what they
 * share. Fleets, vehicles, parking facilities, warehouses, hubs, coverage areas and routes, and agents are entities
 * (`@key(fields: "id")`) that other subgraphs reference; each resolves batched and scoped to the caller.
 */
export const lspSubgraph: SubgraphDefinition = {
  name: 'lsp',
  resolvers: [
    CoverageAreaResolver,
    CoverageRouteResolver,
    CoverageResolver,
    FleetResolver,
    VehicleResolver,
    VehicleAllocationResolver,
    ParkingResolver,
    WarehouseResolver,
    HubResolver,
    AgentResolver,
    AgentVehicleResolver,
    AgentInvitationResolver,
    RecordStampResolver,
  ],
  referenceResolvers: { ...fleetReferences, ...siteReferences, ...coverageReferences, ...agentReferences },
  database: {
    entities: [Coverage, Fleet, Vehicle, ParkingFacility, Warehouse, Hub, Agent, AgentVehicle, AgentInvitation],
    migrations,
    migrationsPath: 'subgraphs/lsp/migrations',
  },
};
