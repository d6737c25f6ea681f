import { ArrayMaxSize, ArrayMinSize, IsOptional, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { GeoPointInput, Money } from '../../../kernel/graphql-types.js';
import { AreaType, MatchingStrategy, QueryOutcome, ServiceType } from '../common/enums.js';
import { ServiceRegistryEntry } from '../registry/types.js';

/** Matching (spec group 17 `/matching/match`; docs/queries.md "Matching"). */

const IDENT = /^[A-Z][A-Z0-9_]{0,39}$/;

@InputType({ description: 'Where a matched service must deliver.' })
export class MatchDeliveryInput {
  @Field(() => String, {
    nullable: true,
    description: 'Country (as services write it: ISO 3166-1 code or name, case-insensitive). Without coordinates, only services whose address is in it are candidates.',
  })
  @IsOptional()
  @Length(1, 64)
  country?: string;
  @Field(() => String, { nullable: true, description: 'City (case-insensitive). Without coordinates, only services whose address is in it are candidates.' })
  @IsOptional()
  @Length(1, 100)
  city?: string;
  @Field(() => String, { nullable: true, description: 'Region, state or province (1–100 characters; not used to select or score).' }) @IsOptional() @Length(1, 100) region?: string;
  @Field(() => AreaType, { nullable: true, description: 'What kind of place (not used to select or score).' }) @IsOptional() areaType?: AreaType;
  @Field(() => GeoPointInput, { nullable: true, description: 'The delivery point: candidates are the nearest services, proximity and PER_KM prices count from it. REST: `[lat, lng]`.' })
  @IsOptional()
  @ValidateNested()
  coordinates?: GeoPointInput;
}

@InputType({ description: 'One line of goods to deliver.' })
export class MatchItemInput {
  @Field({ description: 'The stock-keeping unit (1–100 characters).' }) @Length(1, 100) sku!: string;
  @Field(() => Int, { description: 'How many units, 1 to 1,000,000.' })
  @Min(1, { message: 'must be between 1 and 1000000' })
  @Max(1_000_000, { message: 'must be between 1 and 1000000' })
  quantity!: number;
  @Field(() => Float, { nullable: true, description: 'Weight of one unit, kg (0 to 100,000).' })
  @IsOptional()
  @Min(0, { message: 'must be between 0 and 100000' })
  @Max(100_000, { message: 'must be between 0 and 100000' })
  weight?: number;
  @Field(() => Float, { nullable: true, description: 'Volume of one unit, m³ (0 to 1,000).' })
  @IsOptional()
  @Min(0, { message: 'must be between 0 and 1000' })
  @Max(1_000, { message: 'must be between 0 and 1000' })
  volume?: number;
  @Field(() => Boolean, { nullable: true, description: 'The goods need a cold chain: COLD_CHAIN is required.' }) @IsOptional() requiresColdChain?: boolean;
  @Field(() => Boolean, { nullable: true, description: 'The goods are hazardous: HAZMAT is required.' }) @IsOptional() requiresHazmatHandling?: boolean;
}

@InputType({ description: 'What to match: the services sought, the delivery, the goods and the strategy.' })
export class MatchInput {
  @Field(() => [ServiceType], { description: 'The types of service sought, 1 to 5.' })
  @ArrayMinSize(1, { message: 'must hold 1 to 5 service types' })
  @ArrayMaxSize(5, { message: 'must hold 1 to 5 service types' })
  serviceTypes!: ServiceType[];
  @Field(() => MatchDeliveryInput, { description: 'Where to deliver.' }) @ValidateNested() delivery!: MatchDeliveryInput;
  @Field(() => [MatchItemInput], { nullable: true, description: 'The goods (at most 1,000 lines).' }) @IsOptional() @ArrayMaxSize(1000) @ValidateNested({ each: true }) items?: MatchItemInput[];
  @Field(() => [String], { nullable: true, description: 'Capabilities required (at most 20 upper-case identifiers, e.g. COLD_CHAIN).' })
  @IsOptional()
  @ArrayMaxSize(20)
  @Matches(IDENT, { each: true, message: 'must contain upper-case identifiers of 1–40 (letters, digits, _; first a letter)' })
  requirements?: string[];
  @Field(() => MatchingStrategy, { description: 'How the five scores are weighed.' }) strategy!: MatchingStrategy;
  @Field(() => Int, { nullable: true, description: 'At most this many recommendations, 1 to 50 (default 10). An addition to the spec.' })
  @IsOptional()
  @Min(1, { message: 'must be between 1 and 50' })
  @Max(50, { message: 'must be between 1 and 50' })
  limit?: number;
}

@ObjectType({ description: 'The scores of a matched service (spec "MatchScore"), each 0 to 100 with 2 decimals.' })
export class MatchScore {
  @Field(() => Float, { description: '100 × required capabilities met ÷ required (100 when nothing is required).' }) capability!: number;
  @Field(() => Float, { description: '100 ÷ (1 + km ÷ 50) from the service to the delivery point (50 when either is unknown).' }) proximity!: number;
  @Field(() => Float, { description: '100 × available ÷ total of its capacity with the most available (50 when it publishes none).' }) capacity!: number;
  @Field(() => Float, { description: 'Its synced overall score (50 when never synced).' }) performance!: number;
  @Field(() => Float, { description: "100 × the cheapest candidate's estimate ÷ its own (50 without an estimate)." }) cost!: number;
  @Field(() => Float, { description: "The strategy's weighted sum of the five." }) overall!: number;
}

@ObjectType({ description: 'A recommended service.' })
export class ServiceRecommendation {
  @Field(() => ServiceRegistryEntry, { description: 'The service (its `score` is the overall score).' }) service!: ServiceRegistryEntry;
  @Field(() => ServiceType, { description: 'Its type.' }) serviceType!: ServiceType;
  @Field(() => MatchScore, { description: 'Its scores.' }) scores!: MatchScore;
  @Field(() => [String], { description: 'Why: one line per score with its inputs, the estimated cost and duration, the overall score.' }) reasoning!: string[];
  @Field(() => Money, { nullable: true, description: "Its estimate for the goods (the pricing engine's total, VAT included); null when no pricing rule applies." })
  estimatedCost?: Money | null;
  @Field(() => Int, { nullable: true, description: 'Seconds: its mean processing time (0 when unknown) + road driving time to the delivery point; null when the distance is unknown.' })
  estimatedDuration?: number | null;
}

@ObjectType({ description: 'The services matched, best first.' })
export class MatchResult {
  @Field(() => QueryOutcome, { description: 'SUCCESS, or NO_RESULTS when there was no candidate (HTTP 200).' }) status!: QueryOutcome;
  @Field(() => [ServiceRecommendation], { description: 'The best `limit` candidates: overall score high first, then proximity, then composite id.' }) recommendations!: ServiceRecommendation[];
  @Field(() => Int, { description: 'How many candidates were scored (at most 10,000).' }) totalCandidates!: number;
  @Field(() => MatchingStrategy, { description: 'The strategy used.' }) strategy!: MatchingStrategy;
}
