import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { compileWire } from '../../rest-bridge/wire.js';
import { DateTimeScalar, DecimalScalar, decimalFromNumber } from '../../kernel/scalars.js';
import { thrown } from './support.js';

/** The TypeError a scalar throws for a value it refuses (GraphQL turns it into the field's input error). */
function refused(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(TypeError);
    return (err as Error).message;
  }
  throw new Error('expected the call to throw');
}

/**
 * The graph's scalars and the bridge's REST wire forms (docs/graph-conventions.md, "Scalars and value types"):
 * expected values are written out by hand (epoch values checked with `date -u -d @<seconds>`).
 */
const SDL = `
  scalar DateTime
  scalar Decimal
  enum Kind { LSP CSP }
  type GeoPoint { latitude: Float! longitude: Float! }
  type Money { amount: Decimal! currency: String! }
  type Stamp { timestamp: DateTime! timezone: String! }
  type Rec { id: ID! at: Stamp! createdAt: DateTime! price: Money coordinates: GeoPoint points: [GeoPoint!]! }
  input GeoPointInput { latitude: Float! longitude: Float! }
  input MoneyInput { amount: Decimal! currency: String! }
  input RecInput { when: DateTime coordinates: GeoPointInput price: MoneyInput stops: [GeoPointInput!] }
  type Query { rec(kind: Kind, id: ID): Rec }
  type Mutation { save(input: RecInput!): Rec }
`;
const schema = buildSchema(SDL);
const wire = (op: string, time: Parameters<typeof compileWire>[2] = 'iso', body?: string) => compileWire(schema, parse(op), time, body);

describe('DateTime scalar', () => {
  it('writes a Date, epoch milliseconds or an ISO string as ISO-8601 UTC with milliseconds', () => {
    expect(DateTimeScalar.serialize(new Date(Date.UTC(2026, 10, 23, 9, 30)))).toBe('2026-11-23T09:30:00.000Z');
    expect(DateTimeScalar.serialize(1_700_000_000_000)).toBe('2023-11-14T22:13:20.000Z');
    expect(DateTimeScalar.serialize('2026-11-23T12:30:00+03:00')).toBe('2026-11-23T09:30:00.000Z');
  });

  it('reads ISO-8601 with an offset and refuses a date without a zone, a bare date and a number', () => {
    expect(DateTimeScalar.parseValue('2026-11-23T12:30:00+03:00').toISOString()).toBe('2026-11-23T09:30:00.000Z');
    for (const bad of ['2026-11-23T12:30:00', '2026-11-23', 1_700_000_000_000, '2026-13-45T99:00:00Z']) {
      expect(
        refused(() => DateTimeScalar.parseValue(bad)),
        String(bad),
      ).toMatch(/ISO-8601/);
    }
  });
});

