import { Field, Float, ID, InputType } from 'type-graphql';
import { ArrayMaxSize, IsOptional, Length, Matches, Max, Min, ValidateNested, IsISO8601 } from 'class-validator';
import { Nullable } from '../../../kernel/validation.js';
import { MoneyInput, PageOf } from '../../../kernel/graphql-types.js';
import { Hub, Warehouse } from './entities.js';
import { PricingBasis } from '../../../domain/pricing-rules.js';

export const WarehousePage = PageOf(Warehouse, 'Warehouse');
export const HubPage = PageOf(Hub, 'Hub');

/** Heaviest weight a pricing condition names (kg). */
export const MAX_WEIGHT_KG = 1_000_000;

@InputType({ description: 'When a pricing rule applies.' })
export class PricingConditionsInput {
  @Field(() => Float, { nullable: true, description: 'Applies from this weight of goods, in kilograms (0 to 1,000,000).' })
  @IsOptional()
  @Min(0, { message: 'must be 0 or more' })
  @Max(MAX_WEIGHT_KG, { message: 'must be at most 1,000,000 kg' })
  @Nullable()
  minWeightKg?: number | null;
  @Field(() => Float, { nullable: true, description: 'Applies up to this weight of goods, in kilograms (0 to 1,000,000; not below minWeightKg).' })
  @IsOptional()
  @Min(0, { message: 'must be 0 or more' })
  @Max(MAX_WEIGHT_KG, { message: 'must be at most 1,000,000 kg' })
  @Nullable()
  maxWeightKg?: number | null;
  @Field(() => [String], { nullable: true, description: 'Service types it applies to: at most 20 upper-case identifiers of 1–40.' })
  @IsOptional()
  @ArrayMaxSize(20)
  @Matches(/^[A-Z][A-Z0-9_]{0,39}$/, { each: true, message: 'must contain upper-case identifiers' })
  @Nullable()
  serviceTypes?: string[];
  @Field(() => [String], { nullable: true, description: 'Requirements it applies to: at most 20 upper-case identifiers of 1–40 (e.g. COLD_CHAIN).' })
  @IsOptional()
  @ArrayMaxSize(20)
  @Matches(/^[A-Z][A-Z0-9_]{0,39}$/, { each: true, message: 'must contain upper-case identifiers' })
  @Nullable()
  requirements?: string[];
}

@InputType({ description: 'A pricing rule.' })
export class PricingRuleInput {
  @Field({ description: 'Name of the rule (1–120 characters).' }) @Length(1, 120) name!: string;
  @Field(() => PricingBasis, { description: 'What the rule counts.' }) basis!: PricingBasis;
  @Field(() => MoneyInput, { description: 'Price of one unit of the basis.' }) @ValidateNested() rate!: MoneyInput;
  @Field(() => MoneyInput, { nullable: true, description: "The least one order pays, in the rate's currency." }) @IsOptional() @ValidateNested() @Nullable() minimumCharge?: MoneyInput;
  @Field(() => PricingConditionsInput, { nullable: true, description: 'When the rule applies.' }) @IsOptional() @ValidateNested() @Nullable() conditions?: PricingConditionsInput;
  @Field({ nullable: true, description: 'First day the rule is valid (ISO 8601 date).' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'must be an ISO 8601 date' })
  @Nullable()
  validFrom?: string;
  @Field({ nullable: true, description: 'Last day the rule is valid (ISO 8601 date, after validFrom).' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'must be an ISO 8601 date' })
  @Nullable()
  validUntil?: string;
}

@InputType({ description: 'A pricing change: `rule` to add (action add), or `ruleId` to remove (action remove).' })
export class PricingChangeInput {
  @Field(() => PricingRuleInput, { nullable: true, description: 'The rule to add (action add).' }) @IsOptional() @ValidateNested() rule?: PricingRuleInput;
  @Field(() => ID, { nullable: true, description: 'Identifier of the rule to remove (action remove).' }) ruleId?: string;
}
