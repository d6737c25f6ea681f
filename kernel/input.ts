import type { NextFunction, Request, Response } from 'express';
import { defaultFieldResolver, getNamedType, isInputObjectType, isListType, isNonNullType, isObjectType, isScalarType, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import { AppError } from './errors.js';
import { isUuid } from './ids.js';

/**
 * The input boundary, written once: every request body (REST bridge and GraphQL gateway) and every path or query
 * parameter passes these checks before anything reads it. A violation is a VALIDATION_ERROR naming the field path;
 * nothing deeper than `maxDepth` is ever built into a value that recursive code (JSON.stringify, GraphQL coercion,
 * validators, jsonb) could meet. docs/contract.md, "Input boundary", documents the limits.
 */
export interface InputLimits {
  /** Nesting of objects and arrays; the body itself is level 1. */
  maxDepth: number;
  /** Characters (UTF-16 code units) of one string value. */
  maxStringLength: number;
  /** Characters of one object key. */
  maxKeyLength: number;
  /** Elements of one array. */
  maxArrayLength: number;
  /** Keys of one object. */
  maxKeys: number;
  /** Largest magnitude of a number; finer, per-field ranges are the subgraphs'. */
  maxNumber: number;
}

export const INPUT_LIMITS: Readonly<InputLimits> = {
  maxDepth: 64,
  maxStringLength: 64 * 1024,
  maxKeyLength: 256,
  maxArrayLength: 10_000,
  maxKeys: 1_000,
  maxNumber: 1e15,
};

/** Longest path or query parameter value. */
export const MAX_PARAM_LENGTH = 256;

/** Keys that name an object's prototype machinery: never accepted from a client. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
export const isForbiddenKey = (key: string) => FORBIDDEN_KEYS.has(key);

/** `String.prototype.isWellFormed` (ES2024; Node 20+), which the compiler's ES2023 library does not declare. */
type WellFormed = string & { isWellFormed(): boolean };

/**
 * Why a string cannot cross the boundary (undefined: it can): a NUL (U+0000) or a lone UTF-16 surrogate, which
 * PostgreSQL text and jsonb cannot store, or more than `maxLength` characters.
 */
export function stringProblem(s: string, maxLength: number = INPUT_LIMITS.maxStringLength): string | undefined {
  if (s.length > maxLength) return `is longer than ${maxLength} characters`;
  if (s.includes('\u0000')) return 'contains a NUL character (U+0000)';
  if (!(s as WellFormed).isWellFormed()) return 'contains a lone UTF-16 surrogate';
  return undefined;
}

/** A shortened path for messages (keys are the client's and may be long). */
const shown = (path: string) => (path.length > 200 ? `${path.slice(0, 197)}…` : path);

/** Plain objects only: JSON and GraphQL variables (which have a null prototype). Uploads, Dates … are leaves. */
const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === null || proto === Object.prototype;
};

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * The first violation of the limits in `value`, in document order, as `{field, reason}`; undefined when it is clean.
 * Iterative (an explicit stack), so any depth is inspected without recursion. `root` prefixes every path
 * (`variables` at the gateway); the value itself is named `rootName` (`body`).
 */
export interface InputOptions {
  /** Prefix of every path (`variables` for a GET's variables). */
  root?: string;
  /** How the value itself is named (`body`). */
  rootName?: string;
  /**
   * The nesting level of the value itself (1). A GraphQL request counts from its variables' values, which are level 1
   * as a REST body is: the request is level -1 and `variables` level 0.
   */
  rootDepth?: number;
  limits?: InputLimits;
}

