import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { UserReference, userRef } from '../../../kernel/references.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { faqScope } from '../common/scope.js';
import { Faq, FaqVersion } from './entities.js';
import { FaqArchiveOperation, FaqLockOperation } from './enums.js';
import * as faqs from './service.js';
import { FaqContextChangeInput, FaqCreateInput, FaqDeleteInput, FaqDeletion, FaqListArgs, FaqPage, FaqSearchArgs, FaqSearchResults, FaqUpdateInput, FaqVersionPage } from './types.js';

const CODE = { description: "The LSP's code (REST: `:icode`); it must be the caller's LSP context." };
const REFERENCE = { description: "The FAQ's reference, `FAQ-…` (REST: `:reference`, any case)." };

@Resolver(() => Faq)
export class FaqResolver {
  @Query(() => FaqPage, { description: "The LSP's FAQs, newest first, a page at a time; archived ones only with `state: ARCHIVED`. REST: `GET /v1/lsps/:icode/faqs`." })
  faqs(@Arg('providerCode', CODE) providerCode: string, @Args() args: FaqListArgs, @Ctx() ctx: SubgraphContext) {
    return faqs.listFaqs(faqScope(ctx, providerCode, 'read'), args);
  }

  @Query(() => Faq, { description: 'One FAQ of the LSP by its reference. REST: `GET /v1/lsps/:icode/faqs/:reference`.' })
  faq(@Arg('providerCode', CODE) providerCode: string, @Arg('reference', REFERENCE) reference: string, @Ctx() ctx: SubgraphContext) {
    return faqs.findFaq(faqScope(ctx, providerCode, 'read'), reference);
  }

  @Query(() => FaqVersion, { description: 'One version of an FAQ, by its label: the FAQ as it was after that edit. REST: `GET /v1/lsps/:icode/faqs/:reference?version=1.1`.' })
  faqVersion(
    @Arg('providerCode', CODE) providerCode: string,
    @Arg('reference', REFERENCE) reference: string,
    @Arg('version', { description: 'The version label, e.g. `1.1`.' }) version: string,
    @Ctx() ctx: SubgraphContext,
  ) {
    return faqs.faqVersion(faqScope(ctx, providerCode, 'read'), reference, version);
  }

  @Query(() => FaqSearchResults, {
    description:
      'Full-text search of the LSP\'s FAQs, best first, with highlighted snippets; misspellings and everyday synonyms are understood (docs/dev.md "Search"). REST: `GET /v1/lsps/:icode/faqs/search?query=`.',
  })
  faqSearch(@Arg('providerCode', CODE) providerCode: string, @Args() args: FaqSearchArgs, @Ctx() ctx: SubgraphContext) {
    return faqs.searchFaqs(faqScope(ctx, providerCode, 'read'), args);
  }

  @Mutation(() => Faq, { description: "Add an FAQ to the LSP's knowledge base (ACTIVE, unlocked, revision 1). REST: `POST /v1/lsps/:icode/faqs`." })
  createFaq(@Arg('providerCode', CODE) providerCode: string, @Arg('input', { description: 'The FAQ.' }) input: FaqCreateInput, @Ctx() ctx: SubgraphContext) {
    return faqs.createFaq(faqScope(ctx, providerCode, 'write'), input);
  }

  @Mutation(() => Faq, { description: 'Edit an FAQ: its content, or a context link and its source; a new version. REST: `PATCH /v1/lsps/:icode/faqs/:reference`.' })
  updateFaq(
    @Arg('providerCode', CODE) providerCode: string,
    @Arg('reference', REFERENCE) reference: string,
    @Arg('input', { description: 'What changes.' }) input: FaqUpdateInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return faqs.updateFaq(faqScope(ctx, providerCode, 'write'), reference, input);
  }

  @Mutation(() => Faq, { description: 'Archive or restore an FAQ (docs/dev.md "States"). REST: `PATCH /v1/lsps/:icode/faqs/:reference/:operation` (archive, restore).' })
  changeFaqArchiveState(
    @Arg('providerCode', CODE) providerCode: string,
    @Arg('reference', REFERENCE) reference: string,
    @Arg('operation', () => FaqArchiveOperation, { description: 'ARCHIVE or RESTORE (REST: `:operation`).' }) operation: FaqArchiveOperation,
    @Ctx() ctx: SubgraphContext,
  ) {
    return faqs.changeArchiveState(faqScope(ctx, providerCode, 'write'), reference, operation);
  }

  @Mutation(() => Faq, { description: 'Lock or unlock an FAQ: OWNER, ADMIN or MANAGER (docs/dev.md "States"). REST: `PATCH /v1/lsps/:icode/faqs/:reference/:lockstate` (lock, unlock).' })
  changeFaqLockState(
    @Arg('providerCode', CODE) providerCode: string,
    @Arg('reference', REFERENCE) reference: string,
    @Arg('lockstate', () => FaqLockOperation, { description: 'LOCK or UNLOCK (REST: `:lockstate`).' }) lockstate: FaqLockOperation,
    @Ctx() ctx: SubgraphContext,
  ) {
    return faqs.changeLockState(faqScope(ctx, providerCode, 'lock'), reference, lockstate);
  }

  @Mutation(() => Faq, { description: "Link an FAQ to a hub or warehouse of the LSP (or change the link's source); a new version. REST: `PUT /v1/lsps/:icode/faqs/:reference/context/add`." })
  addFaqContext(
    @Arg('providerCode', CODE) providerCode: string,
    @Arg('reference', REFERENCE) reference: string,
    @Arg('input', { description: 'The object and the source.' }) input: FaqContextChangeInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return faqs.addFaqContext(faqScope(ctx, providerCode, 'write'), reference, input);
  }

  @Mutation(() => Faq, { description: 'Unlink an FAQ from an object (the FAQ stays, even without links); a new version. REST: `PATCH /v1/lsps/:icode/faqs/:reference/context/remove`.' })
  removeFaqContext(
    @Arg('providerCode', CODE) providerCode: string,
    @Arg('reference', REFERENCE) reference: string,
    @Arg('input', { description: 'The object.' }) input: FaqContextChangeInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return faqs.removeFaqContext(faqScope(ctx, providerCode, 'write'), reference, input);
  }

  @Mutation(() => FaqDeletion, {
    description:
      'Remove the context link named, and the FAQ with it when that was its last link; without a context, the FAQ if it has no link (docs/dev.md "Delete"). REST: `DELETE /v1/lsps/:icode/faqs/:reference`.',
  })
  deleteFaq(
    @Arg('providerCode', CODE) providerCode: string,
    @Arg('reference', REFERENCE) reference: string,
    @Arg('input', () => FaqDeleteInput, { nullable: true, description: 'The context link to remove.' }) input: FaqDeleteInput | undefined,
    @Ctx() ctx: SubgraphContext,
  ) {
    return faqs.deleteFaq(faqScope(ctx, providerCode, 'write'), reference, input);
  }

  @FieldResolver(() => FaqVersionPage, { description: 'The versions of the FAQ, newest first (the first is the FAQ as it is now), a page at a time.' })
  versions(@Root() faq: Faq, @Args() args: PageArgs, @Ctx() ctx: SubgraphContext) {
    return faqs.faqVersions(faqScope(ctx, faq.icode, 'read'), faq, args);
  }

  @FieldResolver(() => UserReference, { nullable: true, description: 'Who created the FAQ (resolved by the users subgraph).' })
  creator(@Root() faq: Faq): UserReference {
    return userRef(faq.createdBy);
  }
}
