import type { AlertThresholds } from '../common/definition.js';
import type { AlertSeverity, HealthStatus, PipelineStatus } from '../common/enums.js';

/**
 * The health rules of a pipeline (docs/pipelines.md "Health"): pure, no I/O; unit-tested in
 * test/unit/pipelines-health.test.ts.
 */

/** Ended executions in the window below which the status is UNKNOWN. */
export const MIN_SAMPLE = 5;
/** The window health looks at, in milliseconds (24 hours). */
export const HEALTH_WINDOW_MS = 86_400_000;
/** The most duration penalty the score takes (points). */
export const MAX_DURATION_PENALTY = 50;
/** Points above the score threshold a DEGRADED or CRITICAL pipeline needs to be HEALTHY again. */
export const RECOVERY_SCORE_MARGIN = 5;
/** Share of the error-rate threshold a DEGRADED or CRITICAL pipeline must be at or under to be HEALTHY again. */
export const RECOVERY_ERROR_FACTOR = 0.8;
/** The alerts a pipeline keeps (newest kept). */
export const MAX_ALERTS = 50;

/** The figures health is computed from: the ended executions of the window. */
export interface HealthFigures {
  /** Ended executions (SUCCESS, FAILED, TIMEOUT) in the window. */
  totalExecutions: number;
  /** SUCCESS share, 0–1 (0 when none ended). */
  successRate: number;
  /** FAILED + TIMEOUT share, 0–1 (0 when none ended). */
  errorRate: number;
  /** Mean duration of the ended executions, ms (0 when none ended). */
  avgDuration: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The health score, 0–100 (one decimal): 100 × successRate, minus a duration penalty when avgDuration is past its
 * threshold: 50 × (avgDuration / threshold − 1), at most 50 points. No ended execution: 100 (nothing went wrong).
 * A threshold of 0 ms counts any duration above 0 as the full penalty.
 */
export function healthScore(f: HealthFigures, t: AlertThresholds): number {
  if (f.totalExecutions === 0) return 100;
  let penalty = 0;
  if (f.avgDuration > t.avgDuration) penalty = t.avgDuration > 0 ? Math.min(MAX_DURATION_PENALTY, MAX_DURATION_PENALTY * (f.avgDuration / t.avgDuration - 1)) : MAX_DURATION_PENALTY;
  return round1(Math.max(0, Math.min(100, 100 * f.successRate - penalty)));
}

/**
 * The health status:
 * - UNKNOWN below MIN_SAMPLE ended executions;
 * - CRITICAL when score < healthScore/2, or errorRate > 2 × errorRate threshold, or avgDuration > 2 × its threshold;
 * - DEGRADED when score < healthScore, or errorRate > its threshold, or avgDuration > its threshold;
 * - else HEALTHY, except (hysteresis) a pipeline that was DEGRADED or CRITICAL becomes HEALTHY only when its score is
 *   at least min(100, healthScore + 5) and its error rate at most 0.8 × the threshold; until then it stays DEGRADED.
 */
export function healthStatus(f: HealthFigures, score: number, t: AlertThresholds, previous: HealthStatus): HealthStatus {
  if (f.totalExecutions < MIN_SAMPLE) return 'UNKNOWN';
  if (score < t.healthScore / 2 || f.errorRate > 2 * t.errorRate || f.avgDuration > 2 * t.avgDuration) return 'CRITICAL';
  if (score < t.healthScore || f.errorRate > t.errorRate || f.avgDuration > t.avgDuration) return 'DEGRADED';
  if (previous === 'DEGRADED' || previous === 'CRITICAL') {
    const recovered = score >= Math.min(100, t.healthScore + RECOVERY_SCORE_MARGIN) && f.errorRate <= RECOVERY_ERROR_FACTOR * t.errorRate;
    if (!recovered) return 'DEGRADED';
  }
  return 'HEALTHY';
}

/** The alert a change of health status raises (none when it did not change, or to or from UNKNOWN alone). */
export function alertFor(previous: HealthStatus, next: HealthStatus, score: number): { severity: AlertSeverity; message: string } | null {
  if (previous === next || next === 'UNKNOWN') return null;
  if (next === 'CRITICAL') return { severity: 'CRITICAL', message: `Health CRITICAL (score ${score}), was ${previous}` };
  if (next === 'DEGRADED') return { severity: 'WARNING', message: `Health DEGRADED (score ${score}), was ${previous}` };
  if (previous === 'UNKNOWN') return null;
  return { severity: 'INFO', message: `Health back to HEALTHY (score ${score}), was ${previous}` };
}

/**
 * The pipeline status a health status leads to: ACTIVE → DEGRADED when DEGRADED or CRITICAL; DEGRADED → ACTIVE when
 * HEALTHY; otherwise unchanged (DISABLED and SIMULATING are never touched; UNKNOWN changes nothing).
 */
export function pipelineStatusFor(current: PipelineStatus, health: HealthStatus): PipelineStatus {
  if (current === 'ACTIVE' && (health === 'DEGRADED' || health === 'CRITICAL')) return 'DEGRADED';
  if (current === 'DEGRADED' && health === 'HEALTHY') return 'ACTIVE';
  return current;
}

/** Figures from counts: success and error shares of the ended executions. */
export function figures(total: number, successes: number, errors: number, avgDuration: number | null): HealthFigures {
  return {
    totalExecutions: total,
    successRate: total ? successes / total : 0,
    errorRate: total ? errors / total : 0,
    avgDuration: avgDuration ?? 0,
  };
}
