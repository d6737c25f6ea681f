import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { buildSchema, graphql, type GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertInput,
  assertParam,
  boundedJson,
  canonicalIdArguments,
  canonicalUuid,
  FORBIDDEN_KEYS,
  hasBody,
  INPUT_LIMITS,
  inputProblem,
  isForbiddenKey,
  MalformedBodyError,
  MAX_PARAM_LENGTH,
  parseJsonBody,
  stringProblem,
  type InputLimits,
} from '../../kernel/input.js';
import { failure } from './support.js';

/**
 * kernel/input.ts, the input boundary (docs/contract.md, "Input boundary"): nesting 64 levels (the body is level 1),
 * strings 65,536 characters, keys 256, arrays 10,000 elements, objects 1,000 keys, numbers finite within ±1e15, no NUL
 * and no lone surrogate, no `__proto__`/`constructor`/`prototype` key, parameters 256 characters; field names are the
 * dotted path (`address.coordinates.0`), a key problem names the object holding it, the body is `body`.
 */
const small: InputLimits = { maxDepth: 3, maxStringLength: 5, maxKeyLength: 4, maxArrayLength: 3, maxKeys: 2, maxNumber: 100 };

describe('the limits (docs/contract.md)', () => {
  it('are the documented values', () => {
    expect(INPUT_LIMITS).toEqual({ maxDepth: 64, maxStringLength: 65_536, maxKeyLength: 256, maxArrayLength: 10_000, maxKeys: 1000, maxNumber: 1e15 });
    expect(MAX_PARAM_LENGTH).toBe(256);
    expect([...FORBIDDEN_KEYS].sort()).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(isForbiddenKey('prototype')).toBe(true);
    expect(isForbiddenKey('proto')).toBe(false);
  });
});

describe('stringProblem', () => {
  it('accepts ordinary text and paired surrogates (emoji) up to the length', () => {
    expect(stringProblem('héllo 👋')).toBeUndefined();
    expect(stringProblem('x'.repeat(65_536))).toBeUndefined();
    expect(stringProblem('abcde', 5)).toBeUndefined();
  });

  it('refuses NUL, a lone surrogate, and more characters than the limit', () => {
    expect(stringProblem('a\u0000b')).toBe('contains a NUL character (U+0000)');
    expect(stringProblem('a\ud800b')).toBe('contains a lone UTF-16 surrogate');
    expect(stringProblem('\udc00')).toBe('contains a lone UTF-16 surrogate');
    expect(stringProblem('x'.repeat(65_537))).toBe('is longer than 65536 characters');
    expect(stringProblem('abcdef', 5)).toBe('is longer than 5 characters');
  });
});

