import { LIMITS, type PipelineConfig, type Stage, type Transition, type TransitionCondition } from '../common/definition.js';
import type { QueryResource } from '../common/enums.js';
import { staticUrlProblem, type AllowList } from '../../../kernel/webhooks/guard.js';

/**
 * The pure rules of templates (docs/pipelines.md "Templates", "Validation"): semantic versions, and the checks of a
 * definition that `POST /templates/:templateId/validate` answers and publishing requires. No I/O: the service passes
 * in what the database knows (which QUERY resources the workspace has) and the operator's webhook allow-list.
 */

// ─── semantic versions (semver.org 2.0.0) ───────────────────────────────────────────────────────────────────────────

const IDENT = '(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)';
/** The grammar of semver.org 2.0.0: MAJOR.MINOR.PATCH, an optional `-pre.release` and an optional `+build.meta`. */
export const SEMVER = new RegExp(`^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-(${IDENT}(?:\\.${IDENT})*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$`);

export interface SemVer {
  major: bigint;
  minor: bigint;
  patch: bigint;
  pre: string[];
}

export function parseSemver(text: string): SemVer | undefined {
  const m = SEMVER.exec(text);
  if (!m) return undefined;
  return { major: BigInt(m[1]), minor: BigInt(m[2]), patch: BigInt(m[3]), pre: m[4] ? m[4].split('.') : [] };
}

const cmp = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Semantic-version precedence (semver.org §11): −1, 0 or 1. Build metadata is ignored (1.0.0+a equals 1.0.0+b); a
 * pre-release is lower than its release; pre-release identifiers compare numerically when both are numbers, else in
 * ASCII order, a number lower than a word, and a shorter list lower when all before are equal.
 */
export function compareSemver(a: string, b: string): number {
  const x = parseSemver(a);
  const y = parseSemver(b);
  if (!x || !y) throw new Error('compareSemver: not a semantic version');
  const core = cmp(x.major, y.major) || cmp(x.minor, y.minor) || cmp(x.patch, y.patch);
  if (core) return core;
  if (!x.pre.length || !y.pre.length) return x.pre.length === y.pre.length ? 0 : x.pre.length ? -1 : 1;
  for (let i = 0; i < Math.min(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i];
    const q = y.pre[i];
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    const c = pn && qn ? cmp(BigInt(p), BigInt(q)) : pn ? -1 : qn ? 1 : p < q ? -1 : p > q ? 1 : 0;
    if (c) return c;
  }
  return x.pre.length === y.pre.length ? 0 : x.pre.length < y.pre.length ? -1 : 1;
}

/** The index of the first stage whose name repeats an earlier one, with that earlier index. */
export function duplicateStageName(stages: readonly { name: string }[]): { index: number; first: number } | undefined {
  const seen = new Map<string, number>();
  for (const [i, s] of stages.entries()) {
    const first = seen.get(s.name);
    if (first !== undefined) return { index: i, first };
    seen.set(s.name, i);
  }
  return undefined;
}

// ─── validation of a definition ─────────────────────────────────────────────────────────────────────────────────────

export interface ValidationChecks {
  stageValidation: boolean;
  queryValidation: boolean;
  webhookValidation: boolean;
  transitionValidation: boolean;
  resourceAvailability: boolean;
}
export type CheckName = keyof ValidationChecks;

export interface DefinitionValidation {
  valid: boolean;
  errors: string[];
  warnings: string[];
  checks: ValidationChecks;
  suggestions: string[];
}

export interface ValidationEnvironment {
  /** PIPELINE_WEBHOOK_ALLOW, parsed. */
  allow: AllowList;
  /** The QUERY resources with at least one ACTIVE match in the workspace; undefined: not checked. */
  available?: ReadonlySet<QueryResource>;
}

/** One error with the family it belongs to and how to fix it. */
interface Finding {
  check: CheckName;
  error: string;
  suggestion: string;
}

const OUTCOMES = ['onSuccess', 'onFailure', 'onTimeout'] as const;

const where = (s: Stage, i: number) => `stage "${s.name}" (stages.${i})`;

/** Depth (1 for a single test) and number of tests of a condition. */
export function conditionSize(c: TransitionCondition): { depth: number; tests: number } {
  let depth = 1;
  let tests = 1;
  for (const child of c.conditions ?? []) {
    const s = conditionSize(child);
    depth = Math.max(depth, s.depth + 1);
    tests += s.tests;
  }
  return { depth, tests };
}

function conditionFindings(c: TransitionCondition | undefined | null, at: string, check: CheckName): Finding[] {
  if (!c) return [];
  const { depth, tests } = conditionSize(c);
  const out: Finding[] = [];
  if (depth > LIMITS.conditionDepth)
    out.push({
      check,
      error: `${at}: the condition is nested ${depth} levels deep; at most ${LIMITS.conditionDepth} are allowed`,
      suggestion: `Flatten the condition at ${at} to at most ${LIMITS.conditionDepth} levels (combine tests with one \`logic\`).`,
    });
  if (tests > LIMITS.conditions)
    out.push({
      check,
      error: `${at}: the condition holds ${tests} tests; at most ${LIMITS.conditions} are allowed`,
      suggestion: `Reduce the condition at ${at} to at most ${LIMITS.conditions} tests.`,
    });
  return out;
}

