import { ArrayMaxSize, ArrayMinSize, IsOptional, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GeoPointInput, Money } from '../../../kernel/graphql-types.js';
import { DecimalScalar } from '../../../kernel/scalars.js';
import { PricingBasis } from '../../../domain/pricing-rules.js';
import { AreaType, MatchingStrategy, ServiceType } from '../common/enums.js';

/**
 * Pricing of the queries family (spec group 17 `/pricing/*`; docs/queries.md "Pricing"): a service's rules as its LSP
 * published them, estimates from them, comparisons and the rules' cache. Amounts are `Decimal` with one `currency`
 * beside them (numbers on REST).
 */

// ================================================================= the rules

@ObjectType({ description: 'When a pricing rule of a service applies (as its LSP published it).' })
export class ServicePricingConditions {
  @Field(() => Float, { nullable: true, description: 'Applies from this weight of goods, in kilograms.' }) minWeightKg?: number | null;
  @Field(() => Float, { nullable: true, description: 'Applies up to this weight of goods, in kilograms.' }) maxWeightKg?: number | null;
  @Field(() => [String], { nullable: true, description: 'Service types it applies to: upper-case identifiers the LSP chooses (open vocabulary, e.g. STORAGE, CROSS_DOCK).' })
  serviceTypes?: string[] | null;
  @Field(() => [String], { nullable: true, description: 'Requirements it applies to: upper-case identifiers the LSP chooses (open vocabulary, e.g. COLD_CHAIN, HAZMAT).' })
  requirements?: string[] | null;
}

@ObjectType({ description: 'A pricing rule of a service, as its LSP published it on the warehouse or hub (docs/lsp.md "Pricing rules").' })
export class ServicePricingRule {
  @Field(() => ID, { description: 'Identifier of the rule, given by the platform.' }) id!: string;
  @Field({ description: 'Name of the rule.' }) name!: string;
  @Field(() => PricingBasis, { description: 'What the rule counts.' }) basis!: PricingBasis;
  @Field(() => Money, { description: 'Price of one unit of the basis.' }) rate!: Money;
  @Field(() => Money, { nullable: true, description: "The least one order pays, in the rate's currency." }) minimumCharge?: Money | null;
  @Field(() => ServicePricingConditions, { nullable: true, description: 'When the rule applies.' }) conditions?: ServicePricingConditions | null;
  @Field(() => String, { nullable: true, description: 'First day the rule is valid (ISO 8601 date).' }) validFrom?: string | null;
  @Field(() => String, { nullable: true, description: 'Last day the rule is valid (ISO 8601 date, after validFrom).' }) validUntil?: string | null;
}

@ObjectType({ description: "A service's pricing rules." })
export class ServicePricing {
  @Field(() => [ServicePricingRule], { description: 'The rules, in the order the LSP added them (at most 100; fleets, terminals and IoTSPs have none).' })
  pricing!: ServicePricingRule[];
  @Field(() => Int, { description: 'How many rules.' }) total!: number;
}

// ================================================================= inputs

const IDENT = /^[A-Z][A-Z0-9_]{0,39}$/;
const IDENT_MSG = { each: true, message: 'must contain upper-case identifiers of 1–40 (letters, digits, _; first a letter)' } as const;

@InputType({ description: 'One line of goods of an order.' })
export class OrderItemInput {
  @Field({ description: 'The stock-keeping unit (1–100 characters).' }) @Length(1, 100) sku!: string;
  @Field(() => Int, { description: 'How many units, 1 to 1,000,000.' })
  @Min(1, { message: 'must be between 1 and 1000000' })
  @Max(1_000_000, { message: 'must be between 1 and 1000000' })
  quantity!: number;
  @Field(() => Float, { nullable: true, description: 'Weight of one unit, kg (0 to 100,000). Without it, PER_KG rules and weight bounds do not apply.' })
  @IsOptional()
  @Min(0, { message: 'must be between 0 and 100000' })
  @Max(100_000, { message: 'must be between 0 and 100000' })
  weight?: number;
  @Field(() => Float, { nullable: true, description: 'Volume of one unit, m³ (0 to 1,000). Without it, PER_CBM and PER_PALLET rules do not apply.' })
  @IsOptional()
  @Min(0, { message: 'must be between 0 and 1000' })
  @Max(1_000, { message: 'must be between 0 and 1000' })
  volume?: number;
}

