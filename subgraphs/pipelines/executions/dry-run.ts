import type { EntityManager } from '@mikro-orm/postgresql';
import { now } from '../../../kernel/clock.js';
import type { PipelineRecord } from '../pipelines/entities.js';
import { staticUrlProblem } from '../../../kernel/webhooks/guard.js';
import { engineSettings } from './settings.js';
import { runQuery } from './query.js';
import { decide, holds, render, type ExecutionData, type Outcome } from './rules.js';
import type { DryRunStage } from './types.js';

/**
 * A dry run (docs/pipelines.md "Dry run"): the path an execution with `metadata` would take, predicted stage by stage
 * with the engine's own rules, and no side effects: queries read the registry (reads only), webhooks are not sent
 * (their target is checked by the guard's static rules), waits are not waited, nothing is written.
 */
export async function dryRun(
  em: EntityManager,
  p: PipelineRecord,
  metadata: Record<string, unknown>,
): Promise<{ stages: DryRunStage[]; estimatedDuration: number; warnings: string[]; success: boolean; durationMs: number }> {
  const started = now();
  const settings = engineSettings();
  const results: Record<string, unknown> = {};
  const stages: DryRunStage[] = [];
  const warnings: string[] = [];
  const data = (): ExecutionData => ({ metadata, results, context: {}, status: 'RUNNING', execution: { metadata, results, context: {} } });
  let index = 0;
  let success = true;
  const runs = new Map<number, number>();
  for (let guard = 0; index < p.stages.length && guard < 100; guard++) {
    const stage = p.stages[index];
    const timeout = stage.timeout ?? settings.stageTimeoutMs;
    runs.set(index, (runs.get(index) ?? 0) + 1);
    let outcome: Outcome = 'success';
    let predicted = 'SUCCESS';
    let estimate: number;
    if (stage.action === 'WAIT') {
      const w = stage.wait!;
      if (w.type === 'DURATION') estimate = w.duration ?? 0;
      else if (w.condition && holds(w.condition, data())) estimate = 0;
      else {
        predicted = 'WOULD_WAIT';
        estimate = w.timeout ?? timeout;
        warnings.push(`stage ${stage.name}: the condition does not hold with this metadata; it would wait up to ${estimate} ms`);
      }
    } else if (stage.action === 'QUERY') {
      const t0 = now();
      const a = await runQuery(p.workspaceId, stage.query!, data().execution as ExecutionData, `dry-run:${stage.name}`).catch((err: Error) => {
        warnings.push(`stage ${stage.name}: ${err.message}`);
        return undefined;
      });
      estimate = now() - t0;
      if (a) results[stage.name] = { resource: a.resource, score: a.score, strategy: a.strategy, alternatives: a.alternatives };
      else {
        predicted = 'NO_RESULTS';
        outcome = 'failure';
        warnings.push(`stage ${stage.name}: no ${stage.query!.resource} matches`);
      }
    } else {
      const w = stage.webhook!;
      const url = String(render(w.url, data().execution as ExecutionData));
      const problem = staticUrlProblem(url, settings.allow);
      estimate = Math.min(w.timeout ?? Math.min(timeout, 30_000), timeout);
      if (problem) {
        predicted = 'REFUSED';
        outcome = 'failure';
        warnings.push(`stage ${stage.name}: ${problem}`);
      } else predicted = 'WOULD_CALL';
    }
    stages.push({ name: stage.name, predictedResult: predicted, estimatedDuration: estimate });
    const d = decide(p.stages, index, outcome, runs.get(index)!, data(), p.config.retryPolicy, settings.retryCapMs, 0.5);
    if (d.type === 'RETRY') {
      if ((runs.get(index) ?? 0) > 3) {
        warnings.push(`stage ${stage.name}: would be retried; the dry run stops predicting retries after 3`);
        success = false;
        break;
      }
      continue;
    }
    if (d.type === 'FAIL') {
      success = false;
      warnings.push(`the execution would fail at stage ${stage.name}`);
      break;
    }
    if (d.type === 'COMPLETE') break;
    index = d.nextIndex!;
  }
  return { stages, estimatedDuration: stages.reduce((t, st) => t + st.estimatedDuration, 0), warnings, success, durationMs: now() - started };
}