export function inputProblem(value: unknown, opts: InputOptions = {}): { field: string; reason: string } | undefined {
  const limits = opts.limits ?? INPUT_LIMITS;
  // fields are named from the body's keys (`a.b`); the elements of a body that is an array, from the body (`body.0`)
  const root = opts.root ?? (Array.isArray(value) ? (opts.rootName ?? 'body') : '');
  const nameOf = (path: string) => path || opts.rootName || 'body';
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: root, depth: opts.rootDepth ?? 1 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = stringProblem(v, limits.maxStringLength);
      if (problem) return { field: nameOf(path), reason: problem };
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { field: nameOf(path), reason: 'must be a finite number' };
      if (Math.abs(v) > limits.maxNumber) return { field: nameOf(path), reason: `must be between -${limits.maxNumber} and ${limits.maxNumber}` };
    } else if (typeof v === 'bigint') {
      return { field: nameOf(path), reason: `must be between -${limits.maxNumber} and ${limits.maxNumber}` };
    } else if (Array.isArray(v)) {
      if (depth > limits.maxDepth) return { field: nameOf(path), reason: `is nested deeper than ${limits.maxDepth} levels` };
      if (v.length > limits.maxArrayLength) return { field: nameOf(path), reason: `has more than ${limits.maxArrayLength} elements` };
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: join(path, i), depth: depth + 1 });
    } else if (isPlainObject(v)) {
      if (depth > limits.maxDepth) return { field: nameOf(path), reason: `is nested deeper than ${limits.maxDepth} levels` };
      const keys = Object.keys(v);
      if (keys.length > limits.maxKeys) return { field: nameOf(path), reason: `has more than ${limits.maxKeys} keys` };
      for (const key of keys) {
        const problem = stringProblem(key, limits.maxKeyLength);
        if (problem) return { field: nameOf(path), reason: `has a key that ${problem}` };
        if (isForbiddenKey(key)) return { field: nameOf(path), reason: `has the key "${key}", which is not accepted` };
      }
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ v: v[keys[i]], path: join(path, keys[i]), depth: depth + 1 });
    }
  }
  return undefined;
}

/** Throws the first violation as a VALIDATION_ERROR (`field: reason`) in the caller's envelope. */
export function assertInput(value: unknown, opts: InputOptions = {}): void {
  const problem = inputProblem(value, opts);
  if (problem) throw new AppError('VALIDATION_ERROR', `${shown(problem.field)}: ${problem.reason}`, shown(problem.field));
}

/**
 * A body that cannot be read as JSON at all (malformed, not UTF-8, another charset or encoding): a VALIDATION_ERROR
 * naming `body` for the REST bridge, BAD_REQUEST for a GraphQL-over-HTTP endpoint.
 */
export class MalformedBodyError extends AppError {
  constructor(field: string, reason: string) {
    super('VALIDATION_ERROR', `${field}: ${reason}`, field);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Parses a JSON request body with the boundary's limits. `raw` is the body as received (size already bounded by the
 * reader). Malformed JSON, bytes that are not UTF-8 and every limit above are VALIDATION_ERRORs naming the field.
 * An empty body is `undefined`.
 */
export function parseJsonBody(raw: Buffer | string, opts: InputOptions = {}): unknown {
  const name = opts.rootName ?? 'body';
  let text: string;
  if (typeof raw === 'string') text = raw;
  else {
    try {
      text = utf8.decode(raw); // drops a leading BOM
    } catch {
      throw new MalformedBodyError(name, 'is not valid UTF-8');
    }
  }
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text); // V8's parser is iterative: deep nesting cannot overflow it, the walk below refuses it
  } catch {
    throw new MalformedBodyError(name, 'malformed JSON');
  }
  assertInput(value, opts);
  return value;
}

/**
 * A path or query parameter: at most MAX_PARAM_LENGTH characters, no NUL, no lone surrogate.
 * Throws VALIDATION_ERROR naming the parameter.
 */
export function assertParam(name: string, value: string): void {
  const problem = stringProblem(value, MAX_PARAM_LENGTH);
  if (problem) throw new AppError('VALIDATION_ERROR', `${name}: ${problem}`, name);
}

/** A UUID in the case it is stored in (lower): ids compare as strings in JS, and PostgreSQL prints uuids lower-case. */
export const canonicalUuid = (value: string) => value.toLowerCase();

/** True when the request carries a body, whatever its framing (Content-Length or Transfer-Encoding). */
export function hasBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

/** The media type's charset parameter, lower-cased (undefined when absent). */
function charsetOf(req: Request): string | undefined {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(req.headers['content-type'] ?? '');
  return m?.[1]?.toLowerCase();
}

/**
 * Express middleware: reads a JSON body (any framing) of at most `maxBytes` into `req.body`, through `parseJsonBody`.
 * Errors go to `next(err)` as AppError VALIDATION_ERROR (`body: …`), or, for the size, an error with
 * `type: 'entity.too.large'` (the bridge answers 400, the gateway 413). The content type is the caller's to check.
 */
