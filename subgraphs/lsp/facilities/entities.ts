import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { Directive, Field, Float, ObjectType } from 'type-graphql';
import { Money } from '../../../kernel/graphql-types.js';
import { Facility } from '../common/facility.js';
import type { LspRecordOptional } from '../common/records.js';

@ObjectType({ description: 'When a pricing rule applies.' })
export class PricingConditions {
  @Field(() => Float, { nullable: true, description: 'From this weight (kg).' }) minWeightKg?: number | null;
  @Field(() => Float, { nullable: true, description: 'Up to this weight (kg).' }) maxWeightKg?: number | null;
  @Field(() => [String], { nullable: true, description: 'Service types it applies to (e.g. STORAGE, CROSS_DOCK).' }) serviceTypes?: string[] | null;
  @Field(() => [String], { nullable: true, description: 'Requirements it applies to (e.g. COLD_CHAIN, HAZMAT).' }) requirements?: string[] | null;
}

/**
 * A pricing rule of a warehouse or hub: `basis` says what is counted, `rate` is the price of one unit,
 * `minimumCharge` the least one order pays; `conditions` and validity say when it applies.
 */
@ObjectType({ description: 'A pricing rule of a warehouse or hub.' })
export class PricingRule {
  @Field({ description: 'Rule identifier.' }) id!: string;
  @Field({ description: 'Name.' }) name!: string;
  @Field({ description: 'What is counted: PER_KG, PER_PALLET, PER_CBM, PER_ORDER, PER_KM, PER_DAY or FLAT.' }) basis!: string;
  @Field(() => Money, { description: 'Price of one unit of the basis.' }) rate!: Money;
  @Field(() => Money, { nullable: true, description: 'Least one order pays.' }) minimumCharge?: Money | null;
  @Field(() => PricingConditions, { nullable: true, description: 'When the rule applies.' }) conditions?: PricingConditions | null;
  @Field(() => String, { nullable: true, description: 'Valid from (ISO 8601 date).' }) validFrom?: string | null;
  @Field(() => String, { nullable: true, description: 'Valid until (ISO 8601 date).' }) validUntil?: string | null;
}

/** A warehouse of an LSP. */
@ObjectType({ description: 'A warehouse of an LSP (the facility create body plus pricing rules).' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'warehouse' })
@Unique({ properties: ['workspaceId', 'icode', 'code'] })
export class Warehouse extends Facility {
  [OptionalProps]?: LspRecordOptional | 'description' | 'address' | 'pricing';
  @Field(() => [PricingRule], { description: 'Pricing rules.' }) @Property({ type: 'json' }) pricing: PricingRule[] = [];
}

/** A hub of an LSP. */
@ObjectType({ description: 'A hub of an LSP (the facility create body plus pricing rules).' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'hub' })
@Unique({ properties: ['workspaceId', 'icode', 'code'] })
export class Hub extends Facility {
  [OptionalProps]?: LspRecordOptional | 'description' | 'address' | 'pricing';
  @Field(() => [PricingRule], { description: 'Pricing rules.' }) @Property({ type: 'json' }) pricing: PricingRule[] = [];
}
