import { closedList } from '../../../kernel/graphql-types.js';

export const QuoteSource = closedList('QuoteSource', 'Where the price of a quote comes from.', {
  LSP: "The LSP's own pricing rules (its warehouses' and hubs' rules that apply to deliveries).",
  FALLBACK: "The utilities' delivery fare model: the LSP has no pricing rule that applies.",
});
export type QuoteSource = keyof typeof QuoteSource;

export const QuoteBasis = closedList('QuoteBasis', "What a line of a quote priced by the LSP's rules counts (the delivery bases of the LSP's PricingBasis).", {
  PER_KG: 'Per kilogram of the packages.',
  PER_KM: "Per road kilometre of the order's legs.",
  PER_ORDER: 'Once per order.',
  FLAT: 'One price whatever the quantity.',
});
export type QuoteBasis = keyof typeof QuoteBasis;
