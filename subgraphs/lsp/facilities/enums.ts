import { closedList } from '../../../kernel/graphql-types.js';

/** The closed lists of warehouses, hubs and their pricing rules (docs/lsp.md, "Pricing rules"). */

export const PricingAction = closedList('PricingAction', 'A change of the pricing rules of a warehouse or hub (written in lower case, as REST writes it).', {
  add: 'Append the given rule.',
  remove: 'Remove the rule with the given identifier.',
});
export type PricingAction = keyof typeof PricingAction;
