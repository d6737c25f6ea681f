import type { RouteSpec } from './types.js';
import { q } from './queries-common.js';

/** A pricing rule as REST writes it (the LSP's rule: docs/lsp.md "Pricing rules"). */
const RULE = 'id name basis rate { amount currency } minimumCharge { amount currency } conditions { minWeightKg maxWeightKg serviceTypes requirements } validFrom validUntil';
const BREAKDOWN = 'breakdown { baseRate surcharges taxes fees }';

/**
 * Spec group 17, pricing routes (under `/v1/queries`; rest-bridge/routes/queries.ts adds the `/v1/realm/queries` alias).
 * `/pricing/cache/stats` comes before `/pricing/:lsp/:serviceId`, which would otherwise take it.
 */
export const pricingRoutes: RouteSpec[] = [
  {
    ...q,
    method: 'GET',
    path: '/v1/queries/pricing/cache/stats',
    summary: "The pricing cache's entries of the workspace",
    operation: 'query PricingCacheStats { pricingCacheStats { size entries } }',
    result: { '...': 'pricingCacheStats' },
  },
  {
    ...q,
    method: 'GET',
    path: '/v1/queries/pricing/:lsp/:serviceId',
    summary: "A service's pricing rules",
    operation: `query ServicePricing($lsp: String!, $serviceId: ID!) { servicePricing(lsp: $lsp, serviceId: $serviceId) { pricing { ${RULE} } total } }`,
    result: { '...': 'servicePricing' },
  },
  {
    ...q,
    method: 'POST',
    path: '/v1/queries/pricing/estimate',
    summary: "Estimate a service's price for an order",
    bodyVariable: 'input',
    operation: `query EstimateServicePrice($input: PriceEstimateInput!) { estimateServicePrice(input: $input) { estimate { totalCost currency ${BREAKDOWN} appliedRules vatRate notes } } }`,
    result: { '...': 'estimateServicePrice' },
    failures: { PRICING_UNAVAILABLE: 'the service publishes no pricing rule, or none applies to the order (the message says why)' },
  },
  {
    ...q,
    method: 'POST',
    path: '/v1/queries/pricing/compare',
    summary: 'Compare the prices of services for one order, cheapest first',
    bodyVariable: 'input',
    operation: `query CompareServicePrices($input: PriceComparisonInput!) { compareServicePrices(input: $input) {
      comparisons { lsp serviceId totalCost currency ${BREAKDOWN} } cheapest { lsp serviceId totalCost currency } unavailable { lsp serviceId code message } } }`,
    result: { '...': 'compareServicePrices' },
  },
  {
    ...q,
    method: 'DELETE',
    path: '/v1/queries/pricing/:lsp/:serviceId/cache',
    summary: "Invalidate a service's cached pricing rules",
    operation: 'mutation InvalidatePricingCache($lsp: String!, $serviceId: ID!) { invalidatePricingCache(lsp: $lsp, serviceId: $serviceId) { message } }',
    result: { '...': 'invalidatePricingCache' },
  },
];
