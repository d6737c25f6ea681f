/**
 * IoT rules (spec "IoT rule"), pure: how the raw report lines of one device protocol become typed telemetry.
 * Unit-tested in test/unit/iot-rules.test.ts.
 *
 * A rule is `head` (the header markers it matches), `struct` (`HEAD,{device.id},{position.latitude},…,$`) and `schema`
 * (one entry per placeholder: type, unit, description, sources). `checkRule` returns every problem of a rule as data
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

// ───────────────────────────── vocabulary and limits ─────────────────────────────

/** The spec's 29 schema field names, in the spec's order: the only names a struct placeholder or a schema key may use. */
export const FIELD_NAMES: readonly string[] = Object.freeze([
  'protocol.version',
  'device.id',
  'device.name',
  'device.state',
  'device.time',
  'device.count',
  'report.type',
  'position.altitude',
  'position.direction',
  'position.accuracy',
  'position.latitude',
  'position.longitude',
  'position.speed',
  'position.time',
  'gsm.cellid',
  'gsm.lac',
  'gsm.mcc',
  'gsm.mnc',
  'gsm.csq',
  'gsm.network.type',
  'backup.battery.level',
  'backup.battery.voltage',
  'battery.level',
  'battery.supply.type',
  'battery.voltage',
  'ecu.lock.status',
  'ecu.error.code',
  'ecu.error.type',
  'ecu.info',
]);

/** The value types a schema field may declare. */
export const FIELD_TYPES: readonly ['string', 'number', 'boolean'] = Object.freeze(['string', 'number', 'boolean'] as const);

/** The units a number field may declare (the spec's "units seen in schema"). */
export const UNITS: readonly string[] = Object.freeze(['meters', 'degrees', 'km/h', 'seconds', 'percentage', 'volts']);

/**
 * How a value of a number field may spell its declared unit after the number (compared ignoring ASCII case, spaces or
 * tabs allowed between): the unit's own name and these short forms. Any other suffix is a BAD_VALUE.
 */
export const UNIT_SPELLINGS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  meters: ['meters', 'm'],
  degrees: ['degrees', 'deg', '°'],
  'km/h': ['km/h', 'kmh', 'kph'],
  seconds: ['seconds', 's'],
  percentage: ['percentage', '%'],
  volts: ['volts', 'v'],
});

/** The limits of a rule and of a report line (characters are UTF-16 code units, as JavaScript counts them). */
export const RULE_LIMITS = Object.freeze({
  /** header markers per rule */
  headMarkers: 16,
  /** characters per header marker */
  markerLength: 32,
  /** characters of `struct` */
  structLength: 4096,
  /** characters of a schema field's description */
  descriptionLength: 500,
  /** characters of a report line (after the line break is stripped) */
  lineLength: 4096,
  /** characters of a string value (after trimming) */
  stringValueLength: 256,
});

/** The value type a schema field declares. */
export type FieldType = 'string' | 'number' | 'boolean';

/** One schema entry: the field's type, its unit (number fields only), a description and free-form sources. */
export interface SchemaField {
  type: FieldType;
  unit?: string | null;
  description?: string | null;
  sources?: unknown[] | null;
}

/** The part of an IoT rule this module reads: header markers, the struct template and the schema keyed by field name. */
export interface RuleDefinition {
  head: string[];
  struct: string;
  schema: Record<string, SchemaField>;
}

/** One problem of a rule: `field` is the input path (`struct`, `head.2`, `schema.position.speed.unit`, `schema.foo`), `message` says exactly what is wrong and what is allowed. */
export interface RuleProblem {
  field: string;
  message: string;
}

/** One value of a report: null for an empty field (and for gsm.csq 99, "unknown"). */
export type TelemetryValue = string | number | boolean | null;

/** The values of one report, flat, keyed by field name (`position.latitude`), one key per struct placeholder. */
export type TelemetryValues = Record<string, TelemetryValue>;

