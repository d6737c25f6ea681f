import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { queriesScope } from '../common/scope.js';
import * as pricing from './service.js';
import { PriceComparisonInput, PriceComparisonResult, PriceEstimateInput, PriceEstimateResult, PricingCacheInvalidation, PricingCacheStats, ServicePricing } from './types.js';

const LSP = { description: "The service's provider code." };
const SERVICE_ID = { description: "The service's id (its source record's)." };

/** The pricing area of the queries family (spec group 17, REST `/v1/queries/pricing/*`; docs/queries.md "Pricing"). */
@Resolver()
export class PricingResolver {
  @Query(() => ServicePricing, { description: "A service's pricing rules as its LSP published them (cached). REST: `GET /v1/queries/pricing/:lsp/:serviceId`." })
  servicePricing(@Arg('lsp', LSP) lsp: string, @Arg('serviceId', () => ID, SERVICE_ID) serviceId: string, @Ctx() ctx: SubgraphContext) {
    return pricing.servicePricing(queriesScope(ctx), lsp, serviceId);
  }

  @Query(() => PriceEstimateResult, { description: "An estimate of a service's price for an order, from its LSP's rules. REST: `POST /v1/queries/pricing/estimate`." })
  estimateServicePrice(@Arg('input', () => PriceEstimateInput, { description: 'The service and the order (the REST body).' }) input: PriceEstimateInput, @Ctx() ctx: SubgraphContext) {
    return pricing.estimateServicePrice(queriesScope(ctx), input);
  }

  @Query(() => PriceComparisonResult, { description: 'The prices of services for one order, cheapest first. REST: `POST /v1/queries/pricing/compare`.' })
  compareServicePrices(@Arg('input', () => PriceComparisonInput, { description: 'The services and the order (the REST body).' }) input: PriceComparisonInput, @Ctx() ctx: SubgraphContext) {
    return pricing.compareServicePrices(queriesScope(ctx), input);
  }

  @Mutation(() => PricingCacheInvalidation, { description: "Drops a service's cached pricing rules on every replica. REST: `DELETE /v1/queries/pricing/:lsp/:serviceId/cache`." })
  invalidatePricingCache(@Arg('lsp', LSP) lsp: string, @Arg('serviceId', () => ID, SERVICE_ID) serviceId: string, @Ctx() ctx: SubgraphContext) {
    return pricing.invalidatePricingCache(queriesScope(ctx), lsp, serviceId);
  }

  @Query(() => PricingCacheStats, { description: "This process's cached pricing rules of the caller's workspace. REST: `GET /v1/queries/pricing/cache/stats`." })
  pricingCacheStats(@Ctx() ctx: SubgraphContext) {
    return pricing.pricingCacheStats(queriesScope(ctx));
  }
}