@InputType({ description: 'Where an order is delivered.' })
export class DeliveryLocationInput {
  @Field(() => String, { nullable: true, description: 'Country (ISO 3166-1 code or name; 1–64 characters).' }) @IsOptional() @Length(1, 64) country?: string;
  @Field(() => String, { nullable: true, description: 'City (1–100 characters).' }) @IsOptional() @Length(1, 100) city?: string;
  @Field(() => AreaType, { nullable: true, description: 'What kind of place (not used by the price).' }) @IsOptional() areaType?: AreaType;
  @Field(() => GeoPointInput, { nullable: true, description: 'The delivery point: PER_KM rules count the road km from the service to it (without it they do not apply). REST: `[lat, lng]`.' })
  @IsOptional()
  @ValidateNested()
  coordinates?: GeoPointInput;
}

@InputType({ description: 'The order a price is estimated for.' })
export class OrderContextInput {
  @Field(() => [OrderItemInput], { nullable: true, description: 'The goods (at most 1,000 lines).' }) @IsOptional() @ArrayMaxSize(1000) @ValidateNested({ each: true }) items?: OrderItemInput[];
  @Field(() => [String], {
    nullable: true,
    description: 'What the order requires (at most 20 upper-case identifiers, e.g. COLD_CHAIN): rules with requirements apply only when all of theirs are here.',
  })
  @IsOptional()
  @ArrayMaxSize(20)
  @Matches(IDENT, IDENT_MSG)
  requirements?: string[];
  @Field(() => DeliveryLocationInput, { nullable: true, description: 'Where the order goes.' }) @IsOptional() @ValidateNested() deliveryLocation?: DeliveryLocationInput;
  @Field(() => Int, { nullable: true, description: 'Days of storage PER_DAY rules count, 1 to 3,650 (default 1). An addition to the spec.' })
  @IsOptional()
  @Min(1, { message: 'must be between 1 and 3650' })
  @Max(3650, { message: 'must be between 1 and 3650' })
  storageDays?: number;
  @Field(() => [String], {
    nullable: true,
    description:
      "The LSP's service types the order asks for (at most 20 upper-case identifiers, e.g. STORAGE, CROSS_DOCK): a rule naming service types applies when one of these, or the registry type (WAREHOUSE, HUB), is among them. An addition to the spec.",
  })
  @IsOptional()
  @ArrayMaxSize(20)
  @Matches(IDENT, IDENT_MSG)
  serviceTypes?: string[];
  @Field(() => MatchingStrategy, { nullable: true, description: "The caller's strategy; accepted, not used by the price." }) @IsOptional() strategy?: MatchingStrategy;
}

@InputType({ description: "An estimate of one service's price for an order." })
export class PriceEstimateInput {
  @Field({ description: "The service's provider code." }) @Length(1, 64) lsp!: string;
  @Field(() => ID, { description: "The service's id (its source record's)." }) @Length(1, 64) serviceId!: string;
  @Field(() => ServiceType, { description: "The service's type: must be the registry entry's (else VALIDATION_ERROR naming serviceType)." }) serviceType!: ServiceType;
  @Field(() => OrderContextInput, { description: 'The order.' }) @ValidateNested() orderContext!: OrderContextInput;
}

@InputType({ description: 'A service of a comparison.' })
export class ComparedServiceInput {
  @Field({ description: "The service's provider code." }) @Length(1, 64) lsp!: string;
  @Field(() => ID, { description: "The service's id." }) @Length(1, 64) serviceId!: string;
  @Field(() => ServiceType, { description: "The service's type (another than the entry's: the service is unavailable, VALIDATION_ERROR)." }) serviceType!: ServiceType;
}

@InputType({ description: 'A comparison of the prices of services for one order.' })
export class PriceComparisonInput {
  @Field(() => [ComparedServiceInput], { description: 'The services, 1 to 50.' })
  @ArrayMinSize(1, { message: 'must hold 1 to 50 services' })
  @ArrayMaxSize(50, { message: 'must hold 1 to 50 services' })
  @ValidateNested({ each: true })
  services!: ComparedServiceInput[];
  @Field(() => OrderContextInput, { description: 'The order.' }) @ValidateNested() orderContext!: OrderContextInput;
}

// ================================================================= results

