import type { EntityManager } from '@mikro-orm/postgresql';
import { nowDate } from '../../../kernel/clock.js';
import { lockOne } from '../../../kernel/db.js';
import { notFound, validationError } from '../../../kernel/errors.js';
import { pageWindow, pagination, type PageArgs } from '../../../kernel/graphql-types.js';
import { isUuid } from '../../../kernel/ids.js';
import { revoke, workspaceTag } from '../../../kernel/revocations.js';
import { publish } from '../../../kernel/events.js';
import { randomSecret, sha256 } from '../../../kernel/tokens.js';
import type { WorkspaceScope } from '../common/scope.js';
import { type PathKind } from '../common/vocabulary.js';
import { ConnectorStatus } from '../../../domain/vocabulary.js';
import { AccessToken } from '../access-tokens/entities.js';
import { providerIn } from '../providers/service.js';
import type { Provider } from '../providers/entities.js';
import { Connector } from './entities.js';
import { allowedOrigins, statusAfter } from './rules.js';
import type { ConnectorAction, ConnectorConfigPatchInput, ConnectorConfigReplaceInput, CreateConnectorInput, UpdateConnectorInput } from './types.js';

/** Connectors of a provider (docs/contract.md "Connectors"): every operation names the provider by kind and code. */

export interface ProviderRef {
  kind: PathKind;
  code: string;
}

const newSecret = () => `lcs_${randomSecret(32)}`;

/**
 * The `workspace.connector` event of every connector change (docs/events.md): what other families keep of a
 * connector (the IoT family's assignments check that a connector exists, is of its IoTSP and of type IOT).
 */
export const CONNECTOR_TOPIC = 'workspace.connector';
/** What happened to a connector (the public events `connector.<change>`, docs/events.md). */
type ConnectorChange = 'created' | 'updated' | 'enabled' | 'disabled' | 'deleted';
const connectorEvent = (tx: Parameters<typeof publish>[0], c: Connector, change: ConnectorChange) =>
  publish(tx, CONNECTOR_TOPIC, c.id, c.workspaceId, {
    id: c.id,
    providerKind: c.providerKind,
    providerCode: c.providerCode,
    type: c.type,
    name: c.name,
    status: c.status,
    deleted: change === 'deleted',
    change,
  });

async function connectorOf(s: WorkspaceScope, provider: Provider, id: string): Promise<Connector> {
  const connector = isUuid(id) ? await s.em.findOne(Connector, { id, providerId: provider.id }) : null;
  if (!connector) throw notFound('Connector');
  return connector;
}

export async function createConnector(s: WorkspaceScope, p: ProviderRef, input: CreateConnectorInput) {
  const provider = await providerIn(s, p.kind, p.code);
  const secret = newSecret();
  const connector = await s.em.transactional(async (tx) => {
    const created = tx.create(Connector, {
      providerId: provider.id,
      providerKind: provider.kind,
      providerCode: provider.code,
      type: input.type,
      name: input.name.trim(),
      description: input.description ?? null,
      config: { protocol: input.config.protocol, version: input.config.version, scope: [...new Set(input.config.scope)], auth: input.config.auth ?? null },
      secretHash: sha256(secret),
      sandbox: input.sandbox ?? false,
    });
    await tx.flush();
    await connectorEvent(tx, created, 'created');
    return created;
  });
  return { connectorId: connector.id, secret, connector };
}

export async function getConnector(s: WorkspaceScope, p: ProviderRef, id: string) {
  return connectorOf(s, await providerIn(s, p.kind, p.code), id);
}

