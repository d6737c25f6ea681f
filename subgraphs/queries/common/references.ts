import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { ENTITY_DOCS } from '../../../kernel/references.js';

/**
 * The LSP records a registry entry comes from, named by their keys (the lsp subgraph resolves them, for callers who
 * may see them: an API key of their workspace). Descriptions are the owner's, as composition wants one per element.
 */
const ID_DOC = 'Record identifier (a UUID).';

@ObjectType('Warehouse', { description: ENTITY_DOCS.warehouse })
@Directive('@key(fields: "id", resolvable: false)')
export class WarehouseReference {
  @Field(() => ID, { description: ID_DOC }) id!: string;
}

@ObjectType('Hub', { description: ENTITY_DOCS.hub })
@Directive('@key(fields: "id", resolvable: false)')
export class HubReference {
  @Field(() => ID, { description: ID_DOC }) id!: string;
}

@ObjectType('Fleet', { description: 'A fleet of an LSP: a facility that groups vehicles (the facility create body).' })
@Directive('@key(fields: "id", resolvable: false)')
export class FleetReference {
  @Field(() => ID, { description: ID_DOC }) id!: string;
}

@ObjectType('ParkingFacility', { description: "A parking facility for the LSP's vehicles." })
@Directive('@key(fields: "id", resolvable: false)')
export class ParkingFacilityReference {
  @Field(() => ID, { description: ID_DOC }) id!: string;
}
