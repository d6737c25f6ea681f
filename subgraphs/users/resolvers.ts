import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/Upload.mjs';
import type { SubgraphContext } from '../../kernel/subgraph.js';
import { requireUser } from '../../kernel/principal.js';
import { assertSelf } from './guards.js';
import { byKeys, loader } from '../../kernel/loaders.js';
import { User } from './entities.js';
import { UserType } from './enums.js';
import { AuthPayload } from './auth-payload.js';
import {
  AccountDeletion, AvatarUpload, CustomMetadata, CustomMetadataInput, DeleteAccountInput, LoginInput, NotificationSettings,
  NotificationSettingsInput, PrivacySettings, PrivacySettingsInput, PublicUser, RegisterInput, SessionInfo, UpdateProfileInput,
  UserSearchResult, VerificationInput, VerificationSubmission,
} from './types.js';
import * as users from './service.js';

const selfOnly = (ctx: SubgraphContext, user: User) => assertSelf(ctx, user.id);

@Resolver(() => User)
export class UserResolver {
  @Query(() => User, { description: 'The signed-in user (`GET /v1/users/me`).' })
  me(@Ctx() ctx: SubgraphContext): Promise<User> {
    return users.activeUser(ctx.em, requireUser(ctx.principal).userId);
  }

  @Query(() => PublicUser, { description: 'Public view of another user (`GET /v1/users/:userId`); private profiles are NOT_FOUND.' })
  user(@Arg('id', () => ID, { description: 'User identifier.' }) id: string, @Ctx() ctx: SubgraphContext): Promise<PublicUser> {
    return users.publicView(ctx.em, requireUser(ctx.principal).userId, id);
  }

  @Query(() => UserSearchResult, { description: 'Search users by name, e-mail or phone (`GET /v1/users/search`).' })
  searchUsers(
    @Arg('q', { description: 'Text to match (1–100 characters).' }) q: string,
    @Arg('type', () => UserType, { nullable: true, description: 'Only users of this kind.' }) type: UserType | undefined,
    @Arg('limit', () => Int, { nullable: true, description: 'Page size: default 20, max 100.' }) limit: number | undefined,
    @Arg('offset', () => Int, { nullable: true, description: 'Results to skip: default 0.' }) offset: number | undefined,
    @Ctx() ctx: SubgraphContext,
  ): Promise<UserSearchResult> {
    return users.search(ctx.em, requireUser(ctx.principal).userId, { q, type, limit, offset });
  }

  @FieldResolver(() => NotificationSettings, { description: 'Notification settings (owner only).' })
  notificationSettings(@Root() user: User, @Ctx() ctx: SubgraphContext): NotificationSettings {
    selfOnly(ctx, user);
    return user.notificationSettings;
  }

  @FieldResolver(() => PrivacySettings, { description: 'Privacy settings (owner only).' })
  privacySettings(@Root() user: User, @Ctx() ctx: SubgraphContext): PrivacySettings {
    selfOnly(ctx, user);
    return user.privacy();
  }

  @FieldResolver(() => CustomMetadata, { description: 'Custom metadata (owner only).' })
  customMetadata(@Root() user: User, @Ctx() ctx: SubgraphContext): CustomMetadata {
    selfOnly(ctx, user);
    return user.customMetadata;
  }

  @Mutation(() => User, { description: 'Update name, avatar URL, bio or metadata (`PATCH /v1/users/me`).' })
  updateProfile(@Arg('input', { description: 'The operation\'s input.' }) input: UpdateProfileInput, @Ctx() ctx: SubgraphContext): Promise<User> {
    return users.updateProfile(ctx.em, requireUser(ctx.principal).userId, input);
  }

  @Mutation(() => AvatarUpload, { description: 'Upload an avatar image (`POST /v1/users/me/avatar`).' })
  uploadAvatar(@Arg('file', () => GraphQLUpload, { description: 'JPEG, PNG, WebP or GIF image.' }) file: Promise<FileUpload>, @Ctx() ctx: SubgraphContext): Promise<AvatarUpload> {
    return users.uploadAvatar(ctx.em, ctx.config, requireUser(ctx.principal).userId, file);
  }

  @Mutation(() => NotificationSettings, { description: 'Change notification settings (`PATCH /v1/users/me/settings/notifications`).' })
  updateNotificationSettings(@Arg('input', { description: 'The operation\'s input.' }) input: NotificationSettingsInput, @Ctx() ctx: SubgraphContext): Promise<NotificationSettings> {
    return users.updateNotifications(ctx.em, requireUser(ctx.principal).userId, input);
  }