/** Why a report line was refused (see `CompiledRule.parse`). */
export type ParseErrorCode = 'EMPTY' | 'TOO_LONG' | 'BAD_CHARACTER' | 'HEAD_MISMATCH' | 'FIELD_COUNT' | 'NO_TERMINATOR' | 'BAD_VALUE';

/** `position` is 1-based: the position of the offending comma-separated field in the line (1 = the head). */
export interface ParseError {
  code: ParseErrorCode;
  position: number;
  field?: string;
  message: string;
}

/** A parsed line: the head it carried and its typed values, or the first reason it was refused. */
export type ParseResult = { ok: true; head: string; values: TelemetryValues } | { ok: false; error: ParseError };

/** A valid rule ready to read lines: `fields` are the placeholders in struct order (no HEAD, no `$`). */
export interface CompiledRule {
  readonly fields: readonly string[];
  parse(line: string): ParseResult;
}

/** What compileRule and formatReport throw for a rule checkRule does not accept: the problems, also listed in the message. */
export class InvalidRuleError extends Error {
  constructor(public readonly problems: readonly RuleProblem[]) {
    super(`Invalid IoT rule: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`);
    this.name = 'InvalidRuleError';
  }
}

// ───────────────────────────── field-specific rules ─────────────────────────────

/** The type a field must have, and why (checkRule). */
const REQUIRED_TYPE: Readonly<Record<string, { type: FieldType; why: string }>> = {
  'position.latitude': { type: 'number', why: 'a latitude is a number of degrees, −90 to 90' },
  'position.longitude': { type: 'number', why: 'a longitude is a number of degrees, −180 to 180' },
  'gsm.mcc': { type: 'string', why: 'a mobile country code is kept as written: leading zeros matter' },
  'gsm.mnc': { type: 'string', why: 'a mobile network code is kept as written: leading zeros matter (MNC 01 is not 1)' },
};

/** The only unit a field may declare, when it declares one (checkRule): the parser's ranges and measuredAt assume it. */
const REQUIRED_UNIT: Readonly<Record<string, string>> = {
  'position.latitude': 'degrees',
  'position.longitude': 'degrees',
  'position.direction': 'degrees',
  'position.time': 'seconds',
  'device.time': 'seconds',
};

const SCHEMA_PROPERTIES = ['type', 'unit', 'description', 'sources'];
const FIELD_NAME_SET = new Set(FIELD_NAMES);
const MARKER_CHARACTER = /^[A-Za-z0-9_+*#@!:.-]$/;

// ───────────────────────────── small helpers ─────────────────────────────

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A user string in a message: quoted, at most 40 characters. */
function quote(s: string): string {
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);
}

/** What an arbitrary JS value is, for a message (never throws, whatever the value). */
function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  switch (typeof v) {
    case 'string':
      return `the string ${quote(v)}`;
    case 'number':
    case 'boolean':
    case 'bigint':
      return `the ${typeof v} ${String(v)}`;
    case 'undefined':
      return 'nothing';
    default:
      return `a value of type ${typeof v}`;
  }
}

/** U+XXXX of the character at `i`. */
const codePoint = (s: string, i: number) => `U+${(s.codePointAt(i) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** A control character a line, a value or a topic may not hold: C0 but tab, DEL, C1. */
const isControl = (c: number) => (c < 0x20 && c !== 0x09) || (c >= 0x7f && c <= 0x9f);

const isSpace = (c: number) => c === 0x20 || c === 0x09;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHexDigit = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** Whether s[from..end) equals `lower` (a lower-case word), ignoring ASCII case; no allocation. */
function equalsIgnoreCase(s: string, from: number, end: number, lower: string): boolean {
  if (end - from !== lower.length) return false;
  for (let i = 0; i < lower.length; i++) {
    let c = s.charCodeAt(from + i);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c !== lower.charCodeAt(i)) return false;
  }
  return true;
}

// ───────────────────────────── checkRule ─────────────────────────────

/**
 * Every problem of a rule, [] when it is valid. Never throws, whatever the input (a null schema, a number in `head`…):
 * a wrong JavaScript type is a problem like any other. The order is stable: the rule itself, `head` (the count, each
 * marker, duplicates), `struct` (left to right), then `schema` (placeholders without an entry in struct order, then each
 * key in the object's key order).
 *
 * - head: 1 to 16 markers, each 1 to 32 characters of `A-Z a-z 0-9 _ + * # @ ! : . -`, no two the same (case-sensitive);
 * - struct: at most 4096 characters (a longer one gets that problem alone); `HEAD` first, `$` last, between them at least one `{field.name}` placeholder,
 *   each a known field at most once; no literal between HEAD and `$`; no whitespace around a token;
 * - schema: one entry per placeholder and none other; each key one of FIELD_NAMES; each entry an object with `type`
 *   (FIELD_TYPES), optional `unit` (UNITS, number fields only), `description` (at most 500 characters) and `sources`
 *   (an array); plus the field-specific checks of this file's table.
 */
