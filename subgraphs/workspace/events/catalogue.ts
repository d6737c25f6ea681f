/**
 * The public event catalogue (docs/events.md is generated from it: `npm run events:doc`). The platform's event log
 * (kernel/events.ts) is internal: each family publishes its own topics with the payloads its consumers need. A public
 * event is what a workspace may see of one log row: a name and version, a payload built field by field from the row
 * (never the row as it is: only ids and the fields listed here, never secrets, personal data only where the event is
 * about that person), a JSON Schema of that payload, an example, and the operations that emit it.
 *
 * Pure: no database, no clock. The feed (events/service.ts) and the docs generator read it.
 */

/** A JSON Schema (draft 2020-12), as plain data. */
export type JsonSchema = Record<string, unknown>;

/** A log row as the catalogue reads it. */
export interface LogRow {
  topic: string;
  payload: Record<string, unknown>;
}

export interface EventType {
  /** The public name, `<resource>.<what happened>`. */
  name: string;
  /** Bumped when a field is removed or changes meaning; adding a field does not bump it. */
  version: number;
  description: string;
  /** The log topics it is made from. */
  topics: readonly string[];
  /** The payload of the public event for a row of one of `topics`, or null when the row is not this event. */
  from(row: LogRow): Record<string, unknown> | null;
  /** The payload's JSON Schema. */
  schema: JsonSchema;
  /** An example payload (valid against `schema`; a unit test checks it). */
  example: Record<string, unknown>;
  /** The operations that emit it: REST routes and GraphQL fields. */
  emittedBy: readonly string[];
}

// ───────────────────────────── helpers ─────────────────────────────

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

const S = {
  id: { type: 'string', description: 'An identifier (UUID).' },
  nullableString: { type: ['string', 'null'] },
  instant: { type: 'string', format: 'date-time', description: 'An ISO-8601 instant (UTC).' },
};
const object = (properties: Record<string, unknown>, required = Object.keys(properties)): JsonSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

// ───────────────────────────── orders (commerce) ─────────────────────────────

const ORDER_STATUSES = ['INTENT', 'PLACED', 'ACCEPTED', 'ASSIGNED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED', 'CANCELLED', 'FAILED', 'EXPIRED'];
/** What every order event carries. */
const orderBase = (p: Record<string, unknown>) => ({
  orderId: str(p.orderId),
  reference: str(p.reference),
  cspCode: str(p.cspCode),
  lspCode: str(p.lspCode),
});
const ORDER_BASE_SCHEMA = {
  orderId: { ...S.id, description: 'The order.' },
  reference: { type: 'string', description: "The order's reference (its human-readable code)." },
  cspCode: { type: 'string', description: 'The CSP the order was placed through.' },
  lspCode: { ...S.nullableString, description: 'The LSP fulfilling it; null before one is assigned.' },
};
const ORDER_BASE_EXAMPLE = { orderId: '0b7c5a52-1f7e-4a3e-9a57-1c8d2f0e9b11', reference: 'ORD-7KQ2-M4XD', cspCode: 'CSP-7K2Q9M4X', lspCode: 'LSP-4M8X2Q7K' };

const orderStatusChanged: EventType = {
  name: 'order.status_changed',
  version: 1,
  description:
    "An order moved in its lifecycle (docs/orders.md): from null when the intent was made. `by.type` is who moved it: the client (through the intent token or its connector), the LSP's desk or the assigned agent (PLATFORM is reserved for moves the platform makes itself).",
  topics: ['order.status_changed'],
  from: ({ payload: p }) => {
    const by = obj(p.by);
    return { ...orderBase(p), from: str(p.from), to: str(p.to), at: str(p.at), by: { type: str(by?.type) }, reason: str(p.reason) };
  },
  schema: object({
    ...ORDER_BASE_SCHEMA,
    from: { type: ['string', 'null'], enum: [...ORDER_STATUSES, null], description: 'The status before; null for the intent.' },
    to: { type: 'string', enum: ORDER_STATUSES, description: 'The status after.' },
    at: { ...S.instant, description: 'When it moved.' },
    by: object({ type: { type: 'string', enum: ['CLIENT', 'LSP', 'AGENT', 'PLATFORM'], description: 'Who moved it.' } }),
    reason: { ...S.nullableString, description: 'The reason given (a cancellation, a failure), else null.' },
  }),
  example: { ...ORDER_BASE_EXAMPLE, from: 'ASSIGNED', to: 'PICKED_UP', at: '2026-11-26T09:14:03.000Z', by: { type: 'AGENT' }, reason: null },
  emittedBy: [
    'POST /v1/order/intent: the intent, from null to INTENT',
    'POST /v1/order/service: PLACED',
    'POST /v1/order/intent/cancel and GET /v1/lsps/:icode/orders/:reference/cancel: CANCELLED',
    'POST /v1/lsps/:icode/orders/:reference/:action/:to (the LSP desk): ASSIGNED (assign), PLACED (unassign)',
    'the GraphQL mutation moveAssignedOrder (the assigned agent): PICKED_UP, IN_TRANSIT, DELIVERED, FAILED',
  ],
};