describe('Decimal scalar', () => {
  it('writes numbers without exponent or trailing zeros', () => {
    expect(DecimalScalar.serialize(12.5)).toBe('12.5');
    expect(DecimalScalar.serialize(0.000001)).toBe('0.000001');
    expect(DecimalScalar.serialize(1e12)).toBe('1000000000000');
  });

  it('writes the numbers JavaScript spells with an exponent in full, and minus zero as 0', () => {
    // JavaScript's own text switches to an exponent below 1e-6 and from 1e21 (ECMA-262 Number::toString)
    expect(DecimalScalar.serialize(0.0000001)).toBe('0.0000001');
    expect(DecimalScalar.serialize(-1.5e-7)).toBe('-0.00000015');
    expect(DecimalScalar.serialize(1e21)).toBe('1000000000000000000000');
    expect(DecimalScalar.serialize(999999999999999900000)).toBe('999999999999999900000');
    expect(DecimalScalar.serialize(-0)).toBe('0');
    expect(DecimalScalar.serialize(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(DecimalScalar.serialize('12.50')).toBe('12.5');
  });

  it('reads 15 integer digits and 12 decimals, refuses 16 digits, 13 decimals, an exponent and a number', () => {
    expect(DecimalScalar.parseValue('999999999999999.123456789012')).toBe(999999999999999.1);
    for (const bad of ['1234567890123456', '0.1234567890123', '1e5', 12.5, '12,50', '']) {
      expect(
        refused(() => DecimalScalar.parseValue(bad)),
        String(bad),
      ).toMatch(/decimal number written as a string/);
    }
  });

  it('rounds a JSON number to 12 decimals, half away from zero', () => {
    expect(decimalFromNumber(0.1 + 0.2)).toBe('0.3');
    expect(decimalFromNumber(1e-300)).toBe('0');
    expect(decimalFromNumber(0.0000000000005)).toBe('0.000000000001');
    expect(decimalFromNumber(-2.5)).toBe('-2.5');
  });
});

describe("REST wire forms from an operation's types", () => {
  const READ =
    'query R($kind: Kind) { rec(kind: $kind) { id at { timestamp timezone } createdAt price { amount currency } coordinates { latitude longitude } points { lat: latitude lng: longitude } } }';
  const data = {
    rec: {
      id: 'r1',
      at: { timestamp: '2026-11-23T09:30:00.000Z', timezone: 'UTC' },
      createdAt: '2026-11-23T09:30:00.000Z',
      price: { amount: '12.5', currency: 'USD' },
      coordinates: { latitude: -1.2921, longitude: 36.8219 },
      points: [{ lat: 1, lng: 2 }],
    },
  };

  it('answers ISO by default, Decimal as numbers, a {latitude longitude} selection as [lat, lng], aliases as named', () => {
    expect(wire(READ).output(data)).toEqual({
      rec: { ...data.rec, price: { amount: 12.5, currency: 'USD' }, coordinates: [-1.2921, 36.8219], points: [{ lat: 1, lng: 2 }] },
    });
  });

  it('answers epoch milliseconds for the fields a route names, ISO for the others', () => {
    const out = wire(READ, { timestamp: 'epoch-ms' }).output(data) as typeof data;
    expect(out.rec.at.timestamp).toBe(1_795_426_200_000);
    expect(out.rec.createdAt).toBe('2026-11-23T09:30:00.000Z');
  });

  it('answers Unix seconds for every instant of a unix-seconds route', () => {
    const out = wire(READ, 'unix-seconds').output(data) as typeof data;
    expect(out.rec.at.timestamp).toBe(1_795_426_200);
    expect(out.rec.createdAt).toBe(1_795_426_200);
  });

  it('keeps nulls and leaves a response without mapped fields as it is', () => {
    expect(wire(READ).output({ rec: null })).toEqual({ rec: null });
    const plain = { rec: { id: 'x' } };
    expect(wire('{ rec { id } }').output(plain)).toBe(plain);
  });

  const SAVE = 'mutation S($input: RecInput!) { save(input: $input) { id } }';

  it('reads [lat, lng] and {lat, lng} as GeoPointInput, numbers as Decimal text, Unix seconds (or milliseconds) as ISO', () => {
    const w = wire(SAVE, 'unix-seconds', 'input');
    expect(w.input({ input: { when: 1_795_426_200, coordinates: [-1.2921, 36.8219], price: { amount: 12.5, currency: 'KES' }, stops: [{ lat: 1, lng: 2 }] } })).toEqual({
      input: { when: '2026-11-23T09:30:00.000Z', coordinates: { latitude: -1.2921, longitude: 36.8219 }, price: { amount: '12.5', currency: 'KES' }, stops: [{ latitude: 1, longitude: 2 }] },
    });
    expect(w.input({ input: { when: 1_795_426_200_000 } })).toEqual({ input: { when: '2026-11-23T09:30:00.000Z' } });
  });

  it('refuses a point out of range or of the wrong length, and a time outside 1970…3000, naming the REST field', () => {
    const w = wire(SAVE, 'unix-seconds', 'input');
    const err = (input: unknown) => thrown(() => w.input({ input })) as Error & { field?: string };
    expect(err({ coordinates: [91, 0] })).toMatchObject({ field: 'coordinates', message: 'coordinates: latitude (first number) must be between -90 and 90' });
    expect(err({ coordinates: [0, -181] })).toMatchObject({ field: 'coordinates', message: 'coordinates: longitude (second number) must be between -180 and 180' });
    expect(err({ stops: [[0, 0, 0]] })).toMatchObject({ field: 'stops.0' });
    expect(err({ when: -1 })).toMatchObject({ field: 'when', message: 'when: must be a Unix timestamp in seconds between 1970 and 3000' });
  });

  it("names an enum variable's values for the path matcher", () => {
    expect(wire(READ).enumOf('kind')).toEqual(['LSP', 'CSP']);
    expect(wire(SAVE).enumOf('input')).toBeUndefined();
  });
});
