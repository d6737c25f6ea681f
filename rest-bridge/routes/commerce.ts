import { PAGE, type RouteSpec } from './types.js';

/**
 * Spec group 14 (client order integration) and the order routes of group 9 (docs/orders.md). Group 14 carries the
 * `origin` header, and `x-intent-token` once an intent exists; the desks take header set B with the CSP's or the
 * LSP's provider-context token. Instants are ISO-8601; coordinates `[lat, lng]`; money `{amount, currency}`.
 */
const ACTOR = 'by { type id }';
const HISTORY = `history { from to at ${ACTOR} reason }`;
const SERVICE = 'service { quoteId fees { total { amount currency } tax discount cancellationFee } payment { mode paid paidAt simulated } xpress }';
const ORDER = `id reference status stage sandbox cspCode connectorId clientId clientUserId externalRef note lspCode agentId vehicleId ${SERVICE} rating { score comment ratedAt } placedAt createdAt updatedAt tokenExpiresAt`;
const WAYPOINT = 'no type description coordinates { latitude longitude } address country contact { type reference phone email }';
const PACKAGE = 'ptc: trackingCode waypointNo careLevel category weight note status';
/** A tracking link (docs/orders.md "Tracking links"): `token` and `url` only in the creation's answer. */
const LINK = 'id reference url token createdAt expiresAt revokedAt';
const QUOTE = `quoteId: id lspCode lsp { code name } price { amount currency } breakdown { name basis quantity rate amount } source distanceKm weightKg xpress expiresAt`;

const client = { tag: 'Client orders', envelope: 'generic', auth: 'origin' } as const;
const intent = { ...client, auth: 'origin+intent-token' } as const;
const desk = { tag: 'Order desks', envelope: 'generic', auth: 'set-b' } as const;

