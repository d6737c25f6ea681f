import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { Decimal as DecimalJs } from 'decimal.js';

/**
 * The graph's two own scalars (docs/graph-conventions.md): one instant, one decimal. Every subgraph maps them the
 * same way (kernel/subgraph.ts registers `DateTime` for `Date` fields), so the supergraph has one of each.
 */

/** RFC 3339 / ISO-8601 date-time with seconds and an explicit offset (`Z` or `±hh:mm`), optional fraction. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/i;

const DATE_TIME_HINT = 'must be an ISO-8601 date-time with a time zone, such as 2026-11-23T09:30:00Z';

function parseInstant(value: unknown): Date {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value)) throw new TypeError(DATE_TIME_HINT);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new TypeError(DATE_TIME_HINT);
  return date;
}

/** An instant, written as ISO-8601 in UTC (`2026-11-23T09:30:00.000Z`); read from ISO-8601 with any offset. */
export const DateTimeScalar = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  description:
    'An instant in time: ISO-8601 / RFC 3339 with a time zone. Answers are in UTC with milliseconds ' + '(`2026-11-23T09:30:00.000Z`); inputs may carry any offset (`2026-11-23T12:30:00+03:00`).',
  serialize(value) {
    const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : typeof value === 'string' ? new Date(value) : undefined;
    if (!date || Number.isNaN(date.getTime())) throw new TypeError(`DateTime cannot represent ${typeof value} value`);
    return date.toISOString();
  },
  parseValue: parseInstant,
  parseLiteral(ast: ValueNode) {
    if (ast.kind !== Kind.STRING) throw new TypeError(DATE_TIME_HINT);
    return parseInstant(ast.value);
  },
});

/** A decimal number written as a string: optional minus, at most 15 integer digits, at most 12 decimals. */
export const DECIMAL_PLACES = 12;
const DECIMAL = /^-?\d{1,15}(?:\.\d{1,12})?$/;
const DECIMAL_HINT = 'must be a decimal number written as a string, such as "12.50"';

function parseDecimal(value: unknown): number {
  if (typeof value !== 'string' || !DECIMAL.test(value)) throw new TypeError(DECIMAL_HINT);
  return Number(value);
}

/** The canonical decimal text of a number: no exponent, no trailing zeros (`12.5`, `0.000001`, `1000000000000`). */
export const decimalText = (n: number | string): string => {
  // a number's shortest round-trip text is already this form unless JavaScript writes it with an exponent (below 1e-6,
  // from 1e21): decimal.js is then needed, and for strings ("12.50" → "12.5"). Every money field of an answer passes
  // here (the operators route's 20 quotes: about 140 a request), and decimal.js costs about 2 µs each.
  if (typeof n === 'number') {
    const text = String(n);
    if (!text.includes('e')) return text;
  }
  return new DecimalJs(n).toFixed();
};

/**
 * A JSON number as a Decimal text, rounded to 12 decimals (half away from zero): a binary double such as
 * 0.30000000000000004 or 1e-300 has more digits than any amount needs (currencies have at most 3 decimals).
 */
export const decimalFromNumber = (n: number): string => new DecimalJs(n).toDecimalPlaces(DECIMAL_PLACES, DecimalJs.ROUND_HALF_UP).toFixed();

/**
 * A decimal amount as a string, exact on the wire (money amounts: `Money.amount` and fare breakdowns). Resolvers work
 * with numbers of at most 15 significant digits, which a double holds exactly.
 */
export const DecimalScalar = new GraphQLScalarType<number, string>({
  name: 'Decimal',
  description: 'A decimal number as a string, exact on the wire: optional minus sign, at most 15 integer digits and 12 ' + 'decimals, no exponent (`"12.50"`, `"0.125"`). Money amounts are `Decimal`.',
  serialize(value) {
    if (typeof value === 'number' && Number.isFinite(value)) return decimalText(value);
    if (typeof value === 'string' && DECIMAL.test(value)) return decimalText(value);
    throw new TypeError(`Decimal cannot represent ${typeof value} value`);
  },
  parseValue: parseDecimal,
  parseLiteral(ast: ValueNode) {
    if (ast.kind !== Kind.STRING) throw new TypeError(DECIMAL_HINT);
    return parseDecimal(ast.value);
  },
});