const orderPackageUpdated: EventType = {
  name: 'order.package.updated',
  version: 1,
  description: 'A package of an order was added, changed or removed, or its status followed the order (picked up, in transit, delivered, cancelled, failed).',
  topics: ['order.package.updated'],
  from: ({ payload: p }) => ({ ...orderBase(p), ptc: str(p.ptc), status: str(p.status), change: str(p.change) }),
  schema: object({
    ...ORDER_BASE_SCHEMA,
    ptc: { type: 'string', description: "The package's tracking code." },
    status: { type: 'string', description: "The package's status after the change." },
    change: { type: 'string', enum: ['added', 'updated', 'removed', 'status'], description: 'What happened to it.' },
  }),
  example: { ...ORDER_BASE_EXAMPLE, ptc: 'PTC-4X7Q-2M9K', status: 'IN_TRANSIT', change: 'status' },
  emittedBy: [
    'POST /v1/order/packages/add (added)',
    'PATCH /v1/order/packages/:PTC (updated)',
    'DELETE /v1/order/packages/:PTC (removed)',
    'every order move to PICKED_UP, IN_TRANSIT, DELIVERED, CANCELLED or FAILED: one per package (status)',
  ],
};

const orderPaymentCompleted: EventType = {
  name: 'order.payment.completed',
  version: 1,
  description: "An order's payment completed: paid at placement, or a cash order delivered.",
  topics: ['order.payment.completed'],
  from: ({ payload: p }) => ({ ...orderBase(p), amount: num(p.amount), currency: str(p.currency), mode: str(p.mode), simulated: p.simulated === true, at: str(p.at) }),
  schema: object({
    ...ORDER_BASE_SCHEMA,
    amount: { type: 'number', description: 'The amount paid, in `currency`.' },
    currency: { type: 'string', description: 'ISO 4217 code.' },
    mode: { type: 'string', description: 'How it was paid (docs/orders.md "Payment").' },
    simulated: { type: 'boolean', description: 'True when no money moved (a simulated payment).' },
    at: { ...S.instant, description: 'When it was paid.' },
  }),
  example: { ...ORDER_BASE_EXAMPLE, amount: 1250, currency: 'KES', mode: 'MOBILE_MONEY', simulated: true, at: '2026-11-26T09:02:11.000Z' },
  emittedBy: ['POST /v1/order/service with a paid mode: at placement', 'the move to DELIVERED of a cash order'],
};

const orderRated: EventType = {
  name: 'order.rated',
  version: 1,
  description: 'The client rated a delivered order.',
  topics: ['order.rated'],
  from: ({ payload: p }) => ({ ...orderBase(p), score: num(p.score) }),
  schema: object({ ...ORDER_BASE_SCHEMA, score: { type: 'integer', minimum: 1, maximum: 5, description: 'The score, 1 to 5.' } }),
  example: { ...ORDER_BASE_EXAMPLE, score: 5 },
  emittedBy: ['POST /v1/order/service/rating'],
};

// ───────────────────────────── providers and connectors (workspace) ─────────────────────────────

