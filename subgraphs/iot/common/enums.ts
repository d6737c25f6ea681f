import { closedList } from '../../../kernel/graphql-types.js';

/**
 * The one status of the IoT family's records (docs/iot.md "Statuses"): rules, topics and devices are ACTIVE or
 * INACTIVE, and move between the two (REST: `PATCH …/:reference/:status` with `active` or `inactive`; a device by
 * PATCH). A move to the status a record already has is 409 CONFLICT.
 */
export const IotStatus = closedList('IotStatus', 'Whether an IoT rule, topic or device takes part in ingestion (docs/iot.md "Statuses").', {
  ACTIVE: 'In use: reports are parsed with the rule, published on the topic, accepted from the device.',
  INACTIVE: 'Set aside: a report that needs it is kept as a failure (rule or device INACTIVE), or refused by the broker (topic INACTIVE).',
});
export type IotStatus = keyof typeof IotStatus;

export const IotRuleType = closedList('IotRuleType', 'What a rule parses (the spec has seen REPORT; the only kind for now).', {
  REPORT: 'A device report line: header marker, comma-separated values, `$`.',
});
export type IotRuleType = keyof typeof IotRuleType;

export const MqttQos = closedList('MqttQos', 'An MQTT quality of service (MQTT 3.1.1 §4.3; REST writes it as the digit, "0"–"2").', {
  AT_MOST_ONCE: 'QoS 0: delivered at most once, no acknowledgement.',
  AT_LEAST_ONCE: 'QoS 1: delivered at least once (PUBACK).',
  EXACTLY_ONCE: 'QoS 2: delivered exactly once (the four-packet handshake).',
});
export type MqttQos = keyof typeof MqttQos;
/** The QoS levels by name and back (the number is what MQTT packets and the table carry). */
export const QOS_LEVEL: Record<MqttQos, 0 | 1 | 2> = { AT_MOST_ONCE: 0, AT_LEAST_ONCE: 1, EXACTLY_ONCE: 2 };
export const QOS_NAME: readonly MqttQos[] = ['AT_MOST_ONCE', 'AT_LEAST_ONCE', 'EXACTLY_ONCE'];

export const ReportOutcome = closedList('ReportOutcome', 'What became of a report a device sent.', {
  STORED: 'Parsed by the rule and stored as typed telemetry.',
  FAILED: 'Kept with its error: it did not parse, matched no rule, or its rule or device was INACTIVE.',
});
export type ReportOutcome = keyof typeof ReportOutcome;

export const ReportSource = closedList('ReportSource', 'How a report reached the platform.', {
  HTTP: 'A batch over `POST /v1/iotsp/devices/:reference/reports`.',
  MQTT: 'A publish to a registered topic, through the embedded broker or the external one (`MQTT_URL`).',
});
export type ReportSource = keyof typeof ReportSource;
