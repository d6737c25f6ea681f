/**
 * Matching's scores (docs/queries.md "Matching"). Pure: each score is 0 to 100 with 2 decimals; the overall score is
 * the strategy's weighted sum; the ranking and the reasoning lines.
 */
import { convert } from '../../../domain/money.js';
import type { MatchingStrategy } from '../common/enums.js';
import { proximityScore, round2 } from '../common/scores.js';

/** The five scores' weights of each strategy (common/enums.ts MatchingStrategy's descriptions). */
export const STRATEGY_WEIGHTS: Record<MatchingStrategy, { capability: number; proximity: number; capacity: number; performance: number; cost: number }> = {
  BALANCED: { capability: 0.25, proximity: 0.2, capacity: 0.15, performance: 0.2, cost: 0.2 },
  COST_OPTIMIZED: { capability: 0.15, proximity: 0.1, capacity: 0.1, performance: 0.15, cost: 0.5 },
  SPEED_OPTIMIZED: { capability: 0.15, proximity: 0.45, capacity: 0.15, performance: 0.15, cost: 0.1 },
  QUALITY_OPTIMIZED: { capability: 0.25, proximity: 0.1, capacity: 0.1, performance: 0.45, cost: 0.1 },
};

/** The score given when what a score needs is unknown. */
export const NEUTRAL_SCORE = 50;

export interface Scores {
  capability: number;
  proximity: number;
  capacity: number;
  performance: number;
  cost: number;
  overall: number;
}

/** What the order requires: its requirements, COLD_CHAIN when an item requires cold chain, HAZMAT when one requires hazmat handling (upper case, each once). */
export function requiredFeatures(requirements: readonly string[] | undefined, items: readonly { requiresColdChain?: boolean | null; requiresHazmatHandling?: boolean | null }[] | undefined): string[] {
  const out = new Set((requirements ?? []).map((r) => r.toUpperCase()));
  if ((items ?? []).some((i) => i.requiresColdChain === true)) out.add('COLD_CHAIN');
  if ((items ?? []).some((i) => i.requiresHazmatHandling === true)) out.add('HAZMAT');
  return [...out];
}

/** 100 × met ÷ required against the service's features; 100 when nothing is required. */
export function capabilityScore(required: readonly string[], features: readonly string[]): { score: number; met: string[]; missing: string[] } {
  const have = new Set(features.map((f) => f.toUpperCase()));
  const met = required.filter((r) => have.has(r));
  const missing = required.filter((r) => !have.has(r));
  return { score: required.length ? round2((100 * met.length) / required.length) : 100, met, missing };
}

/** Proximity from the great-circle km (100 ÷ (1 + km ÷ 50)); 50 when the distance is unknown. */
export const proximityOf = (km: number | undefined): number => (km === undefined ? NEUTRAL_SCORE : proximityScore(km));

/** 100 × available ÷ total of the capacity with the most available; 50 when the service publishes none (0 when its total is 0). */
export function capacityScore(capacities: readonly { type: string; total: number; available: number }[]): { score: number; used?: { type: string; total: number; available: number } } {
  if (!capacities.length) return { score: NEUTRAL_SCORE };
  const best = capacities.reduce((a, c) => (c.available > a.available ? c : a));
  return { score: best.total > 0 ? round2((100 * best.available) / best.total) : 0, used: best };
}

/** The synced overall score (0 to 100); 50 when never synced. */
export const performanceScore = (overallScore: number | null | undefined): number =>
  overallScore === null || overallScore === undefined ? NEUTRAL_SCORE : round2(Math.min(100, Math.max(0, overallScore)));

/**
 * Cost scores of candidates from their estimates: 100 × cheapest ÷ own, every cost converted to the cheapest one's
 * currency (the cheapest found by converting all to the first estimate's currency); 50 for a candidate without an
 * estimate. A free cheapest (0) gives 100 to free candidates and 0 to the others.
 */
