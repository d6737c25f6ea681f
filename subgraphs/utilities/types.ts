import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import {
  Accuracy, CostPayer, DataSource, DeliveryPackageType, DeliveryServiceLevel, FreightUrgency, Incoterm, LengthUnit, RideVehicleClass,
  SurgeRule, TransportMode, VehicleStatus, VolumeUnit, WeightUnit, ZoneServiceType, ZoneType,
} from './enums.js';

/**
 * Inputs and results of the utilities family (spec group 15). Field names follow the spec's table; fields beyond it
 * are additions documented in docs/utilities.md. Inputs carry no class-validator decorators: the service validates
 * them and answers UTILITY::VALIDATION_FAILED naming the field, so GraphQL clients get the family's own code too.
 * Unix timestamps are seconds.
 */

// ================================================================= common inputs

@InputType('UtilityPlaceInput', { description: 'A place: coordinates when known, else city and country, else country alone.' })
export class PlaceInput {
  @Field(() => String, { nullable: true, description: 'Free-text address; when no city is given, its comma-separated parts are tried as city names.' })
  address?: string | null;
  @Field(() => String, { nullable: true, description: 'City (located with the GeoNames gazetteer).' })
  city?: string | null;
  @Field(() => String, { description: 'Country: ISO 3166-1 alpha-2 or alpha-3 code, or English name.' })
  country!: string;
  @Field(() => String, { nullable: true, description: 'Postal code (delivery); accepted, not used to locate the place.' })
  zip?: string | null;
  @Field(() => [Float], { nullable: true, description: 'Position as [lat, lng] in degrees; when given, it is used as is (accuracy PRECISE).' })
  coordinates?: number[] | null;
}

@InputType('UtilityEtaPlaceInput', { description: 'A place of an ETA: coordinates (or, failing them, city and country).' })
export class EtaPlaceInput {
  @Field(() => [Float], { nullable: true, description: 'Position as [lat, lng] in degrees.' })
  coordinates?: number[] | null;
  @Field(() => String, { nullable: true, description: 'Free-text address, used like a place\'s address.' })
  address?: string | null;
  @Field(() => String, { nullable: true, description: 'City, used when no coordinates are given.' })
  city?: string | null;
  @Field(() => String, { nullable: true, description: 'Country (code or English name), used when no coordinates are given.' })
  country?: string | null;
}

@InputType('UtilityWeightInput', { description: 'A weight.' })
export class WeightInput {
  @Field(() => Float, { description: 'Amount, more than 0.' }) value!: number;
  @Field(() => WeightUnit, { description: 'Unit: kg, lb, g or t.' }) unit!: WeightUnit;
}

@InputType('UtilityDimensionsInput', { description: 'Outer dimensions of a package.' })
export class DimensionsInput {
  @Field(() => Float, { description: 'Length, more than 0.' }) length!: number;
  @Field(() => Float, { description: 'Width, more than 0.' }) width!: number;
  @Field(() => Float, { description: 'Height, more than 0.' }) height!: number;
  @Field(() => LengthUnit, { description: 'Unit: cm, in or m.' }) unit!: LengthUnit;
}

@InputType('UtilityVolumeInput', { description: 'A volume.' })
export class VolumeInput {
  @Field(() => Float, { description: 'Amount, more than 0.' }) value!: number;
  @Field(() => VolumeUnit, { description: 'Unit: m3, ft3 or L.' }) unit!: VolumeUnit;
}

@InputType('UtilityMoneyInput', { description: 'An amount of money.' })
export class MoneyInput {
  @Field(() => Float, { description: 'Amount, 0 or more.' }) amount!: number;
  @Field(() => String, { description: 'ISO 4217 currency code (e.g. USD, EUR, KES).' }) currency!: string;
}

@InputType('UtilityLatLngInput', { description: 'A position in degrees.' })
export class LatLngInput {
  @Field(() => Float, { description: 'Latitude, -90 to 90.' }) lat!: number;
  @Field(() => Float, { description: 'Longitude, -180 to 180.' }) lng!: number;
}

