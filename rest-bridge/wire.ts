import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Kind,
  OperationTypeNode,
  getNamedType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  typeFromAST,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type TypeNode,
} from 'graphql';
import { Supergraph } from '@apollo/federation-internals';
import { validationError } from '../kernel/errors.js';
import { decimalFromNumber } from '../kernel/scalars.js';

/**
 * The REST contract's wire forms, mapped from the graph's vocabulary (docs/graph-conventions.md, "REST forms"). The
 * graph has one instant (`DateTime`, ISO-8601), one decimal (`Decimal`, a string) and one point (`GeoPoint`
 * {latitude, longitude}); REST keeps what the spec shows. The mapping is read from the types of the route's own
 * operation, so a route entry names no field twice:
 * - `DateTime` ↔ the route's `time` form: ISO-8601 (default), epoch milliseconds or Unix seconds;
 * - `Decimal` ↔ a JSON number;
 * - `GeoPoint` selected as `{ latitude longitude }` → `[lat, lng]` (selected with aliases it stays the object the
 *   aliases name, e.g. `{ lat: latitude lng: longitude }`); a `GeoPointInput` is read from `[lat, lng]` or `{lat, lng}`;
 * - an enum in a path or query parameter matches its value case-insensitively, `-` standing for `_`
 *   (`/v1/:workspaceId/lsp/...`, `/v1/lsp/coverage/areas/last-mile`);
 * - an enum in a body is checked here, so that a value outside the list is a VALIDATION_ERROR naming the dotted body
 *   field as every other body error does (`operatingHours.0.dayOfWeek`; a list of values is named as a whole,
 *   `schedules.0.operatingDays`); a route may spell some values as the REST contract does where the graph cannot
 *   (`enums`: a GraphQL name cannot start with a digit, so REST's `24_7` is the graph's `ALWAYS_OPEN`), both ways;
 * - an error naming an argument or input field that the operation fills from a variable of another name names the
 *   variable, i.e. the REST field (`vehicleId: $vid` → `vid`);
 * - an enum answered under one of the route's `lowerCase` response keys is written in lower case (the workspace
 *   family's provider kinds: `kind: "lsp"`), where the same enum elsewhere in the answer keeps the graph's spelling.
 */
export type TimeForm = 'iso' | 'epoch-ms' | 'unix-seconds';
/** A route's time form: one for every instant, or per field name (response key or input field; others ISO). */
export type TimeForms = TimeForm | Readonly<Record<string, TimeForm>>;
const formOf = (forms: TimeForms, key: string): TimeForm => (typeof forms === 'string' ? forms : Object.hasOwn(forms, key) ? forms[key] : 'iso');

/**
 * REST spellings of enum values, per enum type: a table REST value → graph value (mapped both ways; the graph's own
 * name of a spelled value is then not a REST value), or a function that reads any REST spelling of a value (inputs
 * only; answers carry the graph's value).
 */
export type EnumSpellings = Readonly<Record<string, Readonly<Record<string, string>> | ((rest: string) => string)>>;

/** An enum's values as REST writes them, and the reading of a REST value (undefined when it is not one). */
export function restEnum(values: readonly string[], spelling: EnumSpellings[string] | undefined): { names: string[]; read(v: string): string | undefined } {
  if (typeof spelling === 'function') return { names: [...values], read: (v) => (values.includes(spelling(v)) ? spelling(v) : undefined) };
  const table = spelling ?? {};
  const spelled = new Set(Object.values(table));
  const names = values.map((v) => Object.keys(table).find((k) => table[k] === v) ?? v);
  return { names, read: (v) => (Object.hasOwn(table, v) ? table[v] : values.includes(v) && !spelled.has(v) ? v : undefined) };
}

class EnumOut {
  constructor(readonly names: Readonly<Record<string, string>>) {}
}

/** The API schema of the committed supergraph (what clients see), read once. */
let apiSchema: GraphQLSchema | undefined;
export function supergraphApiSchema(): GraphQLSchema {
  apiSchema ??= Supergraph.build(readFileSync(join(process.cwd(), 'schema', 'supergraph.graphql'), 'utf8'))
    .apiSchema()
    .toGraphQLJSSchema();
  return apiSchema;
}

