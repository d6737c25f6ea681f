import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { ProviderKind, type ProviderKind as GraphKind } from '../../../kernel/references.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { ProviderArgs } from '../common/arguments.js';
import type { Permission } from '../common/permissions.js';
import { scope } from '../common/scope.js';
import { graphKind, pathKind } from '../common/vocabulary.js';
import { Provider } from '../providers/entities.js';
import { visibleProviderById } from '../providers/service.js';
import { Connector } from './entities.js';
import * as connectors from './service.js';
import { ConnectorAction, ConnectorConfigPatchInput, ConnectorConfigReplaceInput, ConnectorCreated, ConnectorPage, ConnectorSecret, CreateConnectorInput, UpdateConnectorInput } from './types.js';

const ID_ARG = { description: "The connector's identifier." };

/** The caller in the provider's workspace with the permission, and the provider named by the arguments. */
async function inProvider(ctx: SubgraphContext, args: ProviderArgs, permission: Permission) {
  const s = await scope(ctx, args.workspaceId, permission);
  return [s, { kind: pathKind(args.providerKind), code: args.providerCode }] as const;
}

@Resolver(() => Connector)
export class ConnectorResolver {
  @Mutation(() => ConnectorCreated, { description: 'Create a connector of a provider; its secret is shown once. REST: `POST /v1/:wid/:ctype/:xcode/connectors`.' })
  async createConnector(@Args() args: ProviderArgs, @Arg('input', { description: 'The new connector.' }) input: CreateConnectorInput, @Ctx() ctx: SubgraphContext) {
    return connectors.createConnector(...(await inProvider(ctx, args, 'connectors.manage')), input);
  }

  @Query(() => Connector, { description: 'One connector of a provider, by its identifier. REST: `GET /v1/:wid/:ctype/:xcode/connectors/:id`.' })
  async connector(@Args() args: ProviderArgs, @Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
    return connectors.getConnector(...(await inProvider(ctx, args, 'connectors.read')), id);
  }

  @Query(() => ConnectorPage, { description: 'The connectors of a provider, oldest first. REST: `GET /v1/:wid/:ctype/:xcode/connectors`.' })
  async connectors(@Args() args: ProviderArgs, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext) {
    return connectors.listConnectors(...(await inProvider(ctx, args, 'connectors.read')), page);
  }

  @Mutation(() => Connector, { description: 'Rename a connector or change its description. REST: `PATCH /v1/:wid/:ctype/:xcode/connectors/:id`.' })
  async updateConnector(@Args() args: ProviderArgs, @Arg('id', () => ID, ID_ARG) id: string, @Arg('input', { description: 'The changes.' }) input: UpdateConnectorInput, @Ctx() ctx: SubgraphContext) {
    return connectors.updateConnector(...(await inProvider(ctx, args, 'connectors.manage')), id, input);
  }

  @Mutation(() => Connector, { description: "Enable or disable a connector; a disabled connector's tokens stop working at once. REST: `PATCH /v1/:wid/:ctype/:xcode/connectors/:id/:action`." })
  async setConnectorState(
    @Args() args: ProviderArgs,
    @Arg('id', () => ID, ID_ARG) id: string,
    @Arg('action', () => ConnectorAction, { description: 'Enable or disable.' }) action: ConnectorAction,
    @Ctx() ctx: SubgraphContext,
  ) {
    return connectors.setConnectorState(...(await inProvider(ctx, args, 'connectors.manage')), id, action);
  }

  @Mutation(() => Connector, { description: 'Set the origins a connector may request access tokens from. REST: `PATCH /v1/:wid/:ctype/:xcode/connectors/:id/access`.' })
  async setConnectorOrigins(
    @Args() args: ProviderArgs,
    @Arg('id', () => ID, ID_ARG) id: string,
    @Arg('origins', () => [String], { description: 'Origins such as https://app.example.com (replace the list; at most 50).' }) origins: string[],
    @Ctx() ctx: SubgraphContext,
  ) {
    return connectors.setConnectorOrigins(...(await inProvider(ctx, args, 'connectors.manage')), id, origins);
  }

  @Mutation(() => ConnectorSecret, { description: 'Give a connector a new secret; the old one stops working at once. REST: `PATCH /v1/:wid/:ctype/:xcode/connectors/:id/secret/rotate`.' })
  async rotateConnectorSecret(@Args() args: ProviderArgs, @Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
    return connectors.rotateConnectorSecret(...(await inProvider(ctx, args, 'connectors.manage')), id);
  }

  @Mutation(() => Connector, { description: 'Replace the whole configuration of a connector. REST: `PUT /v1/:wid/:ctype/:xcode/connectors/:id/config`.' })
  async replaceConnectorConfig(
    @Args() args: ProviderArgs,
    @Arg('id', () => ID, ID_ARG) id: string,
    @Arg('input', { description: 'The whole configuration.' }) input: ConnectorConfigReplaceInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return connectors.replaceConnectorConfig(...(await inProvider(ctx, args, 'connectors.manage')), id, input);
  }

  @Mutation(() => Connector, { description: 'Change part of the configuration of a connector. REST: `PATCH /v1/:wid/:ctype/:xcode/connectors/:id/config`.' })
  async patchConnectorConfig(
    @Args() args: ProviderArgs,
    @Arg('id', () => ID, ID_ARG) id: string,
    @Arg('input', { description: 'The fields to change.' }) input: ConnectorConfigPatchInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return connectors.patchConnectorConfig(...(await inProvider(ctx, args, 'connectors.manage')), id, input);
  }

  @Mutation(() => Boolean, { description: 'Delete a connector; its access tokens stop working at once. REST: `DELETE /v1/:wid/:ctype/:xcode/connectors/:id`.' })
  async deleteConnector(@Args() args: ProviderArgs, @Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
    return connectors.deleteConnector(...(await inProvider(ctx, args, 'connectors.manage')), id);
  }

  @FieldResolver(() => ProviderKind, { description: 'The kind of the provider the connector belongs to (REST writes it in lower case).' })
  providerKind(@Root() connector: Connector): GraphKind {
    return graphKind(connector.providerKind);
  }

  @FieldResolver(() => Provider, { nullable: true, description: 'The provider the connector belongs to.' })
  provider(@Root() connector: Connector, @Ctx() ctx: SubgraphContext) {
    return visibleProviderById(scope(ctx), connector.providerId);
  }
}
