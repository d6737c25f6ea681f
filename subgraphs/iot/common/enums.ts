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

export const IotFieldType = closedList('IotFieldType', 'The type of a telemetry field in a rule schema.', {
  string: 'Text, at most 256 characters (kept as sent, trimmed).',
  number: 'A decimal or `0x` hexadecimal number, optionally followed by the field unit.',
  boolean: 'true/false, 1/0, yes/no, on/off (any case); for ecu.lock.status also LOCKED/UNLOCKED.',
});
export type IotFieldType = keyof typeof IotFieldType;

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
