/**
 * The vocabulary more than one family uses: closed lists of the graph whose values another family's records copy, and
 * identifier forms another family checks the same way.
 */
import { closedList } from '../kernel/graphql-types.js';

export const ConnectorStatus = closedList('ConnectorStatus', 'Whether a connector may be used.', {
  ENABLED: 'The connector exchanges its secret for access tokens and its tokens work.',
  DISABLED: 'The connector is refused access tokens and the tokens it was issued stop working.',
});
export type ConnectorStatus = keyof typeof ConnectorStatus;

/** An open vocabulary of upper-case identifiers (docs/lsp.md, "Limits"): the LSP names its own types and levels. */
export const IDENT = /^[A-Z0-9][A-Z0-9_]{0,39}$/;

export const LocationAccuracy = closedList('LocationAccuracy', 'How precisely a place of the request was located (docs/utilities.md, "Places and metadata").', {
  ESTIMATE: 'Only the country was known: its representative point was used.',
  STANDARD: 'A city of the GeoNames gazetteer (given, or recognised in the address).',
  PRECISE: "The caller's own coordinates.",
});
export type LocationAccuracy = keyof typeof LocationAccuracy;
