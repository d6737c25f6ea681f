import type { RetryPolicy, Stage, Transition, TransitionCondition } from '../common/definition.js';
import type { TransitionType } from '../common/enums.js';

/**
 * The engine's pure rules (docs/pipelines.md "Transitions", "Retries", "Conditions", "Templates in values"),
 * unit-tested in test/unit/pipelines-engine.test.ts.
 */

/** The data conditions and templates read: `metadata`, `results` (by stage name), `context`, `status`, `executionId`, `pipelineId`. */
export type ExecutionData = Record<string, unknown>;

/** The value at a dotted path (`metadata.order.id`, `results.pick.resource.id`; a number segment indexes a list). */
export function valueAt(data: unknown, path: string): unknown {
  let v: unknown = data;
  for (const part of path.split('.')) {
    if (v === null || v === undefined) return undefined;
    if (Array.isArray(v) && /^\d+$/.test(part)) v = v[Number(part)];
    else if (typeof v === 'object' && Object.prototype.hasOwnProperty.call(v, part)) v = (v as Record<string, unknown>)[part];
    else return undefined;
  }
  return v;
}

const ISO = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** -1, 0, 1 when both are numbers or both ISO-8601 instants; undefined otherwise (the comparison does not hold). */
function compare(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b)) return Math.sign(a - b);
  if (typeof a === 'string' && typeof b === 'string' && ISO.test(a) && ISO.test(b)) {
    const x = Date.parse(a);
    const y = Date.parse(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return undefined;
    return Math.sign(x - y);
  }
  return undefined;
}

function test(c: TransitionCondition, data: ExecutionData): boolean {
  const v = valueAt(data, c.field);
  switch (c.operator) {
    case 'EQUALS':
      return deepEqual(v, c.value);
    case 'NOT_EQUALS':
      return !deepEqual(v, c.value);
    case 'GREATER_THAN':
      return compare(v, c.value) === 1;
    case 'LESS_THAN':
      return compare(v, c.value) === -1;
    case 'CONTAINS':
      if (typeof v === 'string') return typeof c.value === 'string' && v.includes(c.value);
      if (Array.isArray(v)) return v.some((item) => deepEqual(item, c.value));
      return false;
    case 'EXISTS': {
      const present = v !== undefined && v !== null;
      return c.value === false ? !present : present;
    }
  }
}

/** Whether a condition holds: its own test combined with its nested ones by `logic` (default AND). */
export function holds(c: TransitionCondition, data: ExecutionData): boolean {
  const own = test(c, data);
  if (!c.conditions?.length) return own;
  const rest = c.conditions.map((n) => holds(n, data));
  return c.logic === 'OR' ? own || rest.some(Boolean) : own && rest.every(Boolean);
}

const TEMPLATE = /\$\{execution\.([A-Za-z0-9_.]+)\}/g;
const WHOLE = /^\$\{execution\.([A-Za-z0-9_.]+)\}$/;

/**
 * Fills `${execution.<path>}` templates in a value, `<path>` read from `data` (the execution: id, pipelineId,
 * metadata, results, context, tags) (strings inside objects and lists too). A string that is one
 * template alone becomes the value itself (a number stays a number; absent becomes null); a template inside a longer
 * string is written as text (JSON for objects, empty for absent).
 */
export function render(value: unknown, data: ExecutionData): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return valueAt(data, whole[1]) ?? null;
    return value.replace(TEMPLATE, (_m, path: string) => {
      const v = valueAt(data, path);
      if (v === undefined || v === null) return '';
      return typeof v === 'string' ? v : JSON.stringify(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => render(v, data));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, render(v, data)]));
  return value;
}

export const DEFAULT_POLICY: Required<RetryPolicy> = { maxAttempts: 1, backoffMultiplier: 2, initialDelay: 1000, maxDelay: 300_000, jitter: true };

