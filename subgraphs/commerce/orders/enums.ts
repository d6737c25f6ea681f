import { closedList } from '../../../kernel/graphql-types.js';

export const OrderStatus = closedList('OrderStatus', 'Where an order stands in its lifecycle (docs/orders.md "Lifecycle").', {
  INTENT: 'A draft built by the client through its intent token: waypoints, packages, quotes. Nothing is promised yet.',
  PLACED: 'The client submitted the service with a bound quote: the chosen LSP sees the order and assigns an agent.',
  ASSIGNED: 'The LSP gave the order to one of its agents.',
  PICKED_UP: 'The agent collected the packages at the first pickup.',
  IN_TRANSIT: 'The agent is on the way to the dropoffs.',
  DELIVERED: 'Every package was delivered. Final.',
  CANCELLED: 'Cancelled by the client (before pickup) or by the LSP. Final.',
  FAILED: 'The agent could not complete the delivery (with a reason). Final.',
});
export type OrderStatus = keyof typeof OrderStatus;

export const OrderStage = closedList('OrderStage', 'The stage of an order as a client follows it (derived from its status).', {
  ORDERING: 'The client is still building the order (status INTENT).',
  AWAITING_AGENT: 'Placed; the LSP has not assigned an agent yet (PLACED).',
  AWAITING_PICKUP: 'An agent is on the way to the pickup (ASSIGNED).',
  COLLECTED: 'The packages were picked up (PICKED_UP).',
  ON_THE_WAY: 'The packages are on the way to the dropoffs (IN_TRANSIT).',
  COMPLETED: 'Delivered (DELIVERED).',
  CLOSED: 'Cancelled or failed (CANCELLED, FAILED).',
});
export type OrderStage = keyof typeof OrderStage;

export const WaypointType = closedList('WaypointType', 'What happens at a stop (written in lower case, as REST writes it).', {
  pickup: 'Packages are collected here.',
  dropoff: 'Packages are delivered here; needs an earlier pickup.',
});
export type WaypointType = keyof typeof WaypointType;

export const ContactType = closedList('ContactType', 'Who the contact of a stop is (written in lower case).', {
  person: 'A person (the sender or the recipient).',
  business: 'A business: a shop, a warehouse desk, a reception.',
});
export type ContactType = keyof typeof ContactType;

export const PackageCategory = closedList('PackageCategory', 'What a package holds (a closed list; docs/orders.md "Packages").', {
  DOCUMENTS: 'Papers and envelopes.',
  PARCEL: 'An ordinary parcel.',
  FOOD: 'Food and groceries.',
  ELECTRONICS: 'Electronic devices.',
  CLOTHING: 'Clothes, shoes and textiles.',
  MEDICAL: 'Medicines and medical supplies.',
  FURNITURE: 'Furniture and bulky household goods.',
  OTHER: 'Anything else.',
});
export type PackageCategory = keyof typeof PackageCategory;

export const PackageStatus = closedList('PackageStatus', 'Where a package stands; it follows its order.', {
  PENDING: 'Not collected yet.',
  PICKED_UP: 'Collected by the agent.',
  IN_TRANSIT: 'On the way to its dropoff.',
  DELIVERED: 'Delivered.',
  CANCELLED: 'Its order was cancelled.',
  FAILED: 'Its order failed.',
});
export type PackageStatus = keyof typeof PackageStatus;

export const Xpress = closedList('Xpress', "The delivery speed the client chooses (written in lower case); the utilities' delivery service levels.", {
  standard: 'Delivered in 2 to 4 days (the utilities STANDARD level).',
  express: 'Delivered in 1 to 2 days (EXPRESS).',
  next_day: 'Delivered the next day (NEXT_DAY).',
  same_day: 'Delivered the same day (SAME_DAY).',
});
export type Xpress = keyof typeof Xpress;

export const PaymentMode = closedList('PaymentMode', 'How the client pays (written in lower case).', {
  cash: 'Cash to the agent: paid when the order is delivered.',
  card: 'Card, collected by the CSP: the CSP marks it paid (PATCH the service).',
  wallet: 'A wallet balance, collected by the CSP: the CSP marks it paid.',
  bank_transfer: 'A bank transfer, collected by the CSP: the CSP marks it paid.',
});
export type PaymentMode = keyof typeof PaymentMode;

export const ClientOrdersType = closedList('ClientOrdersType', "Which of a client's orders to list (`:type`, any letter case).", {
  active: 'Placed and not finished: PLACED, ASSIGNED, PICKED_UP, IN_TRANSIT.',
  completed: 'DELIVERED.',
  cancelled: 'CANCELLED or FAILED.',
  drafts: 'Intents not placed yet (INTENT).',
  all: 'Every order of the client.',
});
export type ClientOrdersType = keyof typeof ClientOrdersType;

export const OrderMove = closedList('OrderMove', "An agent's move of an order assigned to them.", {
  PICKED_UP: 'Collected the packages (from ASSIGNED).',
  IN_TRANSIT: 'On the way to the dropoffs (from PICKED_UP).',
  DELIVERED: 'Delivered everything (from IN_TRANSIT).',
  FAILED: 'Could not deliver (from PICKED_UP or IN_TRANSIT; a reason is required).',
});
export type OrderMove = keyof typeof OrderMove;

export const DeskAction = closedList('DeskAction', "An LSP desk's action on an order (`:action`, written in lower case).", {
  assign: 'Give the order to the agent `:to` (from PLACED, or from ASSIGNED to change the agent).',
  unassign: 'Take the order back from the agent `:to` it is assigned to (ASSIGNED → PLACED).',
});
export type DeskAction = keyof typeof DeskAction;

export const ActorType = closedList('ActorType', 'Who made a move of an order.', {
  CLIENT: 'The client, through the intent token (or the CSP through its connector).',
  LSP: 'A member of the LSP acting through its desk.',
  AGENT: 'The assigned agent, from their app.',
  PLATFORM: 'The platform itself (an expiry).',
});
export type ActorType = keyof typeof ActorType;
