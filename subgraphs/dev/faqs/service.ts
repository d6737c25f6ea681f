import type { EntityManager } from '@mikro-orm/postgresql';
import { nowDate } from '../../../kernel/clock.js';
import { AppError, notFound, validationError } from '../../../kernel/errors.js';
import { catchUp, publish } from '../../../kernel/events.js';
import { pageWindow, pagination, type PageArgs } from '../../../kernel/graphql-types.js';
import { isUuid } from '../../../kernel/ids.js';
import { lockOne } from '../../../kernel/db.js';
import { pageOf } from '../../../kernel/paging.js';
import { applyNetworkEvent } from '../../../domain/network-copy/sync.js';
import type { ProviderScope } from '../common/scope.js';
import { Faq, FaqVersion } from './entities.js';
import type { FaqArchiveOperation, FaqLockOperation } from './enums.js';
import { archiveMove, assertUnlocked, cleanText, lockMove, newFaqReference, nextVersion, normalReference, withContext, withoutContext } from './rules.js';
import { normalTags } from '../../../domain/tags.js';
import { learnWords, planSearch, runSearch } from './search.js';
import type { FaqContextChangeInput, FaqContextInput, FaqCreateInput, FaqDeleteInput, FaqListArgs, FaqSearchArgs, FaqUpdateInput } from './types.js';

/** An LSP's FAQs (docs/dev.md "FAQs"): create, read, list, search, edit with versions, states, context links, delete. */

const tenantOf = (s: ProviderScope) => ({ workspaceId: s.principal.workspaceId, icode: s.principal.providerCode });

/** The FAQ `reference` of this LSP; another LSP's, or a malformed one, is NOT_FOUND. */
export async function findFaq(s: ProviderScope, reference: string): Promise<Faq> {
  const ref = normalReference(reference);
  const faq = /^FAQ-[0-9A-Z]{10}$/.test(ref) ? await s.em.findOne(Faq, { reference: ref }) : null;
  if (!faq) throw notFound('FAQ');
  return faq;
}

/**
 * The FAQ as it is now, recorded as a version (creation and every edit): the tags' text for the search vector, the
 * snapshot, and the words the search corrects misspellings to.
 */
async function recordVersion(s: ProviderScope, tx: EntityManager, faq: Faq): Promise<void> {
  faq.tagsText = faq.tags.join(' ');
  tx.create(FaqVersion, {
    faq,
    version: faq.version,
    revision: faq.revision,
    question: faq.question,
    answer: faq.answer,
    tags: faq.tags,
    contexts: faq.contexts,
    editedBy: s.principal.userId,
  });
  await learnWords(tx, tenantOf(s), faq.question, faq.answer, faq.tagsText);
}

/** The one write idiom of FAQs: `work` makes or changes the FAQ in the transaction; flush and the `dev.faq` event follow in it. */
async function saved(s: ProviderScope, change: string | ((faq: Faq) => string), work: (tx: EntityManager) => Promise<Faq>): Promise<Faq> {
  return s.em.transactional(async (tx) => {
    const faq = await work(tx);
    faq.updatedAt = nowDate();
    faq.updatedBy = s.principal.userId;
    await tx.flush();
    await published(tx, faq, typeof change === 'string' ? change : change(faq));
    return faq;
  });
}

/** The `dev.faq` event of a change (in the change's transaction). */
const published = (tx: EntityManager, faq: Faq, change: string) =>
  publish(tx, 'dev.faq', faq.id, faq.workspaceId, { icode: faq.icode, id: faq.id, reference: faq.reference, change, version: faq.version, state: faq.state, locked: faq.locked });

/**
 * The FAQ `reference` of this LSP, read in the write's transaction under its row lock (kernel/db.ts `lockOne`, docs/contract.md
 * "Concurrency"): every check of a change (locked? archived? linked? the next revision) is made on this read, so
 * concurrent changes of one FAQ apply one after another and none is lost.
 */
async function lockFaq(tx: EntityManager, reference: string): Promise<Faq> {
  const ref = normalReference(reference);
  if (!/^FAQ-[0-9A-Z]{10}$/.test(ref)) throw notFound('FAQ');
  return lockOne(tx, Faq, { reference: ref }, 'FAQ');
}

/** A change of an existing FAQ: locked and read afresh in the transaction, then `apply` judges and changes it. */
const changed = (s: ProviderScope, reference: string, change: string | ((faq: Faq) => string), apply: (faq: Faq, tx: EntityManager) => Promise<void> | void) =>
  saved(s, change, async (tx) => {
    const faq = await lockFaq(tx, reference);
    await apply(faq, tx);
    return faq;
  });

