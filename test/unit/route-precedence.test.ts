import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../kernel/config.js';
import { createLogger } from '../../kernel/logger.js';
import type { RateLimits } from '../../kernel/ratelimit.js';
import { createBridge, registrationOrder } from '../../rest-bridge/bridge.js';
import { byPrecedence, matchRoute } from '../../rest-bridge/precedence.js';
import { routes, type RouteSpec } from '../../rest-bridge/routes/index.js';

/**
 * Route precedence (rest-bridge/precedence.ts): the bridge registers the route table in an explicit order — a literal
 * segment before a parameter, a parameter restricted by `paramValues` before an unrestricted one, the table's order
 * between routes of one shape — so that a request reaches the route written for it whatever the order of the family
 * files. Checked on synthetic pairs, on every entry of the table, on every row of the spec's route list, and on the
 * real bridge app (Express dispatching in-process, with stub rate limits: no database, no gateway call).
 */

/** The order the bridge registers, and so matches, the table in. */
const ordered = registrationOrder(routes);
const name = (r: RouteSpec) => `${r.method} ${r.path}`;
const shape = (path: string) => path.replace(/:\w+/g, ':');

/** The sample of an unrestricted parameter: a valid value that is no literal of any route. */
const SAMPLE = 'P1x';

/** A concrete request path for `template`, with the parameters' samples taken from `route` (the entry that serves it). */
const concrete = (template: string, route: RouteSpec) => {
  const own = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  let i = 0;
  return template.replace(/:\w+/g, () => route.paramValues?.[own[i++]]?.[0] ?? SAMPLE);
};

/** The routes before `route` in the precedence order that match `method path` too (each taken alone). */
const shadowing = (route: RouteSpec, method: string, path: string) => ordered.slice(0, ordered.indexOf(route)).filter((earlier) => matchRoute([earlier], method, path) === earlier);

describe('byPrecedence and matchRoute on synthetic routes', () => {
  const route = (method: RouteSpec['method'], path: string, paramValues?: RouteSpec['paramValues']): RouteSpec => ({
    method,
    path,
    paramValues,
    tag: 't',
    summary: path,
    envelope: 'generic',
    auth: 'set-a',
    operation: 'query Q { _ }',
    result: {},
  });

  it('a literal segment beats a parameter: /v1/iotsp/rules/:reference/connectors before /v1/:wid/:ctype/:xcode/connectors', () => {
    const generic = route('GET', '/v1/:wid/:ctype/:xcode/connectors');
    const iot = route('GET', '/v1/iotsp/rules/:reference/connectors');
    // in table order the generic route would take the request (the problem)
    expect(matchRoute([generic, iot], 'GET', '/v1/iotsp/rules/R1/connectors')).toBe(generic);
    expect(byPrecedence([generic, iot])).toEqual([iot, generic]);
    expect(matchRoute(byPrecedence([generic, iot]), 'GET', '/v1/iotsp/rules/R1/connectors')).toBe(iot);
    // the generic one still serves its own paths
    expect(matchRoute(byPrecedence([generic, iot]), 'GET', '/v1/W1/csp/X1/connectors')).toBe(generic);
  });

  it('a literal last segment beats a parameter: /rules/find before /rules/:reference', () => {
    const one = route('GET', '/v1/iotsp/rules/:reference');
    const find = route('GET', '/v1/iotsp/rules/find');
    expect(byPrecedence([one, find])).toEqual([find, one]);
    expect(matchRoute(byPrecedence([one, find]), 'GET', '/v1/iotsp/rules/find')).toBe(find);
    expect(matchRoute(byPrecedence([one, find]), 'GET', '/v1/iotsp/rules/FIND/')).toBe(find);
    expect(matchRoute(byPrecedence([one, find]), 'GET', '/v1/iotsp/rules/R1')).toBe(one);
  });

  it('paramValues: a restricted parameter beats an unrestricted one; two restricted ones keep the table order', () => {
    const operation = route('PATCH', '/v1/lsps/:icode/faqs/:reference/:operation', { operation: ['archive', 'restore'] });
    const lockstate = route('PATCH', '/v1/lsps/:icode/faqs/:reference/:lockstate', { lockstate: ['lock', 'unlock'] });
    const open = route('PATCH', '/v1/lsps/:icode/faqs/:reference/:lockstate');
    expect(byPrecedence([operation, lockstate])).toEqual([operation, lockstate]);
    expect(byPrecedence([lockstate, operation])).toEqual([lockstate, operation]);
    expect(byPrecedence([open, operation])).toEqual([operation, open]);
    const order = byPrecedence([operation, lockstate]);
    expect(matchRoute(order, 'PATCH', '/v1/lsps/I1/faqs/R1/archive')).toBe(operation);
    expect(matchRoute(order, 'PATCH', '/v1/lsps/I1/faqs/R1/Restore')).toBe(operation);
    expect(matchRoute(order, 'PATCH', '/v1/lsps/I1/faqs/R1/unlock')).toBe(lockstate);
    expect(matchRoute(order, 'PATCH', '/v1/lsps/I1/faqs/R1/other')).toBeUndefined();
    expect(matchRoute(order, 'GET', '/v1/lsps/I1/faqs/R1/lock')).toBeUndefined();
  });

  it('the sort is stable for one shape, total and deterministic, and leaves its argument alone', () => {
    const a = route('GET', '/v1/a/:x');
    const b = route('GET', '/v1/b/:y');
    const c = route('GET', '/v1/:z');
    const d = route('GET', '/v1/:z/d');
    const input = [d, a, c, b];
    expect(byPrecedence(input)).toEqual([a, b, c, d]);
    expect(input).toEqual([d, a, c, b]);
    expect(byPrecedence([b, a, d, c])).toEqual([b, a, c, d]);
  });

  it('an undecodable parameter stops at the first route whose template matches, as Express fails there', () => {
    const operation = route('PATCH', '/v1/f/:reference/:operation', { operation: ['archive'] });
    const open = route('PATCH', '/v1/f/:reference/:lockstate');
    expect(matchRoute([operation, open], 'PATCH', '/v1/f/R1/%E0%A4%A')).toBe(operation);
    expect(matchRoute([operation, open], 'PATCH', '/v1/f/R1/%6Cock')).toBe(open);
  });
});

