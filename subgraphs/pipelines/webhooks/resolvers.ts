import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { pipelinesScope } from '../common/scope.js';
import * as webhooks from './service.js';
import { PipelineSigningSecret, PipelineWebhook, PipelineWebhookPage, PipelineWebhooksArgs } from './types.js';

/** The webhooks area's operations (spec group 16 `/webhooks`; docs/pipelines.md "WEBHOOK deliveries"). */
@Resolver()
export class WebhookResolver {
  @Query(() => PipelineWebhookPage, {
    description: "The workspace's webhook deliveries (the calls of WEBHOOK stages), newest first, filtered by execution, status and creation time. REST: `GET /v1/pipelines/webhooks`.",
  })
  pipelineWebhooks(@Args(() => PipelineWebhooksArgs) args: PipelineWebhooksArgs, @Ctx() ctx: SubgraphContext) {
    return webhooks.listWebhooks(pipelinesScope(ctx), args);
  }

  @Mutation(() => PipelineWebhook, {
    description:
      'Makes one more attempt of a delivery now, signed anew: DELIVERED on a 2xx answer, else FAILED. A DELIVERED delivery is CONFLICT (409). The execution does not move: retry the execution to run the stage again. REST: `POST /v1/pipelines/webhooks/:webhookId/retry`.',
  })
  retryPipelineWebhook(@Arg('webhookId', () => ID, { description: "The delivery's id; an unknown one (or another workspace's) is NOT_FOUND." }) webhookId: string, @Ctx() ctx: SubgraphContext) {
    return webhooks.retryWebhook(pipelinesScope(ctx), webhookId);
  }

  @Mutation(() => PipelineSigningSecret, {
    description:
      "Makes a new Standard Webhooks signing secret for the caller's workspace and shows it once. Deliveries are signed with every secret made in the last 24 hours (space-separated `webhook-signature` values), so a receiver can switch over. No REST route.",
  })
  rotatePipelineSigningSecret(@Ctx() ctx: SubgraphContext) {
    return webhooks.rotateSecret(pipelinesScope(ctx));
  }
}
