import { nowDate } from '../../../kernel/clock.js';
import { lockOne, uuidPlaceholders } from '../../../kernel/db.js';
import { notFound, unauthorized } from '../../../kernel/errors.js';
import { pageWindow, pagination, storedAddress, type PageArgs } from '../../../kernel/graphql-types.js';
import { crockford, isUuid } from '../../../kernel/ids.js';
import { byKeys, loader } from '../../../kernel/loaders.js';
import { revoke, workspaceTag } from '../../../kernel/revocations.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { publish } from '../../../kernel/events.js';
import { signContextToken } from '../../../kernel/tokens.js';
import type { Caller, WorkspaceScope } from '../common/scope.js';
import type { PathKind } from '../common/vocabulary.js';
import { AccessToken } from '../access-tokens/entities.js';
import { Connector } from '../connectors/entities.js';
import { Invitation } from '../invitations/entities.js';
import { Provider } from './entities.js';
import type { ProviderSetupInput, ProviderUpdateInput } from './types.js';

/** Providers of four kinds and their context tokens (docs/contract.md "Providers"). */

const newCode = (kind: PathKind) => `${kind.toUpperCase()}-${crockford(8)}`;

const contactsOf = (input: ProviderSetupInput['contacts']) => ({ emails: input?.emails ?? [], phones: input?.phones ?? [] });

/**
 * The `workspace.provider` event of every provider change (docs/contract.md "Providers"), in the transaction of the
 * change: what other families keep of a provider (the queries family's service registry names the providers by it).
 * `kind` is the lower-case kind as stored (`lsp`); instants are ISO-8601.
 */
export const PROVIDER_TOPIC = 'workspace.provider';
export const providerEvent = (tx: Parameters<typeof publish>[0], p: Provider, change: 'created' | 'updated' | 'deleted') =>
  publish(tx, PROVIDER_TOPIC, p.id, p.workspaceId, {
    id: p.id,
    kind: p.kind,
    code: p.code,
    type: p.type,
    name: p.name,
    description: p.description ?? null,
    address: p.address ?? null,
    createdAt: new Date(p.createdAt).toISOString(),
    updatedAt: new Date(p.updatedAt).toISOString(),
    deleted: change === 'deleted',
    // what happened (the public events `provider.<change>`, docs/events.md)
    change,
  });

export function setupProvider(s: WorkspaceScope, kind: PathKind, input: ProviderSetupInput) {
  return s.em.transactional(async (tx) => {
    const provider = tx.create(Provider, {
      code: newCode(kind),
      kind,
      type: input.type,
      name: input.name.trim(),
      description: input.description ?? null,
      logo: input.logo ?? null,
      contacts: contactsOf(input.contacts),
      address: storedAddress(input.address),
      createdBy: s.userId,
    });
    await tx.flush();
    await providerEvent(tx, provider, 'created');
    return provider;
  });
}

/** The workspace's provider of this kind and code (any case), or NOT_FOUND. */
export async function providerIn(s: WorkspaceScope, kind: PathKind, code: string): Promise<Provider> {
  const provider = await s.em.findOne(Provider, { kind, code: code.toUpperCase() });
  if (!provider) throw notFound(`${kind.toUpperCase()} provider`);
  return provider;
}

