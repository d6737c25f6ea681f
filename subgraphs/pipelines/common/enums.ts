import { closedList } from '../../../kernel/graphql-types.js';

/** The closed lists of the pipelines family (spec "Pipeline objects"; docs/pipelines.md). */

export const TemplateStatus = closedList('TemplateStatus', 'Where a pipeline template is in its life (docs/pipelines.md "Templates").', {
  DRAFT: 'Being written: may be changed and deleted, not deployed.',
  PUBLISHED: 'Frozen and deployable: no longer changed or deleted.',
  DEPRECATED: 'Superseded: a PUBLISHED template for which a newer version of the same name was published; not deployable. Pipelines already deployed from it keep running.',
});
export type TemplateStatus = keyof typeof TemplateStatus;

export const StageAction = closedList('StageAction', 'What a stage does.', {
  QUERY: "Selects a resource (warehouse, carrier, terminal, route, inventory, vehicle) from the platform's own data by a strategy.",
  WEBHOOK: 'Calls an HTTP endpoint, signed the Standard Webhooks way.',
  WAIT: 'Waits for a duration, or until a condition over the execution data holds.',
});
export type StageAction = keyof typeof StageAction;

export const QueryResource = closedList('QueryResource', 'What a QUERY stage selects.', {
  WAREHOUSE: 'A warehouse of the service registry (queries family).',
  CARRIER: 'A carrier (an LSP fleet) of the service registry.',
  TERMINAL: 'A terminal of the service registry.',
  ROUTE: "An LSP's active coverage route, as the service registry copies it.",
  INVENTORY: 'A warehouse with free storage capacity (its capacity of the asked type, default any).',
  VEHICLE: 'A vehicle of an LSP fleet that is in service and not allocated, as the service registry copies it.',
});
export type QueryResource = keyof typeof QueryResource;

export const QueryStrategy = closedList('QueryStrategy', 'How a QUERY stage picks among the matching resources (docs/pipelines.md "QUERY").', {
  BEST_MATCH: "The highest overall score of the queries family's BALANCED matching.",
  CLOSEST: 'The nearest to `filters.location` (required).',
  FASTEST: "The highest overall score of the queries family's SPEED_OPTIMIZED matching.",
  CHEAPEST: "The highest overall score of the queries family's COST_OPTIMIZED matching.",
  HIGHEST_CAPACITY: 'The most free capacity (available), of `filters.capacityType` if given.',
  HIGHEST_RATED: 'The highest synced performance score (a service never synced counts as 50).',
  RANDOM: 'A random one (the same one for the same execution and stage: seeded by both).',
});
export type QueryStrategy = keyof typeof QueryStrategy;

export const HttpMethod = closedList('HttpMethod', 'The HTTP method of a webhook call.', {
  GET: 'GET (no body is sent).',
  POST: 'POST.',
  PUT: 'PUT.',
  PATCH: 'PATCH.',
  DELETE: 'DELETE (no body is sent).',
});
export type HttpMethod = keyof typeof HttpMethod;

export const WaitType = closedList('WaitType', 'What a WAIT stage waits for.', {
  DURATION: 'A fixed time (`duration` milliseconds).',
  CONDITION: 'A condition over the execution data, checked every `checkInterval` ms until it holds or `timeout` passes.',
});
export type WaitType = keyof typeof WaitType;

export const TransitionType = closedList('TransitionType', 'What happens after a stage ends (docs/pipelines.md "Transitions").', {
  CONTINUE: 'Go on: to the stage named `next`, else the next stage in order; after the last stage the execution succeeds.',
  SKIP: 'Go on like CONTINUE, recording the stage as SKIPPED (its outcome is ignored).',
  RETRY: 'Run the same stage again after `retryDelay`, at most `retries` more times; then the execution fails.',
  FAIL: 'The execution ends FAILED (an escalation is opened).',
  COMPLETE: 'The execution ends SUCCESS now; the remaining stages do not run.',
});
export type TransitionType = keyof typeof TransitionType;

export const ConditionOperator = closedList('ConditionOperator', 'How a condition compares the execution value at `field` with `value`.', {
  EQUALS: 'Equal (deep equality for objects and lists).',
  NOT_EQUALS: 'Not equal.',
  GREATER_THAN: 'Both numbers (or both ISO-8601 strings) and the value is greater.',
  LESS_THAN: 'Both numbers (or both ISO-8601 strings) and the value is less.',
  CONTAINS: 'A string containing `value` as a substring, or a list with an item equal to `value`.',
  EXISTS: 'The field is present and not null (`value` false: absent or null).',
});
export type ConditionOperator = keyof typeof ConditionOperator;

export const ConditionLogic = closedList('ConditionLogic', 'How a condition combines itself with its nested `conditions`.', {
  AND: 'All must hold.',
  OR: 'At least one must hold.',
});
export type ConditionLogic = keyof typeof ConditionLogic;