/** An edit of the FAQ as `apply` leaves it: unlocked (on the locked read), a new version (label and revision bumped, snapshot kept). */
async function bumpVersion(s: ProviderScope, tx: EntityManager, faq: Faq, apply: () => void): Promise<void> {
  assertUnlocked(faq);
  apply();
  faq.version = nextVersion(faq.version);
  faq.revision += 1;
  await recordVersion(s, tx, faq);
}

/** An edit: a new version (label and revision bumped, snapshot kept), words learnt for the search. */
const edited = (s: ProviderScope, reference: string, change: string, apply: (faq: Faq) => void) => changed(s, reference, change, (faq, tx) => bumpVersion(s, tx, faq, () => apply(faq)));

export async function createFaq(s: ProviderScope, input: FaqCreateInput): Promise<Faq> {
  const by = s.principal.userId;
  const question = cleanText(input.question, 'question');
  const answer = cleanText(input.answer, 'answer');
  return saved(s, 'created', async (tx) => {
    const faq = tx.create(Faq, {
      reference: newFaqReference(),
      version: input.version,
      revision: 1,
      question,
      answer,
      tags: normalTags(input.tags),
      contexts: [],
      createdBy: by,
      updatedBy: by,
    });
    await recordVersion(s, tx, faq);
    return faq;
  });
}

/** One version of an FAQ by its label (`1.2`): what the FAQ was after that edit. */
export async function faqVersion(s: ProviderScope, reference: string, version: string): Promise<FaqVersion> {
  const faq = await findFaq(s, reference);
  const found = await s.em.findOne(FaqVersion, { faq, version: version.trim() }, { orderBy: { revision: 'desc' } });
  if (!found) throw notFound('FAQ version');
  return found;
}

export async function faqVersions(s: ProviderScope, faq: Faq, args: PageArgs) {
  return pageOf(s.em, FaqVersion, { faq }, args, { revision: 'desc' });
}

const contextFilter = (type?: string, id?: string) => (type || id ? { contexts: { $contains: [{ ...(type ? { type } : {}), ...(id ? { id } : {}) }] } } : {});

export async function listFaqs(s: ProviderScope, args: FaqListArgs) {
  if (args.contextId && !args.contextType) throw validationError('contextType', 'is needed with contextId');
  const where: Record<string, unknown> = { state: args.state ?? 'ACTIVE', ...contextFilter(args.contextType, args.contextId) };
  if (args.tag) where.tags = { $contains: [args.tag.trim().toLowerCase()] };
  if (args.locked !== undefined && args.locked !== null) where.locked = args.locked;
  return pageOf(s.em, Faq, where, args, { createdAt: 'desc', id: 'asc' });
}

export async function searchFaqs(s: ProviderScope, args: FaqSearchArgs) {
  const t = tenantOf(s);
  const plan = await planSearch(s.em, t, args.query);
  const { page, limit, offset } = pageWindow(args);
  const { rows, total } = await runSearch(s.em, t, plan, { state: args.state ?? 'ACTIVE', tag: args.tag }, { limit, offset });
  const faqs = rows.length ? await s.em.find(Faq, { id: { $in: rows.map((r) => r.id) } }) : [];
  const byId = new Map(faqs.map((f) => [f.id, f]));
  return {
    items: rows.filter((r) => byId.has(r.id)).map((r) => ({ faq: byId.get(r.id)!, score: r.score, questionHighlight: r.questionHighlight, snippet: r.snippet })),
    pagination: pagination(page, limit, total),
    interpretedAs: plan.interpretedAs,
  };
}

/**
 * The platform object a context names must exist in this LSP now: a hub or warehouse of the event-fed network copy,
 * read after catching up with the LSP family's events (a facility made, or deleted, a moment ago counts).
 */
async function assertContextExists(s: ProviderScope, context: FaqContextInput): Promise<void> {
  if (isUuid(context.id)) {
    await syncNetwork(s.ctx.em);
    const rows = await s.ctx.em.execute<unknown[]>(`select 1 from dev.network_pricing where id = ? and workspace_id = ? and icode = ? and kind = ? limit 1`, [
      context.id,
      s.principal.workspaceId,
      s.principal.providerCode,
      context.type,
    ]);
    if (rows.length) return;
  }
  throw notFound(context.type === 'HUB' ? 'Hub' : 'Warehouse');
}

export const NETWORK_CONSUMER = 'dev.network';
export const syncNetwork = (em: EntityManager) => catchUp(em, NETWORK_CONSUMER, ['lsp.facility'], (e, tx) => applyNetworkEvent(tx, 'dev', e));

