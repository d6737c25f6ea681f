import type { EntityManager } from '@mikro-orm/postgresql';
import { validationError } from '../../../kernel/errors.js';
import type { FaqState } from './enums.js';
import { alternativeGroups, correctionOf, groupQuery, highlightHtml, MARK_END, MARK_START, queryWords } from './rules.js';

/**
 * FAQ search (docs/dev.md "Search"): PostgreSQL full-text search with weights (question over tags over answer),
 * correction of misspelled words against the LSP's own vocabulary (nearest words by trigrams, pg_trgm, then the
 * fewest edits), everyday synonyms (rules.ts),
 * and highlighted snippets (ts_headline). Index-backed at every step: the vocabulary by a GiST trigram index, the FAQs
 * by a GIN index on their search vector. At most SEARCH_CANDIDATES candidates are ranked.
 */

/** Most candidates ranked: those matching every word group first, then those matching any, up to this many in all. */
export const SEARCH_CANDIDATES = 1000;
/** How many vocabulary words nearest to a query word (by trigram distance) are weighed as its correction. */
const CORRECTION_CANDIDATES = 8;

export interface Tenant {
  workspaceId: string;
  icode: string;
}

// (arrays go to PostgreSQL as JSON text: the driver layer expands a bound array into a list of parameters)

/** Adds the words of an FAQ's text to the LSP's vocabulary (the words misspellings are corrected to). */
export async function learnWords(em: EntityManager, t: Tenant, ...texts: string[]): Promise<void> {
  const words = [
    ...new Set(
      texts
        .join(' ')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [],
    ),
  ].filter((w) => w.length >= 3 && w.length <= 40);
  if (!words.length) return;
  // (in one order for every writer: two FAQs saved at once that share words wait for each other, never deadlock)
  await em.execute(`insert into dev.faq_term (workspace_id, icode, term) select ?::uuid, ?, w from jsonb_array_elements_text(?::jsonb) with ordinality x(w, n) order by n on conflict do nothing`, [
    t.workspaceId,
    t.icode,
    JSON.stringify(words.sort()),
  ]);
}

/** Each query word, or its correction among the LSP's vocabulary (rules.ts `correctionOf`). */
async function corrected(em: EntityManager, t: Tenant, words: string[]): Promise<string[]> {
  // the nearest words by trigram distance: a k-nearest-neighbour scan of the GiST index, scoped by the LSP's code
  const rows = await em.execute<{ n: string; term: string | null }[]>(
    `select w.n, t.term from jsonb_array_elements_text(?::jsonb) with ordinality w(word, n)
       left join lateral (
         select term, term <-> w.word as dist from dev.faq_term where icode = ? and workspace_id = ?::uuid order by dist limit ${CORRECTION_CANDIDATES}) t on true
      order by w.n, t.dist`,
    [JSON.stringify(words), t.icode, t.workspaceId],
  );
  const candidates = words.map(() => [] as string[]);
  for (const r of rows) if (r.term) candidates[Number(r.n) - 1].push(r.term);
  return words.map((w, i) => correctionOf(w, candidates[i]) ?? w);
}

export interface SearchPlan {
  /** The query as understood (corrected words). */
  interpretedAs: string;
  /** tsquery text: every word (or one of its synonyms) must match. Empty when the query has only stop words. */
  all: string;
  /** tsquery text: any word (or synonym) matches. */
  any: string;
  /** One tsquery text per word group (stop words dropped). */
  groups: string[];
}

/** Reads a query: words, corrections, synonym groups, normalised by PostgreSQL's English dictionary (stop words dropped). */
export async function planSearch(em: EntityManager, t: Tenant, query: string): Promise<SearchPlan> {
  const words = queryWords(query);
  if (!words.length) throw validationError('query', 'must contain a word');
  const fixed = await corrected(em, t, words);
  const groups = alternativeGroups(fixed).map(groupQuery);
  const rows = await em.execute<{ q: string }[]>(`select to_tsquery('english', g)::text as q from jsonb_array_elements_text(?::jsonb) with ordinality x(g, n) order by n`, [JSON.stringify(groups)]);
  const parts = rows.map((r) => r.q).filter((q) => q.trim() !== '');
  return { interpretedAs: fixed.join(' '), all: parts.map((p) => `(${p})`).join(' & '), any: parts.map((p) => `(${p})`).join(' | '), groups: parts };
}

export interface SearchRow {
  id: string;
  score: number;
  questionHighlight: string;
  snippet: string;
}

const HEADLINE_QUESTION = `HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`;
const HEADLINE_ANSWER = `MaxFragments=2, MaxWords=30, MinWords=12, FragmentDelimiter=" … ", StartSel=${MARK_START}, StopSel=${MARK_END}`;

/**
 * One page of results, best first. The score: the share of the query's words matched (each word or one of its
 * synonyms: 1 when all match), plus the weighted text rank (ts_rank, weights question 1.0, tags 0.4, answer 0.2), plus
 * 0.3 × the trigram word similarity of the query to the question. Also answers the number of ranked candidates
 * (`total`: the statement gives it on every row, and one row with a null id when the page is empty).
 */
export async function runSearch(
  em: EntityManager,
  t: Tenant,
  plan: SearchPlan,
  filter: { state: FaqState; tag?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: SearchRow[]; total: number }> {
  if (!plan.any) return { rows: [], total: 0 };
  const tagJson = filter.tag ? JSON.stringify([filter.tag.trim().toLowerCase()]) : null;
  const where = `f.workspace_id = ?::uuid and f.icode = ? and f.state = ? and (?::jsonb is null or f.tags @> ?::jsonb)`;
  const tenant = [t.workspaceId, t.icode, filter.state, tagJson, tagJson];
  const rows = await em.execute<{ id: string | null; score: number; total: string; hq: string | null; snippet: string | null }[]>(
    `with q as (select ?::tsquery as any_q, (select array_agg(g::tsquery) from jsonb_array_elements_text(?::jsonb) g) as groups),
     cand_all as (select f.id from dev.faq f where ${where} and f.search @@ ?::tsquery limit ${SEARCH_CANDIDATES}),
     cand as (
       select id from cand_all
       union all
       (select f.id from dev.faq f where ${where} and f.search @@ ?::tsquery and f.id not in (select id from cand_all)
         limit (select ${SEARCH_CANDIDATES} - count(*) from cand_all))
     ),
     ranked as (
       select f.id, f.reference,
              (select count(*) from unnest(q.groups) g where f.search @@ g)::float8 / ?
                + ts_rank('{0.1, 0.2, 0.4, 1.0}', f.search, q.any_q) + 0.3 * word_similarity(?, f.question) as score
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
    // (the tsqueries are bound in the candidate queries themselves, not read from the CTE: the planner sees them and
    // reads a small LSP's rows by its code instead of every LSP's GIN entries)
    [plan.any, JSON.stringify(plan.groups), ...tenant, plan.all || plan.any, ...tenant, plan.any, plan.groups.length, plan.interpretedAs, page.limit, page.offset],
  );
  const total = Number(rows[0]?.total ?? 0);
  return {
    total,
    rows: rows
      .filter((r) => r.id)
      .map((r) => ({ id: r.id!, score: Math.round(Number(r.score) * 10_000) / 10_000, questionHighlight: highlightHtml(r.hq ?? ''), snippet: highlightHtml(r.snippet ?? '') })),
  };
}
