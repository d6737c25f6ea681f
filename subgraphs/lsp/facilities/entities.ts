import { ENTITY_DOCS } from '../../../kernel/references.js';
import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { Directive, Field, Float, ID, ObjectType } from 'type-graphql';
import { Money } from '../../../kernel/graphql-types.js';
import { Facility, type FacilityOptional } from '../common/facility.js';
import type { LspRecordOptional } from '../common/records.js';
import { PricingBasis } from '../../../domain/pricing-rules.js';

@ObjectType({ description: 'When a pricing rule applies.' })
export class PricingConditions {
  @Field(() => Float, { nullable: true, description: 'Applies from this weight of goods, in kilograms.' }) minWeightKg?: number | null;
  @Field(() => Float, { nullable: true, description: 'Applies up to this weight of goods, in kilograms.' }) maxWeightKg?: number | null;
  @Field(() => [String], { nullable: true, description: 'Service types it applies to: upper-case identifiers the LSP chooses (open vocabulary, e.g. STORAGE, CROSS_DOCK).' }) serviceTypes?:
    string[] | null;
  @Field(() => [String], { nullable: true, description: 'Requirements it applies to: upper-case identifiers the LSP chooses (open vocabulary, e.g. COLD_CHAIN, HAZMAT).' }) requirements?:
    string[] | null;
}

/**
 * A pricing rule of a warehouse or hub: `basis` says what is counted, `rate` is the price of one unit,
 * `minimumCharge` the least one order pays; `conditions` and validity say when it applies.
 */
@ObjectType({ description: 'A pricing rule of a warehouse or hub.' })
export class PricingRule {
  @Field(() => ID, { description: 'Identifier of the rule, given by the platform.' }) id!: string;
  @Field({ description: 'Name of the rule.' }) name!: string;
  @Field(() => PricingBasis, { description: 'What the rule counts.' }) basis!: PricingBasis;
  @Field(() => Money, { description: 'Price of one unit of the basis.' }) rate!: Money;
  @Field(() => Money, { nullable: true, description: "The least one order pays, in the rate's currency." }) minimumCharge?: Money | null;
  @Field(() => PricingConditions, { nullable: true, description: 'When the rule applies.' }) conditions?: PricingConditions | null;
  @Field(() => String, { nullable: true, description: 'First day the rule is valid (ISO 8601 date).' }) validFrom?: string | null;
  @Field(() => String, { nullable: true, description: 'Last day the rule is valid (ISO 8601 date, after validFrom).' }) validUntil?: string | null;
}

/** A warehouse of an LSP. */
@ObjectType({ description: ENTITY_DOCS.warehouse })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'warehouse' })
@Unique({ properties: ['workspaceId', 'icode', 'code'] })
export class Warehouse extends Facility {
  [OptionalProps]?: LspRecordOptional | FacilityOptional | 'pricing';
  @Field(() => [PricingRule], { description: 'Pricing rules of the warehouse, in the order they were added (at most 100).' }) @Property({ type: 'json' }) pricing: PricingRule[] = [];
}

/** A hub of an LSP. */
@ObjectType({ description: ENTITY_DOCS.hub })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'hub' })
@Unique({ properties: ['workspaceId', 'icode', 'code'] })
export class Hub extends Facility {
  [OptionalProps]?: LspRecordOptional | FacilityOptional | 'pricing';
  @Field(() => [PricingRule], { description: 'Pricing rules of the hub, in the order they were added (at most 100).' }) @Property({ type: 'json' }) pricing: PricingRule[] = [];
}
