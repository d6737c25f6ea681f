/**
 * The scores the queries family shares between discovery and matching (docs/queries.md "Proximity"). Pure.
 */

/** Distance at which proximity is 50 (half of a service at the search point), km. */
export const PROXIMITY_HALF_KM = 50;

/** Proximity of a service `km` away, 0 to 100: 100 ÷ (1 + km ÷ 50), to 2 decimals (0 km → 100, 50 km → 50, 150 km → 25). */
export function proximityScore(km: number): number {
  return round2(100 / (1 + Math.max(0, km) / PROXIMITY_HALF_KM));
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;
