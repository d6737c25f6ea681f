import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { UserReference, userRef } from '../../../kernel/references.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { WorkspaceArgs } from '../common/arguments.js';
import { scope } from '../common/scope.js';
import { ApiKey } from './entities.js';
import * as apiKeys from './service.js';
import { ApiKeyCreated, ApiKeyPage, CreateApiKeyInput } from './types.js';

@Resolver(() => ApiKey)
export class ApiKeyResolver {
  @Mutation(() => ApiKeyCreated, { description: 'Create an API key of a workspace; the key is shown once. REST: `POST /v1/workspace/:wid/api-keys`.' })
  async createApiKey(@Args() { workspaceId }: WorkspaceArgs, @Arg('input', { description: 'The new key.' }) input: CreateApiKeyInput, @Ctx() ctx: SubgraphContext) {
    return apiKeys.createApiKey(await scope(ctx, workspaceId, 'apikeys.manage'), input);
  }

  @Query(() => ApiKeyPage, { description: 'The API keys of a workspace, newest first, by prefix only. REST: `GET /v1/workspace/:wid/api-keys`.' })
  async apiKeys(@Args() { workspaceId }: WorkspaceArgs, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext) {
    return apiKeys.listApiKeys(await scope(ctx, workspaceId, 'apikeys.read'), page);
  }

  @Mutation(() => ApiKey, { description: 'Revoke an API key of a workspace; it stops working at once. REST: `DELETE /v1/workspace/:wid/api-keys/:id`.' })
  async revokeApiKey(@Args() { workspaceId }: WorkspaceArgs, @Arg('id', () => ID, { description: "The key's identifier." }) id: string, @Ctx() ctx: SubgraphContext) {
    return apiKeys.revokeApiKey(await scope(ctx, workspaceId, 'apikeys.manage'), id);
  }

  @FieldResolver(() => UserReference, { nullable: true, description: 'The user who created the key (resolved by the users subgraph; null when that account is gone or not visible).' })
  createdByUser(@Root() apiKey: ApiKey): UserReference {
    return userRef(apiKey.createdBy);
  }
}
