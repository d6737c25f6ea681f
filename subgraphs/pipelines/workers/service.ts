import { nowDate } from '../../../kernel/clock.js';
import type { PipelinesScope } from '../common/scope.js';
import { POLLING_MS } from '../common/jobs.js';

/** The five workers of the pipelines family (docs/pipelines.md "Workers"), each switched on or off per workspace. */
export const WORKER_NAMES = ['execution', 'health', 'webhook', 'transition', 'escalation'] as const;
export type WorkerName = (typeof WORKER_NAMES)[number];

/** The id of a workspace's switch row for a worker. */
export const switchId = (workspaceId: string, name: WorkerName): string => `${workspaceId.toLowerCase()}:${name}`;

/** Ensures the five switch rows of the workspace exist: missing ones are created enabled, existing ones keep their state. */
export async function initializeWorkers(s: PipelinesScope) {
  const at = nowDate();
  await s.em.transactional(async (tx) => {
    for (const name of WORKER_NAMES) {
      await tx.execute(`insert into pipelines.worker_switch (id, workspace_id, name, enabled, updated_at) values (?, ?::uuid, ?, true, ?::timestamptz) on conflict (id) do nothing`, [
        switchId(s.workspaceId, name),
        s.workspaceId,
        name,
        at,
      ]);
    }
  });
  return { success: true, workersInitialized: WORKER_NAMES.length };
}

/** Switches the five workers of the workspace on or off (other workspaces are not touched). */
export async function switchWorkers(s: PipelinesScope, enabled: boolean) {
  const at = nowDate();
  await s.em.transactional(async (tx) => {
    for (const name of WORKER_NAMES) {
      await tx.execute(
        `insert into pipelines.worker_switch (id, workspace_id, name, enabled, updated_at) values (?, ?::uuid, ?, ?, ?::timestamptz)
           on conflict (id) do update set enabled = excluded.enabled, updated_at = excluded.updated_at`,
        [switchId(s.workspaceId, name), s.workspaceId, name, enabled, at],
      );
    }
  });
  s.ctx.log.info({ workspaceId: s.workspaceId, enabled }, enabled ? 'pipeline workers started' : 'pipeline workers stopped');
  return { success: true };
}

const int = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

