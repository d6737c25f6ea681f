import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeScalar } from '../../../kernel/scalars.js';
import { GeoPointInput } from '../../../kernel/graphql-types.js';
import { DimensionUnit, EstimateDataSource, PlaceRole, PlaceSource, VolumeUnit, WeightUnit } from './enums.js';
import { LocationAccuracy } from '../../../domain/vocabulary.js';

/**
 * Inputs and results the areas of the utilities family share (spec group 15): places, quantities, metadata and the
 * two-unit answers. Input field names are the REST body's (the bridge passes the body as the operation's `input`);
 * fields beyond the spec's table are documented in docs/utilities.md. Inputs carry no class-validator decorators: the
 * services validate them and answer UTILITY::VALIDATION_FAILED naming the field, so GraphQL clients get the family's
 * own code too.
 */

// ================================================================= inputs

@InputType({ description: 'A place of a fare, distance or zone request: coordinates when known, else city and country, else the country alone.' })
export class PlaceInput {
  @Field(() => String, { nullable: true, description: 'Free-text address (at most 300 characters); when no city is given, its comma-separated parts are tried as city names.' })
  address?: string | null;
  @Field(() => String, { nullable: true, description: 'City (at most 100 characters), located with the GeoNames gazetteer.' })
  city?: string | null;
  @Field(() => String, { description: 'Country: an ISO 3166-1 alpha-2 or alpha-3 code, or its English name (at most 64 characters).' })
  country!: string;
  @Field(() => String, { nullable: true, description: 'Postal code (delivery); accepted, not used to locate the place.' })
  zip?: string | null;
  @Field(() => GeoPointInput, { nullable: true, description: "The place's position; when given it is used as is (accuracy PRECISE). REST: `[lat, lng]`." })
  coordinates?: GeoPointInput | null;
}

@InputType({ description: 'A place of an arrival-time request: coordinates, or failing them a city and country, or a country.' })
export class EtaPlaceInput {
  @Field(() => GeoPointInput, { nullable: true, description: "The place's position. REST: `[lat, lng]`." })
  coordinates?: GeoPointInput | null;
  @Field(() => String, { nullable: true, description: "Free-text address, used like a place's address." })
  address?: string | null;
  @Field(() => String, { nullable: true, description: 'City, used when no coordinates are given.' })
  city?: string | null;
  @Field(() => String, { nullable: true, description: 'Country (code or English name), used when no coordinates are given.' })
  country?: string | null;
}

@InputType({ description: 'A weight.' })
export class WeightInput {
  @Field(() => Float, { description: 'Amount in `unit`, more than 0 and at most 1,000,000,000.' }) value!: number;
  @Field(() => WeightUnit, { description: 'Unit of the amount.' }) unit!: WeightUnit;
}

@InputType({ description: 'Outer dimensions of a package (its volumetric weight is L × W × H cm³ / 5000 kg).' })
export class DimensionsInput {
  @Field(() => Float, { description: 'Length in `unit`, more than 0 and at most 100,000.' }) length!: number;
  @Field(() => Float, { description: 'Width in `unit`, more than 0 and at most 100,000.' }) width!: number;
  @Field(() => Float, { description: 'Height in `unit`, more than 0 and at most 100,000.' }) height!: number;
  @Field(() => DimensionUnit, { description: 'Unit of the three sides.' }) unit!: DimensionUnit;
}

@InputType({ description: 'A volume of cargo.' })
export class VolumeInput {
  @Field(() => Float, { description: 'Amount in `unit`, more than 0 and at most 1,000,000,000.' }) value!: number;
  @Field(() => VolumeUnit, { description: 'Unit of the amount.' }) unit!: VolumeUnit;
}

// ================================================================= outputs

@ObjectType({ description: 'How one place of the request was located: the position used and where it came from.' })
export class LocatedPlace {
  @Field(() => PlaceRole, { description: 'Which place of the request this is.' }) role!: PlaceRole;
  @Field(() => Float, { description: 'Latitude used, degrees (WGS 84), -90 to 90.' }) latitude!: number;
  @Field(() => Float, { description: 'Longitude used, degrees (WGS 84), -180 to 180.' }) longitude!: number;
  @Field(() => PlaceSource, { description: 'How the place was located.' }) source!: PlaceSource;
  @Field(() => LocationAccuracy, { description: 'How precisely the place was located.' }) accuracy!: LocationAccuracy;
  @Field(() => Float, { description: 'Confidence of this place, 0 to 1 (docs/utilities.md, "Places and metadata").' }) confidence!: number;
  @Field(() => String, { nullable: true, description: "ISO 3166-1 alpha-2 code of the place's country, when known." }) country?: string | null;
  @Field(() => String, { nullable: true, description: 'Name of the gazetteer city or the country used, when one was.' }) matchedName?: string | null;
  @Field(() => String, { nullable: true, description: 'IANA time zone at the position (e.g. Africa/Nairobi).' }) timeZone?: string | null;
}

@ObjectType({ description: 'How an estimate was produced: the accuracy and confidence of its places and models.' })
export class EstimateMetadata {
  @Field(() => LocationAccuracy, { description: 'The least accurate of the places: PRECISE only when every place had coordinates.' }) accuracy!: LocationAccuracy;
  @Field(() => Float, { description: "Confidence, 0 to 1, 2 decimals: the least place confidence × the model's factor (docs/utilities.md)." }) confidence!: number;
  @Field(() => EstimateDataSource, { description: 'Where the answer came from.' }) dataSource!: EstimateDataSource;
  @Field(() => DateTimeScalar, { description: 'When the answer was calculated. REST: Unix seconds.' }) calculatedAt!: Date;
  @Field(() => String, { nullable: true, description: 'Terms of the estimate (delivery and cross-border answers); null elsewhere.' }) disclaimer?: string | null;
  @Field(() => [LocatedPlace], { description: "How each place of the request was located, in the request's order." }) locations!: LocatedPlace[];
  @Field(() => String, { description: 'Version of the reference models (e.g. utilities-2026.11; docs/utilities.md).' }) modelVersion!: string;
}

@ObjectType({ description: 'A distance in kilometres and in international miles (the same distance in two units).' })
export class KilometersMiles {
  @Field(() => Float, { description: 'Kilometres, 2 decimals.' }) kilometer!: number;
  @Field(() => Float, { description: 'Miles (1.609344 km), 2 decimals.' }) mile!: number;
}

@ObjectType({ description: 'A duration in minutes and in hours (the same duration in two units).' })
export class MinutesHours {
  @Field(() => Float, { description: 'Minutes, whole minutes rounded up.' }) minute!: number;
  @Field(() => Float, { description: 'Hours, 2 decimals.' }) hour!: number;
}

@ObjectType({ description: 'A number of days.' })
export class Days {
  @Field(() => Int, { description: 'Days, 0 or more.' }) day!: number;
}

@ObjectType({ description: 'A range of days.' })
export class DayRange {
  @Field(() => Days, { description: 'Fewest days.' }) min!: Days;
  @Field(() => Days, { description: 'Most days.' }) max!: Days;
}