// ================================================================= common outputs

@ObjectType('UtilityLatLng', { description: 'A position in degrees.' })
export class LatLng {
  @Field(() => Float, { description: 'Latitude.' }) lat!: number;
  @Field(() => Float, { description: 'Longitude.' }) lng!: number;
}

@ObjectType('UtilityMoney', { description: 'An amount of money, rounded to the currency\'s minor unit.' })
export class Money {
  @Field(() => Float, { description: 'Amount.' }) amount!: number;
  @Field(() => String, { description: 'ISO 4217 currency code.' }) currency!: string;
}

@ObjectType('UtilityLocatedPlace', { description: 'How one place of the request was located.' })
export class LocatedPlace {
  @Field(() => String, { description: 'Which place of the request (origin, destination, pickup, dropoff, location).' }) role!: string;
  @Field(() => Float, { description: 'Latitude used.' }) lat!: number;
  @Field(() => Float, { description: 'Longitude used.' }) lng!: number;
  @Field(() => String, { description: 'COORDINATES (given), GAZETTEER (city found in GeoNames) or COUNTRY_CENTROID.' }) source!: string;
  @Field(() => Accuracy, { description: 'Accuracy of this place.' }) accuracy!: Accuracy;
  @Field(() => Float, { description: 'Confidence of this place, 0 to 1.' }) confidence!: number;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2 code of the place\'s country.' }) country?: string | null;
  @Field(() => String, { nullable: true, description: 'Name of the gazetteer city or country used.' }) matchedName?: string | null;
  @Field(() => String, { nullable: true, description: 'IANA time zone of the position.' }) timeZone?: string | null;
}

@ObjectType('UtilityMetadata', { description: 'How the answer was produced.' })
export class Metadata {
  @Field(() => Accuracy, { description: 'Least accurate of the places: PRECISE only when every place had coordinates.' }) accuracy!: Accuracy;
  @Field(() => Float, { description: 'Confidence, 0 to 1 (docs/utilities.md says how it is computed).' }) confidence!: number;
  @Field(() => DataSource, { description: 'HYBRID, FALLBACK (a country centroid was used) or LSP.' }) dataSource!: DataSource;
  @Field(() => Float, { description: 'When the answer was calculated (Unix timestamp, seconds).' }) calculatedAt!: number;
  @Field(() => String, { nullable: true, description: 'Terms of the estimate (delivery and cross-border).' }) disclaimer?: string | null;
  @Field(() => [LocatedPlace], { description: 'How each place was located.' }) locations!: LocatedPlace[];
  @Field(() => String, { description: 'Version of the reference models (docs/utilities.md).' }) modelVersion!: string;
}

@ObjectType('UtilityKmMi', { description: 'A distance in kilometres and in miles.' })
export class KmMi {
  @Field(() => Float, { description: 'Kilometres (2 decimals).' }) kilometer!: number;
  @Field(() => Float, { description: 'Miles (2 decimals).' }) mile!: number;
}

@ObjectType('UtilityMinuteHour', { description: 'A duration in minutes and in hours (the same duration in two units).' })
export class MinuteHour {
  @Field(() => Float, { description: 'Minutes (whole minutes, rounded up).' }) minute!: number;
  @Field(() => Float, { description: 'Hours (2 decimals).' }) hour!: number;
}

@ObjectType('UtilityDays', { description: 'A number of days.' })
export class Days {
  @Field(() => Int, { description: 'Days.' }) day!: number;
}

@ObjectType('UtilityDayRange', { description: 'A range of days.' })
export class DayRange {
  @Field(() => Days, { description: 'Fewest days.' }) min!: Days;
  @Field(() => Days, { description: 'Most days.' }) max!: Days;
}

// ================================================================= /fares/delivery

