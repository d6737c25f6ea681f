import { Field, Float, ObjectType } from 'type-graphql';
import { DateTimeScalar } from '../../../kernel/scalars.js';

/** Object types more than one area of the queries family answers (docs/queries.md). */

@ObjectType({ description: 'How much of one kind of capacity a service has (spec "Capacity").' })
export class Capacity {
  @Field({ description: "The kind of capacity, an upper-case identifier the LSP chooses (PALLET_POSITIONS, STORAGE_SLOTS …; an open list), or VEHICLES for a carrier's fleet." })
  type!: string;
  @Field(() => Float, { description: 'How much there is in all, in `unit`.' }) total!: number;
  @Field(() => Float, { description: 'How much is in use.' }) used!: number;
  @Field(() => Float, { description: 'How much is free to take: total − used − reserved, never below 0.' }) available!: number;
  @Field(() => Float, { nullable: true, description: 'How much is held back (booked, or out of service); null when the LSP gives none.' }) reserved?: number | null;
  @Field(() => Float, { description: 'Share in use, percent, 0 to 100: 100 × used ÷ total, to 2 decimals (0 when total is 0).' }) utilizationRate!: number;
  @Field({ description: 'The unit of the amounts, as the LSP writes it (pallets, slots, m3; vehicles for VEHICLES): an open list.' }) unit!: string;
  @Field(() => DateTimeScalar, { description: 'When the provider last stated these amounts. REST: ISO-8601.' }) lastUpdated!: Date;
}

@ObjectType({ description: 'How well a service performs (spec "Performance"), as last synced.' })
export class ServicePerformance {
  @Field(() => Float, { description: 'Share of orders delivered on time, 0 to 1.' }) onTimeDeliveryRate!: number;
  @Field(() => Float, { description: 'Share of orders without an error, 0 to 1.' }) orderAccuracy!: number;
  @Field(() => Float, { description: 'Mean time to process an order: a duration in seconds (0 to 31,536,000).' }) averageProcessingTime!: number;
  @Field(() => Float, { description: 'Share of orders with damage, 0 to 1.' }) damageRate!: number;
  @Field(() => Float, { nullable: true, description: 'Mean customer rating, 0 to 5; null when not given.' }) customerSatisfaction?: number | null;
  @Field(() => Float, { description: 'Overall score, 0 to 100.' }) overallScore!: number;
  @Field(() => DateTimeScalar, { description: 'When it was last synced. REST: ISO-8601.' }) lastUpdated!: Date;
}
