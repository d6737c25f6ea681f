import { Field, Float, ID, InputType } from 'type-graphql';
import { ArrayMaxSize, IsIn, IsOptional, Length, Matches, Max, Min, ValidateNested, IsISO8601 } from 'class-validator';
import { Nullable } from '../../../kernel/validation.js';
import { MoneyInput, PageOf } from '../../../kernel/graphql-types.js';
import { Hub, Warehouse } from './entities.js';

export const WarehousePage = PageOf(Warehouse, 'Warehouse');
export const HubPage = PageOf(Hub, 'Hub');

/** Heaviest weight a pricing condition names (kg). */
export const MAX_WEIGHT_KG = 1_000_000;

export const PRICING_BASES = ['PER_KG', 'PER_PALLET', 'PER_CBM', 'PER_ORDER', 'PER_KM', 'PER_DAY', 'FLAT'];

@InputType({ description: 'When a pricing rule applies.' })
export class PricingConditionsInput {
  @Field(() => Float, { nullable: true, description: 'From this weight (kg, 0 to 1,000,000).' })
  @IsOptional() @Min(0, { message: 'must be 0 or more' }) @Max(MAX_WEIGHT_KG, { message: 'must be at most 1,000,000 kg' }) @Nullable() minWeightKg?: number | null;
  @Field(() => Float, { nullable: true, description: 'Up to this weight (kg, 0 to 1,000,000).' })
  @IsOptional() @Min(0, { message: 'must be 0 or more' }) @Max(MAX_WEIGHT_KG, { message: 'must be at most 1,000,000 kg' }) @Nullable() maxWeightKg?: number | null;
  @Field(() => [String], { nullable: true, description: 'Service types (upper-case).' })
  @IsOptional() @ArrayMaxSize(20) @Matches(/^[A-Z][A-Z0-9_]{0,39}$/, { each: true, message: 'must contain upper-case identifiers' }) @Nullable() serviceTypes?: string[];
  @Field(() => [String], { nullable: true, description: 'Requirements (upper-case, e.g. COLD_CHAIN).' })
  @IsOptional() @ArrayMaxSize(20) @Matches(/^[A-Z][A-Z0-9_]{0,39}$/, { each: true, message: 'must contain upper-case identifiers' }) @Nullable() requirements?: string[];
}

@InputType({ description: 'A pricing rule.' })
export class PricingRuleInput {
  @Field({ description: 'Name (1–120).' }) @Length(1, 120) name!: string;
  @Field({ description: 'What is counted: PER_KG, PER_PALLET, PER_CBM, PER_ORDER, PER_KM, PER_DAY or FLAT.' })
  @IsIn(PRICING_BASES, { message: `must be one of ${PRICING_BASES.join(', ')}` }) basis!: string;
  @Field(() => MoneyInput, { description: 'Price of one unit of the basis.' }) @ValidateNested() rate!: MoneyInput;
  @Field(() => MoneyInput, { nullable: true, description: 'Least one order pays (same currency as rate).' }) @IsOptional() @ValidateNested() @Nullable() minimumCharge?: MoneyInput;
  @Field(() => PricingConditionsInput, { nullable: true, description: 'When the rule applies.' }) @IsOptional() @ValidateNested() @Nullable() conditions?: PricingConditionsInput;
  @Field({ nullable: true, description: 'Valid from (ISO 8601 date).' }) @IsOptional() @IsISO8601({ strict: true }, { message: 'must be an ISO 8601 date' }) @Nullable() validFrom?: string;
  @Field({ nullable: true, description: 'Valid until (ISO 8601 date, after validFrom).' }) @IsOptional() @IsISO8601({ strict: true }, { message: 'must be an ISO 8601 date' }) @Nullable() validUntil?: string;
}

@InputType({ description: 'A pricing change: `rule` to add (action add), or `ruleId` to remove (action remove).' })
export class PricingChangeInput {
  @Field(() => PricingRuleInput, { nullable: true, description: 'The rule to add.' }) @IsOptional() @ValidateNested() rule?: PricingRuleInput;
  @Field(() => ID, { nullable: true, description: 'The rule to remove.' }) ruleId?: string;
}