@InputType({ description: 'A parcel delivery fare request (`POST /realm/utilities/fares/delivery`).' })
export class DeliveryFareInput {
  @Field(() => PlaceInput, { description: 'Where the parcel is collected.' }) origin!: PlaceInput;
  @Field(() => PlaceInput, { description: 'Where it is delivered.' }) destination!: PlaceInput;
  @Field(() => DeliveryServiceLevel, { description: 'Service level.' }) serviceLevel!: DeliveryServiceLevel;
  @Field(() => WeightInput, { description: 'Actual weight.' }) weight!: WeightInput;
  @Field(() => DimensionsInput, { nullable: true, description: 'Outer dimensions (volumetric weight = L×W×H cm³ / 5000).' }) dimensions?: DimensionsInput | null;
  @Field(() => DeliveryPackageType, { nullable: true, description: 'Kind of package (default PARCEL).' }) packageType?: DeliveryPackageType | null;
  @Field(() => String, { nullable: true, description: 'Currency of the quote (ISO 4217, default USD).' }) currency?: string | null;
}

@ObjectType({ description: 'Lines of a delivery fare (they add up to totalFee).' })
export class DeliveryFareBreakdown {
  @Field(() => Float, { description: 'Base fee of the service level.' }) baseFee!: number;
  @Field(() => Float, { description: 'Road-distance fee.' }) distanceFee!: number;
  @Field(() => Float, { description: 'Fee on the chargeable weight above the included kilogram.' }) weightFee!: number;
  @Field(() => Float, { description: 'Service-level fee.' }) serviceFee!: number;
  @Field(() => Float, { nullable: true, description: 'Fuel surcharge.' }) fuelSurcharge?: number | null;
  @Field(() => Float, { nullable: true, description: 'Peak-season adjustment (15 Nov – 31 Dec), absent otherwise.' }) seasonalAdjustment?: number | null;
  @Field(() => Float, { nullable: true, description: 'Handling fee of the package type, absent when none.' }) handlingFee?: number | null;
}

@ObjectType({ description: 'A parcel delivery fare.' })
export class DeliveryFare {
  @Field(() => Float, { description: 'Total fee.' }) totalFee!: number;
  @Field(() => String, { description: 'Currency of every amount.' }) currency!: string;
  @Field(() => DeliveryFareBreakdown, { description: 'Lines of the fee.' }) breakdown!: DeliveryFareBreakdown;
  @Field(() => DeliveryServiceLevel, { description: 'Service level priced.' }) serviceLevel!: DeliveryServiceLevel;
  @Field(() => DayRange, { nullable: true, description: 'Delivery time in days.' }) estimatedDeliveryTime?: DayRange | null;
  @Field(() => Float, { description: 'Chargeable weight (kg): the larger of actual and volumetric weight.' }) chargeableWeight!: number;
  @Field(() => KmMi, { description: 'Road distance priced.' }) distance!: KmMi;
  @Field(() => Boolean, { description: 'Whether the parcel crosses a border.' }) international!: boolean;
  @Field(() => Metadata, { description: 'How the answer was produced.' }) metadata!: Metadata;
}

// ================================================================= /fares/transport

@InputType({ description: 'Cargo of a transport fare.' })
export class CargoInput {
  @Field(() => WeightInput, { description: 'Gross weight.' }) weight!: WeightInput;
  @Field(() => VolumeInput, { nullable: true, description: 'Volume (chargeable weight uses the mode\'s volumetric factor).' }) volume?: VolumeInput | null;
  @Field(() => String, { nullable: true, description: 'Kind of cargo (free text, e.g. GENERAL, PALLETS, BULK).' }) type?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Dangerous goods (adds the hazardous surcharge).' }) hazardous?: boolean | null;
}

@InputType({ description: 'A freight transport fare request (`POST /realm/utilities/fares/transport`).' })
export class TransportFareInput {
  @Field(() => PlaceInput, { description: 'Origin.' }) origin!: PlaceInput;
  @Field(() => PlaceInput, { description: 'Destination.' }) destination!: PlaceInput;
  @Field(() => TransportMode, { description: 'Mode of transport.' }) transportMode!: TransportMode;
  @Field(() => String, { nullable: true, description: 'Vehicle type wanted; counts availableVehicles of that type.' }) vehicleType?: string | null;
  @Field(() => CargoInput, { description: 'The cargo.' }) cargo!: CargoInput;
  @Field(() => FreightUrgency, { nullable: true, description: 'Urgency (default STANDARD).' }) urgency?: FreightUrgency | null;
  @Field(() => String, { nullable: true, description: 'Currency of the quote (ISO 4217, default USD).' }) currency?: string | null;
}

