/** The IoT rule's vocabulary (spec "IoT rule"): field names, types, units, limits, and the shapes a rule and a report take. */

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
export const REQUIRED_TYPE: Readonly<Record<string, { type: FieldType; why: string }>> = {
  'position.latitude': { type: 'number', why: 'a latitude is a number of degrees, −90 to 90' },
  'position.longitude': { type: 'number', why: 'a longitude is a number of degrees, −180 to 180' },
  'gsm.mcc': { type: 'string', why: 'a mobile country code is kept as written: leading zeros matter' },
  'gsm.mnc': { type: 'string', why: 'a mobile network code is kept as written: leading zeros matter (MNC 01 is not 1)' },
};

/** The only unit a field may declare, when it declares one (checkRule): the parser's ranges and measuredAt assume it. */
export const REQUIRED_UNIT: Readonly<Record<string, string>> = {
  'position.latitude': 'degrees',
  'position.longitude': 'degrees',
  'position.direction': 'degrees',
  'position.time': 'seconds',
  'device.time': 'seconds',
};

export const SCHEMA_PROPERTIES = ['type', 'unit', 'description', 'sources'];
export const FIELD_NAME_SET = new Set(FIELD_NAMES);
export const MARKER_CHARACTER = /^[A-Za-z0-9_+*#@!:.-]$/;
