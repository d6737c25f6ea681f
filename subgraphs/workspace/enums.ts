import { registerEnumType } from 'type-graphql';

/** Provider kinds, lower-case as in paths. */
export enum ProviderKindEnum { csp = 'csp', dev = 'dev', lsp = 'lsp', iotsp = 'iotsp' }
registerEnumType(ProviderKindEnum, { name: 'ProviderKind', description: 'Kind of provider: LSP logistics, CSP commerce, DEV developer, IoTSP IoT.' });

export enum RoleEnum {
  OWNER = 'OWNER', ADMIN = 'ADMIN', MANAGER = 'MANAGER', SUPERVISOR = 'SUPERVISOR', COORDINATOR = 'COORDINATOR', DEVELOPER = 'DEVELOPER',
}
registerEnumType(RoleEnum, { name: 'WorkspaceRole', description: 'Role of a workspace member (docs/roles.md says what each may do).' });

export enum ConnectorType { ASI = 'ASI', MSI = 'MSI', IOT = 'IOT', API = 'API' }
registerEnumType(ConnectorType, {
  name: 'ConnectorType',
  description: 'Connector kind: ASI application-to-service integration, MSI machine-to-service integration, IOT device integration, API plain server API.',
});

export enum ConnectorStatus { ENABLED = 'ENABLED', DISABLED = 'DISABLED' }
registerEnumType(ConnectorStatus, { name: 'ConnectorStatus', description: 'Whether the connector accepts token requests and its tokens work.' });

export enum InvitationStatus { PENDING = 'PENDING', ACCEPTED = 'ACCEPTED', CANCELLED = 'CANCELLED' }
registerEnumType(InvitationStatus, { name: 'InvitationStatus', description: 'State of an invitation.' });
