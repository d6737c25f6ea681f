import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { UserReference, userRef } from '../../../kernel/references.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { scope } from '../common/scope.js';
import { Invitation } from './entities.js';
import * as invitations from './service.js';
import { InvitableRole, InvitationAccepted, InvitationCreated, InviteInput } from './types.js';

const FROM_CSP = { providerKind: 'csp' } as const;

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

  @Mutation(() => InvitationAccepted, { description: 'Accept an invitation as the signed-in invitee, who becomes a member. REST: `POST /v1/csp/invitation/accept`.' })
  acceptInvitation(@Arg('token', { description: "The invitation's acceptance token (`inv_…`)." }) token: string, @Ctx() ctx: SubgraphContext) {
    return invitations.acceptInvitation(scope(ctx, 'signed-in'), token);
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
