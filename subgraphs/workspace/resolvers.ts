import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../kernel/subgraph.js';
import { Connector, Member, Provider, Invitation, ApiKey } from './entities.js';
import { ProviderKindEnum, RoleEnum } from './enums.js';
import {
  AccessConfig, AccessTokenInput, AccessTokenIssued, AccessTokenRevoked, ApiKeyCreated, ApiKeyPage, ChangeRoleInput,
  ConnectorConfigPatchInput, ConnectorConfigReplaceInput, ConnectorCreated, ConnectorPage, ConnectorSecret, CreateApiKeyInput,
  CreateConnectorInput, CreateWorkspaceInput, InvitationAccepted, InvitationCreated, InviteInput, IssueAccessTokenInput, ListArgs,
  MemberPage, ProviderContext, ProviderPage, ProviderSetupInput, ProviderUpdateInput, UpdateConnectorInput, UpdateWorkspaceInput,
  Viewer, WorkspaceMembership, WorkspacePage,
} from './types.js';
import * as ws from './service.js';

const WID = { description: 'Workspace identifier.' };
const KIND = { description: 'Provider kind (`<kind>` / `:ctype` in paths).' };
const XCODE = { description: 'Provider code (`:xcode`).' };
const CID = { description: 'Connector identifier.' };

@Resolver()
export class WorkspaceResolver {
  @Query(() => Viewer, { description: 'Who the caller is, as the gateway resolved their credential.' })
  viewer(@Ctx() ctx: SubgraphContext): Viewer {
    const p = ctx.principal;
    return {
      kind: p.kind,
      userId: 'userId' in p ? p.userId : undefined,
      workspaceId: 'workspaceId' in p ? p.workspaceId : undefined,
      providerKind: 'providerKind' in p ? p.providerKind : undefined,
      providerCode: 'providerCode' in p ? p.providerCode : undefined,
      role: p.kind === 'provider' ? (p.role as RoleEnum) : undefined,
      connectorId: p.kind === 'connector' ? p.connectorId : undefined,
      scopes: 'scopes' in p ? p.scopes : undefined,
    };
  }

  @Mutation(() => WorkspaceMembership, { description: 'Create a workspace; the caller becomes its OWNER (`POST /v1/workspace`).' })
  createWorkspace(@Arg('input', { description: 'The new workspace.' }) input: CreateWorkspaceInput, @Ctx() ctx: SubgraphContext) {
    return ws.createWorkspace(ctx.em, ctx.principal, input);
  }

  @Query(() => WorkspaceMembership, { description: 'One of the caller\'s workspaces (`GET /v1/workspace/:wid`).' })
  workspace(@Arg('wid', () => ID, WID) wid: string, @Ctx() ctx: SubgraphContext) {
    return ws.getWorkspace(ctx.em, ctx.principal, wid);
  }

  @Query(() => WorkspacePage, { description: 'The caller\'s workspaces (`GET /v1/workspace`).' })
  myWorkspaces(@Args() args: ListArgs, @Ctx() ctx: SubgraphContext) {
    return ws.listMyWorkspaces(ctx.em, ctx.principal, args);
  }

  @Mutation(() => WorkspaceMembership, { description: 'Rename or describe a workspace (`PATCH /v1/workspace/:wid`).' })
  updateWorkspace(@Arg('wid', () => ID, WID) wid: string, @Arg('input', { description: 'The changes.' }) input: UpdateWorkspaceInput, @Ctx() ctx: SubgraphContext) {
    return ws.updateWorkspace(ctx.em, ctx.principal, wid, input);
  }

  @Mutation(() => Boolean, { description: 'Delete a workspace and everything in it (`DELETE /v1/workspace/:wid`).' })
  deleteWorkspace(@Arg('wid', () => ID, WID) wid: string, @Ctx() ctx: SubgraphContext) {
    return ws.deleteWorkspace(ctx.em, ctx.principal, wid);
  }

  @Query(() => MemberPage, { description: 'Members of a workspace (`GET /v1/workspace/:wid/members`).' })
  members(@Arg('wid', () => ID, WID) wid: string, @Args() args: ListArgs, @Ctx() ctx: SubgraphContext) {
    return ws.listMembers(ctx.em, ctx.principal, wid, args);
  }

  @Mutation(() => Member, { description: 'Change a member\'s role (`PATCH /v1/workspace/:wid/members/:userId`).' })
  changeMemberRole(
    @Arg('wid', () => ID, WID) wid: string,
    @Arg('userId', () => ID, { description: 'The member\'s user identifier.' }) userId: string,
    @Arg('input', { description: 'The new role.' }) input: ChangeRoleInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return ws.changeRole(ctx.em, ctx.principal, wid, userId, input.role);
  }

