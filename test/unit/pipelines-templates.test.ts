import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { Stage, TransitionCondition } from '../../subgraphs/pipelines/common/definition.js';
import type { QueryResource } from '../../subgraphs/pipelines/common/enums.js';
import { NO_ALLOW, parseAllowList } from '../../kernel/webhooks/guard.js';
import { SEMVER, compareSemver, conditionSize, cycles, duplicateStageName, successors, validateDefinition } from '../../subgraphs/pipelines/templates/rules.js';

/**
 * The pure rules of templates (docs/pipelines.md "Templates", "Validation"): semantic versions and their precedence,
 * and validateDefinition's errors, warnings, checks and suggestions.
 */

const ALL: ReadonlySet<QueryResource> = new Set(['WAREHOUSE', 'CARRIER', 'TERMINAL', 'ROUTE', 'INVENTORY', 'VEHICLE']);
const env = { allow: NO_ALLOW, available: ALL };
const wait = (name: string, extra: Partial<Stage> = {}): Stage => ({ name, action: 'WAIT', wait: { type: 'DURATION', duration: 10 }, timeout: 1000, ...extra });
const query = (name: string, extra: Partial<Stage> = {}): Stage => ({
  name,
  action: 'QUERY',
  query: { resource: 'WAREHOUSE', filters: { country: 'DE' }, strategy: 'BEST_MATCH' },
  timeout: 1000,
  ...extra,
});
const hook = (name: string, url: string): Stage => ({ name, action: 'WEBHOOK', webhook: { url, method: 'POST' }, timeout: 1000 });
const cfg = { timeout: 60_000 };
const check = (stages: Stage[], e: Parameters<typeof validateDefinition>[1] = env) => validateDefinition({ stages, config: cfg }, e);
const allTrue = { stageValidation: true, queryValidation: true, webhookValidation: true, transitionValidation: true, resourceAvailability: true };
/** A condition nested `depth` levels (1 = a single test). */
const nested = (depth: number): TransitionCondition => (depth === 1 ? { field: 'metadata.x', operator: 'EXISTS' } : { field: 'metadata.x', operator: 'EXISTS', conditions: [nested(depth - 1)] });

describe('semantic versions', () => {
  it.each(['1.0.0', '0.0.0', '10.20.30', '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-0.3.7', '1.0.0-x.7.z.92', '1.0.0+20130313144700', '1.0.0-beta+exp.sha.5114f85', '1.0.0-x-y-z.--'])('%s is one', (v) =>
    expect(SEMVER.test(v)).toBe(true),
  );
  it.each(['1', '1.0', 'v1.0.0', '01.0.0', '1.02.0', '1.0.0-', '1.0.0-01', '1.0.0+', '1.0.0-a..b', '1.0.0 ', ' 1.0.0', '1.0.0-α'])('%s is not', (v) => expect(SEMVER.test(v)).toBe(false));

  it('orders as semver.org §11 does', () => {
    // the example chain of §11: each lower than the next
    const chain = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '1.0.1', '1.1.0', '2.0.0', '10.0.0'];
    for (let i = 0; i + 1 < chain.length; i++) {
      expect(compareSemver(chain[i], chain[i + 1]), `${chain[i]} < ${chain[i + 1]}`).toBe(-1);
      expect(compareSemver(chain[i + 1], chain[i])).toBe(1);
    }
    // build metadata does not count
    expect(compareSemver('1.0.0+a', '1.0.0+b')).toBe(0);
    // numbers compare as numbers: 9 < 10 (text would say otherwise)
    expect(compareSemver('1.9.0', '1.10.0')).toBe(-1);
    expect(compareSemver('99999999999999999999.0.0', '99999999999999999998.0.0')).toBe(1);
  });
});

describe('stage names', () => {
  it('finds the first repeated name and its first holder', () => {
    expect(duplicateStageName([{ name: 'a' }, { name: 'b' }, { name: 'a' }])).toEqual({ index: 2, first: 0 });
    expect(duplicateStageName([{ name: 'a' }, { name: 'b' }])).toBeUndefined();
  });
});

