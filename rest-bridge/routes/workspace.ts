import { PROVIDER_KINDS } from '../../kernel/principal.js';
import { PAGE, type RouteSpec } from './types.js';

const WORKSPACE = 'id name description ownerId createdAt updatedAt';
const MEMBERSHIP = `workspace { ${WORKSPACE} } role`;
const CONTACTS = 'contacts { emails phones }';
const ADDRESS = 'address { name street1 city state country coordinates { latitude longitude } }';
const PROVIDER = `id code kind type name description logo ${CONTACTS} ${ADDRESS} createdBy createdAt updatedAt`;
const MEMBER = 'id userId name role createdAt';
const API_KEY = 'id name prefix scopes createdBy createdAt lastUsedAt expiresAt revokedAt';
const CONNECTOR = 'id providerKind providerCode type name description config { protocol version scope auth } origins sandbox status secretRotatedAt createdAt updatedAt';
const INVITATION = `id providerCode phone name operator { role status bio ${CONTACTS} } status invitedBy createdAt expiresAt acceptedBy acceptedAt`;
const TOKEN = 'accessToken tokenType expiresIn scope connectorId';

/*
 * Path parameters keep the spec's names (`:wid`, `:ctype`, `:xcode`, `:as`: routes.tsv, the OpenAPI document and the
 * tests key on them); each operation passes them to the graph's arguments (`workspaceId: $wid`,
 * `providerKind: $ctype`, `providerCode: $xcode`, `role: $as`). Enum path parameters match in any case (`lsp`).
 */

const ws = { tag: 'Workspace', envelope: 'generic', auth: 'set-a' } as const;
/** REST writes provider kinds in lower case (`kind: "lsp"`, `providerKind: "lsp"`), as in its paths; the graph's are upper case. */
const LOWER = ['kind', 'providerKind'];

/** Workspaces (`/v1/workspace`): the spec names the family, the platform designs its routes (docs/contract.md). */
export const workspaceRoutes: RouteSpec[] = [
  {
    ...ws,
    method: 'POST',
    path: '/v1/workspace',
    summary: 'Create a workspace (the caller becomes its OWNER)',
    status: 201,
    operation: `mutation CreateWorkspace($input: CreateWorkspaceInput!) { createWorkspace(input: $input) { ${MEMBERSHIP} } }`,
    bodyVariable: 'input',
    result: { data: 'createWorkspace' },
  },
  {
    ...ws,
    method: 'GET',
    path: '/v1/workspace',
    summary: "The caller's workspaces",
    operation: `query MyWorkspaces($page: Int, $limit: Int) { myWorkspaces(page: $page, limit: $limit) { items { ${MEMBERSHIP} } ${PAGE} } }`,
    result: { data: 'myWorkspaces.items', pagination: 'myWorkspaces.pagination' },
  },
  {
    ...ws,
    method: 'GET',
    path: '/v1/workspace/:wid',
    summary: 'A workspace',
    operation: `query Workspace($wid: ID!) { workspace(workspaceId: $wid) { ${MEMBERSHIP} } }`,
    result: { data: 'workspace' },
  },
  {
    ...ws,
    method: 'PATCH',
    path: '/v1/workspace/:wid',
    summary: 'Rename or describe a workspace',
    operation: `mutation UpdateWorkspace($wid: ID!, $input: UpdateWorkspaceInput!) { updateWorkspace(workspaceId: $wid, input: $input) { ${MEMBERSHIP} } }`,
    bodyVariable: 'input',
    result: { data: 'updateWorkspace' },
  },
  {
    ...ws,
    method: 'DELETE',
    path: '/v1/workspace/:wid',
    summary: 'Delete a workspace and everything in it',
    operation: `mutation DeleteWorkspace($wid: ID!) { deleteWorkspace(workspaceId: $wid) }`,
    result: { 'data.deleted': 'deleteWorkspace' },
  },
  {
    ...ws,
    method: 'GET',
    path: '/v1/workspace/:wid/members',
    summary: 'Members of a workspace',
    operation: `query Members($wid: ID!, $page: Int, $limit: Int) { members(workspaceId: $wid, page: $page, limit: $limit) { items { ${MEMBER} } ${PAGE} } }`,
    result: { data: 'members.items', pagination: 'members.pagination' },
  },
  {
    ...ws,
    method: 'PATCH',
    path: '/v1/workspace/:wid/members/:userId',
    summary: "Change a member's role",
    operation: `mutation ChangeMemberRole($wid: ID!, $userId: ID!, $input: ChangeRoleInput!) { changeMemberRole(workspaceId: $wid, userId: $userId, input: $input) { ${MEMBER} } }`,
    bodyVariable: 'input',
    result: { data: 'changeMemberRole' },
  },
  {
    ...ws,
    method: 'DELETE',
    path: '/v1/workspace/:wid/members/:userId',
    summary: 'Remove a member',
    operation: `mutation RemoveMember($wid: ID!, $userId: ID!) { removeMember(workspaceId: $wid, userId: $userId) }`,
    result: { 'data.removed': 'removeMember' },
  },
  {
    ...ws,
    method: 'POST',
    path: '/v1/workspace/:wid/api-keys',
    summary: 'Create an API key (the key is shown once)',
    status: 201,
    operation: `mutation CreateApiKey($wid: ID!, $input: CreateApiKeyInput!) { createApiKey(workspaceId: $wid, input: $input) { key apiKey { ${API_KEY} } } }`,
    bodyVariable: 'input',
    result: { data: 'createApiKey' },
  },
  {
    ...ws,
    method: 'GET',
    path: '/v1/workspace/:wid/api-keys',
    summary: 'API keys (prefix only)',
    operation: `query ApiKeys($wid: ID!, $page: Int, $limit: Int) { apiKeys(workspaceId: $wid, page: $page, limit: $limit) { items { ${API_KEY} } ${PAGE} } }`,
    result: { data: 'apiKeys.items', pagination: 'apiKeys.pagination' },
  },
  {
    ...ws,
    method: 'GET',
    path: '/v1/workspace/:wid/events',
    summary: "The workspace's events after a cursor (the pull feed; docs/events.md)",
    operation: `query WorkspaceEvents($wid: ID!, $after: String, $limit: Int, $types: [String!]) { workspaceEvents(workspaceId: $wid, after: $after, limit: $limit, types: $types) { items { id type version sequence createdAt workspaceId data } next hasMore } }`,
    result: { data: 'workspaceEvents.items', 'pagination.next': 'workspaceEvents.next', 'pagination.hasMore': 'workspaceEvents.hasMore' },
  },
  {
    ...ws,
    method: 'DELETE',
    path: '/v1/workspace/:wid/api-keys/:id',
    summary: 'Revoke an API key',
    operation: `mutation RevokeApiKey($wid: ID!, $id: ID!) { revokeApiKey(workspaceId: $wid, id: $id) { ${API_KEY} } }`,
    result: { data: 'revokeApiKey' },
  },
];

