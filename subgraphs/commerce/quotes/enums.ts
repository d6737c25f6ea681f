import { closedList } from '../../../kernel/graphql-types.js';

export const QuoteSource = closedList('QuoteSource', 'Where the price of a quote comes from.', {
  LSP: "The LSP's own pricing rules (its warehouses' and hubs' rules that apply to deliveries).",
  FALLBACK: "The utilities' delivery fare model: the LSP has no pricing rule that applies.",
});
export type QuoteSource = keyof typeof QuoteSource;
