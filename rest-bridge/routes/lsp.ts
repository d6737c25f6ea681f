import { PAGE, type RouteSpec } from './types.js';

/**
 * The LSP family's REST shapes are the spec's: the graph's names are mapped back here by aliases (the owner
 * `workspace {type, icode}` is the graph's `provider {kind, code}`; an assignment's `vid` is `vehicleId`), and the
 * operating mode REST writes `24_7` is the graph's ALWAYS_OPEN (`enums`, rest-bridge/wire.ts).
 */
const STAMP = 'at { timestamp timezone } by';
const RECORD = `id workspace: provider { type: kind icode: code } added { ${STAMP} } updated { ${STAMP} }`;
const FACILITY = `${RECORD} type code name description contacts { emails phones } address { name street1 city state country coordinates { latitude longitude } } timezone level operatingMode operatingHours { dayOfWeek openTime closeTime isClosed } digitalTwinSync status capabilities capacities { type total used reserved unit } capacitiesUpdatedAt`;
const FLEET = `${FACILITY} vehicleCount`;
const VEHICLE = `${RECORD} fleetId type grade status ownership specs { category VIN brand model color engine mode condition seats manufactured registrationNumber maxWeightCapacity { value unit } } iot { deviceId topic protocol iotsp } allocation { type id at by }`;
const PARKING = `${RECORD} name type status address { name street1 city state country coordinates { latitude longitude } } access { type restrictions } securityLevel amenities decommissionedAt`;
const PRICING = 'pricing { id name basis rate { amount currency } minimumCharge { amount currency } conditions { minWeightKg maxWeightKg serviceTypes requirements } validFrom validUntil }';
const SITE = `${FACILITY} ${PRICING}`;
const AGENT = `${RECORD} userId name phone status bio licenseNumber`;
const ASSIGNMENT = `vid: vehicleId terms isOwner added { ${STAMP} }`;

/**
 * Record stamps (`at.timestamp`) and a vehicle's allocation (`allocation.at`) are epoch milliseconds on REST; the other
 * instants (`decommissionedAt`, `capacitiesUpdatedAt`, `expiresAt`) ISO-8601.
 */
const lsp = { envelope: 'generic', auth: 'set-a', time: { timestamp: 'epoch-ms', at: 'epoch-ms' }, enums: { OperatingMode: { '24_7': 'ALWAYS_OPEN' } } } as const;
const fleet = { ...lsp, tag: 'LSP fleets, vehicles, parking' } as const;
const V = '/v1/lsp/fleets/:id/vehicles/:vid';