const providerPayload = (p: Record<string, unknown>) => ({ providerId: str(p.id), kind: str(p.kind)?.toUpperCase() ?? null, code: str(p.code), type: str(p.type), name: str(p.name) });
const PROVIDER_SCHEMA = {
  providerId: { ...S.id, description: 'The provider.' },
  kind: { type: 'string', enum: ['LSP', 'CSP', 'DEV', 'IOTSP'], description: 'Its kind.' },
  code: { type: 'string', description: 'Its code.' },
  type: { ...S.nullableString, description: 'Its type within the kind (docs/providers.md).' },
  name: { type: 'string', description: 'Its name.' },
};
const PROVIDER_EXAMPLE = { providerId: '7d1e2c3a-5b6f-4a8e-9c0d-2e3f4a5b6c7d', kind: 'LSP', code: 'LSP-4M8X2Q7K', type: 'CARRIER', name: 'Rift Valley Freight' };
const providerChange = (change: 'created' | 'updated' | 'deleted'): EventType => ({
  name: `provider.${change}`,
  version: 1,
  description: `A provider of the workspace was ${change === 'created' ? 'set up' : change === 'updated' ? 'changed' : 'deleted (with its workspace, or on its own)'}.`,
  topics: ['workspace.provider'],
  from: ({ payload: p }) => (p.change === change ? providerPayload(p) : null),
  schema: object(PROVIDER_SCHEMA),
  example: PROVIDER_EXAMPLE,
  emittedBy:
    change === 'created'
      ? ['POST /v1/:wid/{lsp,csp,dev,iotsp}/setup (setupProvider)']
      : change === 'updated'
        ? ['PATCH /v1/:wid/{lsp,csp,dev,iotsp}/:xcode (updateProvider)']
        : ['DELETE /v1/:wid/{lsp,csp,dev,iotsp}/:xcode (deleteProvider)', 'DELETE /v1/workspace/:wid (deleteWorkspace): one per provider'],
});

const connectorPayload = (p: Record<string, unknown>) => ({
  connectorId: str(p.id),
  providerKind: str(p.providerKind)?.toUpperCase() ?? null,
  providerCode: str(p.providerCode),
  type: str(p.type),
  name: str(p.name),
  status: str(p.status),
});
const CONNECTOR_SCHEMA = {
  connectorId: { ...S.id, description: 'The connector.' },
  providerKind: { type: 'string', enum: ['LSP', 'CSP', 'DEV', 'IOTSP'], description: 'The kind of provider it belongs to.' },
  providerCode: { type: 'string', description: "Its provider's code." },
  type: { type: 'string', description: 'Its type.' },
  name: { type: 'string', description: 'Its name.' },
  status: { type: 'string', enum: ['ENABLED', 'DISABLED'], description: 'Whether it may be used.' },
};
const CONNECTOR_EXAMPLE = { connectorId: '3c2b1a09-8f7e-4d6c-b5a4-93e8d7c6b5a4', providerKind: 'CSP', providerCode: 'CSP-7K2Q9M4X', type: 'ASI', name: 'Shop checkout', status: 'ENABLED' };
const connectorChange = (name: string, description: string, when: (p: Record<string, unknown>) => boolean, emittedBy: string[], example = CONNECTOR_EXAMPLE): EventType => ({
  name,
  version: 1,
  description,
  topics: ['workspace.connector'],
  from: ({ payload: p }) => (when(p) ? connectorPayload(p) : null),
  schema: object(CONNECTOR_SCHEMA),
  example,
  emittedBy,
});

// ───────────────────────────── pipelines ─────────────────────────────