export function checkRule(def: RuleDefinition): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  if (!isObject(def)) {
    add('rule', `must be an object with head, struct and schema, got ${kindOf(def)}`);
    return problems;
  }
  checkHead(def.head, add);
  const placeholders = checkStruct(def.struct, add);
  checkSchema(def.schema, placeholders, add);
  return problems;
}

type Add = (field: string, message: string) => void;

function checkHead(head: unknown, add: Add): void {
  const { headMarkers, markerLength } = RULE_LIMITS;
  if (!Array.isArray(head)) {
    add('head', `must be an array of 1 to ${headMarkers} header markers, got ${kindOf(head)}`);
    return;
  }
  if (head.length === 0) add('head', `must hold at least one header marker (1 to ${headMarkers})`);
  if (head.length > headMarkers) add('head', `holds ${head.length} header markers; at most ${headMarkers} are allowed`);
  const seen = new Map<string, number>();
  for (let i = 0; i < head.length; i++) {
    const marker: unknown = head[i];
    const at = `head.${i}`;
    if (typeof marker !== 'string') {
      add(at, `must be a string (a header marker), got ${kindOf(marker)}`);
      continue;
    }
    if (marker.length === 0) add(at, `must not be empty: a header marker is 1 to ${markerLength} characters`);
    else if (marker.length > markerLength) add(at, `is ${marker.length} characters long; a header marker is at most ${markerLength}`);
    for (let k = 0; k < marker.length; k++) {
      if (!MARKER_CHARACTER.test(marker[k])) {
        add(
          at,
          `contains ${quote(String.fromCodePoint(marker.codePointAt(k) ?? 0))} (${codePoint(marker, k)}); a header marker may only hold A-Z a-z 0-9 _ + * # @ ! : . - (no comma, whitespace, $ or control character)`,
        );
        break;
      }
    }
    const first = seen.get(marker);
    if (first === undefined) seen.set(marker, i);
    else add(at, `repeats head.${first} (${quote(marker)}); each header marker appears once`);
  }
}

