/**
 * The spec's wire rules as data (issue 32, item 1): what every REST answer of a family looks like, written once from
 * the spec's text (`../shared/spec/logistics-platform-interface.md`, sections cited by their headings) and, where the
 * spec leaves a choice open, from the answer docs/contract.md (and the family's doc) gives. Not from the bridge's
 * route table or its OpenAPI document: those are generated from the implementation, so a route that drifted from the
 * spec would document its own drift. `checkWire` judges one answer; test/support/validate-responses.ts applies it to
 * every bridge answer the e2e suite receives, so a route that disagrees fails the test that called it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The envelope of a family's answers. */
export type EnvelopeRule =
  /** spec "Errors": "User-management failures return {success false, message string}"; contract.md adds `code` */
  | 'user'
  /** spec "Errors": success {error false, status SUCCESS, data …}; failure {error true, status <CODE>, message} */
  | 'generic'
  /** spec "Events": result codes `CONNECTOR::CREATED`, `COVERAGE::UPDATED` as the success status, fields beside it */
  | 'result-code'
  /** spec §15: success {error false, status `<status>`, result {...}} */
  | 'utilities'
  /** spec §17: "Responses carry `error` boolean and `status` string in addition to the fields shown" (no `data`) */
  | 'queries';

/** How a family writes an instant on REST. */
export type InstantRule = 'iso' | 'epoch-ms' | 'unix-seconds';

export interface FamilyRule {
  /** The spec's name of the family (its section). */
  family: string;
  /** Where the rule comes from. */
  source: string;
  /** The spec's route groups it covers (docs/spec/routes.tsv, the spec's numbered sections). */
  groups: readonly number[];
  /** Paths outside routes.tsv it covers (the contract's extensions: `/v1/auth`, the events feed, …), by prefix. */
  paths: RegExp;
  envelope: EnvelopeRule;
  instants: InstantRule;
  /** Keys whose instants take another form than the family's (LSP record stamps `at.timestamp`: epoch ms). */
  instantKeys?: Readonly<Record<string, InstantRule>>;
  /** Failure codes this family may answer beyond the generic ones, with their HTTP statuses. */
  codes?: Readonly<Record<string, number>>;
  /** Success statuses of the generic envelope beyond `SUCCESS` (an empty result that is not a failure). */
  successStatuses?: readonly string[];
}

/**
 * Generic codes: spec "Errors", "Generic codes" (SUCCESS and CREATED are success statuses); contract.md "Error codes
 * and HTTP statuses" adds CONFLICT 409 (a taken key, a conflicting state), SERVICE_UNAVAILABLE 503 (a process or the
 * database unreachable) and IDEMPOTENCY_KEY_REUSED 422 ("Idempotency"), open to every family.
 */
export const GENERIC_CODES: Readonly<Record<string, number>> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  RATE_LIMIT_EXCEEDED: 429,
  INTERNAL_ERROR: 500,
  CONFLICT: 409,
  SERVICE_UNAVAILABLE: 503,
  IDEMPOTENCY_KEY_REUSED: 422,
};

/** spec "Utilities codes" (no HTTP column: contract.md gives 400, 422, 401 and 403). */
const UTILITY_CODES = {
  'UTILITY::VALIDATION_FAILED': 400,
  'UTILITY::CALCULATION_FAILED': 422,
  'UTILITY::ESTIMATION_FAILED': 422,
  'UTILITY::INSUFFICIENT_DATA': 422,
  'AUTH::INVALID_API_KEY': 401,
  'AUTH::UNAUTHORIZED': 403,
};

/** spec "Pipeline codes" (no HTTP column: contract.md's statuses). QUERY_NO_RESULTS is a success status (200). */
const PIPELINE_CODES = {
  TEMPLATE_INVALID: 400,
  PIPELINE_NOT_FOUND: 404,
  EXECUTION_FAILED: 422,
  STAGE_TIMEOUT: 504,
  WEBHOOK_FAILED: 502,
  RESOURCE_NOT_AVAILABLE: 503,
  CONCURRENCY_LIMIT: 429,
};

/** spec "Query codes", HTTP column (NO_RESULTS is 200: a success status). */
const QUERY_CODES = { CAPACITY_UNAVAILABLE: 503, PRICING_UNAVAILABLE: 503 };

