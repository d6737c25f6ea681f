import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeScalar, DecimalScalar } from '../../../kernel/scalars.js';
import { TransportMode } from '../../../domain/transport.js';
import { DayRange, DimensionsInput, EstimateMetadata, KilometersMiles, MinutesHours, PlaceInput, VolumeInput, WeightInput } from '../common/types.js';
import { NearbyVehicle } from '../nearby/types.js';
import { FreightUrgency, RideVehicleClass, SurgeRule } from './enums.js';
import { DeliveryPackageType, DeliveryServiceLevel } from '../../../domain/parcel-delivery.js';

/**
 * Inputs and results of the delivery, transport and ride fares (spec group 15; docs/utilities.md). Amounts are
 * `Decimal`, in the one `currency` beside them, each rounded to the currency's minor unit; REST writes them as numbers.
 */

// ================================================================= /fares/delivery

@InputType({ description: 'A parcel delivery fare request.' })
export class DeliveryFareInput {
  @Field(() => PlaceInput, { description: 'Where the parcel is collected.' }) origin!: PlaceInput;
  @Field(() => PlaceInput, { description: 'Where it is delivered.' }) destination!: PlaceInput;
  @Field(() => DeliveryServiceLevel, { description: 'Service level to price.' }) serviceLevel!: DeliveryServiceLevel;
  @Field(() => WeightInput, { description: 'Actual weight, at most 1,000 kg.' }) weight!: WeightInput;
  @Field(() => DimensionsInput, { nullable: true, description: 'Outer dimensions: the chargeable weight is the larger of the actual and the volumetric weight.' }) dimensions?: DimensionsInput | null;
  @Field(() => DeliveryPackageType, { nullable: true, description: 'Kind of package (default PARCEL).' }) packageType?: DeliveryPackageType | null;
  @Field(() => String, { nullable: true, description: 'Currency of the quote: an ISO 4217 code with a reference exchange rate (default USD).' }) currency?: string | null;
}

@ObjectType({ description: "Lines of a delivery fare, in the fare's currency (they add up to totalFee)." })
export class DeliveryFareBreakdown {
  @Field(() => DecimalScalar, { description: 'Base fee of the service level.' }) baseFee!: number;
  @Field(() => DecimalScalar, { description: 'Fee on the road distance, by distance band.' }) distanceFee!: number;
  @Field(() => DecimalScalar, { description: 'Fee on the chargeable weight above the included kilogram.' }) weightFee!: number;
  @Field(() => DecimalScalar, { description: 'Fee of the service level: a share of the distance and weight fees.' }) serviceFee!: number;
  @Field(() => DecimalScalar, { nullable: true, description: 'Fuel surcharge: 10 % of the base, distance and weight fees.' }) fuelSurcharge?: number | null;
  @Field(() => DecimalScalar, { nullable: true, description: 'Peak-season adjustment (15 November – 31 December), null otherwise.' }) seasonalAdjustment?: number | null;
  @Field(() => DecimalScalar, { nullable: true, description: 'Handling fee of the package type, null when none.' }) handlingFee?: number | null;
}

@ObjectType({ description: 'A parcel delivery fare: its lines, the weight and distance priced, the delivery days.' })
export class DeliveryFare {
  @Field(() => DecimalScalar, { description: "Total fee: the sum of the breakdown's lines." }) totalFee!: number;
  @Field(() => String, { description: 'ISO 4217 currency of every amount of the fare.' }) currency!: string;
  @Field(() => DeliveryFareBreakdown, { description: 'Lines of the fee.' }) breakdown!: DeliveryFareBreakdown;
  @Field(() => DeliveryServiceLevel, { description: 'Service level priced.' }) serviceLevel!: DeliveryServiceLevel;
  @Field(() => DayRange, { nullable: true, description: 'Delivery time in days, from the service level, the road distance and any border.' }) estimatedDeliveryTime?: DayRange | null;
  @Field(() => Float, { description: 'Chargeable weight, kg: the larger of the actual and the volumetric weight.' }) chargeableWeight!: number;
  @Field(() => KilometersMiles, { description: 'Road distance priced.' }) distance!: KilometersMiles;
  @Field(() => Boolean, { description: 'Whether the parcel crosses a border.' }) international!: boolean;
  @Field(() => EstimateMetadata, { description: 'How the answer was produced.' }) metadata!: EstimateMetadata;
}

// ================================================================= /fares/transport

