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
 * Everyday synonyms of a logistics support desk (docs/dev.md "Search"): a query word (or two-word phrase) stands for
 * its whole group. Groups are small and domain-specific on purpose; stemming (PostgreSQL's English dictionary) covers
 * the word forms (deliver, delivered, delivery), the correction the typos.
 */
export const SYNONYMS: readonly (readonly string[])[] = [
  ['parcel', 'package', 'shipment', 'consignment', 'packet', 'box'],
  ['track', 'trace', 'where', 'locate', 'status'],
  ['courier', 'driver', 'agent', 'rider'],
  ['price', 'cost', 'fee', 'charge', 'rate', 'tariff'],
  ['refund', 'reimburse', 'repay', 'compensation', 'money back'],
  ['damaged', 'broken', 'crushed', 'smashed'],
  ['lost', 'missing', 'disappeared'],
  ['stolen', 'theft', 'thief'],
  ['return', 'send back'],
  ['send', 'ship', 'post', 'mail'],
  ['invoice', 'bill', 'receipt'],
  ['cancel', 'stop', 'withdraw'],
  ['deliver', 'drop off', 'dropoff'],
  ['pickup', 'collect', 'collection', 'pick up'],
  ['address', 'location', 'destination'],
  ['reschedule', 'postpone', 'rebook'],
  ['customs', 'import duty', 'duties'],
  ['held', 'hold', 'detained', 'stuck', 'keep'],
  ['pay', 'payment', 'checkout'],
  ['late', 'delayed', 'delay', 'overdue'],
  ['fragile', 'breakable', 'delicate'],
  ['heavy', 'weight', 'overweight'],
  ['large', 'big', 'oversized', 'bulky'],
  ['wrong', 'incorrect', 'error', 'mistake'],
  ['insurance', 'insure', 'cover', 'coverage'],
  ['valuable', 'expensive', 'high value'],
  ['notify', 'notification', 'alert', 'webhook'],
  ['pallet', 'palette', 'skid'],
  ['warehouse', 'storage', 'depot'],
  ['phone', 'call', 'contact'],
];

const GROUP_OF = new Map<string, readonly string[]>();
for (const group of SYNONYMS) for (const w of group) GROUP_OF.set(w, group);

/** A word's entry in the synonym list: the word itself, or its singular or base form (bills → bill, keeping → keep). */
function groupKey(word: string): string | undefined {
  for (const form of [word, word.replace(/es$/, ''), word.replace(/s$/, ''), word.replace(/ing$/, ''), word.replace(/ed$/, '')]) if (GROUP_OF.has(form)) return form;
  return undefined;
}

/** Whether a word is in the synonym list (a word of the domain: never "corrected" into another word). */
export const isKnownSynonym = (word: string): boolean => groupKey(word) !== undefined;

/**
 * The query read as alternative groups: each word (or a two-word phrase of the synonym list, "send back") is a group
 * of itself and its synonyms; a phrase is one alternative written with its words (`send back`).
 */
export function alternativeGroups(words: readonly string[]): string[][] {
  const groups: string[][] = [];
  for (let i = 0; i < words.length; i++) {
    const phrase = i + 1 < words.length ? `${words[i]} ${words[i + 1]}` : '';
    if (phrase && GROUP_OF.has(phrase)) {
      groups.push([...new Set([phrase, ...GROUP_OF.get(phrase)!])]);
      i++;
      continue;
    }
    const key = groupKey(words[i]);
    groups.push(key ? [...new Set([words[i], ...GROUP_OF.get(key)!])] : [words[i]]);
  }
  return groups;
}

// ───────────────────────────── typo correction ─────────────────────────────

/**
 * The optimal string alignment distance (Damerau–Levenshtein without repeated edits of one substring): insertions,
 * deletions, substitutions and transpositions of adjacent letters each cost 1 ("refnud" → "refund" is 1).
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** Words shorter than this are never corrected (too short to tell a typo from another word). */
export const CORRECT_FROM_LENGTH = 5;

/** The most edits a word of this length may be away from its correction: 1, and 2 from 8 letters on. */
export const maxEdits = (word: string): number => (word.length >= 8 ? 2 : 1);

/**
 * The correction of a query word among the LSP's vocabulary words nearest to it (by trigrams, most similar first):
 * none when the word is known (in the vocabulary or the synonym list) or too short; else the candidate fewest edits
 * away within `maxEdits`, the more similar on a tie; none if no candidate is that close.
 */
export function correctionOf(word: string, candidates: readonly string[]): string | undefined {
  if (word.length < CORRECT_FROM_LENGTH || isKnownSynonym(word) || candidates.includes(word)) return undefined;
  let best: { term: string; edits: number } | undefined;
  for (const term of candidates) {
    const edits = editDistance(word, term);
    if (edits <= maxEdits(word) && (!best || edits < best.edits)) best = { term, edits };
  }
  return best?.term;
}

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
  return marked.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replaceAll(MARK_START, '<mark>').replaceAll(MARK_END, '</mark>');
}
