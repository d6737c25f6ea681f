import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { DayRange, Metadata, PlaceInput, WeightInput } from '../common/types.js';
import { CostPayer, Incoterm, TransportMode } from '../common/enums.js';

/** Inputs and results of the cross-border landed cost (`POST /realm/utilities/fares/crossborder`; docs/utilities.md). */

@InputType('UtilityMoneyInput', { description: 'An amount of money.' })
export class MoneyInput {
  @Field(() => Float, { description: 'Amount, 0 or more.' }) amount!: number;
  @Field(() => String, { description: 'ISO 4217 currency code (e.g. USD, EUR, KES).' }) currency!: string;
}


@ObjectType('UtilityMoney', { description: 'An amount of money, rounded to the currency\'s minor unit.' })
export class Money {
  @Field(() => Float, { description: 'Amount.' }) amount!: number;
  @Field(() => String, { description: 'ISO 4217 currency code.' }) currency!: string;
}

// ================================================================= /fares/crossborder

@InputType({ description: 'A shipment crossing a border.' })
export class ShipmentInput {
  @Field(() => WeightInput, { description: 'Gross weight.' }) weight!: WeightInput;
  @Field(() => MoneyInput, { description: 'Total value of the goods (the invoice value); its currency is the quote\'s currency.' }) declaredValue!: MoneyInput;
  @Field(() => String, { nullable: true, description: 'HS code (2 to 10 digits; dots and spaces ignored): its chapter selects the duty rate.' }) hsCode?: string | null;
  @Field(() => String, { description: 'Description of the goods (1–500 characters).' }) description!: string;
  @Field(() => Int, { description: 'Number of units, 1 or more.' }) quantity!: number;
}

@InputType({ description: 'A cross-border landed-cost request (`POST /realm/utilities/fares/crossborder`).' })
export class CrossBorderFareInput {
  @Field(() => PlaceInput, { description: 'Origin (country required).' }) origin!: PlaceInput;
  @Field(() => PlaceInput, { description: 'Destination (country required, another country than the origin).' }) destination!: PlaceInput;
  @Field(() => ShipmentInput, { description: 'The shipment.' }) shipment!: ShipmentInput;
  @Field(() => TransportMode, { description: 'Mode of the main carriage.' }) transportMode!: TransportMode;
  @Field(() => Incoterm, { nullable: true, description: 'Incoterm (default DAP).' }) incoterms?: Incoterm | null;
}

@ObjectType({ description: 'A named fee.' })
export class NamedFee {
  @Field(() => String, { description: 'Name of the fee.' }) name!: string;
  @Field(() => Money, { description: 'Amount.' }) amount!: Money;
}

@ObjectType({ description: 'Lines of a landed cost (they add up to totalCost).' })
export class CrossBorderBreakdown {
  @Field(() => Money, { description: 'Main carriage (the transport model of the mode).' }) transportFee!: Money;
  @Field(() => Money, { nullable: true, description: 'Customs duty, absent when none is due.' }) customsDuty?: Money | null;
  @Field(() => Money, { nullable: true, description: 'Import VAT/GST, absent when none is due at the border.' }) vat?: Money | null;
  @Field(() => Money, { nullable: true, description: 'Other import levies (listed in additionalFees), absent when none.' }) importTax?: Money | null;
  @Field(() => Money, { description: 'Customs broker fee.' }) brokerageFee!: Money;
  @Field(() => Money, { description: 'Documentation fee.' }) documentationFee!: Money;
  @Field(() => Money, { nullable: true, description: 'Expected inspection fee (agri-food, pharmaceuticals, arms).' }) inspectionFee?: Money | null;
  @Field(() => Money, { description: 'Entry handling at the border post, airport or port.' }) borderCrossingFee!: Money;
  @Field(() => [NamedFee], { nullable: true, description: 'Other costs of the landed cost (cargo insurance).' }) additionalFees?: NamedFee[] | null;
  @Field(() => [NamedFee], { nullable: true, description: 'The import levies that make up importTax (not added again).' }) importTaxLines?: NamedFee[] | null;
}

