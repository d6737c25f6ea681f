import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { ENTITY_DOCS, ProviderKind, UserReference, userRef, type ProviderKind as GraphKind } from '../../../kernel/references.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { ProviderArgs, ProviderKindArgs } from '../common/arguments.js';
import { scope } from '../common/scope.js';
import { graphKind, pathKind } from '../common/vocabulary.js';
import { Workspace } from '../workspaces/entities.js';
import { visibleWorkspace } from '../workspaces/service.js';
import { Provider } from './entities.js';
import * as providers from './service.js';
import { ProviderContext, ProviderPage, ProviderSetupInput, ProviderUpdateInput } from './types.js';

@Resolver(() => Provider)
export class ProviderResolver {
  @Mutation(() => Provider, { description: 'Set up a provider of one kind in a workspace; it gets its stable code. REST: `POST /v1/:wid/<kind>/setup`.' })
  async setupProvider(@Args() { workspaceId, providerKind }: ProviderKindArgs, @Arg('input', { description: 'What the provider is.' }) input: ProviderSetupInput, @Ctx() ctx: SubgraphContext) {
    return providers.setupProvider(await scope(ctx, workspaceId, 'providers.write'), pathKind(providerKind), input);
  }

  @Query(() => Provider, { description: 'One provider of a workspace, by its kind and code. REST: `GET /v1/:wid/<kind>/:xcode`.' })
  async provider(@Args() { workspaceId, providerKind, providerCode }: ProviderArgs, @Ctx() ctx: SubgraphContext) {
    return providers.providerIn(await scope(ctx, workspaceId, 'providers.read'), pathKind(providerKind), providerCode);
  }

  @Query(() => ProviderPage, { description: 'The providers of one kind in a workspace, oldest first. REST: `GET /v1/:wid/<kind>s`.' })
  async providers(@Args() { workspaceId, providerKind }: ProviderKindArgs, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext) {
    return providers.listProviders(await scope(ctx, workspaceId, 'providers.read'), pathKind(providerKind), page);
  }

  @Mutation(() => Provider, { description: 'Change what a provider is, its name, description, logo, contacts or address. REST: `PATCH /v1/:wid/<kind>/:xcode`.' })
  async updateProvider(@Args() { workspaceId, providerKind, providerCode }: ProviderArgs, @Arg('input', { description: 'The changes.' }) input: ProviderUpdateInput, @Ctx() ctx: SubgraphContext) {
    return providers.updateProvider(await scope(ctx, workspaceId, 'providers.write'), pathKind(providerKind), providerCode, input);
  }

  @Mutation(() => Boolean, { description: 'Delete a provider with its connectors (their tokens stop at once) and its invitations. REST: `DELETE /v1/:wid/<kind>/:xcode`.' })
  async deleteProvider(@Args() { workspaceId, providerKind, providerCode }: ProviderArgs, @Ctx() ctx: SubgraphContext) {
    return providers.deleteProvider(await scope(ctx, workspaceId, 'providers.delete'), pathKind(providerKind), providerCode);
  }

  @Mutation(() => ProviderContext, { description: 'Issue a provider-context token with which the caller acts as the provider from this device. REST: `GET /v1/:wid/<kind>/:xcode/context`.' })
  async providerContext(@Args() { workspaceId, providerKind, providerCode }: ProviderArgs, @Ctx() ctx: SubgraphContext) {
    return providers.providerContext(await scope(ctx, workspaceId, 'providers.context'), pathKind(providerKind), providerCode);
  }

  @FieldResolver(() => ProviderKind, { description: ENTITY_DOCS.providerKind })
  kind(@Root() provider: Provider): GraphKind {
    return graphKind(provider.kind);
  }

  @FieldResolver(() => Workspace, { nullable: true, description: 'The workspace the provider belongs to.' })
  workspace(@Root() provider: Provider, @Ctx() ctx: SubgraphContext) {
    return visibleWorkspace(scope(ctx), provider.workspaceId);
  }

  @FieldResolver(() => UserReference, { nullable: true, description: 'The user who set the provider up (resolved by the users subgraph; null when that account is gone or not visible).' })
  createdByUser(@Root() provider: Provider): UserReference {
    return userRef(provider.createdBy);
  }
}

/** Federation: other subgraphs name a provider by `id` or by `workspaceId kind code`; null when the caller may not see it. */
export const providerReferences = {
  Provider: {
    __resolveReference(ref: { id?: string; workspaceId?: string; kind?: GraphKind; code?: string }, ctx: SubgraphContext) {
      const caller = scope(ctx);
      if (ref.id !== undefined) return providers.visibleProviderById(caller, ref.id);
      return providers.visibleProviderByKey(caller, ref.workspaceId!, pathKind(ref.kind!), ref.code!);
    },
  },
};