  @Mutation(() => Boolean, { description: 'Remove a member (`DELETE /v1/workspace/:wid/members/:userId`).' })
  removeMember(@Arg('wid', () => ID, WID) wid: string, @Arg('userId', () => ID, { description: 'The member\'s user identifier.' }) userId: string, @Ctx() ctx: SubgraphContext) {
    return ws.removeMember(ctx.em, ctx.principal, wid, userId);
  }

  @Mutation(() => ApiKeyCreated, { description: 'Create an API key, shown once (`POST /v1/workspace/:wid/api-keys`).' })
  createApiKey(@Arg('wid', () => ID, WID) wid: string, @Arg('input', { description: 'The new key.' }) input: CreateApiKeyInput, @Ctx() ctx: SubgraphContext) {
    return ws.createApiKey(ctx.em, ctx.principal, wid, input);
  }

  @Query(() => ApiKeyPage, { description: 'API keys of a workspace, prefix only (`GET /v1/workspace/:wid/api-keys`).' })
  apiKeys(@Arg('wid', () => ID, WID) wid: string, @Args() args: ListArgs, @Ctx() ctx: SubgraphContext) {
    return ws.listApiKeys(ctx.em, ctx.principal, wid, args);
  }

  @Mutation(() => ApiKey, { description: 'Revoke an API key (`DELETE /v1/workspace/:wid/api-keys/:id`).' })
  revokeApiKey(@Arg('wid', () => ID, WID) wid: string, @Arg('id', () => ID, { description: 'Key identifier.' }) id: string, @Ctx() ctx: SubgraphContext) {
    return ws.revokeApiKey(ctx.em, ctx.principal, wid, id);
  }
}

@Resolver(() => Provider)
export class ProviderResolver {
  @Mutation(() => Provider, { description: 'Set up a provider (`POST /v1/:wid/<kind>/setup`).' })
  setupProvider(
    @Arg('wid', () => ID, WID) wid: string, @Arg('kind', () => ProviderKindEnum, KIND) kind: ProviderKindEnum,
    @Arg('input', { description: 'The set-up body.' }) input: ProviderSetupInput, @Ctx() ctx: SubgraphContext,
  ) {
    return ws.setupProvider(ctx.em, ctx.principal, wid, kind, input);
  }

  @Query(() => Provider, { description: 'A provider by code (`GET /v1/:wid/<kind>/:xcode`).' })
  provider(@Arg('wid', () => ID, WID) wid: string, @Arg('kind', () => ProviderKindEnum, KIND) kind: ProviderKindEnum, @Arg('xcode', XCODE) xcode: string, @Ctx() ctx: SubgraphContext) {
    return ws.getProvider(ctx.em, ctx.principal, wid, kind, xcode);
  }

  @Query(() => ProviderPage, { description: 'Providers of one kind (`GET /v1/:wid/<kind>s`).' })
  providers(@Arg('wid', () => ID, WID) wid: string, @Arg('kind', () => ProviderKindEnum, KIND) kind: ProviderKindEnum, @Args() args: ListArgs, @Ctx() ctx: SubgraphContext) {
    return ws.listProviders(ctx.em, ctx.principal, wid, kind, args);
  }

  @Mutation(() => Provider, { description: 'Update a provider (`PATCH /v1/:wid/<kind>/:xcode`).' })
  updateProvider(
    @Arg('wid', () => ID, WID) wid: string, @Arg('kind', () => ProviderKindEnum, KIND) kind: ProviderKindEnum, @Arg('xcode', XCODE) xcode: string,
    @Arg('input', { description: 'The changes.' }) input: ProviderUpdateInput, @Ctx() ctx: SubgraphContext,
  ) {
    return ws.updateProvider(ctx.em, ctx.principal, wid, kind, xcode, input);
  }

  @Mutation(() => Boolean, { description: 'Delete a provider with its connectors (`DELETE /v1/:wid/<kind>/:xcode`).' })
  deleteProvider(@Arg('wid', () => ID, WID) wid: string, @Arg('kind', () => ProviderKindEnum, KIND) kind: ProviderKindEnum, @Arg('xcode', XCODE) xcode: string, @Ctx() ctx: SubgraphContext) {
    return ws.deleteProvider(ctx.em, ctx.principal, wid, kind, xcode);
  }

  @Mutation(() => ProviderContext, { description: 'Issue a provider-context token for the caller\'s device (`GET /v1/:wid/<kind>/:xcode/context`).' })
  providerContext(@Arg('wid', () => ID, WID) wid: string, @Arg('kind', () => ProviderKindEnum, KIND) kind: ProviderKindEnum, @Arg('xcode', XCODE) xcode: string, @Ctx() ctx: SubgraphContext) {
    return ws.providerContext(ctx.em, ctx.config, ctx.principal, wid, kind, xcode);
  }
}