@ObjectType({ description: 'What an estimate is made of, in its currency (docs/queries.md "Pricing", breakdown).' })
export class PriceBreakdown {
  @Field(() => DecimalScalar, { description: 'Lines of rules without requirements on the per-unit bases (PER_KG, PER_PALLET, PER_CBM, PER_KM, PER_DAY).' }) baseRate!: number;
  @Field(() => DecimalScalar, { description: 'Lines of rules whose requirements the order meets (e.g. a COLD_CHAIN rule).' }) surcharges!: number;
  @Field(() => DecimalScalar, { description: "VAT of the service's country on baseRate + surcharges + fees (0 when the country's VAT is unknown: see notes)." }) taxes!: number;
  @Field(() => DecimalScalar, { description: 'Lines of PER_ORDER and FLAT rules without requirements.' }) fees!: number;
}

@ObjectType({ description: "An estimate of a service's price for an order." })
export class PriceEstimate {
  @Field(() => DecimalScalar, { description: 'baseRate + surcharges + fees + taxes, in `currency`.' }) totalCost!: number;
  @Field({ description: "ISO 4217 currency of every amount: the first applicable rule's." }) currency!: string;
  @Field(() => PriceBreakdown, { description: 'What the total is made of.' }) breakdown!: PriceBreakdown;
  @Field(() => [String], { description: 'The ids of the rules applied, in the order the LSP added them.' }) appliedRules!: string[];
  @Field(() => Float, { nullable: true, description: 'The VAT rate applied, percent; null when the country is unknown. An addition to the spec.' }) vatRate?: number | null;
  @Field(() => [String], { description: 'Remarks on the estimate (e.g. why taxes are 0). An addition to the spec.' }) notes!: string[];
}

@ObjectType({ description: 'An estimate.' })
export class PriceEstimateResult {
  @Field(() => PriceEstimate, { description: 'The estimate.' }) estimate!: PriceEstimate;
}

@ObjectType({ description: 'One service of a comparison, priced.' })
export class PriceComparison {
  @Field({ description: "The service's provider code." }) lsp!: string;
  @Field(() => ID, { description: "The service's id." }) serviceId!: string;
  @Field(() => DecimalScalar, { description: 'Its total cost, in `currency`.' }) totalCost!: number;
  @Field({ description: 'ISO 4217 currency of its amounts.' }) currency!: string;
  @Field(() => PriceBreakdown, { description: 'What the total is made of.' }) breakdown!: PriceBreakdown;
}

@ObjectType({ description: 'The cheapest service of a comparison.' })
export class CheapestService {
  @Field({ description: "The service's provider code." }) lsp!: string;
  @Field(() => ID, { description: "The service's id." }) serviceId!: string;
  @Field(() => DecimalScalar, { description: 'Its total cost, in `currency`.' }) totalCost!: number;
  @Field({ description: 'ISO 4217 currency of the cost. An addition to the spec.' }) currency!: string;
}

@ObjectType({ description: 'A service a comparison could not price.' })
export class UnpricedService {
  @Field({ description: "The service's provider code." }) lsp!: string;
  @Field(() => ID, { description: "The service's id." }) serviceId!: string;
  @Field({ description: "Why: PRICING_UNAVAILABLE (no rule applies), NOT_FOUND (no such service in the workspace) or VALIDATION_ERROR (serviceType is not the entry's)." }) code!: string;
  @Field({ description: 'What happened, in words.' }) message!: string;
}

@ObjectType({ description: 'Services priced for one order, cheapest first.' })
export class PriceComparisonResult {
  @Field(() => [PriceComparison], {
    description:
      "The services priced, cheapest first: costs in different currencies are compared after converting them to the first priced service's currency (utilities' reference rates); each stays in its own currency.",
  })
  comparisons!: PriceComparison[];
  @Field(() => CheapestService, { nullable: true, description: 'The first of `comparisons`; null when none could be priced.' }) cheapest?: CheapestService | null;
  @Field(() => [UnpricedService], { description: 'The services left out, in the order asked. An addition to the spec.' }) unavailable!: UnpricedService[];
}

@ObjectType({ description: 'The answer of a cache invalidation.' })
export class PricingCacheInvalidation {
  @Field({ description: 'What was done.' }) message!: string;
}

@ObjectType({ description: "This process's pricing cache, for the caller's workspace." })
export class PricingCacheStats {
  @Field(() => Int, { description: 'How many services have their rules cached.' }) size!: number;
  @Field(() => [String], { description: 'Their keys, `<lsp>:<serviceId>`, soonest to expire first.' }) entries!: string[];
}
