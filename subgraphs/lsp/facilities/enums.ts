import { closedList } from '../../../kernel/graphql-types.js';

/** The closed lists of warehouses, hubs and their pricing rules (docs/lsp.md, "Pricing rules"). */

export const PricingBasis = closedList('PricingBasis', 'What a pricing rule counts: its rate is the price of one unit of it.', {
  PER_KG: 'Per kilogram of goods.',
  PER_PALLET: 'Per pallet.',
  PER_CBM: 'Per cubic metre of goods.',
  PER_ORDER: 'Per order.',
  PER_KM: 'Per kilometre travelled.',
  PER_DAY: 'Per day of storage.',
  FLAT: 'One price whatever the quantity.',
});
export type PricingBasis = keyof typeof PricingBasis;

export const PricingAction = closedList('PricingAction', 'A change of the pricing rules of a warehouse or hub (written in lower case, as REST writes it).', {
  add: 'Append the given rule.',
  remove: 'Remove the rule with the given identifier.',
});
export type PricingAction = keyof typeof PricingAction;
