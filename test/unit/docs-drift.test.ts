import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadConfig } from '../../kernel/config.js';
import { ERROR_CODES } from '../../kernel/errors.js';
import { routes } from '../../rest-bridge/routes/index.js';
import { openApiDocument } from '../../rest-bridge/openapi.js';

/**
 * Docs that cannot drift (issue 32, item 2). The OpenAPI document is generated from the implementation, so it cannot
 * tell a route that drifted from its docs; this test holds the docs (docs/*.md and the README) to that document and to
 * the source, so a doc that shows another answer than the platform's fails here rather than in a new user's hands.
 * Pure: reads the files and builds the document in-process, as openapi-examples.test.ts does.
 *
 * The conventions (markers are HTML comments: invisible when the page is rendered):
 *
 * 1. **Answer examples.** Every fenced ```json block is JSON (an elision is written `"…"`, so nothing hides in a
 *    block that does not parse). One whose top-level keys include `error` or `success` is a REST answer and carries,
 *    on the line just before its fence, `<!-- answer: METHOD /path STATUS -->` (path parameters as `:name`). It must
 *    be valid against that route's response schema for that status, read strictly: an object has no field the schema
 *    does not name, and the envelope's constant keys (`error`, `status`, `success`) are present. A key `"…"` stands
 *    for the fields left out (the object's other required fields may then be missing) and a value `"…"` for a value
 *    left out. `<!-- request: METHOD /path -->` holds a block to the route's request body schema;
 *    `<!-- not an answer -->` exempts a block that only looks like an answer. A shell block's comment
 *    `# <status> {…}` on a curl command's line is an answer too: its route is the command's (`-X`, else POST with a
 *    body, else GET; the URL after `$B`).
 * 2. **Fields named in tables.** Every table with an "Answer" or "Success" column whose rows name a route (a
 *    `METHOD /path` cell, or Method and Path columns) is read row by row: the field sets in `{…}` (in code), the
 *    backticked field names and the `<FAMILY>::<RESULT>` statuses of the answer cell must exist in that route's answer
 *    (status: a leading `201`, else the route's success); the `{…}` sets of a "Body" column in its request body.
 *    `<!-- answer-fields: rows [METHOD] [under /prefix] -->` before such a table gives the method and prefix its rows
 *    leave out. A table that lists the fields of one answer carries `<!-- answer-fields: METHOD /path [STATUS] -->`
 *    (the names in its first column) or `<!-- answer-fields: METHOD /path [STATUS] header -->` (the backticked names of
 *    its header row). A field exists when some object of the schema has it as a property; a dotted name
 *    (`metrics.successRate`, or a nested `{b: {c}}`) when the path resolves from such an object, looking through
 *    `$ref`, `allOf`/`oneOf`/`anyOf` and arrays' `items`, and past a free JSON object (whose keys the schema cannot list).
 * 3. **Quoted messages.** A quote (`"…"`, `“…”`, or a code span that reads as a sentence) is a message the platform
 *    writes when it comes within 80 characters after an error code (kernel/errors.ts), an HTTP error status (4xx, 5xx)
 *    or the word "message"; right after the word "error" or "reason", or after a field in code and a comma
 *    (`` `services.<i>.serviceId`, "service … not found" ``); in a table column headed "error" or "message"; or as the
 *    `"message"` of a JSON or shell example. It must match a string literal or template of kernel/, subgraphs/,
 *    gateway/ or rest-bridge/: `…`, `...` and `<x>` in the doc and `${…}` in the code stand for anything, but a code
 *    wildcard stands for a value (a word, a number, a code), and prose in its place must be written by the code too;
 *    `field: reason` also matches a code literal `reason` (kernel/errors.ts `validationError` and `collectionFull`
 *    write `${field}: ${message}`). Not a message of the platform: a quote written after "e.g." or "for example" (an
 *    illustration), or after the marker `<!-- not ours -->` (another program's message: Apollo's, graphql-js's); a
 *    quote that names a heading or a bold lead of the docs (a cross-reference: "Rate limits", "A full collection");
 *    and a quote that elides all but its field (`"profileVisibility: …"`).
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOC_FILES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const DOCS = DOC_FILES.map((file) => ({ file, text: read(file) }));

type Schema = Record<string, unknown>;
interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
const doc = openApiDocument(routes, loadConfig({ DATA_DIR: '/tmp/docs-drift-unit', JWT_SECRET: 'x'.repeat(32), INTERNAL_SECRET: 'y'.repeat(32) })) as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

// ---------------------------------------------------------------------------------------------------------------------
// Routes: a docs path (`/v1/lsp/fleets/:id`, `$B/v1/users/$ID`) to the document's operation
// ---------------------------------------------------------------------------------------------------------------------

const isParam = (segment: string) => /^(?::\w+|\{\w+\}|\$\{?\w+\}?)$/.test(segment);
const segments = (path: string) =>
  path
    .replace(/[?#].*$/, '')
    .replace(/(.)\/+$/, '$1')
    .split('/');

/** The operation a docs route names: literal segments first (`/areas/:id/link` is not `/areas/{id}/{type}`). */
function operationOf(method: string, path: string): { route: string; op: Operation } | undefined {
  const wanted = segments(path);
  let best: { route: string; op: Operation; literals: number } | undefined;
  for (const [template, methods] of Object.entries(doc.paths)) {
    const op = methods[method.toLowerCase()];
    const have = segments(template);
    if (!op || have.length !== wanted.length) continue;
    let literals = 0;
    const fits = have.every((h, i) => {
      if (isParam(h)) return true; // a template parameter takes a docs parameter or a value (`/pricing/add`)
      if (h !== wanted[i]) return false;
      literals++;
      return true;
    });
    if (fits && (!best || literals > best.literals)) best = { route: `${method} ${template}`, op, literals };
  }
  return best;
}

