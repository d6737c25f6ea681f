import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GraphQLError, buildSchema, parse, validate, type GraphQLFormattedError } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMIT_DEFAULTS, loadConfig } from '../../kernel/config.js';
import { countTokens, formatGuardError, limitRules, type OperationLimits } from '../../gateway/guards.js';
import { OperationRegistry, admit, documentHash, readManifest } from '../../gateway/persisted.js';
import { routes } from '../../rest-bridge/routes/index.js';
import { TRACKING_OPERATION } from '../../rest-bridge/tracking/operation.js';

/**
 * The gateway's guards (docs/gateway.md, "Gateway guards") without a platform: the limit rules at their edges, the
 * error formatting that gives them their codes, the registry of persisted documents, the new configuration variables,
 * and the bridge's route table against the default limits.
 *
 * The limit rules look at the document only, never at types: a one-field schema serves every document here.
 */
const SCHEMA = buildSchema('type Query { _: Int }');
const WIDE: OperationLimits = { depth: 1e6, aliases: 1e6, fields: 1e6, cost: 1e9, tokens: 1e6, directives: 1e6 };

/** The refusals of the limit rules for `query`, with only the limits in `limits` tight (the rest out of reach). */
const refusals = (query: string, limits: Partial<OperationLimits>) => validate(SCHEMA, parse(query), limitRules({ ...WIDE, ...limits })).map((e) => ({ message: e.message, extensions: e.extensions }));

const refused = (limit: string, value: number, max: number, message: string) => [{ message, extensions: { code: 'QUERY_TOO_COMPLEX', limit, max, value } }];

