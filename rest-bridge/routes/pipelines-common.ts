/**
 * What every route of spec group 16 (pipelines) shares: a workspace API key (`Authorization: Bearer <API_KEY>`), the
 * generic envelope (`{error:false, status:"SUCCESS", data}`; lists `{data:[…], pagination}`), every instant in epoch
 * milliseconds, answers and bodies alike (spec "Template": `at.timestamp number`; docs/pipelines.md); query-string dates
 * are ISO-8601. Failures: `{error:true, status, message, field?}`.
 */
export const pl = { tag: 'Pipelines', envelope: 'generic', auth: 'api-key', time: 'epoch-ms' } as const;

const TRANSITION = 'type next condition retries retryDelay';
/** A stage as REST writes it (spec "Stage"). */
export const STAGE = `name description action
  query { resource filters strategy fallbackOptions { filters strategy resource } cacheDuration }
  webhook { url method headers body timeout retries }
  wait { type duration condition timeout checkInterval }
  transitions { onSuccess { ${TRANSITION} } onFailure { ${TRANSITION} } onTimeout { ${TRANSITION} } }
  timeout retries retryDelay`;
export const CONFIG = 'timeout concurrency maxExecutionsPerHour retryPolicy { maxAttempts backoffMultiplier initialDelay maxDelay jitter }';
export const HEALTH = 'simulationEnabled simulationInterval testData alertThresholds { healthScore errorRate avgDuration }';
export const STAMP = 'at { timestamp datetime timezone } by';