const setup = { tag: 'Workspace provider set-up', envelope: 'generic', auth: 'set-a', lowerCase: LOWER } as const;

/** Group 2: providers of four kinds. `kind` is fixed per route, so every path of the spec is its own entry. */
export const providerRoutes: RouteSpec[] = PROVIDER_KINDS.map((kind) => [kind, kind.toUpperCase()] as const).flatMap(([kind, KIND]): RouteSpec[] => [
  {
    ...setup,
    method: 'POST',
    path: `/v1/:wid/${kind}/setup`,
    summary: `Set up a ${kind.toUpperCase()} provider`,
    status: 201,
    operation: `mutation SetupProvider($wid: ID!, $input: ProviderSetupInput!) { setupProvider(workspaceId: $wid, providerKind: ${KIND}, input: $input) { ${PROVIDER} } }`,
    bodyVariable: 'input',
    result: { data: 'setupProvider' },
  },
  {
    ...setup,
    method: 'GET',
    path: `/v1/:wid/${kind}s`,
    summary: `List ${kind.toUpperCase()} providers`,
    operation: `query Providers($wid: ID!, $page: Int, $limit: Int) { providers(workspaceId: $wid, providerKind: ${KIND}, page: $page, limit: $limit) { items { ${PROVIDER} } ${PAGE} } }`,
    result: { data: 'providers.items', pagination: 'providers.pagination' },
  },
  {
    ...setup,
    method: 'GET',
    path: `/v1/:wid/${kind}/:xcode/context`,
    summary: `Act as a ${kind.toUpperCase()} provider: issue a provider-context token`,
    operation: `mutation ProviderContext($wid: ID!, $xcode: String!) { providerContext(workspaceId: $wid, providerKind: ${KIND}, providerCode: $xcode) { token expiresIn workspaceId role deviceId workspace: provider { type: kind icode: code } provider { ${PROVIDER} } } }`,
    result: { data: 'providerContext' },
  },
  {
    ...setup,
    method: 'GET',
    path: `/v1/:wid/${kind}/:xcode`,
    summary: `A ${kind.toUpperCase()} provider`,
    operation: `query Provider($wid: ID!, $xcode: String!) { provider(workspaceId: $wid, providerKind: ${KIND}, providerCode: $xcode) { ${PROVIDER} } }`,
    result: { data: 'provider' },
  },
  {
    ...setup,
    method: 'PATCH',
    path: `/v1/:wid/${kind}/:xcode`,
    summary: `Update a ${kind.toUpperCase()} provider`,
    operation: `mutation UpdateProvider($wid: ID!, $xcode: String!, $input: ProviderUpdateInput!) { updateProvider(workspaceId: $wid, providerKind: ${KIND}, providerCode: $xcode, input: $input) { ${PROVIDER} } }`,
    bodyVariable: 'input',
    result: { data: 'updateProvider' },
  },
  {
    ...setup,
    method: 'DELETE',
    path: `/v1/:wid/${kind}/:xcode`,
    summary: `Delete a ${kind.toUpperCase()} provider with its connectors`,
    operation: `mutation DeleteProvider($wid: ID!, $xcode: String!) { deleteProvider(workspaceId: $wid, providerKind: ${KIND}, providerCode: $xcode) }`,
    result: { 'data.deleted': 'deleteProvider' },
  },
]);

