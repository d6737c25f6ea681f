import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { adminScope, scope } from '../common/scope.js';
import { submitVerification } from './service.js';
import { listVerifications, reviewVerification, supportUser } from './review.js';
import { IdentityVerification, IdentityVerificationPage, SupportUserView, VerificationDecision, VerificationInput, VerificationStatus, VerificationSubmission } from './types.js';

@Resolver()
export class VerificationResolver {
  @Mutation(() => VerificationSubmission, {
    description: "Submit an identity document and a selfie so the signed-in user's identity can be verified. REST: `POST /v1/users/me/verify`.",
  })
  submitVerification(@Arg('input', { description: "The document's kind and files, and the selfie." }) input: VerificationInput, @Ctx() ctx: SubgraphContext): Promise<VerificationSubmission> {
    return submitVerification(scope(ctx, 'account'), input);
  }

  @Query(() => IdentityVerificationPage, {
    description: 'Platform administrators only: the identity verification submissions in one status, oldest first (the review queue by default). Audited.',
  })
  async identityVerifications(
    @Arg('status', () => VerificationStatus, { nullable: true, description: 'Which submissions: `pending` (the default), `approved` or `rejected`.' }) status: VerificationStatus | null,
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ) {
    return listVerifications(await adminScope(ctx), status ?? 'pending', page);
  }

  @Mutation(() => IdentityVerification, {
    description:
      "Platform administrators only: approve or reject a pending identity verification, recorded with who decided and when. Approval verifies the user's account; rejection needs a reason and lets the user submit again. Audited.",
  })
  async reviewIdentityVerification(
    @Arg('id', () => ID, { description: "The submission's identifier." }) id: string,
    @Arg('decision', () => VerificationDecision, { description: 'Approve or reject.' }) decision: VerificationDecision,
    @Arg('reason', () => String, { nullable: true, description: 'Why (required to reject, at most 500 characters); the user reads it.' }) reason: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<IdentityVerification> {
    return reviewVerification(await adminScope(ctx), id, decision, reason);
  }

  @Query(() => SupportUserView, {
    description: 'Platform administrators only: look a user account up by identifier or e-mail address for support (no secret, no document). Audited.',
  })
  async supportUser(
    @Arg('id', () => ID, { nullable: true, description: "The user's identifier (or give `email`)." }) id: string | null,
    @Arg('email', () => String, { nullable: true, description: "The account's e-mail address (or give `id`)." }) email: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SupportUserView> {
    return supportUser(await adminScope(ctx), { id, email });
  }
}
