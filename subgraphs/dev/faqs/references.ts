import { Ctx, Directive, Field, FieldResolver, ID, ObjectType, Resolver, Root } from 'type-graphql';
import { ENTITY_DOCS } from '../../../kernel/references.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { faqReferenceScope } from '../common/scope.js';
import { Faq } from './entities.js';
import { faqsOf } from './service.js';

/**
 * The LSP family's Hub and Warehouse, as this family adds their FAQs (docs/dev.md "Context"): the graph answers
 * `hub(id) { faqs { question } }` in one query. The facility's other fields are the LSP family's.
 */
@ObjectType('Hub', { description: ENTITY_DOCS.hub })
@Directive('@key(fields: "id")')
export class HubFaqs {
  @Field(() => ID, { description: ENTITY_DOCS.vehicleId }) id!: string;
}

@ObjectType('Warehouse', { description: ENTITY_DOCS.warehouse })
@Directive('@key(fields: "id")')
export class WarehouseFaqs {
  @Field(() => ID, { description: ENTITY_DOCS.vehicleId }) id!: string;
}

const FAQS = 'The ACTIVE FAQs linked to this facility (context links), newest first, at most 100; empty for a caller who is not acting as its LSP.';

/** A facility's FAQs, as its LSP's members see them (anyone else sees none). */
const faqsOfFacility = (ctx: SubgraphContext, type: 'HUB' | 'WAREHOUSE', id: string): Promise<Faq[]> | Faq[] => {
  const s = faqReferenceScope(ctx);
  return s ? faqsOf(s.em, type, id) : [];
};

@Resolver(() => HubFaqs)
export class HubFaqResolver {
  @FieldResolver(() => [Faq], { description: FAQS })
  faqs(@Root() hub: HubFaqs, @Ctx() ctx: SubgraphContext) {
    return faqsOfFacility(ctx, 'HUB', hub.id);
  }
}

@Resolver(() => WarehouseFaqs)
export class WarehouseFaqResolver {
  @FieldResolver(() => [Faq], { description: FAQS })
  faqs(@Root() warehouse: WarehouseFaqs, @Ctx() ctx: SubgraphContext) {
    return faqsOfFacility(ctx, 'WAREHOUSE', warehouse.id);
  }
}

/** The key is all this subgraph needs to answer `faqs`. */
export const facilityReferences = {
  Hub: { __resolveReference: (ref: { id: string }) => ({ id: ref.id }) },
  Warehouse: { __resolveReference: (ref: { id: string }) => ({ id: ref.id }) },
};
