import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { scope } from '../common/scope.js';
import { submitVerification } from './service.js';
import { VerificationInput, VerificationSubmission } from './types.js';

@Resolver()
export class VerificationResolver {
  @Mutation(() => VerificationSubmission, {
    description: "Submit an identity document and a selfie so the signed-in user's identity can be verified. REST: `POST /v1/users/me/verify`.",
  })
  submitVerification(@Arg('input', { description: "The document's kind and files, and the selfie." }) input: VerificationInput, @Ctx() ctx: SubgraphContext): Promise<VerificationSubmission> {
    return submitVerification(scope(ctx, 'account'), input);
  }
}