@InputType({ description: 'The cargo of a freight transport fare.' })
export class CargoInput {
  @Field(() => WeightInput, { description: "Gross weight, at most the mode's largest shipment." }) weight!: WeightInput;
  @Field(() => VolumeInput, { nullable: true, description: "Volume (chargeable weight uses the mode's volumetric factor)." }) volume?: VolumeInput | null;
  @Field(() => String, { nullable: true, description: 'Kind of cargo, free text of at most 60 characters (e.g. GENERAL, PALLETS, BULK); an open vocabulary, not priced.' }) type?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether the cargo is dangerous goods (adds the hazardous surcharge); default false.' }) hazardous?: boolean | null;
}

@InputType({ description: 'A freight transport fare request.' })
export class TransportFareInput {
  @Field(() => PlaceInput, { description: 'Where the cargo is collected.' }) origin!: PlaceInput;
  @Field(() => PlaceInput, { description: 'Where it is delivered.' }) destination!: PlaceInput;
  @Field(() => TransportMode, { description: 'Mode of transport to price.' }) transportMode!: TransportMode;
  @Field(() => String, {
    nullable: true,
    description: "Vehicle type wanted (1–40 letters, digits, _ or -, case-insensitive; the fleets' own vocabulary): availableVehicles counts that type only; an open vocabulary.",
  })
  vehicleType?: string | null;
  @Field(() => CargoInput, { description: 'The cargo to carry.' }) cargo!: CargoInput;
  @Field(() => FreightUrgency, { nullable: true, description: 'Urgency to price (default STANDARD).' }) urgency?: FreightUrgency | null;
  @Field(() => String, { nullable: true, description: 'Currency of the quote (ISO 4217, default USD).' }) currency?: string | null;
}

@ObjectType({ description: 'A duration in hours and in days (the same duration in two units).' })
export class HoursDays {
  @Field(() => Float, { description: 'Hours, 1 decimal.' }) hour!: number;
  @Field(() => Float, { description: 'Days (hours ÷ 24), 2 decimals.' }) day!: number;
}

@ObjectType({ description: 'A freight transport fare: its lines, the distance, duration and chargeable weight priced.' })
export class TransportFare {
  @Field(() => DecimalScalar, { description: 'Base fare of the mode.' }) baseFare!: number;
  @Field(() => DecimalScalar, { description: 'Distance fare: per km × km × the urgency multiplier.' }) distanceFare!: number;
  @Field(() => DecimalScalar, { description: 'Weight fare: per chargeable tonne-km × tonnes × km × the urgency multiplier.' }) weightFare!: number;
  @Field(() => DecimalScalar, { description: "Fuel surcharge: the mode's share of the distance and weight fares." }) fuelSurcharge!: number;
  @Field(() => DecimalScalar, { nullable: true, description: 'Hazardous-cargo surcharge (30 % of base, distance and weight fares), null for ordinary cargo.' }) hazardousSurcharge?: number | null;
  @Field(() => DecimalScalar, { description: 'Total fare: the sum of the lines.' }) totalFare!: number;
  @Field(() => String, { description: 'ISO 4217 currency of every amount of the fare.' }) currency!: string;
  @Field(() => KilometersMiles, { description: 'Distance by the mode, the one priced.' }) distance!: KilometersMiles;
  @Field(() => HoursDays, { nullable: true, description: 'Door-to-door duration: moving time, driver rest (ROAD) and handling.' }) estimatedDuration?: HoursDays | null;
  @Field(() => Int, { nullable: true, description: 'AVAILABLE vehicles of this workspace (of vehicleType when given) reported within 50 km of the origin in the last 10 minutes, counted up to 100.' })
  availableVehicles?: number | null;
  @Field(() => Float, { description: "Chargeable weight, kg: the larger of the gross weight and the volume × the mode's volumetric factor." }) chargeableWeight!: number;
  @Field(() => FreightUrgency, { description: 'Urgency priced.' }) urgency!: FreightUrgency;
  @Field(() => EstimateMetadata, { description: 'How the answer was produced.' }) metadata!: EstimateMetadata;
}

// ================================================================= /fares/ride

@InputType({ description: 'A ride fare request.' })
export class RideFareInput {
  @Field(() => PlaceInput, { description: 'Pickup place (its local time decides the surge).' }) pickup!: PlaceInput;
  @Field(() => PlaceInput, { description: 'Drop-off place.' }) dropoff!: PlaceInput;
  @Field(() => RideVehicleClass, { nullable: true, description: 'Vehicle class (default STANDARD, or XL above 4 passengers).' }) vehicleClass?: RideVehicleClass | null;
  @Field(() => Int, { nullable: true, description: "Passengers, 1 to the class's seats (default 1)." }) passengerCount?: number | null;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When the ride is requested (default now). REST: Unix seconds (milliseconds accepted).' }) requestTime?: Date | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether to list the nearest available drivers in pickupEstimate.drivers (default false).' }) includeNearbyDrivers?: boolean | null;
}

