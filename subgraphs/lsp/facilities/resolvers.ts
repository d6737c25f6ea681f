import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { FacilityInput, FacilityUpdateInput } from '../common/facility.js';
import { Hub, Warehouse } from './entities.js';
import { HubPage, PricingChangeInput, WarehousePage } from './types.js';
import { HUB, WAREHOUSE, changePricing, createSite, deleteSite, getSite, listSites, updateSite } from './service.js';

const INPUT = { description: 'The operation\'s input.' };

/** Warehouses and hubs have the same operations; one resolver class is built for each, with its own field names. */
function siteResolver(kind: typeof WAREHOUSE, entity: typeof Warehouse | typeof Hub, page: typeof WarehousePage | typeof HubPage) {
  const K = kind.label;
  const n = kind.name;
  const ID_ARG = { description: `${K} identifier.` };

  @Resolver(() => entity)
  class SiteResolver {
    @Mutation(() => entity, { name: `create${K}`, description: `Create a ${n} (\`POST /v1/lsp/${n}s/create\`).` })
    create(@Arg('input', INPUT) input: FacilityInput, @Ctx() ctx: SubgraphContext) {
      return createSite(ctx, kind, input);
    }

    @Query(() => entity, { name: n, description: `A ${n} (\`GET /v1/lsp/${n}s/:id\`).` })
    one(@Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
      return getSite(ctx, kind, id);
    }

    @Query(() => page, { name: `${n}s`, description: `The LSP's ${n}s (\`GET /v1/lsp/${n}s\`).` })
    list(@Args() args: PageArgs, @Ctx() ctx: SubgraphContext) {
      return listSites(ctx, kind, args);
    }

    @Mutation(() => entity, { name: `update${K}`, description: `Update a ${n} (\`PATCH /v1/lsp/${n}s/:id\`).` })
    update(@Arg('id', () => ID, ID_ARG) id: string, @Arg('input', INPUT) input: FacilityUpdateInput, @Ctx() ctx: SubgraphContext) {
      return updateSite(ctx, kind, id, input);
    }

    @Mutation(() => Boolean, { name: `delete${K}`, description: `Delete a ${n} (\`DELETE /v1/lsp/${n}s/:id\`).` })
    remove(@Arg('id', () => ID, ID_ARG) id: string, @Ctx() ctx: SubgraphContext) {
      return deleteSite(ctx, kind, id);
    }

    @Mutation(() => entity, { name: `update${K}Pricing`, description: `Add or remove a pricing rule (\`PUT /v1/lsp/${n}s/:id/pricing/:action\`).` })
    pricing(
      @Arg('id', () => ID, ID_ARG) id: string,
      @Arg('action', { description: '`add` or `remove`.' }) action: string,
      @Arg('input', INPUT) input: PricingChangeInput,
      @Ctx() ctx: SubgraphContext,
    ) {
      return changePricing(ctx, kind, id, action, input.rule, input.ruleId);
    }
  }
  return SiteResolver;
}

export const WarehouseResolver = siteResolver(WAREHOUSE, Warehouse, WarehousePage);
export const HubResolver = siteResolver(HUB, Hub, HubPage);
