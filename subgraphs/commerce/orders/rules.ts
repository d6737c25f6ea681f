/**
 * The order family's pure rules (docs/orders.md): the lifecycle, the order of stops, package tracking codes and
 * the client's order lists. Unit-tested in test/unit/orders.test.ts.
 */
import { AppError, validationError } from '../../../kernel/errors.js';
import { crockford } from '../../../kernel/ids.js';
import type { ActorType, ClientOrdersType, OrderStatus, WaypointType } from './enums.js';

// ───────────────────────────── lifecycle ─────────────────────────────

/** Every legal move: from → to → who may make it. Anything else is 409 CONFLICT naming `status`. */
export const MOVES: Readonly<Record<OrderStatus, Partial<Record<OrderStatus, readonly ActorType[]>>>> = {
  INTENT: { PLACED: ['CLIENT'], CANCELLED: ['CLIENT'] },
  PLACED: { ASSIGNED: ['LSP'], CANCELLED: ['CLIENT', 'LSP'] },
  ASSIGNED: { ASSIGNED: ['LSP'], PLACED: ['LSP'], PICKED_UP: ['AGENT'], CANCELLED: ['CLIENT', 'LSP'] },
  PICKED_UP: { IN_TRANSIT: ['AGENT'], FAILED: ['AGENT'] },
  IN_TRANSIT: { DELIVERED: ['AGENT'], FAILED: ['AGENT'] },
  DELIVERED: {},
  CANCELLED: {},
  FAILED: {},
};

export const FINAL: readonly OrderStatus[] = ['DELIVERED', 'CANCELLED', 'FAILED'];

/** Checks a move: legal from this status, and by this actor; else CONFLICT (illegal move) or FORBIDDEN (wrong actor). */
export function checkMove(from: OrderStatus, to: OrderStatus, actor: ActorType): void {
  const who = MOVES[from][to];
  if (!who) {
    const legal = Object.keys(MOVES[from]);
    throw new AppError('CONFLICT', `status: an order ${from} cannot become ${to}${legal.length ? ` (from ${from}: ${legal.join(', ')})` : ` (${from} is final)`}`, 'status');
  }
  if (!who.includes(actor)) throw new AppError('FORBIDDEN', `Only ${who.join(' or ')} may move an order from ${from} to ${to}`);
}

/** Share of the total a client pays when cancelling an ASSIGNED order (an agent is already on the way). */
export const CANCELLATION_FEE_SHARE = 0.1;

/** The statuses each `:type` of the client's orders lists. */
export const CLIENT_LISTS: Readonly<Record<ClientOrdersType, readonly OrderStatus[]>> = {
  active: ['PLACED', 'ASSIGNED', 'PICKED_UP', 'IN_TRANSIT'],
  completed: ['DELIVERED'],
  cancelled: ['CANCELLED', 'FAILED'],
  drafts: ['INTENT'],
  all: ['INTENT', 'PLACED', 'ASSIGNED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED', 'CANCELLED', 'FAILED'],
};

// ───────────────────────────── stops ─────────────────────────────

/** Most stops of one order. */
export const MAX_WAYPOINTS = 25;
/** Most packages of one order. */
export const MAX_PACKAGES = 100;

/** The order of stops: every dropoff needs an earlier pickup. The first stop at fault is named (`waypoints.<no>`). */
export function checkStopOrder(types: readonly WaypointType[]): void {
  let pickups = 0;
  types.forEach((t, i) => {
    if (t === 'pickup') pickups++;
    else if (!pickups)
      throw new AppError('VALIDATION_ERROR', `waypoints.${i + 1}.type: a dropoff needs an earlier pickup (stop ${i + 1} is a dropoff with no pickup before it)`, `waypoints.${i + 1}.type`);
  });
}

// ───────────────────────────── codes ─────────────────────────────

/** ISO/IEC 7064 MOD 37,36: the alphanumeric alphabet, 0–9 then A–Z. */
const MOD36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The ISO/IEC 7064 MOD 37,36 check character of an alphanumeric string (the hybrid system of the standard: it
 * detects every single substitution and every transposition of adjacent characters).
 */
export function mod3736(s: string): string {
  const M = 36;
  let p = M;
  for (const ch of s.toUpperCase()) {
    const v = MOD36.indexOf(ch);
    if (v < 0) throw new Error(`not alphanumeric: ${ch}`);
    let t = (p + v) % M;
    if (t === 0) t = M;
    p = (t * 2) % (M + 1);
  }
  const c = (M + 1 - p) % M;
  return MOD36[c];
}

/** A new package tracking code: `PTC-` + 10 Crockford characters + its MOD 37,36 check character. */
export function newPtc(): string {
  const body = crockford(10);
  return `PTC-${body}${mod3736(body)}`;
}

export type PtcProblem = 'format' | 'check';

/** The code as stored (upper case), or what is wrong with it: not the shape, or a check character that fails (a typo). */
export function parsePtc(input: string): { ptc: string } | { problem: PtcProblem } {
  const s = input.trim().toUpperCase();
  const m = /^PTC-([0-9A-HJKMNP-TV-Z]{10})([0-9A-Z])$/.exec(s);
  if (!m) return { problem: 'format' };
  return mod3736(m[1]) === m[2] ? { ptc: s } : { problem: 'check' };
}

/** A new order reference: `ORD-` + 10 Crockford characters. */
export const newOrderReference = (): string => `ORD-${crockford(10)}`;

/**
 * The tracking code a graph call names: `trackingCode`, or the deprecated `ptc` (docs/graph-conventions.md "Names");
 * one of them, and not two different codes.
 */
export function trackingCodeOf(trackingCode: string | null | undefined, ptc: string | null | undefined): string {
  if (trackingCode != null && ptc != null && trackingCode !== ptc) throw validationError('ptc', 'give trackingCode or the deprecated ptc, not both');
  const code = trackingCode ?? ptc;
  if (code == null) throw validationError('trackingCode', 'is required');
  return code;
}