describe('inputProblem: the first violation, named by its path', () => {
  const p = (value: unknown, opts = {}) => inputProblem(value, { limits: small, ...opts });

  it('a clean value has none', () => {
    expect(p({ a: [1, 'x'], b: { c: true, d: null } })).toBeUndefined();
    expect(inputProblem(undefined)).toBeUndefined();
    expect(inputProblem('text')).toBeUndefined();
  });

  it('nesting: the body is level 1; level 3 passes, level 4 is refused, named by the path', () => {
    expect(p({ a: { b: {} } })).toBeUndefined();
    expect(p({ a: { b: { c: {} } } })).toEqual({ field: 'a.b.c', reason: 'is nested deeper than 3 levels' });
    expect(p({ a: [[[1]]] })).toEqual({ field: 'a.0.0', reason: 'is nested deeper than 3 levels' });
  });

  it('64 levels pass and 65 do not, with the real limits', () => {
    let ok: unknown = {};
    for (let i = 1; i < 64; i++) ok = { n: ok };
    expect(inputProblem(ok)).toBeUndefined();
    expect(inputProblem({ n: ok })?.reason).toBe('is nested deeper than 64 levels');
  });

  it('a 100,000-deep value is inspected without recursion', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inputProblem(deep)?.reason).toBe('is nested deeper than 64 levels');
  });

  it('strings, array lengths, key counts, key lengths', () => {
    expect(p({ name: 'abcdef' })).toEqual({ field: 'name', reason: 'is longer than 5 characters' });
    expect(p({ list: [1, 2, 3, 4] })).toEqual({ field: 'list', reason: 'has more than 3 elements' });
    expect(p({ o: { a: 1, b: 2, c: 3 } })).toEqual({ field: 'o', reason: 'has more than 2 keys' });
    expect(p({ o: { abcde: 1 } })).toEqual({ field: 'o', reason: 'has a key that is longer than 4 characters' });
    expect(p({ o: { 'a\u0000': 1 } })).toEqual({ field: 'o', reason: 'has a key that contains a NUL character (U+0000)' });
  });

  it('numbers: finite, within the limit; bigints are refused', () => {
    expect(p({ n: 100 })).toBeUndefined();
    expect(p({ n: -100 })).toBeUndefined();
    expect(p({ n: 101 })).toEqual({ field: 'n', reason: 'must be between -100 and 100' });
    expect(p({ n: -101 })).toEqual({ field: 'n', reason: 'must be between -100 and 100' });
    expect(p({ n: Infinity })).toEqual({ field: 'n', reason: 'must be a finite number' });
    expect(p({ n: NaN })).toEqual({ field: 'n', reason: 'must be a finite number' });
    expect(p({ n: 1n })).toEqual({ field: 'n', reason: 'must be between -100 and 100' });
  });

  it('__proto__, constructor and prototype keys are refused anywhere, naming the object that holds them', () => {
    expect(inputProblem(JSON.parse('{"a":{"__proto__":{"x":1}}}'))).toEqual({ field: 'a', reason: 'has the key "__proto__", which is not accepted' });
    expect(inputProblem({ constructor: 1 })).toEqual({ field: 'body', reason: 'has the key "constructor", which is not accepted' });
    expect(inputProblem([{ prototype: 1 }])).toEqual({ field: 'body.0', reason: 'has the key "prototype", which is not accepted' });
  });

  it('the first problem in document order wins', () => {
    expect(p({ a: 'abcdef', b: 1000 })).toEqual({ field: 'a', reason: 'is longer than 5 characters' });
    expect(p([1000, 'abcdef'])).toEqual({ field: 'body.0', reason: 'must be between -100 and 100' });
  });

  it('a body that is an array names its elements body.N; a root prefix names them from it; rootName names the value', () => {
    expect(p(['ok', 'abcdef'])).toEqual({ field: 'body.1', reason: 'is longer than 5 characters' });
    expect(p({ in: { name: 'abcdef' } }, { root: 'variables' })).toEqual({ field: 'variables.in.name', reason: 'is longer than 5 characters' });
    expect(p('abcdef', { rootName: 'variables' })).toEqual({ field: 'variables', reason: 'is longer than 5 characters' });
    expect(p('abcdef')).toEqual({ field: 'body', reason: 'is longer than 5 characters' });
    expect(p(['abcdef'], { rootName: 'items' })).toEqual({ field: 'items.0', reason: 'is longer than 5 characters' });
  });

  it('rootDepth shifts the levels (GraphQL variables count from their values)', () => {
    expect(p({ a: { b: {} } }, { rootDepth: 2 })).toEqual({ field: 'a.b', reason: 'is nested deeper than 3 levels' });
    expect(p({ a: { b: { c: {} } } }, { rootDepth: 0 })).toBeUndefined();
  });

  it('values that are not plain objects (dates, class instances) are leaves', () => {
    class Upload {
      constructor(public name = 'abcdefgh') {}
    }
    expect(p({ when: new Date(), file: new Upload() })).toBeUndefined();
    expect(p({ bare: Object.assign(Object.create(null) as object, { abcdef: 'abcdefgh' }) })).toEqual({ field: 'bare', reason: 'has a key that is longer than 4 characters' });
  });
});