const successStatus = (op: Operation) => Object.keys(op.responses).find((s) => s.startsWith('2'));
const answerSchema = (op: Operation, status: string) => op.responses[status]?.content?.['application/json']?.schema;
const requestSchema = (op: Operation) => op.requestBody?.content['application/json']?.schema;

const deref = (s: unknown): Schema | undefined => {
  let schema = s as Schema | undefined;
  for (let i = 0; schema && typeof schema.$ref === 'string' && i < 10; i++) schema = doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')];
  return schema;
};

// ---------------------------------------------------------------------------------------------------------------------
// Markdown: fences, paragraphs, tables, code spans
// ---------------------------------------------------------------------------------------------------------------------

interface Fence {
  file: string;
  line: number;
  lang: string;
  body: string[];
  marker: string | undefined;
}
const MARKER = /^\s*<!--\s*(.+?)\s*-->\s*$/;

/** Every fenced block of a page, with the marker comment on the line before its fence (if any). */
function fencesOf(file: string, text: string): Fence[] {
  const lines = text.split('\n');
  const out: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[i]);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && !new RegExp(`^\\s*${open[1]}\\s*$`).test(lines[end])) end++;
    out.push({ file, line: i + 1, lang: open[2], body: lines.slice(i + 1, end), marker: MARKER.exec(lines[i - 1] ?? '')?.[1] });
    i = end;
  }
  return out;
}

/** The page's lines outside fenced blocks (fenced lines blanked, so line numbers stay). */
function proseLines(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const mark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (mark?.[0] === fence[0] && mark.length >= fence.length && line.trim() === mark) fence = undefined;
      return '';
    }
    if (mark) {
      fence = mark;
      return '';
    }
    return line;
  });
}

interface Paragraph {
  text: string;
  lineAt: (offset: number) => number;
  /** A table cell under a header that says "error" or "message". */
  messageColumn?: boolean;
}
/** Paragraphs (blank-line separated; not tables), joined to one line as Markdown reads them. */
function paragraphsOf(text: string): Paragraph[] {
  const out: Paragraph[] = [];
  let start = -1;
  const lines = proseLines(text);
  const push = (from: number, to: number) => {
    const parts = lines.slice(from, to).map((l) => l.trim());
    const ends = parts.map((_, i) => parts.slice(0, i + 1).join(' ').length);
    out.push({ text: parts.join(' '), lineAt: (offset) => from + 1 + ends.findIndex((end) => offset < end) });
  };
  const flush = (end: number) => {
    if (start >= 0) push(start, end);
    start = -1;
  };
  lines.forEach((line, i) => {
    if (line.trim() === '' || line.trimStart().startsWith('|')) flush(i);
    if (!line.trimStart().startsWith('|') && line.trim() !== '' && start < 0) start = i;
  });
  flush(lines.length);
  return out;
}

/** A table row's cells (`\|` is a pipe inside a cell). */
const cellsOf = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.replace(/\\\|/g, '|').trim());

interface Table {
  file: string;
  line: number;
  header: string[];
  rows: { line: number; cells: string[] }[];
  marker: string | undefined;
}
function tablesOf(file: string, text: string): Table[] {
  const lines = proseLines(text);
  const out: Table[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trimStart().startsWith('|') || !/^\s*\|[\s:|-]+\|\s*$/.test(lines[i + 1] ?? '')) continue;
    const table: Table = { file, line: i + 1, header: cellsOf(lines[i]), rows: [], marker: MARKER.exec(lines[i - 1] ?? '')?.[1] };
    let j = i + 2;
    for (; j < lines.length && lines[j].trimStart().startsWith('|'); j++) table.rows.push({ line: j + 1, cells: cellsOf(lines[j]) });
    out.push(table);
    i = j;
  }
  return out;
}

const codeSpans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1].trim());

// ---------------------------------------------------------------------------------------------------------------------
// 1. Answer examples
// ---------------------------------------------------------------------------------------------------------------------

const ELIDED = '…';
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
// `required`, unless the example says it left fields out (a key "…")
const requiredUnlessElided = (required: string[], data: Record<string, unknown>): boolean => {
  const missing = ELIDED in data ? [] : required.filter((k) => !(k in data));
  requiredUnlessElided.errors = missing.map((k) => ({ keyword: 'required', message: `must have required property '${k}'`, params: { missingProperty: k } }));
  return missing.length === 0;
};
requiredUnlessElided.errors = [] as { keyword: string; message: string; params: object }[];
ajv.addKeyword({ keyword: 'requiredUnlessElided', type: 'object', schemaType: 'array', errors: true, validate: requiredUnlessElided });

/**
 * An answer schema read strictly: the generated document leaves answer objects open (a client must ignore a field it
 * does not know), but a docs example that names a field the answer does not have is exactly the drift to catch.
 */
