import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { Accuracy, DataSource, LengthUnit, VolumeUnit, WeightUnit } from './enums.js';

/**
 * Inputs and results the areas of the utilities family share (spec group 15): places, weights, positions, metadata
 * and the two-unit answers. Field names follow the spec's table; fields beyond it are additions documented in
 * docs/utilities.md. Inputs carry no class-validator decorators: the services validate them and answer
 * UTILITY::VALIDATION_FAILED naming the field, so GraphQL clients get the family's own code too.
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