/** The table, first match wins (the spec's base addresses; `/v1/auth` and the events feed are contract extensions). */
export const WIRE_RULES: readonly FamilyRule[] = [
  {
    family: 'User management',
    groups: [1],
    source: 'spec §1 and "Errors"; contract.md "Envelopes" (the authentication service, /v1/auth, answers as the user family)',
    paths: /^\/v1\/(users|auth)(\/|$)/,
    envelope: 'user',
    instants: 'iso',
  },
  {
    family: 'Connectors',
    groups: [3],
    source: 'spec §3 and "Events" (`CONNECTOR::CREATED` is a result code); contract.md "Envelopes", "Connectors"',
    paths: /^\/v1\/[^/]+\/[^/]+\/[^/]+\/connectors(\/|$)/,
    envelope: 'result-code',
    instants: 'iso',
  },
  {
    family: 'LSP coverage',
    groups: [5],
    source: 'spec §5, "Common objects" (record stamp `at.timestamp`: epoch milliseconds) and "Events" (`COVERAGE::UPDATED`); docs/lsp-coverage.md',
    paths: /^\/v1\/lsp\/coverage(\/|$)/,
    envelope: 'result-code',
    instants: 'iso',
    instantKeys: { timestamp: 'epoch-ms' },
  },
  {
    family: 'LSP fleets, warehouses, hubs and agents',
    groups: [6, 7, 8],
    source: 'spec §6–8 and "Common objects" (record stamps); docs/lsp.md (a vehicle allocation\'s `at`: epoch milliseconds, like the stamps)',
    paths: /^\/v1\/lsp(\/|$)/,
    envelope: 'generic',
    instants: 'iso',
    instantKeys: { timestamp: 'epoch-ms', at: 'epoch-ms' },
  },
  {
    family: 'Utilities',
    groups: [15],
    source:
      'spec §15 (success {error false, status, result}; `requestTime`, `departureTime`, `estimatedArrival`: Unix timestamps) and "Utilities codes"; docs/utilities.md (every instant in Unix seconds)',
    paths: /^\/realm\/utilities(\/|$)/,
    envelope: 'utilities',
    instants: 'unix-seconds',
    codes: UTILITY_CODES,
  },
  {
    family: 'Pipelines',
    groups: [16],
    source: 'spec §16 (lists {data, pagination}; log `timestamp number`) and "Pipeline codes"; docs/pipelines.md ("REST writes instants in epoch milliseconds")',
    paths: /^\/v1\/pipelines(\/|$)/,
    envelope: 'generic',
    instants: 'epoch-ms',
    // "created and updated = {at {timestamp number, datetime string, timezone string}, by string}" (Pipeline objects)
    instantKeys: { datetime: 'iso' },
    codes: PIPELINE_CODES,
    successStatuses: ['QUERY_NO_RESULTS'],
  },
  {
    family: 'Queries',
    groups: [17],
    source: 'spec §17 ("Responses carry `error` boolean and `status` string in addition to the fields shown") and "Query codes"; docs/queries.md (instants ISO-8601)',
    // the spec's base, and the aliases under /v1/realm/queries (docs/queries.md)
    paths: /^\/v1\/(realm\/)?queries(\/|$)/,
    envelope: 'queries',
    instants: 'iso',
    codes: QUERY_CODES,
    successStatuses: ['NO_RESULTS'],
  },
  {
    family: 'DEV developers and FAQs',
    groups: [10],
    source: 'spec §10 and "Errors"; contract.md "Error codes" (FAQ_LOCKED 409, docs/dev.md "States")',
    paths: /^\/v1\/devs\/|^\/v1\/lsps\/[^/]+\/faqs(\/|$)/,
    envelope: 'generic',
    instants: 'iso',
    codes: { FAQ_LOCKED: 409 },
  },
  {
    family: 'Client orders and CSP orders',
    groups: [9, 14],
    source: 'spec §9 and §14; contract.md "Error codes" (QUOTE_EXPIRED, QUOTE_INVALID 409, docs/orders.md)',
    paths: /^\/v1\/(order|client|rsps)\/|^\/v1\/lsps\/[^/]+\/orders(\/|$)/,
    envelope: 'generic',
    instants: 'iso',
    codes: { QUOTE_EXPIRED: 409, QUOTE_INVALID: 409 },
  },
  {
    family: 'Every other family (workspace, providers, access tokens, invitations, IoT, events)',
    groups: [2, 4, 11, 12, 13],
    source: 'spec "Errors" (the generic envelopes); contract.md "Envelopes"; docs/iot.md and docs/events.md (instants ISO-8601)',
    paths: /^\/v1\//,
    envelope: 'generic',
    instants: 'iso',
  },
];

/**
 * Routes whose answer differs from their family's rule, each with its reason. The events feed is a contract extension
 * over an append-only log: a cursor, not page numbers (docs/events.md "The feed": `pagination {next, hasMore}`).
 */
export const ROUTE_RULES: readonly { method: string; path: RegExp; pagination: 'cursor'; source: string }[] = [
  { method: 'GET', path: /^\/v1\/workspace\/[^/]+\/events$/, pagination: 'cursor', source: 'docs/events.md "The feed"' },
];

