/**
 * The ranges of a service's performance figures (spec "Performance"; docs/queries.md "Performance"), in one place: the
 * single sync's input decorators read them, and a batch checks each item with `performanceProblem` (an item out of
 * range fails alone). Pure.
 */

export const PERFORMANCE_RANGES = {
  onTimeDeliveryRate: { min: 0, max: 1 },
  orderAccuracy: { min: 0, max: 1 },
  /** Seconds: at most a year (365 × 86,400). */
  averageProcessingTime: { min: 0, max: 31_536_000 },
  damageRate: { min: 0, max: 1 },
  customerSatisfaction: { min: 0, max: 5 },
  overallScore: { min: 0, max: 100 },
} as const;

export type PerformanceField = keyof typeof PERFORMANCE_RANGES;

/** The message of a figure out of its range: `must be between 0 and 1` (the thousands of the big one grouped: 31,536,000). */
export const rangeMessage = (field: PerformanceField): string => {
  const { min, max } = PERFORMANCE_RANGES[field];
  return `must be between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')}`;
};

/** Figures as a batch item carries them (GraphQL has checked their types; customerSatisfaction may be absent). */
export type PerformanceFigures = { [K in PerformanceField]?: number | null };

/** The first figure out of its range, with why; undefined when every one given is within range. */
export function performanceProblem(p: PerformanceFigures): { field: PerformanceField; message: string } | undefined {
  for (const field of Object.keys(PERFORMANCE_RANGES) as PerformanceField[]) {
    const v = p[field];
    if (v === undefined || v === null) continue;
    const { min, max } = PERFORMANCE_RANGES[field];
    if (!Number.isFinite(v) || v < min || v > max) return { field, message: rangeMessage(field) };
  }
  return undefined;
}