/**
 * The stages each stage may go on to after it ends (CONTINUE and SKIP: `next`, else the next in order; a transition
 * with a condition also leaves the outcome's default, and success's default is CONTINUE). RETRY, FAIL and COMPLETE
 * go to no other stage. A `next` that names no stage counts as the next in order (it is reported on its own).
 */
export function successors(stages: readonly Stage[]): number[][] {
  const index = new Map(stages.map((s, i) => [s.name, i]));
  return stages.map((s, i) => {
    const out = new Set<number>();
    const inOrder = i + 1 < stages.length ? i + 1 : undefined;
    for (const outcome of OUTCOMES) {
      const t: Transition | undefined | null = s.transitions?.[outcome];
      const goesOn = (tr: Transition) => tr.type === 'CONTINUE' || tr.type === 'SKIP';
      if (!t || t.condition) {
        // the outcome's default: CONTINUE after success, FAIL otherwise
        if (outcome === 'onSuccess' && inOrder !== undefined) out.add(inOrder);
      }
      if (t && goesOn(t)) {
        // a `next` naming no stage is reported on its own; the paths go on in order, so it is not reported twice
        const to = t.next !== undefined && t.next !== null ? (index.get(t.next) ?? inOrder) : inOrder;
        if (to !== undefined) out.add(to);
      }
    }
    return [...out];
  });
}