describe('validateDefinition', () => {
  it('passes a sound definition with no warnings', () => {
    expect(check([query('find'), wait('pause'), hook('tell', 'https://hooks.example.com/x')])).toEqual({ valid: true, errors: [], warnings: [], checks: allTrue, suggestions: [] });
  });

  it('an action without its settings', () => {
    const v = check([
      { name: 'q', action: 'QUERY', timeout: 1 },
      { name: 'w', action: 'WEBHOOK', timeout: 1 },
      { name: 'z', action: 'WAIT', timeout: 1 },
    ]);
    expect(v.valid).toBe(false);
    expect(v.errors).toEqual(['stage "q" (stages.0): a QUERY stage needs `query`', 'stage "w" (stages.1): a WEBHOOK stage needs `webhook`', 'stage "z" (stages.2): a WAIT stage needs `wait`']);
    expect(v.checks).toEqual({ ...allTrue, stageValidation: false, queryValidation: false, webhookValidation: false });
    expect(v.suggestions).toHaveLength(3);
  });

  it('a DURATION wait without duration, a CONDITION wait without condition', () => {
    const v = check([wait('a', { wait: { type: 'DURATION' } }), wait('b', { wait: { type: 'CONDITION' } })]);
    expect(v.errors).toEqual(['stage "a" (stages.0): a DURATION wait needs `wait.duration`', 'stage "b" (stages.1): a CONDITION wait needs `wait.condition`']);
    expect(v.checks).toEqual({ ...allTrue, stageValidation: false });
  });

  it('a `next` naming no stage', () => {
    const v = check([query('a', { transitions: { onSuccess: { type: 'CONTINUE', next: 'nowhere' } } }), query('b')]);
    expect(v.errors[0]).toBe('stage "a" (stages.0) transitions.onSuccess: `next` names no stage ("nowhere")');
    expect(v.checks.transitionValidation).toBe(false);
    expect(v.suggestions[0]).toContain('a, b');
  });

  it('a stage no path reaches', () => {
    // a → c by next: b is jumped over and nothing points back at it
    const v = check([query('a', { transitions: { onSuccess: { type: 'CONTINUE', next: 'c' } } }), query('b'), query('c')]);
    expect(v.errors).toEqual(['stage "b" (stages.1): no path from the first stage reaches it']);
    expect(v.checks).toEqual({ ...allTrue, transitionValidation: false });
    // a COMPLETE after the first stage leaves the rest unreachable too
    expect(check([query('a', { transitions: { onSuccess: { type: 'COMPLETE' } } }), query('b')]).errors).toEqual(['stage "b" (stages.1): no path from the first stage reaches it']);
    // a conditional transition still leaves the default (CONTINUE in order) after success
    expect(check([query('a', { transitions: { onSuccess: { type: 'COMPLETE', condition: { field: 'metadata.x', operator: 'EXISTS' } } } }), query('b')]).valid).toBe(true);
    // SKIP's next counts as a path; onFailure's CONTINUE too
    expect(check([query('a', { transitions: { onSuccess: { type: 'FAIL' }, onFailure: { type: 'SKIP', next: 'b' } } }), query('b')]).valid).toBe(true);
  });

  it('a loop with no WAIT and no bounded RETRY; allowed with either', () => {
    const loop = [query('a'), query('b', { transitions: { onSuccess: { type: 'CONTINUE', next: 'a' } } })];
    const v = check(loop);
    expect(v.errors).toEqual(['stages "a" → "b" form a loop with no WAIT stage and no RETRY with bounded retries: an execution could go round it without end']);
    expect(v.checks).toEqual({ ...allTrue, transitionValidation: false });
    // a stage going on to itself is a loop too
    expect(check([query('a', { transitions: { onSuccess: { type: 'CONTINUE', next: 'a' } } })]).checks.transitionValidation).toBe(false);
    // with a WAIT stage in it
    expect(check([query('a'), wait('b', { transitions: { onSuccess: { type: 'CONTINUE', next: 'a' } } })]).valid).toBe(true);
    // with a RETRY of bounded retries in it
    expect(check([query('a', { transitions: { onFailure: { type: 'RETRY', retries: 3 } } }), loop[1]]).valid).toBe(true);
    // a RETRY alone is no loop
    expect(check([query('a', { transitions: { onFailure: { type: 'RETRY' } } })]).valid).toBe(true);
  });

  it('webhook URLs: http(s) only, no private, loopback or link-local literal, no localhost, unless allowed', () => {
    const urls = ['ftp://example.com/x', 'http://10.1.2.3/x', 'http://127.0.0.1:8080/x', 'http://169.254.169.254/latest', 'http://[::1]/x', 'http://localhost/x', 'not a url'];
    const v = check(urls.map((u, i) => hook(`h${i}`, u)));
    expect(v.errors).toHaveLength(7);
    for (const [i, e] of v.errors.entries()) expect(e).toMatch(new RegExp(`^stage "h${i}" \\(stages\\.${i}\\): webhook\\.url `));
    expect(v.errors[1]).toContain('private');
    expect(v.errors[2]).toContain('loopback');
    expect(v.errors[3]).toContain('link-local');
    expect(v.checks).toEqual({ ...allTrue, webhookValidation: false });
    // allowed by the operator
    const allowed = check([hook('a', 'http://127.0.0.1:8080/x'), hook('b', 'http://localhost/x')], { allow: parseAllowList('127.0.0.1,localhost'), available: ALL });
    expect(allowed.valid).toBe(true);
  });

  it('conditions: at most 4 levels and 20 tests', () => {
    expect(conditionSize(nested(4))).toEqual({ depth: 4, tests: 4 });
    const deep = check([query('a', { transitions: { onSuccess: { type: 'CONTINUE', condition: nested(5) } } })]);
    expect(deep.errors).toEqual(['stage "a" (stages.0) transitions.onSuccess.condition: the condition is nested 5 levels deep; at most 4 are allowed']);
    expect(deep.checks).toEqual({ ...allTrue, transitionValidation: false });
    expect(check([query('a', { transitions: { onSuccess: { type: 'CONTINUE', condition: nested(4) } } })]).valid).toBe(true);
    // 1 + 20 children = 21 tests
    const wide = { field: 'status', operator: 'EXISTS', conditions: Array.from({ length: 20 }, () => ({ field: 'metadata.x', operator: 'EXISTS' })) } as TransitionCondition;
    expect(check([query('a', { transitions: { onFailure: { type: 'FAIL', condition: wide } } })]).errors).toEqual([
      'stage "a" (stages.0) transitions.onFailure.condition: the condition holds 21 tests; at most 20 are allowed',
    ]);
    // a WAIT condition is a stage's
    const w = check([wait('w', { wait: { type: 'CONDITION', condition: nested(5) } })]);
    expect(w.checks).toEqual({ ...allTrue, stageValidation: false });
  });

  it('resources the workspace has none of', () => {
    const v = check([query('a'), query('b', { query: { resource: 'VEHICLE', filters: {}, strategy: 'RANDOM' } })], { allow: NO_ALLOW, available: new Set(['WAREHOUSE', 'INVENTORY']) });
    expect(v.errors).toEqual(['stage "b" (stages.1): no VEHICLE is registered in this workspace']);
    expect(v.checks).toEqual({ ...allTrue, resourceAvailability: false });
    expect(v.suggestions[0]).toContain('Register');
  });

  it('no stages; duplicate names', () => {
    expect(check([]).errors).toEqual(['the template has no stages']);
    const d = check([query('a'), query('a')]);
    expect(d.errors).toEqual(['stages.1: the name "a" is already stage 0\'s']);
    expect(d.checks.stageValidation).toBe(false);
  });

  it('warnings: no stage timeout, no pipeline timeout, CLOSEST without a location', () => {
    const v = validateDefinition({ stages: [query('a', { timeout: undefined, query: { resource: 'CARRIER', filters: {}, strategy: 'CLOSEST' } })], config: {} }, env);
    expect(v.valid).toBe(true);
    expect(v.checks).toEqual(allTrue);
    expect(v.warnings).toEqual([
      'stage "a" (stages.0): CLOSEST without `filters.location` ranks nothing by distance (every match is as close as another)',
      'stage "a" (stages.0): no `timeout`; the platform default (PIPELINE_STAGE_TIMEOUT_MS) applies',
      'config.timeout is not set: an execution may run without a time limit',
    ]);
  });

  it('successors and cycles of the stage graph', () => {
    const stages = [query('a'), query('b', { transitions: { onSuccess: { type: 'CONTINUE', next: 'a' } } }), query('c')];
    // a → b (order); b → a (next); c is last: nowhere
    expect(successors(stages)).toEqual([[1], [0], []]);
    expect(cycles(successors(stages))).toEqual([[0, 1]]);
  });
});