  @Mutation(() => PrivacySettings, { description: 'Change privacy settings (`PATCH /v1/users/me/settings/privacy`).' })
  updatePrivacySettings(@Arg('input', { description: 'The operation\'s input.' }) input: PrivacySettingsInput, @Ctx() ctx: SubgraphContext): Promise<PrivacySettings> {
    return users.updatePrivacy(ctx.em, requireUser(ctx.principal).userId, input);
  }

  @Mutation(() => CustomMetadata, { description: 'Merge custom metadata (`PATCH /v1/users/me/metadata`).' })
  updateCustomMetadata(@Arg('input', { description: 'The operation\'s input.' }) input: CustomMetadataInput, @Ctx() ctx: SubgraphContext): Promise<CustomMetadata> {
    return users.updateCustomMetadata(ctx.em, requireUser(ctx.principal).userId, input);
  }

  @Mutation(() => VerificationSubmission, { description: 'Submit identity documents for review (`POST /v1/users/me/verify`).' })
  submitVerification(@Arg('input', { description: 'The operation\'s input.' }) input: VerificationInput, @Ctx() ctx: SubgraphContext): Promise<VerificationSubmission> {
    return users.submitVerification(ctx.em, ctx.config, requireUser(ctx.principal).userId, input);
  }

  @Mutation(() => AccountDeletion, { description: 'Schedule the deletion of the account (`DELETE /v1/users/me`).' })
  deleteAccount(@Arg('input', { description: 'The operation\'s input.' }) input: DeleteAccountInput, @Ctx() ctx: SubgraphContext): Promise<AccountDeletion> {
    return users.scheduleDeletion(ctx.em, requireUser(ctx.principal).userId, input);
  }
}

/** The user a sign-in operation just authenticated may read their own fields in the same response. */
const signedIn = (ctx: SubgraphContext, payload: AuthPayload) => {
  ctx.authenticatedUserId = payload.user.id;
  return payload;
};

@Resolver()
export class AuthResolver {
  @Mutation(() => AuthPayload, { description: 'Create an account and sign in (`POST /v1/auth/register`).' })
  async register(@Arg('input', { description: 'The operation\'s input.' }) input: RegisterInput, @Ctx() ctx: SubgraphContext): Promise<AuthPayload> {
    return signedIn(ctx, await users.register(ctx.em, ctx.config, input, ctx.principal.client));
  }

  @Mutation(() => AuthPayload, { description: 'Sign in with e-mail and password (`POST /v1/auth/login`).' })
  async login(@Arg('input', { description: 'The operation\'s input.' }) input: LoginInput, @Ctx() ctx: SubgraphContext): Promise<AuthPayload> {
    return signedIn(ctx, await users.login(ctx.em, ctx.config, input, ctx.principal.client));
  }

  @Mutation(() => AuthPayload, { description: 'Exchange a refresh token for a new token pair (`POST /v1/auth/refresh`).' })
  refreshToken(@Arg('refreshToken', { description: 'The current refresh token.' }) refreshToken: string, @Ctx() ctx: SubgraphContext): Promise<AuthPayload> {
    return users.refresh(ctx.em, ctx.config, refreshToken).then((p) => signedIn(ctx, p));
  }

  @Mutation(() => Boolean, { description: 'End the calling session (`POST /v1/auth/logout`).' })
  async logout(@Ctx() ctx: SubgraphContext): Promise<boolean> {
    const p = requireUser(ctx.principal);
    await users.revokeSession(ctx.em, p.userId, p.sessionId, 'logout');
    return true;
  }

  @Mutation(() => Boolean, { description: 'End one of the caller\'s sessions (`DELETE /v1/auth/sessions/:id`).' })
  async revokeSession(@Arg('id', () => ID, { description: 'Session identifier.' }) id: string, @Ctx() ctx: SubgraphContext): Promise<boolean> {
    await users.revokeSession(ctx.em, requireUser(ctx.principal).userId, id, 'revoked');
    return true;
  }

  @Query(() => [SessionInfo], { description: 'The caller\'s active sessions (`GET /v1/auth/sessions`).' })
  mySessions(@Ctx() ctx: SubgraphContext): Promise<SessionInfo[]> {
    const p = requireUser(ctx.principal);
    return users.listSessions(ctx.em, p.userId, p.sessionId);
  }
}

/** Federation: other subgraphs reference users by id; resolved in one query per request. */
export const referenceResolvers = {
  User: {
    __resolveReference: (ref: { id: string }, ctx: SubgraphContext) =>
      loader<string, User>(ctx, 'User.byId', async (ids) => byKeys(ids, await ctx.em.find(User, { id: { $in: [...ids] }, deletionDate: null }), (u) => u.id)).load(ref.id),
  },
};