export function boundedJson(maxBytes: number, opts: InputOptions = {}) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!hasBody(req)) {
      req.body = undefined;
      return next();
    }
    const charset = charsetOf(req);
    if (charset && charset !== 'utf-8' && charset !== 'utf8') {
      return next(new MalformedBodyError(opts.rootName ?? 'body', 'charset must be utf-8'));
    }
    if (req.headers['content-encoding'] && req.headers['content-encoding'] !== 'identity') {
      return next(new MalformedBodyError(opts.rootName ?? 'body', 'content-encoding is not accepted (send identity)'));
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) return next(tooLarge(maxBytes));
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (err?: unknown) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (err) {
        req.resume(); // discard what is left; the answer goes out on the same connection
        return next(err);
      }
      try {
        req.body = parseJsonBody(Buffer.concat(chunks, size), opts);
        next();
      } catch (e) {
        next(e);
      }
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return finish(tooLarge(maxBytes));
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    const onError = () => finish(new MalformedBodyError('body', 'could not be read'));
    const onClose = () => finish(new MalformedBodyError('body', 'the request was aborted'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  };
}

function tooLarge(maxBytes: number) {
  return Object.assign(new Error(`body exceeds ${maxBytes} bytes`), { type: 'entity.too.large', status: 413, limit: maxBytes });
}

// ───────────────────────────── ids in GraphQL arguments ─────────────────────────────

const holdsIdCache = new WeakMap<object, boolean>();

/** Whether an input type holds an `ID` anywhere (an input object's fields, lists), so that its arguments need a pass. */
function holdsId(type: GraphQLInputType): boolean {
  const named = getNamedType(type);
  if (isScalarType(named)) return named.name === 'ID';
  if (!isInputObjectType(named)) return false;
  let result = holdsIdCache.get(named);
  if (result === undefined) {
    // a walk of the type graph from here (input types may refer to each other in a cycle)
    const seen = new Set<unknown>();
    const walk = (t: GraphQLInputType): boolean => {
      const n = getNamedType(t);
      if (isScalarType(n)) return n.name === 'ID';
      if (!isInputObjectType(n) || seen.has(n)) return false;
      seen.add(n);
      return Object.values(n.getFields()).some((f) => walk(f.type));
    };
    result = walk(named);
    holdsIdCache.set(named, result);
  }
  return result;
}

/** `value` with every UUID given for an `ID` lower-cased (copies only what changes). */
function canonicalIds(value: unknown, type: GraphQLInputType): unknown {
  if (value === null || value === undefined) return value;
  if (isNonNullType(type)) return canonicalIds(value, type.ofType);
  if (isListType(type)) return Array.isArray(value) ? value.map((v) => canonicalIds(v, type.ofType)) : canonicalIds(value, type.ofType);
  if (isScalarType(type)) return type.name === 'ID' && isUuid(value) ? canonicalUuid(value) : value;
  if (isInputObjectType(type) && typeof value === 'object' && holdsId(type)) {
    const fields = type.getFields();
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (!Object.hasOwn(fields, k)) continue;
      const c = canonicalIds(v, fields[k].type);
      if (c !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = c;
    }
    return out ?? value;
  }
  return value;
}

/**
 * Ids compare the way they are stored, for GraphQL clients too: every field of `schema` that takes an `ID` (directly,
 * in a list or inside an input object) gets its UUIDs lower-cased before its resolver runs, so services compare them
 * as strings safely (tenancy scopes, token claims, revocation tags). Mutates the schema's fields in place, which keeps
 * what federation attached to its types.
 */
export function canonicalIdArguments(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const idArgs = field.args.filter((a) => holdsId(a.type));
      if (!idArgs.length) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        const given = args as Record<string, unknown>;
        let out: Record<string, unknown> | undefined;
        for (const a of idArgs) {
          const v = given[a.name];
          const c = canonicalIds(v, a.type);
          if (c !== v) (out ??= { ...given })[a.name] = c;
        }
        return resolve(source, out ?? args, context, info);
      };
    }
  }
  return schema;
}