/** The spec's routes (docs/spec/routes.tsv: group, family, method, path), as patterns; literal segments first. */
const SPEC_ROUTES = readFileSync(fileURLToPath(new URL('../../docs/spec/routes.tsv', import.meta.url)), 'utf8')
  .split('\n')
  .slice(1)
  .filter(Boolean)
  .map((line) => {
    const [group, , method, path] = line.split('\t');
    const segments = path.split('/').filter(Boolean);
    return {
      group: Number(group),
      method,
      pattern: new RegExp(`^/${segments.map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`),
      literals: segments.filter((s) => !s.startsWith(':')).length,
    };
  })
  .sort((a, b) => b.literals - a.literals);

/**
 * The rule of a REST answer: by the spec route it answers (its group), else by the contract's extensions' prefixes;
 * undefined for what is no REST family's (`/openapi.json`, `/metrics`, pages).
 */
export function ruleOf(method: string, path: string): FamilyRule | undefined {
  const route = SPEC_ROUTES.find((r) => r.method === method && r.pattern.test(path));
  if (route) return WIRE_RULES.find((r) => r.groups.includes(route.group));
  return WIRE_RULES.find((r) => r.paths.test(path));
}

/**
 * Subtrees a caller wrote and the platform hands back as written (metadata, custom fields, a webhook receiver's answer,
 * an event's or a stage's free data): their values are not the family's instants.
 */
const CALLER_DATA = new Set(['metadata', 'customFields', 'preferences', 'response', 'headers', 'body', 'context', 'filters', 'capabilities', 'input', 'output', 'payload', 'config', 'specs']);

/** A key that names an instant (spec: `…At`, `timestamp`, `deletionDate`, `lastCheck`, `validUntil`, `estimatedArrival`, …). */
const INSTANT_KEY = /(At|Date|^timestamp|^lastCheck|^lastAttempt|^lastRun|^lastUpdated|^validUntil|^estimatedArrival|^at)$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
/** docs/graph-conventions.md "Scalars": ISO-8601 answered in UTC with milliseconds. */
const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A calendar day (ISO 8601 `YYYY-MM-DD`), not an instant: an LSP pricing rule's `validFrom`/`validUntil` (docs/lsp.md). */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function instantProblem(value: unknown, form: InstantRule): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return undefined;
  if (form === 'iso') return typeof value === 'string' && ISO_UTC_MS.test(value) ? undefined : `${JSON.stringify(value)} is not ISO-8601 UTC with milliseconds`;
  if (typeof value !== 'number' || !Number.isInteger(value)) return `${JSON.stringify(value)} is not a number of ${form}`;
  // milliseconds from 1973-03-03 (10^11: below it a number reads as seconds, as the utilities read their inputs,
  // docs/contract.md "Numbers") to the year 5138; seconds from 1970 (a caller's departure may be that early) to 5138
  const [lo, hi] = form === 'epoch-ms' ? [1e11, 1e14] : [0, 1e11];
  return value >= lo && value < hi ? undefined : `${value} is not in the range of ${form}`;
}

/** The spec's pagination (spec "Limits": response `pagination` {page, limit, total, pages, hasNext, hasPrevious}). */
function paginationProblems(p: unknown, at: string): string[] {
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return [`${at}: not an object`];
  const o = p as Record<string, unknown>;
  const problems: string[] = [];
  for (const k of ['page', 'limit', 'total', 'pages']) if (!Number.isInteger(o[k]) || (o[k] as number) < 0) problems.push(`${at}.${k}: ${JSON.stringify(o[k])} is not a whole number`);
  for (const k of ['hasNext', 'hasPrevious']) if (typeof o[k] !== 'boolean') problems.push(`${at}.${k}: ${JSON.stringify(o[k])} is not a boolean`);
  if (problems.length) return problems;
  const { page, limit, total, pages } = o as Record<string, number>;
  const { hasNext, hasPrevious } = o as Record<string, boolean>;
  if (page < 1 || limit < 1 || limit > 100) problems.push(`${at}: page ${page} / limit ${limit} outside page ≥ 1, 1 ≤ limit ≤ 100`);
  if (pages !== Math.ceil(total / limit)) problems.push(`${at}.pages: ${pages}, but ${total} items in pages of ${limit} make ${Math.ceil(total / limit)}`);
  if (hasNext !== page < pages) problems.push(`${at}.hasNext: ${hasNext} on page ${page} of ${pages}`);
  if (hasPrevious !== page > 1) problems.push(`${at}.hasPrevious: ${hasPrevious} on page ${page}`);
  return problems;
}

