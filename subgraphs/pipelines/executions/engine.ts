import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../../../kernel/config.js';
import type { Logger } from '../../../kernel/logger.js';
import { now, nowDate } from '../../../kernel/clock.js';
import { afterCommit } from '../../../kernel/commit-hooks.js';
import { publishing } from '../../../kernel/events.js';
import { configureGraphClient } from '../../../kernel/graph-client.js';
import { countsPipelineExecutions, countsWebhooks, pipelineExecutions } from '../../../kernel/metrics.js';
import type { Stage } from '../common/definition.js';
import { closeJobs, openJobs, stopWorking, workSteps, type StepJob } from '../common/jobs.js';
import { PipelineRecord } from '../pipelines/entities.js';
import { escalate, resolvingEscalations } from '../monitoring/escalations.js';
import type { WorkerName } from '../workers/service.js';
import { startHealthWorker } from '../monitoring/health.js';
import { DeliveryRecord } from '../webhooks/entities.js';
import { attemptDelivery, type AttemptOutcome } from '../webhooks/delivery.js';
import { ExecutionRecord, QueryCacheRecord, type StageRun } from './entities.js';
import { attemptsPerRun, decide, holds, render, retryDelayMs, type ExecutionData, type Outcome } from './rules.js';
import { queryCacheKey, runQuery } from './query.js';
import { configureEngine, engineSettings } from './settings.js';
import { delivering, lockExecution, lockForWorkers, lockRows, log, pendingOf, readExecution, save, schedule } from './store.js';

/**
 * The execution engine (docs/pipelines.md "Executions", "Durability"). Every change of an execution is one
 * transaction that locks its row, checks that the job in hand is for the execution's current `step`, writes the
 * change, bumps `step` and enqueues the job for what comes next (pg-boss, same transaction). A job for an older step
 * does nothing: a duplicate after a crash, or one overtaken by a cancel, a retry or the pipeline's timeout. Terminal
 * states are written under the row lock only from PENDING or RUNNING, so the first terminal write wins.
 *
 * A WEBHOOK attempt and a QUERY are the steps with I/O outside a transaction. A WEBHOOK's delivery row is created (or
 * found again, by its `webhook-id`) and committed first, the call is made, then the result is applied if the step is
 * still current. A QUERY calls the queries family through the graph (kernel/graph-client.ts) before the step's
 * transaction, from the execution as it reads then; the answer is used when the locked execution is still at that
 * step and stage with the same filled query, else the step is taken again. A QUERY therefore always begins a step.
 * A worker killed mid-call leaves the job un-acknowledged; pg-boss hands it to another worker (docs/pipelines.md
 * "Crash recovery"), which finds the same delivery and calls again with the same `webhook-id`.
 */

let rootEm: EntityManager | undefined;
let engineLog: Logger | undefined;

/** Whether this process takes steps: PIPELINE_WORKERS, else on in the one-process platform and off in a split one. */
export const takesSteps = (config: Config): boolean => (config.PIPELINE_WORKERS ?? (config.PLATFORM_TOPOLOGY === 'single' ? 'on' : 'off')) === 'on';

/** Opens the job queue (every process that executes pipelines enqueues); takes steps here when `takesSteps`. */
export async function startEngine(orm: MikroORM, config: Config, log: Logger, work = takesSteps(config)): Promise<() => Promise<void>> {
  configureEngine(config);
  // a worker process of its own runs no subgraph: its QUERY stages reach the graph at GATEWAY_URL
  configureGraphClient(config);
  rootEm = orm.em;
  engineLog = log;
  countsPipelineExecutions();
  if (work) countsWebhooks('pipeline');
  await openJobs(config.databaseUrl, log);
  let stopHealth: (() => void) | undefined;
  if (work) {
    await workSteps((job, signal) => takeStep(orm.em.fork(), job, signal), config.PIPELINE_WORKER_CONCURRENCY);
    stopHealth = startHealthWorker(orm, config, log);
    log.info({ concurrency: config.PIPELINE_WORKER_CONCURRENCY }, 'pipeline worker taking steps');
  }
  return async () => {
    stopHealth?.();
    await stopWorking().finally(() => closeJobs());
  };
}