/**
 * The wait before run `attempt` + 1 of a stage (attempt = runs so far, from 1): the stage's `retryDelay` when it names
 * one (exact, no jitter); else the policy's initialDelay × backoffMultiplier^(attempt − 1), capped at maxDelay (default
 * `capMs`), then spread over ±20 % when jitter is on (`random` in [0, 1)).
 */
export function retryDelayMs(attempt: number, stageDelay: number | undefined, policy: RetryPolicy | undefined, capMs: number, random: number): number {
  if (stageDelay !== undefined && stageDelay !== null) return stageDelay;
  const p = { ...DEFAULT_POLICY, maxDelay: capMs, ...(policy ?? {}) };
  const cap = p.maxDelay ?? capMs;
  const base = Math.min(cap, p.initialDelay * p.backoffMultiplier ** Math.max(0, attempt - 1));
  if (p.jitter === false) return Math.round(base);
  return Math.round(Math.min(cap, base * (0.8 + 0.4 * random)));
}

export type Outcome = 'success' | 'failure' | 'timeout';

/** What the engine does after a stage run ends: the transition that applies, with its defaults filled in. */
export interface Decision {
  type: TransitionType;
  /** CONTINUE / SKIP: the index of the stage to go to (stages.length: the end). */
  nextIndex?: number;
  /** RETRY: the wait before the next run, ms. */
  delayMs?: number;
}

/**
 * The transition after stage `index` ended with `outcome`, its `runs` so far counting this one (docs/pipelines.md
 * "Transitions", "Retries"):
 * - a failed or timed-out run is run again while runs ≤ the stage's `retries` (default 0), after its `retryDelay` or
 *   the policy's backoff, before any transition applies;
 * - then the stage's transition for the outcome applies when it has no condition or its condition holds; otherwise (or
 *   without one) the default: CONTINUE after success, FAIL after failure or timeout;
 * - RETRY runs the stage again while runs ≤ the stage's `retries` + the transition's `retries` (default: the policy's
 *   maxAttempts − 1), after the transition's `retryDelay`, else the stage's, else the policy's backoff; then FAIL;
 * - CONTINUE and SKIP go to `next` (by name) or the next stage in order.
 */
export function decide(stages: readonly Stage[], index: number, outcome: Outcome, runs: number, data: ExecutionData, policy: RetryPolicy | undefined, capMs: number, random: number): Decision {
  const stage = stages[index];
  const own = stage.retries ?? 0;
  if (outcome !== 'success' && runs <= own) return { type: 'RETRY', delayMs: retryDelayMs(runs, stage.retryDelay, policy, capMs, random) };
  const t = transitionFor(stage, outcome);
  const applies = t && (!t.condition || holds(t.condition, data));
  const chosen: Transition = applies ? t : { type: outcome === 'success' ? 'CONTINUE' : 'FAIL' };
  switch (chosen.type) {
    case 'RETRY': {
      const retries = chosen.retries ?? (policy?.maxAttempts ?? 1) - 1;
      if (runs > own + retries) return { type: 'FAIL' };
      return { type: 'RETRY', delayMs: retryDelayMs(runs, chosen.retryDelay ?? stage.retryDelay, policy, capMs, random) };
    }
    case 'CONTINUE':
    case 'SKIP': {
      const byName = chosen.next !== undefined && chosen.next !== null ? stages.findIndex((s) => s.name === chosen.next) : -1;
      return { type: chosen.type, nextIndex: byName >= 0 ? byName : index + 1 };
    }
    default:
      return { type: chosen.type };
  }
}

function transitionFor(stage: Stage, outcome: Outcome): Transition | undefined {
  const t = stage.transitions;
  if (!t) return undefined;
  return outcome === 'success' ? t.onSuccess : outcome === 'failure' ? t.onFailure : t.onTimeout;
}

/** HTTP attempts within one run of a WEBHOOK stage: 1 + webhook.retries (default 0). */
export const attemptsPerRun = (stage: Stage): number => 1 + (stage.webhook?.retries ?? 0);