type OutShape = TimeForm | 'decimal' | 'pair' | 'lower' | EnumOut | { [key: string]: OutShape };

export const isPairSelection = (set: SelectionSetNode | undefined): boolean =>
  !!set &&
  set.selections.length === 2 &&
  set.selections.every((s) => s.kind === Kind.FIELD && !s.alias && (s.name.value === 'latitude' || s.name.value === 'longitude')) &&
  new Set(set.selections.map((s) => (s.kind === Kind.FIELD ? s.name.value : ''))).size === 2;

function outputShape(
  schema: GraphQLSchema,
  set: SelectionSetNode,
  parent: GraphQLCompositeType,
  fragments: Map<string, FragmentDefinitionNode>,
  forms: TimeForms,
  enums: EnumSpellings,
  lower: ReadonlySet<string>,
): Record<string, OutShape> {
  const shape: Record<string, OutShape> = {};
  const isNested = (v: OutShape | undefined): v is { [key: string]: OutShape } => typeof v === 'object' && !(v instanceof EnumOut);
  const merge = (more: Record<string, OutShape>) => {
    for (const [k, v] of Object.entries(more)) shape[k] = isNested(v) && isNested(shape[k]) ? { ...shape[k], ...v } : v;
  };
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) {
      if (s.name.value.startsWith('__') || !(isObjectType(parent) || isInterfaceType(parent))) continue;
      const def = parent.getFields()[s.name.value];
      if (!def) continue;
      const named = getNamedType(def.type);
      const key = s.alias?.value ?? s.name.value;
      if (named.name === 'DateTime') shape[key] = formOf(forms, key);
      else if (named.name === 'Decimal') shape[key] = 'decimal';
      else if (named.name === 'GeoPoint' && isPairSelection(s.selectionSet)) shape[key] = 'pair';
      else if (isEnumType(named) && lower.has(key)) shape[key] = 'lower';
      else if (isEnumType(named) && typeof enums[named.name] === 'object') {
        const table = enums[named.name] as Record<string, string>;
        shape[key] = new EnumOut(Object.fromEntries(Object.entries(table).map(([rest, graph]) => [graph, rest])));
      } else if (s.selectionSet && isCompositeType(named)) {
        const inner = outputShape(schema, s.selectionSet, named, fragments, forms, enums, lower);
        if (Object.keys(inner).length) merge({ [key]: inner });
      }
    } else {
      const set2 = s.kind === Kind.INLINE_FRAGMENT ? s.selectionSet : fragments.get(s.name.value)?.selectionSet;
      const cond = s.kind === Kind.INLINE_FRAGMENT ? s.typeCondition : fragments.get(s.name.value)?.typeCondition;
      const type = cond ? schema.getType(cond.name.value) : parent;
      if (set2 && type && isCompositeType(type)) merge(outputShape(schema, set2, type, fragments, forms, enums, lower));
    }
  }
  return shape;
}

const MAX_UNIX_SECONDS = 32_503_680_000; // 3000-01-01T00:00:00Z

function timeOut(value: unknown, form: TimeForm): unknown {
  if (typeof value !== 'string' || form === 'iso') return value;
  const ms = Date.parse(value);
  return form === 'epoch-ms' ? ms : Math.floor(ms / 1000);
}

function applyOut(value: unknown, shape: OutShape): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value) && shape !== 'pair') return value.map((v) => applyOut(v, shape));
  if (shape === 'iso' || shape === 'epoch-ms' || shape === 'unix-seconds') return timeOut(value, shape);
  if (shape === 'decimal') return typeof value === 'string' ? Number(value) : value;
  if (shape === 'lower') return typeof value === 'string' ? value.toLowerCase() : value;
  if (shape instanceof EnumOut) return typeof value === 'string' && Object.hasOwn(shape.names, value) ? shape.names[value] : value;
  if (shape === 'pair') {
    const p = value as { latitude: number; longitude: number };
    return [p.latitude, p.longitude];
  }
  if (typeof value !== 'object') return value;
  const out = { ...(value as Record<string, unknown>) };
  for (const [k, s] of Object.entries(shape)) if (k in out) out[k] = applyOut(out[k], s);
  return out;
}