/** A cursor page (ROUTE_RULES): `{next string, hasMore boolean}`, `next` a decimal position. */
function cursorProblems(p: unknown, at: string): string[] {
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return [`${at}: not an object`];
  const o = p as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof o.next !== 'string' || !/^\d+$/.test(o.next)) problems.push(`${at}.next: ${JSON.stringify(o.next)} is not a cursor (a decimal string)`);
  if (typeof o.hasMore !== 'boolean') problems.push(`${at}.hasMore: ${JSON.stringify(o.hasMore)} is not a boolean`);
  return problems;
}

/** Walks the answer: instants in the family's form, and every `pagination` in the spec's shape (or the route's). */
function walk(value: unknown, rule: FamilyRule, at: string, key: string, problems: string[], cursor: boolean): void {
  if (CALLER_DATA.has(key)) return;
  if (key === 'pagination') {
    problems.push(...(cursor ? cursorProblems(value, at) : paginationProblems(value, at)));
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => walk(v, rule, `${at}.${i}`, key, problems, cursor));
    return;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) walk(v, rule, at ? `${at}.${k}` : k, k, problems, cursor);
    return;
  }
  const form = (key ? rule.instantKeys?.[key] : undefined) ?? rule.instants;
  const named = INSTANT_KEY.test(key);
  // an instant by its name, or a string written as one where the family writes numbers
  if (named && (typeof value === 'string' || typeof value === 'number')) {
    const problem = instantProblem(value, form);
    if (problem) problems.push(`${at}: ${problem} (${rule.family}: instants ${form})`);
  } else if (typeof value === 'string' && form !== 'iso' && ISO_INSTANT.test(value)) {
    problems.push(`${at}: ${JSON.stringify(value)} is an ISO-8601 instant (${rule.family}: instants ${form})`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What is wrong with one REST answer by the spec's wire rules (nothing: an empty list). */
export function checkWire(method: string, path: string, status: number, body: unknown): string[] {
  const rule = ruleOf(method, path);
  if (!rule || status === 204 || status === 304) return [];
  const where = `${method} ${path} → ${status}`;
  if (!isObject(body)) return [`${where}: the answer is not a JSON object (${rule.family}: ${rule.envelope} envelope)`];
  const problems: string[] = [];
  const failed = status >= 400;
  const codes = { ...GENERIC_CODES, ...rule.codes };
  const codeProblem = (code: unknown) =>
    typeof code !== 'string' || !(code in codes)
      ? `the code ${JSON.stringify(code)} is not one of ${rule.family}'s`
      : codes[code] !== status
        ? `${code} is HTTP ${codes[code]}, answered ${status}`
        : undefined;
  if (rule.envelope === 'user') {
    if (body.success !== !failed) problems.push(`success is ${JSON.stringify(body.success)} on HTTP ${status}`);
    if ('error' in body) problems.push('the user family has no `error` key');
    if (failed) {
      if (typeof body.message !== 'string' || !body.message) problems.push('a failure without `message`');
      const p = codeProblem(body.code);
      if (p) problems.push(p);
    }
  } else {
    if (body.error !== failed) problems.push(`error is ${JSON.stringify(body.error)} on HTTP ${status}`);
    if ('success' in body) problems.push(`the ${rule.envelope} envelope has no \`success\` key`);
    if (failed) {
      if (typeof body.message !== 'string' || !body.message) problems.push('a failure without `message`');
      const p = codeProblem(body.status);
      if (p) problems.push(p);
    } else if (rule.envelope === 'generic') {
      if (body.status !== 'SUCCESS' && !rule.successStatuses?.includes(body.status as string)) problems.push(`status ${JSON.stringify(body.status)} on success (the generic envelope's is SUCCESS)`);
      if (!('data' in body)) problems.push('a success without `data` (the generic envelope: {error false, status SUCCESS, data})');
    } else if (rule.envelope === 'queries') {
      if (body.status !== 'SUCCESS' && !rule.successStatuses?.includes(body.status as string)) problems.push(`status ${JSON.stringify(body.status)} on success`);
    } else if (rule.envelope === 'utilities') {
      if (typeof body.status !== 'string' || !/^UTILITY::[A-Z_]+$/.test(body.status)) problems.push(`status ${JSON.stringify(body.status)} is not a UTILITY:: result code`);
      if (!isObject(body.result)) problems.push('a success without `result` (spec §15: {error false, status, result {...}})');
    } else if (typeof body.status !== 'string' || !/^[A-Z]+::[A-Z_]+$/.test(body.status)) {
      problems.push(`status ${JSON.stringify(body.status)} is not a result code (FAMILY::RESULT)`);
    }
  }
  const cursor = ROUTE_RULES.some((r) => r.method === method && r.path.test(path) && r.pagination === 'cursor');
  if (!failed) walk(body, rule, '', '', problems, cursor);
  return problems.map((p) => `${where}: ${p}`);
}
