import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantEntity } from '../../kernel/tenancy.js';

/**
 * The LSP network as another family copies it into its own schema (docs/orders.md "Coverage"): the commerce family
 * (coverage, pricing rules and agents, for operators and quotes) and the utilities (coverage and facility points, for
 * zones). Fed from the platform event log (topics `lsp.coverage`, `lsp.facility`, `lsp.agent`; sync.ts), never from
 * LSP tables. Each row is the last event's payload for one LSP record; applying is idempotent (an upsert by record id,
 * skipped when the stored copy comes from a later event). The same entity classes serve both families' ORMs, each in
 * its own schema.
 */
@Entity({ tableName: 'network_coverage' })
@Index({ properties: ['workspaceId', 'icode'] })
export class NetworkCoverage extends TenantEntity {
  /** The coverage area's or route's id in the LSP family. */
  @PrimaryKey({ type: 'uuid' }) id!: string;
  /** The LSP's code. */
  @Property() icode!: string;
  /** AREA or ROUTE. */
  @Property() kind!: string;
  /** ACTIVE or INACTIVE: only ACTIVE records serve. */
  @Property() status!: string;
  /** The `lsp.coverage` payload (docs/lsp-coverage.md "Events"). */
  @Property({ type: 'json' }) record!: Record<string, unknown>;
  /** Id of the event it was copied from. */
  @Property({ type: 'bigint' }) eventId!: number;
}

/** A warehouse's or hub's pricing rules, as the LSP family published them (`lsp.facility`). */
@Entity({ tableName: 'network_pricing' })
@Index({ properties: ['workspaceId', 'icode'] })
export class NetworkPricing extends TenantEntity {
  /** The facility's id. */
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property() icode!: string;
  /** WAREHOUSE or HUB. */
  @Property() kind!: string;
  /** Where the facility is: `[lat, lng]`, when it gave coordinates (route ends may name it). */
  @Property({ type: 'json', nullable: true }) point?: number[] | null;
  /** The pricing rules (docs/lsp.md "Pricing rules"). */
  @Property({ type: 'json' }) rules!: Record<string, unknown>[];
  @Property({ type: 'bigint' }) eventId!: number;
}

/** An agent of an LSP and the vehicles assigned to it (`lsp.agent`). */
@Entity({ tableName: 'network_agent' })
@Index({ properties: ['workspaceId', 'icode'] })
export class NetworkAgent extends TenantEntity {
  @PrimaryKey({ type: 'uuid' }) id!: string;
  @Property() icode!: string;
  /** The agent's user account: the one whose token may move the agent's orders. */
  @Index() @Property({ type: 'uuid' }) userId!: string;
  /** ACTIVE, SUSPENDED … (the LSP family's AgentStatus): only ACTIVE agents take orders. */
  @Property() status!: string;
  /** Vehicles assigned to the agent. */
  @Property({ type: 'json' }) vehicles: string[] = [];
  @Property({ type: 'bigint' }) eventId!: number;
}