describe('the route table in precedence order', () => {
  it('every template is literal segments and `:name` parameters only (no optional or wildcard part)', () => {
    const odd = routes.filter((r) => !/^(\/(:\w+|[A-Za-z0-9._~-]+))+$/.test(r.path)).map(name);
    expect(odd).toEqual([]);
  });

  it(`the parameter sample ${SAMPLE} is no literal of any route, and every paramValues names a parameter of its path`, () => {
    const literals = new Set(routes.flatMap((r) => r.path.split('/').filter((s) => s && !s.startsWith(':'))).map((s) => s.toLowerCase()));
    expect(literals.has(SAMPLE.toLowerCase())).toBe(false);
    for (const r of routes) for (const p of Object.keys(r.paramValues ?? {})) expect(r.path, name(r)).toContain(`:${p}`);
  });

  it('is a reordering of the whole table', () => {
    expect(ordered).toHaveLength(routes.length);
    expect(new Set(ordered)).toEqual(new Set(routes));
  });

  it('every entry serves its own sample path, and no entry before it in the order matches that path', () => {
    const wrong: string[] = [];
    for (const route of ordered) {
      const path = concrete(route.path, route);
      const got = matchRoute(ordered, route.method, path);
      if (got !== route) wrong.push(`${route.method} ${path}: served by ${got ? name(got) : 'nothing'}, not ${name(route)}`);
      for (const earlier of shadowing(route, route.method, path)) wrong.push(`${route.method} ${path}: ${name(earlier)} (earlier) shadows ${name(route)}`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it('routes of one shape keep the table order, so the OpenAPI document’s first of a shape is the one matched first', () => {
    const swapped: string[] = [];
    routes.forEach((r, i) =>
      routes.slice(i + 1).forEach((later) => {
        if (r.method === later.method && shape(r.path) === shape(later.path) && ordered.indexOf(later) < ordered.indexOf(r)) swapped.push(`${name(later)} before ${name(r)}`);
      }),
    );
    expect(swapped, swapped.join('\n')).toEqual([]);
  });
});

describe('every row of the spec’s route list (docs/spec/routes.tsv)', () => {
  const rows = readFileSync(new URL('../../docs/spec/routes.tsv', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .map(([group, family, method, path, credentials]) => ({ group, family, method, path, credentials }));

  /** The table entry of a spec row: the same method and template, else the only one of the same shape. */
  const entryOf = (row: { method: string; path: string }) => {
    const exact = routes.find((r) => r.method === row.method && r.path === row.path);
    if (exact) return exact;
    const same = routes.filter((r) => r.method === row.method && shape(r.path) === shape(row.path));
    expect(same.length, `${row.method} ${row.path} matches several entries by shape: ${same.map(name).join(', ')}`).toBeLessThan(2);
    return same[0];
  };

  it('the list reads (groups, methods, templates)', () => {
    expect(rows.length).toBeGreaterThan(200);
    for (const r of rows) {
      expect(r.group, JSON.stringify(r)).toMatch(/^\d+$/);
      expect(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']).toContain(r.method);
      expect(r.path).toMatch(/^(\/(:\w+|[A-Za-z0-9._~-]+))+$/);
    }
  });

  it('each served row is answered by its entry, and no entry before it in the order matches its path', () => {
    const wrong: string[] = [];
    for (const row of rows) {
      const entry = entryOf(row);
      if (!entry) continue;
      const path = concrete(row.path, entry);
      const got = matchRoute(ordered, row.method, path);
      if (got !== entry) wrong.push(`${row.method} ${path} (group ${row.group}): served by ${got ? name(got) : 'nothing'}, not ${name(entry)}`);
      for (const earlier of shadowing(entry, row.method, path)) wrong.push(`${row.method} ${path}: ${name(earlier)} (earlier) shadows ${name(entry)}`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it('the rows not served yet are exactly the rows of the groups not served yet (no group is served in part)', () => {
    const unserved = rows.filter((r) => !entryOf(r));
    const servedGroups = new Set(rows.filter((r) => entryOf(r)).map((r) => r.group));
    const ofUnservedGroups = rows.filter((r) => !servedGroups.has(r.group));
    const line = (r: (typeof rows)[number]) => `${r.group} ${r.method} ${r.path}`;
    expect(unserved.map(line)).toEqual(ofUnservedGroups.map(line));
    expect(servedGroups.size).toBeGreaterThan(0);
  });
});

describe('the bridge registers the table in precedence order (the real Express app)', () => {
  const lines: { reqId?: string; route?: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as { reqId?: string; route?: string });
      done();
    },
  });
  // every request is refused by the (stub) rate limits once its route is known: nothing reaches the gateway
  const limits = {
    callerKey: async () => 'route-precedence',
    check: async () => ({ limit: 1, remaining: 0, reset: 0, blocked: true }),
    ready: async () => true,
  } as unknown as RateLimits;
  const config = loadConfig({ DATA_DIR: '/tmp/route-precedence-unit', JWT_SECRET: 'x'.repeat(32), INTERNAL_SECRET: 'y'.repeat(32) });
  const app = createBridge(config, { log: createLogger('bridge', 'info', sink), limits });
  let server: ReturnType<typeof app.listen>;
  let base = '';

  beforeAll(async () => {
    server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('the app’s route layers are registrationOrder(routes), which is byPrecedence(routes)', () => {
    const stack = (app as unknown as { router: { stack: { route?: { path: unknown; methods: Record<string, boolean> } }[] } }).router.stack;
    const table = new Set(routes.map(name));
    const registered = stack
      .filter((l) => typeof l.route?.path === 'string')
      .map((l) => `${Object.keys(l.route!.methods)[0].toUpperCase()} ${String(l.route!.path)}`)
      .filter((n) => table.has(n));
    expect(registered).toEqual(ordered.map(name));
    expect(ordered).toEqual(byPrecedence(routes));
  });

  it('Express serves each entry’s sample path with the route matchRoute picks', async () => {
    const wrong: string[] = [];
    for (const route of ordered) {
      const path = concrete(route.path, route);
      const res = await fetch(`${base}${path}`, { method: route.method });
      await res.arrayBuffer();
      const id = res.headers.get('x-request-id');
      const line = await vi.waitFor(() => {
        const found = lines.find((l) => l.reqId === id && l.route !== undefined);
        if (!found) throw new Error(`no access-log line for ${id}`);
        return found;
      });
      if (res.status !== 429 || line.route !== name(route)) wrong.push(`${route.method} ${path}: ${res.status} by ${line.route}, not ${name(route)}`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});
