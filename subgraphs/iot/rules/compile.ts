/**
 * IoT rules (spec "IoT rule"), pure: how the raw report lines of one device protocol become typed telemetry.
 * Unit-tested in test/unit/iot-rules.test.ts.
 *
 * A rule is `head` (the header markers it matches), `struct` (`HEAD,{device.id},{position.latitude},…,$`) and `schema`
 * (one entry per placeholder: type, unit, description, sources). `checkRule` (check.ts) returns every problem of a rule as data
 * (never throws, whatever the input); `compileRule` turns a valid rule into a parser that precomputes one converter per
 * position, so that `parse` does one split and one scan per field.
 *
 * Field-specific checks, beyond the general ones (type among string/number/boolean; a unit only on a number field, one
 * of UNITS; a description of at most 500 characters):
 *
 * | Field                                | checkRule                               | parse                                            |
 * |--------------------------------------|-----------------------------------------|--------------------------------------------------|
 * | position.latitude                    | type number; unit, if any, degrees      | −90 to 90                                        |
 * | position.longitude                   | type number; unit, if any, degrees      | −180 to 180                                      |
 * | position.direction                   | unit, if any, degrees                   | number: 0 to 360                                 |
 * | position.speed                       | —                                       | number: ≥ 0                                      |
 * | position.time, device.time           | unit, if any, seconds                   | — (read by measuredAt)                           |
 * | gsm.mcc                              | type string (leading zeros matter)      | exactly 3 digits                                 |
 * | gsm.mnc                              | type string (MNC `01` is not `1`)       | 2 or 3 digits                                    |
 * | gsm.csq                              | —                                       | number: an integer 0 to 31, or 99 (unknown: null)|
 * | battery.level, backup.battery.level  | —                                       | number with unit percentage: 0 to 100            |
 * | ecu.lock.status                      | —                                       | boolean: also LOCKED (true) / UNLOCKED (false)   |
 * | ecu.error.code                       | —                                       | string: upper-cased                              |
 */

import { checkRule } from './check.js';
import { codePoint, equalsIgnoreCase, isControl, isDigit, isHexDigit, isSpace, kindOf, quote } from './text.js';
import {
  type CompiledRule,
  type FieldType,
  InvalidRuleError,
  type ParseErrorCode,
  type ParseResult,
  RULE_LIMITS,
  type RuleDefinition,
  type TelemetryValue,
  type TelemetryValues,
  UNIT_SPELLINGS,
} from './vocabulary.js';

// ───────────────────────────── compileRule ─────────────────────────────

/** A value's refusal inside a converter (rare: allocated only on failure). */
class Bad {
  constructor(readonly message: string) {}
}

/** Reads one trimmed, non-empty token. */
type Converter = (raw: string) => TelemetryValue | Bad;

interface Plan {
  heads: ReadonlySet<string>;
  fields: readonly string[];
  types: readonly FieldType[];
  units: readonly (string | null)[];
}

/** The valid rule's parts, or InvalidRuleError. */
function planOf(def: RuleDefinition): Plan {
  const problems = checkRule(def);
  if (problems.length > 0) throw new InvalidRuleError(problems);
  const fields = def.struct
    .split(',')
    .slice(1, -1)
    .map((t) => t.slice(1, -1));
  return {
    heads: new Set(def.head),
    fields,
    types: fields.map((f) => def.schema[f].type),
    units: fields.map((f) => def.schema[f].unit ?? null),
  };
}

/**
 * Index just after the number that starts `s` (`[+-]?digits[.digits]([eE][+-]?digits)?`, or `0x`/`0X` and hex digits),
 * or -1 when `s` does not start with one. An `e` not followed by digits ends the number before it.
 */