/** A JSON number in the route's time form → ISO-8601; out of 1970…3000 is a VALIDATION_ERROR naming the field. */
function timeIn(value: number, form: TimeForm, field: string): string {
  if (form === 'unix-seconds') {
    // seconds; milliseconds accepted (values of 10^12 or more)
    const seconds = Math.abs(value) >= 1e12 ? value / 1000 : value;
    if (seconds < 0 || seconds > MAX_UNIX_SECONDS) throw validationError(field, 'must be a Unix timestamp in seconds between 1970 and 3000');
    return new Date(Math.round(seconds * 1000)).toISOString();
  }
  if (value < 0 || value > MAX_UNIX_SECONDS * 1000) throw validationError(field, 'must be epoch milliseconds between 1970 and 3000');
  return new Date(Math.round(value)).toISOString();
}

/** `[lat, lng]` (or `{lat, lng}`) → GeoPointInput, ranges checked with the messages REST clients know. */
function pointIn(value: unknown, field: string): unknown {
  if (Array.isArray(value)) return pairIn(value, field);
  if (value && typeof value === 'object' && !('latitude' in value) && !('longitude' in value)) return latLngIn(value as Record<string, unknown>, field);
  return value;
}

function pairIn(pair: unknown[], field: string): { latitude: number; longitude: number } {
  if (pair.length !== 2) throw validationError(field, 'must be [lat, lng]');
  const [lat, lng] = pair;
  if (typeof lat !== 'number' || lat < -90 || lat > 90) throw validationError(field, 'latitude (first number) must be between -90 and 90');
  if (typeof lng !== 'number' || lng < -180 || lng > 180) throw validationError(field, 'longitude (second number) must be between -180 and 180');
  return { latitude: lat, longitude: lng };
}

/** `{lat, lng}` (the utilities searches' form): each coordinate checked and named on its own (`location.lat`). */
function latLngIn(point: Record<string, unknown>, field: string): { latitude: number; longitude: number } {
  const unknown = Object.keys(point).find((k) => k !== 'lat' && k !== 'lng');
  if (unknown !== undefined) throw validationError(`${field}.${unknown}`, 'is not a known field');
  const coordinate = (key: 'lat' | 'lng', name: string, limit: number): number => {
    const v = point[key];
    if (v === undefined || v === null) throw validationError(`${field}.${key}`, 'is required');
    if (typeof v !== 'number') throw validationError(`${field}.${key}`, 'must be a number');
    if (v < -limit || v > limit) throw validationError(`${field}.${key}`, `${name} must be between -${limit} and ${limit}`);
    return v;
  };
  return { latitude: coordinate('lat', 'latitude', 90), longitude: coordinate('lng', 'longitude', 180) };
}

/**
 * REST variables → graph variables, walking the variable's type. `path` is the dotted REST field (`a.0.b`; a single
 * value given for a list is its item 0, as GraphQL reads it).
 */
