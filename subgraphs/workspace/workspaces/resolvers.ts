import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { ProviderKind, UserReference, userRef } from '../../../kernel/references.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { WorkspaceArgs } from '../common/arguments.js';
import { scope } from '../common/scope.js';
import { pathKind } from '../common/vocabulary.js';
import { ProviderPage } from '../providers/types.js';
import { providersOf } from '../providers/service.js';
import { Member, Workspace } from './entities.js';
import * as workspaces from './service.js';
import { ChangeRoleInput, CreateWorkspaceInput, MemberPage, UpdateWorkspaceInput, WorkspaceMembership, WorkspaceMembershipPage } from './types.js';

const USER_ID = { description: "The member's user identifier." };

@Resolver(() => Workspace)
export class WorkspaceResolver {
  @Mutation(() => WorkspaceMembership, { description: 'Create a workspace; the caller becomes its OWNER. REST: `POST /v1/workspace`.' })
  createWorkspace(@Arg('input', { description: 'The new workspace.' }) input: CreateWorkspaceInput, @Ctx() ctx: SubgraphContext) {
    return workspaces.createWorkspace(scope(ctx, 'signed-in'), input);
  }

  @Query(() => WorkspaceMembership, { description: "One of the caller's workspaces with the caller's role in it. REST: `GET /v1/workspace/:wid`." })
  async workspace(@Args() { workspaceId }: WorkspaceArgs, @Ctx() ctx: SubgraphContext) {
    return workspaces.getWorkspace(await scope(ctx, workspaceId, 'workspace.read'));
  }

  @Query(() => WorkspaceMembershipPage, { description: 'The workspaces the caller is a member of, with their role, in joining order. REST: `GET /v1/workspace`.' })
  myWorkspaces(@Args() page: PageArgs, @Ctx() ctx: SubgraphContext) {
    return workspaces.listMyWorkspaces(scope(ctx, 'signed-in'), page);
  }

  @Mutation(() => WorkspaceMembership, { description: 'Rename a workspace or change its description. REST: `PATCH /v1/workspace/:wid`.' })
  async updateWorkspace(@Args() { workspaceId }: WorkspaceArgs, @Arg('input', { description: 'The changes.' }) input: UpdateWorkspaceInput, @Ctx() ctx: SubgraphContext) {
    return workspaces.updateWorkspace(await scope(ctx, workspaceId, 'workspace.update'), input);
  }

  @Mutation(() => Boolean, { description: 'Delete a workspace with its providers, connectors, keys, invitations and members. REST: `DELETE /v1/workspace/:wid`.' })
  async deleteWorkspace(@Args() { workspaceId }: WorkspaceArgs, @Ctx() ctx: SubgraphContext) {
    return workspaces.deleteWorkspace(await scope(ctx, workspaceId, 'workspace.delete'));
  }

  @FieldResolver(() => UserReference, { nullable: true, description: 'The user who created the workspace, its OWNER (resolved by the users subgraph; null when that account is gone or not visible).' })
  owner(@Root() workspace: Workspace): UserReference {
    return userRef(workspace.ownerId);
  }

  @FieldResolver(() => ProviderPage, { description: "The workspace's providers, of one kind or of all kinds, oldest first." })
  providers(
    @Root() workspace: Workspace,
    @Arg('providerKind', () => ProviderKind, { nullable: true, description: 'Only providers of this kind (default: every kind).' }) providerKind: ProviderKind | undefined,
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ) {
    return providersOf(scope(ctx), workspace.id, providerKind ? pathKind(providerKind) : undefined, page);
  }
}

@Resolver(() => Member)
export class MemberResolver {
  @Query(() => MemberPage, { description: 'The members of a workspace with their roles, in joining order. REST: `GET /v1/workspace/:wid/members`.' })
  async members(@Args() { workspaceId }: WorkspaceArgs, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext) {
    return workspaces.listMembers(await scope(ctx, workspaceId, 'members.read'), page);
  }

  @Mutation(() => Member, { description: "Give a member another role (never OWNER, never the owner's). REST: `PATCH /v1/workspace/:wid/members/:userId`." })
  async changeMemberRole(
    @Args() { workspaceId }: WorkspaceArgs,
    @Arg('userId', () => ID, USER_ID) userId: string,
    @Arg('input', { description: 'The new role.' }) input: ChangeRoleInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return workspaces.changeRole(await scope(ctx, workspaceId, 'members.manage'), userId, input.role);
  }

  @Mutation(() => Boolean, { description: 'Remove a member from a workspace (never its owner). REST: `DELETE /v1/workspace/:wid/members/:userId`.' })
  async removeMember(@Args() { workspaceId }: WorkspaceArgs, @Arg('userId', () => ID, USER_ID) userId: string, @Ctx() ctx: SubgraphContext) {
    return workspaces.removeMember(await scope(ctx, workspaceId, 'members.manage'), userId);
  }

  @FieldResolver(() => UserReference, { nullable: true, description: "The member's account (resolved by the users subgraph; null when it is gone or not visible)." })
  user(@Root() member: Member): UserReference {
    return userRef(member.userId);
  }
}

/** Federation: other subgraphs name a workspace by `id`; null when the caller may not see it. */
export const workspaceReferences = {
  Workspace: {
    __resolveReference: (ref: { id: string }, ctx: SubgraphContext) => workspaces.visibleWorkspace(scope(ctx), ref.id),
  },
};