export const PipelineStatus = closedList('PipelineStatus', 'Whether a pipeline runs (docs/pipelines.md "Pipeline status").', {
  ACTIVE: 'Runs executions.',
  DEGRADED: 'Runs executions, but its health is DEGRADED or CRITICAL (set by the health worker; back to ACTIVE when healthy again).',
  DISABLED: 'Runs no new executions (execute is refused); running ones go on.',
  SIMULATING: 'Running a scheduled simulation (a dry run); runs executions as ACTIVE does.',
});
export type PipelineStatus = keyof typeof PipelineStatus;

export const ExecutionStatus = closedList('ExecutionStatus', 'Where an execution is (docs/pipelines.md "Executions").', {
  PENDING: 'Accepted, its first stage not started yet.',
  RUNNING: 'A stage is running or waiting.',
  SUCCESS: 'Ended: the last stage (or a COMPLETE transition) succeeded.',
  FAILED: 'Ended: a stage failed without a transition that goes on, or it was cancelled.',
  TIMEOUT: "Ended: the pipeline's `timeout` passed before the execution ended.",
});
export type ExecutionStatus = keyof typeof ExecutionStatus;

export const StageStatus = closedList('StageStatus', 'Where one stage of an execution is.', {
  PENDING: 'Not reached yet.',
  RUNNING: 'Running, waiting or between attempts.',
  SUCCESS: 'Succeeded.',
  FAILED: 'Failed (after its attempts).',
  TIMEOUT: 'Its timeout passed.',
  SKIPPED: 'Passed over: a SKIP transition, or jumped over by `next`.',
});
export type StageStatus = keyof typeof StageStatus;

export const Priority = closedList('ExecutionPriority', 'The priority of an execution: its steps are taken before lower-priority ones when workers are busy.', {
  LOW: 'Low.',
  NORMAL: 'Normal (default).',
  HIGH: 'High.',
});
export type Priority = keyof typeof Priority;

export const LogLevel = closedList('ExecutionLogLevel', 'The level of an execution log line.', {
  DEBUG: 'Detail, written when the execution runs with `debug`.',
  INFO: 'A step: a stage started or ended.',
  WARN: 'Something went wrong and was handled (an attempt failed and will be retried).',
  ERROR: 'A failure that ends a stage or the execution.',
});
export type LogLevel = keyof typeof LogLevel;

export const DeliveryStatus = closedList('WebhookDeliveryStatus', 'Where a webhook delivery is.', {
  PENDING: 'Not delivered yet: an attempt is due or running.',
  DELIVERED: 'An attempt got a 2xx answer.',
  FAILED: 'Every attempt failed (or the target was refused).',
});
export type DeliveryStatus = keyof typeof DeliveryStatus;

export const HealthStatus = closedList('PipelineHealthStatus', 'A pipeline\'s health (docs/pipelines.md "Health").', {
  HEALTHY: 'Within every alert threshold.',
  DEGRADED: 'Past a threshold (or the score below its threshold).',
  CRITICAL: 'Far past a threshold (score below half its threshold, or error rate above twice its threshold).',
  UNKNOWN: 'Fewer executions than the minimum sample in the window.',
});
export type HealthStatus = keyof typeof HealthStatus;

export const AlertSeverity = closedList('PipelineAlertSeverity', 'How serious a health alert is.', {
  INFO: 'For information.',
  WARNING: 'A threshold is passed.',
  CRITICAL: 'A threshold is far passed.',
});
export type AlertSeverity = keyof typeof AlertSeverity;

export const EscalationSeverity = closedList('EscalationSeverity', 'How serious an escalation is (docs/pipelines.md "Escalations").', {
  LOW: 'A stage timed out past its retries but the execution went on.',
  MEDIUM: 'An execution failed.',
  HIGH: 'An execution failed on a WEBHOOK stage, or timed out.',
  CRITICAL: 'Three or more executions of the pipeline failed within the last hour.',
});
export type EscalationSeverity = keyof typeof EscalationSeverity;

export const EscalationStatus = closedList('EscalationStatus', 'Where an escalation is.', {
  OPEN: 'Opened, nobody has acted yet.',
  ACKNOWLEDGED: 'Someone is on it.',
  RESOLVED: 'Closed: a later execution of the pipeline succeeded, or someone resolved it.',
});
export type EscalationStatus = keyof typeof EscalationStatus;

export const SortOrder = closedList('SortOrder', 'Sort direction of a list.', { ASC: 'Oldest / smallest first.', DESC: 'Newest / largest first (default).' });
export type SortOrder = keyof typeof SortOrder;

export const GroupBy = closedList('AnalyticsGroupBy', 'The bucket of an analytics time series.', {
  hour: 'One point an hour.',
  day: 'One point a day (default).',
  week: 'One point a week (ISO weeks, from Monday).',
});
export type GroupBy = keyof typeof GroupBy;

export const PipelineQueryOutcome = closedList('PipelineQueryOutcome', 'The result code of a query run alone (REST `status`).', {
  SUCCESS: 'A resource was selected.',
  QUERY_NO_RESULTS: 'Nothing matched, fallbacks included (an answer, not an error: HTTP 200).',
});
export type PipelineQueryOutcome = keyof typeof PipelineQueryOutcome;