function numberEnd(s: string): number {
  const n = s.length;
  let i = 0;
  if (n > 2 && s.charCodeAt(0) === 0x30 && (s.charCodeAt(1) | 0x20) === 0x78) {
    i = 2;
    while (i < n && isHexDigit(s.charCodeAt(i))) i++;
    return i > 2 ? i : -1;
  }
  let c = s.charCodeAt(0);
  if (c === 0x2b || c === 0x2d) i++;
  const digits = i;
  while (i < n && isDigit(s.charCodeAt(i))) i++;
  if (i === digits) return -1;
  if (i < n && s.charCodeAt(i) === 0x2e) {
    const fraction = ++i;
    while (i < n && isDigit(s.charCodeAt(i))) i++;
    if (i === fraction) return -1;
  }
  if (i < n && (s.charCodeAt(i) | 0x20) === 0x65) {
    let j = i + 1;
    c = s.charCodeAt(j);
    if (c === 0x2b || c === 0x2d) j++;
    const exponent = j;
    while (j < n && isDigit(s.charCodeAt(j))) j++;
    if (j > exponent) i = j;
  }
  return i;
}

/** The range a number field's value must fall in, with its wording; null when any finite number will do. */
function rangeOf(field: string, unit: string | null): { min: number; max: number; integer: boolean; text: string } | null {
  switch (field) {
    case 'position.latitude':
      return { min: -90, max: 90, integer: false, text: 'a latitude is −90 to 90 degrees' };
    case 'position.longitude':
      return { min: -180, max: 180, integer: false, text: 'a longitude is −180 to 180 degrees' };
    case 'position.speed':
      return { min: 0, max: Infinity, integer: false, text: 'a speed is 0 or more' };
    case 'position.direction':
      return { min: 0, max: 360, integer: false, text: 'a direction is 0 to 360 degrees' };
    case 'battery.level':
    case 'backup.battery.level':
      return unit === 'percentage' ? { min: 0, max: 100, integer: false, text: 'a level in percentage is 0 to 100' } : null;
    case 'gsm.csq':
      return { min: 0, max: 31, integer: true, text: 'a signal quality (CSQ) is an integer 0 to 31, or 99 for unknown' };
    default:
      return null;
  }
}

function numberConverter(field: string, unit: string | null): Converter {
  const spellings = unit ? (UNIT_SPELLINGS[unit] ?? []) : [];
  const expected = unit
    ? `a number in ${unit} (decimal like 45 or -4.5e2, or 0x hex), optionally followed by ${spellings.join(', ')}`
    : 'a number (decimal like 45 or -4.5e2, or 0x hex) with nothing after it';
  const range = rangeOf(field, unit);
  const csq = field === 'gsm.csq';
  return (raw) => {
    const end = numberEnd(raw);
    if (end < 0) return new Bad(`${field}: ${quote(raw)} is not ${expected}`);
    if (end < raw.length) {
      let k = end;
      while (k < raw.length && isSpace(raw.charCodeAt(k))) k++;
      let known = false;
      for (const spelling of spellings) if (equalsIgnoreCase(raw, k, raw.length, spelling)) known = true;
      if (!known)
        return new Bad(unit ? `${field}: ${quote(raw)} is not a number in ${unit}: the unit after the number must be ${spellings.join(', ')} or none` : `${field}: ${quote(raw)} is not ${expected}`);
    }
    const value = Number(end === raw.length ? raw : raw.slice(0, end));
    if (!Number.isFinite(value)) return new Bad(`${field}: ${quote(raw)} is not a finite number`);
    if (csq && value === 99) return null;
    if (range && (value < range.min || value > range.max || (range.integer && !Number.isInteger(value)))) return new Bad(`${field}: ${String(value)} is out of range: ${range.text}`);
    return value;
  };
}

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