const pipelineExecutionCompleted: EventType = {
  name: 'pipeline.execution.completed',
  version: 1,
  description:
    'An execution of a pipeline ended: SUCCESS, FAILED (a stage failed for good, or it was cancelled or its pipeline deleted) or TIMEOUT (docs/pipelines.md). Simulations and dry runs are not executions of record and emit nothing.',
  topics: ['pipelines.execution'],
  from: ({ payload: p }) => {
    const error = obj(p.error);
    return {
      executionId: str(p.executionId),
      pipelineId: str(p.pipelineId),
      status: str(p.status),
      startedAt: str(p.startedAt),
      completedAt: str(p.completedAt),
      duration: num(p.duration),
      error: error ? { code: str(error.code), message: str(error.message), stage: str(error.stage) } : null,
    };
  },
  schema: object({
    executionId: { ...S.id, description: 'The execution.' },
    pipelineId: { ...S.id, description: 'Its pipeline.' },
    status: { type: 'string', enum: ['SUCCESS', 'FAILED', 'TIMEOUT'], description: 'How it ended.' },
    startedAt: { ...S.instant, description: 'When it started.' },
    completedAt: { ...S.instant, description: 'When it ended.' },
    duration: { type: 'number', minimum: 0, description: 'How long it ran, in milliseconds.' },
    error: {
      anyOf: [
        { type: 'null' },
        object({
          code: { type: 'string', description: 'The error code (docs/pipelines.md).' },
          message: { type: 'string', description: 'What went wrong.' },
          stage: { ...S.nullableString, description: 'The stage it happened in, if any.' },
        }),
      ],
      description: 'Why it did not succeed; null on SUCCESS.',
    },
  }),
  example: {
    executionId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    pipelineId: '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b',
    status: 'FAILED',
    startedAt: '2026-11-26T09:14:00.000Z',
    completedAt: '2026-11-26T09:14:03.412Z',
    duration: 3412,
    error: { code: 'WEBHOOK_FAILED', message: 'webhook POST failed after 3 attempts: the target answered HTTP 503', stage: 'notify' },
  },
  emittedBy: [
    "the pipeline engine's last step of an execution (its worker)",
    'POST /v1/pipelines/executions/:executionId/cancel (FAILED, "cancelled")',
    'DELETE /v1/pipelines/:pipelineId (FAILED, for each of its running executions)',
    "the pipeline's timeout (TIMEOUT)",
  ],
};

// ───────────────────────────── vehicles (IoT) ─────────────────────────────

const vehiclePositionUpdated: EventType = {
  name: 'vehicle.position.updated',
  version: 1,
  description:
    'A device riding in a vehicle reported where it is (docs/iot.md "Positions"), in the workspace of the device\'s IoT provider: one event per device and ingestion batch (reports stored together are folded to the newest position).',
  topics: ['iot.position'],
  from: ({ payload: p }) => ({
    vehicleId: str(p.vehicleId),
    deviceId: str(p.deviceId),
    latitude: num(p.latitude),
    longitude: num(p.longitude),
    heading: num(p.heading),
    speed: num(p.speed),
    measuredAt: str(p.measuredAt),
  }),
  schema: object({
    vehicleId: { ...S.id, description: 'The vehicle (of the LSP family).' },
    deviceId: { ...S.id, description: 'The device that reported.' },
    latitude: { type: 'number', minimum: -90, maximum: 90, description: 'Degrees (WGS 84).' },
    longitude: { type: 'number', minimum: -180, maximum: 180, description: 'Degrees (WGS 84).' },
    heading: { type: ['number', 'null'], description: 'Degrees from north, when the device gave one.' },
    speed: { type: ['number', 'null'], description: 'km/h, when the device gave one.' },
    measuredAt: { ...S.instant, description: 'When the device measured it.' },
  }),
  example: {
    vehicleId: '6e5d4c3b-2a19-4f8e-9d7c-6b5a4e3d2c1b',
    deviceId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    latitude: -1.2921,
    longitude: 36.8219,
    heading: 90,
    speed: 42.5,
    measuredAt: '2026-11-26T09:14:02.000Z',
  },
  emittedBy: ['a device report with a position, over MQTT or HTTP, from a device assigned to a vehicle (docs/iot.md "Ingestion")'],
};

// ───────────────────────────── users ─────────────────────────────

/** The log topic the workspace subgraph writes for each workspace of a member whose profile changed (events/service.ts). */
export const MEMBER_PROFILE_TOPIC = 'workspace.member_profile';