function applyIn(value: unknown, type: GraphQLInputType, path: string, key: string, forms: TimeForms, enums: EnumSpellings): unknown {
  if (value === null || value === undefined) return value;
  if (isNonNullType(type)) return applyIn(value, type.ofType, path, key, forms, enums);
  if (isListType(type)) {
    // a list of enum values is named as a whole (`operatingDays: must contain …`), a list of objects item by item
    const at = (i: number) => (isEnumType(getNamedType(type.ofType)) ? path : path ? `${path}.${i}` : String(i));
    return Array.isArray(value) ? value.map((v, i) => applyIn(v, type.ofType, at(i), key, forms, enums)) : applyIn(value, type.ofType, at(0), key, forms, enums);
  }
  if (type.name === 'DateTime') {
    const form = formOf(forms, key);
    return typeof value === 'number' && form !== 'iso' ? timeIn(value, form, path) : value;
  }
  if (type.name === 'Decimal') return typeof value === 'number' && Number.isFinite(value) ? decimalFromNumber(value) : value;
  if (type.name === 'GeoPointInput') return pointIn(value, path);
  if (isEnumType(type)) {
    const rest = restEnum(
      type.getValues().map((v) => v.name),
      enums[type.name],
    );
    // (a number reads as its digits: the spec writes some enumerated numbers, an MQTT `qos`, either way)
    const graph = typeof value === 'string' ? rest.read(value) : typeof value === 'number' ? rest.read(String(value)) : undefined;
    if (graph === undefined) throw validationError(path || key, `must be one of ${rest.names.join(', ')}`);
    return graph;
  }
  if (isInputObjectType(type) && typeof value === 'object' && !Array.isArray(value)) {
    const fields = type.getFields();
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const f = Object.hasOwn(fields, k) ? fields[k] : undefined;
      out[k] = f ? applyIn(v, f.type, path ? `${path}.${k}` : k, k, forms, enums) : v;
    }
    return out;
  }
  return value;
}

/** A route operation's wire mapping, compiled once from its document and the API schema. */
export interface Wire {
  /** REST variables → graph variables (the body variable's fields are named from the body's root). */
  input(variables: Record<string, unknown>): Record<string, unknown>;
  /** Graph data → REST data. */
  output(data: unknown): unknown;
  /** The enum a path or query variable has, for case-insensitive matching. */
  enumOf(variable: string): readonly string[] | undefined;
  /** A field named by an error, as REST names it (`vehicleId` filled from `$vid` → `vid`); other fields unchanged. */
  restField(field: string): string;
}

/** Arguments and input fields that the operation fills from a variable of another name: graph name → variable. */
function renamedByVariables(op: OperationDefinitionNode): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as { kind?: string; name?: { value: string }; value?: { kind: string; name?: { value: string } } };
    if ((n.kind === Kind.ARGUMENT || n.kind === Kind.OBJECT_FIELD) && n.value?.kind === Kind.VARIABLE && n.value.name!.value !== n.name!.value) {
      names.set(n.name!.value, n.value.name!.value);
    }
    for (const [k, v] of Object.entries(n)) if (k !== 'loc') visit(v);
  };
  visit(op.selectionSet);
  return names;
}

export function compileWire(schema: GraphQLSchema, document: DocumentNode, forms: TimeForms, bodyVariable?: string, enums: EnumSpellings = {}, lowerCase: readonly string[] = []): Wire {
  const op = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  const root = op.operation === OperationTypeNode.MUTATION ? schema.getMutationType() : schema.getQueryType();
  const out = root ? outputShape(schema, op.selectionSet, root, fragments, forms, enums, new Set(lowerCase)) : {};
  const renamed = renamedByVariables(op);
  const vars = new Map<string, GraphQLInputType>();
  for (const v of op.variableDefinitions ?? []) {
    const t = typeFromAST(schema, v.type as TypeNode & { kind: Kind.NAMED_TYPE });
    if (t) vars.set(v.variable.name.value, t as GraphQLInputType);
  }
  const hasOut = Object.keys(out).length > 0;
  return {
    input(variables) {
      const result: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(variables)) {
        const type = vars.get(name);
        result[name] = type ? applyIn(value, type, name === bodyVariable ? '' : name, name, forms, enums) : value;
      }
      return result;
    },
    output: (data) => (hasOut ? applyOut(data, out) : data),
    enumOf(variable) {
      const t = vars.get(variable);
      const named = t && getNamedType(t);
      return named && isEnumType(named)
        ? restEnum(
            named.getValues().map((v) => v.name),
            enums[named.name],
          ).names
        : undefined;
    },
    restField(field) {
      const [head, ...rest] = field.split('.');
      const name = renamed.get(head);
      return name === undefined || name === bodyVariable ? field : [name, ...rest].join('.');
    },
  };
}