/** The workers' switches, intervals and counters for the workspace, counted in SQL ("today" = since 00:00 UTC). */
export async function workerStats(s: PipelinesScope) {
  const at = nowDate();
  const today = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const w = s.workspaceId;
  const stageDefault = s.ctx.config.PIPELINE_STAGE_TIMEOUT_MS;
  const [switches, exec, health, webhook, escalation] = [
    await s.em.execute<{ name: string; enabled: boolean }[]>(`select name, enabled from pipelines.worker_switch where workspace_id = ?::uuid`, [w]),
    (
      await s.em.execute<Record<string, unknown>[]>(
        `with e as (select * from pipelines.execution where workspace_id = ?::uuid and simulation = false),
              st as (select (x.value->>'status') as status, (x.value->>'completedAt') as completed
                       from e cross join lateral jsonb_array_elements(e.stages) x(value)
                      where e.status in ('PENDING', 'RUNNING') or e.completed_at >= ?::timestamptz)
         select (select count(*) from e where status in ('PENDING', 'RUNNING')) as active,
                (select count(*) from e where status = 'SUCCESS' and completed_at >= ?::timestamptz) as completed,
                (select count(*) from e where status in ('FAILED', 'TIMEOUT') and completed_at >= ?::timestamptz) as failed,
                (select count(*) from st where status = 'TIMEOUT' and completed ~ '^[0-9]+$' and completed::bigint >= ?) as timed_out,
                (select count(*) from st where status in ('SUCCESS', 'FAILED', 'TIMEOUT', 'SKIPPED') and completed ~ '^[0-9]+$' and completed::bigint >= ?) as transitions,
                (select count(*) from st where status in ('FAILED', 'TIMEOUT') and completed ~ '^[0-9]+$' and completed::bigint >= ?) as transition_errors,
                (select count(*) from e join pipelines.pipeline p on p.id = e.pipeline_id
                   cross join lateral (select e.stages->e.current_stage_index as run, p.stages->e.current_stage_index as def) c
                  where e.status = 'RUNNING' and jsonb_typeof(c.run->'startedAt') = 'number'
                    and (c.run->>'startedAt')::bigint + greatest(coalesce((c.def->>'timeout')::bigint, ?),
                          coalesce((c.def->'wait'->>'duration')::bigint, 0), coalesce((c.def->'wait'->>'timeout')::bigint, 0)) + 60000 < ?) as stalled,
                (select max(l.at) from pipelines.execution_log l where l.workspace_id = ?::uuid) as last_run`,
        [w, today, today, today, today.getTime(), today.getTime(), today.getTime(), stageDefault, at.getTime(), w],
      )
    )[0],
    (
      await s.em.execute<Record<string, unknown>[]>(
        `select count(*) filter (where health_checked_at >= ?::timestamptz) as checked,
                count(*) filter (where health_checked_at >= ?::timestamptz and health_status <> 'UNKNOWN') as scored,
                coalesce(sum((select count(*) from jsonb_array_elements(p.alerts) a where (a.value->>'timestamp')::bigint >= ?)), 0) as changes,
                coalesce(sum((select count(*) from jsonb_array_elements(p.alerts) a where (a.value->>'timestamp')::bigint >= ? and a.value->>'severity' in ('WARNING', 'CRITICAL'))), 0) as alerts,
                max(health_checked_at) as last_run
           from pipelines.pipeline p where workspace_id = ?::uuid`,
        [today, today, today.getTime(), today.getTime(), w],
      )
    )[0],
    (
      await s.em.execute<Record<string, unknown>[]>(
        `select count(*) filter (where status = 'DELIVERED' and updated_at >= ?::timestamptz) as delivered,
                coalesce(sum(greatest(attempts - 1, 0)) filter (where last_attempt_at >= ?::timestamptz), 0) as retries,
                count(*) filter (where status = 'FAILED' and updated_at >= ?::timestamptz) as failures,
                max(last_attempt_at) as last_run
           from pipelines.webhook_delivery where workspace_id = ?::uuid`,
        [today, today, today, w],
      )
    )[0],
    (
      await s.em.execute<Record<string, unknown>[]>(
        `select count(*) filter (where created_at >= ?::timestamptz) as today, count(*) filter (where status in ('OPEN', 'ACKNOWLEDGED')) as open,
                max(greatest(created_at, resolved_at)) as last_run
           from pipelines.escalation where workspace_id = ?::uuid`,
        [today, w],
      )
    )[0],
  ];
  const enabled = (name: WorkerName) => switches.find((r) => r.name === name)?.enabled ?? true;
  const healthInterval = s.ctx.config.PIPELINE_HEALTH_INTERVAL_MS;
  const worker = (name: WorkerName, stats: Record<string, number>, lastRun: unknown) => ({
    name,
    enabled: enabled(name),
    intervalMs: name === 'health' ? healthInterval : POLLING_MS,
    stats,
    lastRun: date(lastRun),
  });
  return {
    workers: [
      worker(
        'execution',
        { activeExecutions: int(exec.active), completedToday: int(exec.completed), failedToday: int(exec.failed), timedOutStages: int(exec.timed_out), stalledStages: int(exec.stalled) },
        exec.last_run,
      ),
      worker('health', { pipelinesChecked: int(health.checked), healthScoresCalculated: int(health.scored), statusChanges: int(health.changes), alertsGenerated: int(health.alerts) }, health.last_run),
      worker('webhook', { webhooksDelivered: int(webhook.delivered), webhookRetries: int(webhook.retries), webhookFailures: int(webhook.failures) }, webhook.last_run),
      worker('transition', { transitionsProcessed: int(exec.transitions), transitionErrors: int(exec.transition_errors) }, exec.last_run),
      worker('escalation', { escalationsToday: int(escalation.today), openEscalations: int(escalation.open) }, escalation.last_run),
    ],
  };
}
