import { registerEnumType } from 'type-graphql';
import { closedList } from '../../../kernel/graphql-types.js';

/** The closed lists every area of the family shares (docs/lsp.md). */

export const DayOfWeek = closedList('DayOfWeek', 'A day of the week (ISO 8601 order, Monday first).', {
  MONDAY: 'Monday.',
  TUESDAY: 'Tuesday.',
  WEDNESDAY: 'Wednesday.',
  THURSDAY: 'Thursday.',
  FRIDAY: 'Friday.',
  SATURDAY: 'Saturday.',
  SUNDAY: 'Sunday.',
});
export type DayOfWeek = keyof typeof DayOfWeek;
/** The days in week order. */
export const DAYS = Object.keys(DayOfWeek) as DayOfWeek[];

/** Whether a facility (fleet, warehouse, hub) is offered: any value may follow any other (docs/lsp.md, "Facilities"). */
export const FacilityStatus = closedList('FacilityStatus', 'Whether a facility (fleet, warehouse, hub) is offered to clients; any status may follow any other.', {
  ACTIVE: 'Offered: the facility takes work (the default on creation).',
  INACTIVE: 'Withdrawn: the facility is not offered until the LSP makes it ACTIVE again.',
  MAINTENANCE: 'Temporarily not offered (repairs, inventory, works); expected back.',
});
export type FacilityStatus = keyof typeof FacilityStatus;

/**
 * How a facility keeps its hours. REST (and the records and events) write round-the-clock operation `24_7`, which is
 * not a GraphQL name: the graph calls it ALWAYS_OPEN, the stored value stays `24_7` (the enum's internal value), and
 * the bridge spells it `24_7` both ways (rest-bridge/routes/lsp.ts, `enums`).
 */
export const OperatingMode = { ALWAYS_OPEN: '24_7', SCHEDULED: 'SCHEDULED' } as const;
export type OperatingMode = (typeof OperatingMode)[keyof typeof OperatingMode];
registerEnumType(OperatingMode, {
  name: 'OperatingMode',
  description: 'How a facility keeps its hours.',
  valuesConfig: {
    ALWAYS_OPEN: { description: 'Open 24 hours a day, 7 days a week; operatingHours, if any, are informative (REST spells it `24_7`).' },
    SCHEDULED: { description: 'Open at the hours of operatingHours; a day without an entry is not described.' },
  },
});
