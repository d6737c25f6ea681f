import { ArrayMaxSize, ArrayMinSize, IsOptional, Length, Max, Min, ValidateNested } from 'class-validator';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { ServicePerformance } from '../common/types.js';
import { PERFORMANCE_RANGES as R, rangeMessage } from './rules.js';

/**
 * The performance area's inputs and answers (spec group 17 `/performance/*`; docs/queries.md "Performance"): the
 * figures a caller syncs for a service of its workspace, stored in `queries.service_performance`, shown in discovery
 * and used by matching and `performanceThresholds`.
 */

const LSP_MSG = { message: 'must be 1–64 characters' };
const msg = (field: keyof typeof R) => ({ message: rangeMessage(field) });

/**
 * A service's performance figures. The ranges are checked by the single sync (400 naming `performance.<field>`); a
 * batch checks each item itself, so that an item out of range fails alone (performance/service.ts).
 */
@InputType({ description: 'How well a service performs (spec "Performance"). Required: all but customerSatisfaction.' })
export class PerformanceInput {
  @Field(() => Float, { description: 'Share of orders delivered on time, 0 to 1.' })
  @Min(R.onTimeDeliveryRate.min, msg('onTimeDeliveryRate'))
  @Max(R.onTimeDeliveryRate.max, msg('onTimeDeliveryRate'))
  onTimeDeliveryRate!: number;
  @Field(() => Float, { description: 'Share of orders without an error, 0 to 1.' })
  @Min(R.orderAccuracy.min, msg('orderAccuracy'))
  @Max(R.orderAccuracy.max, msg('orderAccuracy'))
  orderAccuracy!: number;
  @Field(() => Float, { description: 'Mean time to process an order: a duration in seconds, 0 to 31,536,000 (a year).' })
  @Min(R.averageProcessingTime.min, msg('averageProcessingTime'))
  @Max(R.averageProcessingTime.max, msg('averageProcessingTime'))
  averageProcessingTime!: number;
  @Field(() => Float, { description: 'Share of orders with damage, 0 to 1.' }) @Min(R.damageRate.min, msg('damageRate')) @Max(R.damageRate.max, msg('damageRate')) damageRate!: number;
  @Field(() => Float, { nullable: true, description: 'Mean customer rating, 0 to 5; absent or null: none (stored as null).' })
  @IsOptional()
  @Min(R.customerSatisfaction.min, msg('customerSatisfaction'))
  @Max(R.customerSatisfaction.max, msg('customerSatisfaction'))
  customerSatisfaction?: number | null;
  @Field(() => Float, { description: 'Overall score, 0 to 100.' }) @Min(R.overallScore.min, msg('overallScore')) @Max(R.overallScore.max, msg('overallScore')) overallScore!: number;
}

@InputType({ description: 'The performance of one service, to store.' })
export class PerformanceSyncInput {
  @Field({ description: "The service's provider code (the `<lsp>` of its composite id), 1–64 characters." }) @Length(1, 64, LSP_MSG) lsp!: string;
  @Field(() => ID, { description: "The service's id (the `<serviceId>` of its composite id); an id of no service of the workspace is NOT_FOUND." })
  serviceId!: string;
  @Field(() => PerformanceInput, { description: 'Its figures (each within its range, else 400 naming `performance.<field>`).' }) @ValidateNested() performance!: PerformanceInput;
}

/** Most services of one batch. */
export const MAX_PERFORMANCE_BATCH = 500;

@InputType({ description: 'One service of a performance batch.' })
export class PerformanceBatchItemInput {
  @Field(() => ID, { description: "The service's id (of the batch's provider)." }) serviceId!: string;
  // not @ValidateNested: the service checks each item's ranges, so that an item out of range fails alone
  @Field(() => PerformanceInput, { description: 'Its figures: an item with a figure out of range is not stored and is listed in `errors` (the others are stored).' })
  performance!: PerformanceInput;
}

@InputType({ description: 'The performance of several services of one provider, to store.' })
export class PerformanceBatchInput {
  @Field({ description: 'The provider code of every service of the batch, 1–64 characters.' }) @Length(1, 64, LSP_MSG) lsp!: string;
  @Field(() => [PerformanceBatchItemInput], {
    description: `The services, 1 to ${MAX_PERFORMANCE_BATCH}. Each item is stored or fails on its own (a figure out of range, an unknown service, a service given again later in the batch); the valid ones are stored together.`,
  })
  @ArrayMinSize(1, { message: `must hold 1 to ${MAX_PERFORMANCE_BATCH} services` })
  @ArrayMaxSize(MAX_PERFORMANCE_BATCH, { message: `must hold 1 to ${MAX_PERFORMANCE_BATCH} services` })
  services!: PerformanceBatchItemInput[];
}

@ObjectType({ description: 'The outcome of a performance sync.' })
export class PerformanceSync {
  @Field({ description: 'What was stored, in words.' }) message!: string;
  @Field(() => ServicePerformance, { description: 'The performance as stored.' }) performance!: ServicePerformance;
}

@ObjectType({ description: 'An item of a performance batch that was not stored.' })
export class PerformanceSyncError {
  @Field(() => ID, { description: 'The service of the item, as sent (a UUID in lower case).' }) serviceId!: string;
  @Field({ description: 'The input field at fault: `services.<i>.performance.<figure>` or `services.<i>.serviceId`.' }) field!: string;
  @Field({ description: 'What went wrong, in words (starting with the field).' }) message!: string;
}

@ObjectType({ description: 'The outcome of a performance batch.' })
export class PerformanceBatchSync {
  @Field(() => Int, { description: 'How many items were stored.' }) synced!: number;
  @Field(() => Int, { description: 'How many were not (synced + failed = the items sent).' }) failed!: number;
  @Field(() => [PerformanceSyncError], { description: 'Why each failed item failed, in the order sent.' }) errors!: PerformanceSyncError[];
}
