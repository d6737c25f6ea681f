import { ArgsType, Field, ID, InputType, ObjectType } from 'type-graphql';
import { ArrayMaxSize, ArrayMinSize, IsOptional, Length, Matches, MaxLength } from 'class-validator';
import { PageArgs, PageOf } from '../../../kernel/graphql-types.js';
import { Nullable } from '../../../kernel/validation.js';
import { EventDelivery, EventDeliveryStatus, WebhookEndpoint } from './entities.js';

const URL_HINT = { message: 'must be an http(s) URL' };
const HTTP_URL = /^https?:\/\/\S+$/i;

export const WebhookEndpointPage = PageOf(WebhookEndpoint, 'WebhookEndpoint');
export const EventDeliveryPage = PageOf(EventDelivery, 'EventDelivery');

@InputType({ description: 'A new webhook endpoint.' })
export class CreateWebhookEndpointInput {
  @Field({ description: 'Where to POST events: an http(s) URL of a public address, at most 2,000 characters.' })
  @MaxLength(2000)
  @Matches(HTTP_URL, URL_HINT)
  url!: string;
  @Field(() => [String], { description: 'The event types to receive: names of docs/events.md or wildcards (`order.*`, `*`), 1–20.' })
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @MaxLength(100, { each: true })
  types!: string[];
  @Field({ nullable: true, description: 'What the endpoint is for, at most 500 characters.' })
  @IsOptional()
  @Nullable()
  @Length(0, 500)
  description?: string;
}

@InputType({ description: 'Changes to a webhook endpoint: an omitted field keeps its value, a null description clears it.' })
export class UpdateWebhookEndpointInput {
  @Field({ nullable: true, description: 'A new URL (http(s), public address, at most 2,000 characters).' })
  @IsOptional()
  @MaxLength(2000)
  @Matches(HTTP_URL, URL_HINT)
  url?: string;
  @Field(() => [String], { nullable: true, description: 'New event type filters, 1–20 (replaces the list).' })
  @IsOptional()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @MaxLength(100, { each: true })
  types?: string[];
  @Field(() => String, { nullable: true, description: 'What the endpoint is for, at most 500 characters; null clears it.' })
  @IsOptional()
  @Nullable()
  @Length(0, 500)
  description?: string | null;
}

@ObjectType({ description: 'A webhook endpoint just made (or its secret just rotated): the signing secret is shown here only.' })
export class WebhookEndpointWithSecret {
  @Field({ description: 'The newest signing secret, `whsec_…` (Standard Webhooks): shown once; store it to verify `webhook-signature`.' }) secret!: string;
  @Field(() => WebhookEndpoint, { description: 'The endpoint.' }) endpoint!: WebhookEndpoint;
}

@ObjectType({ description: 'How many deliveries a replay scheduled.' })
export class WebhookReplay {
  @Field({ description: 'Deliveries scheduled again or made for the first time (at most 10,000 a call).' }) replayed!: number;
}

@ArgsType()
export class EventDeliveryArgs extends PageArgs {
  @Field(() => EventDeliveryStatus, { nullable: true, description: 'Only deliveries in this state.' })
  @IsOptional()
  @Nullable()
  status?: EventDeliveryStatus;
  @Field({ nullable: true, description: 'Only deliveries of events of this type: a name of docs/events.md, `webhook.test`, or a wildcard such as `order.*` (an open list).' })
  @IsOptional()
  @Nullable()
  @MaxLength(100)
  eventType?: string;
  @Field({ nullable: true, description: 'Only deliveries made at or after this instant.' })
  @IsOptional()
  @Nullable()
  since?: Date;
  @Field({ nullable: true, description: 'Only deliveries made before this instant.' })
  @IsOptional()
  @Nullable()
  until?: Date;
}

@ArgsType()
export class WebhookEndpointArgs {
  @Field(() => ID, { description: 'The workspace.' }) workspaceId!: string;
  @Field(() => ID, { description: "The endpoint's identifier." }) endpointId!: string;
}
