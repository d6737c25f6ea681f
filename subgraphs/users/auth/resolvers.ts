import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { scope } from '../common/scope.js';
import * as auth from './service.js';
import { AuthPayload, LoginInput, RegisterInput, SessionInfo } from './types.js';

@Resolver()
export class AuthResolver {
  @Mutation(() => AuthPayload, { description: 'Create an account and sign it in on this device at once. REST: `POST /v1/auth/register`.' })
  async register(@Arg('input', { description: 'The new account.' }) input: RegisterInput, @Ctx() ctx: SubgraphContext): Promise<AuthPayload> {
    const guest = scope(ctx, 'guest');
    return guest.signedIn(await auth.register(guest, input));
  }

  @Mutation(() => AuthPayload, { description: 'Sign in with e-mail address and password, opening a new session. REST: `POST /v1/auth/login`.' })
  async login(@Arg('input', { description: 'The credentials.' }) input: LoginInput, @Ctx() ctx: SubgraphContext): Promise<AuthPayload> {
    const guest = scope(ctx, 'guest');
    return guest.signedIn(await auth.login(guest, input));
  }

  @Mutation(() => AuthPayload, {
    description: 'Exchange a refresh token for a new token pair; a spent token ends its session. REST: `POST /v1/auth/refresh`.',
  })
  async refreshToken(@Arg('refreshToken', { description: 'The current refresh token.' }) refreshToken: string, @Ctx() ctx: SubgraphContext): Promise<AuthPayload> {
    const guest = scope(ctx, 'guest');
    return guest.signedIn(await auth.refresh(guest, refreshToken));
  }

  @Mutation(() => Boolean, { description: 'Sign out: end the session of the calling access token. REST: `POST /v1/auth/logout`.' })
  async logout(@Ctx() ctx: SubgraphContext): Promise<boolean> {
    const account = scope(ctx, 'account');
    await auth.revokeSession(account, account.sessionId, 'logout', true);
    return true;
  }

  @Mutation(() => Boolean, { description: "End one of the signed-in user's own sessions (another device). REST: `DELETE /v1/auth/sessions/:id`." })
  async revokeSession(@Arg('sessionId', () => ID, { description: "The session to end (one of the caller's own)." }) sessionId: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    await auth.revokeSession(scope(ctx, 'account'), sessionId, 'revoked');
    return true;
  }

  @Query(() => [SessionInfo], {
    description: 'Every live session of the signed-in user (one per sign-in), most recently used first. REST: `GET /v1/auth/sessions`.',
  })
  mySessions(@Ctx() ctx: SubgraphContext): Promise<SessionInfo[]> {
    return auth.listSessions(scope(ctx, 'account'));
  }
}
