import { PAGE, type RouteSpec } from './types.js';

/**
 * Spec groups 11–13 (docs/iot.md): an IoTSP's rules (`origin` and set A; assign, unassign and the connector listing set
 * A only), topics (set A; get-topic also `origin`) and devices (set A; the seven routes the spec leaves to the
 * platform), plus the rule dry run, the platform's addition. The IoTSP of the context token is the tenant. Instants
 * are ISO-8601.
 */
const RECORD = 'id status description tags createdAt createdBy updatedAt updatedBy';
const RULE = `${RECORD} reference type head struct schema`;
const TOPIC = `${RECORD} reference path qos`;
const DEVICE = `${RECORD} reference externalId name ruleReference topicReference vehicle { id } credentialIssuedAt reportsStored reportsFailed lastReportAt`;
const CONNECTORS = 'connectorId name status assignedAt assignedBy';
const ERROR = 'code position field message';
const WITH_CREDENTIAL = `device { ${DEVICE} } credential { username password mqttPort }`;
const REPORT = `id outcome source topic measuredAt receivedAt head values position { latitude longitude } line error { ${ERROR} }`;
const LIST = '$status: IotStatus, $tag: String, $page: Int, $limit: Int';
const LIST_ARGS = 'status: $status, tag: $tag, page: $page, limit: $limit';

const rule = { tag: 'IoT rules', envelope: 'generic', auth: 'origin+set-a' } as const;
/** The spec writes `qos` as a string: "0", "1", "2" (a number is read too). */
const QOS = { MqttQos: { '0': 'AT_MOST_ONCE', '1': 'AT_LEAST_ONCE', '2': 'EXACTLY_ONCE' } } as const;
const topic = { tag: 'IoT topics', envelope: 'generic', auth: 'set-a', enums: QOS } as const;
const device = { tag: 'IoT devices', envelope: 'generic', auth: 'set-a' } as const;
const STATUS = { status: ['active', 'inactive'] } as const;

export const iotRuleRoutes: RouteSpec[] = [
  {
    ...rule,
    method: 'POST',
    path: '/v1/iotsp/rules/add',
    summary: 'Add an IoT rule (checked whole)',
    status: 201,
    operation: `mutation CreateIotRule($input: IotRuleCreateInput!) { createIotRule(input: $input) { ${RULE} } }`,
    bodyVariable: 'input',
    result: { data: 'createIotRule' },
  },
  {
    ...rule,
    method: 'GET',
    path: '/v1/iotsp/rules/find',
    summary: 'Find rules by text',
    operation: `query IotRuleSearch($query: String!, $page: Int, $limit: Int) { iotRuleSearch(query: $query, page: $page, limit: $limit) { items { ${RULE} } ${PAGE} } }`,
    result: { data: 'iotRuleSearch.items', pagination: 'iotRuleSearch.pagination' },
  },
  {
    ...rule,
    method: 'GET',
    path: '/v1/iotsp/rules',
    summary: 'List the rules (by type)',
    operation: `query IotRules($type: IotRuleType, ${LIST}) { iotRules(type: $type, ${LIST_ARGS}) { items { ${RULE} } ${PAGE} } }`,
    result: { data: 'iotRules.items', pagination: 'iotRules.pagination' },
  },
  {
    ...rule,
    method: 'GET',
    path: '/v1/iotsp/rules/:reference',
    summary: 'One rule',
    operation: `query IotRule($reference: String!) { iotRule(reference: $reference) { ${RULE} } }`,
    result: { data: 'iotRule' },
  },
  {
    ...rule,
    method: 'PATCH',
    path: '/v1/iotsp/rules/:reference',
    summary: "Change a rule's tags (and description)",
    operation: `mutation UpdateIotRule($reference: String!, $input: IotTagsInput!) { updateIotRule(reference: $reference, input: $input) { ${RULE} } }`,
    bodyVariable: 'input',
    result: { data: 'updateIotRule' },
  },
  {
    ...rule,
    method: 'PATCH',
    path: '/v1/iotsp/rules/:reference/:status',
    summary: 'Activate or deactivate a rule',
    paramValues: STATUS,
    operation: `mutation ChangeIotRuleStatus($reference: String!, $status: IotStatus!) { changeIotRuleStatus(reference: $reference, status: $status) { ${RULE} } }`,
    result: { data: 'changeIotRuleStatus' },
  },
  {
    ...rule,
    method: 'DELETE',
    path: '/v1/iotsp/rules/:reference',
    summary: 'Delete a rule (refused while devices speak it)',
    operation: `mutation DeleteIotRule($reference: String!) { deleteIotRule(reference: $reference) { reference deleted } }`,
    result: { data: 'deleteIotRule' },
  },
  {
    ...rule,
    method: 'POST',
    path: '/v1/iotsp/rules/:reference/dry-run',
    summary: 'Parse a sample report line with the rule, storing nothing (addition)',
    operation: `mutation DryRunIotRule($reference: String!, $input: IotReportLineInput!) { dryRunIotRule(reference: $reference, input: $input) { ok head values measuredAt error { ${ERROR} } } }`,
    bodyVariable: 'input',
    result: { data: 'dryRunIotRule' },
  },
  {
    ...rule,
    auth: 'set-a',
    method: 'PUT',
    path: '/v1/iotsp/rules/:reference/connector/assign',
    summary: 'Assign an IoT connector to the rule',
    operation: `mutation AssignIotRuleConnector($reference: String!, $input: ConnectorAssignmentInput!) { assignIotRuleConnector(reference: $reference, input: $input) { ${CONNECTORS} } }`,
    bodyVariable: 'input',
    result: { data: 'assignIotRuleConnector' },
  },
  {
    ...rule,
    auth: 'set-a',
    method: 'PATCH',
    path: '/v1/iotsp/rules/:reference/connector/unassign',
    summary: 'Unassign a connector from the rule',
    operation: `mutation UnassignIotRuleConnector($reference: String!, $input: ConnectorAssignmentInput!) { unassignIotRuleConnector(reference: $reference, input: $input) { ${CONNECTORS} } }`,
    bodyVariable: 'input',
    result: { data: 'unassignIotRuleConnector' },
  },
  {
    ...rule,
    auth: 'set-a',
    method: 'GET',
    path: '/v1/iotsp/rules/:reference/connectors',
    summary: "The rule's connectors",
    operation: `query IotRuleConnectors($reference: String!) { iotRuleConnectors(reference: $reference) { ${CONNECTORS} } }`,
    result: { data: 'iotRuleConnectors' },
  },
];