/** The entity manager of background work (no request scope: tenant filters off, every statement names the workspace). */
export function engineEm(): EntityManager {
  if (!rootEm) throw new Error('the pipelines engine is not started');
  return rootEm.fork();
}

const ref = (e: ExecutionRecord) => ({ workspaceId: e.workspaceId, executionId: e.id, pipelineId: e.pipelineId });

/** Stages one step may run in a row when each ends at once (bounded so that a job stays short). */
const INLINE_STAGES = 50;

const TERMINAL = new Set(['SUCCESS', 'FAILED', 'TIMEOUT']);
/** Whether a job enqueued for `step` is still the execution's current one (not ended, not overtaken). */
const isCurrent = (e: ExecutionRecord, step: number) => !TERMINAL.has(e.status) && e.step === step;

/** The data an execution's conditions and templates read. */
export const dataOf = (e: ExecutionRecord): ExecutionData => ({
  executionId: e.id,
  pipelineId: e.pipelineId,
  status: e.status,
  metadata: e.metadata,
  results: e.results,
  context: e.context,
  execution: { id: e.id, pipelineId: e.pipelineId, metadata: e.metadata, results: e.results, context: e.context, tags: e.tags },
});
/** What `${execution.<path>}` templates read: the execution's id, pipelineId, metadata, results, context and tags. */
const templateData = (e: ExecutionRecord): ExecutionData => dataOf(e).execution as ExecutionData;

/**
 * Runs `change` on the job's execution under its row lock, in a transaction of its own, when `current` says it is still
 * the one the job was for, then saves it. Nothing is written when it is not (a stale job). With `worker`, a workspace
 * that switched that worker off gets the job again in a second instead (docs/pipelines.md "Workers").
 */
async function withExecution(
  em: EntityManager,
  job: StepJob,
  current: (e: ExecutionRecord) => boolean,
  change: (tx: EntityManager, e: ExecutionRecord, off: WorkerName[]) => Promise<unknown>,
  worker?: 'execution',
): Promise<void> {
  await em.transactional(async (tx) => {
    const held = worker ? await lockForWorkers(tx, job) : { e: await lockExecution(tx, job.workspaceId, job.executionId), off: [] as WorkerName[] };
    if (!held?.e || !current(held.e)) return;
    if (worker && held.off.includes(worker)) return void (await schedule(tx, held.e, now() + 1000));
    await change(tx, held.e, held.off);
    await save(tx, held.e);
  });
}

/** The event log topic of ended executions (not simulations): `pipeline.execution.completed` in docs/events.md. */
export const EXECUTION_TOPIC = 'pipelines.execution';

/**
 * Ends an execution (under its row lock, from PENDING or RUNNING only): SUCCESS resolves escalations, FAILED and TIMEOUT
 * open one. The event of its end and the resolution are written by the execution's `save`, with its row.
 */
