import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../kernel/config.js';
import { AppError, forbidden, notFound, unauthorized, validationError } from '../../kernel/errors.js';
import { checkCoordinates, pageWindow, pagination, storedAddress, type PageArgs } from '../../kernel/graphql-types.js';
import { requireSignedIn, type Principal, type ProviderKind, type Role } from '../../kernel/principal.js';
import { scopeToWorkspace } from '../../kernel/tenancy.js';
import { isUuid } from '../../kernel/ids.js';
import { revoke, workspaceTag } from '../../kernel/revocations.js';
import {
  randomSecret, safeEqualHex, sha256, signConnectorToken, signContextToken, verifyConnectorToken,
} from '../../kernel/tokens.js';
import { AccessToken, ApiKey, Connector, Invitation, Member, Provider, Workspace } from './entities.js';
import { ConnectorStatus, ConnectorType, InvitationStatus, ProviderKindEnum, RoleEnum } from './enums.js';
import { may, type Permission } from './permissions.js';
import type {
  AccessConfig, ConnectorConfigPatchInput, ConnectorConfigReplaceInput, CreateApiKeyInput, CreateConnectorInput,
  CreateWorkspaceInput, InviteInput, ProviderSetupInput, ProviderUpdateInput, UpdateConnectorInput, UpdateWorkspaceInput,
} from './types.js';
import { now, nowDate } from '../../kernel/clock.js';

const DAY_MS = 86_400_000;

// ───────────────────────────── access to a workspace ─────────────────────────────

export interface WorkspaceAccess {
  /** Entity manager scoped to the workspace (kernel/tenancy.ts). */
  em: EntityManager;
  workspaceId: string;
  member: Member;
  userId: string;
}

/**
 * The one gate of every workspace operation: the caller must be a member (else NOT_FOUND: another tenant's
 * workspace does not exist for them) with the permission (else FORBIDDEN). A provider-context principal may only
 * act in its own workspace.
 */
export async function enter(em: EntityManager, principal: Principal, workspaceId: string, permission: Permission): Promise<WorkspaceAccess> {
  const { userId } = requireSignedIn(principal);
  if (!isUuid(workspaceId)) throw notFound('Workspace');
  if (principal.kind === 'provider' && principal.workspaceId !== workspaceId) throw notFound('Workspace');
  const scoped = scopeToWorkspace(em, workspaceId);
  const member = await scoped.findOne(Member, { userId });
  if (!member) throw notFound('Workspace');
  if (!may(member.role, permission)) throw forbidden(`Your role (${member.role}) may not do this (${permission})`);
  return { em: scoped, workspaceId, member, userId };
}

// ───────────────────────────── workspaces ─────────────────────────────

export async function createWorkspace(em: EntityManager, principal: Principal, input: CreateWorkspaceInput) {
  const { userId } = requireSignedIn(principal);
  return em.transactional(async (tx) => {
    const workspace = tx.create(Workspace, { name: input.name.trim(), description: input.description ?? null, ownerId: userId });
    tx.create(Member, { workspaceId: workspace.id, userId, role: RoleEnum.OWNER });
    await tx.flush();
    return { workspace, role: RoleEnum.OWNER };
  });
}

export async function getWorkspace(em: EntityManager, principal: Principal, wid: string) {
  const a = await enter(em, principal, wid, 'workspace.read');
  const workspace = await em.findOneOrFail(Workspace, wid);
  return { workspace, role: a.member.role };
}

/** The caller's own memberships: the one read across workspaces (tenant filter off, restricted to the caller). */
export async function listMyWorkspaces(em: EntityManager, principal: Principal, args: PageArgs) {
  const { userId } = requireSignedIn(principal);
  const { page, limit, offset } = pageWindow(args);
  const [members, total] = await em.findAndCount(Member, { userId }, { filters: false, orderBy: { createdAt: 'asc', id: 'asc' }, limit, offset });
  const workspaces = await em.find(Workspace, { id: { $in: members.map((m) => m.workspaceId) } });
  const byId = new Map(workspaces.map((w) => [w.id, w]));
  return {
    items: members.filter((m) => byId.has(m.workspaceId)).map((m) => ({ workspace: byId.get(m.workspaceId)!, role: m.role })),
    pagination: pagination(page, limit, total),
  };
}