export async function listProviders(s: WorkspaceScope, kind: PathKind, args: PageArgs) {
  const { page, limit, offset } = pageWindow(args);
  const [items, total] = await s.em.findAndCount(Provider, { kind }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}

/** The provider locked and read afresh in the write's transaction (kernel/db.ts `lockOne`, docs/contract.md "Concurrency"). */
const lockProvider = (tx: EntityManager, kind: PathKind, code: string) => lockOne(tx, Provider, { kind, code: code.toUpperCase() }, `${kind.toUpperCase()} provider`);

export async function updateProvider(s: WorkspaceScope, kind: PathKind, code: string, input: ProviderUpdateInput) {
  return s.em.transactional(async (tx) => {
    const provider = await lockProvider(tx, kind, code);
    if (input.type !== undefined) provider.type = input.type;
    if (input.name !== undefined) provider.name = input.name.trim();
    if (input.description !== undefined) provider.description = input.description;
    if (input.logo !== undefined) provider.logo = input.logo;
    if (input.contacts !== undefined) provider.contacts = contactsOf(input.contacts);
    if (input.address !== undefined) provider.address = storedAddress(input.address);
    provider.updatedAt = nowDate();
    await providerEvent(tx, provider, 'updated');
    return provider;
  });
}

/** Deletes a provider with its connectors (their tokens stop working at once) and its invitations; publishes it deleted. */
export async function deleteProvider(s: WorkspaceScope, kind: PathKind, code: string): Promise<boolean> {
  await s.em.transactional(async (tx) => {
    // of two deletions at once, the second finds it gone (NOT_FOUND), as it would after the first
    const provider = await lockProvider(tx, kind, code);
    const connectors = await tx.find(Connector, { providerId: provider.id });
    await tx.nativeDelete(AccessToken, { connectorId: { $in: connectors.map((c) => c.id) } });
    await tx.nativeDelete(Connector, { providerId: provider.id });
    await tx.nativeDelete(Invitation, { providerCode: provider.code });
    await tx.nativeDelete(Provider, { id: provider.id });
    await providerEvent(tx, provider, 'deleted');
    await revoke(tx, [workspaceTag(s.workspaceId)]);
  });
  return true;
}

/** A provider-context token for the caller's device: how a member acts as the provider. */
export async function providerContext(s: WorkspaceScope, kind: PathKind, code: string) {
  const provider = await providerIn(s, kind, code);
  const deviceId = s.principal.client.deviceId;
  if (!deviceId) throw unauthorized('Missing header svc-auth-device: the context token is bound to a device');
  const ttl = s.config.CONTEXT_TOKEN_TTL_SECONDS;
  const token = await signContextToken(
    {
      userId: s.userId,
      sessionId: s.sessionId,
      workspaceId: s.workspaceId,
      providerKind: kind,
      providerId: provider.id,
      providerCode: provider.code,
      role: s.role,
      deviceId,
    },
    s.config.jwtSecret,
    ttl,
  );
  return { token, expiresIn: ttl, provider, workspaceId: s.workspaceId, role: s.role, deviceId };
}

// ───────────────────────────── reads by reference (batched per request) ─────────────────────────────

/** A provider by id, if the caller may see its workspace. */
export async function visibleProviderById(c: Caller, id: string): Promise<Provider | null> {
  const provider = await loader<string, Provider>(c.ctx, 'Provider.byId', async (ids) => {
    const wanted = [...new Set(ids.filter(isUuid))];
    return byKeys(ids, wanted.length ? await c.em.find(Provider, { id: { $in: wanted } }, { filters: false }) : [], (p) => p.id);
  }).load(id);
  return provider && (await c.sees(provider.workspaceId)) ? provider : null;
}

/** A provider by its second key (workspace, kind, code), if the caller may see that workspace. */
export async function visibleProviderByKey(c: Caller, workspaceId: string, kind: PathKind, code: string): Promise<Provider | null> {
  const provider = await loader<string, Provider>(c.ctx, 'Provider.byCode', async (codes) => {
    const rows = await c.em.find(Provider, { code: { $in: [...new Set(codes)] } }, { filters: false });
    return byKeys(codes, rows, (p) => p.code);
  }).load(code.toUpperCase());
  const matches = provider && provider.workspaceId === workspaceId.toLowerCase() && provider.kind === kind;
  return matches && (await c.sees(provider.workspaceId)) ? provider : null;
}

/**
 * A page of a workspace's providers (optionally of one kind), for `Workspace.providers`: the pages of all the
 * workspaces of a request in two statements (the rows of each page by a window, the totals by a grouped count).
 */
export async function providersOf(c: Caller, workspaceId: string, kind: PathKind | undefined, args: PageArgs) {
  const { page, limit, offset } = pageWindow(args);
  const pages = loader<string, { items: Provider[]; total: number }>(c.ctx, `Workspace.providers:${kind ?? '*'}:${page}:${limit}`, async (ids) => {
    const meta = c.em.getMetadata().get(Provider);
    const table = `"${meta.schema ?? c.em.config.get('schema')}"."${meta.tableName}"`;
    const wanted = [...new Set(ids.filter(isUuid))];
    if (!wanted.length) return ids.map(() => ({ items: [], total: 0 }));
    const where = `workspace_id in (${uuidPlaceholders(wanted.length)})${kind ? ' and kind = ?' : ''}`;
    const params = kind ? [...wanted, kind] : wanted;
    const counted = { loggerContext: c.em.getLoggerContext() }; // kernel/sql-count.ts counts raw statements too
    const totals = await c.em.execute<{ workspace_id: string; n: number }[]>(`select workspace_id, count(*)::int as n from ${table} where ${where} group by workspace_id`, params, counted);
    const rows = await c.em.execute<Record<string, unknown>[]>(
      `select * from (select p.*, row_number() over (partition by p.workspace_id order by p.created_at, p.id) as row__ from ${table} p where ${where}) t
       where row__ > ? and row__ <= ? order by workspace_id, row__`,
      [...params, offset, offset + limit],
      counted,
    );
    const items = new Map<string, Provider[]>();
    for (const { row__: _, ...row } of rows) {
      const provider = c.em.map(Provider, row);
      items.set(provider.workspaceId, [...(items.get(provider.workspaceId) ?? []), provider]);
    }
    const total = new Map(totals.map((t) => [t.workspace_id, t.n]));
    return ids.map((id) => ({ items: items.get(id) ?? [], total: total.get(id) ?? 0 }));
  });
  const { items, total } = (await pages.load(workspaceId))!;
  return { items, pagination: pagination(page, limit, total) };
}
