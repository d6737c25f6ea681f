import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { FacilityInput, FacilityUpdateInput } from '../common/facility.js';
import { referenceResolver } from '../common/references.js';
import { Hub, Warehouse } from './entities.js';
import { PricingAction } from './enums.js';
import { HubPage, PricingChangeInput, WarehousePage } from './types.js';
import { HUB, WAREHOUSE, changePricing, createSite, deleteSite, getSite, listSites, updateSite } from './service.js';

const INPUT = { description: "The operation's input." };

/** Warehouses and hubs have the same operations; one resolver class is built for each, with its own field names. */
function siteResolver(kind: typeof WAREHOUSE, entity: typeof Warehouse | typeof Hub, page: typeof WarehousePage | typeof HubPage, what: string) {
  const K = kind.label;
  const n = kind.name;
  const ID_ARG = { description: `Identifier of the ${n}.` };
  const rest = (method: string, path = '') => `REST: \`${method} /v1/lsp/${n}s${path}\`.`;

  @Resolver(() => entity)
  class SiteResolver {
    @Mutation(() => entity, { name: `create${K}`, description: `Create a ${n} of the calling LSP, ${what}. ${rest('POST', '/create')}` })
    create(@Arg('input', INPUT) input: FacilityInput, @Ctx() ctx: SubgraphContext) {
      return createSite(ctx, kind, input);
    }

    @Query(() => entity, { name: n, description: `One ${n} of the calling LSP, by its identifier. ${rest('GET', '/:id')}` })
    one(@Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
      return getSite(ctx, kind, id);
    }

    @Query(() => page, { name: `${n}s`, description: `The ${n}s of the calling LSP, a page at a time. ${rest('GET')}` })
    list(@Args() args: PageArgs, @Ctx() ctx: SubgraphContext) {
      return listSites(ctx, kind, args);
    }

    @Mutation(() => entity, { name: `update${K}`, description: `Change the given fields of a ${n}; the others keep their value. ${rest('PATCH', '/:id')}` })
    update(@Arg('id', () => ID, ID_ARG) id: string, @Arg('input', INPUT) input: FacilityUpdateInput, @Ctx() ctx: SubgraphContext) {
      return updateSite(ctx, kind, id, input);
    }

    @Mutation(() => Boolean, { name: `delete${K}`, description: `Delete a ${n} of the calling LSP with its pricing rules. ${rest('DELETE', '/:id')}` })
    remove(@Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
      return deleteSite(ctx, kind, id);
    }

    @Mutation(() => entity, { name: `update${K}Pricing`, description: `Add a pricing rule to a ${n}, or remove one of its rules. ${rest('PUT', '/:id/pricing/:action')}` })
    pricing(
      @Arg('id', () => ID, ID_ARG) id: string,
      @Arg('action', () => PricingAction, { description: 'Whether to add `input.rule` or remove the rule `input.ruleId`.' }) action: PricingAction,
      @Arg('input', INPUT) input: PricingChangeInput,
      @Ctx() ctx: SubgraphContext,
    ) {
      return changePricing(ctx, kind, id, action, input.rule, input.ruleId);
    }
  }
  return SiteResolver;
}

export const WarehouseResolver = siteResolver(WAREHOUSE, Warehouse, WarehousePage, 'where goods are stored');
export const HubResolver = siteResolver(HUB, Hub, HubPage, 'where goods are sorted and transferred');

/** Warehouses and hubs as entities other subgraphs reference by id. */
export const siteReferences = { Warehouse: referenceResolver(Warehouse), Hub: referenceResolver(Hub) };
