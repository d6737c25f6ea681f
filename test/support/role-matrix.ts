/**
 * The role matrix as data (issue 11): who may call which route of the workspace and LSP families.
 *
 * - The ROLE COLUMNS come from the documents, parsed at test time: the permission table of docs/roles.md (which
 *   workspace role holds which permission) and its "In the provider families" paragraph (which role may read, write
 *   or delete as an LSP). If a document changes, the tests follow it; if the code disagrees with it, they fail.
 * - The ROUTE ROWS are written here: every served route of those families with the permission it needs (workspace
 *   family, docs/roles.md "What it covers") or the kind of LSP action it is (read, write, delete), and its success
 *   answer (docs/contract.md, docs/lsp.md, docs/lsp-coverage.md). test/role-matrix.e2e.test.ts checks that this list
 *   and the bridge's served routes of these families (and routes.tsv) are the same set, so a new route without an entry
 *   fails.
 */

// ───────────────────────────── docs/roles.md: the permission table ─────────────────────────────

export interface PermissionTable {
  /** The role columns, in the document's order. */
  roles: string[];
  /** permission → the roles holding it (✓). */
  grants: Map<string, Set<string>>;
}

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

/** The table headed `| Permission | What it covers | OWNER | … |`; every role cell is ✓ or blank. */
export function parsePermissionTable(markdown: string): PermissionTable {
  const lines = markdown.split('\n').map((l) => l.trim());
  const at = lines.findIndex((l) => /^\|\s*Permission\s*\|/.test(l));
  if (at < 0) throw new Error('docs/roles.md: no table with a Permission column');
  const header = cellsOf(lines[at]);
  if (header[1] !== 'What it covers') throw new Error(`docs/roles.md: second column is "${header[1]}", expected "What it covers"`);
  const roles = header.slice(2);
  if (!cellsOf(lines[at + 1] ?? '').every((c) => /^:?-+:?$/.test(c))) throw new Error('docs/roles.md: no separator row under the header');
  const grants = new Map<string, Set<string>>();
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith('|')) break;
    const row = cellsOf(line);
    if (row.length !== header.length) throw new Error(`docs/roles.md: ${row.length} cells where the header has ${header.length}: ${line}`);
    const permission = row[0].replace(/`/g, '');
    if (grants.has(permission)) throw new Error(`docs/roles.md: ${permission} twice`);
    const marks = row.slice(2);
    marks.forEach((m) => {
      if (m !== '✓' && m !== '') throw new Error(`docs/roles.md: cell "${m}" in ${permission}`);
    });
    grants.set(permission, new Set(roles.filter((_, i) => marks[i] === '✓')));
  }
  return { roles, grants };
}

// ───────────────────────────── docs/roles.md: the LSP family ─────────────────────────────

export const LSP_ACTIONS = ['read', 'write', 'delete'] as const;
export type LspAction = (typeof LSP_ACTIONS)[number];
export type LspRules = Record<LspAction, Set<string>>;

const VERBS: Record<string, LspAction> = { read: 'read', reads: 'read', write: 'write', writes: 'write', delete: 'delete', deletes: 'delete' };

/**
 * The sentence of docs/roles.md "In the provider families" that starts `LSP family (…):`, e.g.
 * "OWNER, ADMIN and MANAGER read, write and delete; SUPERVISOR and COORDINATOR read and write; DEVELOPER reads only."
 * Clauses are separated by `;`; each names roles (upper case) and verbs (read, write, delete). Anything else is an
 * error, so a reworded sentence fails loudly instead of granting nothing.
 */
export function parseLspRules(markdown: string, roles: string[]): LspRules {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('In the provider families'));
  if (!section) throw new Error('docs/roles.md: no section "In the provider families"');
  const m = /LSP family\b[^:]*:\s*([^.]+)\./.exec(section.replace(/\s+/g, ' '));
  if (!m) throw new Error('docs/roles.md: no sentence "LSP family (…): …."');
  const rules: LspRules = { read: new Set(), write: new Set(), delete: new Set() };
  const seen = new Set<string>();
  for (const clause of m[1].split(';')) {
    const words = clause.replace(/,/g, ' ').trim().split(/\s+/);
    const who = words.filter((w) => /^[A-Z]+$/.test(w));
    const what = words.filter((w) => !/^[A-Z]+$/.test(w) && w !== 'and' && w !== 'only');
    if (!who.length) throw new Error(`docs/roles.md: LSP clause without a role: "${clause}"`);
    for (const w of what) if (!VERBS[w]) throw new Error(`docs/roles.md: LSP clause "${clause}": unknown word "${w}"`);
    for (const r of who) {
      if (!roles.includes(r)) throw new Error(`docs/roles.md: LSP clause names ${r}, not a role of the table`);
      if (seen.has(r)) throw new Error(`docs/roles.md: LSP clauses name ${r} twice`);
      seen.add(r);
      for (const w of what) rules[VERBS[w]].add(r);
    }
  }
  const missing = roles.filter((r) => !seen.has(r));
  if (missing.length) throw new Error(`docs/roles.md: the LSP sentence does not say what ${missing.join(', ')} may do`);
  return rules;
}

/**
 * docs/lsp.md "Who may do what": `| Role (…) | read | create / update | delete |`, rows like `| OWNER, ADMIN, MANAGER | ✓ | ✓ | ✓ |`.
 * Parsed only to check that the two documents agree.
 */
export function parseLspDocTable(markdown: string): LspRules {
  const lines = markdown.split('\n').map((l) => l.trim());
  const at = lines.findIndex((l) => /^\|\s*Role\b/.test(l));
  if (at < 0) throw new Error('docs/lsp.md: no table with a Role column');
  const header = cellsOf(lines[at]);
  const columns: LspAction[] = header.slice(1).map((h) =>
    h === 'read'
      ? 'read'
      : h === 'create / update'
        ? 'write'
        : h === 'delete'
          ? 'delete'
          : (() => {
              throw new Error(`docs/lsp.md: column "${h}"`);
            })(),
  );
  const rules: LspRules = { read: new Set(), write: new Set(), delete: new Set() };
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith('|')) break;
    const [who, ...marks] = cellsOf(line);
    for (const role of who.split(',').map((r) => r.trim())) {
      marks.forEach((mark, i) => {
        if (mark !== '✓' && mark !== '') throw new Error(`docs/lsp.md: cell "${mark}"`);
        if (mark === '✓') rules[columns[i]].add(role);
      });
    }
  }
  return rules;
}

// ───────────────────────────── the routes ─────────────────────────────

/**
 * Which credential a route is called with (header set A): the member's user token, a provider-context token of theirs,
 * or (`invitee`) the own user token of someone accepting an invitation, who holds no role yet.
 */
export type Credential = 'user' | 'csp-context' | 'lsp-context' | 'invitee';

export interface Success {
  /** HTTP status on success (docs/contract.md: creation 201, everything else 200; 202 where work is queued: a webhook's test event and replays). */
  status: 200 | 201 | 202 | 204;
  /** Result-envelope families (connectors, coverage): the status string on success. Absent: `SUCCESS`, generic envelope. */
  result?: string;
}

export interface WorkspaceRoute extends Success {
  method: string;
  path: string;
  credential: Credential;
  /** The docs/roles.md permission the route needs; `null` when no workspace role applies (then `why`). */
  permission: string | null;
  why?: string;
}

export interface LspRoute extends Success {
  method: string;
  path: string;
  credential: Credential;
  /** What the route does to LSP records (docs/roles.md "In the provider families"); `null` when no role applies (then `why`). */
  action: LspAction | null;
  why?: string;
}

const OK = { status: 200 } as const;
const CREATED = { status: 201 } as const;
const ACCEPTED = { status: 202 } as const;
const ws = (method: string, path: string, permission: string | null, success: Success = OK, why?: string): WorkspaceRoute => ({
  method,
  path,
  credential: 'user',
  permission,
  ...success,
  ...(why ? { why } : {}),
});

/** Workspace family: workspaces, members, API keys, the event feed and webhooks (docs/contract.md "Workspaces", docs/events.md). */
const WORKSPACE: WorkspaceRoute[] = [
  ws('POST', '/v1/workspace', null, CREATED, 'any signed-in user creates a workspace of their own and becomes its OWNER'),
  ws('GET', '/v1/workspace', null, OK, "the caller's own memberships, each with the caller's role"),
  ws('GET', '/v1/workspace/:wid', 'workspace.read'),
  ws('PATCH', '/v1/workspace/:wid', 'workspace.update'),
  ws('DELETE', '/v1/workspace/:wid', 'workspace.delete'),
  ws('GET', '/v1/workspace/:wid/members', 'members.read'),
  ws('PATCH', '/v1/workspace/:wid/members/:userId', 'members.manage'),
  ws('DELETE', '/v1/workspace/:wid/members/:userId', 'members.manage'),
  ws('POST', '/v1/workspace/:wid/api-keys', 'apikeys.manage', CREATED),
  ws('GET', '/v1/workspace/:wid/api-keys', 'apikeys.read'),
  ws('DELETE', '/v1/workspace/:wid/api-keys/:id', 'apikeys.manage'),
  ws('GET', '/v1/workspace/:wid/events', 'events.read'),
  ws('POST', '/v1/workspace/:wid/webhooks', 'webhooks.manage', CREATED),
  ws('GET', '/v1/workspace/:wid/webhooks', 'webhooks.manage'),
  ws('GET', '/v1/workspace/:wid/webhooks/:id', 'webhooks.manage'),
  ws('PATCH', '/v1/workspace/:wid/webhooks/:id', 'webhooks.manage'),
  ws('DELETE', '/v1/workspace/:wid/webhooks/:id', 'webhooks.manage'),
  ws('POST', '/v1/workspace/:wid/webhooks/:id/disable', 'webhooks.manage'),
  ws('POST', '/v1/workspace/:wid/webhooks/:id/enable', 'webhooks.manage'),
  ws('POST', '/v1/workspace/:wid/webhooks/:id/secret/rotate', 'webhooks.manage'),
  ws('POST', '/v1/workspace/:wid/webhooks/:id/test', 'webhooks.manage', ACCEPTED),
  ws('GET', '/v1/workspace/:wid/webhooks/:id/deliveries', 'webhooks.manage'),
  ws('POST', '/v1/workspace/:wid/webhooks/:id/deliveries/:deliveryId/replay', 'webhooks.manage', ACCEPTED),
  ws('POST', '/v1/workspace/:wid/webhooks/:id/replay', 'webhooks.manage', ACCEPTED),
];

export const PROVIDER_KINDS = ['csp', 'dev', 'lsp', 'iotsp'] as const;

/** Group 2: providers of each kind, and the provider-context token (docs/contract.md "Providers"). */
const PROVIDERS: WorkspaceRoute[] = PROVIDER_KINDS.flatMap((k) => [
  ws('POST', `/v1/:wid/${k}/setup`, 'providers.write', CREATED),
  ws('GET', `/v1/:wid/${k}s`, 'providers.read'),
  ws('GET', `/v1/:wid/${k}/:xcode`, 'providers.read'),
  ws('GET', `/v1/:wid/${k}/:xcode/context`, 'providers.context'),
  ws('PATCH', `/v1/:wid/${k}/:xcode`, 'providers.write'),
  ws('DELETE', `/v1/:wid/${k}/:xcode`, 'providers.delete'),
]);

const C = '/v1/:wid/:ctype/:xcode/connectors';
/** Group 3: connectors, result envelope `CONNECTOR::…` (docs/contract.md "Connectors"). */
const CONNECTORS: WorkspaceRoute[] = [
  ws('POST', C, 'connectors.manage', { status: 201, result: 'CONNECTOR::CREATED' }),
  ws('GET', C, 'connectors.read', { status: 200, result: 'CONNECTOR::LISTED' }),
  ws('GET', `${C}/:id`, 'connectors.read', { status: 200, result: 'CONNECTOR::FETCHED' }),
  ws('PATCH', `${C}/:id`, 'connectors.manage', { status: 200, result: 'CONNECTOR::UPDATED' }),
  ws('PATCH', `${C}/:id/:action`, 'connectors.manage', { status: 200, result: 'CONNECTOR::UPDATED' }),
  ws('PATCH', `${C}/:id/access`, 'connectors.manage', { status: 200, result: 'CONNECTOR::ACCESS_UPDATED' }),
  ws('PATCH', `${C}/:id/secret/rotate`, 'connectors.manage', { status: 200, result: 'CONNECTOR::SECRET_ROTATED' }),
  ws('PUT', `${C}/:id/config`, 'connectors.manage', { status: 200, result: 'CONNECTOR::CONFIG_UPDATED' }),
  ws('PATCH', `${C}/:id/config`, 'connectors.manage', { status: 200, result: 'CONNECTOR::CONFIG_UPDATED' }),
  ws('DELETE', `${C}/:id`, 'connectors.manage', { status: 200, result: 'CONNECTOR::DELETED' }),
];

/** Group 9, invitations: sent and cancelled from a CSP context (docs/contract.md "CSP invitations"). */
const INVITATIONS: WorkspaceRoute[] = [
  { ...ws('POST', '/v1/csp/invitation/:as', 'invitations.manage', CREATED), credential: 'csp-context' },
  { ...ws('DELETE', '/v1/csp/invitation', 'invitations.manage'), credential: 'csp-context' },
  { ...ws('POST', '/v1/csp/invitation/accept', null, OK, 'the invitee accepts with their own user token, before they hold a role (every member of the test joins through it)'), credential: 'invitee' },
];

export const WORKSPACE_ROUTES: WorkspaceRoute[] = [...WORKSPACE, ...PROVIDERS, ...CONNECTORS, ...INVITATIONS];

const lsp = (method: string, path: string, action: LspAction | null, success: Success = OK, why?: string): LspRoute => ({
  method,
  path,
  credential: 'lsp-context',
  action,
  ...success,
  ...(why ? { why } : {}),
});
const cov = (method: string, path: string, action: LspAction, result: string, status: 200 | 201 = 200) => lsp(method, `/v1/lsp/coverage${path}`, action, { status, result });
const V = '/v1/lsp/fleets/:id/vehicles/:vid';

/** Groups 5–8 and the agent invitations, with an LSP provider-context token (docs/lsp.md, docs/lsp-coverage.md). */
export const LSP_ROUTES: LspRoute[] = [
  // group 5: coverage (result envelope COVERAGE::…)
  cov('POST', '/areas/:type', 'write', 'COVERAGE::CREATED', 201),
  cov('GET', '/areas/:id', 'read', 'COVERAGE::FETCHED'),
  cov('GET', '/areas', 'read', 'COVERAGE::LISTED'),
  cov('PATCH', '/areas/:id/:type', 'write', 'COVERAGE::UPDATED'),
  cov('PUT', '/areas/:id/link', 'write', 'COVERAGE::UPDATED'),
  cov('PATCH', '/areas/:id/unlink', 'write', 'COVERAGE::UPDATED'),
  cov('DELETE', '/areas/:id', 'delete', 'COVERAGE::DELETED'),
  cov('POST', '/routes/:type', 'write', 'COVERAGE::CREATED', 201),
  cov('GET', '/routes/:id', 'read', 'COVERAGE::FETCHED'),
  cov('GET', '/routes', 'read', 'COVERAGE::LISTED'),
  cov('PATCH', '/routes/:id/:type', 'write', 'COVERAGE::UPDATED'),
  cov('PUT', '/routes/:id/transit-point', 'write', 'COVERAGE::UPDATED'),
  cov('PATCH', '/routes/:id/transit-point', 'write', 'COVERAGE::UPDATED'),
  cov('DELETE', '/routes/:id', 'delete', 'COVERAGE::DELETED'),
  cov('GET', '', 'read', 'COVERAGE::LISTED'),
  // group 6: fleets, vehicles, parking
  lsp('POST', '/v1/lsp/fleets/create', 'write', CREATED),
  lsp('GET', '/v1/lsp/fleets/:id', 'read'),
  lsp('GET', '/v1/lsp/fleets', 'read'),
  lsp('PATCH', '/v1/lsp/fleets/:id', 'write'),
  lsp('DELETE', '/v1/lsp/fleets/:id', 'delete'),
  lsp('POST', '/v1/lsp/fleets/:id/vehicles/add', 'write', CREATED),
  lsp('GET', V, 'read'),
  lsp('GET', '/v1/lsp/fleets/:id/vehicles', 'read'),
  lsp('PATCH', V, 'write'),
  lsp('PATCH', `${V}/specs`, 'write'),
  lsp('PATCH', `${V}/iot`, 'write'),
  lsp('PUT', `${V}/allocate`, 'write'),
  lsp('PATCH', `${V}/deallocate`, 'write'),
  lsp('DELETE', V, 'delete'),
  lsp('POST', '/v1/lsp/fleet/parking/facilities', 'write', CREATED),
  lsp('GET', '/v1/lsp/fleet/parking/facilities/:id', 'read'),
  lsp('GET', '/v1/lsp/fleet/parking/facilities', 'read'),
  lsp('DELETE', '/v1/lsp/fleet/parking/facilities/:id', 'delete'),
  // group 7: warehouses and hubs
  ...(['warehouses', 'hubs'] as const).flatMap((k) => [
    lsp('POST', `/v1/lsp/${k}/create`, 'write', CREATED),
    lsp('GET', `/v1/lsp/${k}/:id`, 'read'),
    lsp('GET', `/v1/lsp/${k}`, 'read'),
    lsp('PATCH', `/v1/lsp/${k}/:id`, 'write'),
    lsp('DELETE', `/v1/lsp/${k}/:id`, 'delete'),
    lsp('PUT', `/v1/lsp/${k}/:id/pricing/:action`, 'write'),
  ]),
  // group 8: agents, and how they come in (docs/lsp.md "Agents")
  lsp('POST', '/v1/lsp/agents/invitations', 'write', CREATED),
  {
    ...lsp('POST', '/v1/lsp/agents/invitations/accept', null, CREATED, 'the person accepts with their own user token, not as the LSP (the agents of the test come in through it)'),
    credential: 'invitee',
  },
  lsp('GET', '/v1/lsp/agents', 'read'),
  lsp('GET', '/v1/lsp/agents/:id', 'read'),
  lsp('PATCH', '/v1/lsp/agents/:id', 'write'),
  lsp('PUT', '/v1/lsp/agents/:id/vehicle/assign', 'write'),
  lsp('PATCH', '/v1/lsp/agents/:id/vehicle/unassign', 'write'),
  lsp('DELETE', '/v1/lsp/agents/:id', 'delete'),
];

/**
 * The served routes these families are made of, by path: a served route under one of these prefixes must have an
 * entry above (and every entry must be served).
 */
export const WORKSPACE_FAMILY = (path: string) => path === '/v1/workspace' || path.startsWith('/v1/workspace/') || path.startsWith('/v1/:wid/') || path.startsWith('/v1/csp/invitation');
export const LSP_FAMILY = (path: string) => path === '/v1/lsp' || path.startsWith('/v1/lsp/');

export const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
