import { describe, expect, it } from 'vitest';
import { routes } from '../../rest-bridge/routes/index.js';
import { subgraphsFetched } from '../support/query-plan.js';

/**
 * `GET /v1/order/operators` names each quote's LSP (`lsp { code name }`). Commerce answers the name from its copy of
 * the LSPs' names (`Quote.lsp @provides(fields: "name")`, docs/orders.md "Operators and quotes"), so the gateway's
 * plan for the bridge's operation is one fetch, from commerce. Elsewhere a provider's name is still the workspace
 * family's: an order's LSP is fetched from it.
 */
describe("the gateway's plan for a quote's LSP", () => {
  const operation = (method: string, path: string) => {
    const route = routes.find((r) => r.method === method && r.path === path);
    if (!route) throw new Error(`no route ${method} ${path}`);
    return route.operation;
  };

  it("GET /v1/order/operators: one fetch, from commerce (the LSP's name comes with the quote)", () => {
    const op = operation('GET', '/v1/order/operators');
    expect(op).toMatch(/lsp \{ code name \}/);
    expect(subgraphsFetched(op)).toEqual(['commerce']);
  });

  it("an order's LSP and CSP: their names from the workspace family (commerce provides a name only under a quote)", () => {
    expect(subgraphsFetched('query { cspOrders(providerCode: "CSP-00000000") { items { lsp { code name } } } }')).toEqual(['commerce', 'workspace']);
    expect(subgraphsFetched('query { cspOrders(providerCode: "CSP-00000000") { items { quote { lsp { code name } } } } }')).toEqual(['commerce']);
  });
});