export async function finish(
  tx: EntityManager,
  e: ExecutionRecord,
  status: 'SUCCESS' | 'FAILED' | 'TIMEOUT',
  error?: { code: string; message: string; stage?: string },
  escalation = true,
): Promise<void> {
  const at = nowDate();
  e.status = status;
  e.completedAt = at;
  e.duration = Math.max(0, at.getTime() - e.startedAt.getTime());
  e.error = error ?? null;
  e.step += 1;
  const run = e.stages[e.currentStageIndex];
  // the current stage ends with the execution; on TIMEOUT also when it had not started yet (docs/pipelines.md: "its
  // current stage TIMEOUT, whatever it was doing")
  if (run && (run.status === 'RUNNING' || (status === 'TIMEOUT' && run.status === 'PENDING'))) {
    closeRun(run, status, at.getTime(), error);
  }
  log(e, status === 'SUCCESS' ? 'INFO' : 'ERROR', status === 'SUCCESS' ? 'execution succeeded' : `execution ended ${status}: ${error?.message ?? ''}`.trim(), error?.stage);
  if (e.simulation) return;
  // pipeline_executions_total (kernel/metrics.ts): once this end has committed
  afterCommit(tx, () => pipelineExecutions.inc({ status }));
  // the public event `pipeline.execution.completed` (docs/events.md), in the transaction of the terminal write
  const writes = pendingOf(e).statements;
  writes.push(
    publishing(EXECUTION_TOPIC, e.id, e.workspaceId, {
      executionId: e.id,
      pipelineId: e.pipelineId,
      status,
      startedAt: e.startedAt.toISOString(),
      completedAt: at.toISOString(),
      duration: e.duration,
      error: error ? { code: error.code, message: error.message, stage: error.stage ?? null } : null,
    }),
  );
  if (status === 'SUCCESS') writes.push(resolvingEscalations(e.workspaceId, e.pipelineId));
  else if (escalation) {
    const stage = error?.stage ? (await stagesOf(tx, e)).find((s) => s.name === error.stage) : undefined;
    await escalate(tx, ref(e), { kind: status === 'TIMEOUT' ? 'TIMEOUT' : 'FAILED', stage: error?.stage, action: stage?.action, reason: error?.message ?? status });
  }
}

function closeRun(run: StageRun, status: StageRun['status'], at: number, error?: { code: string; message: string }): void {
  run.status = status;
  run.completedAt = at;
  run.duration = run.startedAt ? Math.max(0, at - run.startedAt) : 0;
  run.error = error ? { code: error.code, message: error.message } : null;
}

/** What a step needs of its pipeline: the snapshot of the stages (fixed at deploy) and the config (PATCH may change it). */
type Definition = Pick<PipelineRecord, 'stages' | 'config'>;
/** Pipeline definitions read in the last DEFINITION_TTL_MS, by pipeline id: a step does not read the pipeline row each time. */
const definitions = new Map<string, { d: Definition; at: number }>();
const DEFINITION_TTL_MS = 1000;

/**
 * The definition an execution runs (a config change reaches running executions within DEFINITION_TTL_MS); undefined when
 * the pipeline is gone (its deletion ended its executions in the same transaction, so a step rarely gets here).
 */
async function definitionOf(tx: EntityManager, e: ExecutionRecord): Promise<Definition | undefined> {
  const hit = definitions.get(e.pipelineId);
  if (hit && Date.now() - hit.at < DEFINITION_TTL_MS) return hit.d;
  const p = await tx.findOne(PipelineRecord, { id: e.pipelineId, workspaceId: e.workspaceId }, { filters: false, fields: ['stages', 'config'] as never });
  if (!p) {
    definitions.delete(e.pipelineId);
    return undefined;
  }
  const d = { stages: p.stages, config: p.config };
  if (definitions.size > 10_000) definitions.clear();
  definitions.set(e.pipelineId, { d, at: Date.now() });
  return d;
}

/** The seed of a QUERY run's RANDOM pick: the same for the same execution, stage and run. */
const querySeed = (e: ExecutionRecord, stage: Stage, attempts: number) => `${e.id}:${stage.name}:${attempts}`;

/** A QUERY stage's answer, asked before the step's transaction for the execution as it read then. */
interface AskedQuery {
  step: number;
  index: number;
  seed: string;
  /** The query with its filters filled (`queryCacheKey`): the locked execution must fill it the same. */
  filled: string;
  answer?: Record<string, unknown>;
  error?: { code: string; message: string };
  tookMs: number;
}

/**
 * When the job's execution is at a QUERY stage that the query cache does not answer, asks the queries family now,
 * outside any transaction: a call through the graph holds no row lock and no database connection while it waits
 * (with the embedded database's one session, it could not run inside one at all).
 */
