import type { EntityManager } from '@mikro-orm/postgresql';
import { validationError } from '../../../kernel/errors.js';
import type { FaqState } from './enums.js';
import { alternativesOf, groupQuery, highlightHtml, isKnownSynonym, MARK_END, MARK_START, queryWords } from './rules.js';

/**
 * FAQ search (docs/dev.md "Search"): PostgreSQL full-text search with weights (question over tags over answer),
 * trigram correction of misspelled words against the LSP's own vocabulary (pg_trgm), everyday synonyms (rules.ts),
 * and highlighted snippets (ts_headline). Index-backed at every step: the vocabulary by a GiST trigram index, the FAQs
 * by a GIN index on their search vector. At most SEARCH_CANDIDATES matches of each phase are ranked.
 */

/** Most matches of each phase (all words, any word) that are ranked. */
export const SEARCH_CANDIDATES = 1000;
/** A misspelled word is replaced by the nearest word of the LSP's FAQs when their trigram similarity reaches this. */
export const CORRECTION_SIMILARITY = 0.45;
/** Words shorter than this are never corrected (too few trigrams to tell a typo from another word). */
const CORRECT_FROM_LENGTH = 4;

export interface Tenant {
  workspaceId: string;
  icode: string;
}

// (arrays go to PostgreSQL as JSON text: the driver layer expands a bound array into a list of parameters)

/** Adds the words of an FAQ's text to the LSP's vocabulary (the words misspellings are corrected to). */
export async function learnWords(em: EntityManager, t: Tenant, ...texts: string[]): Promise<void> {
  const words = [...new Set(texts.join(' ').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].filter((w) => w.length >= 3 && w.length <= 40);
  if (!words.length) return;
  await em.execute(`insert into dev.faq_term (workspace_id, icode, term) select distinct ?::uuid, ?, w from jsonb_array_elements_text(?::jsonb) w on conflict do nothing`, [t.workspaceId, t.icode, JSON.stringify(words)]);
}

/** Each query word, or the nearest word of the LSP's vocabulary when it looks misspelled. */
async function corrected(em: EntityManager, t: Tenant, words: string[]): Promise<string[]> {
  const rows = await em.execute<{ word: string; term: string | null; sim: number | null }[]>(
    `select w.word, t.term, t.sim from jsonb_array_elements_text(?::jsonb) with ordinality w(word, n)
       left join lateral (
         select term, similarity(term, w.word) as sim from dev.faq_term
          where icode = ? and workspace_id = ?::uuid and term % w.word
          order by term <-> w.word limit 1) t on true
      order by w.n`,
    [JSON.stringify(words), t.icode, t.workspaceId],
  );
  return rows.map((r) => {
    if (r.word.length < CORRECT_FROM_LENGTH || isKnownSynonym(r.word) || !r.term || r.term === r.word) return r.word;
    return Number(r.sim) >= CORRECTION_SIMILARITY ? r.term : r.word;
  });
}

export interface SearchPlan {
  /** The query as understood (corrected words). */
  interpretedAs: string;
  /** tsquery text: every word (or one of its synonyms) must match. Empty when the query has only stop words. */
  all: string;
  /** tsquery text: any word (or synonym) matches. */
  any: string;
}

/** Reads a query: words, corrections, synonym groups, normalised by PostgreSQL's English dictionary (stop words dropped). */
export async function planSearch(em: EntityManager, t: Tenant, query: string): Promise<SearchPlan> {
  const words = queryWords(query);
  if (!words.length) throw validationError('query', 'must contain a word');
  const fixed = await corrected(em, t, words);
  const groups = fixed.map((w) => groupQuery(alternativesOf(w)));
  const rows = await em.execute<{ q: string }[]>(`select to_tsquery('english', g)::text as q from jsonb_array_elements_text(?::jsonb) with ordinality x(g, n) order by n`, [JSON.stringify(groups)]);
  const parts = rows.map((r) => r.q).filter((q) => q.trim() !== '');
  return { interpretedAs: fixed.join(' '), all: parts.map((p) => `(${p})`).join(' & '), any: parts.map((p) => `(${p})`).join(' | ') };
}

export interface SearchRow {
  id: string;
  score: number;
  total: number;
  questionHighlight: string;
  snippet: string;
}

const HEADLINE_QUESTION = `HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`;
const HEADLINE_ANSWER = `MaxFragments=2, MaxWords=30, MinWords=12, FragmentDelimiter=" … ", StartSel=${MARK_START}, StopSel=${MARK_END}`;

/**
 * One page of results, best first. The score: 1 when every word (or a synonym) matches, plus the weighted text rank
 * (ts_rank, weights question 1.0, tags 0.4, answer 0.2), plus 0.3 × the trigram word similarity of the query to the
 * question. Also answers the number of ranked candidates (`total`, on every row; one row with a null id when the page is
 * empty).
 */
export async function runSearch(em: EntityManager, t: Tenant, plan: SearchPlan, filter: { state: FaqState; tag?: string }, page: { limit: number; offset: number }): Promise<{ rows: SearchRow[]; total: number }> {
  if (!plan.any) return { rows: [], total: 0 };
  const tagJson = filter.tag ? JSON.stringify([filter.tag.trim().toLowerCase()]) : null;
  const where = `f.workspace_id = ?::uuid and f.icode = ? and f.state = ? and (?::jsonb is null or f.tags @> ?::jsonb)`;
  const tenant = [t.workspaceId, t.icode, filter.state, tagJson, tagJson];
  const rows = await em.execute<{ id: string | null; score: number; total: string; hq: string | null; snippet: string | null }[]>(
    `with q as (select ?::tsquery as all_q, ?::tsquery as any_q),
     cand as (
       (select f.id from dev.faq f, q where ${where} and f.search @@ q.all_q limit ${SEARCH_CANDIDATES})
       union
       (select f.id from dev.faq f, q where ${where} and f.search @@ q.any_q limit ${SEARCH_CANDIDATES})
     ),
     ranked as (
       select f.id, f.reference,
              (case when f.search @@ q.all_q then 1 else 0 end) + ts_rank('{0.1, 0.2, 0.4, 1.0}', f.search, q.any_q) + 0.3 * word_similarity(?, f.question) as score
         from cand join dev.faq f on f.id = cand.id, q
     ),
     page as (select id, reference, score from ranked order by score desc, reference limit ? offset ?)
     select p.id, p.score, c.total,
            ts_headline('english', f.question, q.any_q, '${HEADLINE_QUESTION}') as hq,
            ts_headline('english', f.answer, q.any_q, '${HEADLINE_ANSWER}') as snippet
       from (select count(*) as total from cand) c
       left join page p on true
       left join dev.faq f on f.id = p.id
       cross join q
      order by p.score desc nulls last, p.reference`,
    [plan.all || plan.any, plan.any, ...tenant, ...tenant, plan.interpretedAs, page.limit, page.offset],
  );
  const total = Number(rows[0]?.total ?? 0);
  return {
    total,
    rows: rows
      .filter((r) => r.id)
      .map((r) => ({ id: r.id!, score: Math.round(Number(r.score) * 10_000) / 10_000, total, questionHighlight: highlightHtml(r.hq ?? ''), snippet: highlightHtml(r.snippet ?? '') })),
  };
}
