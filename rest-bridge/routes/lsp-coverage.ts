import { PAGE, type RouteSpec } from './types.js';

/**
 * Group 5: LSP coverage areas and routes (`/v1/lsp/coverage`), header set A with an LSP provider-context token.
 * Answers in the `result` envelope: `{error:false, status:"COVERAGE::<RESULT>", <noun>, trace}` (docs/lsp-coverage.md).
 * Specific sub-paths (`link`, `unlink`, `transit-point`) come before `/:id/:type` so they are matched first.
 */

const PREFIX = '/v1/lsp/coverage';
const ADDRESS = 'address { name street1 city state country coordinates { latitude longitude } }';
const POINT = `type id description ${ADDRESS}`;
const STAMP = 'at { timestamp timezone } by';
/** Fields of both kinds, in the order of the spec's stored record. */
const COMMON =
  'workspace: provider { type: kind icode: code } id code name status reach serviceLevel transitType transitMode transitTime { min { hour } max { hour } } ' +
  'schedules { frequency departureTimes { value timezone } operatingDays }';
const STAMPS = `added { ${STAMP} } updated { ${STAMP} } type`;
const AREA = `${COMMON} capacity { packages } isGuaranteed ${STAMPS} radius { value unit } country region cities linkedTo { ${POINT} }`;
const ROUTE = `${COMMON} capacity { sits packages } isGuaranteed ${STAMPS} origin { ${POINT} } destination { ${POINT} } distance { value unit } transitPoints { ${POINT} }`;
const ANY = `... on CoverageArea { ${AREA} } ... on CoverageRoute { ${ROUTE} }`;
const LIST_ARGS = '$page: Int, $limit: Int, $status: CoverageStatus, $transitType: CoverageTransitType';
const LIST_PASS = 'page: $page, limit: $limit, status: $status, transitType: $transitType';

const INACTIVE_NOTE = 'it is INACTIVE until activated again (PATCH with status ACTIVE)';
/**
 * A transit type as REST writes it, in the path's `:type`, the `transitType` filter or a body's `transit.type`: any
 * case, `-` for `_` (`last-mile`, `LAST_MILE`, `last_mile`), the graph's CoverageTransitType.
 */
const transitType = (rest: string) => rest.trim().toUpperCase().replace(/-/g, '_');
const cov = {
  tag: 'LSP coverage',
  envelope: 'result',
  auth: 'set-a',
  time: { timestamp: 'epoch-ms' },
  enums: { CoverageTransitType: transitType },
} as const;