function strict(schema: Schema, root = true): Schema {
  const s: Schema = { ...(deref(schema) ?? schema) };
  delete s.$ref;
  for (const k of ['allOf', 'oneOf', 'anyOf'] as const) if (Array.isArray(s[k])) s[k] = (s[k] as Schema[]).map((b) => strict(b, false));
  const elidable = (p: Schema) => ({ anyOf: [strict(p, false), { const: ELIDED }] });
  if (s.items && typeof s.items === 'object') s.items = elidable(s.items as Schema);
  if (s.properties) {
    const props = s.properties as Record<string, Schema>;
    s.properties = { [ELIDED]: {}, ...Object.fromEntries(Object.entries(props).map(([k, p]) => [k, elidable(p)])) };
    if (s.additionalProperties === undefined) s.additionalProperties = false;
    const required = [...((s.required as string[] | undefined) ?? []), ...(root ? Object.keys(props).filter((k) => 'const' in props[k]) : [])];
    delete s.required;
    if (required.length) s.requiredUnlessElided = required;
  }
  return s;
}

const validate = (schema: Schema, value: unknown): string[] => {
  const check = ajv.compile({ ...schema, components: doc.components });
  if (check(value)) return [];
  // the branches of the "…" wrapper say the same thing twice: keep the innermost messages
  return [...new Set(check.errors!.filter((e) => e.keyword !== 'anyOf' && !(e.keyword === 'const' && e.params.allowedValue === ELIDED)).map((e) => `${e.instancePath || '/'} ${e.message}`))];
};

/** A REST answer: an object with the envelope's `error` (generic, result-code) or `success` (users, auth). */
const looksLikeAnswer = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v) && ('error' in v || 'success' in v);

interface Example {
  where: string;
  kind: 'answer' | 'request';
  method: string;
  path: string;
  status: string | undefined;
  value: unknown;
}

/** The examples of the pages, and what is wrong with how they are written (an untagged answer, a bad marker). */
function examplesOf(pages: { file: string; text: string }[]): { examples: Example[]; problems: string[] } {
  const examples: Example[] = [];
  const problems: string[] = [];
  for (const { file, text } of pages) {
    for (const fence of fencesOf(file, text)) {
      const where = `${file}:${fence.line}`;
      if (fence.lang === 'json') {
        let value: unknown;
        try {
          value = JSON.parse(fence.body.join('\n'));
        } catch (e) {
          problems.push(`${where}: not JSON (${(e as Error).message}); write an elision as "…"`);
          continue;
        }
        const m = /^(answer|request):\s*(GET|POST|PUT|PATCH|DELETE)\s+(\S+)(?:\s+(\d{3}))?$/.exec(fence.marker ?? '');
        if (fence.marker === 'not an answer') continue;
        if (m) examples.push({ where, kind: m[1] as Example['kind'], method: m[2], path: m[3], status: m[4], value });
        else if (fence.marker?.startsWith('answer') || fence.marker?.startsWith('request')) problems.push(`${where}: the marker "${fence.marker}" does not read as "answer: METHOD /path STATUS"`);
        else if (looksLikeAnswer(value)) problems.push(`${where}: a REST answer without a marker (<!-- answer: METHOD /path STATUS --> on the line before the fence)`);
      }
      if (['bash', 'sh', 'shell', ''].includes(fence.lang)) {
        fence.body.forEach((line, i) => {
          const answer = /#\s*(\d{3})\s+(\{.*\})\s*$/.exec(line);
          if (!answer) return;
          let first = i;
          while (first > 0 && fence.body[first - 1].trimEnd().endsWith('\\')) first--;
          const command = fence.body.slice(first, i + 1).join(' ');
          const url = /\$\{?B\}?(\/[^\s"'\\]*)/.exec(command)?.[1];
          const method = /-X\s+([A-Z]+)/.exec(command)?.[1] ?? (/\s(?:-d|--data|-F)\s/.test(command) ? 'POST' : 'GET');
          const lineWhere = `${file}:${fence.line + 1 + i}`;
          if (!url) return problems.push(`${lineWhere}: an answer comment on a command with no $B URL`);
          try {
            examples.push({ where: lineWhere, kind: 'answer', method, path: url, status: answer[1], value: JSON.parse(answer[2]) });
          } catch (e) {
            problems.push(`${lineWhere}: the answer is not JSON (${(e as Error).message})`);
          }
        });
      }
    }
  }
  return { examples, problems };
}

/** What is wrong with an example: its route, its status, or its fields and values. */
function exampleDrift(e: Example): string[] {
  const found = operationOf(e.method, e.path);
  if (!found) return [`${e.where}: no route ${e.method} ${e.path} in the OpenAPI document`];
  if (e.kind === 'request') {
    const schema = requestSchema(found.op);
    return schema ? validate(schema, e.value).map((m) => `${e.where} (request of ${found.route}): ${m}`) : [`${e.where}: ${found.route} takes no JSON body`];
  }
  const status = e.status ?? successStatus(found.op)!;
  const schema = answerSchema(found.op, status);
  if (!schema) return [`${e.where}: ${found.route} documents no ${status} answer`];
  return validate(strict(schema), e.value).map((m) => `${e.where} (${found.route} ${status}): ${m}`);
}

// ---------------------------------------------------------------------------------------------------------------------
// 2. Fields named in tables
// ---------------------------------------------------------------------------------------------------------------------

/**
 * The field paths a brace set names: `{a, b?: {c}, d: [{e}], f {g}}` → a, b, b.c, d, d.e, f, f.g. A value that is not a
 * set (a type, a literal, `X | Y`, a tuple `[lat, lng]`) names no field; a spread (`…figures`) and a quoted key (a
 * map's key pattern) name none either.
 */
function setFields(text: string): string[][] {
  const out: string[][] = [];
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  /** Past a value or a token up to the next `,` or closing bracket of this level. */
  const skip = () => {
    let depth = 0;
    let quote: string | undefined;
    for (; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === quote) quote = undefined;
      } else if (c === '"' || c === "'") quote = c;
      else if ('{[('.includes(c)) depth++;
      else if ('}])'.includes(c)) {
        if (depth === 0) return;
        depth--;
      } else if (c === ',' && depth === 0) return;
    }
  };
  const set = (prefix: string[] | undefined) => {
    i++; // `{`
    for (;;) {
      ws();
      if (i >= text.length) return;
      if (text[i] === '}') {
        i++;
        return;
      }
      if (text[i] === ',' || text[i] === ']' || text[i] === ')') {
        i++; // a stray closing bracket: the set is not well written, read on
        continue;
      }
      const start = i;
      const key = /^([A-Za-z_$][\w$]*)\??(?:\[\])?/.exec(text.slice(i));
      const path = key && prefix ? [...prefix, key[1]] : undefined;
      if (key) {
        if (path) out.push(path);
        i += key[0].length;
      } else if (text[i] === '"' || text[i] === "'") {
        const close = text.indexOf(text[i], i + 1);
        i = close < 0 ? text.length : close + 1;
      } else skip(); // a spread, an ellipsis
      ws();
      if (text[i] === ':') {
        i++;
        ws();
      }
      if (text[i] === '{') set(path);
      else if (
        text[i] === '[' &&
        text
          .slice(i + 1)
          .trimStart()
          .startsWith('{')
      ) {
        i = text.indexOf('{', i);
        set(path);
        skip();
        if (text[i] === ']') i++;
      }
      skip();
      if (i === start) i++;
    }
  };
  for (i = text.indexOf('{'); i >= 0 && i < text.length; i = text.indexOf('{', i)) set([]);
  return out;
}

