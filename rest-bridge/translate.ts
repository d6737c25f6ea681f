import { Kind, isEnumType, isInputObjectType, isListType, isNonNullType, parse, typeFromAST, type DocumentNode, type GraphQLInputType, type OperationDefinitionNode, type TypeNode } from 'graphql';
import { validationError, AppError } from '../kernel/errors.js';
import { assertParam, canonicalUuid } from '../kernel/input.js';
import { isUuid } from '../kernel/ids.js';
import type { RouteSpec } from './routes/types.js';
import { compileWire, supergraphApiSchema, type Wire } from './wire.js';

/** A route's operation, parsed once, with its variables' names and GraphQL types and its wire mapping (wire.ts). */
export interface CompiledOperation {
  document: DocumentNode;
  text: string;
  variables: { name: string; type: TypeNode }[];
  wire: Wire;
}

export function compileOperation(route: RouteSpec): CompiledOperation {
  const document = parse(route.operation);
  const op = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (!op) throw new Error(`route ${route.method} ${route.path}: no operation`);
  return {
    document,
    text: route.operation,
    variables: (op.variableDefinitions ?? []).map((v) => ({ name: v.variable.name.value, type: v.type })),
    wire: compileWire(supergraphApiSchema(), document, route.time ?? 'iso', route.bodyVariable, route.enums, route.lowerCase),
  };
}

const namedType = (t: TypeNode): string => (t.kind === Kind.NAMED_TYPE ? t.name.value : namedType(t.type));

/**
 * Path and query strings → the variable's scalar type; a value that does not fit is a VALIDATION_ERROR naming it.
 * Every value first crosses the input boundary (no NUL, no lone surrogate, at most MAX_PARAM_LENGTH characters).
 * An `ID` in the path is a UUID (kernel/ids.ts), or a composite `<code>:<UUID>` (the queries registry's keys): one of
 * another form names nothing (404, as the subgraphs answer an unknown id), and a UUID is passed in the case it is
 * stored in, so ids compare as stored wherever they go.
 */
function coerceString(name: string, raw: string, type: TypeNode, where: 'path' | 'query', values?: readonly string[]): unknown {
  assertParam(name, raw);
  if (values) {
    // an enum: its value whatever the case (`lsp` or `LSP`), `-` for `_` (`last-mile`: enum values cannot hold a `-`)
    const value = values.find((v) => v.toLowerCase() === raw.toLowerCase()) ?? values.find((v) => v.toLowerCase() === raw.toLowerCase().replace(/-/g, '_'));
    if (value === undefined) throw validationError(name, `must be one of ${values.join(', ')}`);
    return value;
  }
  switch (namedType(type)) {
    case 'ID': {
      if (isUuid(raw)) return canonicalUuid(raw);
      // a key the platform composes of a provider code and a UUID (the queries registry's `<lsp>:<serviceId>`)
      const composite = /^([A-Za-z0-9_-]{1,64}):(.+)$/.exec(raw);
      if (composite && isUuid(composite[2])) return `${composite[1]}:${canonicalUuid(composite[2])}`;
      if (where === 'path') throw new AppError('NOT_FOUND', `${name}: no such resource (not a valid id)`);
      return raw;
    }
    case 'Int':
      if (!/^-?\d{1,9}$/.test(raw)) throw validationError(name, 'must be an integer');
      return Number(raw);
    case 'Float':
      if (raw.trim() === '' || !Number.isFinite(Number(raw))) throw validationError(name, 'must be a number');
      return Number(raw);
    case 'Boolean':
      if (!['true', 'false', '1', '0'].includes(raw)) throw validationError(name, 'must be true or false');
      return raw === 'true' || raw === '1';
    default:
      return raw;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Builds the operation's variables from the request: path params, then body, then query parameters. */
export function variablesFor(route: RouteSpec, op: CompiledOperation, req: { params: Record<string, string>; query: Record<string, unknown>; body: unknown }): Record<string, unknown> {
  const vars: Record<string, unknown> = {};
  const hasBody = route.bodyVariable || route.bodyFields;
  if (route.bodyArray) {
    // a route whose body is a JSON array (the spec's "JSON array of Waypoint"): the array is the body variable
    if (!Array.isArray(req.body)) throw new AppError('VALIDATION_ERROR', 'body: must be a JSON array', 'body');
  } else {
    if (hasBody && req.body !== undefined && !isObject(req.body)) throw new AppError('VALIDATION_ERROR', 'body: must be a JSON object', 'body');
    if (hasBody && !isObject(req.body ?? {})) throw new AppError('VALIDATION_ERROR', 'body: must be a JSON object', 'body');
  }
  const body = req.body ?? {};
  // bodies are strict: a route that reads single fields refuses any other (GraphQL does the same for input objects)
  const unknown = route.bodyFields && Object.keys(body).find((k) => !route.bodyFields!.includes(k));
  if (unknown) throw validationError(unknown, 'is not a known field');
  for (const { name, type } of op.variables) {
    if (Object.hasOwn(req.params, name)) {
      vars[name] = coerceString(name, req.params[name], type, 'path', op.wire.enumOf(name));
    } else if (name === route.bodyVariable) {
      vars[name] = body;
    } else if (route.bodyFields?.includes(name)) {
      if ((body as Record<string, unknown>)[name] !== undefined) vars[name] = (body as Record<string, unknown>)[name];
    } else if (req.query[name] !== undefined) {
      const raw = req.query[name];
      if (typeof raw !== 'string') throw validationError(name, 'must be given once');
      vars[name] = coerceString(name, raw, type, 'query', op.wire.enumOf(name));
    }
  }
  return op.wire.input(vars);
}

/** An error as REST names its field (`Wire.restField`): the field, and the message's leading `field:` with it. */
export function restError(op: CompiledOperation, message: string, field?: string): { message: string; field?: string } {
  if (!field) return { message, field };
  const rest = op.wire.restField(field);
  return { field: rest, message: rest !== field && message.startsWith(`${field}:`) ? `${rest}${message.slice(field.length)}` : message };
}

/** Reads `a.b.c` from data. */
export const pick = (data: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), data);

/** Writes `value` at the dotted `path` of `target` (creating objects on the way). */
export function put(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let t = target;
  for (const k of keys.slice(0, -1)) t = (t[k] ??= {}) as Record<string, unknown>;
  t[keys.at(-1)!] = value;
}

/** The route's response fields from the operation's data (keys may be dotted: `data.deleted`). */
export function payloadOf(route: RouteSpec, op: CompiledOperation, graphData: unknown): Record<string, unknown> {
  const data = op.wire.output(graphData);
  const out: Record<string, unknown> = {};
  for (const [key, path] of Object.entries(route.result)) {
    const value = pick(data, path);
    if (key === '...') Object.assign(out, value as object);
    else put(out, key, value);
  }
  for (const [key, { key: by, value }] of Object.entries(route.keyBy ?? {})) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = Object.fromEntries(list.map((item: Record<string, unknown>) => [String(item[by]), item[value]]));
  }
  return { ...out, ...(route.constants ?? {}) };
}