/** Group 14: the client's order, built through its intent token. */
export const clientOrderRoutes: RouteSpec[] = [
  {
    ...client,
    method: 'POST',
    path: '/v1/client/:id/periferals',
    summary: 'Agents and vehicles around a point (positions rounded)',
    operation: `query ClientPeripherals($id: String!, $input: PeripheralSearchInput!) { clientPeripherals(clientId: $id, input: $input) { center { latitude longitude } radiusMeters count vehicles { vehicleId type status position { latitude longitude } distanceMeters positionPrecisionMeters updatedAt } } }`,
    bodyVariable: 'input',
    result: { data: 'clientPeripherals' },
    errorCodes: { 'UTILITY::VALIDATION_FAILED': 'VALIDATION_ERROR' },
  },
  {
    ...client,
    method: 'GET',
    path: '/v1/client/:id/orders/:type',
    summary: "A client's orders (active, completed, cancelled, drafts, all)",
    operation: `query ClientOrders($id: String!, $type: ClientOrdersType!, $page: Int, $limit: Int) { clientOrders(clientId: $id, type: $type, page: $page, limit: $limit) { items { ${ORDER} } ${PAGE} } }`,
    result: { data: 'clientOrders.items', pagination: 'clientOrders.pagination' },
  },
  {
    ...client,
    method: 'POST',
    path: '/v1/order/intent',
    summary: 'Start an order: an intent and its token',
    status: 201,
    operation: `mutation CreateOrderIntent($input: IntentInput!) { createOrderIntent(input: $input) { token expiresAt intent { ${ORDER} } } }`,
    bodyVariable: 'input',
    result: { data: 'createOrderIntent' },
    failures: { IDEMPOTENCY_KEY_REUSED: 'the Idempotency-Key was used with another request' },
  },
  {
    ...intent,
    method: 'DELETE',
    path: '/v1/order/intent/cancel',
    summary: 'Cancel the intent or the order',
    operation: `mutation CancelOrderIntent { cancelOrderIntent { free fee { amount currency } order { ${ORDER} } } }`,
    result: { data: 'cancelOrderIntent' },
  },
  {
    ...intent,
    method: 'GET',
    path: '/v1/order/operators',
    summary: 'The LSPs serving every stop, each with a quote',
    failures: { CONFLICT: 'the order is no longer an INTENT' },
    operation: `query OrderOperators($xpress: Xpress) { orderOperators(xpress: $xpress) { ${QUOTE} } }`,
    result: { data: 'orderOperators' },
  },
  {
    ...intent,
    method: 'PUT',
    path: '/v1/order/waypoints/add',
    summary: 'Add stops (a JSON array)',
    status: 201,
    operation: `mutation AddOrderWaypoints($waypoints: [WaypointInput!]!) { addOrderWaypoints(waypoints: $waypoints) { ${WAYPOINT} } }`,
    bodyVariable: 'waypoints',
    bodyArray: true,
    result: { data: 'addOrderWaypoints' },
  },
  {
    ...intent,
    method: 'PATCH',
    path: '/v1/order/waypoints/:no',
    summary: 'Change a stop',
    operation: `mutation UpdateOrderWaypoint($no: Int!, $input: WaypointUpdateInput!) { updateOrderWaypoint(no: $no, input: $input) { ${WAYPOINT} } }`,
    bodyVariable: 'input',
    result: { data: 'updateOrderWaypoint' },
  },
  {
    ...intent,
    method: 'GET',
    path: '/v1/order/waypoints/:no',
    summary: 'A stop',
    operation: `query OrderWaypoint($no: Int!) { orderWaypoint(no: $no) { ${WAYPOINT} } }`,
    result: { data: 'orderWaypoint' },
  },
  { ...intent, method: 'GET', path: '/v1/order/waypoints', summary: 'The stops', operation: `query OrderWaypoints { orderWaypoints { ${WAYPOINT} } }`, result: { data: 'orderWaypoints' } },
  {
    ...intent,
    method: 'DELETE',
    path: '/v1/order/waypoints/:no',
    summary: 'Remove a stop',
    operation: `mutation DeleteOrderWaypoint($no: Int!) { deleteOrderWaypoint(no: $no) }`,
    result: { 'data.deleted': 'deleteOrderWaypoint' },
  },
  {
    ...intent,
    method: 'PUT',
    path: '/v1/order/packages/add',
    summary: 'Add packages (a JSON array)',
    status: 201,
    operation: `mutation AddOrderPackages($packages: [PackageInput!]!) { addOrderPackages(packages: $packages) { ${PACKAGE} } }`,
    bodyVariable: 'packages',
    bodyArray: true,
    result: { data: 'addOrderPackages' },
  },
  {
    ...intent,
    method: 'PATCH',
    path: '/v1/order/packages/:PTC',
    summary: 'Change a package',
    operation: `mutation UpdateOrderPackage($PTC: String!, $input: PackageUpdateInput!) { updateOrderPackage(trackingCode: $PTC, input: $input) { ${PACKAGE} } }`,
    bodyVariable: 'input',
    result: { data: 'updateOrderPackage' },
  },
  {
    ...intent,
    method: 'GET',
    path: '/v1/order/packages/:PTC',
    summary: 'A package',
    operation: `query OrderPackage($PTC: String!) { orderPackage(trackingCode: $PTC) { ${PACKAGE} } }`,
    result: { data: 'orderPackage' },
  },
  { ...intent, method: 'GET', path: '/v1/order/packages', summary: 'The packages', operation: `query OrderPackages { orderPackages { ${PACKAGE} } }`, result: { data: 'orderPackages' } },
  {
    ...intent,
    method: 'DELETE',
    path: '/v1/order/packages/:PTC',
    summary: 'Remove a package',
    operation: `mutation DeleteOrderPackage($PTC: String!) { deleteOrderPackage(trackingCode: $PTC) }`,
    result: { 'data.deleted': 'deleteOrderPackage' },
  },
  {
    ...intent,
    method: 'POST',
    path: '/v1/order/service',
    summary: 'Bind a quote and place the order',
    status: 201,
    operation: `mutation SubmitOrderService($input: ServiceInput!) { submitOrderService(input: $input) { ${ORDER} } }`,
    bodyVariable: 'input',
    result: { data: 'submitOrderService' },
    failures: {
      IDEMPOTENCY_KEY_REUSED: 'the Idempotency-Key was used with another request',
      QUOTE_EXPIRED: 'the quote expired (QUOTE_TTL_SECONDS)',
      QUOTE_INVALID: 'the quote is not of this intent, the stops or packages changed since, or the total or speed differ',
    },
  },
  {
    ...intent,
    method: 'PATCH',
    path: '/v1/order/service',
    summary: 'Change the payment, tax or discount',
    operation: `mutation UpdateOrderService($input: ServiceUpdateInput!) { updateOrderService(input: $input) { ${ORDER} } }`,
    bodyVariable: 'input',
    result: { data: 'updateOrderService' },
  },
  { ...intent, method: 'GET', path: '/v1/order/service', summary: 'The order with its service', operation: `query OrderService { orderService { ${ORDER} } }`, result: { data: 'orderService' } },
  {
    ...intent,
    method: 'POST',
    path: '/v1/order/service/rating',
    summary: 'Rate a delivered order, once',
    status: 201,
    operation: `mutation RateOrder($input: RatingInput!) { rateOrder(input: $input) { ${ORDER} } }`,
    bodyVariable: 'input',
    result: { data: 'rateOrder' },
    failures: { IDEMPOTENCY_KEY_REUSED: 'the Idempotency-Key was used with another request' },
  },
  {
    ...intent,
    method: 'GET',
    path: '/v1/order/route',
    summary: 'The stops with the legs between them',
    operation: `query OrderRoute { orderRoute { reference stops { ${WAYPOINT} } legs { fromNo toNo distanceKm greatCircleKm durationMinutes } distanceKm durationMinutes metadata { accuracy confidence method modelVersion } } }`,
    result: { data: 'orderRoute' },
  },
  {
    ...intent,
    method: 'POST',
    path: '/v1/order/tracking-links',
    summary: "A tracking link for the order's receiver (token and URL shown once)",
    status: 201,
    operation: `mutation CreateOrderTrackingLink { createOrderTrackingLink { ${LINK} } }`,
    result: { data: 'createOrderTrackingLink' },
    failures: { IDEMPOTENCY_KEY_REUSED: 'the Idempotency-Key was used with another request' },
  },
  {
    ...intent,
    method: 'DELETE',
    path: '/v1/order/tracking-links/:id',
    summary: 'Revoke a tracking link of the order',
    operation: `mutation RevokeOrderTrackingLink($id: ID!) { revokeOrderTrackingLink(id: $id) { ${LINK} } }`,
    result: { data: 'revokeOrderTrackingLink' },
  },
  {
    ...intent,
    method: 'GET',
    path: '/v1/order/stage',
    summary: 'The current stage and status, with the history',
    operation: `query OrderStage { orderStage { reference stage status ${HISTORY} } }`,
    result: { data: 'orderStage' },
  },
];