@ObjectType({ description: 'Fare lines of a ride, each rounded to cents, in `currency`.' })
export class RideEstimatedFare {
  @Field(() => DecimalScalar, { description: 'Base fare of the class.' }) baseFare!: number;
  @Field(() => DecimalScalar, { description: 'Per-km rate × trip kilometres.' }) distanceFare!: number;
  @Field(() => DecimalScalar, { description: 'Per-minute rate × trip minutes.' }) timeFare!: number;
  @Field(() => DecimalScalar, { description: 'Surge amount: (base + distance + time) × (multiplier − 1).' }) surgeFare!: number;
  @Field(() => DecimalScalar, { description: 'Booking fee (0: no value in the spec).' }) bookingFee!: number;
  @Field(() => DecimalScalar, { description: 'Base + distance + time fares + booking fee.' }) totalBeforeSurge!: number;
  @Field(() => DecimalScalar, { description: 'What the rider pays: totalBeforeSurge + surgeFare, at least minimumFare.' }) totalAfterSurge!: number;
  @Field(() => DecimalScalar, { description: 'Minimum fare of the class.' }) minimumFare!: number;
  @Field(() => Boolean, { description: 'Whether the minimum fare set the total.' }) minimumFareApplied!: boolean;
  @Field(() => String, { description: "ISO 4217 currency of every line: USD, as the spec's constants." }) currency!: string;
}

@ObjectType({ description: "The surge applied to a ride, read on the pickup's local clock." })
export class RideSurgeInfo {
  @Field(() => Float, { description: 'Multiplier of the rule: 1.0, 1.3, 1.5 or 1.8.' }) multiplier!: number;
  @Field(() => String, { description: "Which rule applied, in words, with the pickup's local time." }) reason!: string;
  @Field(() => Boolean, { description: 'Whether a surge applies (multiplier above 1).' }) isActive!: boolean;
  @Field(() => SurgeRule, { description: 'The rule that applied.' }) rule!: SurgeRule;
  @Field(() => String, {
    description: "The pickup's local date and time the rule was read from, as a wall clock there shows it: `YYYY-MM-DDTHH:MM:SS`, no offset (see timeZone). REST: `localTime`.",
  })
  localWallClock!: string;
  @Field(() => String, { description: 'IANA time zone of the pickup (e.g. Africa/Nairobi).' }) timeZone!: string;
}

@ObjectType({ description: 'Trip distance and driving time of a ride.' })
export class RideTripEstimate {
  @Field(() => KilometersMiles, { description: 'Road distance (great circle × 1.30).' }) distance!: KilometersMiles;
  @Field(() => MinutesHours, { description: 'Driving time on the road speed bands.' }) duration!: MinutesHours;
  @Field(() => Float, { description: "Confidence of the estimate, 0 to 1: the places' confidence × 0.85 (traffic is not modelled)." }) confidence!: number;
}

@ObjectType({ description: 'A duration in minutes.' })
export class Minutes {
  @Field(() => Float, { description: 'Minutes, whole minutes rounded up.' }) minute!: number;
}

@ObjectType({ description: "How soon a driver of the caller's workspace can pick up." })
export class RidePickupEstimate {
  @Field(() => Minutes, { nullable: true, description: 'Minutes for the nearest available driver to arrive; null when none is within 5 km.' }) eta?: Minutes | null;
  @Field(() => Int, { description: 'AVAILABLE drivers within 5 km reported in the last 10 minutes, counted up to 50 (the nearest).' }) nearbyDrivers!: number;
  @Field(() => Float, { nullable: true, description: 'Mean distance of the counted drivers, metres.' }) averageDistance?: number | null;
  @Field(() => [NearbyVehicle], { nullable: true, description: 'The nearest 10 of them, nearest first, when includeNearbyDrivers; null otherwise.' }) drivers?: NearbyVehicle[] | null;
}

@ObjectType({ description: 'A ride fare estimate: the fare lines, the surge, the trip and the pickup estimate.' })
export class RideFare {
  @Field(() => RideEstimatedFare, { description: 'The fare lines.' }) estimatedFare!: RideEstimatedFare;
  @Field(() => RideSurgeInfo, { description: 'The surge applied.' }) surgeInfo!: RideSurgeInfo;
  @Field(() => RideTripEstimate, { description: 'Trip distance and driving time.' }) tripEstimate!: RideTripEstimate;
  @Field(() => RidePickupEstimate, { description: 'How soon a driver can pick up.' }) pickupEstimate!: RidePickupEstimate;
  @Field(() => RideVehicleClass, { description: 'Vehicle class priced.' }) vehicleClass!: RideVehicleClass;
  @Field(() => EstimateMetadata, { description: 'How the answer was produced.' }) metadata!: EstimateMetadata;
}