const PREFIX = '/v1/:wid/:ctype/:xcode/connectors';
const conn = { tag: 'Connectors', envelope: 'result', auth: 'set-a', lowerCase: LOWER } as const;
const ARGS = '$wid: ID!, $ctype: ProviderKind!, $xcode: String!';
const PASS = 'workspaceId: $wid, providerKind: $ctype, providerCode: $xcode';

/** Group 3: connectors. Specific sub-paths come before `/:id/:action` so they are matched first. */
export const connectorRoutes: RouteSpec[] = [
  {
    ...conn,
    method: 'POST',
    path: PREFIX,
    summary: 'Create a connector (the secret is shown once)',
    status: 201,
    resultStatus: 'CONNECTOR::CREATED',
    operation: `mutation CreateConnector(${ARGS}, $input: CreateConnectorInput!) { createConnector(${PASS}, input: $input) { connectorId secret connector { ${CONNECTOR} } } }`,
    bodyVariable: 'input',
    result: { '...': 'createConnector' },
  },
  {
    ...conn,
    method: 'GET',
    path: PREFIX,
    summary: "A provider's connectors",
    resultStatus: 'CONNECTOR::LISTED',
    operation: `query Connectors(${ARGS}, $page: Int, $limit: Int) { connectors(${PASS}, page: $page, limit: $limit) { items { ${CONNECTOR} } ${PAGE} } }`,
    result: { connectors: 'connectors.items', pagination: 'connectors.pagination' },
  },
  {
    ...conn,
    method: 'GET',
    path: `${PREFIX}/:id`,
    summary: 'A connector',
    resultStatus: 'CONNECTOR::FETCHED',
    operation: `query Connector(${ARGS}, $id: ID!) { connector(${PASS}, id: $id) { ${CONNECTOR} } }`,
    result: { connector: 'connector' },
  },
  {
    ...conn,
    method: 'PATCH',
    path: `${PREFIX}/:id/access`,
    summary: 'Set the origins allowed to request access tokens',
    resultStatus: 'CONNECTOR::ACCESS_UPDATED',
    operation: `mutation SetConnectorOrigins(${ARGS}, $id: ID!, $origins: [String!]!) { setConnectorOrigins(${PASS}, id: $id, origins: $origins) { ${CONNECTOR} } }`,
    bodyFields: ['origins'],
    result: { connector: 'setConnectorOrigins' },
  },
  {
    ...conn,
    method: 'PATCH',
    path: `${PREFIX}/:id/secret/rotate`,
    summary: 'Rotate the secret (the old one stops working)',
    resultStatus: 'CONNECTOR::SECRET_ROTATED',
    operation: `mutation RotateConnectorSecret(${ARGS}, $id: ID!) { rotateConnectorSecret(${PASS}, id: $id) { connectorId secret } }`,
    result: { '...': 'rotateConnectorSecret' },
  },
  {
    ...conn,
    method: 'PUT',
    path: `${PREFIX}/:id/config`,
    summary: 'Replace the configuration',
    resultStatus: 'CONNECTOR::CONFIG_UPDATED',
    operation: `mutation ReplaceConnectorConfig(${ARGS}, $id: ID!, $input: ConnectorConfigReplaceInput!) { replaceConnectorConfig(${PASS}, id: $id, input: $input) { ${CONNECTOR} } }`,
    bodyVariable: 'input',
    result: { connector: 'replaceConnectorConfig' },
  },
  {
    ...conn,
    method: 'PATCH',
    path: `${PREFIX}/:id/config`,
    summary: 'Change part of the configuration',
    resultStatus: 'CONNECTOR::CONFIG_UPDATED',
    operation: `mutation PatchConnectorConfig(${ARGS}, $id: ID!, $input: ConnectorConfigPatchInput!) { patchConnectorConfig(${PASS}, id: $id, input: $input) { ${CONNECTOR} } }`,
    bodyVariable: 'input',
    result: { connector: 'patchConnectorConfig' },
  },
  {
    ...conn,
    method: 'PATCH',
    path: `${PREFIX}/:id/:action`,
    summary: 'Enable or disable (`:action` = enable | disable)',
    resultStatus: 'CONNECTOR::UPDATED',
    operation: `mutation SetConnectorState(${ARGS}, $id: ID!, $action: ConnectorAction!) { setConnectorState(${PASS}, id: $id, action: $action) { ${CONNECTOR} } }`,
    result: { connector: 'setConnectorState' },
  },
  {
    ...conn,
    method: 'PATCH',
    path: `${PREFIX}/:id`,
    summary: 'Rename or describe',
    resultStatus: 'CONNECTOR::UPDATED',
    operation: `mutation UpdateConnector(${ARGS}, $id: ID!, $input: UpdateConnectorInput!) { updateConnector(${PASS}, id: $id, input: $input) { ${CONNECTOR} } }`,
    bodyVariable: 'input',
    result: { connector: 'updateConnector' },
  },
  {
    ...conn,
    method: 'DELETE',
    path: `${PREFIX}/:id`,
    summary: 'Delete (its tokens stop working)',
    resultStatus: 'CONNECTOR::DELETED',
    operation: `mutation DeleteConnector(${ARGS}, $id: ID!) { deleteConnector(${PASS}, id: $id) }`,
    result: { deleted: 'deleteConnector' },
  },
];