async function askQuery(em: EntityManager, job: StepJob): Promise<AskedQuery | undefined> {
  const e = await readExecution(em, job.workspaceId, job.executionId);
  if (!e || !isCurrent(e, job.step)) return undefined;
  const stage = (await definitionOf(em, e))?.stages[e.currentStageIndex];
  if (stage?.action !== 'QUERY') return undefined;
  const q = stage.query!;
  const run = e.stages[e.currentStageIndex];
  const data = templateData(e);
  const filled = queryCacheKey(e.workspaceId, q, data);
  if (q.cacheDuration && (await em.count(QueryCacheRecord, { key: filled, workspaceId: e.workspaceId, expiresAt: { $gt: nowDate() } }, { filters: false }))) return undefined;
  const seed = querySeed(e, stage, run.status === 'RUNNING' ? run.attempts : run.attempts + 1);
  const started = now();
  const asked: AskedQuery = { step: e.step, index: e.currentStageIndex, seed, filled, tookMs: 0 };
  try {
    asked.answer = (await runQuery(e.workspaceId, q, data, seed)) as Record<string, unknown> | undefined;
  } catch (err) {
    // the caller's filters (VALIDATION_ERROR), or the queries family unreachable (SERVICE_UNAVAILABLE): the run fails
    const code = (err as { code?: unknown }).code;
    asked.error = { code: typeof code === 'string' ? code : 'VALIDATION_ERROR', message: (err as Error).message };
  }
  asked.tookMs = now() - started;
  return asked;
}

/** The stages an execution runs: its pipeline's snapshot (none when the pipeline is gone). */
const stagesOf = async (tx: EntityManager, e: ExecutionRecord): Promise<Stage[]> => (await definitionOf(tx, e))?.stages ?? [];

// ───────────────────────────── taking a step ─────────────────────────────

