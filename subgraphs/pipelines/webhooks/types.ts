import { IsOptional } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { PageArgs, PageOf } from '../../../kernel/graphql-types.js';
import { DateTimeScalar } from '../../../kernel/scalars.js';
import { DeliveryStatus, HttpMethod } from '../common/enums.js';

/**
 * The webhooks area's graph types (spec group 16 `/webhooks`; docs/pipelines.md "WEBHOOK deliveries"): the deliveries
 * of WEBHOOK stages, their list arguments and the signing secret answer.
 */

@ObjectType('PipelineWebhookResponse', { description: "The HTTP answer to a delivery's last attempt that got one." })
export class PipelineWebhookResponse {
  @Field(() => Int, { description: 'The HTTP status code (a 3xx is a failure: redirects are not followed).' }) statusCode!: number;
  @Field({ description: 'The first 4 KB (4,096 bytes) of the response body, as UTF-8 text.' }) body!: string;
  @Field(() => GraphQLJSONObject, { description: 'The response headers: lower-case name → value (repeated headers joined with ", ").' }) headers!: Record<string, string>;
}

@ObjectType('PipelineWebhook', { description: 'The delivery of a WEBHOOK stage: the HTTP call of one run of the stage and its attempts (docs/pipelines.md "WEBHOOK deliveries").' })
export class PipelineWebhook {
  @Field(() => ID, { description: 'The delivery id (REST `:webhookId`).' }) id!: string;
  @Field(() => ID, { description: 'The execution whose stage made the call.' }) executionId!: string;
  @Field(() => ID, { description: 'The pipeline of that execution.' }) pipelineId!: string;
  @Field({ description: 'The name of the WEBHOOK stage.' }) stage!: string;
  @Field({ description: 'The URL called (templates filled).' }) url!: string;
  @Field(() => HttpMethod, { description: 'The HTTP method.' }) method!: HttpMethod;
  @Field(() => DeliveryStatus, { description: 'PENDING (attempts left or running), DELIVERED (a 2xx answer) or FAILED (the last attempt failed).' }) status!: DeliveryStatus;
  @Field(() => Int, { description: 'Attempts made so far, manual retries included (0 before the first).' }) attempts!: number;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When the last attempt was made; null before the first (REST: epoch milliseconds).' })
  lastAttempt?: Date | null;
  @Field(() => PipelineWebhookResponse, { nullable: true, description: 'The answer to the last attempt; null when it got none (refused target, connection error, timeout).' })
  response?: PipelineWebhookResponse | null;
  @Field(() => String, { nullable: true, description: 'Why the last attempt failed (e.g. "redirect not followed (302 …)", "timed out after 1000 ms", "refused: …"); null when it succeeded.' })
  error?: string | null;
  @Field(() => ID, { description: 'The Standard Webhooks `webhook-id` of every attempt: `<executionId>:<stage>:<run>`, the same on each attempt, so a receiver can drop duplicates.' })
  messageId!: string;
  @Field(() => DateTimeScalar, { description: 'When the delivery was created (the stage run started it; REST: epoch milliseconds).' }) createdAt!: Date;
}

export const PipelineWebhookPage = PageOf(PipelineWebhook, 'PipelineWebhook');

@ArgsType()
export class PipelineWebhooksArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: "Only this execution's deliveries (an id naming no execution of the workspace: an empty list)." })
  @IsOptional()
  executionId?: string;
  @Field(() => DeliveryStatus, { nullable: true, description: 'Only deliveries in this status.' }) @IsOptional() status?: DeliveryStatus;
  @Field(() => DateTimeScalar, { nullable: true, description: 'Only deliveries created at or after this instant (ISO-8601 with a time zone).' })
  @IsOptional()
  startDate?: Date;
  @Field(() => DateTimeScalar, { nullable: true, description: 'Only deliveries created at or before this instant (ISO-8601 with a time zone); not before `startDate`.' })
  @IsOptional()
  endDate?: Date;
}

@ObjectType('PipelineSigningSecret', { description: "A workspace's new Standard Webhooks signing secret, shown once: this answer is the only place it appears." })
export class PipelineSigningSecret {
  @Field({ description: 'The secret: `whsec_` + base64 of 32 random bytes (the form Standard Webhooks libraries take). Keep it: it is never shown again.' })
  secret!: string;
  @Field(() => DateTimeScalar, { description: 'When it was made. Deliveries are signed with it from now on, and for 24 hours also with the secrets made before it.' })
  createdAt!: Date;
}
