import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './helpers.js';
import { pipelinesKey, type PipelinesCaller } from './pipelines-helpers.js';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * A template fuzzer (issue 18): random stage graphs (WAIT, QUERY and WEBHOOK stages, random transitions with random
 * `next` names, conditions, retries) go through create → publish → deploy → execute. Whatever the graph, no answer is
 * a 5xx, a refused template is refused with its code (400 VALIDATION_ERROR or TEMPLATE_INVALID), and every execution
 * of a published one ends (SUCCESS, FAILED or TIMEOUT) within its pipeline timeout: none is stuck.
 */
const RUNS = Number(process.env.PIPELINES_FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

let receiver: WebhookReceiver;
let p: PipelinesCaller;
beforeAll(async () => {
  receiver = await startReceiver({ steps: [{ status: 200 }, { status: 500 }, { status: 200 }] });
  p = await pipelinesKey();
});
afterAll(() => receiver.close());

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f'];
const condition = fc.record(
  {
    field: fc.constantFrom('metadata.n', 'metadata.tag', 'results.a.waitedMs', 'status', 'metadata.missing'),
    operator: fc.constantFrom('EQUALS', 'NOT_EQUALS', 'GREATER_THAN', 'LESS_THAN', 'CONTAINS', 'EXISTS'),
    value: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom('x', 'RUNNING', true, false, null)),
  },
  { requiredKeys: ['field', 'operator'] },
);
const transition = fc.record(
  {
    type: fc.constantFrom('CONTINUE', 'SKIP', 'RETRY', 'FAIL', 'COMPLETE'),
    next: fc.constantFrom(...NAMES, 'nowhere'),
    condition,
    retries: fc.integer({ min: 0, max: 2 }),
    retryDelay: fc.integer({ min: 0, max: 50 }),
  },
  { requiredKeys: ['type'] },
);
const action = fc.oneof(
  fc.record({
    action: fc.constant('WAIT'),
    wait: fc.oneof(
      fc.record({ type: fc.constant('DURATION'), duration: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ type: fc.constant('CONDITION'), condition, timeout: fc.integer({ min: 50, max: 200 }), checkInterval: fc.constant(50) }),
    ),
  }),
  fc.record({
    action: fc.constant('QUERY'),
    query: fc.record({
      resource: fc.constantFrom('WAREHOUSE', 'CARRIER', 'VEHICLE', 'ROUTE'),
      strategy: fc.constantFrom('BEST_MATCH', 'CLOSEST', 'RANDOM', 'HIGHEST_RATED'),
      filters: fc.constant({}),
    }),
  }),
  fc.record({ action: fc.constant('WEBHOOK'), webhookRetries: fc.integer({ min: 0, max: 1 }) }),
);
const stageArb = fc.record({
  body: action,
  transitions: fc.record({ onSuccess: transition, onFailure: transition, onTimeout: transition }, { requiredKeys: [] }),
  retries: fc.option(fc.integer({ min: 0, max: 1 }), { nil: undefined }),
});
const graph = fc.array(stageArb, { minLength: 1, maxLength: 5 });

/** Mostly graphs that can run: a `next` naming no stage of this graph is kept one time in four (validation refuses it). */
function transitionsOf(t: Record<string, any>, size: number, i: number): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(t).map(([k, v]) => {
      const known = NAMES.slice(0, size).includes(v.next);
      const keep = known || (i + k.length) % 4 === 0;
      return [k, keep ? v : { ...v, next: undefined }];
    }),
  );
}

function stagesOf(g: any[]): unknown[] {
  return g.map((s, i) => {
    const { body } = s;
    const base: Record<string, unknown> = {
      name: NAMES[i],
      timeout: 2000,
      transitions: transitionsOf(s.transitions, g.length, i),
      ...(s.retries !== undefined ? { retries: s.retries, retryDelay: 10 } : {}),
    };
    if (body.action === 'WEBHOOK') return { ...base, action: 'WEBHOOK', webhook: { url: `${receiver.url}/fuzz`, method: 'POST', retries: body.webhookRetries, timeout: 500 } };
    return { ...base, ...body };
  });
}

describe('random stage graphs', () => {
  it(`${RUNS} random templates: no 5xx, refusals with their code, every execution of a published one ends`, async () => {
    const outcomes: Record<string, number> = {};
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(graph, fc.integer({ min: -3, max: 3 }), async (g, n) => {
        // deployments are limited to 10 a minute per key (docs/pipelines.md "Rate limits"): a fresh key every 8 runs
        if (++runs % 8 === 0) p = await pipelinesKey(['pipelines'], p.owner);
        const t = await p.call('POST', '/templates', {
          name: `fuzz ${Math.random().toString(36).slice(2)}`,
          version: '1.0.0',
          stages: stagesOf(g),
          config: { timeout: 4000, retryPolicy: { maxAttempts: 2, backoffMultiplier: 1, initialDelay: 10, jitter: false } },
        });
        expect(t.status, JSON.stringify(t.body)).toBeLessThan(500);
        if (t.status !== 201) {
          expect(t.status).toBe(400);
          expect(t.body.status).toBe('VALIDATION_ERROR');
          outcomes.refused = (outcomes.refused ?? 0) + 1;
          return;
        }
        const pub = await p.call('POST', `/templates/${t.body.data.id}/publish`);
        expect(pub.status, JSON.stringify(pub.body)).toBeLessThan(500);
        if (pub.status !== 200) {
          expect(pub.body.status).toBe('TEMPLATE_INVALID');
          outcomes.invalid = (outcomes.invalid ?? 0) + 1;
          return;
        }
        const d = await p.call('POST', '/deploy', { templateId: t.body.data.id, name: 'fuzz' });
        expect(d.status, JSON.stringify(d.body)).toBe(201);
        const e = await p.call('POST', `/${d.body.data.id}/execute`, { metadata: { n, tag: 'x' } });
        expect(e.status, JSON.stringify(e.body)).toBe(201);
        // the pipeline's timeout is 4 s: every execution has ended well within 10 s
        const done = await until(
          () => p.call('GET', `/executions/${e.body.data.id}`),
          (r) => ['SUCCESS', 'FAILED', 'TIMEOUT'].includes(r.body.data?.status),
          10_000,
          100,
        );
        expect(['SUCCESS', 'FAILED', 'TIMEOUT'], JSON.stringify(done.body)).toContain(done.body.data.status);
        outcomes[done.body.data.status] = (outcomes[done.body.data.status] ?? 0) + 1;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`pipelines fuzz: seed ${SEED}, ${RUNS} runs:`, JSON.stringify(outcomes));
  }, 300_000);
});
