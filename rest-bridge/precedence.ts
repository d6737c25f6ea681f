/**
 * Route precedence: the order in which the bridge registers (and so Express matches) the route table, made explicit
 * instead of following the order in which rest-bridge/routes/index.ts happens to concatenate the family files.
 *
 * The rule (docs/contract.md, "Route precedence"): two route templates are compared segment by segment from the left;
 * at the first segment where they differ in kind, a literal segment wins over a parameter (`/v1/iotsp/…` is tried
 * before `/v1/:wid/…`, `/rules/find` before `/rules/:reference`), and a parameter restricted by `paramValues` wins
 * over an unrestricted one in the same place (`…/:reference/:operation` taking archive|restore before
 * `…/:reference/:lockstate`). Templates of the same shape (the same kind at every segment) keep the table's order:
 * the sort is stable. The route table has no optional or wildcard segments, so templates of different lengths never
 * match the same request path; between them the shorter prefix of kinds comes first, only to keep the order total
 * and deterministic. The method takes no part in the order (routes of different methods never compete).
 *
 * Matching (`matchRoute`, and the bridge's own `next('route')` for `paramValues`) follows Express 5: a template
 * matches a request path case-insensitively, with an optional trailing slash, each parameter taking one non-empty
 * segment; a route with `paramValues` takes only those values (any case) and passes any other to the next route.
 */
import type { RouteSpec } from './routes/types.js';

/** The kind of a template segment, in precedence order: a literal, a parameter with `paramValues`, any parameter. */
const LITERAL = 0;
const RESTRICTED = 1;
const PARAMETER = 2;

/** A template's segments (`/v1/:wid/csp` → `v1`, `:wid`, `csp`). */
const segmentsOf = (path: string): string[] => path.split('/').slice(1);

/** The kind of each segment of a route's template: the key `byPrecedence` sorts by. */
export const precedenceKey = (route: RouteSpec): number[] =>
  segmentsOf(route.path).map((segment) => (!segment.startsWith(':') ? LITERAL : route.paramValues?.[segment.slice(1)] ? RESTRICTED : PARAMETER));

/** Orders two keys: the first segment whose kind differs decides; else the shorter key first; else a tie (0). */
function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** The routes in matching order (the rule above); a new array, the table itself is left as it is. */
export function byPrecedence(routes: readonly RouteSpec[]): RouteSpec[] {
  return routes
    .map((route, index) => ({ route, index, key: precedenceKey(route) }))
    .sort((a, b) => compareKeys(a.key, b.key) || a.index - b.index)
    .map((r) => r.route);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route's path template as a regular expression over request paths, one capture group per parameter. */
export const pathPattern = (route: RouteSpec): RegExp =>
  new RegExp(
    `^${route.path
      .split(/(:\w+)/)
      .map((part, i) => (i % 2 ? '([^/]+)' : escapeRegExp(part)))
      .join('')}/?$`,
    'i',
  );

const compiled = new WeakMap<RouteSpec, { re: RegExp; names: string[] }>();
const compiledOf = (route: RouteSpec) => {
  let c = compiled.get(route);
  if (!c) compiled.set(route, (c = { re: pathPattern(route), names: [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]) }));
  return c;
};

/** Whether the path parameters are values the route takes (`paramValues`, any case). */
export const takesParams = (route: RouteSpec, params: Record<string, string>): boolean =>
  Object.entries(route.paramValues ?? {}).every(([name, values]) => values.includes(String(params[name] ?? '').toLowerCase()));

/**
 * The route that serves `method path` when `routes` are registered in this order, as Express would pick it: the
 * first whose method and template match and which takes the parameters' values (`paramValues`). A GET route also
 * serves HEAD. A parameter that is not valid percent-encoding makes Express fail on the first route whose template
 * matches: that route is the answer (the bridge answers the error in its envelope).
 */
export function matchRoute(routes: readonly RouteSpec[], method: string, path: string): RouteSpec | undefined {
  const m = method.toUpperCase();
  for (const route of routes) {
    if (route.method !== m && !(m === 'HEAD' && route.method === 'GET')) continue;
    const { re, names } = compiledOf(route);
    const found = re.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    try {
      names.forEach((name, i) => (params[name] = decodeURIComponent(found[i + 1])));
    } catch {
      return route;
    }
    if (takesParams(route, params)) return route;
  }
  return undefined;
}
