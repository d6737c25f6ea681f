import { PAGE, type RouteSpec } from './types.js';

const ENDPOINT = 'id url types description status disabledReason failingSince secretRotatedAt createdBy createdAt updatedAt';
const DELIVERY = 'id endpointId eventId eventType status attempts nextAttemptAt attemptLog { at statusCode latencyMs responseExcerpt error } createdAt updatedAt';

const ws = { tag: 'Workspace', envelope: 'generic', auth: 'set-a' } as const;

/** Webhook endpoints of a workspace and their deliveries (docs/events.md "Webhooks"): the platform designs these routes. */
export const webhookRoutes: RouteSpec[] = [
  {
    ...ws,
    method: 'POST',
    path: '/v1/workspace/:wid/webhooks',
    summary: 'Subscribe a URL to events (the signing secret is shown once)',
    status: 201,
    operation: `mutation CreateWebhookEndpoint($wid: ID!, $input: CreateWebhookEndpointInput!) { createWebhookEndpoint(workspaceId: $wid, input: $input) { secret endpoint { ${ENDPOINT} } } }`,
    bodyVariable: 'input',
    result: { data: 'createWebhookEndpoint' },
  },
  {
    ...ws,
    method: 'GET',
    path: '/v1/workspace/:wid/webhooks',
    summary: 'Webhook endpoints',
    operation: `query WebhookEndpoints($wid: ID!, $page: Int, $limit: Int) { webhookEndpoints(workspaceId: $wid, page: $page, limit: $limit) { items { ${ENDPOINT} } ${PAGE} } }`,
    result: { data: 'webhookEndpoints.items', pagination: 'webhookEndpoints.pagination' },
  },
  {
    ...ws,
    method: 'GET',
    path: '/v1/workspace/:wid/webhooks/:id',
    summary: 'A webhook endpoint',
    operation: `query WebhookEndpoint($wid: ID!, $id: ID!) { webhookEndpoint(workspaceId: $wid, id: $id) { ${ENDPOINT} } }`,
    result: { data: 'webhookEndpoint' },
  },
  {
    ...ws,
    method: 'PATCH',
    path: '/v1/workspace/:wid/webhooks/:id',
    summary: "Change a webhook endpoint's URL, filters or description",
    operation: `mutation UpdateWebhookEndpoint($wid: ID!, $id: ID!, $input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(workspaceId: $wid, id: $id, input: $input) { ${ENDPOINT} } }`,
    bodyVariable: 'input',
    result: { data: 'updateWebhookEndpoint' },
  },
  {
    ...ws,
    method: 'DELETE',
    path: '/v1/workspace/:wid/webhooks/:id',
    summary: 'Delete a webhook endpoint (its secrets and deliveries with it)',
    operation: `mutation DeleteWebhookEndpoint($wid: ID!, $id: ID!) { deleteWebhookEndpoint(workspaceId: $wid, id: $id) { ${ENDPOINT} } }`,
    result: { data: 'deleteWebhookEndpoint' },
  },
  {
    ...ws,
    method: 'POST',
    path: '/v1/workspace/:wid/webhooks/:id/disable',
    summary: 'Disable a webhook endpoint',
    operation: `mutation DisableWebhookEndpoint($wid: ID!, $id: ID!) { disableWebhookEndpoint(workspaceId: $wid, id: $id) { ${ENDPOINT} } }`,
    result: { data: 'disableWebhookEndpoint' },
  },
  {
    ...ws,
    method: 'POST',
    path: '/v1/workspace/:wid/webhooks/:id/enable',
    summary: 'Enable a webhook endpoint again',
    operation: `mutation EnableWebhookEndpoint($wid: ID!, $id: ID!) { enableWebhookEndpoint(workspaceId: $wid, id: $id) { ${ENDPOINT} } }`,
    result: { data: 'enableWebhookEndpoint' },
  },
  {
    ...ws,
    method: 'POST',
    path: '/v1/workspace/:wid/webhooks/:id/secret/rotate',
    summary: 'Rotate the signing secret (shown once; the old one signs beside it for 24 hours)',
    operation: `mutation RotateWebhookSecret($wid: ID!, $id: ID!) { rotateWebhookSecret(workspaceId: $wid, id: $id) { secret endpoint { ${ENDPOINT} } } }`,
    result: { data: 'rotateWebhookSecret' },
  },
  {
    ...ws,
    method: 'POST',
    path: '/v1/workspace/:wid/webhooks/:id/test',
    summary: 'Send a webhook.test event now',
    status: 202,
    operation: `mutation SendWebhookTestEvent($wid: ID!, $id: ID!) { sendWebhookTestEvent(workspaceId: $wid, id: $id) { ${DELIVERY} } }`,
    result: { data: 'sendWebhookTestEvent' },
  },
  {
    ...ws,
    method: 'GET',
    path: '/v1/workspace/:wid/webhooks/:id/deliveries',
    summary: "The endpoint's deliveries and their attempts, newest first (filters: status, eventType, since, until)",
    operation: `query WebhookDeliveries($wid: ID!, $id: ID!, $page: Int, $limit: Int, $status: EventDeliveryStatus, $eventType: String, $since: DateTime, $until: DateTime) { webhookDeliveries(workspaceId: $wid, endpointId: $id, page: $page, limit: $limit, status: $status, eventType: $eventType, since: $since, until: $until) { items { ${DELIVERY} } ${PAGE} } }`,
    result: { data: 'webhookDeliveries.items', pagination: 'webhookDeliveries.pagination' },
  },
  {
    ...ws,
    method: 'POST',
    path: '/v1/workspace/:wid/webhooks/:id/deliveries/:deliveryId/replay',
    summary: 'Send one delivery again (same webhook-id)',
    status: 202,
    operation: `mutation ReplayWebhookDelivery($wid: ID!, $id: ID!, $deliveryId: ID!) { replayWebhookDelivery(workspaceId: $wid, endpointId: $id, deliveryId: $deliveryId) { ${DELIVERY} } }`,
    result: { data: 'replayWebhookDelivery' },
  },
  {
    ...ws,
    method: 'POST',
    path: '/v1/workspace/:wid/webhooks/:id/replay',
    summary: 'Send every matching event recorded since a time again',
    status: 202,
    operation: `mutation ReplayWebhookEvents($wid: ID!, $id: ID!, $since: DateTime!) { replayWebhookEvents(workspaceId: $wid, endpointId: $id, since: $since) { replayed } }`,
    bodyFields: ['since'],
    result: { data: 'replayWebhookEvents' },
  },
];