describe('assertInput, parseJsonBody, assertParam', () => {
  it('assertInput throws VALIDATION_ERROR "field: reason" naming the field', () => {
    expect(failure(() => assertInput({ a: { b: 'abcdef' } }, { limits: small }))).toEqual({ code: 'VALIDATION_ERROR', field: 'a.b', message: 'a.b: is longer than 5 characters' });
    expect(() => assertInput({ a: 1 })).not.toThrow();
  });

  it('a field path longer than 200 characters is shortened with an ellipsis', () => {
    const key = 'k'.repeat(250);
    const e = failure(() => assertInput({ [key]: 'abcdef' }, { limits: { ...small, maxKeyLength: 300 } }));
    expect(e.field).toBe(`${'k'.repeat(197)}…`);
    expect(e.message).toBe(`${'k'.repeat(197)}…: is longer than 5 characters`);
  });

  it('parseJsonBody: JSON from a Buffer or a string, a leading BOM dropped, an empty body undefined', () => {
    expect(parseJsonBody(Buffer.from('{"a":[1,"é"]}'))).toEqual({ a: [1, 'é'] });
    expect(parseJsonBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonBody(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":2}')]))).toEqual({ a: 2 });
    expect(parseJsonBody(Buffer.from('  \n'))).toBeUndefined();
    expect(parseJsonBody('')).toBeUndefined();
  });

  it('parseJsonBody: bytes that are not UTF-8 and malformed JSON are VALIDATION_ERRORs naming the body', () => {
    const bad = failure(() => parseJsonBody(Buffer.from([0x7b, 0xff, 0x7d])));
    expect(bad).toEqual({ code: 'VALIDATION_ERROR', field: 'body', message: 'body: is not valid UTF-8' });
    expect(failure(() => parseJsonBody('{"a":'))).toEqual({ code: 'VALIDATION_ERROR', field: 'body', message: 'body: malformed JSON' });
    expect(failure(() => parseJsonBody('{x}', { rootName: 'variables' }))).toEqual({ code: 'VALIDATION_ERROR', field: 'variables', message: 'variables: malformed JSON' });
    let thrownErr: unknown;
    try {
      parseJsonBody('nope');
    } catch (e) {
      thrownErr = e;
    }
    expect(thrownErr).toBeInstanceOf(MalformedBodyError);
  });

  it('parseJsonBody applies the limits to what it parsed', () => {
    expect(failure(() => parseJsonBody('{"__proto__":{"admin":true}}'))).toEqual({ code: 'VALIDATION_ERROR', field: 'body', message: 'body: has the key "__proto__", which is not accepted' });
    expect(failure(() => parseJsonBody('{"s":"\\u0000"}'))).toEqual({ code: 'VALIDATION_ERROR', field: 's', message: 's: contains a NUL character (U+0000)' });
  });

  it('assertParam: at most 256 characters, no NUL, no lone surrogate, naming the parameter', () => {
    expect(() => assertParam('id', 'x'.repeat(256))).not.toThrow();
    expect(failure(() => assertParam('id', 'x'.repeat(257)))).toEqual({ code: 'VALIDATION_ERROR', field: 'id', message: 'id: is longer than 256 characters' });
    expect(failure(() => assertParam('q', 'a\u0000')).message).toBe('q: contains a NUL character (U+0000)');
    expect(failure(() => assertParam('q', '\ud83d')).message).toBe('q: contains a lone UTF-16 surrogate');
  });

  it('canonicalUuid lower-cases', () => {
    expect(canonicalUuid('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301');
  });

  it('hasBody: a body is announced by Transfer-Encoding or a non-zero Content-Length', () => {
    const req = (headers: Record<string, string>) => ({ headers }) as unknown as Parameters<typeof hasBody>[0];
    expect(hasBody(req({ 'transfer-encoding': 'chunked' }))).toBe(true);
    expect(hasBody(req({ 'content-length': '12' }))).toBe(true);
    expect(hasBody(req({ 'content-length': '0' }))).toBe(false);
    expect(hasBody(req({}))).toBe(false);
  });
});

describe('boundedJson middleware, on a real HTTP server in this process', () => {
  let server: Server;
  let port: number;
  /** Every error the middleware handed on, in order. */
  const seen: string[] = [];

  beforeAll(async () => {
    const app = express();
    app.post('/b', boundedJson(64), (req, res) => void res.json({ body: req.body === undefined ? 'none' : (req.body as unknown) }));
    app.use((err: Error & { type?: string; status?: number; field?: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      seen.push(err.message);
      if (res.destroyed) return;
      res.status(err.status ?? 400).json({ type: err.type ?? null, message: err.message, field: err.field ?? null });
    });
    server = createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** Sends a POST with exactly the headers given (no fetch defaults) and the body in chunks. */
  function post(headers: Record<string, string | number>, chunks: (string | Buffer)[]): Promise<{ status: number; json: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/b', method: 'POST', headers }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text) as Record<string, unknown> }));
      });
      req.on('error', reject);
      for (const c of chunks) req.write(c);
      req.end();
    });
  }

  it('a JSON body with Content-Length is parsed', async () => {
    const body = '{"a":[1,2]}';
    expect(await post({ 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, [body])).toEqual({ status: 200, json: { body: { a: [1, 2] } } });
  });

  it('a chunked body is parsed the same', async () => {
    expect(await post({ 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, ['{"a":', '"b"}'])).toEqual({ status: 200, json: { body: { a: 'b' } } });
  });

  it('no body is undefined', async () => {
    expect(await post({ 'content-length': 0 }, [])).toEqual({ status: 200, json: { body: 'none' } });
  });

  it('a declared length over the limit, or a chunked body that grows over it, is entity.too.large (413)', async () => {
    expect(await post({ 'content-length': 65, 'content-type': 'application/json' }, ['x'.repeat(65)])).toEqual({
      status: 413,
      json: { type: 'entity.too.large', message: 'body exceeds 64 bytes', field: null },
    });
    expect(await post({ 'transfer-encoding': 'chunked' }, ['{"a":"', 'x'.repeat(40), 'y'.repeat(40), '"}'])).toEqual({
      status: 413,
      json: { type: 'entity.too.large', message: 'body exceeds 64 bytes', field: null },
    });
  });

  it('exactly the limit passes', async () => {
    const body = `{"a":"${'x'.repeat(56)}"}`;
    expect(Buffer.byteLength(body)).toBe(64);
    expect((await post({ 'content-length': 64 }, [body])).status).toBe(200);
  });

  it('a client that goes away in the middle of its body: the request ends as "body: could not be read", once', async () => {
    seen.length = 0;
    await new Promise<void>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/b', method: 'POST', headers: { 'transfer-encoding': 'chunked' } });
      req.on('error', () => resolve());
      req.write('{"a":');
      setTimeout(() => req.destroy(), 50);
    });
    for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 50));
    // Node reports the reset as an error on the request before it closes; the first of the two ends the request
    expect(seen).toEqual(['body: could not be read']);
  });

  it('another charset, a content encoding, malformed JSON: 400 naming the body', async () => {
    expect(await post({ 'content-type': 'application/json; charset=latin1', 'content-length': 2 }, ['{}'])).toEqual({
      status: 400,
      json: { type: null, message: 'body: charset must be utf-8', field: 'body' },
    });
    expect((await post({ 'content-type': 'application/json; charset="UTF-8"', 'content-length': 2 }, ['{}'])).status).toBe(200);
    expect((await post({ 'content-type': 'application/json; charset=utf8', 'content-length': 2 }, ['{}'])).status).toBe(200);
    expect(await post({ 'content-encoding': 'gzip', 'content-length': 2 }, ['{}'])).toEqual({
      status: 400,
      json: { type: null, message: 'body: content-encoding is not accepted (send identity)', field: 'body' },
    });
    expect((await post({ 'content-encoding': 'identity', 'content-length': 2 }, ['{}'])).status).toBe(200);
    expect(await post({ 'content-length': 5 }, ['{"a":'])).toEqual({ status: 400, json: { type: null, message: 'body: malformed JSON', field: 'body' } });
  });
});