/** Takes one durable job: a stage step or the pipeline's timeout. A throw makes pg-boss retry it. */
export async function takeStep(em: EntityManager, job: StepJob, signal?: AbortSignal): Promise<void> {
  if (job.kind === 'deadline') return deadline(em, job);
  const asked = await askQuery(em, job);
  let webhook: { delivery: DeliveryRecord; final: boolean; step: number; stage: Stage } | undefined;
  await withExecution(
    em,
    job,
    (e) => isCurrent(e, job.step),
    async (tx, e, off) => {
      const p = await definitionOf(tx, e);
      if (!p) return void (await finish(tx, e, 'FAILED', { code: 'PIPELINE_NOT_FOUND', message: 'the pipeline was deleted' }, false));
      if (e.status === 'PENDING') {
        e.status = 'RUNNING';
        e.startedAt = nowDate();
        log(e, 'INFO', 'execution started');
      }
      // stages that end at once (a WAIT already due, a CONDITION that holds) run one after the other in this
      // transaction; the next job is enqueued for a stage that waits or calls out (a WEBHOOK, a QUERY: their I/O is
      // outside the transaction), or after INLINE_STAGES of them
      for (let inline = 1; ; inline++) {
        let result: 'next' | void = undefined;
        const stage = p.stages[e.currentStageIndex];
        const run = e.stages[e.currentStageIndex];
        const at = now();
        const starting = run.status !== 'RUNNING';
        if (starting) {
          if (e.stageRuns >= engineSettings().maxStageRuns)
            return void (await finish(tx, e, 'FAILED', { code: 'EXECUTION_FAILED', message: `more than ${engineSettings().maxStageRuns} stage runs (a loop of transitions?)`, stage: stage.name }));
          e.stageRuns += 1;
          run.status = 'RUNNING';
          run.attempts += 1;
          run.startedAt = at;
          run.completedAt = null;
          run.duration = null;
          run.error = null;
          run.dueAt = null;
          log(e, 'INFO', `stage started (run ${run.attempts})`, stage.name, { action: stage.action });
        }
        const timeoutMs = stage.timeout ?? engineSettings().stageTimeoutMs;
        switch (stage.action) {
          case 'WAIT': {
            const w = stage.wait!;
            if (w.type === 'DURATION') {
              if (starting) run.dueAt = at + (w.duration ?? 0);
              if (run.dueAt! > at) {
                if (!starting) log(e, 'DEBUG', 'woken before the wait is due', stage.name);
                return void (await bump(tx, e, run.dueAt!));
              }
              result = await ended(tx, p, e, 'success', { waitedMs: at - run.startedAt! });
              break;
            }
            if (starting) run.dueAt = at + (w.timeout ?? timeoutMs);
            if (w.condition && holds(w.condition, dataOf(e))) {
              result = await ended(tx, p, e, 'success', { waitedMs: at - run.startedAt! });
              break;
            }
            if (at >= run.dueAt!) {
              result = await ended(tx, p, e, 'timeout', undefined, { code: 'STAGE_TIMEOUT', message: `the condition did not hold within ${w.timeout ?? timeoutMs} ms` });
              break;
            }
            return void (await bump(tx, e, Math.min(at + (w.checkInterval ?? 1000), run.dueAt!)));
          }
          case 'QUERY': {
            const q = stage.query!;
            const filled = queryCacheKey(e.workspaceId, q, templateData(e));
            const key = q.cacheDuration ? filled : undefined;
            const cached = key ? await tx.findOne(QueryCacheRecord, { key, workspaceId: e.workspaceId, expiresAt: { $gt: nowDate() } }, { filters: false }) : null;
            let answer: Record<string, unknown> | undefined = cached?.result;
            let took = 0;
            if (!answer) {
              const seed = querySeed(e, stage, run.attempts);
              // asked before this transaction (askQuery) for this very step, stage, run and filled query; else (the
              // execution moved meanwhile) the step is taken again and asks afresh
              if (!asked || asked.step !== e.step || asked.index !== e.currentStageIndex || asked.seed !== seed || asked.filled !== filled) return void (await schedule(tx, e));
              if (asked.error) {
                result = await ended(tx, p, e, 'failure', undefined, asked.error);
                break;
              }
              answer = asked.answer;
              took = asked.tookMs;
              if (answer && key) await tx.upsert(QueryCacheRecord, { key, workspaceId: e.workspaceId, result: answer, expiresAt: new Date(now() + q.cacheDuration! * 1000) });
            } else log(e, 'DEBUG', 'answered from the query cache', stage.name);
            if (Math.max(took, now() - run.startedAt!) > timeoutMs) {
              result = await ended(tx, p, e, 'timeout', undefined, { code: 'STAGE_TIMEOUT', message: `the query took longer than ${timeoutMs} ms` });
              break;
            }
            if (!answer) {
              result = await ended(tx, p, e, 'failure', undefined, { code: 'QUERY_NO_RESULTS', message: `no ${q.resource} matched the query` });
              break;
            }
            result = await ended(tx, p, e, 'success', answer);
            break;
          }
          case 'WEBHOOK': {
            // the workspace's webhook worker is stopped: the stage waits, asked again in a second
            if (off.includes('webhook')) return void (await schedule(tx, e, now() + 1000));
            const w = stage.webhook!;
            const messageId = `${e.id}:${stage.name}:${run.attempts}`;
            // a run that starts in this transaction has no delivery yet (its number is new); a run taken again after a
            // crash or a stopped worker finds the one it made
            let d = starting ? null : await tx.findOne(DeliveryRecord, { messageId, workspaceId: e.workspaceId }, { filters: false });
            if (!d) {
              const data = templateData(e);
              const sendsBody = !['GET', 'DELETE'].includes(w.method);
              const body = sendsBody
                ? JSON.stringify(
                    w.body === undefined || w.body === null ? { executionId: e.id, pipelineId: e.pipelineId, stage: stage.name, metadata: e.metadata, results: e.results } : render(w.body, data),
                  )
                : null;
              d = new DeliveryRecord();
              Object.assign(d, {
                workspaceId: e.workspaceId,
                executionId: e.id,
                pipelineId: e.pipelineId,
                stage: stage.name,
                url: String(render(w.url, data)),
                method: w.method,
                request: {
                  headers: Object.fromEntries(Object.entries(w.headers ?? {}).map(([name, value]) => [name, String(render(value, data))])),
                  body,
                  timeoutMs: Math.min(w.timeout ?? Math.min(timeoutMs, 30_000), timeoutMs),
                },
                maxAttempts: attemptsPerRun(stage),
                messageId,
                step: e.step,
              });
              // written with the execution's row (`save`), in the step's one write
              pendingOf(e).statements.push(delivering(d));
              log(e, 'DEBUG', `webhook ${w.method} prepared`, stage.name, { deliveryId: d.id });
            }
            webhook = { delivery: d, final: d.attempts + 1 >= d.maxAttempts, step: e.step, stage };
            return;
          }
        }
        if (result !== 'next') return;
        // a WEBHOOK or a QUERY begins a step of its own: its I/O happens outside the transaction
        if (inline >= INLINE_STAGES || p.stages[e.currentStageIndex].action !== 'WAIT') return void (await schedule(tx, e));
      }
    },
    // the workspace's execution worker stopped: the step waits (docs/pipelines.md "Workers")
    'execution',
  );
  if (!webhook) return;
  const outcome = await attemptDelivery(em.fork(), webhook.delivery, { final: webhook.final, allow: engineSettings().allow, signal });
  await applyAttempt(em, job, webhook, outcome);
}