@ObjectType({ description: 'A duration in hours and in days (the same duration in two units).' })
export class HourDay {
  @Field(() => Float, { description: 'Hours (1 decimal).' }) hour!: number;
  @Field(() => Float, { description: 'Days (2 decimals).' }) day!: number;
}

@ObjectType({ description: 'A freight transport fare.' })
export class TransportFare {
  @Field(() => Float, { description: 'Base fare of the mode.' }) baseFare!: number;
  @Field(() => Float, { description: 'Distance fare (with the urgency multiplier).' }) distanceFare!: number;
  @Field(() => Float, { description: 'Weight fare per chargeable tonne-km (with the urgency multiplier).' }) weightFare!: number;
  @Field(() => Float, { description: 'Fuel surcharge.' }) fuelSurcharge!: number;
  @Field(() => Float, { nullable: true, description: 'Hazardous-cargo surcharge, absent for ordinary cargo.' }) hazardousSurcharge?: number | null;
  @Field(() => Float, { description: 'Total fare.' }) totalFare!: number;
  @Field(() => String, { description: 'Currency of every amount.' }) currency!: string;
  @Field(() => KmMi, { description: 'Distance by the mode.' }) distance!: KmMi;
  @Field(() => HourDay, { nullable: true, description: 'Door-to-door duration: moving time, driver rest (ROAD) and handling.' }) estimatedDuration?: HourDay | null;
  @Field(() => Int, { nullable: true, description: 'AVAILABLE vehicles of this workspace (of vehicleType when given) reported within 50 km of the origin in the last 10 minutes, counted up to 100.' })
  availableVehicles?: number | null;
  @Field(() => Float, { description: 'Chargeable weight (kg).' }) chargeableWeight!: number;
  @Field(() => FreightUrgency, { description: 'Urgency priced.' }) urgency!: FreightUrgency;
  @Field(() => Metadata, { description: 'How the answer was produced.' }) metadata!: Metadata;
}

// ================================================================= /fares/ride

@InputType({ description: 'A ride fare request (`POST /realm/utilities/fares/ride`).' })
export class RideFareInput {
  @Field(() => PlaceInput, { description: 'Pickup place (its local time decides the surge).' }) pickup!: PlaceInput;
  @Field(() => PlaceInput, { description: 'Drop-off place.' }) dropoff!: PlaceInput;
  @Field(() => RideVehicleClass, { nullable: true, description: 'Vehicle class (default STANDARD, or XL above 4 passengers).' }) vehicleClass?: RideVehicleClass | null;
  @Field(() => Int, { nullable: true, description: 'Passengers, 1 to the class\'s seats (default 1).' }) passengerCount?: number | null;
  @Field(() => Float, { nullable: true, description: 'When the ride is requested (Unix timestamp, seconds; milliseconds accepted); default now.' }) requestTime?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'List the nearest available drivers in pickupEstimate.drivers.' }) includeNearbyDrivers?: boolean | null;
}

@ObjectType({ description: 'Fare lines of a ride (all in `currency`).' })
export class RideEstimatedFare {
  @Field(() => Float, { description: 'Base fare of the class.' }) baseFare!: number;
  @Field(() => Float, { description: 'Per-km rate × trip kilometres.' }) distanceFare!: number;
  @Field(() => Float, { description: 'Per-minute rate × trip minutes.' }) timeFare!: number;
  @Field(() => Float, { description: 'Surge amount: (base + distance + time) × (multiplier − 1).' }) surgeFare!: number;
  @Field(() => Float, { description: 'Booking fee.' }) bookingFee!: number;
  @Field(() => Float, { description: 'base + distance + time + booking fee.' }) totalBeforeSurge!: number;
  @Field(() => Float, { description: 'What the rider pays: totalBeforeSurge + surgeFare, at least minimumFare.' }) totalAfterSurge!: number;
  @Field(() => Float, { description: 'Minimum fare of the class.' }) minimumFare!: number;
  @Field(() => Boolean, { description: 'Whether the minimum fare set the total.' }) minimumFareApplied!: boolean;
  @Field(() => String, { description: 'Currency (USD, as the spec\'s constants).' }) currency!: string;
}