describe('canonicalIdArguments: UUIDs given for an ID reach resolvers lower-cased', () => {
  const UPPER = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
  const LOWER = UPPER.toLowerCase();
  let schema: GraphQLSchema;

  beforeAll(() => {
    schema = buildSchema(`
      input Filter { ids: [ID!], owner: ID, name: String, nested: Filter }
      input Plain { name: String }
      type Query {
        one(id: ID!): String
        many(ids: [ID!]!): [String]
        filtered(filter: Filter): String
        text(id: String, plain: Plain): String
      }
    `);
    const fields = schema.getQueryType()!.getFields();
    fields.one.resolve = (_s, args: { id: string }) => args.id;
    fields.many.resolve = (_s, args: { ids: string[] }) => args.ids;
    fields.filtered.resolve = (_s, args: { filter?: unknown }) => JSON.stringify(args.filter);
    fields.text.resolve = (_s, args) => JSON.stringify(args);
    canonicalIdArguments(schema);
  });

  const run = async (query: string) => (await graphql({ schema, source: query })).data as Record<string, unknown>;

  it('a direct ID argument, and each element of an ID list', async () => {
    expect(await run(`{ one(id: "${UPPER}") }`)).toEqual({ one: LOWER });
    expect(await run(`{ many(ids: ["${UPPER}", "not-a-uuid", "ABC"]) }`)).toEqual({ many: [LOWER, 'not-a-uuid', 'ABC'] });
  });

  it('IDs inside input objects, nested, lower-cased; other fields untouched', async () => {
    const out = await run(`{ filtered(filter: { ids: ["${UPPER}"], owner: "${UPPER}", name: "${UPPER}", nested: { owner: "${UPPER}" } }) }`);
    expect(JSON.parse(out.filtered as string)).toEqual({ ids: [LOWER], owner: LOWER, name: UPPER, nested: { owner: LOWER } });
  });

  it('a String argument that holds a UUID, and an input without IDs, are left alone', async () => {
    expect(JSON.parse((await run(`{ text(id: "${UPPER}", plain: { name: "${UPPER}" }) }`)).text as string)).toEqual({ id: UPPER, plain: { name: UPPER } });
  });

  it('a value that is not a UUID, and null, pass as they are', async () => {
    expect(await run('{ one(id: "Order-7") }')).toEqual({ one: 'Order-7' });
    expect(JSON.parse((await run('{ filtered(filter: { owner: null, ids: null }) }')).filtered as string)).toEqual({ owner: null, ids: null });
  });
});
