import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { closedList } from './graphql-types.js';

/**
 * Cross-subgraph entity references (docs/graph-conventions.md, "Entities and references"). A subgraph that names
 * another family's entity returns one of these stubs: only the entity's key, which the owning subgraph resolves with
 * its `__resolveReference` (batched, scoped to the caller). The stubs are `resolvable: false`: this subgraph never
 * resolves them itself.
 */

/** The four kinds of provider, as the graph writes them (REST paths write them in lower case: `/v1/:wid/lsp/...`). */
export const ProviderKind = closedList('ProviderKind', 'The kind of a provider: what it does in the workspace.', {
  LSP: 'Logistics service provider: fleets, warehouses, hubs, coverage and agents that carry goods.',
  CSP: 'Client service provider: a shop or marketplace whose customers order deliveries.',
  DEV: 'Developer provider: a team that builds integrations on the platform.',
  IOTSP: 'IoT service provider: devices and telemetry for vehicles and facilities.',
});
export type ProviderKind = keyof typeof ProviderKind;

@ObjectType('User', { description: 'A platform account (resolved by the users subgraph).' })
@Directive('@key(fields: "id", resolvable: false)')
export class UserReference {
  @Field(() => ID, { description: 'The user\'s identifier.' }) id!: string;
}

@ObjectType('Provider', { description: 'A provider of a workspace (resolved by the workspace subgraph).' })
@Directive('@key(fields: "workspaceId kind code", resolvable: false)')
export class ProviderReference {
  @Field(() => ID, { description: 'The workspace the provider belongs to.' }) workspaceId!: string;
  @Field(() => ProviderKind, { description: 'The provider\'s kind.' }) kind!: ProviderKind;
  @Field({ description: 'The provider\'s code, unique in its workspace.' }) code!: string;
}

@ObjectType('Vehicle', { description: 'A vehicle of an LSP\'s fleet (resolved by the lsp subgraph).' })
@Directive('@key(fields: "id", resolvable: false)')
export class VehicleReference {
  @Field(() => ID, { description: 'The vehicle\'s identifier.' }) id!: string;
}

export const userRef = (id: string): UserReference => ({ id });
export const vehicleRef = (id: string): VehicleReference => ({ id });
/** A provider named by its workspace, kind (any case) and code. */
export const providerRef = (workspaceId: string, kind: string, code: string): ProviderReference => ({
  workspaceId,
  kind: kind.toUpperCase() as ProviderKind,
  code,
});