async function applyAttempt(em: EntityManager, job: StepJob, w: { delivery: DeliveryRecord; step: number; stage: Stage }, outcome: AttemptOutcome): Promise<void> {
  await withExecution(
    em,
    job,
    (e) => isCurrent(e, w.step),
    async (tx, e) => {
      const p = await definitionOf(tx, e);
      if (!p) return void (await finish(tx, e, 'FAILED', { code: 'PIPELINE_NOT_FOUND', message: 'the pipeline was deleted' }, false));
      const [d] = await tx.execute<{ attempts: number; max_attempts: number; response: DeliveryRecord['response'] }[]>(
        'select attempts, max_attempts, response from pipelines.webhook_delivery where id = ? and workspace_id = ?',
        [w.delivery.id, e.workspaceId],
      );
      const attempts = d?.attempts ?? w.delivery.attempts + 1;
      if (outcome.ok) {
        let body: unknown = d?.response?.body ?? null;
        try {
          body = typeof body === 'string' && body ? JSON.parse(body) : body;
        } catch {
          /* not JSON: kept as text */
        }
        if ((await ended(tx, p, e, 'success', { statusCode: outcome.statusCode, body, deliveryId: w.delivery.id, attempts })) === 'next') await schedule(tx, e);
        return;
      }
      log(e, 'WARN', `webhook attempt ${attempts} failed: ${outcome.error ?? `HTTP ${outcome.statusCode}`}`, w.stage.name, { deliveryId: w.delivery.id });
      if (attempts < (d?.max_attempts ?? w.delivery.maxAttempts)) {
        const delay = retryDelayMs(attempts, undefined, p.config.retryPolicy, engineSettings().retryCapMs, Math.random());
        return void (await bump(tx, e, now() + delay));
      }
      const timedOut = /timed out|timeout/i.test(outcome.error ?? '');
      const then = await ended(tx, p, e, timedOut ? 'timeout' : 'failure', undefined, {
        code: timedOut ? 'STAGE_TIMEOUT' : 'WEBHOOK_FAILED',
        message: `webhook ${w.stage.webhook!.method} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${outcome.error ?? `HTTP ${outcome.statusCode}`}`,
      });
      if (then === 'next') await schedule(tx, e);
    },
  );
}

