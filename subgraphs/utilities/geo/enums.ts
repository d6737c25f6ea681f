import { closedList } from '../../../kernel/graphql-types.js';

/** Closed lists of distances and zones (docs/utilities.md, "Distance" and "Zones"). */

export const DistanceMethod = closedList('DistanceMethod', 'How a distance was measured.', {
  GREAT_CIRCLE: 'The great circle on the mean Earth sphere (AIR).',
  CIRCUITY: "The great circle × the mode's circuity factor (ROAD 1.30, RAIL 1.40).",
  SEA_ROUTE: 'A route on the maritime network, plus the road legs to and from it (SEA).',
});
export type DistanceMethod = keyof typeof DistanceMethod;

export const RouteDistanceUnit = closedList('RouteDistanceUnit', 'Unit of a distance value (written in lower case, as REST writes it).', {
  km: 'Kilometre: distance values are always in kilometres.',
});
export type RouteDistanceUnit = keyof typeof RouteDistanceUnit;

export const ZoneServiceType = closedList('ZoneServiceType', 'The service a zone is asked for (echoed, and passed to the zone sources).', {
  DELIVERY: 'Deliveries (the default).',
  WAREHOUSE: 'Warehousing.',
  TERMINAL: 'Terminal operations.',
});
export type ZoneServiceType = keyof typeof ZoneServiceType;

export const ZoneType = closedList('ZoneType', 'Tier of a zone: an LSP coverage area, or a tier of the default zoning.', {
  LSP_AREA: 'An ACTIVE coverage area of one of the workspace\'s LSPs that serves the location (DELIVERY zones; docs/orders.md "Coverage").',
  CITY: 'Within the circle of a city of 15,000+ people: 2 km + 0.01 km × √population, at most 40 km.',
  METRO: 'Within 2.5 × the circle of a city of 500,000+ people.',
  REGION: 'The first-level administrative division of the nearest gazetteer place within 150 km.',
  COUNTRY: 'The country, when nothing nearer applies.',
});
export type ZoneType = keyof typeof ZoneType;

export const ZoneShape = closedList('ZoneShape', 'Shape of the area a zone covers.', {
  CIRCLE: 'A circle around a city (CITY and METRO zones): center and radius.',
  ADMIN_AREA: 'An administrative division (REGION zones): center is the located place.',
  COUNTRY: 'A whole country (COUNTRY zones): center is its representative point.',
  COVERAGE_AREA:
    "An LSP coverage area (LSP_AREA zones): its cities and the radius around its linked points; center is the located place, radius the area's link radius (null when it is defined by cities).",
});
export type ZoneShape = keyof typeof ZoneShape;

export const ZoningSource = closedList('ZoningSource', 'Which zone source answered.', {
  DEFAULT: "The platform's default zoning over the GeoNames gazetteer.",
  LSP: "An ACTIVE coverage area of one of the workspace's LSPs (the utilities' copy of the LSP network).",
});
export type ZoningSource = keyof typeof ZoningSource;
