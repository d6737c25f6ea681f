import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { dryRun } from '../executions/dry-run.js';
import { nowDate } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import type { Logger } from '../../../kernel/logger.js';
import { scopeToWorkspace } from '../../../kernel/tenancy.js';
import { DEFAULT_HEALTH } from '../common/definition.js';
import type { HealthStatus } from '../common/enums.js';
import { PipelineRecord, type StoredAlert } from '../pipelines/entities.js';
import { alertFor, figures, HEALTH_WINDOW_MS, healthScore, healthStatus, MAX_ALERTS, pipelineStatusFor, type HealthFigures } from './rules.js';

/**
 * Health (docs/pipelines.md "Health"): the figures of a pipeline's executions that ended in the last 24 hours, in SQL;
 * the score and status (rules.ts); and the health worker that stores them, raises alerts, moves the pipeline between
 * ACTIVE and DEGRADED and runs the scheduled simulations.
 */

export interface HealthReport extends HealthFigures {
  p95Duration: number;
  p99Duration: number;
  activeExecutions: number;
  score: number;
  status: HealthStatus;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** The health of a pipeline now (`previous`: its stored health status, for the hysteresis). `em` may be scoped or not. */
export async function computeHealth(em: EntityManager, p: Pick<PipelineRecord, 'id' | 'workspaceId' | 'health' | 'healthStatus'>, at: Date): Promise<HealthReport> {
  const since = new Date(at.getTime() - HEALTH_WINDOW_MS);
  const [row] = await em.execute<Record<string, unknown>[]>(
    `select count(*) filter (where status in ('SUCCESS', 'FAILED', 'TIMEOUT') and completed_at > ?::timestamptz) as total,
            count(*) filter (where status = 'SUCCESS' and completed_at > ?::timestamptz) as successes,
            count(*) filter (where status in ('FAILED', 'TIMEOUT') and completed_at > ?::timestamptz) as errors,
            avg(d) filter (where status in ('SUCCESS', 'FAILED', 'TIMEOUT') and completed_at > ?::timestamptz) as avg,
            percentile_cont(0.95) within group (order by d) filter (where status in ('SUCCESS', 'FAILED', 'TIMEOUT') and completed_at > ?::timestamptz) as p95,
            percentile_cont(0.99) within group (order by d) filter (where status in ('SUCCESS', 'FAILED', 'TIMEOUT') and completed_at > ?::timestamptz) as p99,
            count(*) filter (where status in ('PENDING', 'RUNNING')) as active
       from (select status, completed_at, coalesce(duration::float8, extract(epoch from (completed_at - started_at)) * 1000) as d
               from pipelines.execution
              where workspace_id = ?::uuid and pipeline_id = ?::uuid and simulation = false
                and (status in ('PENDING', 'RUNNING') or completed_at > ?::timestamptz)) e`,
    [since, since, since, since, since, since, p.workspaceId, p.id, since],
  );
  const f = figures(num(row?.total), num(row?.successes), num(row?.errors), row?.avg == null ? null : num(row.avg));
  const thresholds = p.health?.alertThresholds ?? DEFAULT_HEALTH.alertThresholds;
  const score = healthScore(f, thresholds);
  return {
    ...f,
    p95Duration: num(row?.p95),
    p99Duration: num(row?.p99),
    activeExecutions: num(row?.active),
    score,
    status: healthStatus(f, score, thresholds, p.healthStatus ?? 'UNKNOWN'),
  };
}

/** The stored alerts, newest first, as the graph shows them. */
export const alertsOf = (alerts: StoredAlert[] | null | undefined) =>
  [...(alerts ?? [])].reverse().map((a) => ({ severity: a.severity, message: a.message, timestamp: new Date(a.timestamp), acknowledged: !!a.acknowledged }));

/** A pipeline left SIMULATING longer than this (a worker process died mid-simulation) is put back to ACTIVE. */
const STUCK_SIMULATION_MS = 10 * 60_000;
/** Pipelines read per page of a tick. */
const PAGE = 100;

/**
 * Scores one pipeline under a row lock (`FOR UPDATE SKIP LOCKED`: another worker process checking it now makes this
 * one skip it): stores the score and status, appends an alert when the status changed, moves ACTIVE ↔ DEGRADED.
 * Returns false when skipped (locked elsewhere, gone, or already checked within half an interval).
 */
export async function checkPipeline(orm: MikroORM, id: string, intervalMs: number, log: Logger): Promise<boolean> {
  const em = orm.em.fork();
  return em.transactional(async (tx) => {
    const at = nowDate();
    const locked = await tx.execute<{ id: string }[]>(
      `select id from pipelines.pipeline where id = ?::uuid and (health_checked_at is null or health_checked_at <= ?::timestamptz) for update skip locked`,
      [id, new Date(at.getTime() - intervalMs / 2)],
    );
    if (!locked.length) return false;
    const p = await tx.findOne(PipelineRecord, { id }, { filters: false, refresh: true });
    if (!p) return false;
    const report = await computeHealth(tx, p, at);
    const previous = p.healthStatus;
    p.healthScore = report.score;
    p.healthStatus = report.status;
    p.healthCheckedAt = at;
    const alert = alertFor(previous, report.status, report.score);
    if (alert) p.alerts = [...(p.alerts ?? []), { ...alert, timestamp: at.getTime(), acknowledged: false }].slice(-MAX_ALERTS);
    const next = pipelineStatusFor(p.status, report.status);
    if (next !== p.status) {
      p.status = next;
      p.statusChangedAt = at;
      p.statusReason = next === 'DEGRADED' ? `Health ${report.status} (score ${report.score})` : `Health back to HEALTHY (score ${report.score})`;
      log.info({ pipelineId: id, status: next, health: report.status }, 'pipeline status changed by health');
    }
    return true;
  });
}

/**
 * Runs a due simulation of one pipeline: claims it by moving `nextSimulationAt` on (one process wins), shows the
 * pipeline SIMULATING while the dry run runs, stores `lastSimulation`, and restores the status (unless someone changed
 * it meanwhile).
 */
export async function simulatePipeline(orm: MikroORM, id: string, log: Logger): Promise<boolean> {
  const at = nowDate();
  const claimed = await orm.em.fork().execute<{ old_status: string }[]>(
    `update pipelines.pipeline p set next_simulation_at = ?::timestamptz + make_interval(secs => coalesce((p.health->>'simulationInterval')::int, 3600)),
            status = 'SIMULATING', status_changed_at = ?::timestamptz, status_reason = 'Scheduled simulation (was ' || o.old_status || ')'
       from (select id, status as old_status from pipelines.pipeline where id = ?::uuid for update) o
      where p.id = o.id and (p.health->>'simulationEnabled')::boolean is true and p.status in ('ACTIVE', 'DEGRADED')
        and (p.next_simulation_at is null or p.next_simulation_at <= ?::timestamptz)
      returning o.old_status`,
    [at, at, id, at],
  );
  if (!claimed.length) return false;
  const before = claimed[0].old_status;
  const em = orm.em.fork();
  const p = await em.findOne(PipelineRecord, { id }, { filters: false });
  if (!p) return false;
  let outcome: { success: boolean; durationMs: number };
  const started = Date.now();
  try {
    outcome = await dryRun(scopeToWorkspace(em, p.workspaceId), p, p.health?.testData ?? {});
  } catch (err) {
    log.warn({ pipelineId: id, err: (err as Error).message }, 'simulation failed');
    outcome = { success: false, durationMs: Date.now() - started };
  }
  const done = nowDate();
  await orm.em.fork().execute(
    `update pipelines.pipeline set last_simulation = ?::jsonb,
            status = case when status = 'SIMULATING' then ? else status end,
            status_changed_at = case when status = 'SIMULATING' then ?::timestamptz else status_changed_at end,
            status_reason = case when status = 'SIMULATING' then ? else status_reason end
      where id = ?::uuid`,
    [
      JSON.stringify({ success: !!outcome.success, duration: Math.round(num(outcome.durationMs)), completedAt: done.getTime() }),
      before,
      done,
      `Scheduled simulation ${outcome.success ? 'succeeded' : 'failed'}`,
      id,
    ],
  );
  return true;
}

/** One pass over every pipeline whose workspace's `health` worker is on. */
export async function healthTick(orm: MikroORM, intervalMs: number, log: Logger): Promise<{ checked: number; simulated: number }> {
  const em = orm.em.fork();
  const now = nowDate();
  // a simulation left behind by a process that died mid-run
  await em.execute(
    `update pipelines.pipeline set status = coalesce(substring(status_reason from '\\(was (ACTIVE|DEGRADED)\\)'), 'ACTIVE'), status_changed_at = ?::timestamptz, status_reason = 'Simulation abandoned'
      where status = 'SIMULATING' and status_changed_at < ?::timestamptz`,
    [now, new Date(now.getTime() - STUCK_SIMULATION_MS)],
  );
  let after = '00000000-0000-0000-0000-000000000000';
  let checked = 0;
  let simulated = 0;
  for (;;) {
    const rows = await em.execute<{ id: string; due: boolean }[]>(
      `select p.id, ((p.health->>'simulationEnabled')::boolean is true and p.status in ('ACTIVE', 'DEGRADED') and (p.next_simulation_at is null or p.next_simulation_at <= ?::timestamptz)) as due
         from pipelines.pipeline p
        where p.id > ?::uuid
          and not exists (select 1 from pipelines.worker_switch w where w.workspace_id = p.workspace_id and w.name = 'health' and not w.enabled)
        order by p.id limit ?`,
      [now, after, PAGE],
    );
    for (const r of rows) {
      try {
        if (await checkPipeline(orm, r.id, intervalMs, log)) checked++;
        if (r.due && (await simulatePipeline(orm, r.id, log))) simulated++;
      } catch (err) {
        log.warn({ pipelineId: r.id, err: (err as Error).message }, 'health check failed');
      }
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1].id;
  }
  return { checked, simulated };
}

/** Starts the health worker: a pass every PIPELINE_HEALTH_INTERVAL_MS (passes never overlap). Returns its stop. */
export function startHealthWorker(orm: MikroORM, config: Config, log: Logger): () => void {
  const intervalMs = config.PIPELINE_HEALTH_INTERVAL_MS;
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const r = await healthTick(orm, intervalMs, log);
      if (r.checked || r.simulated) log.debug(r, 'health pass');
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'health pass failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref?.();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