function booleanConverter(field: string): Converter {
  const trueWords = field === 'ecu.lock.status' ? [...TRUE_WORDS, 'locked'] : TRUE_WORDS;
  const falseWords = field === 'ecu.lock.status' ? [...FALSE_WORDS, 'unlocked'] : FALSE_WORDS;
  const expected = `${trueWords.join('/')} or ${falseWords.join('/')} (any case)`;
  return (raw) => {
    for (const w of trueWords) if (equalsIgnoreCase(raw, 0, raw.length, w)) return true;
    for (const w of falseWords) if (equalsIgnoreCase(raw, 0, raw.length, w)) return false;
    return new Bad(`${field}: ${quote(raw)} is not a boolean: expected ${expected}`);
  };
}

function stringConverter(field: string): Converter {
  const max = RULE_LIMITS.stringValueLength;
  const digits = field === 'gsm.mcc' ? [3, 3] : field === 'gsm.mnc' ? [2, 3] : null;
  const upper = field === 'ecu.error.code';
  return (raw) => {
    if (raw.length > max) return new Bad(`${field}: the value is ${raw.length} characters long; at most ${max} are allowed`);
    if (digits) {
      let ok = raw.length >= digits[0] && raw.length <= digits[1];
      for (let i = 0; ok && i < raw.length; i++) ok = isDigit(raw.charCodeAt(i));
      if (!ok) return new Bad(`${field}: ${quote(raw)} is not ${digits[0] === digits[1] ? `${digits[0]}` : `${digits[0]} or ${digits[1]}`} digits (leading zeros kept)`);
    }
    return upper ? raw.toUpperCase() : raw;
  };
}

function converterOf(field: string, type: FieldType, unit: string | null): Converter {
  switch (type) {
    case 'number':
      return numberConverter(field, unit);
    case 'boolean':
      return booleanConverter(field);
    case 'string':
      return stringConverter(field);
  }
}

/**
 * A parser for a valid rule; throws InvalidRuleError (an Error whose message lists every problem) when checkRule(def)
 * is not []. The parser (`parse`) reads one report line:
 *
 * 1. one trailing `\r\n` or `\n` is stripped; an empty line is EMPTY (position 0), a line over 4096 characters TOO_LONG
 *    (position 0);
 * 2. a control character (C0 but tab, DEL, C1, NUL included) in one of the first N+1 fields (N = the struct's field
 *    count) is BAD_CHARACTER at that field's position (a control character further on is the FIELD_COUNT below);
 * 3. split on `,`: the first field must be one of `head` exactly, else HEAD_MISMATCH at 1;
 * 4. fewer than N fields is FIELD_COUNT at the line's own count, more at N+1 (the first extra field); the last must
 *    be `$` exactly, else NO_TERMINATOR at N;
 * 5. each value, trimmed of spaces and tabs, is null when empty, else converted by its schema type (the first bad one
 *    is BAD_VALUE at its position, naming the field): see this file's table and `numberEnd`, TRUE_WORDS/FALSE_WORDS.
 */
