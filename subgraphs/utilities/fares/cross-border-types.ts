import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { Money, MoneyInput } from '../../../kernel/graphql-types.js';
import { DateTimeScalar } from '../../../kernel/scalars.js';
import { TransportMode } from '../../../domain/transport.js';
import { DayRange, EstimateMetadata, PlaceInput, WeightInput } from '../common/types.js';
import { CostPayer, CustomsValuationBasis, Incoterm } from './enums.js';

/**
 * Inputs and results of the cross-border landed cost (docs/utilities.md, "Cross-border landed cost"). Every amount is
 * the kernel's `Money` in the declared value's currency, rounded to its minor unit; REST writes amounts as numbers.
 */

// ================================================================= /fares/crossborder

@InputType({ description: 'A shipment crossing a border.' })
export class ShipmentInput {
  @Field(() => WeightInput, { description: "Gross weight, at most the mode's largest shipment." }) weight!: WeightInput;
  @Field(() => MoneyInput, { description: "Total value of the goods (the invoice value), 0 to 999,999,999,999; its currency is the quote's currency." }) declaredValue!: MoneyInput;
  @Field(() => String, { nullable: true, description: 'HS code: 2 to 10 digits (dots, spaces and dashes ignored), chapter 01–97 except 77; its chapter selects the duty rate.' }) hsCode?:
    string | null;
  @Field(() => String, { description: 'Description of the goods (1–500 characters).' }) description!: string;
  @Field(() => Int, { description: 'Number of units, 1 to 10,000,000.' }) quantity!: number;
}

@InputType({ description: 'A cross-border landed-cost request.' })
export class CrossBorderFareInput {
  @Field(() => PlaceInput, { description: 'Where the shipment leaves from (country required).' }) origin!: PlaceInput;
  @Field(() => PlaceInput, { description: "Where it is imported (country required, another country than the origin's)." }) destination!: PlaceInput;
  @Field(() => ShipmentInput, { description: 'The goods shipped.' }) shipment!: ShipmentInput;
  @Field(() => TransportMode, { description: 'Mode of the main carriage.' }) transportMode!: TransportMode;
  @Field(() => Incoterm, { nullable: true, description: 'Incoterm deciding who pays what (default DAP).' }) incoterms?: Incoterm | null;
}

@ObjectType({ description: 'A cost with its name.' })
export class NamedFee {
  @Field(() => String, { description: 'Name of the cost (e.g. Cargo insurance, Import Declaration Fee (IDF)).' }) name!: string;
  @Field(() => Money, { description: "Amount, in the quote's currency." }) amount!: Money;
}

@ObjectType({ description: 'Lines of a landed cost (they add up to totalCost; importTaxLines detail importTax).' })
export class CrossBorderBreakdown {
  @Field(() => Money, { description: 'Main carriage, priced as /fares/transport prices the mode.' }) transportFee!: Money;
  @Field(() => Money, { nullable: true, description: 'Customs duty, null when none is due.' }) customsDuty?: Money | null;
  @Field(() => Money, { nullable: true, description: 'Import VAT/GST, null when none is due at the border.' }) vat?: Money | null;
  @Field(() => Money, { nullable: true, description: 'Other import levies (listed in importTaxLines), null when none.' }) importTax?: Money | null;
  @Field(() => Money, { description: 'Customs broker fee per entry (0 inside a union without formalities).' }) brokerageFee!: Money;
  @Field(() => Money, { description: 'Transport document and declarations, by mode.' }) documentationFee!: Money;
  @Field(() => Money, { nullable: true, description: 'Expected inspection fee (agri-food, pharmaceuticals, arms), null otherwise.' }) inspectionFee?: Money | null;
  @Field(() => Money, { description: 'Entry handling at the border post, airport or port.' }) borderCrossingFee!: Money;
  @Field(() => [NamedFee], { nullable: true, description: 'Other costs of the landed cost (cargo insurance).' }) additionalFees?: NamedFee[] | null;
  @Field(() => [NamedFee], { nullable: true, description: 'The import levies that make up importTax (not added again).' }) importTaxLines?: NamedFee[] | null;
}