export async function listConnectors(s: WorkspaceScope, p: ProviderRef, args: PageArgs) {
  const provider = await providerIn(s, p.kind, p.code);
  const { page, limit, offset } = pageWindow(args);
  const [items, total] = await s.em.findAndCount(Connector, { providerId: provider.id }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}

/**
 * Every connector change: load in scope, apply, stamp, commit. `apply` returns true when the change alters what the
 * connector's access tokens resolve to (status, scopes): then the change and its revocation commit together.
 */
async function changeConnector(s: WorkspaceScope, p: ProviderRef, id: string, apply: (c: Connector) => boolean | void): Promise<Connector> {
  const provider = await providerIn(s, p.kind, p.code);
  return s.em.transactional(async (tx) => {
    const connector = await lockConnector(tx, provider, id);
    const before = connector.status;
    const revokesTokens = apply(connector) === true;
    connector.updatedAt = nowDate();
    if (revokesTokens) await revoke(tx, [workspaceTag(s.workspaceId)]);
    await tx.flush();
    const change = connector.status === before ? 'updated' : connector.status === ConnectorStatus.DISABLED ? 'disabled' : 'enabled';
    await connectorEvent(tx, connector, change);
    return connector;
  });
}

/** The provider's connector `id`, locked and read afresh in the write's transaction (kernel/db.ts `lockOne`, docs/contract.md "Concurrency"). */
async function lockConnector(tx: EntityManager, provider: Provider, id: string): Promise<Connector> {
  if (!isUuid(id)) throw notFound('Connector');
  return lockOne(tx, Connector, { id, providerId: provider.id }, 'Connector');
}

export const updateConnector = (s: WorkspaceScope, p: ProviderRef, id: string, input: UpdateConnectorInput) =>
  changeConnector(s, p, id, (c) => {
    if (input.name !== undefined) c.name = input.name.trim();
    if (input.description !== undefined) c.description = input.description;
  });

/**
 * Enables or disables. A connector already in that state is answered as it is, unchanged and with no event
 * (docs/contract.md "Concurrency": the repeat of a state switch succeeds); judged on the locked read, so of K
 * switches at once one changes it and publishes.
 */
export async function setConnectorState(s: WorkspaceScope, p: ProviderRef, id: string, action: ConnectorAction): Promise<Connector> {
  const provider = await providerIn(s, p.kind, p.code);
  const status = statusAfter(action);
  return s.em.transactional(async (tx) => {
    const connector = await lockConnector(tx, provider, id);
    if (connector.status === status) return connector;
    connector.status = status;
    connector.updatedAt = nowDate();
    if (status === ConnectorStatus.DISABLED) await revoke(tx, [workspaceTag(s.workspaceId)]);
    await tx.flush();
    await connectorEvent(tx, connector, status === ConnectorStatus.DISABLED ? 'disabled' : 'enabled');
    return connector;
  });
}

export const setConnectorOrigins = (s: WorkspaceScope, p: ProviderRef, id: string, origins: string[]) =>
  changeConnector(s, p, id, (c) => {
    c.origins = allowedOrigins(origins);
    return true; // the origins its tokens and the commerce family's origin credential answer for
  });

export async function rotateConnectorSecret(s: WorkspaceScope, p: ProviderRef, id: string) {
  const secret = newSecret();
  const connector = await changeConnector(s, p, id, (c) => {
    c.secretHash = sha256(secret);
    c.secretRotatedAt = nowDate();
  });
  return { connectorId: connector.id, secret };
}

export const replaceConnectorConfig = (s: WorkspaceScope, p: ProviderRef, id: string, input: ConnectorConfigReplaceInput) =>
  changeConnector(s, p, id, (c) => {
    c.config = { protocol: input.protocol, version: input.version, scope: [...new Set(input.scope)], auth: input.auth };
    return true; // the scopes its tokens carry
  });

export const patchConnectorConfig = (s: WorkspaceScope, p: ProviderRef, id: string, input: ConnectorConfigPatchInput) =>
  changeConnector(s, p, id, (c) => {
    if (!Object.values(input).some((v) => v !== undefined)) throw validationError('config', 'give at least one of protocol, version, scope, auth');
    c.config = {
      protocol: input.protocol ?? c.config.protocol,
      version: input.version ?? c.config.version,
      scope: input.scope ? [...new Set(input.scope)] : c.config.scope,
      auth: input.auth !== undefined ? input.auth : (c.config.auth ?? null), // null clears it
    };
    return true; // the scopes its tokens carry
  });

export async function deleteConnector(s: WorkspaceScope, p: ProviderRef, id: string): Promise<boolean> {
  const provider = await providerIn(s, p.kind, p.code);
  await s.em.transactional(async (tx) => {
    // of two deletions at once, the second finds it gone (NOT_FOUND), as it would after the first
    const connector = await lockConnector(tx, provider, id);
    await tx.nativeDelete(AccessToken, { connectorId: connector.id });
    await tx.nativeDelete(Connector, { id: connector.id });
    await revoke(tx, [workspaceTag(s.workspaceId)]);
    await connectorEvent(tx, connector, 'deleted');
  });
  return true;
}
