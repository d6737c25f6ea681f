import { closedList, valuesOf } from '../../../kernel/graphql-types.js';

/** The closed lists of coverage areas and routes (docs/lsp-coverage.md). */

export const CoverageKind = closedList('CoverageKind', 'The two kinds of coverage record.', {
  AREA: 'A coverage area: where the LSP serves.',
  ROUTE: 'A coverage route: a leg the LSP runs from an origin to a destination.',
});
export type CoverageKind = keyof typeof CoverageKind;

export const CoverageStatus = closedList('CoverageStatus', 'Whether a coverage record is in service.', {
  INACTIVE: 'Not in service: on creation, and after every link, unlink or transit-point change.',
  ACTIVE: 'In service; only a complete record (an area with a city or a link, a route with both ends) may be ACTIVE.',
});
export type CoverageStatus = keyof typeof CoverageStatus;

export const CoverageReach = closedList('CoverageReach', 'How far a coverage record reaches.', {
  LOCAL: 'Within one city or town.',
  REGIONAL: 'Within one region, state or province.',
  NATIONAL: 'Across one country.',
  INTERNATIONAL: 'Across borders.',
});
export type CoverageReach = keyof typeof CoverageReach;

export const CoverageServiceLevel = closedList('CoverageServiceLevel', 'The service level a coverage record offers.', {
  ECONOMY: 'Slowest and cheapest.',
  STANDARD: 'The usual service (the default).',
  EXPRESS: 'Faster than standard.',
  PRIORITY: 'Handled before any other.',
  SAME_DAY: 'Delivered the day it is handed over.',
  NEXT_DAY: 'Delivered the day after it is handed over.',
});
export type CoverageServiceLevel = keyof typeof CoverageServiceLevel;

export const CoverageTransitMode = closedList('CoverageTransitMode', 'How goods travel on a coverage record.', {
  GROUND: 'By road.',
  AIR: 'By air.',
  SEA: 'By sea or inland waterway.',
  RAIL: 'By rail.',
});
export type CoverageTransitMode = keyof typeof CoverageTransitMode;

export const CoverageTransitType = closedList('CoverageTransitType', 'The transit type of a coverage record: which leg of a shipment it serves (REST: the path\'s `:type`, any case, `-` for `_`).', {
  FIRST_MILE: 'From the sender to the first node (areas and routes).',
  MIDDLE_MILE: 'Between nodes of the network (routes).',
  LAST_MILE: 'From the last node to the recipient (areas and routes).',
  LINE_HAUL: 'Long-distance trunk transport (routes).',
  HUB_TO_HUB: 'Between two hubs (routes).',
  HUB_TO_TERMINAL: 'From a hub to a terminal (routes).',
  TERMINAL_TO_HUB: 'From a terminal to a hub (routes).',
  TERMINAL_TO_TERMINAL: 'Between two terminals (routes).',
  DOOR_TO_DOOR: 'From the sender\'s door to the recipient\'s (areas and routes).',
  CROSS_BORDER: 'Across a border (routes).',
});
export type CoverageTransitType = keyof typeof CoverageTransitType;

/** Transit types allowed per kind. */
export const TRANSIT_TYPES: Record<CoverageKind, CoverageTransitType[]> = {
  AREA: ['FIRST_MILE', 'LAST_MILE', 'DOOR_TO_DOOR'],
  ROUTE: valuesOf(CoverageTransitType),
};

export const ScheduleFrequency = closedList('ScheduleFrequency', 'How often a coverage record runs.', {
  HOURLY: 'Every hour.',
  DAILY: 'Every operating day.',
  WEEKLY: 'Once a week.',
  BIWEEKLY: 'Every other week.',
  MONTHLY: 'Once a month.',
  ON_DEMAND: 'When booked.',
});
export type ScheduleFrequency = keyof typeof ScheduleFrequency;

export const CoverageLengthUnit = closedList('CoverageLengthUnit', 'Unit of a coverage radius or distance (written in lower case, as REST writes it).', {
  km: 'Kilometres.',
  mi: 'International miles (1.609344 km).',
});
export type CoverageLengthUnit = keyof typeof CoverageLengthUnit;