@Resolver(() => Connector)
export class ConnectorResolver {
  @Mutation(() => ConnectorCreated, { description: 'Create a connector; its secret is shown once (`POST <prefix>`).' })
  createConnector(
    @Arg('wid', () => ID, WID) wid: string, @Arg('ctype', () => ProviderKindEnum, KIND) ctype: ProviderKindEnum, @Arg('xcode', XCODE) xcode: string,
    @Arg('input', { description: 'The new connector.' }) input: CreateConnectorInput, @Ctx() ctx: SubgraphContext,
  ) {
    return ws.createConnector(ctx.em, ctx.principal, wid, ctype, xcode, input);
  }

  @Query(() => Connector, { description: 'A connector (`GET <prefix>/:id`).' })
  connector(
    @Arg('wid', () => ID, WID) wid: string, @Arg('ctype', () => ProviderKindEnum, KIND) ctype: ProviderKindEnum, @Arg('xcode', XCODE) xcode: string,
    @Arg('id', () => ID, CID) id: string, @Ctx() ctx: SubgraphContext,
  ) {
    return ws.getConnector(ctx.em, ctx.principal, wid, ctype, xcode, id);
  }

  @Query(() => ConnectorPage, { description: 'A provider\'s connectors (`GET <prefix>`).' })
  connectors(
    @Arg('wid', () => ID, WID) wid: string, @Arg('ctype', () => ProviderKindEnum, KIND) ctype: ProviderKindEnum, @Arg('xcode', XCODE) xcode: string,
    @Args() args: ListArgs, @Ctx() ctx: SubgraphContext,
  ) {
    return ws.listConnectors(ctx.em, ctx.principal, wid, ctype, xcode, args);
  }

  @Mutation(() => Connector, { description: 'Rename or describe a connector (`PATCH <prefix>/:id`).' })
  updateConnector(
    @Arg('wid', () => ID, WID) wid: string, @Arg('ctype', () => ProviderKindEnum, KIND) ctype: ProviderKindEnum, @Arg('xcode', XCODE) xcode: string,
    @Arg('id', () => ID, CID) id: string, @Arg('input', { description: 'The changes.' }) input: UpdateConnectorInput, @Ctx() ctx: SubgraphContext,
  ) {
    return ws.updateConnector(ctx.em, ctx.principal, wid, ctype, xcode, id, input);
  }

  @Mutation(() => Connector, { description: 'Enable or disable a connector (`PATCH <prefix>/:id/:action`); a disabled connector\'s tokens stop working.' })
  setConnectorState(
    @Arg('wid', () => ID, WID) wid: string, @Arg('ctype', () => ProviderKindEnum, KIND) ctype: ProviderKindEnum, @Arg('xcode', XCODE) xcode: string,
    @Arg('id', () => ID, CID) id: string, @Arg('action', { description: '`enable` or `disable`.' }) action: string, @Ctx() ctx: SubgraphContext,
  ) {
    return ws.setConnectorState(ctx.em, ctx.principal, wid, ctype, xcode, id, action);
  }

  @Mutation(() => Connector, { description: 'Set the origins allowed to request tokens (`PATCH <prefix>/:id/access`).' })
  setConnectorOrigins(
    @Arg('wid', () => ID, WID) wid: string, @Arg('ctype', () => ProviderKindEnum, KIND) ctype: ProviderKindEnum, @Arg('xcode', XCODE) xcode: string,
    @Arg('id', () => ID, CID) id: string, @Arg('origins', () => [String], { description: 'Origins such as https://app.example.com.' }) origins: string[],
    @Ctx() ctx: SubgraphContext,
  ) {
    return ws.setConnectorOrigins(ctx.em, ctx.principal, wid, ctype, xcode, id, origins);
  }

  @Mutation(() => ConnectorSecret, { description: 'Rotate the connector secret; the old one stops working (`PATCH <prefix>/:id/secret/rotate`).' })
  rotateConnectorSecret(
    @Arg('wid', () => ID, WID) wid: string, @Arg('ctype', () => ProviderKindEnum, KIND) ctype: ProviderKindEnum, @Arg('xcode', XCODE) xcode: string,
    @Arg('id', () => ID, CID) id: string, @Ctx() ctx: SubgraphContext,
  ) {
    return ws.rotateConnectorSecret(ctx.em, ctx.principal, wid, ctype, xcode, id);
  }