/** Strongly connected components that are cycles (more than one stage, or a stage going on to itself). */
export function cycles(next: number[][]): number[][] {
  const n = next.length;
  const idx = new Array<number>(n).fill(-1);
  const low = new Array<number>(n).fill(0);
  const onStack = new Array<boolean>(n).fill(false);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  const visit = (v: number) => {
    idx[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = true;
    for (const w of next[v]) {
      if (idx[w] === -1) {
        visit(w);
        low[v] = Math.min(low[v], low[w]);
      } else if (onStack[w]) low[v] = Math.min(low[v], idx[w]);
    }
    if (low[v] === idx[v]) {
      const comp: number[] = [];
      let w: number;
      do {
        w = stack.pop()!;
        onStack[w] = false;
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || next[v].includes(v)) out.push(comp.sort((a, b) => a - b));
    }
  };
  for (let v = 0; v < n; v++) if (idx[v] === -1) visit(v);
  return out.sort((a, b) => a[0] - b[0]);
}

/** Whether a stage bounds a loop through it: a WAIT stage, or a RETRY transition with bounded `retries` (its own or the stage's). */
function boundsLoop(s: Stage): boolean {
  if (s.action === 'WAIT') return true;
  return OUTCOMES.some((o) => {
    const t = s.transitions?.[o];
    return t?.type === 'RETRY' && (t.retries ?? s.retries) != null;
  });
}

const RESOURCE_WORDS: Record<QueryResource, string> = {
  WAREHOUSE: 'active WAREHOUSE service',
  CARRIER: 'active CARRIER service',
  TERMINAL: 'active TERMINAL service',
  INVENTORY: 'active WAREHOUSE service (INVENTORY)',
  VEHICLE: 'vehicle',
  ROUTE: 'active coverage route',
};

/**
 * Checks a definition (docs/pipelines.md "Validation"). Errors make it unpublishable; warnings do not. Each family of
 * errors has its check (false when it found one) and each error a suggestion, in the same order.
 */
export function validateDefinition(def: { stages: readonly Stage[]; config?: PipelineConfig | null }, env: ValidationEnvironment): DefinitionValidation {
  const stages = def.stages ?? [];
  const findings: Finding[] = [];
  const warnings: string[] = [];
  const names = new Set(stages.map((s) => s.name));

  if (stages.length === 0) findings.push({ check: 'stageValidation', error: 'the template has no stages', suggestion: 'Add at least one stage.' });
  if (stages.length > LIMITS.stages)
    findings.push({
      check: 'stageValidation',
      error: `the template has ${stages.length} stages; at most ${LIMITS.stages} are allowed`,
      suggestion: `Split the work into pipelines of at most ${LIMITS.stages} stages.`,
    });
  const dup = duplicateStageName(stages);
  if (dup)
    findings.push({
      check: 'stageValidation',
      error: `stages.${dup.index}: the name "${stages[dup.index].name}" is already stage ${dup.first}'s`,
      suggestion: `Give stages.${dup.index} a name no other stage has.`,
    });

  for (const [i, s] of stages.entries()) {
    const at = where(s, i);
    // the action's own settings
    if (s.action === 'QUERY' && !s.query)
      findings.push({ check: 'queryValidation', error: `${at}: a QUERY stage needs \`query\``, suggestion: `Add \`query\` {resource, filters, strategy} to ${at}, or change its action.` });
    if (s.action === 'WEBHOOK' && !s.webhook)
      findings.push({ check: 'webhookValidation', error: `${at}: a WEBHOOK stage needs \`webhook\``, suggestion: `Add \`webhook\` {url, method} to ${at}, or change its action.` });
    if (s.action === 'WAIT') {
      if (!s.wait)
        findings.push({ check: 'stageValidation', error: `${at}: a WAIT stage needs \`wait\``, suggestion: `Add \`wait\` {type DURATION, duration} or {type CONDITION, condition} to ${at}.` });
      else if (s.wait.type === 'DURATION' && s.wait.duration == null)
        findings.push({ check: 'stageValidation', error: `${at}: a DURATION wait needs \`wait.duration\``, suggestion: `Set \`wait.duration\` (milliseconds) on ${at}.` });
      else if (s.wait.type === 'CONDITION' && !s.wait.condition)
        findings.push({ check: 'stageValidation', error: `${at}: a CONDITION wait needs \`wait.condition\``, suggestion: `Set \`wait.condition\` on ${at}, or make it a DURATION wait.` });
      if (s.wait?.condition) findings.push(...conditionFindings(s.wait.condition, `${at} wait.condition`, 'stageValidation'));
    }
    if (s.action === 'QUERY' && s.query) {
      if (s.query.strategy === 'CLOSEST' && (s.query.filters ?? {})['location'] == null)
        warnings.push(`${at}: CLOSEST without \`filters.location\` ranks nothing by distance (every match is as close as another)`);
      if (env.available && !env.available.has(s.query.resource))
        findings.push({
          check: 'resourceAvailability',
          error: `${at}: no ${s.query.resource} is registered in this workspace`,
          suggestion: `Register an ${RESOURCE_WORDS[s.query.resource]} in this workspace (the LSP family), or query another resource at ${at}.`,
        });
    }
    if (s.action === 'WEBHOOK' && s.webhook) {
      const problem = staticUrlProblem(s.webhook.url, env.allow);
      if (problem)
        findings.push({
          check: 'webhookValidation',
          error: `${at}: webhook.url ${problem}`,
          suggestion: `Point ${at} at a public http(s) URL, or have the operator allow its host in PIPELINE_WEBHOOK_ALLOW.`,
        });
    }
    if (s.timeout == null) warnings.push(`${at}: no \`timeout\`; the platform default (PIPELINE_STAGE_TIMEOUT_MS) applies`);
    // transitions
    for (const outcome of OUTCOMES) {
      const t = s.transitions?.[outcome];
      if (!t) continue;
      const tat = `${at} transitions.${outcome}`;
      if ((t.type === 'CONTINUE' || t.type === 'SKIP') && t.next != null && !names.has(t.next))
        findings.push({ check: 'transitionValidation', error: `${tat}: \`next\` names no stage ("${t.next}")`, suggestion: `Set ${tat}.next to one of: ${[...names].join(', ')}.` });
      findings.push(...conditionFindings(t.condition, `${tat}.condition`, 'transitionValidation'));
    }
  }

  if (stages.length > 0) {
    const next = successors(stages);
    const reached = new Set<number>([0]);
    const todo = [0];
    while (todo.length) {
      for (const w of next[todo.pop()!]) {
        if (reached.has(w)) continue;
        reached.add(w);
        todo.push(w);
      }
    }
    for (const [i, s] of stages.entries())
      if (!reached.has(i))
        findings.push({
          check: 'transitionValidation',
          error: `${where(s, i)}: no path from the first stage reaches it`,
          suggestion: `Point a CONTINUE or SKIP \`next\` at "${s.name}", or remove the stage.`,
        });
    for (const loop of cycles(next)) {
      if (loop.some((i) => boundsLoop(stages[i]))) continue;
      const list = loop.map((i) => `"${stages[i].name}"`).join(' → ');
      findings.push({
        check: 'transitionValidation',
        error: `stages ${list} form a loop with no WAIT stage and no RETRY with bounded retries: an execution could go round it without end`,
        suggestion: `Break the loop of ${list}: add a WAIT stage to it, bound it with a RETRY transition's \`retries\`, or point a \`next\` out of it.`,
      });
    }
  }
  if (def.config?.timeout == null) warnings.push('config.timeout is not set: an execution may run without a time limit');

  const checks: ValidationChecks = { stageValidation: true, queryValidation: true, webhookValidation: true, transitionValidation: true, resourceAvailability: true };
  for (const f of findings) checks[f.check] = false;
  return { valid: findings.length === 0, errors: findings.map((f) => f.error), warnings, checks, suggestions: findings.map((f) => f.suggestion) };
}