/** Group 6: fleets, vehicles and parking (header set A; the tenant is the LSP of the provider-context token). */
export const fleetRoutes: RouteSpec[] = [
  {
    ...fleet,
    method: 'POST',
    path: '/v1/lsp/fleets/create',
    summary: 'Create a fleet',
    status: 201,
    operation: `mutation CreateFleet($input: FacilityInput!) { createFleet(input: $input) { ${FLEET} } }`,
    bodyVariable: 'input',
    result: { data: 'createFleet' },
  },
  {
    ...fleet,
    method: 'GET',
    path: '/v1/lsp/fleets',
    summary: "The LSP's fleets",
    operation: `query Fleets($page: Int, $limit: Int) { fleets(page: $page, limit: $limit) { items { ${FLEET} } ${PAGE} } }`,
    result: { data: 'fleets.items', pagination: 'fleets.pagination' },
  },
  { ...fleet, method: 'GET', path: '/v1/lsp/fleets/:id', summary: 'A fleet', operation: `query Fleet($id: ID!) { fleet(id: $id) { ${FLEET} } }`, result: { data: 'fleet' } },
  {
    ...fleet,
    method: 'PATCH',
    path: '/v1/lsp/fleets/:id',
    summary: 'Update a fleet',
    operation: `mutation UpdateFleet($id: ID!, $input: FacilityUpdateInput!) { updateFleet(id: $id, input: $input) { ${FLEET} } }`,
    bodyVariable: 'input',
    result: { data: 'updateFleet' },
  },
  {
    ...fleet,
    method: 'DELETE',
    path: '/v1/lsp/fleets/:id',
    summary: 'Delete a fleet with its vehicles',
    operation: `mutation DeleteFleet($id: ID!) { deleteFleet(id: $id) }`,
    result: { 'data.deleted': 'deleteFleet' },
  },
  {
    ...fleet,
    method: 'POST',
    path: '/v1/lsp/fleets/:id/vehicles/add',
    summary: 'Add a vehicle to a fleet',
    status: 201,
    operation: `mutation AddVehicle($id: ID!, $input: VehicleInput!) { addVehicle(fleetId: $id, input: $input) { ${VEHICLE} } }`,
    bodyVariable: 'input',
    result: { data: 'addVehicle' },
  },
  {
    ...fleet,
    method: 'GET',
    path: '/v1/lsp/fleets/:id/vehicles',
    summary: 'Vehicles of a fleet',
    operation: `query Vehicles($id: ID!, $page: Int, $limit: Int) { vehicles(fleetId: $id, page: $page, limit: $limit) { items { ${VEHICLE} } ${PAGE} } }`,
    result: { data: 'vehicles.items', pagination: 'vehicles.pagination' },
  },
  {
    ...fleet,
    method: 'PATCH',
    path: `${V}/specs`,
    summary: "Update a vehicle's technical data",
    operation: `mutation UpdateVehicleSpecs($id: ID!, $vid: ID!, $input: VehicleSpecsInput!) { updateVehicleSpecs(fleetId: $id, vehicleId: $vid, input: $input) { ${VEHICLE} } }`,
    bodyVariable: 'input',
    result: { data: 'updateVehicleSpecs' },
  },
  {
    ...fleet,
    method: 'PATCH',
    path: `${V}/iot`,
    summary: 'Set the device and topic that report for a vehicle',
    operation: `mutation UpdateVehicleIot($id: ID!, $vid: ID!, $input: VehicleIotInput!) { updateVehicleIot(fleetId: $id, vehicleId: $vid, input: $input) { ${VEHICLE} } }`,
    bodyVariable: 'input',
    result: { data: 'updateVehicleIot' },
  },
  {
    ...fleet,
    method: 'PUT',
    path: `${V}/allocate`,
    summary: 'Allocate a vehicle to a coverage area or route ({type: AREA|ROUTE, id})',
    operation: `mutation AllocateVehicle($id: ID!, $vid: ID!, $input: AllocationInput!) { allocateVehicle(fleetId: $id, vehicleId: $vid, input: $input) { ${VEHICLE} } }`,
    bodyVariable: 'input',
    result: { data: 'allocateVehicle' },
  },
  {
    ...fleet,
    method: 'PATCH',
    path: `${V}/deallocate`,
    summary: "End a vehicle's allocation",
    operation: `mutation DeallocateVehicle($id: ID!, $vid: ID!) { deallocateVehicle(fleetId: $id, vehicleId: $vid) { ${VEHICLE} } }`,
    result: { data: 'deallocateVehicle' },
  },
  { ...fleet, method: 'GET', path: V, summary: 'A vehicle', operation: `query Vehicle($id: ID!, $vid: ID!) { vehicle(fleetId: $id, vehicleId: $vid) { ${VEHICLE} } }`, result: { data: 'vehicle' } },
  {
    ...fleet,
    method: 'PATCH',
    path: V,
    summary: 'Update a vehicle (type, grade, status, ownership)',
    operation: `mutation UpdateVehicle($id: ID!, $vid: ID!, $input: VehicleUpdateInput!) { updateVehicle(fleetId: $id, vehicleId: $vid, input: $input) { ${VEHICLE} } }`,
    bodyVariable: 'input',
    result: { data: 'updateVehicle' },
  },
  {
    ...fleet,
    method: 'DELETE',
    path: V,
    summary: 'Delete a vehicle',
    operation: `mutation DeleteVehicle($id: ID!, $vid: ID!) { deleteVehicle(fleetId: $id, vehicleId: $vid) }`,
    result: { 'data.deleted': 'deleteVehicle' },
  },
  {
    ...fleet,
    method: 'POST',
    path: '/v1/lsp/fleet/parking/facilities',
    summary: 'Create a parking facility',
    status: 201,
    operation: `mutation CreateParkingFacility($input: ParkingFacilityInput!) { createParkingFacility(input: $input) { ${PARKING} } }`,
    bodyVariable: 'input',
    result: { data: 'createParkingFacility' },
  },
  {
    ...fleet,
    method: 'GET',
    path: '/v1/lsp/fleet/parking/facilities',
    summary: 'Parking facilities',
    operation: `query ParkingFacilities($page: Int, $limit: Int) { parkingFacilities(page: $page, limit: $limit) { items { ${PARKING} } ${PAGE} } }`,
    result: { data: 'parkingFacilities.items', pagination: 'parkingFacilities.pagination' },
  },
  {
    ...fleet,
    method: 'GET',
    path: '/v1/lsp/fleet/parking/facilities/:id',
    summary: 'A parking facility',
    operation: `query ParkingFacility($id: ID!) { parkingFacility(id: $id) { ${PARKING} } }`,
    result: { data: 'parkingFacility' },
  },
  {
    ...fleet,
    method: 'DELETE',
    path: '/v1/lsp/fleet/parking/facilities/:id',
    summary: 'Decommission a parking facility (the record stays, status DECOMMISSIONED)',
    operation: `mutation DecommissionParkingFacility($id: ID!) { decommissionParkingFacility(id: $id) { ${PARKING} } }`,
    result: { data: 'decommissionParkingFacility' },
  },
];

