import { Resolver } from 'type-graphql';

/** The webhooks area's operations (docs/pipelines.md). */
@Resolver()
export class WebhookResolver {}
