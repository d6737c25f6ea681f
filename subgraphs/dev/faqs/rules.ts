import { AppError, collectionFull, validationError } from '../../../kernel/errors.js';
import { crockford } from '../../../kernel/ids.js';
import type { FaqArchiveOperation, FaqContextType, FaqLockOperation, FaqState } from './enums.js';

/** The FAQ rules (docs/dev.md "FAQs"), pure: unit-tested in test/unit/faqs.test.ts. */

// ───────────────────────────── references, versions, tags ─────────────────────────────

/** A new FAQ reference: `FAQ-` + 10 Crockford base32 characters. */
export const newFaqReference = (): string => `FAQ-${crockford(10)}`;

/** A reference as REST may write it (any case, spaces around): the stored spelling. */
export const normalReference = (reference: string): string => reference.trim().toUpperCase();

/** The version after one edit: the last dotted number plus one (`1` → `2`, `1.0` → `1.1`, `2.3.9` → `2.3.10`). */
export function nextVersion(version: string): string {
  const parts = version.split('.');
  parts[parts.length - 1] = String(Number(parts[parts.length - 1]) + 1);
  return parts.join('.');
}

/** Tags as stored: trimmed, lower case, without duplicates, in the order given. */
export function normalTags(tags: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const t of tags ?? []) {
    const tag = t.trim().replace(/\s+/g, ' ').toLowerCase();
    if (!tag) throw validationError('tags', 'a tag must not be blank');
    if (!out.includes(tag)) out.push(tag);
  }
  return out;
}

/** The characters the search uses as highlight markers (⟦ ⟧, U+27E6 and U+27E7): never part of stored text. */
export const MARK_START = '\u27E6';
export const MARK_END = '\u27E7';
const MARKERS = /[\u27E6\u27E7]/g;

/** Question or answer text as stored: trimmed, without the highlight markers; blank is refused naming `field`. */
export function cleanText(text: string, field: string): string {
  const clean = text.replace(MARKERS, '').trim();
  if (!clean) throw validationError(field, 'must not be blank');
  return clean;
}

// ───────────────────────────── states ─────────────────────────────

/**
 * The archive state machine: ARCHIVE moves ACTIVE → ARCHIVED, RESTORE moves ARCHIVED → ACTIVE; any other move (an
 * archived FAQ archived again) is a CONFLICT naming the state.
 */
export function archiveMove(state: FaqState, operation: FaqArchiveOperation): FaqState {
  const [from, to]: [FaqState, FaqState] = operation === 'ARCHIVE' ? ['ACTIVE', 'ARCHIVED'] : ['ARCHIVED', 'ACTIVE'];
  if (state !== from) throw new AppError('CONFLICT', `The FAQ is ${state}; ${operation.toLowerCase()} needs it ${from}`);
  return to;
}

/** The lock: LOCK needs it unlocked, UNLOCK locked; otherwise a CONFLICT. */
export function lockMove(locked: boolean, operation: FaqLockOperation): boolean {
  const wantLocked = operation === 'LOCK';
  if (locked === wantLocked) throw new AppError('CONFLICT', `The FAQ is already ${locked ? 'locked' : 'unlocked'}`);
  return wantLocked;
}

/** A locked FAQ refuses every change but unlock. */
export function assertUnlocked(faq: { locked: boolean; reference: string }): void {
  if (faq.locked) throw new AppError('FAQ_LOCKED', `FAQ ${faq.reference} is locked; unlock it first`);
}

// ───────────────────────────── context links ─────────────────────────────

export const MAX_CONTEXTS = 50;

export interface ContextLink {
  type: FaqContextType;
  id: string;
  source?: string | null;
  linkedAt: Date;
  linkedBy: string;
}

const sameObject = (a: { type: string; id: string }, b: { type: string; id: string }) => a.type === b.type && a.id.toLowerCase() === b.id.toLowerCase();