/** The struct's problems; returns its placeholder names (well-formed ones, trimmed), or null when it is not a string or is too long to read. */
function checkStruct(struct: unknown, add: Add): string[] | null {
  const { structLength } = RULE_LIMITS;
  if (typeof struct !== 'string') {
    add('struct', `must be a string like HEAD,{device.id},{position.latitude},$, got ${kindOf(struct)}`);
    return null;
  }
  if (struct.trim() === '') {
    add('struct', 'must not be empty: write HEAD, then {field.name} placeholders, then $, separated by commas (HEAD,{device.id},$)');
    return [];
  }
  if (struct.length > structLength) {
    // not read further: the tokens of an oversized struct would only add noise (and work) to a refusal
    add('struct', `is ${struct.length} characters long; at most ${structLength} are allowed`);
    return null;
  }
  const tokens = struct.split(',');
  const names: string[] = [];
  const firstAt = new Map<string, number>();
  const last = tokens.length - 1;
  tokens.forEach((raw, i) => {
    const position = i + 1;
    const token = raw.trim();
    if (token !== raw) add('struct', `field ${position} (${quote(raw)}) has whitespace around it; no whitespace is allowed around a token (write ${quote(token)})`);
    if (i === 0) {
      if (token !== 'HEAD') add('struct', `must start with HEAD (the field that holds the header marker), got ${quote(token)}`);
      if (last > 0) return;
    }
    const placeholder = token.length >= 2 && token[0] === '{' && token[token.length - 1] === '}';
    if (i === last) {
      if (token === '$') return;
      add('struct', `must end with $ (the terminator), got ${quote(token)}`);
      if (!placeholder) return; // a placeholder in its place still counts (HEAD,{device.id} lacks only the $)
    }
    if (!placeholder) {
      add('struct', `field ${position} (${quote(token)}) is not a {field.name} placeholder; only HEAD (first) and $ (last) are literal`);
      return;
    }
    const name = token.slice(1, -1);
    if (name === '') {
      add('struct', `field ${position} ({}) names no field; write {field.name} with one of the schema field names`);
      return;
    }
    const first = firstAt.get(name);
    if (first !== undefined) {
      add('struct', `field ${position} repeats {${name}} (first at field ${first}); each field appears once`);
      return;
    }
    firstAt.set(name, position);
    names.push(name);
    if (!FIELD_NAME_SET.has(name)) add('struct', `field ${position} ({${quote(name).slice(1, -1)}}) is not a known field name; see the list of schema field names (${FIELD_NAMES.join(', ')})`);
  });
  if (names.length === 0) add('struct', 'has no {field.name} placeholder; a rule reads at least one field between HEAD and $');
  return names;
}

function checkSchema(schema: unknown, placeholders: string[] | null, add: Add): void {
  if (!isObject(schema)) {
    add('schema', `must be an object keyed by field name ({"device.id": {"type": "string"}}), got ${kindOf(schema)}`);
    return;
  }
  const inStruct = placeholders && new Set(placeholders);
  for (const name of placeholders ?? []) {
    if (FIELD_NAME_SET.has(name) && !Object.hasOwn(schema, name)) add(`schema.${name}`, `is missing: struct uses {${name}}, so the schema needs an entry {type, unit?, description?, sources?} for it`);
  }
  for (const key of Object.keys(schema)) {
    const at = `schema.${key}`;
    if (!FIELD_NAME_SET.has(key)) {
      add(at, `${quote(key)} is not a known field name; see the list of schema field names (${FIELD_NAMES.join(', ')})`);
      continue;
    }
    if (inStruct && !inStruct.has(key)) add(at, `is not in struct; add {${key}} to struct or remove this entry`);
    checkEntry(key, schema[key], add);
  }
}

function checkEntry(key: string, entry: unknown, add: Add): void {
  const at = `schema.${key}`;
  if (!isObject(entry)) {
    add(at, `must be an object {type, unit?, description?, sources?}, got ${kindOf(entry)}`);
    return;
  }
  for (const prop of Object.keys(entry)) {
    if (!SCHEMA_PROPERTIES.includes(prop)) add(`${at}.${prop}`, `is not a schema field property; allowed: ${SCHEMA_PROPERTIES.join(', ')}`);
  }
  const { type, unit, description, sources } = entry;
  const typeOk = typeof type === 'string' && (FIELD_TYPES as readonly string[]).includes(type);
  if (!typeOk) add(`${at}.type`, `must be one of ${FIELD_TYPES.join(', ')}, got ${kindOf(type)}`);
  const required = REQUIRED_TYPE[key];
  if (typeOk && required && type !== required.type) add(`${at}.type`, `${key} must be ${required.type}, not ${type}: ${required.why}`);
  if (unit !== undefined && unit !== null) {
    if (typeof unit !== 'string' || !UNITS.includes(unit)) add(`${at}.unit`, `must be one of ${UNITS.join(', ')} (or left out), got ${kindOf(unit)}`);
    else if (typeOk && type !== 'number') add(`${at}.unit`, `a unit is only allowed on a number field; ${key} is ${String(type)}`);
    else if (REQUIRED_UNIT[key] && unit !== REQUIRED_UNIT[key]) add(`${at}.unit`, `${key} is measured in ${REQUIRED_UNIT[key]}; its unit must be ${REQUIRED_UNIT[key]} or left out, not ${unit}`);
  }
  if (description !== undefined && description !== null) {
    if (typeof description !== 'string') add(`${at}.description`, `must be a string of at most ${RULE_LIMITS.descriptionLength} characters, got ${kindOf(description)}`);
    else if (description.length > RULE_LIMITS.descriptionLength) add(`${at}.description`, `is ${description.length} characters long; at most ${RULE_LIMITS.descriptionLength} are allowed`);
  }
  if (sources !== undefined && sources !== null && !Array.isArray(sources)) add(`${at}.sources`, `must be an array, got ${kindOf(sources)}`);
}

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