export function compileRule(def: RuleDefinition): CompiledRule {
  const plan = planOf(def);
  const { heads, fields } = plan;
  const converters = fields.map((f, i) => converterOf(f, plan.types[i], plan.units[i]));
  const count = fields.length + 2;
  const expectedHeads = [...heads].slice(0, 5).map(quote).join(', ') + (heads.size > 5 ? ` (and ${heads.size - 5} more)` : '');
  const countMessage = (got: number) => `expected ${count} fields (the head, ${fields.length} values and $), got ${got}`;
  const fail = (code: ParseErrorCode, position: number, message: string, field?: string): ParseResult => ({
    ok: false,
    error: field ? { code, position, field, message } : { code, position, message },
  });
  const fieldAt = (position: number) => (position >= 2 && position < count ? fields[position - 2] : undefined);

  function parse(input: string): ParseResult {
    let line = input;
    const n = line.length;
    if (n > 0 && line.charCodeAt(n - 1) === 0x0a) line = line.slice(0, n > 1 && line.charCodeAt(n - 2) === 0x0d ? n - 2 : n - 1);
    if (line.length === 0) return fail('EMPTY', 0, 'empty line: expected a report line');
    if (line.length > RULE_LIMITS.lineLength) return fail('TOO_LONG', 0, `the line is ${line.length} characters long; at most ${RULE_LIMITS.lineLength} are allowed`);
    let position = 1;
    for (let i = 0; i < line.length && position <= count + 1; i++) {
      const c = line.charCodeAt(i);
      if (c === 0x2c) position++;
      else if (isControl(c)) return fail('BAD_CHARACTER', position, `control character ${codePoint(line, i)} in field ${position}; only tab is allowed`, fieldAt(position));
    }
    const tokens = line.split(',');
    const head = tokens[0];
    if (!heads.has(head)) return fail('HEAD_MISMATCH', 1, `the head ${quote(head)} is not one of ${expectedHeads}`);
    if (tokens.length < count) return fail('FIELD_COUNT', tokens.length, countMessage(tokens.length));
    if (tokens.length > count) return fail('FIELD_COUNT', count + 1, countMessage(tokens.length));
    if (tokens[count - 1] !== '$') return fail('NO_TERMINATOR', count, `expected $ as field ${count} (the terminator), got ${quote(tokens[count - 1])}`);
    const values: TelemetryValues = {};
    for (let i = 0; i < fields.length; i++) {
      const token = tokens[i + 1];
      let a = 0;
      let b = token.length;
      while (a < b && isSpace(token.charCodeAt(a))) a++;
      while (b > a && isSpace(token.charCodeAt(b - 1))) b--;
      if (a === b) {
        values[fields[i]] = null;
        continue;
      }
      const value = converters[i](a === 0 && b === token.length ? token : token.slice(a, b));
      if (value instanceof Bad) return fail('BAD_VALUE', i + 2, value.message, fields[i]);
      values[fields[i]] = value;
    }
    return { ok: true, head, values };
  }

  return { fields, parse };
}

// ───────────────────────────── formatReport, nest, measuredAt ─────────────────────────────

/**
 * The report line (without a line break) that `compileRule(def).parse` reads back as `{ok: true, head, values}`: the
 * head, each struct field's value in struct order, then `$`. A number is written with String(n) (exact round-trip;
 * -0 as `-0`), a boolean as true/false, null or a missing key as an empty field; keys not in struct are ignored.
 * Throws InvalidRuleError for an invalid rule, and an Error for what cannot be written: a head not in `def.head`, a
 * value whose JS type is not its field's type, a non-finite number, a string holding a comma or a control character.
 * Values the parser normalises or refuses (outer spaces, '' → null, gsm.csq 99, lower-case ecu.error.code, out of
 * range) are written as given; the round-trip holds for the values the parser produces.
 */
export function formatReport(def: RuleDefinition, head: string, values: TelemetryValues): string {
  const plan = planOf(def);
  if (!plan.heads.has(head)) throw new Error(`formatReport: the head ${quote(String(head))} is not one of the rule's header markers`);
  const parts = [head];
  plan.fields.forEach((field, i) => {
    const v = Object.hasOwn(values, field) ? values[field] : null;
    const type = plan.types[i];
    if (v === null || v === undefined) parts.push('');
    else if (typeof v !== type) throw new Error(`formatReport: ${field} is a ${type} field, got ${kindOf(v)}`);
    else if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`formatReport: ${field} is ${String(v)}, not a finite number`);
      parts.push(Object.is(v, -0) ? '-0' : String(v));
    } else if (typeof v === 'boolean') parts.push(v ? 'true' : 'false');
    else {
      for (let k = 0; k < v.length; k++) {
        const c = v.charCodeAt(k);
        if (c === 0x2c || isControl(c)) throw new Error(`formatReport: ${field} holds ${c === 0x2c ? 'a comma' : `the control character ${codePoint(v, k)}`}, which a report line cannot carry`);
      }
      parts.push(v);
    }
  });
  parts.push('$');
  return parts.join(',');
}