@ObjectType({ description: 'Surge applied to a ride.' })
export class RideSurgeInfo {
  @Field(() => Float, { description: 'Multiplier (1.0, 1.3, 1.5 or 1.8).' }) multiplier!: number;
  @Field(() => String, { description: 'Which rule applied, in words, with the pickup\'s local time.' }) reason!: string;
  @Field(() => Boolean, { description: 'Whether a surge applies (multiplier above 1).' }) isActive!: boolean;
  @Field(() => SurgeRule, { description: 'The rule, as a code.' }) rule!: SurgeRule;
  @Field(() => String, { description: 'Pickup local time used (YYYY-MM-DDTHH:MM:SS).' }) localTime!: string;
  @Field(() => String, { description: 'IANA time zone of the pickup.' }) timeZone!: string;
}

@ObjectType({ description: 'Trip distance and duration of a ride.' })
export class RideTripEstimate {
  @Field(() => KmMi, { description: 'Road distance.' }) distance!: KmMi;
  @Field(() => MinuteHour, { description: 'Driving time.' }) duration!: MinuteHour;
  @Field(() => Float, { description: 'Confidence of the estimate, 0 to 1.' }) confidence!: number;
}

@ObjectType({ description: 'Minutes.' })
export class Minutes {
  @Field(() => Float, { description: 'Minutes.' }) minute!: number;
}

@ObjectType({ description: 'A vehicle found near a place.' })
export class NearbyVehicle {
  @Field(() => ID, { description: 'Vehicle identifier, as its fleet reports it.' }) id!: string;
  @Field(() => String, { description: 'Vehicle type (upper case).' }) type!: string;
  @Field(() => VehicleStatus, { description: 'Status last reported.' }) status!: VehicleStatus;
  @Field(() => LatLng, { description: 'Last reported position.' }) location!: LatLng;
  @Field(() => Float, { description: 'Great-circle distance from the search point, metres (0.1 m).' }) distance!: number;
  @Field(() => Float, { description: 'When the position was reported (Unix timestamp, seconds).' }) updatedAt!: number;
}

@ObjectType({ description: 'How soon a driver can pick up.' })
export class RidePickupEstimate {
  @Field(() => Minutes, { nullable: true, description: 'Minutes for the nearest available driver to arrive; null when none is within 5 km.' }) eta?: Minutes | null;
  @Field(() => Int, { description: 'AVAILABLE drivers within 5 km reported in the last 10 minutes, counted up to 50 (the nearest).' }) nearbyDrivers!: number;
  @Field(() => Float, { nullable: true, description: 'Mean distance of the counted drivers, metres.' }) averageDistance?: number | null;
  @Field(() => [NearbyVehicle], { nullable: true, description: 'The nearest of them (includeNearbyDrivers).' }) drivers?: NearbyVehicle[] | null;
}

