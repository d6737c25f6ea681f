import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { closedList } from './graphql-types.js';

/**
 * Cross-subgraph entity references (docs/graph-conventions.md, "Entities and references"). A subgraph that names
 * another family's entity returns one of these stubs: only the entity's key, which the owning subgraph resolves with
 * its `__resolveReference` (batched, scoped to the caller). The stubs are `resolvable: false`: this subgraph never
 * resolves them itself.
 */

/**
 * The descriptions of the referenced entities and their key fields: one text for the owner and for every stub, since
 * composition wants one description per element (`npm run schema:check` fails on a composition hint).
 */
export const ENTITY_DOCS = {
  user: 'A platform account. Every signed-in user may read the public fields of a user they may see (id, name, avatar, userType, verified, bio); the fields marked "owner only" are for the account\'s owner.',
  userId: "The user's identifier (a UUID), stable for the life of the account.",
  provider: 'A provider (LSP, CSP, DEV or IoTSP) set up in a workspace.',
  providerWorkspaceId: 'The workspace the provider belongs to (see `workspace`).',
  providerKind: 'The kind of provider (REST writes it in lower case).',
  providerName: 'Display name, 1–120 characters.',
  providerCode: "The provider's stable code, `<KIND>-<8 Crockford base32>` (e.g. LSP-7F3K9Q2M); unique on the platform, case-insensitive in REST paths (`:xcode`).",
  vehicle: 'A vehicle of a fleet.',
  vehicleId: 'Record identifier (a UUID).',
  agent: 'An agent of an LSP: a platform user who drives or delivers for it.',
  warehouse: 'A warehouse of an LSP (the facility create body plus pricing rules).',
  hub: 'A hub of an LSP (the facility create body plus pricing rules).',
  orderTrackingVehicle:
    'The vehicle carrying a tracked order while it is IN_TRANSIT (docs/orders.md "Tracking links"): its last reported position and the arrival estimate at the order\'s next dropoff. Named by the commerce family, resolved by the utilities family.',
  orderTrackingVehicleWorkspaceId: 'The workspace of the order and of the vehicle position (a key field, never shown to clients).',
  orderTrackingVehicleVehicleId: 'The LSP vehicle assigned to the order, as its position is reported (a key field, never shown to clients).',
  orderTrackingVehicleToLatitude: "Latitude of the order's next undelivered dropoff, degrees (a key field, never shown to clients).",
  orderTrackingVehicleToLongitude: "Longitude of the order's next undelivered dropoff, degrees (a key field, never shown to clients).",
} as const;

/** The four kinds of provider, as the graph writes them (REST paths write them in lower case: `/v1/:wid/lsp/...`). */
export const ProviderKind = closedList('ProviderKind', 'The kind of a provider: what it does in the workspace.', {
  LSP: 'Logistics service provider: fleets, warehouses, hubs, coverage and agents that carry goods.',
  CSP: 'Client service provider: a shop or marketplace whose customers order deliveries.',
  DEV: 'Developer provider: a team that builds integrations on the platform.',
  IOTSP: 'IoT service provider: devices and telemetry for vehicles and facilities.',
});
export type ProviderKind = keyof typeof ProviderKind;

/** Resolved by the users subgraph. */
@ObjectType('User', { description: ENTITY_DOCS.user })
@Directive('@key(fields: "id", resolvable: false)')
export class UserReference {
  @Field(() => ID, { description: ENTITY_DOCS.userId }) id!: string;
}

/** Resolved by the workspace subgraph. */
@ObjectType('Provider', { description: ENTITY_DOCS.provider })
@Directive('@key(fields: "workspaceId kind code", resolvable: false)')
export class ProviderReference {
  @Field(() => ID, { description: ENTITY_DOCS.providerWorkspaceId }) workspaceId!: string;
  @Field(() => ProviderKind, { description: ENTITY_DOCS.providerKind }) kind!: ProviderKind;
  @Field({ description: ENTITY_DOCS.providerCode }) code!: string;
}

/**
 * The provider stub of a subgraph that can also answer the provider's name where one of its fields `@provides` it
 * (commerce's `Quote.lsp`, from its copy of the LSPs' names: the gateway then needs no fetch from the workspace
 * subgraph for `lsp { code name }`). Elsewhere the name is still the workspace subgraph's (`@external`). A subgraph
 * uses this stub or ProviderReference, not both (one `Provider` type per schema).
 */
@ObjectType('Provider', { description: ENTITY_DOCS.provider })
@Directive('@key(fields: "workspaceId kind code", resolvable: false)')
export class NamedProviderReference extends ProviderReference {
  @Field({ description: ENTITY_DOCS.providerName })
  @Directive('@external')
  name?: string;
}

/** Resolved by the lsp subgraph. */
@ObjectType('Vehicle', { description: ENTITY_DOCS.vehicle })
@Directive('@key(fields: "id", resolvable: false)')
export class VehicleReference {
  @Field(() => ID, { description: ENTITY_DOCS.vehicleId }) id!: string;
}

/** Resolved by the lsp subgraph. */
@ObjectType('Agent', { description: ENTITY_DOCS.agent })
@Directive('@key(fields: "id", resolvable: false)')
export class AgentReference {
  @Field(() => ID, { description: ENTITY_DOCS.vehicleId }) id!: string;
}

export const userRef = (id: string): UserReference => ({ id });
export const agentRef = (id: string): AgentReference => ({ id });
export const vehicleRef = (id: string): VehicleReference => ({ id });
/** A provider named by its workspace, kind (any case) and code. */
export const providerRef = (workspaceId: string, kind: string, code: string): ProviderReference => ({
  workspaceId,
  kind: kind.toUpperCase() as ProviderKind,
  code,
});
