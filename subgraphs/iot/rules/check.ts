/** Whether an IoT rule is valid: every problem of a rule as data (`checkRule`), never an exception. */

import { codePoint, isObject, kindOf, quote } from './text.js';
import {
  FIELD_NAMES,
  FIELD_NAME_SET,
  FIELD_TYPES,
  MARKER_CHARACTER,
  REQUIRED_TYPE,
  REQUIRED_UNIT,
  RULE_LIMITS,
  type RuleDefinition,
  type RuleProblem,
  SCHEMA_PROPERTIES,
  UNITS,
} from './vocabulary.js';

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

export type Add = (field: string, message: string) => void;

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
