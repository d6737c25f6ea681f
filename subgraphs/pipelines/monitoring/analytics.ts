import type { EntityManager } from '@mikro-orm/postgresql';
import { QueryResource, type GroupBy } from '../common/enums.js';
import type { PipelineRecord } from '../pipelines/entities.js';
import type { PipelineAnalyticsPoint, PipelineResourceUsage, PipelineStageMetric } from './types.js';

/**
 * Analytics of a pipeline over a period (docs/pipelines.md "Analytics"), all in SQL over its non-simulation
 * executions that started in [start, end): a time series in UTC buckets (`date_trunc`), per-stage figures from the
 * executions' `stages`, and the resources its QUERY stages selected (from `results.<stage>`).
 */

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

export async function timeSeries(em: EntityManager, p: Pick<PipelineRecord, 'id' | 'workspaceId'>, start: Date, end: Date, groupBy: GroupBy): Promise<PipelineAnalyticsPoint[]> {
  const rows = await em.execute<{ bucket: Date | string; executions: string; successes: string; failures: string; avg: string | null }[]>(
    `with buckets as (
       select generate_series(date_trunc('${groupBy}', ?::timestamptz at time zone 'UTC'), date_trunc('${groupBy}', (?::timestamptz - interval '1 millisecond') at time zone 'UTC'), interval '1 ${groupBy}') as b
     ), e as (
       select date_trunc('${groupBy}', started_at at time zone 'UTC') as b, status,
              case when status in ('SUCCESS', 'FAILED', 'TIMEOUT') then coalesce(duration::float8, extract(epoch from (completed_at - started_at)) * 1000) end as d
         from pipelines.execution
        where workspace_id = ?::uuid and pipeline_id = ?::uuid and simulation = false and started_at >= ?::timestamptz and started_at < ?::timestamptz
     )
     select buckets.b at time zone 'UTC' as bucket, count(e.status) as executions,
            count(*) filter (where e.status = 'SUCCESS') as successes,
            count(*) filter (where e.status in ('FAILED', 'TIMEOUT')) as failures,
            avg(e.d) as avg
       from buckets left join e on e.b = buckets.b
      group by buckets.b order by buckets.b`,
    [start, end, p.workspaceId, p.id, start, end],
  );
  return rows.map((r) => ({
    timestamp: new Date(r.bucket),
    executions: num(r.executions),
    successes: num(r.successes),
    failures: num(r.failures),
    avgDuration: r.avg == null ? 0 : Math.round(num(r.avg) * 10) / 10,
  }));
}

export async function stageMetrics(em: EntityManager, p: Pick<PipelineRecord, 'id' | 'workspaceId'>, start: Date, end: Date): Promise<PipelineStageMetric[]> {
  const rows = await em.execute<{ stage: string; executions: string; successes: string; avg: string | null; errors: string[] | null }[]>(
    `with s as (
       select st.value->>'name' as stage, st.value->>'status' as status, st.ordinality as n,
              case when jsonb_typeof(st.value->'duration') = 'number' then (st.value->>'duration')::float8 end as d,
              st.value->'error'->>'message' as message
         from pipelines.execution e cross join lateral jsonb_array_elements(e.stages) with ordinality st(value, ordinality)
        where e.workspace_id = ?::uuid and e.pipeline_id = ?::uuid and e.simulation = false and e.started_at >= ?::timestamptz and e.started_at < ?::timestamptz
          and st.value->>'status' in ('SUCCESS', 'FAILED', 'TIMEOUT')
     )
     select stage, count(*) as executions, count(*) filter (where status = 'SUCCESS') as successes, avg(d) as avg,
            (select array_agg(m) from (select distinct m.message as m from s m where m.stage = s.stage and m.message is not null order by 1 limit 5) x) as errors
       from s group by stage order by min(n), stage`,
    [p.workspaceId, p.id, start, end],
  );
  return rows.map((r) => ({
    stage: r.stage,
    executions: num(r.executions),
    successRate: num(r.executions) ? num(r.successes) / num(r.executions) : 0,
    avgDuration: r.avg == null ? 0 : Math.round(num(r.avg) * 10) / 10,
    errors: r.errors ?? [],
  }));
}

export async function resourceUsage(em: EntityManager, p: Pick<PipelineRecord, 'id' | 'workspaceId' | 'stages'>, start: Date, end: Date): Promise<PipelineResourceUsage[]> {
  const queryStages = (p.stages ?? []).filter((s) => s.action === 'QUERY').map((s) => s.name);
  if (!queryStages.length) return [];
  const rows = await em.execute<{ resource: string; type: string | null; selections: string; avg: string | null }[]>(
    `select r.value->'resource'->>'id' as resource, r.value->'resource'->>'type' as type, count(*) as selections,
            avg(case when jsonb_typeof(r.value->'score') = 'number' then (r.value->>'score')::float8 end) as avg
       from pipelines.execution e cross join lateral jsonb_each(case when jsonb_typeof(e.results) = 'object' then e.results else '{}'::jsonb end) r(key, value)
      where e.workspace_id = ?::uuid and e.pipeline_id = ?::uuid and e.simulation = false and e.started_at >= ?::timestamptz and e.started_at < ?::timestamptz
        and r.key in (select jsonb_array_elements_text(?::jsonb)) and jsonb_typeof(r.value) = 'object' and jsonb_typeof(r.value->'resource') = 'object' and r.value->'resource'->>'id' is not null
      group by 1, 2 order by count(*) desc, 1 limit 100`,
    [p.workspaceId, p.id, start, end, JSON.stringify(queryStages)],
  );
  return rows.map((r) => ({
    resource: r.resource,
    resourceType: r.type && Object.hasOwn(QueryResource, r.type) ? (r.type as QueryResource) : null,
    selections: num(r.selections),
    avgScore: r.avg == null ? 0 : Math.round(num(r.avg) * 100) / 100,
  }));
}