/** Group 9: the CSP's and the LSP's order desks (header set B, provider-context tokens). */
export const orderDeskRoutes: RouteSpec[] = [
  {
    ...desk,
    method: 'GET',
    path: '/v1/rsps/:icode/orders',
    summary: "The CSP's orders",
    operation: `query CspOrders($icode: String!, $status: OrderStatus, $clientId: String, $lspCode: String, $sandbox: Boolean, $page: Int, $limit: Int) { cspOrders(providerCode: $icode, status: $status, clientId: $clientId, lspCode: $lspCode, sandbox: $sandbox, page: $page, limit: $limit) { items { ${ORDER} } ${PAGE} } }`,
    result: { data: 'cspOrders.items', pagination: 'cspOrders.pagination' },
  },
  {
    ...desk,
    method: 'POST',
    path: '/v1/rsps/:icode/orders/:reference/tracking-links',
    summary: "A tracking link for the receiver of one of the CSP's orders (token and URL shown once)",
    status: 201,
    operation: `mutation CreateCspOrderTrackingLink($icode: String!, $reference: String!) { createOrderTrackingLink(providerCode: $icode, reference: $reference) { ${LINK} } }`,
    result: { data: 'createOrderTrackingLink' },
    failures: { IDEMPOTENCY_KEY_REUSED: 'the Idempotency-Key was used with another request' },
  },
  {
    ...desk,
    method: 'DELETE',
    path: '/v1/rsps/:icode/orders/:reference/tracking-links/:id',
    summary: "Revoke a tracking link of one of the CSP's orders",
    operation: `mutation RevokeCspOrderTrackingLink($icode: String!, $reference: String!, $id: ID!) { revokeOrderTrackingLink(providerCode: $icode, reference: $reference, id: $id) { ${LINK} } }`,
    result: { data: 'revokeOrderTrackingLink' },
  },
  {
    ...desk,
    method: 'GET',
    path: '/v1/lsps/:icode/orders/:reference',
    summary: 'An order the LSP fulfils',
    operation: `query LspOrder($icode: String!, $reference: String!) { lspOrder(providerCode: $icode, reference: $reference) { ${ORDER} waypoints { ${WAYPOINT} } packages { ${PACKAGE} } ${HISTORY} } }`,
    result: { data: 'lspOrder' },
  },
  {
    ...desk,
    method: 'POST',
    path: '/v1/lsps/:icode/orders/:reference/:action/:to',
    summary: 'Assign the order to an agent, or unassign it',
    operation: `mutation ChangeOrderAssignment($icode: String!, $reference: String!, $action: DeskAction!, $to: ID!) { changeOrderAssignment(providerCode: $icode, reference: $reference, action: $action, agentId: $to) { ${ORDER} ${HISTORY} } }`,
    result: { data: 'changeOrderAssignment' },
    failures: { IDEMPOTENCY_KEY_REUSED: 'the Idempotency-Key was used with another request' },
  },
  {
    ...desk,
    method: 'GET',
    path: '/v1/lsps/:icode/orders/:reference/cancel',
    summary: 'The LSP cancels the order',
    failures: { CONFLICT: 'the order was picked up, or is final' },
    operation: `mutation CancelLspOrder($icode: String!, $reference: String!) { cancelLspOrder(providerCode: $icode, reference: $reference) { ${ORDER} ${HISTORY} } }`,
    result: { data: 'cancelLspOrder' },
  },
];