/** Group 7: warehouses and hubs (hub pricing takes header set A or B: the spec says B, the route list A). */
function siteRoutes(kind: 'warehouse' | 'hub'): RouteSpec[] {
  const K = kind === 'warehouse' ? 'Warehouse' : 'Hub';
  const base = { ...lsp, tag: 'LSP warehouses and hubs' } as const;
  const p = `/v1/lsp/${kind}s`;
  return [
    {
      ...base,
      method: 'POST',
      path: `${p}/create`,
      summary: `Create a ${kind}`,
      status: 201,
      operation: `mutation Create${K}($input: FacilityInput!) { create${K}(input: $input) { ${SITE} } }`,
      bodyVariable: 'input',
      result: { data: `create${K}` },
    },
    {
      ...base,
      method: 'GET',
      path: p,
      summary: `The LSP's ${kind}s`,
      operation: `query ${K}s($page: Int, $limit: Int) { ${kind}s(page: $page, limit: $limit) { items { ${SITE} } ${PAGE} } }`,
      result: { data: `${kind}s.items`, pagination: `${kind}s.pagination` },
    },
    { ...base, method: 'GET', path: `${p}/:id`, summary: `A ${kind}`, operation: `query ${K}($id: ID!) { ${kind}(id: $id) { ${SITE} } }`, result: { data: kind } },
    {
      ...base,
      method: 'PATCH',
      path: `${p}/:id`,
      summary: `Update a ${kind}`,
      operation: `mutation Update${K}($id: ID!, $input: FacilityUpdateInput!) { update${K}(id: $id, input: $input) { ${SITE} } }`,
      bodyVariable: 'input',
      result: { data: `update${K}` },
    },
    { ...base, method: 'DELETE', path: `${p}/:id`, summary: `Delete a ${kind}`, operation: `mutation Delete${K}($id: ID!) { delete${K}(id: $id) }`, result: { 'data.deleted': `delete${K}` } },
    {
      ...base,
      ...(kind === 'hub' ? { auth: 'set-a-or-b' as const } : {}),
      method: 'PUT',
      path: `${p}/:id/pricing/:action`,
      summary: `Add ({rule}) or remove ({ruleId}) a pricing rule of a ${kind} (\`:action\` = add | remove)`,
      operation: `mutation Update${K}Pricing($id: ID!, $action: PricingAction!, $input: PricingChangeInput!) { update${K}Pricing(id: $id, action: $action, input: $input) { ${SITE} } }`,
      bodyVariable: 'input',
      result: { data: `update${K}Pricing` },
    },
  ];
}