export const iotTopicRoutes: RouteSpec[] = [
  {
    ...topic,
    method: 'POST',
    path: '/v1/iotsp/topics/register',
    summary: 'Register an MQTT topic filter',
    status: 201,
    operation: `mutation RegisterIotTopic($input: IotTopicRegisterInput!) { registerIotTopic(input: $input) { ${TOPIC} } }`,
    bodyVariable: 'input',
    result: { data: 'registerIotTopic' },
  },
  {
    ...topic,
    method: 'GET',
    path: '/v1/iotsp/topics/find',
    summary: 'Find topics by text',
    operation: `query IotTopicSearch($query: String!, $page: Int, $limit: Int) { iotTopicSearch(query: $query, page: $page, limit: $limit) { items { ${TOPIC} } ${PAGE} } }`,
    result: { data: 'iotTopicSearch.items', pagination: 'iotTopicSearch.pagination' },
  },
  {
    ...topic,
    method: 'GET',
    path: '/v1/iotsp/topics',
    summary: 'List the topics',
    operation: `query IotTopics(${LIST}) { iotTopics(${LIST_ARGS}) { items { ${TOPIC} } ${PAGE} } }`,
    result: { data: 'iotTopics.items', pagination: 'iotTopics.pagination' },
  },
  {
    ...topic,
    auth: 'origin+set-a',
    method: 'GET',
    path: '/v1/iotsp/topics/:reference',
    summary: 'One topic',
    operation: `query IotTopic($reference: String!) { iotTopic(reference: $reference) { ${TOPIC} } }`,
    result: { data: 'iotTopic' },
  },
  {
    ...topic,
    method: 'PATCH',
    path: '/v1/iotsp/topics/:reference',
    summary: "Change a topic's tags (and description)",
    operation: `mutation UpdateIotTopic($reference: String!, $input: IotTagsInput!) { updateIotTopic(reference: $reference, input: $input) { ${TOPIC} } }`,
    bodyVariable: 'input',
    result: { data: 'updateIotTopic' },
  },
  {
    ...topic,
    method: 'PATCH',
    path: '/v1/iotsp/topics/:reference/:status',
    summary: 'Activate or deactivate a topic',
    paramValues: STATUS,
    operation: `mutation ChangeIotTopicStatus($reference: String!, $status: IotStatus!) { changeIotTopicStatus(reference: $reference, status: $status) { ${TOPIC} } }`,
    result: { data: 'changeIotTopicStatus' },
  },
  {
    ...topic,
    method: 'DELETE',
    path: '/v1/iotsp/topics/:reference',
    summary: 'Unregister a topic (refused while devices are bound to it)',
    operation: `mutation UnregisterIotTopic($reference: String!) { unregisterIotTopic(reference: $reference) { reference deleted } }`,
    result: { data: 'unregisterIotTopic' },
  },
  {
    ...topic,
    method: 'PUT',
    path: '/v1/iotsp/topics/:reference/connector/assign',
    summary: 'Assign an IoT connector to the topic',
    operation: `mutation AssignIotTopicConnector($reference: String!, $input: ConnectorAssignmentInput!) { assignIotTopicConnector(reference: $reference, input: $input) { ${CONNECTORS} } }`,
    bodyVariable: 'input',
    result: { data: 'assignIotTopicConnector' },
  },
  {
    ...topic,
    method: 'PATCH',
    path: '/v1/iotsp/topics/:reference/connector/unassign',
    summary: 'Unassign a connector from the topic',
    operation: `mutation UnassignIotTopicConnector($reference: String!, $input: ConnectorAssignmentInput!) { unassignIotTopicConnector(reference: $reference, input: $input) { ${CONNECTORS} } }`,
    bodyVariable: 'input',
    result: { data: 'unassignIotTopicConnector' },
  },
  {
    ...topic,
    method: 'GET',
    path: '/v1/iotsp/topics/:reference/connectors',
    summary: "The topic's connectors",
    operation: `query IotTopicConnectors($reference: String!) { iotTopicConnectors(reference: $reference) { ${CONNECTORS} } }`,
    result: { data: 'iotTopicConnectors' },
  },
];