export async function updateWorkspace(em: EntityManager, principal: Principal, wid: string, input: UpdateWorkspaceInput) {
  const a = await enter(em, principal, wid, 'workspace.update');
  const workspace = await em.findOneOrFail(Workspace, wid);
  if (input.name !== undefined) workspace.name = input.name.trim();
  if (input.description !== undefined) workspace.description = input.description;
  workspace.updatedAt = nowDate();
  await em.flush();
  return { workspace, role: a.member.role };
}

/** Deletes the workspace and everything it owns, in one transaction. */
export async function deleteWorkspace(em: EntityManager, principal: Principal, wid: string): Promise<boolean> {
  await enter(em, principal, wid, 'workspace.delete');
  await em.transactional(async (tx) => {
    for (const entity of [AccessToken, Connector, ApiKey, Invitation, Provider, Member]) {
      await tx.nativeDelete(entity as never, { workspaceId: wid }, { filters: false });
    }
    await tx.nativeDelete(Workspace, { id: wid });
    await revoke(tx as EntityManager, [workspaceTag(wid)]);
  });
  return true;
}

// ───────────────────────────── members ─────────────────────────────

export async function listMembers(em: EntityManager, principal: Principal, wid: string, args: PageArgs) {
  const a = await enter(em, principal, wid, 'members.read');
  const { page, limit, offset } = pageWindow(args);
  const [items, total] = await a.em.findAndCount(Member, {}, { orderBy: { createdAt: 'asc', id: 'asc' }, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}

async function memberToManage(a: WorkspaceAccess, userId: string): Promise<Member> {
  const member = isUuid(userId) ? await a.em.findOne(Member, { userId }) : null;
  if (!member) throw notFound('Member');
  if (member.role === RoleEnum.OWNER) throw forbidden('The owner\'s membership cannot be changed');
  return member;
}

export async function changeRole(em: EntityManager, principal: Principal, wid: string, userId: string, role: RoleEnum) {
  const a = await enter(em, principal, wid, 'members.manage');
  if (role === RoleEnum.OWNER) throw validationError('role', 'OWNER cannot be given');
  const member = await memberToManage(a, userId);
  if (member.role === role) return member;
  await a.em.transactional(async (tx) => {
    member.role = role; // the role is part of what context tokens resolve to
    await revoke(tx as EntityManager, [workspaceTag(wid)]);
  });
  return member;
}

export async function removeMember(em: EntityManager, principal: Principal, wid: string, userId: string): Promise<boolean> {
  const a = await enter(em, principal, wid, 'members.manage');
  const member = await memberToManage(a, userId);
  await a.em.transactional(async (tx) => {
    tx.remove(member);
    await revoke(tx as EntityManager, [workspaceTag(wid)]);
  });
  return true;
}

// ───────────────────────────── providers ─────────────────────────────

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32
const providerCode = (kind: ProviderKind) =>
  `${kind.toUpperCase()}-${[...randomBytes(8)].map((b) => CODE_ALPHABET[b % 32]).join('')}`;

function checkProviderInput(input: ProviderSetupInput | ProviderUpdateInput) {
  checkCoordinates(input.address, 'address.coordinates');
}

export async function setupProvider(em: EntityManager, principal: Principal, wid: string, kind: ProviderKindEnum, input: ProviderSetupInput) {
  const a = await enter(em, principal, wid, 'providers.write');
  checkProviderInput(input);
  const provider = a.em.create(Provider, {
    code: providerCode(kind),
    kind,
    type: input.type,
    name: input.name.trim(),
    description: input.description ?? null,
    logo: input.logo ?? null,
    contacts: { emails: input.contacts?.emails ?? [], phones: input.contacts?.phones ?? [] },
    address: storedAddress(input.address),
    createdBy: a.userId,
  });
  await a.em.flush();
  return provider;
}

async function providerIn(a: WorkspaceAccess, kind: ProviderKindEnum, code: string): Promise<Provider> {
  const provider = await a.em.findOne(Provider, { kind, code: code.toUpperCase() });
  if (!provider) throw notFound(`${kind.toUpperCase()} provider`);
  return provider;
}

export async function getProvider(em: EntityManager, principal: Principal, wid: string, kind: ProviderKindEnum, code: string) {
  return providerIn(await enter(em, principal, wid, 'providers.read'), kind, code);
}

export async function listProviders(em: EntityManager, principal: Principal, wid: string, kind: ProviderKindEnum, args: PageArgs) {
  const a = await enter(em, principal, wid, 'providers.read');
  const { page, limit, offset } = pageWindow(args);
  const [items, total] = await a.em.findAndCount(Provider, { kind }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}

export async function updateProvider(em: EntityManager, principal: Principal, wid: string, kind: ProviderKindEnum, code: string, input: ProviderUpdateInput) {
  const a = await enter(em, principal, wid, 'providers.write');
  checkProviderInput(input);
  const provider = await providerIn(a, kind, code);
  if (input.type !== undefined) provider.type = input.type;
  if (input.name !== undefined) provider.name = input.name.trim();
  if (input.description !== undefined) provider.description = input.description;
  if (input.logo !== undefined) provider.logo = input.logo;
  if (input.contacts !== undefined) provider.contacts = { emails: input.contacts.emails ?? [], phones: input.contacts.phones ?? [] };
  if (input.address !== undefined) provider.address = storedAddress(input.address);
  provider.updatedAt = nowDate();
  await a.em.flush();
  return provider;
}

/** Deletes a provider with its connectors (their tokens stop working at once) and pending invitations. */
export async function deleteProvider(em: EntityManager, principal: Principal, wid: string, kind: ProviderKindEnum, code: string): Promise<boolean> {
  const a = await enter(em, principal, wid, 'providers.delete');
  const provider = await providerIn(a, kind, code);
  await a.em.transactional(async (tx) => {
    const connectors = await tx.find(Connector, { providerId: provider.id });
    await tx.nativeDelete(AccessToken, { connectorId: { $in: connectors.map((c) => c.id) } });
    await tx.nativeDelete(Connector, { providerId: provider.id });
    await tx.nativeDelete(Invitation, { providerCode: provider.code });
    await tx.nativeDelete(Provider, { id: provider.id });
    await revoke(tx as EntityManager, [workspaceTag(wid)]);
  });
  return true;
}

export async function providerContext(em: EntityManager, config: Config, principal: Principal, wid: string, kind: ProviderKindEnum, code: string) {
  const a = await enter(em, principal, wid, 'providers.context');
  const provider = await providerIn(a, kind, code);
  const signedIn = requireSignedIn(principal);
  const deviceId = principal.client.deviceId;
  if (!deviceId) throw unauthorized('Missing header svc-auth-device: the context token is bound to a device');
  const token = await signContextToken(
    {
      userId: signedIn.userId, sessionId: signedIn.sessionId, workspaceId: wid, providerKind: kind, providerId: provider.id,
      providerCode: provider.code, role: a.member.role, deviceId,
    },
    config.jwtSecret,
    config.CONTEXT_TOKEN_TTL_SECONDS,
  );
  return {
    token,
    expiresIn: config.CONTEXT_TOKEN_TTL_SECONDS,
    provider,
    workspace: { type: kind.toUpperCase(), icode: provider.code },
    workspaceId: wid,
    role: a.member.role,
    deviceId,
  };
}

// ───────────────────────────── API keys ─────────────────────────────

export async function createApiKey(em: EntityManager, principal: Principal, wid: string, input: CreateApiKeyInput) {
  const a = await enter(em, principal, wid, 'apikeys.manage');
  const prefix = `lpk_${randomSecret(6)}`;
  const key = `${prefix}_${randomSecret(32)}`;
  const apiKey = a.em.create(ApiKey, {
    name: input.name.trim(),
    prefix,
    hash: sha256(key),
    scopes: input.scopes?.length ? [...new Set(input.scopes)] : ['*'],
    createdBy: a.userId,
    expiresAt: input.expiresInDays ? new Date(now() + input.expiresInDays * DAY_MS) : null,
  });
  await a.em.flush();
  return { apiKey, key };
}

export async function listApiKeys(em: EntityManager, principal: Principal, wid: string, args: PageArgs) {
  const a = await enter(em, principal, wid, 'apikeys.read');
  const { page, limit, offset } = pageWindow(args);
  const [items, total] = await a.em.findAndCount(ApiKey, {}, { orderBy: { createdAt: 'desc', id: 'asc' }, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}

export async function revokeApiKey(em: EntityManager, principal: Principal, wid: string, id: string) {
  const a = await enter(em, principal, wid, 'apikeys.manage');
  const apiKey = isUuid(id) ? await a.em.findOne(ApiKey, { id }) : null;
  if (!apiKey) throw notFound('API key');
  if (apiKey.revokedAt) return apiKey;
  await a.em.transactional(async (tx) => {
    apiKey.revokedAt = nowDate();
    await revoke(tx as EntityManager, [workspaceTag(wid)]);
  });
  return apiKey;
}

/** Gateway credential check for `Authorization: Bearer lpk_…`. */
export async function resolveApiKey(em: EntityManager, key: string) {
  const m = /^(lpk_[A-Za-z0-9_-]{8})_[A-Za-z0-9_-]{20,}$/.exec(key);
  if (!m) return { active: false };
  const apiKey = await em.findOne(ApiKey, { prefix: m[1] }, { filters: false });
  if (!apiKey || !safeEqualHex(sha256(key), apiKey.hash) || apiKey.revokedAt || (apiKey.expiresAt && apiKey.expiresAt < nowDate())) {
    return { active: false };
  }
  if (!apiKey.lastUsedAt || now() - apiKey.lastUsedAt.getTime() > 60_000) {
    await em.nativeUpdate(ApiKey, { id: apiKey.id }, { lastUsedAt: nowDate() }, { filters: false });
  }
  return { active: true, workspaceId: apiKey.workspaceId, keyId: apiKey.id, scopes: apiKey.scopes, expiresAt: apiKey.expiresAt ?? undefined };
}

// ───────────────────────────── connectors ─────────────────────────────

const connectorSecret = () => `lcs_${randomSecret(32)}`;

async function connectorScope(em: EntityManager, principal: Principal, wid: string, kind: ProviderKindEnum, code: string, permission: Permission) {
  const a = await enter(em, principal, wid, permission);
  const provider = await providerIn(a, kind, code);
  return { a, provider };
}

async function connectorIn(a: WorkspaceAccess, provider: Provider, id: string): Promise<Connector> {
  const connector = isUuid(id) ? await a.em.findOne(Connector, { id, providerId: provider.id }) : null;
  if (!connector) throw notFound('Connector');
  return connector;
}

export async function createConnector(em: EntityManager, principal: Principal, wid: string, kind: ProviderKindEnum, code: string, input: CreateConnectorInput) {
  const { a, provider } = await connectorScope(em, principal, wid, kind, code, 'connectors.manage');
  const secret = connectorSecret();
  const connector = a.em.create(Connector, {
    providerId: provider.id,
    providerKind: provider.kind,
    providerCode: provider.code,
    type: input.type,
    name: input.name.trim(),
    description: input.description ?? null,
    config: { protocol: input.config.protocol, version: input.config.version, scope: [...new Set(input.config.scope)], auth: input.config.auth ?? null },
    secretHash: sha256(secret),
  });
  await a.em.flush();
  return { connectorId: connector.id, secret, connector };
}

export async function getConnector(em: EntityManager, principal: Principal, wid: string, kind: ProviderKindEnum, code: string, id: string) {
  const { a, provider } = await connectorScope(em, principal, wid, kind, code, 'connectors.read');
  return connectorIn(a, provider, id);
}

export async function listConnectors(em: EntityManager, principal: Principal, wid: string, kind: ProviderKindEnum, code: string, args: PageArgs) {
  const { a, provider } = await connectorScope(em, principal, wid, kind, code, 'connectors.read');
  const { page, limit, offset } = pageWindow(args);
  const [items, total] = await a.em.findAndCount(Connector, { providerId: provider.id }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}

/**
 * Every connector change: load in scope, apply, stamp, flush. `apply` returns true when the change alters what the
 * connector's access tokens resolve to (status, scopes): then the change and its revocation commit together.
 */
async function changeConnector(
  em: EntityManager, principal: Principal, wid: string, kind: ProviderKindEnum, code: string, id: string,
  apply: (c: Connector) => void | boolean | Promise<void>,
): Promise<Connector> {
  const { a, provider } = await connectorScope(em, principal, wid, kind, code, 'connectors.manage');
  const connector = await connectorIn(a, provider, id);
  await a.em.transactional(async (tx) => {
    const revokesTokens = (await apply(connector)) === true;
    connector.updatedAt = nowDate();
    if (revokesTokens) await revoke(tx as EntityManager, [workspaceTag(wid)]);
  });
  return connector;
}

export const updateConnector = (em: EntityManager, p: Principal, wid: string, kind: ProviderKindEnum, code: string, id: string, input: UpdateConnectorInput) =>
  changeConnector(em, p, wid, kind, code, id, (c) => {
    if (input.name !== undefined) c.name = input.name.trim();
    if (input.description !== undefined) c.description = input.description;
  });

const CONNECTOR_ACTIONS = new Map([['enable', ConnectorStatus.ENABLED], ['disable', ConnectorStatus.DISABLED]]);

export function setConnectorState(em: EntityManager, p: Principal, wid: string, kind: ProviderKindEnum, code: string, id: string, action: string) {
  // a Map, not an object literal: `:action` is the client's (`__proto__` must not find Object.prototype)
  const status = CONNECTOR_ACTIONS.get(action);
  if (!status) throw validationError('action', 'must be enable or disable');
  return changeConnector(em, p, wid, kind, code, id, (c) => {
    const disabling = c.status !== status && status === ConnectorStatus.DISABLED;
    c.status = status;
    return disabling;
  });
}

/** An origin is `scheme://host[:port]`, no path; compared exactly (lower-cased). */
export function normalizeOrigin(value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw validationError(field, `"${value}" is not an origin such as https://app.example.com`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw validationError(field, `"${value}" is not an origin such as https://app.example.com`);
  }
  return url.origin.toLowerCase();
}

export const setConnectorOrigins = (em: EntityManager, p: Principal, wid: string, kind: ProviderKindEnum, code: string, id: string, origins: string[]) =>
  changeConnector(em, p, wid, kind, code, id, (c) => {
    if (origins.length > 50) throw validationError('origins', 'at most 50 origins');
    c.origins = [...new Set(origins.map((o, i) => normalizeOrigin(o, `origins.${i}`)))];
  });

export async function rotateConnectorSecret(em: EntityManager, p: Principal, wid: string, kind: ProviderKindEnum, code: string, id: string) {
  const secret = connectorSecret();
  const connector = await changeConnector(em, p, wid, kind, code, id, (c) => {
    c.secretHash = sha256(secret);
    c.secretRotatedAt = nowDate();
  });
  return { connectorId: connector.id, secret };
}

export const replaceConnectorConfig = (em: EntityManager, p: Principal, wid: string, kind: ProviderKindEnum, code: string, id: string, input: ConnectorConfigReplaceInput) =>
  changeConnector(em, p, wid, kind, code, id, (c) => {
    c.config = { protocol: input.protocol, version: input.version, scope: [...new Set(input.scope)], auth: input.auth };
    return true; // the scopes its tokens carry
  });

export const patchConnectorConfig = (em: EntityManager, p: Principal, wid: string, kind: ProviderKindEnum, code: string, id: string, input: ConnectorConfigPatchInput) =>
  changeConnector(em, p, wid, kind, code, id, (c) => {
    if (!Object.values(input).some((v) => v !== undefined)) throw validationError('config', 'give at least one of protocol, version, scope, auth');
    c.config = {
      protocol: input.protocol ?? c.config.protocol,
      version: input.version ?? c.config.version,
      scope: input.scope ? [...new Set(input.scope)] : c.config.scope,
      auth: input.auth !== undefined ? input.auth : (c.config.auth ?? null), // null clears it
    };
    return true; // the scopes its tokens carry
  });

export async function deleteConnector(em: EntityManager, p: Principal, wid: string, kind: ProviderKindEnum, code: string, id: string): Promise<boolean> {
  const { a, provider } = await connectorScope(em, p, wid, kind, code, 'connectors.manage');
  const connector = await connectorIn(a, provider, id);
  await a.em.transactional(async (tx) => {
    await tx.nativeDelete(AccessToken, { connectorId: connector.id });
    await tx.nativeDelete(Connector, { id: connector.id });
    await revoke(tx as EntityManager, [workspaceTag(wid)]);
  });
  return true;
}

// ───────────────────────────── access tokens ─────────────────────────────

function requireOrigin(principal: Principal): string {
  const origin = principal.client.origin;
  if (!origin) throw unauthorized('Missing header origin');
  try {
    return normalizeOrigin(origin, 'origin');
  } catch {
    throw forbidden('Origin not allowed');
  }
}

function requireAgent(principal: Principal): string {
  const agent = principal.client.userAgent;
  if (!agent) throw unauthorized('Missing header svc-user-agent');
  return agent;
}

async function issueFor(em: EntityManager, config: Config, connector: Connector, origin: string, userAgent: string) {
  const scoped = scopeToWorkspace(em, connector.workspaceId);
  const row = scoped.create(AccessToken, {
    connectorId: connector.id,
    origin,
    userAgent: userAgent.slice(0, 512),
    expiresAt: new Date(now() + config.CONNECTOR_TOKEN_TTL_SECONDS * 1000),
  });
  await scoped.flush();
  const accessToken = await signConnectorToken(
    { connectorId: connector.id, workspaceId: connector.workspaceId, tokenId: row.id },
    config.jwtSecret,
    config.CONNECTOR_TOKEN_TTL_SECONDS,
  );
  return { accessToken, tokenType: 'Bearer', expiresIn: config.CONNECTOR_TOKEN_TTL_SECONDS, scope: connector.config.scope, connectorId: connector.id };
}

/** A connector usable from this origin: exists, enabled, origin allowed. */
async function usableConnector(em: EntityManager, connectorId: string, origin: string): Promise<Connector> {
  const connector = isUuid(connectorId) ? await em.findOne(Connector, { id: connectorId }, { filters: false }) : null;
  if (!connector) throw unauthorized('Invalid connector credentials');
  if (connector.status !== ConnectorStatus.ENABLED) throw forbidden('Connector is disabled');
  if (!connector.origins.includes(origin)) throw forbidden('Origin not allowed for this connector');
  return connector;
}

export async function issueAccessToken(em: EntityManager, config: Config, principal: Principal, input: { connectorId: string; secret: string }) {
  const origin = requireOrigin(principal);
  const agent = requireAgent(principal);
  const connector = isUuid(input.connectorId) ? await em.findOne(Connector, { id: input.connectorId }, { filters: false }) : null;
  if (!connector || !safeEqualHex(sha256(input.secret), connector.secretHash)) throw unauthorized('Invalid connector credentials');
  await usableConnector(em, connector.id, origin);
  return issueFor(em, config, connector, origin, agent);
}

async function liveToken(em: EntityManager, config: Config, token: string, allowExpired: boolean) {
  const claims = await verifyConnectorToken(token, config.jwtSecret, allowExpired);
  if (!claims) throw unauthorized('Invalid access token');
  const row = await em.findOne(AccessToken, { id: claims.tokenId, connectorId: claims.connectorId }, { filters: false });
  if (!row || row.revokedAt) throw unauthorized('Access token revoked');
  return { claims, row };
}

/** Replaces a valid token by a new one (the old one stops working). */
export async function rotateAccessToken(em: EntityManager, config: Config, principal: Principal, accessToken: string) {
  const origin = requireOrigin(principal);
  const agent = requireAgent(principal);
  const { claims, row } = await liveToken(em, config, accessToken, false);
  if (row.origin !== origin) throw forbidden('Origin not allowed for this token');
  const connector = await usableConnector(em, claims.connectorId, origin);
  await em.transactional(async (tx) => {
    row.revokedAt = nowDate();
    await revoke(tx as EntityManager, [workspaceTag(row.workspaceId)]);
  });
  return issueFor(em, config, connector, origin, agent);
}

export async function revokeAccessToken(em: EntityManager, config: Config, principal: Principal, accessToken: string) {
  const origin = requireOrigin(principal);
  const { claims, row } = await liveToken(em, config, accessToken, true);
  if (row.origin !== origin) throw forbidden('Origin not allowed for this token');
  await em.transactional(async (tx) => {
    row.revokedAt = nowDate();
    await revoke(tx as EntityManager, [workspaceTag(row.workspaceId)]);
  });
  return { revoked: true, connectorId: claims.connectorId };
}

/** Gateway credential check for a connector access token. */
export async function resolveConnectorToken(em: EntityManager, connectorId: string, tokenId: string) {
  if (!isUuid(connectorId) || !isUuid(tokenId)) return { active: false };
  const [connector, row] = await Promise.all([
    em.findOne(Connector, { id: connectorId }, { filters: false }),
    em.findOne(AccessToken, { id: tokenId, connectorId }, { filters: false }),
  ]);
  if (!connector || !row || row.revokedAt || connector.status !== ConnectorStatus.ENABLED) return { active: false };
  return {
    active: true, workspaceId: connector.workspaceId, providerKind: connector.providerKind, providerCode: connector.providerCode,
    scopes: connector.config.scope, expiresAt: row.expiresAt,
  };
}

const CONNECTOR_KINDS: Record<ConnectorType, string> = {
  ASI: 'Application-to-service integration: an application of the provider (web or mobile) calling the platform on its users\' behalf.',
  MSI: 'Machine-to-service integration: a back-end system of the provider calling the platform.',
  IOT: 'Device integration: telemetry gateways and trackers reporting to the platform.',
  API: 'A plain server API client.',
};

export function accessConfig(config: Config, principal: Principal, expects: string): AccessConfig {
  requireOrigin(principal);
  requireAgent(principal);
  const type = expects?.toUpperCase() as ConnectorType;
  if (!Object.hasOwn(CONNECTOR_KINDS, type)) throw validationError('expects', `must be one of ${Object.keys(CONNECTOR_KINDS).join(', ')}`);
  return {
    connectorType: type,
    description: CONNECTOR_KINDS[type],
    tokenEndpoint: `${config.publicUrl}/v1/access/token`,
    requiredHeaders: ['origin', 'svc-user-agent'],
    protocols: type === 'IOT' ? ['mqtt', 'http1', 'http2'] : ['http1', 'http2', 'grpc'],
    authModes: ['external', 'internal'],
    tokenLifetime: config.CONNECTOR_TOKEN_TTL_SECONDS,
    usage: 'Authorization: Bearer <accessToken>; the token carries the connector\'s scopes; rotate before it expires',
  };
}

// ───────────────────────────── CSP invitations ─────────────────────────────

const INVITABLE = ['admin', 'manager', 'supervisor', 'coordinator', 'developer'];

/** A CSP context with the invitations permission (its current role, re-checked in the workspace). */
async function cspAccess(em: EntityManager, principal: Principal) {
  if (principal.kind !== 'provider') throw unauthorized('A CSP provider-context token is required (svc-auth-token)');
  if (principal.providerKind !== 'csp') throw forbidden('Invitations are sent from a CSP context');
  return enter(em, principal, principal.workspaceId, 'invitations.manage');
}

export async function invite(em: EntityManager, config: Config, principal: Principal, as: string, input: InviteInput) {
  const a = await cspAccess(em, principal);
  if (!INVITABLE.includes(as.toLowerCase())) throw validationError('as', `must be one of ${INVITABLE.join(', ')}`);
  const role = as.toUpperCase() as RoleEnum;
  if (input.operator?.role && input.operator.role !== role) throw validationError('operator.role', `must agree with the path (${role})`);
  const token = `inv_${randomSecret(24)}`;
  const invitation = a.em.create(Invitation, {
    providerCode: (principal as { providerCode: string }).providerCode,
    phone: input.phone,
    name: input.name.trim(),
    operator: {
      role,
      status: input.operator?.status ?? 'ACTIVE',
      bio: input.operator?.bio ?? null,
      contacts: input.operator?.contacts ? { emails: input.operator.contacts.emails ?? [], phones: input.operator.contacts.phones ?? [] } : null,
    },
    tokenHash: sha256(token),
    invitedBy: a.userId,
    expiresAt: new Date(now() + config.INVITATION_TTL_DAYS * DAY_MS),
  });
  await a.em.flush();
  return { invitation, token };
}

export async function cancelInvitation(em: EntityManager, principal: Principal, invitationId: string) {
  const a = await cspAccess(em, principal);
  const invitation = isUuid(invitationId) ? await a.em.findOne(Invitation, { id: invitationId }) : null;
  if (!invitation) throw notFound('Invitation');
  if (invitation.status !== InvitationStatus.PENDING) throw new AppError('CONFLICT', `Invitation is already ${invitation.status.toLowerCase()}`);
  invitation.status = InvitationStatus.CANCELLED;
  await a.em.flush();
  return invitation;
}

/** The invitee (signed in with their own user token) accepts: they become a member with the invited role. */
export async function acceptInvitation(em: EntityManager, principal: Principal, token: string) {
  const { userId } = requireSignedIn(principal);
  const found = /^inv_[A-Za-z0-9_-]{20,}$/.test(token) ? await em.findOne(Invitation, { tokenHash: sha256(token) }, { filters: false }) : null;
  if (!found || found.status !== InvitationStatus.PENDING || found.expiresAt < nowDate()) throw notFound('Invitation');
  const scoped = scopeToWorkspace(em, found.workspaceId);
  return scoped.transactional(async (tx) => {
    const invitation = await tx.findOneOrFail(Invitation, { id: found.id });
    if (await tx.findOne(Member, { userId })) throw new AppError('CONFLICT', 'You are already a member of this workspace');
    const member = tx.create(Member, { userId, role: invitation.operator.role, name: invitation.name });
    invitation.status = InvitationStatus.ACCEPTED;
    invitation.acceptedBy = userId;
    invitation.acceptedAt = nowDate();
    await tx.flush();
    return { invitation, member };
  });
}

/** Gateway credential check for a provider-context token: still a member, provider still there; the current role. */
export async function resolveProviderContext(em: EntityManager, userId: string, workspaceId: string, providerId: string) {
  if (![userId, workspaceId, providerId].every(isUuid)) return { active: false };
  const scoped = scopeToWorkspace(em, workspaceId);
  const [member, provider] = await Promise.all([scoped.findOne(Member, { userId }), scoped.findOne(Provider, { id: providerId })]);
  if (!member || !provider) return { active: false };
  return { active: true, role: member.role as Role, providerCode: provider.code };
}

