import { pl } from './pipelines-common.js';
import { PAGE, type RouteSpec } from './types.js';

/** A delivery as REST writes it (spec `/webhooks`): instants in epoch milliseconds. */
const WEBHOOK = 'id executionId pipelineId stage url method status attempts lastAttempt response { statusCode body headers } error messageId createdAt';

/** Spec group 16, webhooks routes (docs/pipelines.md "WEBHOOK deliveries"). */
export const webhookRoutes: RouteSpec[] = [
  {
    ...pl,
    method: 'GET',
    path: '/v1/pipelines/webhooks',
    summary: 'List webhook deliveries',
    operation: `query PipelineWebhooks($executionId: ID, $status: WebhookDeliveryStatus, $startDate: DateTime, $endDate: DateTime, $page: Int, $limit: Int) {
      pipelineWebhooks(executionId: $executionId, status: $status, startDate: $startDate, endDate: $endDate, page: $page, limit: $limit) { items { ${WEBHOOK} } ${PAGE} } }`,
    result: { data: 'pipelineWebhooks.items', pagination: 'pipelineWebhooks.pagination' },
  },
  {
    ...pl,
    method: 'POST',
    path: '/v1/pipelines/webhooks/:webhookId/retry',
    summary: 'Retry a webhook delivery now',
    operation: `mutation RetryPipelineWebhook($webhookId: ID!) { retryPipelineWebhook(webhookId: $webhookId) { ${WEBHOOK} } }`,
    result: { data: 'retryPipelineWebhook' },
    failures: { CONFLICT: 'The delivery is already DELIVERED.' },
  },
];