export const coverageRoutes: RouteSpec[] = [
  // ── areas ──
  {
    ...cov,
    method: 'GET',
    path: `${PREFIX}/areas`,
    summary: 'Coverage areas of the LSP, by code (`status`, `transitType` filters)',
    resultStatus: 'COVERAGE::LISTED',
    operation: `query CoverageAreas(${LIST_ARGS}) { coverageAreas(${LIST_PASS}) { items { ${AREA} } ${PAGE} } }`,
    result: { areas: 'coverageAreas.items', pagination: 'coverageAreas.pagination' },
  },
  {
    ...cov,
    method: 'POST',
    path: `${PREFIX}/areas/:type`,
    summary: 'Create a coverage area (`:type` = transit type: first_mile, last_mile, door_to_door); it starts INACTIVE',
    status: 201,
    resultStatus: 'COVERAGE::CREATED',
    operation: `mutation CreateCoverageArea($type: CoverageTransitType!, $input: CoverageAreaInput!) { createCoverageArea(transitType: $type, input: $input) { ${AREA} } }`,
    bodyVariable: 'input',
    result: { area: 'createCoverageArea' },
  },
  {
    ...cov,
    method: 'GET',
    path: `${PREFIX}/areas/:id`,
    summary: 'A coverage area',
    resultStatus: 'COVERAGE::FETCHED',
    operation: `query CoverageArea($id: ID!) { coverageArea(id: $id) { ${AREA} } }`,
    result: { area: 'coverageArea' },
  },
  {
    ...cov,
    method: 'PUT',
    path: `${PREFIX}/areas/:id/link`,
    summary: 'Link the area to a node ({type, id}) or a place ({type, address}): appends to linkedTo; status INACTIVE',
    resultStatus: 'COVERAGE::UPDATED',
    operation: `mutation LinkCoverageArea($id: ID!, $input: CoveragePointInput!) { linkCoverageArea(id: $id, input: $input) { ${AREA} } }`,
    bodyVariable: 'input',
    constants: { message: `Coverage area linked; ${INACTIVE_NOTE}` },
    result: { area: 'linkCoverageArea' },
  },
  {
    ...cov,
    method: 'PATCH',
    path: `${PREFIX}/areas/:id/unlink`,
    summary: 'Remove a linkedTo entry ({index} or {id} of the node); status INACTIVE',
    resultStatus: 'COVERAGE::UPDATED',
    operation: `mutation UnlinkCoverageArea($id: ID!, $input: CoverageEntryRemoveInput!) { unlinkCoverageArea(id: $id, input: $input) { ${AREA} } }`,
    bodyVariable: 'input',
    constants: { message: `Coverage area unlinked; ${INACTIVE_NOTE}` },
    result: { area: 'unlinkCoverageArea' },
  },
  {
    ...cov,
    method: 'PATCH',
    path: `${PREFIX}/areas/:id/:type`,
    summary: 'Update an area; `:type` becomes its transit type; `status: ACTIVE` activates a complete area',
    resultStatus: 'COVERAGE::UPDATED',
    operation: `mutation UpdateCoverageArea($id: ID!, $type: CoverageTransitType!, $input: CoverageAreaUpdateInput!) { updateCoverageArea(id: $id, transitType: $type, input: $input) { ${AREA} } }`,
    bodyVariable: 'input',
    result: { area: 'updateCoverageArea' },
  },
  {
    ...cov,
    method: 'DELETE',
    path: `${PREFIX}/areas/:id`,
    summary: 'Delete an area (409 while vehicles are allocated to it)',
    resultStatus: 'COVERAGE::DELETED',
    operation: `mutation DeleteCoverageArea($id: ID!) { deleteCoverageArea(id: $id) { ${AREA} } }`,
    constants: { deleted: true },
    result: { area: 'deleteCoverageArea' },
  },

  // ── routes ──
  {
    ...cov,
    method: 'GET',
    path: `${PREFIX}/routes`,
    summary: 'Coverage routes of the LSP, by code (`status`, `transitType` filters)',
    resultStatus: 'COVERAGE::LISTED',
    operation: `query CoverageRoutes(${LIST_ARGS}) { coverageRoutes(${LIST_PASS}) { items { ${ROUTE} } ${PAGE} } }`,
    result: { routes: 'coverageRoutes.items', pagination: 'coverageRoutes.pagination' },
  },
  {
    ...cov,
    method: 'POST',
    path: `${PREFIX}/routes/:type`,
    summary: 'Create a coverage route (`:type` = transit type, e.g. hub_to_terminal, line_haul); it starts INACTIVE',
    status: 201,
    resultStatus: 'COVERAGE::CREATED',
    operation: `mutation CreateCoverageRoute($type: CoverageTransitType!, $input: CoverageRouteInput!) { createCoverageRoute(transitType: $type, input: $input) { ${ROUTE} } }`,
    bodyVariable: 'input',
    result: { route: 'createCoverageRoute' },
  },
  {
    ...cov,
    method: 'GET',
    path: `${PREFIX}/routes/:id`,
    summary: 'A coverage route',
    resultStatus: 'COVERAGE::FETCHED',
    operation: `query CoverageRoute($id: ID!) { coverageRoute(id: $id) { ${ROUTE} } }`,
    result: { route: 'coverageRoute' },
  },
  {
    ...cov,
    method: 'PUT',
    path: `${PREFIX}/routes/:id/transit-point`,
    summary: 'Add a transit point ({type, id} of a node or {type, address}; optional position); status INACTIVE',
    resultStatus: 'COVERAGE::UPDATED',
    operation: `mutation AddCoverageTransitPoint($id: ID!, $input: CoverageTransitPointInput!) { addCoverageTransitPoint(id: $id, input: $input) { ${ROUTE} } }`,
    bodyVariable: 'input',
    constants: { message: `Transit point added to the route; ${INACTIVE_NOTE}` },
    result: { route: 'addCoverageTransitPoint' },
  },
  {
    ...cov,
    method: 'PATCH',
    path: `${PREFIX}/routes/:id/transit-point`,
    summary: 'Remove a transit point ({index} or {id} of the node); status INACTIVE',
    resultStatus: 'COVERAGE::UPDATED',
    operation: `mutation RemoveCoverageTransitPoint($id: ID!, $input: CoverageEntryRemoveInput!) { removeCoverageTransitPoint(id: $id, input: $input) { ${ROUTE} } }`,
    bodyVariable: 'input',
    constants: { message: `Transit point removed from the route; ${INACTIVE_NOTE}` },
    result: { route: 'removeCoverageTransitPoint' },
  },
  {
    ...cov,
    method: 'PATCH',
    path: `${PREFIX}/routes/:id/:type`,
    summary: 'Update a route; `:type` becomes its transit type; `status: ACTIVE` activates a complete route',
    resultStatus: 'COVERAGE::UPDATED',
    operation: `mutation UpdateCoverageRoute($id: ID!, $type: CoverageTransitType!, $input: CoverageRouteUpdateInput!) { updateCoverageRoute(id: $id, transitType: $type, input: $input) { ${ROUTE} } }`,
    bodyVariable: 'input',
    result: { route: 'updateCoverageRoute' },
  },
  {
    ...cov,
    method: 'DELETE',
    path: `${PREFIX}/routes/:id`,
    summary: 'Delete a route (409 while vehicles are allocated to it)',
    resultStatus: 'COVERAGE::DELETED',
    operation: `mutation DeleteCoverageRoute($id: ID!) { deleteCoverageRoute(id: $id) { ${ROUTE} } }`,
    constants: { deleted: true },
    result: { route: 'deleteCoverageRoute' },
  },

  // ── both ──
  {
    ...cov,
    method: 'GET',
    path: PREFIX,
    summary: 'All coverage of the LSP, areas and routes, by code (`kind`, `status`, `transitType` filters)',
    resultStatus: 'COVERAGE::LISTED',
    operation: `query Coverage(${LIST_ARGS}, $kind: CoverageKind) { coverage(${LIST_PASS}, kind: $kind) { items { ${ANY} } ${PAGE} } }`,
    result: { coverage: 'coverage.items', pagination: 'coverage.pagination' },
  },
];
