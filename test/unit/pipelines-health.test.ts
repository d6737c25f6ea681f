import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { alertFor, figures, healthScore, healthStatus, pipelineStatusFor } from '../../subgraphs/pipelines/monitoring/rules.js';
import { severityOf } from '../../subgraphs/pipelines/monitoring/escalations.js';

/**
 * The health rules of a pipeline (subgraphs/pipelines/monitoring/rules.ts; docs/pipelines.md "Health") and the
 * escalation severities (monitoring/escalations.ts). Thresholds are the defaults unless said: healthScore 70,
 * errorRate 0.1, avgDuration 60,000 ms. Every expected value is worked by hand in its comment.
 */
const T = { healthScore: 70, errorRate: 0.1, avgDuration: 60_000 };

describe('figures', () => {
  it('shares of the ended executions', () => {
    // 8 successes, 2 errors of 10: 8/10 = 0.8, 2/10 = 0.2
    expect(figures(10, 8, 2, 1500)).toEqual({ totalExecutions: 10, successRate: 0.8, errorRate: 0.2, avgDuration: 1500 });
  });
  it('none ended: zeros', () => {
    expect(figures(0, 0, 0, null)).toEqual({ totalExecutions: 0, successRate: 0, errorRate: 0, avgDuration: 0 });
  });
});

describe('healthScore', () => {
  it('100 × successRate when the average duration is within its threshold', () => {
    // 19 of 20 succeeded: 100 × 0.95 = 95; 30 s ≤ 60 s: no penalty
    expect(healthScore(figures(20, 19, 1, 30_000), T)).toBe(95);
  });
  it('minus 50 × (avg / threshold − 1) when the average is past its threshold', () => {
    // 9 of 10: 90; avg 90 s vs 60 s: 50 × (1.5 − 1) = 25 → 90 − 25 = 65
    expect(healthScore(figures(10, 9, 1, 90_000), T)).toBe(65);
  });
  it('the penalty is at most 50 points', () => {
    // all succeeded: 100; avg 300 s vs 60 s: 50 × (5 − 1) = 200, capped at 50 → 50
    expect(healthScore(figures(10, 10, 0, 300_000), T)).toBe(50);
  });
  it('never below 0', () => {
    // 1 of 5: 20; avg 180 s: 50 × 2 = 100 → capped 50 → 20 − 50 < 0 → 0
    expect(healthScore(figures(5, 1, 4, 180_000), T)).toBe(0);
  });
  it('one decimal', () => {
    // 2 of 3: 66.666… → 66.7
    expect(healthScore(figures(3, 2, 1, 10), T)).toBe(66.7);
  });
  it('100 when nothing ended', () => {
    expect(healthScore(figures(0, 0, 0, null), T)).toBe(100);
  });
});

