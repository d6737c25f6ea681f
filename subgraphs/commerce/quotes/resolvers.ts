import { Arg, Ctx, Directive, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { NamedProviderReference, providerRef } from '../../../kernel/references.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { Order } from '../orders/entities.js';
import { Xpress } from '../orders/enums.js';
import { ServiceInput, ServiceUpdateInput } from '../orders/types.js';
import { Quote } from './entities.js';
import * as quotes from './service.js';
import { quoteOf } from '../common/quote-token.js';

@Resolver(() => Quote)
export class QuoteResolver {
  @Query(() => [Quote], {
    description: 'The LSPs whose coverage serves every stop of the intent, each with a quote valid QUOTE_TTL_SECONDS, cheapest first. REST: `GET /v1/order/operators`.',
  })
  orderOperators(@Arg('xpress', () => Xpress, { nullable: true, description: 'The delivery speed to price (default standard).' }) xpress: Xpress | undefined, @Ctx() ctx: SubgraphContext) {
    return quotes.operators(ctx, xpress ?? 'standard');
  }

  @Mutation(() => Order, { description: 'Bind a quote and place the order (INTENT → PLACED). Honours Idempotency-Key. REST: `POST /v1/order/service`.' })
  submitOrderService(@Arg('input', { description: 'The quote, fees and payment.' }) input: ServiceInput, @Ctx() ctx: SubgraphContext) {
    return quotes.submitService(ctx, input);
  }

  @Mutation(() => Order, { description: 'Change the payment (mark it paid) or the tax and discount of a placed order. REST: `PATCH /v1/order/service`.' })
  updateOrderService(@Arg('input', { description: 'The changes.' }) input: ServiceUpdateInput, @Ctx() ctx: SubgraphContext) {
    return quotes.updateService(ctx, input);
  }

  @Query(() => Order, { description: 'The order with its service (fees, payment, speed); NOT_FOUND while the service is not submitted. REST: `GET /v1/order/service`.' })
  orderService(@Ctx() ctx: SubgraphContext) {
    return quotes.getService(ctx);
  }

  // @provides: the LSP's name comes with the quote (commerce's copy of the LSPs' names), not from a second fetch
  @FieldResolver(() => NamedProviderReference, { description: 'The LSP offering the price.' })
  @Directive('@provides(fields: "name")')
  async lsp(@Root() quote: Quote, @Ctx() ctx: SubgraphContext): Promise<NamedProviderReference> {
    const name = quote.lspName ?? (await quotes.lspNameOf(ctx, quote.workspaceId, quote.lspCode));
    return { ...providerRef(quote.workspaceId, 'lsp', quote.lspCode), name };
  }
}

@Resolver(() => Order)
export class OrderQuoteResolver {
  @FieldResolver(() => Quote, { nullable: true, description: 'The quote the price was bound from; null before the service is submitted.' })
  quote(@Root() order: Order): Quote | null {
    return order.service ? (quoteOf(order.service.quoteId) ?? null) : null;
  }
}