/** The object forms a schema takes: itself, its combinators' branches, and (for an array) its items'. */
function views(schema: unknown, seen = new Set<unknown>()): Schema[] {
  const s = deref(schema);
  if (!s || seen.has(s)) return [];
  seen.add(s);
  const out = [s];
  for (const k of ['allOf', 'oneOf', 'anyOf'] as const) for (const b of (s[k] as Schema[] | undefined) ?? []) out.push(...views(b, seen));
  if (s.items) out.push(...views(s.items, seen));
  return out;
}
const isFreeObject = (s: Schema) => !s.properties && (s.additionalProperties === true || (typeof s.additionalProperties === 'object' && !deref(s.additionalProperties)?.properties));

/** Every schema reachable from `schema` (through properties, items, combinators, `$ref`s). */
function allSchemas(schema: unknown, seen = new Set<Schema>()): Schema[] {
  for (const v of views(schema)) {
    if (seen.has(v)) continue;
    seen.add(v);
    for (const p of Object.values((v.properties as Record<string, Schema> | undefined) ?? {})) allSchemas(p, seen);
    if (typeof v.additionalProperties === 'object') allSchemas(v.additionalProperties, seen);
  }
  return [...seen];
}

/** Whether some object of `schema` has the property path (past a free object, any key goes). */
function hasField(schema: Schema, path: string[]): boolean {
  return allSchemas(schema).some((start) => {
    let here: Schema[] = [start];
    for (const [n, key] of path.entries()) {
      const next: Schema[] = [];
      for (const v of here.flatMap((h) => views(h))) {
        const p = (v.properties as Record<string, Schema> | undefined)?.[key];
        if (p) next.push(p);
        else if (n > 0 && isFreeObject(v)) return true;
        else if (n > 0 && typeof v.additionalProperties === 'object') next.push(v.additionalProperties as Schema);
      }
      if (!next.length) return false;
      here = next;
    }
    return true;
  });
}

/** The status values a route's answer writes (`status`'s const or enum). */
const statusValues = (schema: Schema) =>
  views((deref(schema)?.properties as Record<string, Schema> | undefined)?.status).flatMap((s) => [...(s.const !== undefined ? [s.const] : []), ...((s.enum as unknown[] | undefined) ?? [])]);

const FIELD_NAME = /^[a-z_][\w]*(?:\.(?:[\w]+|<\w+>))*\??$/;
/** A name as a path: `capacities.<i>.type` → capacities, type (`<i>` is an index). */
const pathOf = (name: string) =>
  name
    .replace(/\?$/, '')
    .split('.')
    .filter((s) => !s.startsWith('<'));

interface FieldClaim {
  where: string;
  kind: 'answer' | 'request';
  route: string;
  schema: Schema | undefined;
  path?: string[];
  status?: string;
}

