import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/Upload.mjs';
import { loader } from '../../../kernel/loaders.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { scope } from '../common/scope.js';
import { User } from './entities.js';
import { isVisibleTo } from './rules.js';
import * as accounts from './service.js';
import { AccountDeletion, AvatarUpload, DeleteAccountInput, PublicUser, UpdateProfileInput, UserSearchResult, UserType } from './types.js';

@Resolver(() => User)
export class AccountResolver {
  @Query(() => User, { description: "The signed-in user's own account, with every owner-only field. REST: `GET /v1/users/me`." })
  me(@Ctx() ctx: SubgraphContext): Promise<User> {
    const account = scope(ctx, 'account');
    return accounts.ownAccount(account.em, account.userId);
  }

  @Query(() => PublicUser, {
    description: "A user's public view: anyone's public profile, or the caller's own; any other (or a deleted account) is NOT_FOUND. REST: `GET /v1/users/:userId`.",
  })
  user(@Arg('id', () => ID, { description: "The user's identifier." }) id: string, @Ctx() ctx: SubgraphContext): Promise<PublicUser> {
    return accounts.publicUser(scope(ctx, 'account'), id);
  }

  @Query(() => UserSearchResult, {
    description: 'Find users by name, or by e-mail address or phone number where they allow it, ordered by name. REST: `GET /v1/users/search`.',
  })
  searchUsers(
    @Arg('q', { description: 'Text to find, 1 to 100 characters, case-insensitive: part of a name, e-mail address or phone number.' }) q: string,
    @Arg('userType', () => UserType, { nullable: true, description: 'Only users of this type.' }) userType: UserType | undefined,
    @Arg('limit', () => Int, { nullable: true, description: 'Users per window: 1 to 100 (default 20).' }) limit: number | undefined,
    @Arg('offset', () => Int, { nullable: true, description: 'Users to skip before the window: 0 or more (default 0).' }) offset: number | undefined,
    @Ctx() ctx: SubgraphContext,
  ): Promise<UserSearchResult> {
    return accounts.search(scope(ctx, 'account'), { q, userType, limit, offset });
  }

  @Mutation(() => User, { description: "Change the signed-in user's name, avatar URL, bio or metadata. REST: `PATCH /v1/users/me`." })
  updateProfile(@Arg('input', { description: 'The changes; omitted fields keep their value.' }) input: UpdateProfileInput, @Ctx() ctx: SubgraphContext): Promise<User> {
    return accounts.updateProfile(scope(ctx, 'account'), input);
  }

  @Mutation(() => AvatarUpload, { description: "Upload an image that becomes the signed-in user's avatar. REST: `POST /v1/users/me/avatar`." })
  uploadAvatar(
    @Arg('file', () => GraphQLUpload, { description: 'The image: JPEG, PNG, WebP or GIF (judged by its bytes), at most 5 MB.' }) file: Promise<FileUpload>,
    @Ctx() ctx: SubgraphContext,
  ): Promise<AvatarUpload> {
    return accounts.uploadAvatar(scope(ctx, 'account'), file);
  }

  @Mutation(() => AccountDeletion, {
    description: "Delete the signed-in user's account: sessions end now, data is removed 30 days later. REST: `DELETE /v1/users/me`.",
  })
  deleteAccount(@Arg('input', { description: 'The password and the confirmation literal.' }) input: DeleteAccountInput, @Ctx() ctx: SubgraphContext): Promise<AccountDeletion> {
    return accounts.scheduleDeletion(scope(ctx, 'account'), input);
  }
}

/**
 * Federation: other families name a user by `{ __typename: "User", id }`. All the references of a request are read in
 * one query (a request-scoped DataLoader); one the caller may not see (`isVisibleTo`: deleted, not public, or no
 * signed-in user behind the credential) resolves to null. Owner-only fields stay FORBIDDEN to others (OwnerOnly).
 */
export const userReference = {
  __resolveReference: async (ref: { id: string }, ctx: SubgraphContext): Promise<User | null> => {
    const viewer = scope(ctx, 'viewer');
    if (!viewer.viewerId) return null;
    const user = await loader<string, User>(ctx, 'User.byId', (ids) => accounts.usersByIds(viewer.em, ids)).load(String(ref.id).toLowerCase());
    return user && isVisibleTo(user, viewer.viewerId) ? user : null;
  },
};