describe('operation limits at their edges (the documented measures)', () => {
  it('depth: the levels of nested fields; a fragment is no level of its own — 3 accepted at a maximum of 3, 4 refused', () => {
    expect(refusals('{ a { b { c } } }', { depth: 3 })).toEqual([]);
    expect(refusals('{ a { ...F } } fragment F on Query { b { c } }', { depth: 3 })).toEqual([]);
    expect(refusals('{ a { ... on Query { b { c } } } }', { depth: 3 })).toEqual([]);
    expect(refusals('{ a { b { c { d } } } }', { depth: 3 })).toEqual(refused('depth', 4, 3, 'Operation too complex: its depth (4) exceeds the maximum of 3'));
  });

  it('aliases: each aliased field, in fragments too; aliases of __typename are free — 2 accepted at a maximum of 2, 3 refused', () => {
    expect(refusals('{ x: a y: a }', { aliases: 2 })).toEqual([]);
    expect(refusals('{ x: __typename y: __typename z: __typename }', { aliases: 2 })).toEqual([]);
    expect(refusals('{ x: a y: a z: a }', { aliases: 2 })).toEqual(refused('aliases', 3, 2, 'Operation too complex: its alias count (3) exceeds the maximum of 2'));
    expect(refusals('{ x: a ...F } fragment F on Query { y: a z: a }', { aliases: 2 })).toEqual(refused('aliases', 3, 2, 'Operation too complex: its alias count (3) exceeds the maximum of 2'));
  });

  it('fields: every field selection, nested ones and __typename included — 10 accepted at a maximum of 10, 11 refused', () => {
    expect(refusals('{ a { b c d } e f g h i __typename }', { fields: 10 })).toEqual([]);
    expect(refusals('{ a { b c d } e f g h i __typename j }', { fields: 10 })).toEqual(refused('fields', 11, 10, 'Operation too complex: its field count (11) exceeds the maximum of 10'));
  });

  it('fields: fragments are expanded — a fragment spread twice counts twice, inline fragments are looked through', () => {
    // 2 × (a b) + c = 5
    expect(refusals('{ ...F ...F c } fragment F on Query { a b }', { fields: 5 })).toEqual([]);
    expect(refusals('{ ...F ...F c ... on Query { d } } fragment F on Query { a b }', { fields: 5 })).toEqual(
      refused('fields', 6, 5, 'Operation too complex: its field count (6) exceeds the maximum of 5'),
    );
    // F spreads G twice, G has 3 fields: 6
    expect(refusals('{ ...F } fragment F on Query { ...G ...G } fragment G on Query { a b c }', { fields: 5 })).toEqual(
      refused('fields', 6, 5, 'Operation too complex: its field count (6) exceeds the maximum of 5'),
    );
  });

  it('fields: thirty fragments each spreading the next twice are 2^30 fields, counted without expanding them (refused); a fragment cycle ends', () => {
    const chain = Array.from({ length: 30 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`).join('\n');
    expect(refusals(`{ ...F0 } ${chain} fragment F30 on Query { a }`, { fields: 500, cost: Infinity })).toEqual(
      refused('fields', 2 ** 30, 500, `Operation too complex: its field count (${2 ** 30}) exceeds the maximum of 500`),
    );
    // A → B → A: a and b once each (graphql-js's own rule refuses the cycle; the count does not loop)
    expect(refusals('{ ...A } fragment A on Query { a ...B } fragment B on Query { b ...A }', { fields: 2 })).toEqual([]);
  });

  it("cost (Armor's model): a leaf 1, an object 2 + 1.5 × its selections' cost, ×first/last — 14 accepted at a maximum of 14, 15 refused", () => {
    // four objects with one leaf: 4 × (2 + 1.5 × 1) = 14
    expect(refusals('{ t { n } u { n } v { n } w { n } }', { cost: 14 })).toEqual([]);
    expect(refusals('{ t { n } u { n } v { n } w { n } x }', { cost: 14 })).toEqual(refused('cost', 15, 14, 'Operation too complex: its cost (15) exceeds the maximum of 14'));
    // a list of first: 10: (2 + 1.5 × 1) × 10 = 35
    expect(refusals('{ list(first: 10) { n } }', { cost: 35 })).toEqual([]);
    expect(refusals('{ list(first: 10) { n } }', { cost: 34 })).toEqual(refused('cost', 35, 34, 'Operation too complex: its cost (35) exceeds the maximum of 34'));
  });

  it('cost: a fragment spread is 1 plus its fragment as an object at the same level: { ...F } with F = { t { n } } is 1 + (2 + 1.5 × 3.5) = 8.25', () => {
    expect(refusals('{ ...F } fragment F on Query { t { n } }', { cost: 9 })).toEqual([]);
    expect(refusals('{ ...F } fragment F on Query { t { n } }', { cost: 8 })).toEqual(refused('cost', 8.25, 8, 'Operation too complex: its cost (8.25) exceeds the maximum of 8'));
  });

  it('directives: each directive used — 2 accepted at a maximum of 2, 3 refused', () => {
    expect(refusals('{ a @include(if: true) b @skip(if: false) }', { directives: 2 })).toEqual([]);
    expect(refusals('{ a @include(if: true) b @skip(if: false) c @include(if: true) }', { directives: 2 })).toEqual(
      refused('directives', 3, 2, 'Operation too complex: its directive count (3) exceeds the maximum of 2'),
    );
  });

  it('every limit over at once: one refusal each', () => {
    const codes = refusals('{ x: a { y: b @include(if: true) { c } } }', { depth: 2, aliases: 1, fields: 2, cost: 5, directives: 0 }).map((e) => e.extensions.limit);
    expect(codes).toEqual(['depth', 'aliases', 'fields', 'cost', 'directives']);
  });

  it('tokens: what the parser counts (names, punctuation, values; not commas or comments); parse({maxTokens}) refuses one past', () => {
    expect(countTokens('{ a, b } # a comment')).toBe(4);
    expect(countTokens('query Q($v: Int = 3) { a(x: $v) { b } }')).toBe(22);
    expect(countTokens('{ a "unterminated')).toBe(2);
    expect(parse('{ a b }', { maxTokens: 4 }).definitions).toHaveLength(1);
    expect(() => parse('{ a b c }', { maxTokens: 4 })).toThrow('Syntax Error: Document contains more that 4 tokens. Parsing aborted.');
  });
});

/** What Apollo hands the formatter: its code over the error's own extensions. */
const asApollo = (e: GraphQLError, code: string): GraphQLFormattedError => ({ message: e.message, extensions: { ...e.extensions, code } });

describe('error formatting (formatGuardError)', () => {
  const format = formatGuardError({ maxTokens: 4, hideSuggestions: false });

  it("a limit rule's refusal, reported by Apollo as GRAPHQL_VALIDATION_FAILED, is QUERY_TOO_COMPLEX with limit, max and value", () => {
    const [error] = validate(SCHEMA, parse('{ a { b { c { d } } } }'), limitRules({ ...WIDE, depth: 3 }));
    expect(format(asApollo(error, 'GRAPHQL_VALIDATION_FAILED'), error)).toEqual({
      message: 'Operation too complex: its depth (4) exceeds the maximum of 3',
      extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'depth', max: 3, value: 4 },
    });
  });

  it("the parser's token limit (GRAPHQL_PARSE_FAILED) is QUERY_TOO_COMPLEX, limit tokens, with the document's whole token count", () => {
    let error: GraphQLError | undefined;
    try {
      parse('{ a b c d e f }', { maxTokens: 4 });
    } catch (err) {
      error = err as GraphQLError;
    }
    expect(error).toBeInstanceOf(GraphQLError);
    expect(format(asApollo(error!, 'GRAPHQL_PARSE_FAILED'), error)).toEqual({
      message: 'Operation too complex: its token count (8) exceeds the maximum of 4',
      extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'tokens', max: 4, value: 8 },
    });
  });

  it("Apollo's introspection refusal is INTROSPECTION_DISABLED with a message of the platform's", () => {
    const formatted = {
      message: 'GraphQL introspection is not allowed by Apollo Server, but the query contained __schema or __type. To enable introspection, pass introspection: true to ApolloServer in production',
      locations: [{ line: 1, column: 3 }],
      extensions: { validationErrorCode: 'INTROSPECTION_DISABLED', code: 'GRAPHQL_VALIDATION_FAILED' },
    };
    expect(format(formatted, undefined)).toEqual({
      message: 'Introspection is switched off on this server: __schema and __type cannot be queried',
      locations: [{ line: 1, column: 3 }],
      extensions: { code: 'INTROSPECTION_DISABLED' },
    });
  });

  it("GraphQL's other input errors are VALIDATION_ERROR; anything else passes as it is", () => {
    for (const code of ['GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED', 'BAD_USER_INPUT']) {
      expect(format({ message: 'm', extensions: { code } }, undefined)).toEqual({ message: 'm', extensions: { code: 'VALIDATION_ERROR' } });
    }
    expect(format({ message: 'Not found', extensions: { code: 'NOT_FOUND', limit: 'depth' } }, undefined)).toEqual({ message: 'Not found', extensions: { code: 'NOT_FOUND', limit: 'depth' } });
  });

  it('with suggestions hidden, every "Did you mean …?" is removed (fields, enum values, inline fragments); shown, they stay', () => {
    const hide = formatGuardError({ maxTokens: 4, hideSuggestions: true });
    const cases: [string, string][] = [
      ['Cannot query field "nme" on type "User". Did you mean "name"?', 'Cannot query field "nme" on type "User".'],
      ['Cannot query field "nme" on type "User". Did you mean "name" or "note"?', 'Cannot query field "nme" on type "User".'],
      [
        'Variable "$r" got invalid value "ADMN"; Value "ADMN" does not exist in "Role" enum. Did you mean the enum value "ADMIN"?',
        'Variable "$r" got invalid value "ADMN"; Value "ADMN" does not exist in "Role" enum.',
      ],
      ['Cannot query field "x" on type "Node". Did you mean to use an inline fragment on "User"?', 'Cannot query field "x" on type "Node".'],
    ];
    for (const [message, hidden] of cases) {
      expect(hide({ message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }, undefined).message).toBe(hidden);
      expect(format({ message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }, undefined).message).toBe(message);
    }
  });
});

describe("the bridge's route table against the default limits", () => {
  const margin = (n: number) => Math.floor((n * 2) / 3);
  const withMargin: OperationLimits = {
    depth: margin(GRAPHQL_LIMIT_DEFAULTS.depth),
    aliases: margin(GRAPHQL_LIMIT_DEFAULTS.aliases),
    fields: margin(GRAPHQL_LIMIT_DEFAULTS.fields),
    cost: margin(GRAPHQL_LIMIT_DEFAULTS.cost),
    tokens: margin(GRAPHQL_LIMIT_DEFAULTS.tokens),
    directives: margin(GRAPHQL_LIMIT_DEFAULTS.directives),
  };

  it('the defaults are the documented ones (docs/gateway.md)', () => {
    expect(GRAPHQL_LIMIT_DEFAULTS).toEqual({ depth: 12, aliases: 15, fields: 500, cost: 5000, tokens: 1000, directives: 50 });
  });

  it("every route's operation stays within two thirds of every default limit", () => {
    expect(routes.length).toBeGreaterThan(100);
    const over: string[] = [];
    for (const route of routes) {
      for (const e of validate(SCHEMA, parse(route.operation), limitRules({ ...withMargin, tokens: WIDE.tokens }))) over.push(`${route.method} ${route.path}: ${e.message}`);
      const tokens = countTokens(route.operation);
      if (tokens > withMargin.tokens) over.push(`${route.method} ${route.path}: ${tokens} tokens, over ${withMargin.tokens}`);
    }
    expect(over).toEqual([]);
  });
});

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
/** A manifest file with `content` (an object is written as JSON). */
function manifest(content: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'units-manifest-'));
  dirs.push(dir);
  const path = join(dir, 'operations.json');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const ME = '{ me { id } }';
// sha256sum of the exact text (printf '%s' '{ me { id } }' | sha256sum)
const ME_HASH = 'c53d78fa4c9c65a93967d42316fcd207fd611c7cac40a103820a866c3e5dd8f5';
const FRONT = 'query FrontEndMe { me { id } }';
const FRONT_HASH = '1399110cb2140584f676b1dec5a7777a68b087fbf818a5526e675c00e47c7520';

describe('persisted documents: the registry', () => {
  it("a document's name is the SHA-256 of its exact text, lower-case hex", () => {
    expect(documentHash(ME)).toBe(ME_HASH);
    expect(documentHash(FRONT)).toBe(FRONT_HASH);
  });

  it("holds every operation of the bridge's route table, and the tracking page's, under its hash", () => {
    const registry = OperationRegistry.load();
    for (const route of routes) expect(registry.get(documentHash(route.operation)), `${route.method} ${route.path}`).toBe(route.operation);
    // and the tracking page's one operation (rest-bridge/tracking-page.ts)
    expect(registry.get(documentHash(TRACKING_OPERATION))).toBe(TRACKING_OPERATION);
    expect(registry.size).toBe(new Set(routes.map((r) => r.operation)).size + 1);
    expect(registry.has(ME_HASH)).toBe(false);
  });

  it("adds the manifest's operations", () => {
    const registry = OperationRegistry.load(manifest({ [ME_HASH]: ME, [FRONT_HASH]: FRONT }));
    expect(registry.get(ME_HASH)).toBe(ME);
    expect(registry.get(FRONT_HASH)).toBe(FRONT);
    expect(registry.size).toBe(new Set(routes.map((r) => r.operation)).size + 1 + 2);
  });

  it('a bad manifest stops the start, naming the file and the entry', () => {
    const refusal = (content: unknown) => {
      const path = manifest(content);
      try {
        readManifest(path);
      } catch (err) {
        return (err as Error).message.replace(path, '<file>');
      }
      throw new Error('readManifest accepted it');
    };
    expect(refusal({ [ME_HASH]: FRONT })).toBe(`GRAPHQL_OPERATIONS_MANIFEST (<file>): entry ${ME_HASH}: the key is not the SHA-256 of its document (${FRONT_HASH})`);
    expect(refusal({ [ME_HASH.toUpperCase()]: ME })).toBe(`GRAPHQL_OPERATIONS_MANIFEST (<file>): key "${ME_HASH.toUpperCase()}" is not a lower-case hex SHA-256`);
    expect(refusal({ [ME_HASH]: 42 })).toBe(`GRAPHQL_OPERATIONS_MANIFEST (<file>): entry ${ME_HASH}: the document must be a non-empty string`);
    const broken = '{ me { id }';
    expect(refusal({ [documentHash(broken)]: broken })).toBe(`GRAPHQL_OPERATIONS_MANIFEST (<file>): entry ${documentHash(broken)}: Syntax Error: Expected Name, found <EOF>.`);
    expect(refusal([ME])).toBe('GRAPHQL_OPERATIONS_MANIFEST (<file>): must be a JSON object {"<sha256>": "<document>"}');
    expect(refusal('{ not json')).toBe('GRAPHQL_OPERATIONS_MANIFEST (<file>): is not JSON');
    expect(() => readManifest(join(tmpdir(), 'no-such-dir-for-manifest', 'm.json'))).toThrow(/^GRAPHQL_OPERATIONS_MANIFEST \(.*m\.json\): cannot be read \(ENOENT\)$/);
  });
});

describe('persisted documents: admission of a request', () => {
  const registry = OperationRegistry.load(manifest({ [ME_HASH]: ME }));
  const pq = (sha256Hash: string, extra: Record<string, unknown> = {}) => ({ persistedQuery: { version: 1, sha256Hash }, ...extra });

  it("a registered hash becomes the request's query; the request's other extensions stay", () => {
    expect(admit(registry, 'any', { extensions: pq(ME_HASH) })).toEqual({ ok: true, resolved: { query: ME, extensions: undefined } });
    expect(admit(registry, 'registered', { extensions: pq(ME_HASH, { trace: 1 }) })).toEqual({ ok: true, resolved: { query: ME, extensions: { trace: 1 } } });
    expect(admit(registry, 'any', { query: '', extensions: pq(ME_HASH.toUpperCase()) })).toEqual({ ok: true, resolved: { query: ME, extensions: undefined } });
  });

  it('an unknown hash is PERSISTED_QUERY_NOT_FOUND, in either mode', () => {
    for (const mode of ['any', 'registered'] as const) {
      expect(admit(registry, mode, { extensions: pq(FRONT_HASH) })).toEqual({
        ok: false,
        code: 'PERSISTED_QUERY_NOT_FOUND',
        message: 'No registered operation has this hash (extensions.persistedQuery.sha256Hash)',
      });
    }
  });

  it("a hash beside a text must be the text's; a persistedQuery of another shape or version is BAD_REQUEST", () => {
    expect(admit(registry, 'any', { query: FRONT, extensions: pq(ME_HASH) })).toEqual({
      ok: false,
      code: 'BAD_REQUEST',
      message: 'extensions.persistedQuery.sha256Hash is not the SHA-256 of the query sent with it',
    });
    expect(admit(registry, 'any', { query: ME, extensions: pq(ME_HASH) })).toEqual({ ok: true, resolved: { query: ME, extensions: undefined } });
    const shape = { ok: false, code: 'BAD_REQUEST', message: 'extensions.persistedQuery must be { "version": 1, "sha256Hash": "<SHA-256 of the document, hex>" }' };
    expect(admit(registry, 'any', { extensions: { persistedQuery: { version: 2, sha256Hash: ME_HASH } } })).toEqual(shape);
    expect(admit(registry, 'any', { extensions: { persistedQuery: { version: 1 } } })).toEqual(shape);
    expect(admit(registry, 'any', { extensions: { persistedQuery: 'x' } })).toEqual(shape);
  });

  it('registered mode: a registered text is accepted as it is, any other text is OPERATION_NOT_REGISTERED (also beside its own hash)', () => {
    expect(admit(registry, 'registered', { query: ME })).toEqual({ ok: true });
    const notRegistered = { ok: false, code: 'OPERATION_NOT_REGISTERED', message: 'This server runs registered operations only: send a registered operation by its hash (extensions.persistedQuery)' };
    expect(admit(registry, 'registered', { query: FRONT })).toEqual(notRegistered);
    expect(admit(registry, 'registered', { query: FRONT, extensions: pq(FRONT_HASH) })).toEqual(notRegistered);
    expect(admit(registry, 'registered', { query: `${ME} ` })).toEqual(notRegistered);
  });

  it('mode any: any text is accepted as it is; a request with neither text nor hash is left to Apollo', () => {
    expect(admit(registry, 'any', { query: FRONT })).toEqual({ ok: true });
    expect(admit(registry, 'registered', {})).toEqual({ ok: true });
    expect(admit(registry, 'registered', { query: 42 })).toEqual({ ok: true });
  });
});

describe('configuration of the guards (kernel/config.ts)', () => {
  const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
    const dir = mkdtempSync(join(tmpdir(), 'units-guards-config-'));
    dirs.push(dir);
    return { DATA_DIR: dir, JWT_SECRET: 'a'.repeat(32), INTERNAL_SECRET: 'b'.repeat(32), ...extra };
  };
  const refusal = (extra: Record<string, string>) => {
    try {
      loadConfig(env(extra));
    } catch (err) {
      return (err as Error).message;
    }
    throw new Error(`loadConfig accepted ${JSON.stringify(extra)}`);
  };

  it('defaults: the documented limits, any operation, no manifest, introspection on outside production', () => {
    const c = loadConfig(env());
    expect(c.graphqlLimits).toEqual({ depth: 12, aliases: 15, fields: 500, cost: 5000, tokens: 1000, directives: 50 });
    expect([c.GRAPHQL_OPERATIONS, c.GRAPHQL_OPERATIONS_MANIFEST, c.graphqlIntrospection]).toEqual(['any', undefined, true]);
  });

  it('each limit is set by its variable', () => {
    const c = loadConfig(env({ GRAPHQL_MAX_DEPTH: '3', GRAPHQL_MAX_ALIASES: '0', GRAPHQL_MAX_FIELDS: '10', GRAPHQL_MAX_COST: '14', GRAPHQL_MAX_TOKENS: '20', GRAPHQL_MAX_DIRECTIVES: '0' }));
    expect(c.graphqlLimits).toEqual({ depth: 3, aliases: 0, fields: 10, cost: 14, tokens: 20, directives: 0 });
  });

  it('introspection: off by default with NODE_ENV=production, on when set; GRAPHQL_INTROSPECTION=false turns it off anywhere', () => {
    expect(loadConfig(env({ NODE_ENV: 'production' })).graphqlIntrospection).toBe(false);
    expect(loadConfig(env({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' })).graphqlIntrospection).toBe(true);
    expect(loadConfig(env({ GRAPHQL_INTROSPECTION: 'false' })).graphqlIntrospection).toBe(false);
    expect(loadConfig(env({ GRAPHQL_INTROSPECTION: '0' })).graphqlIntrospection).toBe(false);
  });

  it('bad values stop the start, naming the variable', () => {
    expect(refusal({ GRAPHQL_OPERATIONS: 'trusted' })).toMatch(/^Invalid configuration:\n {2}GRAPHQL_OPERATIONS: /);
    expect(refusal({ GRAPHQL_MAX_DEPTH: '0' })).toMatch(/^Invalid configuration:\n {2}GRAPHQL_MAX_DEPTH: /);
    expect(refusal({ GRAPHQL_MAX_ALIASES: '-1' })).toMatch(/^Invalid configuration:\n {2}GRAPHQL_MAX_ALIASES: /);
    expect(refusal({ GRAPHQL_MAX_TOKENS: 'many' })).toMatch(/^Invalid configuration:\n {2}GRAPHQL_MAX_TOKENS: /);
    expect(refusal({ GRAPHQL_INTROSPECTION: 'yes' })).toMatch(/^Invalid configuration:\n {2}GRAPHQL_INTROSPECTION: /);
    expect(refusal({ GRAPHQL_OPERATIONS_MANIFEST: '' })).toMatch(/^Invalid configuration:\n {2}GRAPHQL_OPERATIONS_MANIFEST: /);
  });
});
