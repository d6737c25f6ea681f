import { closedList } from '../../../kernel/graphql-types.js';

/** Closed lists of the fares (docs/utilities.md lists the constants each value stands for). */

export const FreightUrgency = closedList('FreightUrgency', 'Urgency of a freight transport: a multiplier on the distance and weight fares and on the handling time.', {
  URGENT: 'Fares × 1.5, handling time × 0.5.',
  STANDARD: 'Fares × 1.0, handling time × 1 (the default).',
  ECONOMY: 'Fares × 0.85, handling time × 2 (waits for consolidation).',
});
export type FreightUrgency = keyof typeof FreightUrgency;

export const RideVehicleClass = closedList('RideVehicleClass', 'Vehicle class of a ride: base fare, rates per km and per minute of the spec, the minimum fare and seats.', {
  ECONOMY: 'Base 2.50, 0.90 per km, 0.30 per minute, minimum 5.00; 4 seats.',
  STANDARD: 'Base 3.00, 1.10 per km, 0.35 per minute, minimum 6.00; 4 seats (the default up to 4 passengers).',
  COMFORT: 'Base 3.50, 1.30 per km, 0.40 per minute, minimum 7.50; 4 seats.',
  PREMIUM: 'Base 5.00, 1.80 per km, 0.55 per minute, minimum 10.00; 4 seats.',
  LUXURY: 'Base 8.00, 2.50 per km, 0.80 per minute, minimum 15.00; 4 seats.',
  XL: 'Base 4.50, 1.50 per km, 0.50 per minute, minimum 9.00; 7 seats (the default above 4 passengers).',
  SUV: 'Base 5.50, 1.70 per km, 0.60 per minute, minimum 11.00; 6 seats.',
});
export type RideVehicleClass = keyof typeof RideVehicleClass;

export const SurgeRule = closedList('SurgeRule', "The surge rule a ride fare applied, read on the pickup's local clock (first rule that matches).", {
  PEAK_HOURS: 'Every day 07:00–08:59 and 17:00–18:59: × 1.5.',
  WEEKEND_NIGHT: 'Friday 22:00 – Saturday 01:59 and Saturday 22:00 – Sunday 01:59: × 1.8.',
  LATE_NIGHT: 'Every day 02:00–04:59: × 1.3.',
  NONE: 'Any other time: × 1.0.',
});
export type SurgeRule = keyof typeof SurgeRule;

export const Incoterm = closedList(
  'Incoterm',
  'Incoterms 2020 rule (ICC) deciding who pays which cost of a cross-border shipment (default DAP). "Import costs" are the ' +
    'import half of the documentation fee, duty, VAT/GST, other levies, brokerage and inspection; the seller always pays the ' +
    'export half of the documentation fee, except under EXW.',
  {
    EXW: 'Ex Works: the buyer pays every cost.',
    FCA: 'Free Carrier: the buyer pays the main carriage, insurance, border entry and import costs.',
    CPT: 'Carriage Paid To: the seller pays the main carriage; the buyer insurance, border entry and import costs.',
    CIP: 'Carriage and Insurance Paid To: the seller pays the main carriage and insurance; the buyer border entry and import costs.',
    DAP: 'Delivered at Place: the seller pays the main carriage, insurance and border entry; the buyer import costs.',
    DPU: 'Delivered at Place Unloaded: costs as DAP (the seller also unloads at the destination).',
    DDP: 'Delivered Duty Paid: the seller pays every cost, import costs included.',
    FAS: 'Free Alongside Ship (a sea term): the buyer pays the main carriage, insurance, border entry and import costs.',
    FOB: 'Free On Board (a sea term): the buyer pays the main carriage, insurance, border entry and import costs.',
    CFR: 'Cost and Freight (a sea term): the seller pays the main carriage; the buyer insurance, border entry and import costs.',
    CIF: 'Cost, Insurance and Freight (a sea term): the seller pays the main carriage and insurance; the buyer border entry and import costs.',
  },
);
export type Incoterm = keyof typeof Incoterm;

export const CostPayer = closedList('CostPayer', 'The party that pays a cost under the chosen incoterm.', {
  SELLER: 'The seller (exporter).',
  BUYER: 'The buyer (importer).',
});
export type CostPayer = keyof typeof CostPayer;

export const CustomsValuationBasis = closedList('CustomsValuationBasis', 'What the customs value a duty is computed on includes.', {
  CIF: 'Cost, insurance and freight: the goods, the main carriage and the insurance.',
  FOB: 'Free on board: the goods alone (US, CA, AU, NZ and the SACU countries value at FOB).',
});
export type CustomsValuationBasis = keyof typeof CustomsValuationBasis;