const userUpdated: EventType = {
  name: 'user.updated',
  version: 1,
  description:
    'A member of the workspace changed their profile (docs/contract.md "Users"): one event in each workspace they are a member of when it is recorded. It carries the user\'s id, display name (the only personal data: the event is about that person) and which fields changed, not their values.',
  topics: [MEMBER_PROFILE_TOPIC],
  from: ({ payload: p }) => ({
    userId: str(p.userId),
    name: str(p.name),
    changed: Array.isArray(p.changed) ? p.changed.filter((c): c is string => typeof c === 'string') : [],
  }),
  schema: object({
    userId: { ...S.id, description: 'The user.' },
    name: { type: 'string', description: 'Their display name now.' },
    changed: {
      type: 'array',
      items: { type: 'string', enum: ['name', 'avatar', 'bio', 'language', 'timezone', 'notifications'] },
      description: 'The profile fields that changed.',
    },
  }),
  example: { userId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Amina Wanjiru', changed: ['name', 'timezone'] },
  emittedBy: ['PATCH /v1/users/me (updateProfile), when a field changes'],
};

// ───────────────────────────── devices (IoT) ─────────────────────────────

const deviceTelemetryReceived: EventType = {
  name: 'device.telemetry.received',
  version: 1,
  description:
    "A device's reports were ingested (docs/iot.md \"Ingestion\"), in the workspace of its IoT provider: one event per device and ingestion batch, with how many were stored and failed, the span of their measurement times and the newest stored report's values (the fields its rule parses). Failed reports are counted, not carried: read them from the device's reports.",
  topics: ['iot.telemetry'],
  from: ({ payload: p }) => {
    const latest = obj(p.latest);
    return {
      deviceId: str(p.deviceId),
      device: str(p.device),
      providerCode: str(p.icode),
      stored: num(p.stored) ?? 0,
      failed: num(p.failed) ?? 0,
      firstMeasuredAt: str(p.firstMeasuredAt),
      lastMeasuredAt: str(p.lastMeasuredAt),
      latest: latest ? { measuredAt: str(latest.measuredAt), values: obj(latest.values) ?? {} } : null,
    };
  },
  schema: object({
    deviceId: { ...S.id, description: 'The device.' },
    device: { type: 'string', description: "The device's reference (its IoT provider's name for it)." },
    providerCode: { type: 'string', description: 'The code of the IoT provider the device belongs to.' },
    stored: { type: 'integer', minimum: 0, description: 'Reports of the batch parsed and stored.' },
    failed: { type: 'integer', minimum: 0, description: 'Reports of the batch kept as failed (not parsed).' },
    firstMeasuredAt: { type: ['string', 'null'], format: 'date-time', description: 'The earliest measurement time of the stored reports; null when none was stored.' },
    lastMeasuredAt: { type: ['string', 'null'], format: 'date-time', description: 'The latest measurement time of the stored reports; null when none was stored.' },
    latest: {
      type: ['object', 'null'],
      description: 'The newest stored report; null when none was stored.',
      properties: {
        measuredAt: { ...S.instant, description: 'When the device measured it.' },
        values: { type: 'object', description: "Its values, by the rule's field names (e.g. `position.latitude`, `temperature`)." },
      },
      required: ['measuredAt', 'values'],
      additionalProperties: false,
    },
  }),
  example: {
    deviceId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    device: 'DEV-7K2Q9M4X',
    providerCode: 'IOTSP-4M8X2Q7K',
    stored: 2,
    failed: 0,
    firstMeasuredAt: '2026-11-26T09:13:02.000Z',
    lastMeasuredAt: '2026-11-26T09:14:02.000Z',
    latest: { measuredAt: '2026-11-26T09:14:02.000Z', values: { 'position.latitude': -1.2921, 'position.longitude': 36.8219, 'position.speed': 42.5 } },
  },
  emittedBy: ['device reports over MQTT (the device\'s topic) or HTTP (`POST /v1/iotsp/devices/:reference/reports`), stored or failed (docs/iot.md "Ingestion")'],
};

// ───────────────────────────── webhooks ─────────────────────────────

/** The log topic of webhook endpoint changes the catalogue publishes (subgraphs/workspace/webhooks). */
export const WEBHOOK_ENDPOINT_TOPIC = 'workspace.webhook_endpoint';

const webhookEndpointDisabled: EventType = {
  name: 'webhook.endpoint.disabled',
  version: 1,
  description:
    'A webhook endpoint stopped receiving events: disabled by an admin (`DISABLED_BY_ADMIN`), or by the platform (`FAILING`) when a delivery used its whole retry schedule with no 2xx from the endpoint since (docs/events.md "Retries"). The endpoint itself is not sent this event.',
  topics: [WEBHOOK_ENDPOINT_TOPIC],
  from: ({ payload: p }) => (p.change === 'disabled' ? { endpointId: str(p.id), url: str(p.url), reason: str(p.reason) } : null),
  schema: object({
    endpointId: { ...S.id, description: 'The endpoint.' },
    url: { type: 'string', description: 'Its URL.' },
    reason: { type: 'string', enum: ['DISABLED_BY_ADMIN', 'FAILING'], description: 'Who disabled it.' },
  }),
  example: { endpointId: '5f0c9e1d-2a3b-4c5d-8e9f-0a1b2c3d4e5f', url: 'https://hooks.example.com/logistics', reason: 'FAILING' },
  emittedBy: ['POST /v1/workspace/:wid/webhooks/:id/disable (disableWebhookEndpoint)', 'the delivery worker, when it disables a failing endpoint'],
};

// ───────────────────────────── the catalogue ─────────────────────────────

/** Every public event, in the order docs/events.md lists them. */
export const CATALOGUE: readonly EventType[] = [
  orderStatusChanged,
  orderPackageUpdated,
  orderPaymentCompleted,
  orderRated,
  providerChange('created'),
  providerChange('updated'),
  providerChange('deleted'),
  connectorChange('connector.created', 'A connector was created.', (p) => p.change === 'created', ['POST /v1/:wid/:ctype/:xcode/connectors (createConnector)']),
  connectorChange('connector.updated', 'A connector was changed: its name, description, origins, secret or configuration (its status aside).', (p) => p.change === 'updated', [
    'PATCH /v1/:wid/:ctype/:xcode/connectors/:id (updateConnector)',
    'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/access (setConnectorOrigins)',
    'POST /v1/:wid/:ctype/:xcode/connectors/:id/secret/rotate (rotateConnectorSecret)',
    'PUT and PATCH /v1/:wid/:ctype/:xcode/connectors/:id/config (replaceConnectorConfig, patchConnectorConfig)',
    'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/enable or /disable (setConnectorState) when the connector already has that status',
  ]),
  connectorChange('connector.enabled', 'A connector was enabled (DISABLED → ENABLED).', (p) => p.change === 'enabled', [
    'PATCH /v1/:wid/:ctype/:xcode/connectors/:id/enable (setConnectorState) of a DISABLED connector',
  ]),
  connectorChange(
    'connector.disabled',
    'A connector was disabled (ENABLED → DISABLED): the calls made through it stop working.',
    (p) => p.change === 'disabled',
    ['PATCH /v1/:wid/:ctype/:xcode/connectors/:id/disable (setConnectorState) of an ENABLED connector'],
    { ...CONNECTOR_EXAMPLE, status: 'DISABLED' },
  ),
  connectorChange('connector.deleted', 'A connector was deleted.', (p) => p.change === 'deleted', ['DELETE /v1/:wid/:ctype/:xcode/connectors/:id (deleteConnector)']),
  pipelineExecutionCompleted,
  vehiclePositionUpdated,
  deviceTelemetryReceived,
  userUpdated,
  webhookEndpointDisabled,
];

/** The event types by name. */
export const EVENT_TYPES = new Map(CATALOGUE.map((t) => [t.name, t]));
/** Every log topic some public event is made from. */
export const PUBLIC_TOPICS: readonly string[] = [...new Set(CATALOGUE.flatMap((t) => t.topics))];
const byTopic = new Map<string, EventType[]>();
for (const t of CATALOGUE) for (const topic of t.topics) byTopic.set(topic, [...(byTopic.get(topic) ?? []), t]);

/** The public event a log row is, if any (at most one: the catalogue's types of a topic exclude each other). */
export function publicEventOf(row: LogRow): { type: EventType; data: Record<string, unknown> } | null {
  for (const type of byTopic.get(row.topic) ?? []) {
    const data = type.from(row);
    if (data) return { type, data };
  }
  return null;
}

/**
 * Whether an event name matches a filter: an exact name, `*` (everything), or a prefix wildcard `order.*` (every event
 * whose name starts with `order.`; `order.package.*` too).
 */
export function matchesFilter(name: string, filter: string): boolean {
  if (filter === '*') return true;
  if (filter.endsWith('.*')) return name.startsWith(filter.slice(0, -1));
  return name === filter;
}

/** Whether a filter is well formed: `*`, a catalogue name, or a wildcard that matches at least one catalogue name. */
export function knownFilter(filter: string): boolean {
  if (filter === '*') return true;
  if (filter.endsWith('.*')) return /^[a-z_]+(\.[a-z_]+)*\.\*$/.test(filter) && CATALOGUE.some((t) => matchesFilter(t.name, filter));
  return EVENT_TYPES.has(filter);
}
