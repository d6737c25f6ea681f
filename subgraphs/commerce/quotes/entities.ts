import { Directive, Field, Float, ID, ObjectType } from 'type-graphql';
import { Money } from '../../../kernel/graphql-types.js';
import { DecimalScalar } from '../../../kernel/scalars.js';
import { Xpress } from '../orders/enums.js';
import { QuoteBasis, QuoteSource } from './enums.js';

@ObjectType({ description: 'One line of a quote.' })
export class QuoteLine {
  @Field({ description: "What the line charges: the pricing rule's name, or the utilities' fee line (baseFee, distanceFee …)." }) name!: string;
  @Field(() => QuoteBasis, { nullable: true, description: "The pricing rule's basis; null for a utilities fee line." }) basis?: QuoteBasis | null;
  @Field(() => Float, { nullable: true, description: 'How many units of the basis were counted (kg, km, 1); null for a utilities fee line.' }) quantity?: number | null;
  @Field(() => DecimalScalar, { nullable: true, description: "Price of one unit, in the quote's currency; null for a utilities fee line." }) rate?: number | null;
  @Field(() => DecimalScalar, { description: "The line's amount, in the quote's currency (the rule's minimum charge when rate × quantity is less)." }) amount!: number;
}

/**
 * A price an LSP offers for an intent, valid QUOTE_TTL_SECONDS. Its id is the quote itself, signed (common/quote-token.ts,
 * the precedent is Uber's fare id): nothing is stored when operators are asked, and submitting the service with the id
 * binds exactly the price the client saw, or is refused (expired, altered, another intent's, a changed order).
 */
@ObjectType({ description: "An LSP's price for an intent, with its breakdown; bound by submitting the service with its id before it expires." })
@Directive('@key(fields: "id")')
export class Quote {
  @Field(() => ID, { description: 'The quote id (`quoteId`): an opaque, signed string that carries the quote; send it back unchanged.' }) id!: string;
  /** The workspace of its order (checked when the quote is read through a reference). */
  workspaceId!: string;
  @Field(() => ID, { description: 'The order (intent) it prices.' }) orderId!: string;
  @Field({ description: "The LSP's code." }) lspCode!: string;
  @Field(() => Money, { description: 'The price.' }) price!: Money;
  @Field(() => [QuoteLine], { description: 'How the price is made, line by line.' }) breakdown!: QuoteLine[];
  @Field(() => QuoteSource, { description: "Where the price comes from: the LSP's pricing rules, or the utilities' delivery fare when none applies." }) source!: QuoteSource;
  @Field(() => Float, { description: "Road distance of the order's legs, km (the utilities' distance model)." }) distanceKm!: number;
  @Field(() => Float, { description: 'Weight of the packages, kg.' }) weightKg!: number;
  @Field(() => Xpress, { description: 'The delivery speed priced.' }) xpress!: Xpress;
  /** The order's waypoints-and-packages version it priced (a later change makes it stale). */
  orderVersion!: number;
  @Field(() => Date, { description: 'When it stops binding (QUOTE_TTL_SECONDS after it was made).' }) expiresAt!: Date;
  @Field(() => Date, { description: 'When it was made.' }) createdAt!: Date;
  /** The LSP's name when the quote was made (operators): not signed, not carried in the id (resolvers.ts `lsp`). */
  lspName?: string;
}