/** The same stage again later (a WAIT not due yet, a condition to check again, a webhook attempt to retry). */
async function bump(tx: EntityManager, e: ExecutionRecord, dueAt: number): Promise<void> {
  e.step += 1;
  await schedule(tx, e, dueAt);
}

/** A stage run ended `outcome`: record it and follow the transition (docs/pipelines.md "Transitions"). */
async function ended(tx: EntityManager, p: Definition, e: ExecutionRecord, outcome: Outcome, result?: Record<string, unknown>, error?: { code: string; message: string }): Promise<'next' | void> {
  const index = e.currentStageIndex;
  const stage = p.stages[index];
  const run = e.stages[index];
  const at = now();
  closeRun(run, outcome === 'success' ? 'SUCCESS' : outcome === 'timeout' ? 'TIMEOUT' : 'FAILED', at, error);
  if (result !== undefined) e.results = { ...e.results, [stage.name]: result };
  if (outcome === 'success') log(e, 'INFO', 'stage succeeded', stage.name, e.debug ? { result } : undefined);
  else log(e, 'WARN', `stage ${outcome === 'timeout' ? 'timed out' : 'failed'}: ${error?.message ?? ''}`.trim(), stage.name);
  const d = decide(p.stages, index, outcome, run.attempts, dataOf(e), p.config.retryPolicy, engineSettings().retryCapMs, Math.random());
  log(e, 'DEBUG', `transition ${d.type}`, stage.name, { ...d });
  switch (d.type) {
    case 'RETRY':
      run.status = 'PENDING';
      e.step += 1;
      return schedule(tx, e, at + (d.delayMs ?? 0));
    case 'FAIL':
      return finish(tx, e, 'FAILED', { code: error?.code ?? 'EXECUTION_FAILED', message: error?.message ?? `stage ${stage.name} failed`, stage: stage.name });
    case 'COMPLETE':
      return finish(tx, e, 'SUCCESS');
    case 'CONTINUE':
    case 'SKIP': {
      if (d.type === 'SKIP') run.status = 'SKIPPED';
      if (outcome === 'timeout' && !e.simulation) await escalate(tx, ref(e), { kind: 'STAGE_TIMEOUT', stage: stage.name, action: stage.action, reason: error?.message ?? 'stage timed out' });
      const next = d.nextIndex!;
      // stages jumped over forwards are SKIPPED
      for (let i = index + 1; i < next && i < e.stages.length; i++) if (e.stages[i].status === 'PENDING') e.stages[i].status = 'SKIPPED';
      if (next >= p.stages.length) return finish(tx, e, 'SUCCESS');
      e.currentStageIndex = next;
      e.stages[next].status = 'PENDING';
      e.step += 1;
      // the caller runs the next stage in the same transaction, or enqueues it (`schedule`)
      return 'next';
    }
  }
}

/** The pipeline's timeout came due: TIMEOUT if the execution has not ended (and the deadline is still this one). */
async function deadline(em: EntityManager, job: StepJob): Promise<void> {
  await withExecution(
    em,
    job,
    (e) => !TERMINAL.has(e.status) && e.deadlineAt?.getTime() === job.step,
    async (tx, e) => {
      const stage = (await stagesOf(tx, e))[e.currentStageIndex];
      await finish(tx, e, 'TIMEOUT', { code: 'STAGE_TIMEOUT', message: "the pipeline's timeout passed", stage: stage?.name });
    },
  );
}

/**
 * Ends every PENDING or RUNNING execution of a pipeline as FAILED with `reason` (a pipeline deleted), in the caller's
 * transaction; their queued steps then do nothing. No escalation: stopping was asked for.
 */
export async function stopExecutions(tx: EntityManager, workspaceId: string, pipelineId: string, reason: string): Promise<number> {
  const running = await lockRows(tx, workspaceId, { pipelineId });
  for (const e of running) {
    await finish(tx, e, 'FAILED', { code: 'EXECUTION_FAILED', message: reason }, false);
    await save(tx, e);
  }
  return running.length;
}

export { engineLog };