export const iotDeviceRoutes: RouteSpec[] = [
  {
    ...device,
    method: 'POST',
    path: '/v1/iotsp/devices',
    summary: 'Register a device (its credential is shown once)',
    status: 201,
    operation: `mutation RegisterIotDevice($input: DeviceRegisterInput!) { registerIotDevice(input: $input) { ${WITH_CREDENTIAL} } }`,
    bodyVariable: 'input',
    result: { data: 'registerIotDevice' },
  },
  {
    ...device,
    method: 'GET',
    path: '/v1/iotsp/devices',
    summary: 'List the devices',
    operation: `query IotDevices(${LIST}, $rule: String, $vehicleId: ID) { iotDevices(${LIST_ARGS}, rule: $rule, vehicleId: $vehicleId) { items { ${DEVICE} } ${PAGE} } }`,
    result: { data: 'iotDevices.items', pagination: 'iotDevices.pagination' },
  },
  {
    ...device,
    method: 'GET',
    path: '/v1/iotsp/devices/:reference',
    summary: 'One device',
    operation: `query IotDevice($reference: String!) { iotDevice(reference: $reference) { ${DEVICE} } }`,
    result: { data: 'iotDevice' },
  },
  {
    ...device,
    method: 'PATCH',
    path: '/v1/iotsp/devices/:reference',
    summary: 'Change a device, or rotate its credential',
    operation: `mutation UpdateIotDevice($reference: String!, $input: DeviceUpdateInput!) { updateIotDevice(reference: $reference, input: $input) { ${WITH_CREDENTIAL} } }`,
    bodyVariable: 'input',
    result: { data: 'updateIotDevice' },
  },
  {
    ...device,
    method: 'DELETE',
    path: '/v1/iotsp/devices/:reference',
    summary: 'Delete a device and its reports',
    operation: `mutation DeleteIotDevice($reference: String!) { deleteIotDevice(reference: $reference) { reference deleted } }`,
    result: { data: 'deleteIotDevice' },
  },
  {
    ...device,
    method: 'POST',
    path: '/v1/iotsp/devices/:reference/reports',
    summary: 'Ingest a batch of report lines',
    operation: `mutation IngestIotReports($reference: String!, $input: DeviceReportsInput!) { ingestIotReports(reference: $reference, input: $input) { accepted stored failed errors { index error { ${ERROR} } } } }`,
    bodyVariable: 'input',
    result: { data: 'ingestIotReports' },
  },
  {
    ...device,
    method: 'GET',
    path: '/v1/iotsp/devices/:reference/telemetry',
    summary: "A device's reports in a time range",
    operation: `query IotDeviceTelemetry($reference: String!, $from: DateTime, $to: DateTime, $outcome: ReportOutcome, $page: Int, $limit: Int) { iotDeviceTelemetry(reference: $reference, from: $from, to: $to, outcome: $outcome, page: $page, limit: $limit) { items { ${REPORT} } ${PAGE} } }`,
    result: { data: 'iotDeviceTelemetry.items', pagination: 'iotDeviceTelemetry.pagination' },
  },
];