export function costScores(estimates: readonly ({ amount: number; currency: string } | undefined)[]): { scores: number[]; cheapest?: { amount: number; currency: string } } {
  const priced = estimates.filter((e): e is { amount: number; currency: string } => e !== undefined);
  if (!priced.length) return { scores: estimates.map(() => NEUTRAL_SCORE) };
  const ref = priced[0].currency;
  const cheapest = priced.reduce((a, e) => (convert(e.amount, e.currency, ref).lt(convert(a.amount, a.currency, ref)) ? e : a));
  const low = cheapest.amount;
  const scores = estimates.map((e) => {
    if (!e) return NEUTRAL_SCORE;
    const own = convert(e.amount, e.currency, cheapest.currency).toNumber();
    if (own <= 0) return 100;
    return round2(Math.min(100, (100 * low) / own));
  });
  return { scores, cheapest };
}

/** Σ weight × score of the strategy, 2 decimals. */
export function overallScore(s: Omit<Scores, 'overall'>, strategy: MatchingStrategy): number {
  const w = STRATEGY_WEIGHTS[strategy];
  return round2(w.capability * s.capability + w.proximity * s.proximity + w.capacity * s.capacity + w.performance * s.performance + w.cost * s.cost);
}

/** The ranking: overall score high first, then proximity high first, then composite id (A → Z). */
export function byRank<T extends { scores: Scores; compositeId: string }>(a: T, b: T): number {
  return b.scores.overall - a.scores.overall || b.scores.proximity - a.scores.proximity || (a.compositeId < b.compositeId ? -1 : a.compositeId > b.compositeId ? 1 : 0);
}

/** Seconds of an estimated duration: the mean processing time (0 when unknown) + road driving hours × 3600, whole seconds. */
export const durationSeconds = (processingSeconds: number | null | undefined, drivingHours: number): number => Math.round((processingSeconds ?? 0) + drivingHours * 3600);

const f2 = (n: number) => n.toFixed(2);
const f3 = (n: number) => n.toFixed(3);

/** What the reasoning lines need. */
export interface ReasonInputs {
  scores: Scores;
  required: string[];
  met: string[];
  missing: string[];
  km: number | undefined;
  capacity?: { type: string; total: number; available: number };
  overallPerformance: number | null | undefined;
  cost?: { amount: number; currency: string };
  cheapest?: { amount: number; currency: string };
  duration?: { seconds: number; processingSeconds: number; roadKm: number };
  strategy: MatchingStrategy;
}

/** One line per score with its inputs, then the estimated cost and duration, then the overall score. */
export function reasoning(r: ReasonInputs): string[] {
  const s = r.scores;
  const lines = [
    r.required.length
      ? `capability ${f2(s.capability)}: meets ${r.met.length} of ${r.required.length} required (${r.required.join(', ')})${r.missing.length ? `; missing ${r.missing.join(', ')}` : ''}`
      : `capability ${f2(s.capability)}: nothing required`,
    r.km === undefined ? `proximity ${f2(s.proximity)}: distance unknown (no delivery coordinates or no service position)` : `proximity ${f2(s.proximity)}: ${f3(r.km)} km from the delivery point`,
    r.capacity ? `capacity ${f2(s.capacity)}: ${r.capacity.available} of ${r.capacity.total} ${r.capacity.type} available` : `capacity ${f2(s.capacity)}: no capacity published`,
    r.overallPerformance === null || r.overallPerformance === undefined ? `performance ${f2(s.performance)}: never synced` : `performance ${f2(s.performance)}: overall score ${r.overallPerformance}`,
    r.cost && r.cheapest
      ? `cost ${f2(s.cost)}: ${r.cost.amount} ${r.cost.currency} against the cheapest ${r.cheapest.amount} ${r.cheapest.currency}`
      : `cost ${f2(s.cost)}: no estimate (no pricing rule applies)`,
  ];
  if (r.cost) lines.push(`estimated cost ${r.cost.amount} ${r.cost.currency}`);
  if (r.duration) lines.push(`estimated duration ${r.duration.seconds} s: processing ${r.duration.processingSeconds} s + driving ${f3(r.duration.roadKm)} road km`);
  lines.push(`overall ${f2(s.overall)} (${r.strategy})`);
  return lines;
}
