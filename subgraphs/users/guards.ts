import type { MiddlewareFn } from 'type-graphql';
import { forbidden } from '../../kernel/errors.js';
import type { SubgraphContext } from '../../kernel/subgraph.js';

/** Throws FORBIDDEN unless the caller is the account's owner (e-mail, phone, settings; also when `User` is reached by reference). */
export function assertSelf(ctx: SubgraphContext, userId: string): void {
  const self = ctx.authenticatedUserId ?? (ctx.principal.kind === 'user' ? ctx.principal.userId : undefined);
  if (self !== userId) throw forbidden('Only the account owner may read this field');
}

export const SelfOnly: MiddlewareFn<SubgraphContext> = async ({ root, context }, next) => {
  assertSelf(context, (root as { id: string }).id);
  return next();
};