@ObjectType({ description: 'The customs duty applied and what it was computed on.' })
export class CrossBorderDuties {
  @Field(() => Float, { description: 'Rate, percent of the customs value.' }) rate!: number;
  @Field(() => Money, { description: 'Duty due.' }) amount!: Money;
  @Field(() => String, { nullable: true, description: 'HS code the rate was chosen for (digits only), null without one.' }) hsCode?: string | null;
  @Field(() => String, { description: 'Tariff profile used (e.g. East African Community CET), or the customs union.' }) tariff!: string;
  @Field(() => String, { nullable: true, description: 'HS chapter group of the code (docs/utilities.md, "Duty profiles"), null without a code.' }) chapterGroup?: string | null;
  @Field(() => Money, { description: 'Customs value the duty is computed on.' }) customsValue!: Money;
  @Field(() => CustomsValuationBasis, { description: 'What the customs value includes (by destination).' }) valuationBasis!: CustomsValuationBasis;
  @Field(() => String, { nullable: true, description: 'Why no duty is due (de minimis, customs union, a duty-free tariff line); null when duty is due.' }) exemption?: string | null;
}

@ObjectType({ description: 'One cost and who pays it under the incoterm.' })
export class CostLine {
  @Field(() => String, { description: "The cost: a breakdown line's name, `insurance`, or a half of the documentation fee (`documentationFee.export`, `documentationFee.import`)." }) item!: string;
  @Field(() => CostPayer, { description: 'Who pays it.' }) payer!: CostPayer;
  @Field(() => Money, { description: 'Amount of the cost.' }) amount!: Money;
}

@ObjectType({ description: 'Who pays what under the incoterm.' })
export class CostAllocation {
  @Field(() => Incoterm, { description: 'Incoterm applied.' }) incoterms!: Incoterm;
  @Field(() => Money, { description: 'Sum of the costs the seller bears.' }) seller!: Money;
  @Field(() => Money, { description: 'Sum of the costs the buyer bears.' }) buyer!: Money;
  @Field(() => [CostLine], { description: 'Each cost that is not zero, and its payer.' }) lines!: CostLine[];
}

@ObjectType({ description: 'A reference exchange rate the estimate used.' })
export class ExchangeRate {
  @Field(() => String, { description: 'ISO 4217 code of the currency converted from.' }) from!: string;
  @Field(() => String, { description: 'ISO 4217 code of the currency converted to.' }) to!: string;
  @Field(() => Float, { description: 'Units of `to` per unit of `from`.' }) rate!: number;
  @Field(() => String, { description: 'Date of the reference rate (YYYY-MM-DD, a calendar date, not an instant).' }) date!: string;
}

@ObjectType({ description: 'A cross-border landed-cost estimate: its lines, duty, documents, clearance time and who pays what.' })
export class CrossBorderFare {
  @Field(() => Money, { description: "Landed cost: the sum of the breakdown's lines (the goods' own value not included)." }) totalCost!: Money;
  @Field(() => CrossBorderBreakdown, { description: 'Lines of the landed cost.' }) breakdown!: CrossBorderBreakdown;
  @Field(() => String, { description: "ISO 4217 currency of every amount: the declared value's." }) currency!: string;
  @Field(() => CrossBorderDuties, { nullable: true, description: 'The customs duty applied.' }) duties?: CrossBorderDuties | null;
  @Field(() => [String], { description: 'Documents the shipment needs, in words.' }) requiredDocuments!: string[];
  @Field(() => DayRange, { description: 'Customs clearance time at the destination, in days.' }) estimatedClearanceTime!: DayRange;
  @Field(() => DateTimeScalar, { description: 'Until when the estimate holds: 24 hours after calculatedAt. REST: Unix seconds.' }) validUntil!: Date;
  @Field(() => CostAllocation, { description: 'Who pays what under the incoterm.' }) costAllocation!: CostAllocation;
  @Field(() => Float, { description: 'VAT/GST rate at the destination, percent (0 where none).' }) vatRate!: number;
  @Field(() => [ExchangeRate], { description: "Reference exchange rates used, from US dollars (the model's currency) and to thresholds' currencies." }) exchangeRates!: ExchangeRate[];
  @Field(() => EstimateMetadata, { description: 'How the answer was produced.' }) metadata!: EstimateMetadata;
}
