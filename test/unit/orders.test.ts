import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkMove, checkStopOrder, CLIENT_LISTS, MOVES, mod3736, newOrderReference, newPtc, parsePtc, trackingCodeOf } from '../../subgraphs/commerce/orders/rules.js';
import { intentOfToken, issueIntentToken } from '../../subgraphs/commerce/common/intent-token.js';
import { requestHash } from '../../subgraphs/commerce/common/idempotency.js';

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('package tracking codes: ISO/IEC 7064 MOD 37,36', () => {
  it('gives the check character of the published GRid example (A1-2425G-ABC1234002-M)', () => {
    // the Global Release Identifier (ISO/IEC 7064 MOD 37,36) example of its standard: A1-2425G-ABC1234002-M
    expect(mod3736('A12425GABC1234002')).toBe('M');
  });

  it('detects every single substitution (the guarantee of the hybrid system)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ALNUM), { minLength: 10, maxLength: 10 }), fc.nat(9), fc.constantFrom(...ALNUM), (chars, at, other) => {
        fc.pre(other !== chars[at]);
        const swapped = [...chars];
        swapped[at] = other;
        expect(mod3736(swapped.join(''))).not.toBe(mod3736(chars.join('')));
      }),
      { numRuns: 3000 },
    );
  });

  it('detects all but 2 of the 1,260 adjacent transpositions of two different characters (docs/orders.md)', () => {
    let missed = 0;
    for (const a of ALNUM) for (const b of ALNUM) if (a !== b && mod3736(`K${a}${b}1234567`) === mod3736(`K${b}${a}1234567`)) missed++;
    expect(missed).toBe(2);
  });

  it('new codes have the documented shape and parse back; a typo is named as a check failure, another shape as a format error', () => {
    for (let i = 0; i < 200; i++) {
      const ptc = newPtc();
      expect(ptc).toMatch(/^PTC-[0-9A-HJKMNP-TV-Z]{10}[0-9A-Z]$/);
      expect(parsePtc(ptc)).toEqual({ ptc });
      expect(parsePtc(ptc.toLowerCase())).toEqual({ ptc });
    }
    const ptc = newPtc();
    const body = ptc.slice(4, 14);
    const typo = `PTC-${body[0] === '7' ? '8' : '7'}${body.slice(1)}${ptc.at(-1)}`;
    expect(parsePtc(typo)).toEqual({ problem: 'check' });
    expect(parsePtc('PTC-123')).toEqual({ problem: 'format' });
    expect(parsePtc('XYZ-0000000000A')).toEqual({ problem: 'format' });
  });

  it('order references are ORD- and 10 Crockford characters', () => {
    expect(newOrderReference()).toMatch(/^ORD-[0-9A-HJKMNP-TV-Z]{10}$/);
  });
});

describe('a package named in the graph: `trackingCode`, or the deprecated `ptc` (docs/graph-conventions.md "Names")', () => {
  it('takes either name, or both when they agree; neither, or two different codes, is a 400 naming the field', () => {
    expect(trackingCodeOf('PTC-ABC', undefined)).toBe('PTC-ABC');
    expect(trackingCodeOf(null, 'PTC-ABC')).toBe('PTC-ABC');
    expect(trackingCodeOf('PTC-ABC', 'PTC-ABC')).toBe('PTC-ABC');
    expect(() => trackingCodeOf(undefined, null)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR', field: 'trackingCode' }));
    expect(() => trackingCodeOf('PTC-ABC', 'PTC-XYZ')).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR', field: 'ptc' }));
  });
});

describe('the order lifecycle (docs/orders.md "Lifecycle")', () => {
  it('is the documented table of moves and actors', () => {
    expect(MOVES).toEqual({
      INTENT: { PLACED: ['CLIENT'], CANCELLED: ['CLIENT'] },
      PLACED: { ASSIGNED: ['LSP'], CANCELLED: ['CLIENT', 'LSP'] },
      ASSIGNED: { ASSIGNED: ['LSP'], PLACED: ['LSP'], PICKED_UP: ['AGENT'], CANCELLED: ['CLIENT', 'LSP'] },
      PICKED_UP: { IN_TRANSIT: ['AGENT'], FAILED: ['AGENT'] },
      IN_TRANSIT: { DELIVERED: ['AGENT'], FAILED: ['AGENT'] },
      DELIVERED: {},
      CANCELLED: {},
      FAILED: {},
    });
  });

  it('an illegal move is CONFLICT naming status and the legal moves; a legal move by the wrong actor is FORBIDDEN', () => {
    expect(() => checkMove('PICKED_UP', 'CANCELLED', 'CLIENT')).toThrow(expect.objectContaining({ code: 'CONFLICT', field: 'status' }));
    expect(() => checkMove('PICKED_UP', 'CANCELLED', 'CLIENT')).toThrow('(from PICKED_UP: IN_TRANSIT, FAILED)');
    expect(() => checkMove('DELIVERED', 'FAILED', 'AGENT')).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    expect(() => checkMove('DELIVERED', 'FAILED', 'AGENT')).toThrow('(DELIVERED is final)');
    expect(() => checkMove('ASSIGNED', 'PICKED_UP', 'LSP')).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => checkMove('ASSIGNED', 'PICKED_UP', 'AGENT')).not.toThrow();
  });

  it('client lists cover every status once (but all)', () => {
    const parts = [...CLIENT_LISTS.active, ...CLIENT_LISTS.completed, ...CLIENT_LISTS.cancelled, ...CLIENT_LISTS.drafts].sort();
    expect(parts).toEqual([...CLIENT_LISTS.all].sort());
    expect(new Set(parts).size).toBe(8);
  });
});

describe('the order of stops', () => {
  it('a dropoff needs an earlier pickup; the first stop at fault is named', () => {
    expect(() => checkStopOrder(['pickup', 'dropoff', 'dropoff', 'pickup', 'dropoff'])).not.toThrow();
    expect(() => checkStopOrder(['dropoff', 'pickup'])).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR', field: 'waypoints.1.type' }));
    expect(() => checkStopOrder([])).not.toThrow();
  });
});

describe('the intent token', () => {
  const secret = 'x'.repeat(32);
  it('names its intent when well-formed and signed; anything altered names none', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const token = issueIntentToken(id, secret);
    expect(token).toMatch(/^oit_[A-Za-z0-9_-]{46}\.[A-Za-z0-9_-]{22}$/);
    expect(intentOfToken(token, secret)).toBe(id);
    expect(intentOfToken(token, 'y'.repeat(32))).toBeUndefined();
    const flipped = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
    expect(intentOfToken(flipped, secret)).toBeUndefined();
    expect(intentOfToken(`${token}x`, secret)).toBeUndefined();
    expect(issueIntentToken(id, secret)).not.toBe(token);
  });
});

describe('idempotency request hashes', () => {
  it('do not depend on the order of keys, and do on every value', () => {
    expect(requestHash({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(requestHash({ b: { d: 'x', c: [1, 2] }, a: 1 }));
    expect(requestHash({ a: 1, b: { c: [2, 1] } })).not.toBe(requestHash({ a: 1, b: { c: [1, 2] } }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: '1' }));
  });
});