/** The links with `link` added, or its source changed when the FAQ is linked to that object already. */
export function withContext(contexts: readonly ContextLink[], link: ContextLink): ContextLink[] {
  const at = contexts.findIndex((c) => sameObject(c, link));
  if (at >= 0) return contexts.map((c, i) => (i === at ? { ...c, source: link.source ?? c.source ?? null, linkedAt: link.linkedAt, linkedBy: link.linkedBy } : c));
  if (contexts.length >= MAX_CONTEXTS) throw collectionFull('context', `an FAQ has at most ${MAX_CONTEXTS} context links`);
  return [...contexts, { ...link, source: link.source ?? null }];
}

/** The links without the one to `object`; NOT_FOUND when the FAQ is not linked to it. */
export function withoutContext(contexts: readonly ContextLink[], object: { type: string; id: string }): ContextLink[] {
  if (!contexts.some((c) => sameObject(c, object))) throw new AppError('NOT_FOUND', `The FAQ is not linked to ${object.type} ${object.id}`);
  return contexts.filter((c) => !sameObject(c, object));
}

// ───────────────────────────── search ─────────────────────────────

/** Most words of a query the search reads (the rest are ignored). */
export const MAX_QUERY_WORDS = 12;

/** The words of a query: lower case, letters and digits (any script), at most MAX_QUERY_WORDS, without repeats. */
export function queryWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/**
 * Everyday synonyms of a logistics support desk (docs/dev.md "Search"): a query word stands for its whole group.
 * Groups are small and domain-specific on purpose; stemming (PostgreSQL's English dictionary) covers the word forms
 * (deliver, delivered, delivery), trigram correction the typos.
 */
export const SYNONYMS: readonly (readonly string[])[] = [
  ['parcel', 'package', 'shipment', 'consignment', 'packet'],
  ['track', 'trace', 'where', 'locate', 'status'],
  ['courier', 'driver', 'agent', 'rider'],
  ['price', 'cost', 'fee', 'charge', 'rate', 'tariff'],
  ['refund', 'reimburse', 'repay', 'compensation'],
  ['damaged', 'broken', 'crushed', 'smashed'],
  ['lost', 'missing', 'disappeared'],
  ['return', 'send back'],
  ['invoice', 'bill', 'receipt'],
  ['cancel', 'stop', 'withdraw'],
  ['deliver', 'drop off', 'dropoff'],
  ['pickup', 'collect', 'collection', 'pick up'],
  ['address', 'location', 'destination'],
  ['reschedule', 'postpone', 'rebook'],
  ['customs', 'import duty', 'duties'],
  ['pay', 'payment', 'checkout'],
  ['late', 'delayed', 'delay', 'overdue'],
  ['fragile', 'breakable', 'delicate'],
  ['heavy', 'weight', 'overweight'],
  ['pallet', 'palette', 'skid'],
  ['warehouse', 'storage', 'depot'],
  ['phone', 'call', 'contact'],
];

const GROUP_OF = new Map<string, readonly string[]>();
for (const group of SYNONYMS) for (const w of group) if (!w.includes(' ')) GROUP_OF.set(w, group);

/** The alternatives a query word stands for: itself and its synonyms (phrases as their words). */
export function alternativesOf(word: string): string[] {
  const group = GROUP_OF.get(word);
  return group ? [...new Set([word, ...group])] : [word];
}

/** Whether a word is in the synonym list (a word of the domain: never "corrected" into another word). */
export const isKnownSynonym = (word: string): boolean => GROUP_OF.has(word);

/**
 * A tsquery text for one alternative group: each alternative is a word (`'parcel'`) or a phrase of words
 * (`'send' <-> 'back'`), joined by `|`. The words are letters and digits only (queryWords), so quoting is enough.
 */
export function groupQuery(alternatives: readonly string[]): string {
  return alternatives
    .map((a) =>
      a
        .split(' ')
        .map((w) => `'${w.replace(/'/g, '')}'`)
        .join(' <-> '),
    )
    .map((a) => (a.includes('<->') ? `(${a})` : a))
    .join(' | ');
}

/** HTML of a highlighted text: everything escaped, the search's markers (MARK_START, MARK_END) as `<mark>`, `</mark>`. */
export function highlightHtml(marked: string): string {
  return marked
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>');
}
