import { nowDate } from '../../../kernel/clock.js';
import { storedPoint } from '../../../kernel/graphql-types.js';
import { greatCircleKm, roadDrivingHours } from '../../../domain/geography.js';
import type { QueriesScope } from '../common/scope.js';
import { estimateFor, roadKm, sourceOf, vatTable, type OrderAsk } from '../pricing/service.js';
import { rowCapacities, toEntry, withCoverage } from '../registry/store.js';
import type { Estimate } from '../pricing/rules.js';
import { byRank, capabilityScore, capacityScore, costScores, durationSeconds, overallScore, performanceScore, proximityOf, reasoning, requiredFeatures, type Scores } from './rules.js';
import { candidateRows } from './store.js';
import type { MatchInput, MatchResult, ServiceRecommendation } from './types.js';

/**
 * Matching (spec group 17 `POST /matching/match`; docs/queries.md "Matching"): the candidates in one statement, every
 * score computed in memory (the pricing engine on each candidate's rules, VAT looked up once per country), the best
 * `limit` returned with their coverage.
 */
export async function matchServices(s: QueriesScope, input: MatchInput): Promise<MatchResult> {
  // checked and normalized as every point of the platform (a denormal degree is 0: spatial functions would underflow)
  const pair = storedPoint(input.delivery.coordinates, 'delivery.coordinates');
  const point = pair ? { latitude: pair[0], longitude: pair[1] } : undefined;
  const rows = await candidateRows(s.em, s.workspaceId, {
    serviceTypes: input.serviceTypes,
    near: point ? { lat: point.latitude, lng: point.longitude } : undefined,
    country: point ? undefined : (input.delivery.country ?? undefined),
    city: point ? undefined : (input.delivery.city ?? undefined),
  });
  if (!rows.length) return { status: 'NO_RESULTS', recommendations: [], totalCandidates: 0, strategy: input.strategy };

  const required = requiredFeatures(input.requirements, input.items);
  const ask: OrderAsk = { items: input.items, requirements: required, serviceTypes: [], deliveryPoint: point, storageDays: 1, at: nowDate() };
  const sources = rows.map(sourceOf);
  const vat = await vatTable(sources.map((src) => src.country));
  // services publishing the same rules in the same country (and at the same road distance, for PER_KM) are priced once
  const priced = new Map<string, Estimate | undefined>();
  const estimates = sources.map((src) => {
    const km = src.rules.some((r) => r.basis === 'PER_KM') ? roadKm(src.point, point) : undefined;
    const key = `${src.serviceType}|${src.country}|${km}|${JSON.stringify(src.rules)}`;
    if (!priced.has(key)) priced.set(key, estimateFor(src, ask, vat.get(src.country)!));
    return priced.get(key);
  });
  const { scores: costs, cheapest } = costScores(estimates.map((e) => (e ? { amount: e.totalCost, currency: e.currency } : undefined)));

  const scored = rows.map((row, i) => {
    const src = sources[i];
    const features = toFeatures(row.capabilities);
    const cap = capabilityScore(required, features);
    const km = src.point && point ? greatCircleKm(src.point[0], src.point[1], point.latitude, point.longitude) : undefined;
    const capacity = capacityScore(rowCapacities(row));
    const perf = perfOf(row.performance);
    const partial = { capability: cap.score, proximity: proximityOf(km), capacity: capacity.score, performance: performanceScore(perf?.overallScore), cost: costs[i] };
    const scores: Scores = { ...partial, overall: overallScore(partial, input.strategy) };
    return { row, i, scores, compositeId: row.composite_id, cap, km, capacity, perf };
  });
  scored.sort(byRank);

  const top = scored.slice(0, input.limit ?? 10);
  const entries = await withCoverage(
    s.em,
    s.workspaceId,
    top.map((t) => ({ ...toEntry(t.row), score: t.scores.overall })),
  );
  const recommendations = top.map((t, k): ServiceRecommendation => {
    const e = estimates[t.i];
    const road = roadKm(sources[t.i].point, point);
    const processing = t.perf?.averageProcessingTime ?? 0;
    const duration = road === undefined ? undefined : { seconds: durationSeconds(processing, roadDrivingHours(road)), processingSeconds: processing, roadKm: road };
    const cost = e ? { amount: e.totalCost, currency: e.currency } : undefined;
    return {
      service: entries[k],
      serviceType: t.row.service_type,
      scores: t.scores,
      reasoning: reasoning({
        scores: t.scores,
        required,
        met: t.cap.met,
        missing: t.cap.missing,
        km: t.km,
        capacity: t.capacity.used,
        overallPerformance: t.perf?.overallScore,
        cost,
        cheapest,
        duration,
        strategy: input.strategy,
      }),
      estimatedCost: cost ?? null,
      estimatedDuration: duration?.seconds ?? null,
    };
  });
  return { status: 'SUCCESS', recommendations, totalCandidates: rows.length, strategy: input.strategy };
}

const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** The features of stored capabilities (strings of `features`). */
function toFeatures(capabilities: unknown): string[] {
  const c = parse<Record<string, unknown> | null>(capabilities);
  const f = c?.features;
  return Array.isArray(f) ? f.filter((x): x is string => typeof x === 'string') : [];
}

function perfOf(v: unknown): { overallScore: number; averageProcessingTime: number } | undefined {
  const p = parse<{ overallScore?: unknown; averageProcessingTime?: unknown } | null>(v);
  if (!p) return undefined;
  return { overallScore: Number(p.overallScore), averageProcessingTime: Number(p.averageProcessingTime ?? 0) || 0 };
}
