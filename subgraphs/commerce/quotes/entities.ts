import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Directive, Field, Float, ID, ObjectType } from 'type-graphql';
import { nowDate } from '../../../kernel/clock.js';
import { Money } from '../../../kernel/graphql-types.js';
import { DecimalScalar } from '../../../kernel/scalars.js';
import { ProviderReference, providerRef } from '../../../kernel/references.js';
import { TenantEntity } from '../../../kernel/tenancy.js';
import { Xpress } from '../orders/enums.js';
import { QuoteBasis, QuoteSource } from './enums.js';

@ObjectType({ description: 'One line of a quote.' })
export class QuoteLine {
  @Field({ description: 'What the line charges: the pricing rule\'s name, or the utilities\' fee line (baseFee, distanceFee …).' }) name!: string;
  @Field(() => QuoteBasis, { nullable: true, description: "The pricing rule's basis; null for a utilities fee line." }) basis?: QuoteBasis | null;
  @Field(() => Float, { nullable: true, description: 'How many units of the basis were counted (kg, km, 1); null for a utilities fee line.' }) quantity?: number | null;
  @Field(() => DecimalScalar, { nullable: true, description: "Price of one unit, in the quote's currency; null for a utilities fee line." }) rate?: number | null;
  @Field(() => DecimalScalar, { description: "The line's amount, in the quote's currency (the rule's minimum charge when rate × quantity is less)." }) amount!: number;
}

/**
 * A price an LSP offers for an intent, valid QUOTE_TTL_SECONDS. Submitting the service with its id binds it (the
 * precedent is Uber's fare id): the price the client saw is the price it pays, or the submission is refused.
 */
@ObjectType({ description: "An LSP's price for an intent, with its breakdown; bound by submitting the service with its id before it expires." })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'quote' })
export class Quote extends TenantEntity {
  [OptionalProps]?: 'id' | 'workspaceId' | 'createdAt';
  @Field(() => ID, { description: 'The quote id (`quoteId`).' }) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field(() => ID, { description: 'The order (intent) it prices.' }) @Index() @Property({ type: 'uuid' }) orderId!: string;
  @Field({ description: "The LSP's code." }) @Property() lspCode!: string;
  @Field(() => Money, { description: 'The price.' }) @Property({ type: 'json' }) price!: Money;
  @Field(() => [QuoteLine], { description: 'How the price is made, line by line.' }) @Property({ type: 'json' }) breakdown!: QuoteLine[];
  @Field(() => QuoteSource, { description: "Where the price comes from: the LSP's pricing rules, or the utilities' delivery fare when none applies." }) @Property() source!: QuoteSource;
  @Field(() => Float, { description: "Road distance of the order's legs, km (the utilities' distance model)." }) @Property({ type: 'double' }) distanceKm!: number;
  @Field(() => Float, { description: 'Weight of the packages, kg.' }) @Property({ type: 'double' }) weightKg!: number;
  @Field(() => Xpress, { description: 'The delivery speed priced.' }) @Property() xpress!: Xpress;
  /** The order's waypoints-and-packages version it priced (a later change makes it stale). */
  @Property() orderVersion!: number;
  @Field(() => Date, { description: 'When it stops binding (QUOTE_TTL_SECONDS after it was made).' }) @Property({ type: 'datetime' }) expiresAt!: Date;
  @Field(() => Date, { description: 'When it was made.' }) @Property({ type: 'datetime' }) createdAt: Date = nowDate();

  @Field(() => ProviderReference, { description: 'The LSP offering the price.' })
  lsp(): ProviderReference {
    return providerRef(this.workspaceId, 'lsp', this.lspCode);
  }
}
