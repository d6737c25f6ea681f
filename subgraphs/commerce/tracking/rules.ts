/**
 * The tracking links' pure rules (docs/orders.md "Tracking links"): which orders take a link, how long a link works,
 * and what the receiver's timeline and next stop are. Unit-tested in test/unit/orders.test.ts.
 */
import { AppError } from '../../../kernel/errors.js';
import type { OrderTransition } from '../orders/entities.js';
import type { OrderStatus, WaypointType } from '../orders/enums.js';
import { FINAL } from '../orders/rules.js';

/** Most links not revoked of one order. */
export const MAX_TRACKING_LINKS = 10;
/** How long a link keeps working after its order's final move (DELIVERED, CANCELLED, FAILED), days. */
export const TRACKING_LINK_GRACE_DAYS = 7;
const DAY = 86_400_000;

/** A link is made for an order that is PLACED or later and not final: an INTENT or a final order is 409 naming `status`. */
export function checkLinkable(status: OrderStatus): void {
  if (status === 'INTENT' || FINAL.includes(status)) {
    throw new AppError('CONFLICT', `status: the order is ${status}; a tracking link is made for an order that is placed and not final`, 'status');
  }
}

/** When an order's links stop working: its final move's time + TRACKING_LINK_GRACE_DAYS; null while it is not final. */
export function linkExpiry(order: { status: OrderStatus; history: readonly Pick<OrderTransition, 'to' | 'at'>[] }): Date | null {
  if (!FINAL.includes(order.status)) return null;
  const final = [...order.history].reverse().find((t) => t.to === order.status);
  return final ? new Date(new Date(final.at).getTime() + TRACKING_LINK_GRACE_DAYS * DAY) : null;
}

/** The receiver's timeline: the order's moves from its placement on, oldest first (the INTENT-time drafts are not theirs). */
export function timelineOf(history: readonly Pick<OrderTransition, 'to' | 'at'>[]): { status: OrderStatus; at: Date }[] {
  const placed = history.findIndex((t) => t.to === 'PLACED');
  return placed < 0 ? [] : history.slice(placed).map((t) => ({ status: t.to, at: new Date(t.at) }));
}

/**
 * The next undelivered dropoff of an order on its way: stops are not delivered one by one (an order is delivered
 * whole, docs/orders.md "Lifecycle"), so while it is IN_TRANSIT that is its first dropoff by number.
 */
export function nextDropoff<T extends { no: number; type: WaypointType }>(stops: readonly T[]): T | undefined {
  return [...stops].sort((a, b) => a.no - b.no).find((s) => s.type === 'dropoff');
}