/** The field (and status) claims of the docs' tables, and the tables that could not be read. */
function tableClaims(pages: { file: string; text: string }[]): { claims: FieldClaim[]; problems: string[]; tables: number; rowsWithoutRoute: number } {
  const claims: FieldClaim[] = [];
  const problems: string[] = [];
  let tables = 0;
  let rowsWithoutRoute = 0;
  for (const { file, text } of pages) {
    for (const table of tablesOf(file, text)) {
      const marker = /^answer-fields:\s*(.*)$/.exec(table.marker ?? '')?.[1];
      const answerColumn = table.header.findIndex((h) => /^(answer|success)\b/i.test(h));
      const where = `${file}:${table.line}`;
      if (marker !== undefined && !marker.startsWith('rows')) {
        // one answer's fields: the first column, or the header's backticked names
        const m = /^(GET|POST|PUT|PATCH|DELETE)\s+(\S+)(?:\s+(\d{3}))?(\s+header)?$/.exec(marker);
        if (!m) {
          problems.push(`${where}: the marker "answer-fields: ${marker}" does not read as "METHOD /path [STATUS] [header]" or "rows [METHOD] [under /prefix]"`);
          continue;
        }
        const found = operationOf(m[1], m[2]);
        if (!found) {
          problems.push(`${where}: no route ${m[1]} ${m[2]} in the OpenAPI document`);
          continue;
        }
        tables++;
        const status = m[3] ?? successStatus(found.op)!;
        const schema = answerSchema(found.op, status);
        const named = m[4]
          ? table.header.flatMap(codeSpans).map((n) => ({ line: table.line, n }))
          : table.rows.flatMap((r) => {
              const spans = codeSpans(r.cells[0]);
              const names = spans.length ? spans : r.cells[0].split(/,\s*/).map((n) => n.trim());
              return names.map((n) => ({ line: r.line, n }));
            });
        for (const { line, n } of named) if (FIELD_NAME.test(n)) claims.push({ where: `${file}:${line}`, kind: 'answer', route: `${found.route} ${status}`, schema, path: pathOf(n) });
        continue;
      }
      if (answerColumn < 0) continue;
      // a table of routes: each row names one
      const rows = /^rows(?:\s+(GET|POST|PUT|PATCH|DELETE))?(?:\s+under\s+(\S+))?$/.exec(marker ?? 'rows');
      if (!rows) {
        problems.push(`${where}: the marker "answer-fields: ${marker}" does not read as "rows [METHOD] [under /prefix]"`);
        continue;
      }
      const methodColumn = table.header.findIndex((h) => /^method$/i.test(h));
      const pathColumn = table.header.findIndex((h) => /^path$/i.test(h));
      const bodyColumn = table.header.findIndex((h) => /^body\b/i.test(h));
      let routeRows = 0;
      for (const row of table.rows) {
        const rowWhere = `${file}:${row.line}`;
        let method: string | undefined;
        let path: string | undefined;
        for (const span of row.cells.flatMap(codeSpans)) {
          const r = /^(GET|POST|PUT|PATCH|DELETE)\s+(\/\S*)/.exec(span);
          if (r) [method, path] = [r[1], r[2]];
          if (path) break;
        }
        // a bare path is a route in a Path column, or in a table whose marker gives the method
        if (!path && (pathColumn >= 0 || rows[1]))
          path = codeSpans(row.cells[Math.max(pathColumn, 0)])
            .find((s) => s.startsWith('/'))
            ?.split(/\s/)[0];
        if (methodColumn >= 0 && /^(GET|POST|PUT|PATCH|DELETE)$/.test(row.cells[methodColumn])) method = row.cells[methodColumn];
        method ??= rows[1];
        if (!path) {
          rowsWithoutRoute++; // a GraphQL-only row, or a row of another kind
          continue;
        }
        if (!method) {
          problems.push(`${rowWhere}: a route without a method (give it in the row, or as "answer-fields: rows METHOD")`);
          continue;
        }
        const prefix = rows[2];
        const full = prefix && !path.startsWith(prefix) ? `${prefix}${path === '/' ? '' : path}` : path;
        const found = operationOf(method, full);
        if (!found) {
          problems.push(`${rowWhere}: no route ${method} ${full} in the OpenAPI document${prefix ? '' : ' (a table of relative paths takes "<!-- answer-fields: rows under /prefix -->")'}`);
          continue;
        }
        routeRows++;
        const answerCell = row.cells[answerColumn] ?? '';
        const status = /^(\d{3})\b/.exec(answerCell)?.[1] ?? successStatus(found.op)!;
        const schema = answerSchema(found.op, status);
        const claim = { where: rowWhere, kind: 'answer' as const, route: `${found.route} ${status}`, schema };
        for (const span of codeSpans(answerCell)) {
          if (/^[A-Z]+::[A-Z_]+$/.test(span)) claims.push({ ...claim, status: span });
          else if (span.includes('{') || /^\w+:/.test(span)) for (const path of setFields(span.startsWith('{') ? span : `{${span}}`)) claims.push({ ...claim, path });
          else if (FIELD_NAME.test(span)) claims.push({ ...claim, path: pathOf(span) });
        }
        if (bodyColumn >= 0) {
          const body = { where: rowWhere, kind: 'request' as const, route: found.route, schema: requestSchema(found.op) };
          for (const span of codeSpans(row.cells[bodyColumn] ?? '')) if (span.includes('{')) for (const path of setFields(span.startsWith('{') ? span : `{${span}}`)) claims.push({ ...body, path });
        }
      }
      if (routeRows) tables++;
    }
  }
  return { claims, problems, tables, rowsWithoutRoute };
}

function claimDrift(c: FieldClaim): string | undefined {
  const what = c.kind === 'answer' ? 'answer' : 'request body';
  if (!c.schema) return `${c.where}: ${c.route} has no JSON ${what}`;
  if (c.status !== undefined) {
    const values = statusValues(c.schema);
    return values.includes(c.status) ? undefined : `${c.where}: ${c.route} answers status ${values.join(' | ') || '(none)'}, not ${c.status}`;
  }
  return hasField(c.schema, c.path!) ? undefined : `${c.where}: ${c.route}: the ${what} has no field \`${c.path!.join('.')}\``;
}