export const siteRoutesAll: RouteSpec[] = [...siteRoutes('warehouse'), ...siteRoutes('hub')];

const agent = { ...lsp, tag: 'LSP agents' } as const;

/** Group 8: agents, plus how agents come in (an invitation accepted by the user: the platform's addition). */
export const agentRoutes: RouteSpec[] = [
  {
    ...agent,
    method: 'POST',
    path: '/v1/lsp/agents/invitations',
    summary: 'Invite a user to become an agent (the token is shown once)',
    status: 201,
    operation: `mutation InviteAgent($input: InviteAgentInput!) { inviteAgent(input: $input) { token invitation { id name phone status expiresAt } } }`,
    bodyVariable: 'input',
    result: { data: 'inviteAgent' },
  },
  {
    ...agent,
    method: 'POST',
    path: '/v1/lsp/agents/invitations/accept',
    summary: "Accept an agent invitation (with the user's own token in svc-auth-token)",
    status: 201,
    operation: `mutation AcceptAgentInvitation($token: String!) { acceptAgentInvitation(token: $token) { ${AGENT} } }`,
    bodyFields: ['token'],
    result: { data: 'acceptAgentInvitation' },
  },
  {
    ...agent,
    method: 'GET',
    path: '/v1/lsp/agents',
    summary: "The LSP's agents",
    operation: `query Agents($page: Int, $limit: Int) { agents(page: $page, limit: $limit) { items { ${AGENT} } ${PAGE} } }`,
    result: { data: 'agents.items', pagination: 'agents.pagination' },
  },
  {
    ...agent,
    method: 'GET',
    path: '/v1/lsp/agents/:id',
    summary: 'An agent (`verbose=1` adds the assigned vehicles and their fleet)',
    operation: `query Agent($id: ID!, $verbose: Boolean = false) { agent(id: $id) { ${AGENT} vehicles @include(if: $verbose) { ${ASSIGNMENT} vehicle { ${VEHICLE} } fleet { id code name type } } } }`,
    result: { data: 'agent' },
  },
  {
    ...agent,
    method: 'PATCH',
    path: '/v1/lsp/agents/:id',
    summary: 'Update an agent',
    operation: `mutation UpdateAgent($id: ID!, $input: AgentUpdateInput!) { updateAgent(id: $id, input: $input) { ${AGENT} } }`,
    bodyVariable: 'input',
    result: { data: 'updateAgent' },
  },
  {
    ...agent,
    method: 'PUT',
    path: '/v1/lsp/agents/:id/vehicle/assign',
    summary: 'Assign a vehicle ({vid, terms[], isOwner})',
    operation: `mutation AssignAgentVehicle($id: ID!, $vid: ID!, $terms: [String!], $isOwner: Boolean) { assignAgentVehicle(agentId: $id, input: { vehicleId: $vid, terms: $terms, isOwner: $isOwner }) { ${ASSIGNMENT} } }`,
    bodyFields: ['vid', 'terms', 'isOwner'],
    result: { data: 'assignAgentVehicle' },
  },
  {
    ...agent,
    method: 'PATCH',
    path: '/v1/lsp/agents/:id/vehicle/unassign',
    summary: 'Unassign a vehicle ({vid})',
    operation: `mutation UnassignAgentVehicle($id: ID!, $vid: ID!) { unassignAgentVehicle(agentId: $id, vehicleId: $vid) { ${AGENT} } }`,
    bodyFields: ['vid'],
    result: { data: 'unassignAgentVehicle' },
  },
  {
    ...agent,
    method: 'DELETE',
    path: '/v1/lsp/agents/:id',
    summary: 'Remove an agent',
    operation: `mutation DeleteAgent($id: ID!) { deleteAgent(id: $id) }`,
    result: { 'data.deleted': 'deleteAgent' },
  },
];
