/**
 * The transport model every family shares (docs/utilities.md, "Distance"): the modes of transport, the Earth's radius
 * for great-circle distances, each mode's circuity and speeds. A change here changes the published model.
 */
import { closedList } from '../kernel/graphql-types.js';

/** Bump when a model constant changes (published in metadata.modelVersion and docs/utilities.md). */
export const MODEL_VERSION = 'utilities-2026.11';

export const TransportMode = closedList('TransportMode', 'Mode of transport of a trip or a shipment (docs/utilities.md, "Distance").', {
  ROAD: 'By road: the great-circle distance × 1.30 (circuity), road speed bands and driver rest rules.',
  AIR: 'By air: the great-circle distance at 800 km/h, plus 45 minutes of taxi, climb and descent.',
  SEA: 'By sea: a route on the maritime network at 14 knots, plus the road legs to and from the network.',
  RAIL: 'By rail: the great-circle distance × 1.40 (circuity) at 50 km/h.',
});
export type TransportMode = keyof typeof TransportMode;

/** IUGG mean Earth radius R1 (Moritz, Geodetic Reference System 1980), metres. Used for every great-circle distance. */
export const EARTH_MEAN_RADIUS_M = 6_371_008.8;
/**
 * PostgreSQL's earthdistance extension measures on a sphere of its own radius (`earth()`): mean-sphere metres →
 * earthdistance metres, for a radius searched with `earth_box` (the nearby search, the queries registry).
 */
export const TO_EARTH = `(earth() / ${EARTH_MEAN_RADIUS_M})`;
/** earthdistance metres → mean-sphere metres, for a distance `earth_distance` measured. */
export const FROM_EARTH = `(${EARTH_MEAN_RADIUS_M} / earth())`;

/**
 * Circuity factors: network distance ÷ great-circle distance.
 * ROAD 1.30: cross-country mean road circuity reported by Ballou, Rahardja & Sakai, "Selected country circuity factors
 * for road travel distance estimation", Transportation Research Part A 36 (2002). RAIL 1.40: platform assumption
 * (rail networks are sparser than roads). AIR 1.00: the great circle, as the contract asks. SEA uses a maritime route.
 */
export const CIRCUITY: Record<TransportMode, number> = { ROAD: 1.3, RAIL: 1.4, AIR: 1.0, SEA: 1.0 };

/**
 * Road speed bands (km/h) applied to consecutive parts of a road distance: the first 10 km at urban speed,
 * the next 40 km at suburban speed, the rest at highway speed. Platform assumption.
 */
export const ROAD_SPEED_BANDS: { uptoKm: number; kmh: number }[] = [
  { uptoKm: 10, kmh: 25 },
  { uptoKm: 50, kmh: 45 },
  { uptoKm: Infinity, kmh: 70 },
];
/** Average speeds of the other modes (km/h). SEA: 14 knots (slow-steaming container ship) × 1.852. */
export const MODE_SPEED_KMH = { RAIL: 50, SEA: 14 * 1.852, AIR: 800 } as const;
/** Time added to every AIR trip for taxi, climb and descent (hours). */
export const AIR_OVERHEAD_H = 0.75;