// ---------------------------------------------------------------------------------------------------------------------
// 3. Quoted messages
// ---------------------------------------------------------------------------------------------------------------------

/** A wildcard in a pattern (a `${…}` of the code, a `…` or `<x>` of the docs). */
const ANY = '\u0000';

/** The string literals and templates of the platform's source, `${…}` and concatenated expressions as wildcards. */
function sourcePatterns(): string[] {
  const out = new Set<string>();
  const files = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(`${dir}/${e.name}`) : e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [`${dir}/${e.name}`] : [],
    );
  const pattern = (node: ts.Node): string | undefined => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => ANY + s.literal.text).join('');
    if (ts.isParenthesizedExpression(node)) return pattern(node.expression);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const [l, r] = [pattern(node.left), pattern(node.right)];
      if (l === undefined && r === undefined) return undefined;
      return (l ?? ANY) + (r ?? ANY);
    }
    return undefined;
  };
  for (const file of ['kernel', 'domain', 'subgraphs', 'gateway', 'rest-bridge'].flatMap(files)) {
    const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, false);
    const visit = (node: ts.Node) => {
      const p = pattern(node);
      if (p !== undefined && /[a-z]{2,}/i.test(p)) out.add(p.replace(/\s+/g, ' ').replace(new RegExp(`${ANY}+`, 'g'), ANY));
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...out];
}

/**
 * How much of `a` a string matching both patterns can spell with `b`'s literal text: the most characters of `a` (spaces
 * aside) that stand on characters of `b`, or -1 when no string matches both (each pattern a text whose ANY stands for
 * any run of characters).
 */
function overlap(a: string, b: string): number {
  const [n, m] = [a.length, b.length];
  const best = Array.from({ length: n + 2 }, () => new Int32Array(m + 2).fill(-1));
  for (let i = n; i >= 0; i--)
    for (let j = m; j >= 0; j--) {
      if (i === n && j === m) best[i][j] = 0;
      else if (a[i] === ANY) best[i][j] = Math.max(best[i + 1][j], j < m ? best[i][j + 1] : -1);
      else if (b[j] === ANY) best[i][j] = Math.max(best[i][j + 1], i < n ? best[i + 1][j] : -1);
      else if (i < n && j < m && a[i].toLowerCase() === b[j].toLowerCase() && best[i + 1][j + 1] >= 0) best[i][j] = best[i + 1][j + 1] + (a[i] === ' ' ? 0 : 1);
    }
  return best[0][0];
}
const patternsMeet = (a: string, b: string) => overlap(a, b) >= 0;

/** A docs quote as a pattern: `…`, `...` (with the spaces around them) and `<placeholder>` stand for anything. */
const quotePattern = (quote: string) =>
  quote
    .replace(/\s+/g, ' ')
    .replace(/\s*(?:…|\.\.\.)\s*|<[^<>]+>/g, ANY)
    .replace(new RegExp(`${ANY}+`, 'g'), ANY)
    .trim();

/** Letters a pattern fixes: `${field}: ${message}` (none) matches every quote, and so proves nothing. */
const literalLetters = (p: string) => p.replace(new RegExp(ANY, 'g'), '').replace(/[^a-z]/gi, '').length;

let patterns: { text: string; lower: string; regex?: RegExp }[] | undefined;
const regexOf = (p: string) =>
  new RegExp(
    `^${p
      .split(ANY)
      .map((lit) => lit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('(.*)')}$`,
    'is',
  );
/** A part of a quote that a code wildcard stands for: a value (`Hub`, `127.0.0.2`, `PALLET_POSITIONS`), not prose. */
const isValue = (text: string) => (text.match(/\b[a-z]{2,}\b/g) ?? []).length < 2;

/** Whether the platform's source writes a message the quote matches. */
const written = (quote: string) => writtenAs(quote) !== undefined;

/**
 * The source pattern that writes the quote's message, if one does. A pattern matches when its wildcards stand for
 * values of the quote, or for prose the source writes in its turn (`refused: the URL ${why}` writes a quote only if
 * the `why` is written too: a wildcard does not vouch for a sentence). Where the doc leaves out what the code fixes
 * (`verify workspace access …`), the code's literal text must still make most of the quote.
 */
function writtenAs(quote: string, depth = 0): string | undefined {
  patterns ??= sourcePatterns()
    .filter((p) => literalLetters(p) >= 6)
    .map((text) => ({ text, lower: text.toLowerCase() }));
  const raw = quote.replace(/\s+/g, ' ').trim();
  const q = quotePattern(raw);
  const words = q
    .split(/[^a-z]+/i)
    .filter((w) => w.length >= 4)
    .map((w) => w.toLowerCase());
  const candidates = patterns.filter((p) => !words.length || words.some((w) => p.lower.includes(w)));
  for (const p of candidates) {
    const groups = (p.regex ??= regexOf(p.text)).exec(raw)?.slice(1);
    if (groups?.every((g) => isValue(g) || (depth < 2 && writtenAs(g, depth + 1) !== undefined))) return p.text;
  }
  const literal = q.replace(new RegExp(`[${ANY} ]`, 'g'), '').length;
  const most = candidates.filter((p) => words.filter((w) => p.lower.includes(w)).length * 2 >= words.length);
  for (const p of most) if (overlap(q, p.text) >= 0.6 * literal) return p.text;
  // `field: reason`: kernel/errors.ts puts the field in front of what the code writes
  const reason = /^[\w.[\]<>…-]+: (.+)$/.exec(raw)?.[1];
  return reason !== undefined && depth === 0 ? writtenAs(reason, depth + 1) : undefined;
}

