import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { PageArgs } from '../../../kernel/graphql-types.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { WorkspaceArgs } from '../common/arguments.js';
import { scope } from '../common/scope.js';
import { EventDelivery, WebhookEndpoint } from './entities.js';
import * as webhooks from './service.js';
import { CreateWebhookEndpointInput, EventDeliveryArgs, EventDeliveryPage, UpdateWebhookEndpointInput, WebhookEndpointPage, WebhookEndpointWithSecret, WebhookReplay } from './types.js';

const ENDPOINT = { description: "The endpoint's identifier." };

@Resolver(() => WebhookEndpoint)
export class WebhookEndpointResolver {
  @Mutation(() => WebhookEndpointWithSecret, {
    description: 'Subscribe a URL to events of the workspace; its signing secret is shown once (docs/events.md "Webhooks"). REST: `POST /v1/workspace/:wid/webhooks`.',
  })
  async createWebhookEndpoint(@Args() { workspaceId }: WorkspaceArgs, @Arg('input', { description: 'The new endpoint.' }) input: CreateWebhookEndpointInput, @Ctx() ctx: SubgraphContext) {
    return webhooks.createEndpoint(await scope(ctx, workspaceId, 'webhooks.manage'), input);
  }

  @Query(() => WebhookEndpointPage, { description: 'The webhook endpoints of the workspace, oldest first. REST: `GET /v1/workspace/:wid/webhooks`.' })
  async webhookEndpoints(@Args() { workspaceId }: WorkspaceArgs, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext) {
    return webhooks.listEndpoints(await scope(ctx, workspaceId, 'webhooks.manage'), page);
  }

  @Query(() => WebhookEndpoint, { description: 'One webhook endpoint of the workspace. REST: `GET /v1/workspace/:wid/webhooks/:id`.' })
  async webhookEndpoint(@Args() { workspaceId }: WorkspaceArgs, @Arg('id', () => ID, ENDPOINT) id: string, @Ctx() ctx: SubgraphContext) {
    return webhooks.getEndpoint(await scope(ctx, workspaceId, 'webhooks.manage'), id);
  }

  @Mutation(() => WebhookEndpoint, { description: "Change a webhook endpoint's URL, filters or description. REST: `PATCH /v1/workspace/:wid/webhooks/:id`." })
  async updateWebhookEndpoint(
    @Args() { workspaceId }: WorkspaceArgs,
    @Arg('id', () => ID, ENDPOINT) id: string,
    @Arg('input', { description: 'The changes.' }) input: UpdateWebhookEndpointInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return webhooks.updateEndpoint(await scope(ctx, workspaceId, 'webhooks.manage'), id, input);
  }

  @Mutation(() => WebhookEndpoint, {
    description: 'Stop sending events to a webhook endpoint (its pending deliveries fail; `webhook.endpoint.disabled` is recorded). REST: `POST /v1/workspace/:wid/webhooks/:id/disable`.',
  })
  async disableWebhookEndpoint(@Args() { workspaceId }: WorkspaceArgs, @Arg('id', () => ID, ENDPOINT) id: string, @Ctx() ctx: SubgraphContext) {
    return webhooks.setEndpointEnabled(await scope(ctx, workspaceId, 'webhooks.manage'), id, false);
  }

  @Mutation(() => WebhookEndpoint, {
    description: 'Send events to a disabled webhook endpoint again (the events of while it was disabled: replay them). REST: `POST /v1/workspace/:wid/webhooks/:id/enable`.',
  })
  async enableWebhookEndpoint(@Args() { workspaceId }: WorkspaceArgs, @Arg('id', () => ID, ENDPOINT) id: string, @Ctx() ctx: SubgraphContext) {
    return webhooks.setEndpointEnabled(await scope(ctx, workspaceId, 'webhooks.manage'), id, true);
  }

  @Mutation(() => WebhookEndpoint, { description: 'Delete a webhook endpoint with its secrets and deliveries. REST: `DELETE /v1/workspace/:wid/webhooks/:id`.' })
  async deleteWebhookEndpoint(@Args() { workspaceId }: WorkspaceArgs, @Arg('id', () => ID, ENDPOINT) id: string, @Ctx() ctx: SubgraphContext) {
    return webhooks.deleteEndpoint(await scope(ctx, workspaceId, 'webhooks.manage'), id);
  }

  @Mutation(() => WebhookEndpointWithSecret, {
    description: 'Make a new signing secret, shown once; the one it replaces keeps signing beside it for 24 hours. REST: `POST /v1/workspace/:wid/webhooks/:id/secret/rotate`.',
  })
  async rotateWebhookSecret(@Args() { workspaceId }: WorkspaceArgs, @Arg('id', () => ID, ENDPOINT) id: string, @Ctx() ctx: SubgraphContext) {
    return webhooks.rotateSecret(await scope(ctx, workspaceId, 'webhooks.manage'), id);
  }

  @Mutation(() => EventDelivery, { description: 'Send the endpoint a `webhook.test` event now, whatever its filters. REST: `POST /v1/workspace/:wid/webhooks/:id/test`.' })
  async sendWebhookTestEvent(@Args() { workspaceId }: WorkspaceArgs, @Arg('id', () => ID, ENDPOINT) id: string, @Ctx() ctx: SubgraphContext) {
    return webhooks.sendTestEvent(await scope(ctx, workspaceId, 'webhooks.manage'), id);
  }

  @Query(() => EventDeliveryPage, { description: "The endpoint's deliveries, newest first, with filters. REST: `GET /v1/workspace/:wid/webhooks/:id/deliveries`." })
  async webhookDeliveries(@Args() { workspaceId }: WorkspaceArgs, @Arg('endpointId', () => ID, ENDPOINT) endpointId: string, @Args() args: EventDeliveryArgs, @Ctx() ctx: SubgraphContext) {
    return webhooks.listDeliveries(await scope(ctx, workspaceId, 'webhooks.manage'), endpointId, args);
  }

  @Mutation(() => EventDelivery, {
    description: 'Send one delivery again from the first attempt of the schedule, with the same `webhook-id`. REST: `POST /v1/workspace/:wid/webhooks/:id/deliveries/:deliveryId/replay`.',
  })
  async replayWebhookDelivery(
    @Args() { workspaceId }: WorkspaceArgs,
    @Arg('endpointId', () => ID, ENDPOINT) endpointId: string,
    @Arg('deliveryId', () => ID, { description: "The delivery's identifier." }) deliveryId: string,
    @Ctx() ctx: SubgraphContext,
  ) {
    return webhooks.replayDelivery(await scope(ctx, workspaceId, 'webhooks.manage'), endpointId, deliveryId);
  }

  @Mutation(() => WebhookReplay, {
    description: `Send the endpoint every event its filters match recorded at or after a time (at most ${webhooks.REPLAY_LIMIT.toLocaleString('en')}, oldest first), delivered already or not. REST: \`POST /v1/workspace/:wid/webhooks/:id/replay\`.`,
  })
  async replayWebhookEvents(
    @Args() { workspaceId }: WorkspaceArgs,
    @Arg('endpointId', () => ID, ENDPOINT) endpointId: string,
    @Arg('since', { description: 'Events recorded at or after this instant (not in the future).' }) since: Date,
    @Ctx() ctx: SubgraphContext,
  ) {
    return webhooks.replaySince(await scope(ctx, workspaceId, 'webhooks.manage'), endpointId, since);
  }
}