const linkOf = (s: ProviderScope, context: FaqContextInput, source: string | null | undefined) => ({
  type: context.type,
  id: context.id.toLowerCase(),
  source: source ?? null,
  linkedAt: nowDate(),
  linkedBy: s.principal.userId,
});

export async function updateFaq(s: ProviderScope, reference: string, input: FaqUpdateInput): Promise<Faq> {
  const current = await findFaq(s, reference);
  if (input.source !== undefined && !input.context) throw validationError('source', 'names the source of a context: give the context too');
  // (a PATCH that names nothing changes nothing: no new version)
  if (input.question === undefined && input.answer === undefined && input.tags === undefined && !input.context) return current;
  const tags = input.tags ? normalTags(input.tags) : undefined;
  const question = input.question !== undefined ? cleanText(input.question, 'question') : undefined;
  const answer = input.answer !== undefined ? cleanText(input.answer, 'answer') : undefined;
  if (input.context) await assertContextExists(s, input.context);
  return edited(s, reference, 'updated', (faq) => {
    if (question !== undefined) faq.question = question;
    if (answer !== undefined) faq.answer = answer;
    if (tags) faq.tags = tags;
    if (input.context) faq.contexts = withContext(faq.contexts, linkOf(s, input.context, input.source));
  });
}

export async function addFaqContext(s: ProviderScope, reference: string, input: FaqContextChangeInput): Promise<Faq> {
  await findFaq(s, reference);
  await assertContextExists(s, input.context);
  return edited(s, reference, 'context-added', (faq) => {
    faq.contexts = withContext(faq.contexts, linkOf(s, input.context, input.source));
  });
}

export async function removeFaqContext(s: ProviderScope, reference: string, input: FaqContextChangeInput): Promise<Faq> {
  return changed(s, reference, 'context-removed', (faq, tx) =>
    bumpVersion(s, tx, faq, () => {
      faq.contexts = withoutContext(faq.contexts, input.context);
    }),
  );
}

export async function changeArchiveState(s: ProviderScope, reference: string, operation: FaqArchiveOperation): Promise<Faq> {
  return changed(s, reference, operation === 'ARCHIVE' ? 'archived' : 'restored', (faq) => {
    assertUnlocked(faq);
    faq.state = archiveMove(faq.state, operation);
  });
}

export async function changeLockState(s: ProviderScope, reference: string, operation: FaqLockOperation): Promise<Faq> {
  return changed(
    s,
    reference,
    (faq) => (faq.locked ? 'locked' : 'unlocked'),
    (faq) => {
      const locked = lockMove(faq.locked, operation);
      faq.locked = locked;
      faq.lockedAt = locked ? nowDate() : null;
      faq.lockedBy = locked ? s.principal.userId : null;
    },
  );
}

/**
 * DELETE (docs/dev.md "Delete"): with a context, that link goes, and the FAQ too when it was its last link; without
 * one, the FAQ goes when it has no context link, else CONFLICT naming how many remain. Judged on the FAQ locked in the
 * transaction: of two concurrent DELETEs, the second finds it gone (NOT_FOUND), as it would after the first.
 */
export async function deleteFaq(s: ProviderScope, reference: string, input: FaqDeleteInput | undefined) {
  return s.em.transactional(async (tx) => {
    const faq = await lockFaq(tx, reference);
    assertUnlocked(faq);
    const remaining = input?.context ? withoutContext(faq.contexts, input.context) : faq.contexts;
    if (!input?.context && remaining.length) {
      throw new AppError('CONFLICT', `The FAQ is linked to ${remaining.length} object(s); name the context to remove (the FAQ goes with its last link)`);
    }
    if (remaining.length) {
      await bumpVersion(s, tx, faq, () => {
        faq.contexts = remaining;
      });
      faq.updatedAt = nowDate();
      faq.updatedBy = s.principal.userId;
      await tx.flush();
      await published(tx, faq, 'context-removed');
      return { reference: faq.reference, removed: 'CONTEXT' as const, faq };
    }
    await tx.nativeDelete(FaqVersion, { faq: faq.id });
    await tx.nativeDelete(Faq, { id: faq.id });
    await publish(tx, 'dev.faq', faq.id, faq.workspaceId, { icode: faq.icode, id: faq.id, reference: faq.reference, change: 'deleted', deleted: true });
    return { reference: faq.reference, removed: 'FAQ' as const, faq: null };
  });
}

/** The FAQs linked to one of the LSP's hubs or warehouses (a Hub's or Warehouse's `faqs`), newest first, at most 100. */
export async function faqsOf(em: EntityManager, type: 'HUB' | 'WAREHOUSE', id: string): Promise<Faq[]> {
  return em.find(Faq, { state: 'ACTIVE', ...contextFilter(type, id.toLowerCase()) }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: 100 });
}