describe('healthStatus', () => {
  const status = (total: number, ok: number, avg: number, previous: Parameters<typeof healthStatus>[3] = 'HEALTHY') => {
    const f = figures(total, ok, total - ok, avg);
    return healthStatus(f, healthScore(f, T), T, previous);
  };

  it('UNKNOWN under the minimum sample of 5', () => {
    // 4 ended, all failed: still UNKNOWN
    expect(status(4, 0, 100)).toBe('UNKNOWN');
  });
  it('HEALTHY within every threshold', () => {
    // 20 of 20, 1 s: score 100, error rate 0, 1 s ≤ 60 s
    expect(status(20, 20, 1000)).toBe('HEALTHY');
  });
  it('DEGRADED past the error-rate threshold', () => {
    // 17 of 20: score 85 ≥ 70; error rate 3/20 = 0.15 > 0.1 but ≤ 0.2
    expect(status(20, 17, 1000)).toBe('DEGRADED');
  });
  it('DEGRADED past the duration threshold alone', () => {
    // 10 of 10, avg 70 s: score 100 − 50 × (70/60 − 1) = 100 − 8.33 = 91.7 ≥ 70; 70 s > 60 s but ≤ 120 s
    expect(status(10, 10, 70_000)).toBe('DEGRADED');
  });
  it('CRITICAL past twice the error-rate threshold', () => {
    // 15 of 20: error rate 5/20 = 0.25 > 2 × 0.1
    expect(status(20, 15, 1000)).toBe('CRITICAL');
  });
  it('CRITICAL past twice the duration threshold', () => {
    // 10 of 10, avg 130 s > 2 × 60 s
    expect(status(10, 10, 130_000)).toBe('CRITICAL');
  });
  it('CRITICAL with a score under half its threshold', () => {
    // thresholds errorRate 1 (never past), score 70: 3 of 10 → 30 < 35
    const t = { ...T, errorRate: 1 };
    const f = figures(10, 3, 7, 1000);
    expect(healthStatus(f, healthScore(f, t), t, 'HEALTHY')).toBe('CRITICAL');
  });

  describe('hysteresis: back to HEALTHY only at score ≥ threshold + 5 and error rate ≤ 0.8 × threshold', () => {
    it('a DEGRADED pipeline within the thresholds but not past the recovery margins stays DEGRADED', () => {
      // 91 of 100: score 91 ≥ 75, but error rate 0.09 > 0.8 × 0.1 = 0.08
      expect(status(100, 91, 1000, 'DEGRADED')).toBe('DEGRADED');
    });
    it('a CRITICAL pipeline that is now within the thresholds is DEGRADED until it recovers', () => {
      expect(status(100, 91, 1000, 'CRITICAL')).toBe('DEGRADED');
    });
    it('the score margin: threshold 90, score 93 < 95 keeps it DEGRADED', () => {
      // 93 of 100: score 93 ≥ 90 (within), error rate 0.07 ≤ 0.1 (within), 0.07 ≤ 0.08 (recovered), 93 < 90 + 5
      const t = { ...T, healthScore: 90 };
      const f = figures(100, 93, 7, 1000);
      expect(healthStatus(f, healthScore(f, t), t, 'DEGRADED')).toBe('DEGRADED');
      expect(healthStatus(f, healthScore(f, t), t, 'HEALTHY')).toBe('HEALTHY');
    });
    it('recovered: error rate 0.08 and score 92', () => {
      // 92 of 100: error rate 0.08 ≤ 0.08, score 92 ≥ 75
      expect(status(100, 92, 1000, 'DEGRADED')).toBe('HEALTHY');
    });
    it('the same figures of a HEALTHY pipeline stay HEALTHY', () => {
      expect(status(100, 91, 1000, 'HEALTHY')).toBe('HEALTHY');
    });
  });
});

describe('alerts and pipeline status', () => {
  it('WARNING on DEGRADED, CRITICAL on CRITICAL, INFO back to HEALTHY, none otherwise', () => {
    expect(alertFor('HEALTHY', 'DEGRADED', 80)?.severity).toBe('WARNING');
    expect(alertFor('DEGRADED', 'CRITICAL', 20)?.severity).toBe('CRITICAL');
    expect(alertFor('CRITICAL', 'HEALTHY', 99)?.severity).toBe('INFO');
    expect(alertFor('HEALTHY', 'HEALTHY', 99)).toBeNull();
    expect(alertFor('UNKNOWN', 'HEALTHY', 99)).toBeNull();
    expect(alertFor('HEALTHY', 'UNKNOWN', 100)).toBeNull();
  });
  it('ACTIVE ↔ DEGRADED, never DISABLED or SIMULATING', () => {
    expect(pipelineStatusFor('ACTIVE', 'CRITICAL')).toBe('DEGRADED');
    expect(pipelineStatusFor('ACTIVE', 'DEGRADED')).toBe('DEGRADED');
    expect(pipelineStatusFor('DEGRADED', 'HEALTHY')).toBe('ACTIVE');
    expect(pipelineStatusFor('DEGRADED', 'UNKNOWN')).toBe('DEGRADED');
    expect(pipelineStatusFor('DISABLED', 'CRITICAL')).toBe('DISABLED');
    expect(pipelineStatusFor('SIMULATING', 'HEALTHY')).toBe('SIMULATING');
  });
});

describe('escalation severity', () => {
  it('STAGE_TIMEOUT LOW, FAILED MEDIUM, FAILED on a WEBHOOK HIGH, TIMEOUT HIGH', () => {
    expect(severityOf({ kind: 'STAGE_TIMEOUT' }, 10)).toBe('LOW');
    expect(severityOf({ kind: 'FAILED', action: 'WAIT' }, 0)).toBe('MEDIUM');
    expect(severityOf({ kind: 'FAILED', action: 'WEBHOOK' }, 1)).toBe('HIGH');
    expect(severityOf({ kind: 'TIMEOUT' }, 0)).toBe('HIGH');
  });
  it('CRITICAL when it makes three or more within the hour', () => {
    // 2 before + this one = 3
    expect(severityOf({ kind: 'FAILED', action: 'QUERY' }, 2)).toBe('CRITICAL');
    expect(severityOf({ kind: 'TIMEOUT' }, 5)).toBe('CRITICAL');
  });
});
