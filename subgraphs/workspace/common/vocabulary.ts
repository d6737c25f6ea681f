import { closedList } from '../../../kernel/graphql-types.js';
import type { ProviderKind as PathKind } from '../../../kernel/principal.js';
import type { ProviderKind } from '../../../kernel/references.js';

/**
 * The closed lists every area of the family shares, and the two spellings of a provider kind: the graph's
 * `ProviderKind` (LSP, CSP, DEV, IOTSP, kernel/references.ts) and the lower-case one of REST paths, tokens and the
 * stored rows (`lsp`, kernel/principal.ts). The family stores and signs the lower-case kind and answers the graph's.
 */

export const WorkspaceRole = closedList('WorkspaceRole', 'The role of a member in a workspace: what they may do there (docs/roles.md).', {
  OWNER: 'The creator of the workspace: may do everything, delete the workspace included; nobody can give or take this role.',
  ADMIN: 'Manages the workspace, its members, providers, API keys, connectors and invitations; only the owner deletes the workspace.',
  MANAGER: 'Sets up and updates providers, reads connectors and sends CSP invitations; reads the workspace and its members.',
  SUPERVISOR: 'Reads the workspace, its members and providers and acts as its providers (in the LSP family: reads and writes).',
  COORDINATOR: 'Reads the workspace, its members and providers and acts as its providers (in the LSP family: reads and writes).',
  DEVELOPER: 'Manages API keys and connectors; reads the workspace, its members and providers (in the LSP family: reads only).',
});
export type WorkspaceRole = keyof typeof WorkspaceRole;

const CONNECTOR_TYPES = {
  ASI: "Application-to-service integration: an application of the provider (web or mobile) calling the platform on its users' behalf.",
  MSI: 'Machine-to-service integration: a back-end system of the provider calling the platform.',
  IOT: 'Device integration: telemetry gateways and trackers reporting to the platform.',
  API: 'A plain server API client.',
};
export const ConnectorType = closedList('ConnectorType', 'What a connector integrates with the platform.', CONNECTOR_TYPES);
export type ConnectorType = keyof typeof ConnectorType;
/** What connectors of a type are for (the value's description). */
export const connectorTypeUse = (type: ConnectorType): string => CONNECTOR_TYPES[type];

export const ConnectorAuthMode = closedList('ConnectorAuthMode', 'How the users a connector acts for are authenticated (written in lower case, as REST writes it).', {
  external: "The provider's own system authenticates its users; the platform trusts the connector.",
  internal: "The platform's own accounts authenticate the users.",
});
export type ConnectorAuthMode = keyof typeof ConnectorAuthMode;

export const InvitationStatus = closedList('InvitationStatus', 'Where an invitation (of a CSP operator or a DEV developer) stands.', {
  PENDING: 'Sent and not yet answered: the invitee may accept it until it expires.',
  ACCEPTED: 'The invitee accepted it and became a member.',
  CANCELLED: 'The inviting provider withdrew it before it was accepted.',
});
export type InvitationStatus = keyof typeof InvitationStatus;

/** The graph's kind of a stored (lower-case) kind. */
export const graphKind = (kind: PathKind): ProviderKind => kind.toUpperCase() as ProviderKind;

/** The stored (lower-case) kind of the graph's kind. */
export const pathKind = (kind: ProviderKind): PathKind => kind.toLowerCase() as PathKind;

export type { PathKind };
