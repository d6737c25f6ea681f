import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { FacilityInput, FacilityUpdateInput } from '../common/facility.js';
import { Hub, Warehouse } from './entities.js';
import { HubPage, PricingRuleInput, WarehousePage } from './types.js';
import { HUB, WAREHOUSE, changePricing, createSite, deleteSite, getSite, listSites, updateSite } from './service.js';

const INPUT = { description: 'The operation\'s input.' };
const ACTION = { description: '`add` or `remove`.' };
const RULE = { nullable: true, description: 'The rule to add (action add).' } as const;
const RULE_ID = { nullable: true, description: 'The rule to remove (action remove).' } as const;

@Resolver(() => Warehouse)
export class WarehouseResolver {
  @Mutation(() => Warehouse, { description: 'Create a warehouse (`POST /v1/lsp/warehouses/create`).' })
  createWarehouse(@Arg('input', INPUT) input: FacilityInput, @Ctx() ctx: SubgraphContext) {
    return createSite(ctx, WAREHOUSE, input);
  }
  @Query(() => Warehouse, { description: 'A warehouse (`GET /v1/lsp/warehouses/:id`).' })
  warehouse(@Arg('id', () => ID, { description: 'Warehouse identifier.' }) id: string, @Ctx() ctx: SubgraphContext) {
    return getSite(ctx, WAREHOUSE, id);
  }
  @Query(() => WarehousePage, { description: 'The LSP\'s warehouses (`GET /v1/lsp/warehouses`).' })
  warehouses(@Args() args: PageArgs, @Ctx() ctx: SubgraphContext) {
    return listSites(ctx, WAREHOUSE, args);
  }
  @Mutation(() => Warehouse, { description: 'Update a warehouse (`PATCH /v1/lsp/warehouses/:id`).' })
  updateWarehouse(@Arg('id', () => ID, { description: 'Warehouse identifier.' }) id: string, @Arg('input', INPUT) input: FacilityUpdateInput, @Ctx() ctx: SubgraphContext) {
    return updateSite(ctx, WAREHOUSE, id, input);
  }
  @Mutation(() => Boolean, { description: 'Delete a warehouse (`DELETE /v1/lsp/warehouses/:id`).' })
  deleteWarehouse(@Arg('id', () => ID, { description: 'Warehouse identifier.' }) id: string, @Ctx() ctx: SubgraphContext) {
    return deleteSite(ctx, WAREHOUSE, id);
  }
  @Mutation(() => Warehouse, { description: 'Add or remove a pricing rule (`PUT /v1/lsp/warehouses/:id/pricing/:action`).' })
  updateWarehousePricing(
    @Arg('id', () => ID, { description: 'Warehouse identifier.' }) id: string, @Arg('action', ACTION) action: string,
    @Arg('rule', () => PricingRuleInput, RULE) rule: PricingRuleInput | undefined, @Arg('ruleId', () => ID, RULE_ID) ruleId: string | undefined,
    @Ctx() ctx: SubgraphContext,
  ) {
    return changePricing(ctx, WAREHOUSE, id, action, rule, ruleId);
  }
}

@Resolver(() => Hub)
export class HubResolver {
  @Mutation(() => Hub, { description: 'Create a hub (`POST /v1/lsp/hubs/create`).' })
  createHub(@Arg('input', INPUT) input: FacilityInput, @Ctx() ctx: SubgraphContext) {
    return createSite(ctx, HUB, input);
  }
  @Query(() => Hub, { description: 'A hub (`GET /v1/lsp/hubs/:id`).' })
  hub(@Arg('id', () => ID, { description: 'Hub identifier.' }) id: string, @Ctx() ctx: SubgraphContext) {
    return getSite(ctx, HUB, id);
  }
  @Query(() => HubPage, { description: 'The LSP\'s hubs (`GET /v1/lsp/hubs`).' })
  hubs(@Args() args: PageArgs, @Ctx() ctx: SubgraphContext) {
    return listSites(ctx, HUB, args);
  }
  @Mutation(() => Hub, { description: 'Update a hub (`PATCH /v1/lsp/hubs/:id`).' })
  updateHub(@Arg('id', () => ID, { description: 'Hub identifier.' }) id: string, @Arg('input', INPUT) input: FacilityUpdateInput, @Ctx() ctx: SubgraphContext) {
    return updateSite(ctx, HUB, id, input);
  }
  @Mutation(() => Boolean, { description: 'Delete a hub (`DELETE /v1/lsp/hubs/:id`).' })
  deleteHub(@Arg('id', () => ID, { description: 'Hub identifier.' }) id: string, @Ctx() ctx: SubgraphContext) {
    return deleteSite(ctx, HUB, id);
  }
  @Mutation(() => Hub, { description: 'Add or remove a pricing rule (`PUT /v1/lsp/hubs/:id/pricing/:action`).' })
  updateHubPricing(
    @Arg('id', () => ID, { description: 'Hub identifier.' }) id: string, @Arg('action', ACTION) action: string,
    @Arg('rule', () => PricingRuleInput, RULE) rule: PricingRuleInput | undefined, @Arg('ruleId', () => ID, RULE_ID) ruleId: string | undefined,
    @Ctx() ctx: SubgraphContext,
  ) {
    return changePricing(ctx, HUB, id, action, rule, ruleId);
  }
}