const access = { tag: 'Access tokens', envelope: 'generic' } as const;

/** Group 4: access tokens for connectors. */
export const accessRoutes: RouteSpec[] = [
  {
    ...access,
    auth: 'origin+svc-user-agent',
    method: 'POST',
    path: '/v1/access/token',
    summary: 'Exchange a connector secret for an access token',
    status: 201,
    operation: `mutation IssueAccessToken($input: IssueAccessTokenInput!) { issueAccessToken(input: $input) { ${TOKEN} } }`,
    bodyVariable: 'input',
    result: { data: 'issueAccessToken' },
  },
  {
    ...access,
    auth: 'origin+svc-user-agent',
    method: 'PATCH',
    path: '/v1/access/token/rotate',
    summary: 'Replace an access token by a new one',
    operation: `mutation RotateAccessToken($input: AccessTokenInput!) { rotateAccessToken(input: $input) { ${TOKEN} } }`,
    bodyVariable: 'input',
    result: { data: 'rotateAccessToken' },
  },
  {
    ...access,
    auth: 'origin',
    method: 'PATCH',
    path: '/v1/access/token/revoke',
    summary: 'Revoke an access token',
    operation: `mutation RevokeAccessToken($input: AccessTokenInput!) { revokeAccessToken(input: $input) { revoked connectorId } }`,
    bodyVariable: 'input',
    result: { data: 'revokeAccessToken' },
  },
  {
    ...access,
    auth: 'origin+svc-user-agent',
    method: 'GET',
    path: '/v1/access/config',
    summary: 'What a connector of one type needs (`?expects=ASI`)',
    operation: `query AccessConfig($expects: ConnectorType!) { accessConfig(connectorType: $expects) { connectorType description tokenEndpoint requiredHeaders protocols authModes tokenLifetime usage } }`,
    result: { data: 'accessConfig' },
  },
];

const inv = { tag: 'CSP invitations', envelope: 'generic', auth: 'set-a' } as const;

/** Group 9 (invitations): sent from a CSP context, accepted by the invitee's own user token. */
export const invitationRoutes: RouteSpec[] = [
  {
    ...inv,
    method: 'POST',
    path: '/v1/csp/invitation/accept',
    summary: 'Accept an invitation (as the signed-in invitee)',
    operation: `mutation AcceptInvitation($token: String!) { acceptInvitation(token: $token) { invitation { ${INVITATION} } member { ${MEMBER} } } }`,
    bodyFields: ['token'],
    result: { data: 'acceptInvitation' },
  },
  {
    ...inv,
    method: 'POST',
    path: '/v1/csp/invitation/:as',
    summary: 'Invite an operator (`:as` = the role: admin, manager, supervisor, coordinator, developer)',
    status: 201,
    operation: `mutation InviteOperator($as: InvitableRole!, $input: InviteInput!) { inviteOperator(role: $as, input: $input) { token invitation { ${INVITATION} } } }`,
    bodyVariable: 'input',
    result: { data: 'inviteOperator' },
  },
  {
    ...inv,
    method: 'DELETE',
    path: '/v1/csp/invitation',
    summary: 'Cancel a pending invitation',
    operation: `mutation CancelInvitation($invitationId: ID!) { cancelInvitation(invitationId: $invitationId) { ${INVITATION} } }`,
    bodyFields: ['invitationId'],
    result: { data: 'cancelInvitation' },
  },
];