@ObjectType({ description: 'A ride fare estimate.' })
export class RideFare {
  @Field(() => RideEstimatedFare, { description: 'The fare.' }) estimatedFare!: RideEstimatedFare;
  @Field(() => RideSurgeInfo, { description: 'Surge applied.' }) surgeInfo!: RideSurgeInfo;
  @Field(() => RideTripEstimate, { description: 'Trip distance and duration.' }) tripEstimate!: RideTripEstimate;
  @Field(() => RidePickupEstimate, { description: 'Pickup estimate.' }) pickupEstimate!: RidePickupEstimate;
  @Field(() => RideVehicleClass, { description: 'Vehicle class priced.' }) vehicleClass!: RideVehicleClass;
  @Field(() => Metadata, { description: 'How the answer was produced.' }) metadata!: Metadata;
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

// ================================================================= /distance

@InputType({ description: 'A distance request (`POST /realm/utilities/distance`).' })
export class DistanceInput {
  @Field(() => PlaceInput, { description: 'Origin.' }) origin!: PlaceInput;
  @Field(() => PlaceInput, { description: 'Destination.' }) destination!: PlaceInput;
  @Field(() => TransportMode, { description: 'Mode.' }) mode!: TransportMode;
}

@ObjectType({ description: 'A distance value.' })
export class DistanceValue {
  @Field(() => Float, { description: 'Kilometres (2 decimals).' }) value!: number;
  @Field(() => String, { description: 'Always km.' }) unit!: string;
  @Field(() => Float, { description: 'Miles (2 decimals).' }) miles!: number;
}

@ObjectType({ description: 'A distance between two places by a mode.' })
export class RouteDistance {
  @Field(() => DistanceValue, { description: 'The distance.' }) distance!: DistanceValue;
  @Field(() => TransportMode, { description: 'Mode.' }) mode!: TransportMode;
  @Field(() => Float, { description: 'When it was calculated (Unix timestamp, seconds).' }) calculatedAt!: number;
  @Field(() => String, { description: 'GREAT_CIRCLE (AIR), CIRCUITY (ROAD, RAIL) or SEA_ROUTE.' }) method!: string;
  @Field(() => Float, { description: 'Great-circle distance, km.' }) greatCircleKm!: number;
  @Field(() => Float, { nullable: true, description: 'SEA: the maritime leg, km.' }) seaKm?: number | null;
  @Field(() => Float, { nullable: true, description: 'SEA: the road legs to and from the maritime network, km.' }) accessKm?: number | null;
  @Field(() => Metadata, { description: 'How the answer was produced.' }) metadata!: Metadata;
}

// ================================================================= /zone

@InputType({ description: 'A zone assignment request (`POST /realm/utilities/zone`).' })
export class ZoneInput {
  @Field(() => PlaceInput, { description: 'The location.' }) location!: PlaceInput;
  @Field(() => ZoneServiceType, { nullable: true, description: 'Service (default DELIVERY).' }) serviceType?: ZoneServiceType | null;
}

@ObjectType({ description: 'The area a zone covers.' })
export class ZoneCoverage {
  @Field(() => String, { description: 'CIRCLE (city, metro), ADMIN_AREA (region) or COUNTRY.' }) shape!: string;
  @Field(() => LatLng, { description: 'Centre.' }) center!: LatLng;
  @Field(() => Float, { nullable: true, description: 'Radius of a CIRCLE, metres.' }) radius?: number | null;
  @Field(() => String, { description: 'Country (ISO 3166-1 alpha-2).' }) country!: string;
  @Field(() => String, { nullable: true, description: 'First-level division (GeoNames code, e.g. KE.05).' }) region?: string | null;
  @Field(() => Float, { nullable: true, description: 'Population of the zone\'s city (GeoNames).' }) population?: number | null;
}

@ObjectType({ description: 'A zone.' })
export class Zone {
  @Field(() => ID, { description: 'Stable identifier, e.g. city:184745, metro:184745, region:KE.05, country:KE.' }) id!: string;
  @Field(() => String, { description: 'Name.' }) name!: string;
  @Field(() => ZoneType, { description: 'Tier.' }) type!: ZoneType;
  @Field(() => ZoneCoverage, { description: 'Area covered.' }) coverage!: ZoneCoverage;
  @Field(() => String, { description: 'DEFAULT (platform zoning) or LSP (an LSP coverage area).' }) source!: string;
}

@ObjectType({ description: 'The zone a location belongs to.' })
export class ZoneAssignment {
  @Field(() => Zone, { description: 'The zone.' }) zone!: Zone;
  @Field(() => ZoneServiceType, { description: 'Service asked for.' }) serviceType!: ZoneServiceType;
  @Field(() => Float, { description: 'When it was assigned (Unix timestamp, seconds).' }) calculatedAt!: number;
  @Field(() => Metadata, { description: 'How the answer was produced.' }) metadata!: Metadata;
}

// ================================================================= /nearby/*

@InputType({ description: 'A radius search (`POST /realm/utilities/nearby/search`).' })
export class NearbySearchInput {
  @Field(() => LatLngInput, { description: 'Centre.' }) location!: LatLngInput;
  @Field(() => Float, { description: 'Radius in metres, more than 0 and at most 100,000.' }) radius!: number;
  @Field(() => String, { nullable: true, description: 'Only this vehicle type.' }) vehicleType?: string | null;
  @Field(() => VehicleStatus, { nullable: true, description: 'Only this status.' }) status?: VehicleStatus | null;
  @Field(() => Int, { nullable: true, description: 'At most this many vehicles (default 20, max 100), nearest first.' }) limit?: number | null;
}

@ObjectType({ description: 'Vehicles within a radius.' })
export class NearbySearchResult {
  @Field(() => [NearbyVehicle], { description: 'Vehicles, nearest first.' }) vehicles!: NearbyVehicle[];
  @Field(() => Int, { description: 'Number of vehicles returned.' }) count!: number;
  @Field(() => Float, { description: 'Radius searched, metres.' }) searchRadius!: number;
  @Field(() => LatLng, { description: 'Centre searched.' }) location!: LatLng;
}

@InputType({ description: 'A bounding box.' })
export class BoundsInput {
  @Field(() => LatLngInput, { description: 'North-east corner.' }) northeast!: LatLngInput;
  @Field(() => LatLngInput, { description: 'South-west corner (its longitude may exceed the north-east one\'s: the box then crosses the antimeridian).' }) southwest!: LatLngInput;
}

@InputType({ description: 'A bounding-box search (`POST /realm/utilities/nearby/bounds`).' })
export class NearbyBoundsInput {
  @Field(() => BoundsInput, { description: 'The box.' }) bounds!: BoundsInput;
  @Field(() => String, { nullable: true, description: 'Only this vehicle type.' }) vehicleType?: string | null;
  @Field(() => VehicleStatus, { nullable: true, description: 'Only this status.' }) status?: VehicleStatus | null;
  @Field(() => Int, { nullable: true, description: 'At most this many vehicles (default 20, max 100), nearest the box centre first.' }) limit?: number | null;
}

@ObjectType({ description: 'A bounding box.' })
export class Bounds {
  @Field(() => LatLng, { description: 'North-east corner.' }) northeast!: LatLng;
  @Field(() => LatLng, { description: 'South-west corner.' }) southwest!: LatLng;
}

@ObjectType({ description: 'Vehicles inside a bounding box.' })
export class NearbyBoundsResult {
  @Field(() => [NearbyVehicle], { description: 'Vehicles, nearest the centre first (distance is from the centre).' }) vehicles!: NearbyVehicle[];
  @Field(() => Int, { description: 'Number of vehicles returned.' }) count!: number;
  @Field(() => Bounds, { description: 'Box searched.' }) bounds!: Bounds;
  @Field(() => LatLng, { description: 'Centre of the box.' }) center!: LatLng;
}

@InputType({ description: 'A k-nearest search (`POST /realm/utilities/nearby/nearest`).' })
export class NearestInput {
  @Field(() => LatLngInput, { description: 'Point.' }) location!: LatLngInput;
  @Field(() => Int, { description: 'How many vehicles, 1 to 100.' }) count!: number;
  @Field(() => String, { nullable: true, description: 'Only this vehicle type.' }) vehicleType?: string | null;
  @Field(() => VehicleStatus, { nullable: true, description: 'Only this status.' }) status?: VehicleStatus | null;
  @Field(() => Float, { nullable: true, description: 'Only within this many metres (at most 100,000).' }) maxDistance?: number | null;
}

@ObjectType({ description: 'The nearest vehicles to a point.' })
export class NearestResult {
  @Field(() => [NearbyVehicle], { description: 'Vehicles, nearest first.' }) vehicles!: NearbyVehicle[];
  @Field(() => Int, { description: 'Number of vehicles returned (at most the count asked).' }) count!: number;
  @Field(() => Int, { description: 'Count asked.' }) requested!: number;
  @Field(() => Float, { nullable: true, description: 'Distance limit applied, metres.' }) maxDistance?: number | null;
  @Field(() => LatLng, { description: 'Point searched.' }) location!: LatLng;
}

// ================================================================= /eta

@InputType({ description: 'An arrival-time request (`POST /realm/utilities/eta`).' })
export class EtaInput {
  @Field(() => EtaPlaceInput, { description: 'Origin.' }) origin!: EtaPlaceInput;
  @Field(() => EtaPlaceInput, { description: 'Destination.' }) destination!: EtaPlaceInput;
  @Field(() => TransportMode, { description: 'Mode.' }) mode!: TransportMode;
  @Field(() => Float, { nullable: true, description: 'Departure (Unix timestamp, seconds; milliseconds accepted); default now.' }) departureTime?: number | null;
}

@ObjectType({ description: 'Kilometres.' })
export class Kilometers {
  @Field(() => Float, { description: 'Kilometres (2 decimals).' }) kilometer!: number;
}

@ObjectType({ description: 'An arrival-time estimate.' })
export class ArrivalEstimate {
  @Field(() => Float, { description: 'Arrival (Unix timestamp, seconds).' }) estimatedArrival!: number;
  @Field(() => MinuteHour, { description: 'Travel time.' }) duration!: MinuteHour;
  @Field(() => Kilometers, { description: 'Distance by the mode.' }) distance!: Kilometers;
  @Field(() => Float, { description: 'Departure used (Unix timestamp, seconds).' }) departureTime!: number;
  @Field(() => TransportMode, { description: 'Mode.' }) mode!: TransportMode;
  @Field(() => Float, { description: 'When it was calculated (Unix timestamp, seconds).' }) calculatedAt!: number;
  @Field(() => Metadata, { description: 'How the answer was produced.' }) metadata!: Metadata;
}

// ================================================================= vehicle positions

@InputType({ description: 'A vehicle position report.' })
export class VehiclePositionInput {
  @Field(() => ID, { description: 'Vehicle identifier in the fleet (1–64 characters: letters, digits, - _ . :).' }) vehicleId!: string;
  @Field(() => String, { description: 'Vehicle type (e.g. CAR, MOTORBIKE, VAN, TRUCK; stored upper case).' }) type!: string;
  @Field(() => VehicleStatus, { description: 'Status.' }) status!: VehicleStatus;
  @Field(() => LatLngInput, { description: 'Position.' }) location!: LatLngInput;
  @Field(() => Float, { nullable: true, description: 'Heading, degrees clockwise from north (0–360).' }) heading?: number | null;
  @Field(() => Float, { nullable: true, description: 'Speed, km/h (0 or more).' }) speed?: number | null;
  @Field(() => Float, { nullable: true, description: 'When the position was measured (Unix timestamp, seconds); default now. An older report than the stored one is ignored.' })
  recordedAt?: number | null;
}

@ObjectType({ description: 'The last known position of a vehicle.' })
export class VehiclePosition {
  @Field(() => ID, { description: 'Vehicle identifier.' }) id!: string;
  @Field(() => String, { description: 'Vehicle type.' }) type!: string;
  @Field(() => VehicleStatus, { description: 'Status.' }) status!: VehicleStatus;
  @Field(() => LatLng, { description: 'Position.' }) location!: LatLng;
  @Field(() => Float, { nullable: true, description: 'Heading, degrees.' }) heading?: number | null;
  @Field(() => Float, { nullable: true, description: 'Speed, km/h.' }) speed?: number | null;
  @Field(() => Float, { description: 'When the position was measured (Unix timestamp, seconds).' }) updatedAt!: number;
}

@ObjectType({ description: 'Outcome of a batch of position reports.' })
export class VehiclePositionBatch {
  @Field(() => Int, { description: 'Reports stored (new or newer than the stored position).' }) stored!: number;
  @Field(() => Int, { description: 'Reports ignored because a newer position was already stored.' }) ignored!: number;
}
