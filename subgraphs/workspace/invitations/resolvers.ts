import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { ProviderKind, UserReference, userRef } from '../../../kernel/references.js';
import { graphKind } from '../common/vocabulary.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { requireProviderCode } from '../../../kernel/principal.js';
import { scope } from '../common/scope.js';
import { Invitation } from './entities.js';
import * as invitations from './service.js';
import { InvitableRole, InvitationAccepted, InvitationCreated, InviteInput } from './types.js';

const FROM_CSP = { providerKind: 'csp' } as const;
const FROM_DEV = { providerKind: 'dev' } as const;

/** A DEV context whose provider is `code` (another code is NOT_FOUND, as at the DEV family's own routes). */
async function devContext(ctx: SubgraphContext, code: string) {
  const s = await scope(ctx, FROM_DEV, 'invitations.manage');
  requireProviderCode(ctx.principal, 'dev', code, 'DEV provider');
  return s;
}

@Resolver(() => Invitation)
export class InvitationResolver {
  @Mutation(() => InvitationCreated, { description: "Invite an operator into the workspace of the caller's CSP context, as one role. REST: `POST /v1/csp/invitation/:as`." })
  async inviteOperator(
    @Arg('role', () => InvitableRole, { description: 'The role the operator is invited as (REST: `:as`).' }) role: InvitableRole,
    @Arg('input', { description: "The invitee and the operator's details." }) input: InviteInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return invitations.invite(await scope(ctx, FROM_CSP, 'invitations.manage'), role, input);
  }

  @Mutation(() => Invitation, { description: "Cancel a pending invitation of the caller's CSP workspace. REST: `DELETE /v1/csp/invitation`." })
  async cancelInvitation(@Arg('invitationId', () => ID, { description: "The invitation's identifier." }) invitationId: string, @Ctx() ctx: SubgraphContext) {
    return invitations.cancelInvitation(await scope(ctx, FROM_CSP, 'invitations.manage'), invitationId);
  }

  @Mutation(() => InvitationCreated, {
    description: "Invite a person to become a developer (ADMIN or DEVELOPER) of the caller's DEV provider; the token is shown once (docs/dev.md). REST: `POST /v1/devs/:xcode/developers/invitations`.",
  })
  async inviteDeveloper(
    @Arg('providerCode', { description: "The DEV provider's code (REST: `:xcode`); it must be the caller's context." }) providerCode: string,
    @Arg('input', { description: 'The invitee; `operator.role` is ADMIN or DEVELOPER (default DEVELOPER).' }) input: InviteInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return invitations.invite(await devContext(ctx, providerCode), (input.operator?.role ?? 'DEVELOPER') as InvitableRole, input);
  }

  @Mutation(() => Invitation, { description: "Cancel a pending developer invitation of the caller's DEV provider. REST: `DELETE /v1/devs/:xcode/developers/invitations/:invitationId`." })
  async cancelDeveloperInvitation(
    @Arg('providerCode', { description: "The DEV provider's code (REST: `:xcode`)." }) providerCode: string,
    @Arg('invitationId', () => ID, { description: "The invitation's identifier." }) invitationId: string,
    @Ctx() ctx: SubgraphContext,
  ) {
    return invitations.cancelInvitation(await devContext(ctx, providerCode), invitationId);
  }

  @Mutation(() => InvitationAccepted, { description: 'Accept an invitation as the signed-in invitee, who becomes a member. REST: `POST /v1/csp/invitation/accept`.' })
  acceptInvitation(@Arg('token', { description: "The invitation's acceptance token (`inv_…`)." }) token: string, @Ctx() ctx: SubgraphContext) {
    return invitations.acceptInvitation(scope(ctx, 'signed-in'), token);
  }

  @FieldResolver(() => ProviderKind, { description: 'The kind of the inviting provider: CSP (an operator) or DEV (a developer, docs/dev.md).' })
  providerKind(@Root() invitation: Invitation): ProviderKind {
    return graphKind(invitation.providerKind);
  }

  @FieldResolver(() => UserReference, { nullable: true, description: 'The user who sent the invitation (resolved by the users subgraph; null when that account is gone or not visible).' })
  invitedByUser(@Root() invitation: Invitation): UserReference {
    return userRef(invitation.invitedBy);
  }

  @FieldResolver(() => UserReference, { nullable: true, description: 'The user who accepted the invitation; null until accepted (resolved by the users subgraph).' })
  acceptedByUser(@Root() invitation: Invitation): UserReference | null {
    return invitation.acceptedBy ? userRef(invitation.acceptedBy) : null;
  }
}
