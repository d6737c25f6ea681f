import { closedList } from '../../../kernel/graphql-types.js';

/** The closed lists of the queries family (spec "Query objects"; docs/queries.md). */

export const ServiceType = closedList('ServiceType', 'What a service of the registry is.', {
  WAREHOUSE: "A warehouse of an LSP (the LSP family's warehouses).",
  CARRIER: "A fleet of an LSP, offered as a carrier (the LSP family's fleets).",
  HUB: "A hub of an LSP (the LSP family's hubs).",
  TERMINAL: 'A terminal of an LSP: its parking facilities of type TERMINAL.',
  IOTSP: "An IoT service provider of the workspace (the workspace family's IoTSP providers).",
});
export type ServiceType = keyof typeof ServiceType;

export const ServiceStatus = closedList('ServiceStatus', 'Whether a service is offered (docs/queries.md "Registry", transitions).', {
  ACTIVE: 'Offered: found by discovery and matching.',
  INACTIVE: 'Withdrawn by its provider: not found by discovery unless asked for by status, never matched.',
  MAINTENANCE: 'Temporarily not offered: not found by discovery unless asked for by status, never matched; its capacity is unavailable.',
});
export type ServiceStatus = keyof typeof ServiceStatus;

export const GeographicLevel = closedList('GeographicLevel', 'The level of a place a service covers.', {
  COUNTRY: 'A country (ISO 3166-1 alpha-2 code or name, as the LSP wrote it).',
  REGION: 'A region, state or province.',
  CITY: 'A city.',
});
export type GeographicLevel = keyof typeof GeographicLevel;

export const MatchingStrategy = closedList('MatchingStrategy', 'How matching weighs the five scores (docs/queries.md "Matching").', {
  BALANCED: 'Capability 25 %, proximity 20 %, capacity 15 %, performance 20 %, cost 20 %.',
  COST_OPTIMIZED: 'Cost first: capability 15 %, proximity 10 %, capacity 10 %, performance 15 %, cost 50 %.',
  SPEED_OPTIMIZED: 'Proximity first: capability 15 %, proximity 45 %, capacity 15 %, performance 15 %, cost 10 %.',
  QUALITY_OPTIMIZED: 'Performance first: capability 25 %, proximity 10 %, capacity 10 %, performance 45 %, cost 10 %.',
});
export type MatchingStrategy = keyof typeof MatchingStrategy;

export const AreaType = closedList('AreaType', 'What kind of place a delivery goes to.', {
  URBAN: 'A city centre or dense town.',
  SUBURBAN: 'The outskirts of a city.',
  RURAL: 'The countryside.',
});
export type AreaType = keyof typeof AreaType;

export const QueryOutcome = closedList('QueryOutcome', 'The result code of a search (REST `status`).', {
  SUCCESS: 'At least one service matched.',
  NO_RESULTS: 'The search ran and matched nothing (an answer, not an error: HTTP 200).',
});
export type QueryOutcome = keyof typeof QueryOutcome;

export const SelectableResource = closedList('SelectableResource', 'What `selectResource` picks (docs/queries.md "Selection"); a pipeline QUERY stage asks for one.', {
  WAREHOUSE: 'A warehouse of the service registry.',
  CARRIER: 'A carrier (an LSP fleet) of the service registry.',
  TERMINAL: 'A terminal of the service registry.',
  ROUTE: "An LSP's active coverage route, as the registry copies it.",
  INVENTORY: 'A warehouse with free storage capacity (its capacity of the asked type, default any).',
  VEHICLE: 'A vehicle of an LSP fleet that is in service and not allocated, as the registry copies it.',
});
export type SelectableResource = keyof typeof SelectableResource;

export const SelectionStrategy = closedList('SelectionStrategy', 'How `selectResource` picks among the matching resources (docs/queries.md "Selection").', {
  BEST_MATCH: 'The highest overall score of BALANCED matching.',
  CLOSEST: 'The nearest to `filters.location` (required).',
  FASTEST: 'The highest overall score of SPEED_OPTIMIZED matching.',
  CHEAPEST: 'The highest overall score of COST_OPTIMIZED matching.',
  HIGHEST_CAPACITY: 'The most free capacity (available), of `filters.capacityType` if given.',
  HIGHEST_RATED: 'The highest synced performance score (a service never synced counts as 50).',
  RANDOM: 'One picked by a hash of `seed`: the same seed picks the same one.',
});
export type SelectionStrategy = keyof typeof SelectionStrategy;