@ObjectType({ description: 'Customs duty applied.' })
export class CrossBorderDuties {
  @Field(() => Float, { description: 'Rate, percent of the customs value.' }) rate!: number;
  @Field(() => Money, { description: 'Amount.' }) amount!: Money;
  @Field(() => String, { nullable: true, description: 'HS code the rate was chosen for.' }) hsCode?: string | null;
  @Field(() => String, { description: 'Tariff table used.' }) tariff!: string;
  @Field(() => String, { nullable: true, description: 'HS chapter group (docs/utilities.md).' }) chapterGroup?: string | null;
  @Field(() => Money, { description: 'Customs value the duty is computed on (CIF or FOB by destination).' }) customsValue!: Money;
  @Field(() => String, { description: 'CIF or FOB.' }) valuationBasis!: string;
  @Field(() => String, { nullable: true, description: 'Why no duty is due (de minimis, customs union), when so.' }) exemption?: string | null;
}

@ObjectType({ description: 'One cost and who pays it under the incoterm.' })
export class CostLine {
  @Field(() => String, { description: 'Breakdown line (e.g. transportFee, customsDuty, insurance).' }) item!: string;
  @Field(() => CostPayer, { description: 'SELLER or BUYER.' }) payer!: CostPayer;
  @Field(() => Money, { description: 'Amount.' }) amount!: Money;
}

@ObjectType({ description: 'Who pays what under the incoterm.' })
export class CostAllocation {
  @Field(() => Incoterm, { description: 'Incoterm applied.' }) incoterms!: Incoterm;
  @Field(() => Money, { description: 'Costs the seller bears.' }) seller!: Money;
  @Field(() => Money, { description: 'Costs the buyer bears.' }) buyer!: Money;
  @Field(() => [CostLine], { description: 'Each cost and its payer.' }) lines!: CostLine[];
}

@ObjectType({ description: 'Exchange rate used.' })
export class ExchangeRate {
  @Field(() => String, { description: 'From currency.' }) from!: string;
  @Field(() => String, { description: 'To currency.' }) to!: string;
  @Field(() => Float, { description: 'Units of `to` per unit of `from`.' }) rate!: number;
  @Field(() => String, { description: 'Date of the reference rate (YYYY-MM-DD).' }) date!: string;
}

@ObjectType({ description: 'A cross-border landed-cost estimate.' })
export class CrossBorderFare {
  @Field(() => Money, { description: 'Landed cost: every line of the breakdown.' }) totalCost!: Money;
  @Field(() => CrossBorderBreakdown, { description: 'Lines of the landed cost.' }) breakdown!: CrossBorderBreakdown;
  @Field(() => String, { description: 'Currency of every amount: the declared value\'s.' }) currency!: string;
  @Field(() => CrossBorderDuties, { nullable: true, description: 'Customs duty.' }) duties?: CrossBorderDuties | null;
  @Field(() => [String], { description: 'Documents the shipment needs.' }) requiredDocuments!: string[];
  @Field(() => DayRange, { description: 'Customs clearance time in days.' }) estimatedClearanceTime!: DayRange;
  @Field(() => Float, { description: 'Until when the estimate holds (Unix timestamp, seconds).' }) validUntil!: number;
  @Field(() => CostAllocation, { description: 'Who pays what under the incoterm.' }) costAllocation!: CostAllocation;
  @Field(() => Float, { description: 'VAT/GST rate at the destination, percent (0 where none).' }) vatRate!: number;
  @Field(() => [ExchangeRate], { description: 'Reference exchange rates used.' }) exchangeRates!: ExchangeRate[];
  @Field(() => Metadata, { description: 'How the answer was produced.' }) metadata!: Metadata;
}