/**
 * The flat values as nested objects, splitting each key on `.`: `{'position.latitude': 1}` → `{position: {latitude: 1}}`.
 * Keys are taken in order; a key that is both a value and a parent of another key (`a` and `a.b`) throws an Error
 * (never the case for FIELD_NAMES). `__proto__` and the like are stored as own properties, never as prototypes.
 */
export function nest(values: TelemetryValues): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  const put = (obj: Record<string, unknown>, key: string, value: unknown) => Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  for (const key of Object.keys(values)) {
    const path = key.split('.');
    let node = root;
    for (let i = 0; i < path.length - 1; i++) {
      const seg = path[i];
      const next = Object.hasOwn(node, seg) ? node[seg] : undefined;
      if (next === undefined) {
        const child: Record<string, unknown> = {};
        put(node, seg, child);
        node = child;
      } else if (isObject(next)) node = next;
      else throw new Error(`nest: ${quote(key)} needs ${quote(path.slice(0, i + 1).join('.'))} to be an object, but it is a value`);
    }
    const leaf = path[path.length - 1];
    if (Object.hasOwn(node, leaf)) throw new Error(`nest: ${quote(key)} is both a value and the parent of other keys`);
    put(node, leaf, values[key]);
  }
  return root;
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
const COMPACT_TIME = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** The instant of calendar fields in UTC, or null when a field is out of range (Feb 30, 24:00, second 60…). */
function utc(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number): number | null {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  if (d.getUTCDate() !== day) return null;
  d.setUTCHours(hour, minute, second, ms);
  return d.getTime();
}

function timeOf(v: TelemetryValue | undefined): Date | null {
  let ms: number | null = null;
  if (typeof v === 'number') ms = Number.isFinite(v) ? (v > 1e11 ? v : v * 1000) : null;
  else if (typeof v === 'string') {
    let m = COMPACT_TIME.exec(v);
    if (m) ms = utc(2000 + Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), 0);
    else if ((m = ISO_TIME.exec(v))) {
      const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m;
      ms = utc(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s), Number(frac.slice(0, 3).padEnd(3, '0')));
      if (ms !== null && zone !== 'Z') {
        const oh = Number(zone.slice(1, 3));
        const om = zone.length > 3 ? Number(zone.slice(-2)) : 0;
        if (oh > 23 || om > 59) return null;
        ms -= (zone[0] === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
      }
    }
  }
  if (ms === null) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * When the report was measured: `position.time`, else `device.time`: a number with unit seconds (or no unit) = Unix seconds; a number > 1e11 = epoch ms; a string = ISO-8601 or `YYMMDDhhmmss` (UTC). null when absent or not a valid time.
 *
 * The first of the two that is not null decides (an invalid position.time does not fall back to device.time: the
 * device's clock is not the fix's). ISO-8601 is `YYYY-MM-DD[THH:MM[:SS[.fff…]][Z|±HH[[:]MM]]]`, UTC without an offset;
 * calendar fields out of range (Feb 30, 24:00, second 60) are not a valid time. `YYMMDDhhmmss` is in 20YY. checkRule
 * allows no unit but seconds on these fields, so a number is never in another unit.
 */
export function measuredAt(values: TelemetryValues): Date | null {
  const pick = (key: string) => (Object.hasOwn(values, key) ? values[key] : null);
  return timeOf(pick('position.time') ?? pick('device.time'));
}
