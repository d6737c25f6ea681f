import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { DayRange, DimensionsInput, KmMi, Metadata, MinuteHour, PlaceInput, VolumeInput, WeightInput } from '../common/types.js';
import { DeliveryPackageType, DeliveryServiceLevel, FreightUrgency, RideVehicleClass, SurgeRule, TransportMode } from '../common/enums.js';
import { NearbyVehicle } from '../nearby/types.js';

/** Inputs and results of the delivery, transport and ride fares (spec group 15; docs/utilities.md). */

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