  @Mutation(() => Connector, { description: 'Replace the connector configuration (`PUT <prefix>/:id/config`).' })
  replaceConnectorConfig(
    @Arg('wid', () => ID, WID) wid: string, @Arg('ctype', () => ProviderKindEnum, KIND) ctype: ProviderKindEnum, @Arg('xcode', XCODE) xcode: string,
    @Arg('id', () => ID, CID) id: string, @Arg('input', { description: 'The whole configuration.' }) input: ConnectorConfigReplaceInput, @Ctx() ctx: SubgraphContext,
  ) {
    return ws.replaceConnectorConfig(ctx.em, ctx.principal, wid, ctype, xcode, id, input);
  }

  @Mutation(() => Connector, { description: 'Change part of the connector configuration (`PATCH <prefix>/:id/config`).' })
  patchConnectorConfig(
    @Arg('wid', () => ID, WID) wid: string, @Arg('ctype', () => ProviderKindEnum, KIND) ctype: ProviderKindEnum, @Arg('xcode', XCODE) xcode: string,
    @Arg('id', () => ID, CID) id: string, @Arg('input', { description: 'The fields to change.' }) input: ConnectorConfigPatchInput, @Ctx() ctx: SubgraphContext,
  ) {
    return ws.patchConnectorConfig(ctx.em, ctx.principal, wid, ctype, xcode, id, input);
  }

  @Mutation(() => Boolean, { description: 'Delete a connector; its tokens stop working (`DELETE <prefix>/:id`).' })
  deleteConnector(
    @Arg('wid', () => ID, WID) wid: string, @Arg('ctype', () => ProviderKindEnum, KIND) ctype: ProviderKindEnum, @Arg('xcode', XCODE) xcode: string,
    @Arg('id', () => ID, CID) id: string, @Ctx() ctx: SubgraphContext,
  ) {
    return ws.deleteConnector(ctx.em, ctx.principal, wid, ctype, xcode, id);
  }
}

@Resolver()
export class AccessResolver {
  @Mutation(() => AccessTokenIssued, { description: 'Exchange a connector secret for an access token (`POST /v1/access/token`; headers origin, svc-user-agent).' })
  issueAccessToken(@Arg('input', { description: 'Connector and secret.' }) input: IssueAccessTokenInput, @Ctx() ctx: SubgraphContext) {
    return ws.issueAccessToken(ctx.em, ctx.config, ctx.principal, input);
  }

  @Mutation(() => AccessTokenIssued, { description: 'Replace an access token by a new one (`PATCH /v1/access/token/rotate`).' })
  rotateAccessToken(@Arg('input', { description: 'The current token.' }) input: AccessTokenInput, @Ctx() ctx: SubgraphContext) {
    return ws.rotateAccessToken(ctx.em, ctx.config, ctx.principal, input.accessToken);
  }

  @Mutation(() => AccessTokenRevoked, { description: 'Revoke an access token (`PATCH /v1/access/token/revoke`; header origin).' })
  revokeAccessToken(@Arg('input', { description: 'The token to revoke.' }) input: AccessTokenInput, @Ctx() ctx: SubgraphContext) {
    return ws.revokeAccessToken(ctx.em, ctx.config, ctx.principal, input.accessToken);
  }

  @Query(() => AccessConfig, { description: 'What a connector of one type needs (`GET /v1/access/config?expects=`).' })
  accessConfig(@Arg('expects', { description: 'Connector type (ASI, MSI, IOT, API).' }) expects: string, @Ctx() ctx: SubgraphContext) {
    return ws.accessConfig(ctx.config, ctx.principal, expects);
  }
}

@Resolver(() => Invitation)
export class InvitationResolver {
  @Mutation(() => InvitationCreated, { description: 'Invite an operator into the CSP\'s workspace (`POST /v1/csp/invitation/:as`).' })
  inviteOperator(@Arg('as', { description: 'Role to invite as: admin, manager, supervisor, coordinator or developer.' }) as: string, @Arg('input', { description: 'The invitation.' }) input: InviteInput, @Ctx() ctx: SubgraphContext) {
    return ws.invite(ctx.em, ctx.config, ctx.principal, as, input);
  }

  @Mutation(() => Invitation, { description: 'Cancel a pending invitation (`DELETE /v1/csp/invitation`).' })
  cancelInvitation(@Arg('invitationId', () => ID, { description: 'Invitation identifier.' }) invitationId: string, @Ctx() ctx: SubgraphContext) {
    return ws.cancelInvitation(ctx.em, ctx.principal, invitationId);
  }

  @Mutation(() => InvitationAccepted, { description: 'Accept an invitation as the signed-in user (`POST /v1/csp/invitation/accept`).' })
  acceptInvitation(@Arg('token', { description: 'The invitation token.' }) token: string, @Ctx() ctx: SubgraphContext) {
    return ws.acceptInvitation(ctx.em, ctx.principal, token);
  }
}

