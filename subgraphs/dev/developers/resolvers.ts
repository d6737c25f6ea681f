import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { UserReference, userRef } from '../../../kernel/references.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { developerAdminScope, developerScope } from '../common/scope.js';
import { Developer } from './entities.js';
import * as developers from './service.js';
import { DeveloperListArgs, DeveloperPage, DeveloperUpdateInput } from './types.js';

const CODE = { description: "The DEV provider's code (REST: `:xcode`); it must be the caller's DEV context." };
const ID_ARG = { description: "The developer's identifier (REST: `:id`)." };

@Resolver(() => Developer)
export class DeveloperResolver {
  @Query(() => DeveloperPage, { description: 'The developers of the DEV provider, in joining order, a page at a time. REST: `GET /v1/devs/:xcode/developers`.' })
  developers(@Arg('providerCode', CODE) providerCode: string, @Args() args: DeveloperListArgs, @Ctx() ctx: SubgraphContext) {
    return developers.listDevelopers(developerScope(ctx, providerCode), args);
  }

  @Query(() => Developer, { description: 'One developer of the DEV provider (a REMOVED one too). REST: `GET /v1/devs/:xcode/developers/:id`.' })
  developer(@Arg('providerCode', CODE) providerCode: string, @Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
    return developers.getDeveloper(developerScope(ctx, providerCode), id);
  }

  @Mutation(() => Developer, { description: "A provider admin changes a developer's role or status (docs/dev.md). REST: `PATCH /v1/devs/:xcode/developers/:id`." })
  async updateDeveloper(
    @Arg('providerCode', CODE) providerCode: string,
    @Arg('id', () => ID, ID_ARG) id: string,
    @Arg('input', { description: 'The new role or status.' }) input: DeveloperUpdateInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return developers.updateDeveloper(await developerAdminScope(ctx, providerCode), id, input);
  }

  @Mutation(() => Developer, {
    description: 'A provider admin removes a developer: their access to the provider ends at once; answers the REMOVED record. REST: `DELETE /v1/devs/:xcode/developers/:id`.',
  })
  async removeDeveloper(@Arg('providerCode', CODE) providerCode: string, @Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
    return developers.removeDeveloper(await developerAdminScope(ctx, providerCode), id);
  }

  @FieldResolver(() => UserReference, { nullable: true, description: 'The user who invited the developer (resolved by the users subgraph).' })
  invitedByUser(@Root() developer: Developer): UserReference {
    return userRef(developer.invitedBy);
  }

  @FieldResolver(() => UserReference, { nullable: true, description: 'The provider admin who removed the developer; null unless REMOVED (resolved by the users subgraph).' })
  removedByUser(@Root() developer: Developer): UserReference | null {
    return developer.removedBy ? userRef(developer.removedBy) : null;
  }
}