const CODES = Object.keys(ERROR_CODES).map((c) => c.replace(/[:]/g, '\\:'));
const TRIGGER = new RegExp(`\\b(?:${CODES.join('|')})\\b|\\b[45]\\d\\d\\b|\\bmessages?\\b`);
/** Right before the quote: "error", "reason" (a few words at most), or a field in code and a comma (`field`, "message"). */
const JUST_BEFORE = /(?:\b(?:errors?|reason)\b[^.;:]{0,20}|`[\w.<>]+`,\s*)$/;
const EXAMPLE = /(?:\be\.g\.|\bfor example\b)[^.;]{0,40}$/i;
const NOT_OURS = '<!-- not ours -->';

/** The letters a quote fixes beside its field: `"profileVisibility: …"` shows the field and elides the message. */
const says = (quote: string) => literalLetters(quotePattern(quote).replace(/^[\w.[\]<>-]+:\s?/, ''));

interface Quote {
  where: string;
  text: string;
}

/** A code span that reads as a sentence rather than a name, a path, a value or code. */
const sentenceLike = (s: string) => /[a-z]{3,} [a-z]{2,}/i.test(s) && !/^(?:GET|POST|PUT|PATCH|DELETE|npm|curl|node|\$|\/)|[{}=[\]]|=>|\.ts\b/.test(s) && /\s/.test(s.trim());