/**
 * GraphQL's own input errors (coercion of variables) say which field is wrong in prose;
 * this turns them into `field: reason` with the field named the way the REST body names it.
 */
export function describeInputError(message: string, bodyVariable?: string): { field?: string; message: string } {
  // (list elements as REST names them in an array body: `waypoints[0].no` → `0.no`)
  const strip = (raw: string) => {
    const p = raw.replace(/\[(\d+)\]/g, '.$1');
    return bodyVariable && p.startsWith(`${bodyVariable}.`) ? p.slice(bodyVariable.length + 1) : p;
  };
  const at = /got invalid value .*? at "([^"]+)"; (.*)$/s.exec(message);
  const required = /Field "([^"]+)" of required type "([^"]+)" was not provided/.exec(message);
  const unknown = /Field "([^"]+)" is not defined by type "([^"]+)"/.exec(message);
  const prefix = at ? strip(at[1]) : undefined;
  const join = (a: string | undefined, b: string) => (a && a !== bodyVariable ? `${a}.${b}` : b);
  if (required) {
    const field = join(prefix, required[1]);
    return { field, message: `${field}: is required` };
  }
  if (unknown) {
    const field = join(prefix, unknown[1]);
    return { field, message: `${field}: is not a known field` };
  }
  if (at) {
    const field = strip(at[1]);
    return { field, message: `${field}: ${at[2].replace(/\s*Did you mean.*$/s, '')}` };
  }
  const top = /^Variable "\$([^"]+)" got invalid value .*?; (.*)$/s.exec(message);
  if (top) return { field: top[1], message: `${top[1]}: ${top[2].replace(/\s*Did you mean.*$/s, '')}` };
  const whole = /^Variable "\$([^"]+)" of (non-null|required) type "([^"]+)" (must not be null|was not provided)/.exec(message);
  if (whole) return { field: whole[1], message: `${whole[1]}: is required` };
  return { message };
}

/** The least value each scalar accepts (kernel/scalars.ts for the platform's own): what a permission probe sends. */
const LEAST_SCALAR: Record<string, unknown> = {
  ID: '00000000-0000-4000-8000-000000000000',
  String: 'x',
  Int: 0,
  Float: 0,
  Boolean: false,
  DateTime: '1970-01-01T00:00:00.000Z',
  Decimal: '0',
  JSONObject: {},
};

/** A value of `type` that coerces, as small as it can be: required input fields filled, lists empty, enums their first value. */
function leastValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return leastValue(type.ofType);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isInputObjectType(type)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) if (isNonNullType(field.type) && field.defaultValue === undefined) value[field.name] = leastValue(field.type);
    return value;
  }
  if (!Object.hasOwn(LEAST_SCALAR, type.name)) throw new Error(`no least value for scalar ${type.name}`);
  return LEAST_SCALAR[type.name];
}

/**
 * The variables of a permission probe (docs/contract.md "Order of checks"): the route's operation asked only who may
 * run it, so the body plays no part. Path and query parameters are passed as the request gave them when they read as
 * their type (the record they name decides a permission: `/v1/workspaces/:workspaceId/…`); every other required
 * variable gets the least value of its type, so that the operation reaches its resolver whatever the body was.
 */
export function probeVariables(op: CompiledOperation, req: { params: Record<string, string>; query: Record<string, unknown> }): Record<string, unknown> {
  const schema = supergraphApiSchema();
  const vars: Record<string, unknown> = {};
  for (const { name, type } of op.variables) {
    const given = Object.hasOwn(req.params, name)
      ? { raw: req.params[name], where: 'path' as const }
      : typeof req.query[name] === 'string'
        ? { raw: req.query[name], where: 'query' as const }
        : undefined;
    if (given) {
      try {
        Object.assign(vars, op.wire.input({ [name]: coerceString(name, given.raw, type, given.where, op.wire.enumOf(name)) }));
        continue;
      } catch {
        // a parameter that does not read as its type: the least value stands for it
      }
    }
    if (type.kind === Kind.NON_NULL_TYPE) vars[name] = leastValue(typeFromAST(schema, type) as GraphQLInputType);
  }
  return vars;
}
