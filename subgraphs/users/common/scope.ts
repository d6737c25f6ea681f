import type { EntityManager } from '@mikro-orm/postgresql';
import type { MiddlewareFn } from 'type-graphql';
import type { Config } from '../../../kernel/config.js';
import { forbidden } from '../../../kernel/errors.js';
import { authorized, requireUser, type ClientInfo } from '../../../kernel/principal.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';

/**
 * The one way a users resolver learns who calls (docs/graph-conventions.md, "Inner shape of a subgraph"). Each
 * resolver names the access it needs:
 *
 * - `account`: the signed-in user acting on their own account (a user access token: the `/v1/users` and `/v1/auth`
 *   routes); UNAUTHORIZED otherwise.
 * - `guest`: anyone, for the operations that sign in (register, login, refresh); `signedIn` records the user they
 *   authenticated, so the answer may carry that user's own fields.
 * - `viewer`: whoever reads a `User` (reached by reference or as a field): the user behind the credential, if any.
 *   It never throws; `ownerOnly` refuses the fields only the account's owner may read.
 */
export interface AccountScope {
  em: EntityManager;
  config: Config;
  userId: string;
  /** The session of the calling access token. */
  sessionId: string;
}

export interface GuestScope {
  em: EntityManager;
  config: Config;
  /** What the client told about itself (address, user agent, device). */
  client: ClientInfo;
  /** Marks `payload.user` as authenticated by this request (its owner-only fields may then be read) and returns it. */
  signedIn<P extends { user: { id: string } }>(payload: P): P;
}

export interface ViewerScope {
  em: EntityManager;
  /**
   * The reading user: the one a sign-in operation just authenticated, else the user of a user access token or of a
   * provider-context token (a user acting as a provider). Undefined for anonymous, API-key and connector callers.
   */
  viewerId: string | undefined;
  /** FORBIDDEN unless the viewer is the account `userId` itself. */
  ownerOnly(userId: string): void;
}

export function scope(ctx: SubgraphContext, access: 'account'): AccountScope;
export function scope(ctx: SubgraphContext, access: 'guest'): GuestScope;
export function scope(ctx: SubgraphContext, access: 'viewer'): ViewerScope;
export function scope(ctx: SubgraphContext, access: 'account' | 'guest' | 'viewer'): AccountScope | GuestScope | ViewerScope {
  const { em, config, principal } = ctx;
  if (access === 'account') {
    const { userId, sessionId } = requireUser(principal);
    authorized(principal);
    return { em, config, userId, sessionId };
  }
  if (access === 'guest') {
    return {
      em,
      config,
      client: principal.client,
      signedIn(payload) {
        ctx.authenticatedUserId = payload.user.id;
        return payload;
      },
    };
  }
  const viewerId = ctx.authenticatedUserId ?? (principal.kind === 'user' || principal.kind === 'provider' ? principal.userId : undefined);
  return {
    em,
    viewerId,
    ownerOnly(userId) {
      if (viewerId !== userId) throw forbidden('Only the account owner may read this field');
    },
  };
}

/** A `User` field only the account's owner may read (e-mail, phone, metadata, times): FORBIDDEN to anyone else. */
export const OwnerOnly: MiddlewareFn<SubgraphContext> = async ({ root, context }, next) => {
  scope(context, 'viewer').ownerOnly((root as { id: string }).id);
  return (await next()) as unknown;
};

/**
 * `admin`: a platform administrator (docs/operators.md): the signed-in user whose account's e-mail address
 * PLATFORM_ADMINS lists. UNAUTHORIZED without a user token, FORBIDDEN for anyone else. Checked on every call (a
 * change of PLATFORM_ADMINS applies at the next restart, to every token at once).
 */
export interface AdminScope {
  em: EntityManager;
  config: Config;
  adminId: string;
}

export async function adminScope(ctx: SubgraphContext): Promise<AdminScope> {
  const { em, config, principal } = ctx;
  const { userId } = requireUser(principal);
  const row = await em.getConnection().execute<{ email: string }[]>('select email from "users"."user" where id = ? and deletion_date is null', [userId]);
  if (!row.length || !config.platformAdmins.includes(row[0].email.toLowerCase())) throw forbidden('Platform administrators only');
  authorized(principal);
  return { em, config, adminId: userId };
}