/** The quoted messages of the docs: prose quotes after a trigger, and every "message" of the examples. */
function quotesOf(pages: { file: string; text: string }[]): { quotes: Quote[]; exempt: number } {
  // what a cross-reference names: a heading (without its parenthesis), or a paragraph's bold lead (`**A full collection.**`)
  const headings = new Set(
    pages
      .flatMap(({ text }) => [...[...text.matchAll(/^#+\s+(.+)$/gm)].flatMap((m) => [m[1], m[1].replace(/\s*\(.*$/, '')]), ...[...text.matchAll(/\*\*([^*]+?)\.?\*\*/g)].map((m) => m[1])])
      .map((h) => h.replace(/[`*]/g, '').trim().toLowerCase()),
  );
  const quotes: Quote[] = [];
  let exempt = 0;
  for (const { file, text } of pages) {
    const cells = tablesOf(file, text).flatMap((t) =>
      t.rows.flatMap((r) => r.cells.map((cell, i): Paragraph => ({ text: cell, lineAt: () => r.line, messageColumn: /\b(?:error|message)s?\b/i.test(t.header[i] ?? '') }))),
    );
    for (const para of [...paragraphsOf(text), ...cells]) {
      const found: { at: number; text: string; code: boolean }[] = [];
      const masked = para.text.replace(/`[^`]+`/g, (span, at: number) => {
        found.push({ at, text: span.slice(1, -1), code: true });
        return ' '.repeat(span.length);
      });
      for (const m of masked.matchAll(/"([^"]+)"|“([^”]+)”/g)) found.push({ at: m.index, text: m[1] ?? m[2], code: false });
      for (const q of found) {
        const before = para.text.slice(Math.max(0, q.at - 80), q.at);
        if (!(TRIGGER.test(before) || JUST_BEFORE.test(before) || para.messageColumn) || headings.has(q.text.trim().toLowerCase())) continue;
        if (q.code ? !sentenceLike(q.text) : !/[a-z]{2,}/i.test(q.text) || !/\s/.test(q.text.trim())) continue;
        if (EXAMPLE.test(before) || before.slice(-40).includes(NOT_OURS) || says(q.text) < 3) {
          exempt++;
          continue;
        }
        quotes.push({ where: `${file}:${para.lineAt(q.at)}`, text: q.text });
      }
    }
    // examples: JSON blocks and shell answer comments
    for (const fence of fencesOf(file, text))
      fence.body.forEach((line, i) => {
        for (const m of line.matchAll(/"message"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) {
          const message = JSON.parse(`"${m[1]}"`) as string;
          if (says(message) >= 3) quotes.push({ where: `${file}:${fence.line + 1 + i}`, text: message });
          else exempt++;
        }
      });
  }
  return { quotes, exempt };
}

// ---------------------------------------------------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------------------------------------------------

describe('the detectors find what they are for', () => {
  it('an answer block without a marker is refused; a marked one is checked strictly, "…" standing for what it leaves out', () => {
    const page = (marker: string, json: string) => [{ file: 'x.md', text: `Text.\n\n${marker}\n\`\`\`json\n${json}\n\`\`\`\n` }];
    expect(examplesOf(page('', '{ "error": false, "status": "SUCCESS", "data": [] }')).problems).toEqual([
      'x.md:4: a REST answer without a marker (<!-- answer: METHOD /path STATUS --> on the line before the fence)',
    ]);
    expect(examplesOf(page('', '{ "type": "object" }')).problems).toEqual([]);
    const feed = '<!-- answer: GET /v1/workspace/:wid/events 200 -->';
    const good = examplesOf(page(feed, '{ "error": false, "status": "SUCCESS", "data": [{ "id": "evt_1", "…": "…" }], "pagination": "…" }'));
    expect(good.examples.flatMap(exampleDrift)).toEqual([]);
    // the feed as issue 32 found docs/events.md showing it
    const old = examplesOf(page(feed, '{ "success": true, "data": [], "pagination": { "next": "1", "hasMore": false } }'));
    expect(old.examples.flatMap(exampleDrift)).toEqual([
      'x.md:4 (GET /v1/workspace/{wid}/events 200): / must NOT have additional properties',
      "x.md:4 (GET /v1/workspace/{wid}/events 200): / must have required property 'error'",
      "x.md:4 (GET /v1/workspace/{wid}/events 200): / must have required property 'status'",
    ]);
    const wrongType = examplesOf(page(feed, '{ "error": false, "status": "SUCCESS", "data": [{ "version": "1" }] }'));
    expect(wrongType.examples.flatMap(exampleDrift)).toEqual(['x.md:4 (GET /v1/workspace/{wid}/events 200): /data/0/version must be integer']);
  });

  it('a shell comment answer takes its route from the curl command it ends', () => {
    const text = '```bash\ncurl -s -X PATCH $B/v1/users/me/settings/privacy -H \'a: b\' \\\n  -d \'{}\'   # 400 {"success":false,"code":"VALIDATION_ERROR","message":"x","extra":1}\n```\n';
    const { examples } = examplesOf([{ file: 'x.md', text }]);
    expect(examples.map((e) => [e.method, e.path, e.status])).toEqual([['PATCH', '/v1/users/me/settings/privacy', '400']]);
    expect(examples.flatMap(exampleDrift)).toEqual(['x.md:3 (PATCH /v1/users/me/settings/privacy 400): / must NOT have additional properties']);
  });

  it('reads field sets as paths, and finds a field only where the answer has it', () => {
    expect(setFields('{reference, removed: CONTEXT | FAQ, faq}')).toEqual([['reference'], ['removed'], ['faq']]);
    expect(setFields('{capacities: {"<lsp>:<serviceId>": Capacity}, total, errors: [{compositeId, code}]}')).toEqual([
      ['capacities'],
      ['total'],
      ['errors'],
      ['errors', 'compositeId'],
      ['errors', 'code'],
    ]);
    expect(setFields('{performance: {…figures, lastUpdated}}')).toEqual([['performance'], ['performance', 'lastUpdated']]);
    expect(setFields('{at {timestamp, timezone: "UTC"}, coordinates? [lat, lng], scope[]}')).toEqual([['at'], ['at', 'timestamp'], ['at', 'timezone'], ['coordinates'], ['scope']]);
    const device = answerSchema(operationOf('GET', '/v1/iotsp/devices/:reference')!.op, '200')!;
    expect(hasField(device, ['ruleReference'])).toBe(true);
    expect(hasField(device, ['vehicle', 'id'])).toBe(true);
    // the names docs/iot.md gave the answer's fields before issue 32
    expect(hasField(device, ['rule'])).toBe(false);
    expect(hasField(device, ['vehicleId'])).toBe(false);
    const table = '<!-- answer-fields: rows under /v1/iotsp -->\n| Path | Answer |\n|---|---|\n| `GET /devices/:reference` | `{reference, topic}` |\n';
    const { claims } = tableClaims([{ file: 'x.md', text: table }]);
    expect(claims.map(claimDrift).filter(Boolean)).toEqual(['x.md:4: GET /v1/iotsp/devices/{reference} 200: the answer has no field `topic`']);
  });

  it('matches a quote to the source with wildcards on both sides, and only whole', () => {
    expect(patternsMeet(quotePattern('Operation too complex: its depth (13) exceeds the maximum of 12'), `Operation too complex: its ${ANY} (${ANY}) exceeds the maximum of ${ANY}`)).toBe(true);
    expect(patternsMeet(quotePattern('service … is INACTIVE'), `service ${ANY} is ${ANY}`)).toBe(true);
    expect(patternsMeet(quotePattern('service … is INACTIVE: its capacity is withdrawn'), `service ${ANY} is ${ANY}: its capacity is not offered`)).toBe(false);
    expect(written('Hub not found')).toBe(true);
    expect(written('capacities.1.used: must not exceed total')).toBe(true);
    // the SSRF refusal as docs/pipelines.md quoted it before issue 32, and as the platform writes it
    expect(written('refused: the URL targets a forbidden address (…); PIPELINE_WEBHOOK_ALLOW does not allow it')).toBe(false);
    expect(written('refused: the URL targets a forbidden address (127.0.0.2 is a loopback address)')).toBe(true);
  });
});

const { examples, problems: exampleProblems } = examplesOf(DOCS);
const { claims, problems: tableProblems, tables } = tableClaims(DOCS);
const { quotes } = quotesOf(DOCS);

describe('the docs show the answers the platform gives', () => {
  it('every JSON block is JSON, and every answer example is tagged with its route and fits its schema', () => {
    expect(exampleProblems).toEqual([]);
    expect(examples.flatMap(exampleDrift)).toEqual([]);
    // the feed (docs/events.md), a rule's body (docs/iot.md), a refused privacy setting (README): the reader found them
    expect(examples.length).toBeGreaterThanOrEqual(3);
  });

  it('every field a table of answers names exists in that answer', () => {
    expect(tableProblems).toEqual([]);
    expect(claims.map(claimDrift).filter(Boolean)).toEqual([]);
    expect(tables).toBeGreaterThanOrEqual(25);
    expect(claims.length).toBeGreaterThanOrEqual(250);
  });

  it('every quoted message is one the platform writes, or is marked as not being one', () => {
    expect(quotes.filter((q) => !written(q.text)).map((q) => `${q.where}: "${q.text}"`)).toEqual([]);
    expect(quotes.length).toBeGreaterThanOrEqual(30);
  });
});
