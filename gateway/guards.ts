import { GraphQLError, Kind, Lexer, Source, TokenKind, type FragmentDefinitionNode, type GraphQLFormattedError, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { isGraphQLInputError } from '../kernel/errors.js';

/**
 * The gateway's operation limits (docs/gateway.md, "Gateway guards"). An operation over one is refused before it is
 * executed: HTTP 400, `extensions.code` QUERY_TOO_COMPLEX, `extensions.limit` naming the limit, `extensions.max` its
 * maximum and `extensions.value` the operation's value.
 *
 * - depth, aliases, cost, directives: GraphQL Armor's validation rules (depth and cost with fragments flattened: a
 *   fragment is no level of its own; aliases of `__typename` are not counted; the cost model is Armor's, see
 *   docs/gateway.md);
 * - fields: `maxFieldsRule` below (Armor has none);
 * - tokens: graphql-js's own parser limit (`parse(…, { maxTokens })`, what Armor's max-tokens does through an Envelop
 *   parse hook, which Apollo Server has no place for), so a long document is refused while it is parsed.
 */
export const GUARDED_LIMITS = ['depth', 'aliases', 'fields', 'cost', 'tokens', 'directives'] as const;
export type GuardedLimit = (typeof GUARDED_LIMITS)[number];
export type OperationLimits = Record<GuardedLimit, number>;

const isGuardedLimit = (v: unknown): v is GuardedLimit => typeof v === 'string' && (GUARDED_LIMITS as readonly string[]).includes(v);

const NOUN: Record<GuardedLimit, string> = {
  depth: 'depth',
  aliases: 'alias count',
  fields: 'field count',
  cost: 'cost',
  tokens: 'token count',
  directives: 'directive count',
};

/** "Operation too complex: its depth (13) exceeds the maximum of 12". */
export function tooComplexMessage(limit: GuardedLimit, value: number | undefined, max: number): string {
  return value === undefined ? `Operation too complex: its ${NOUN[limit]} exceeds the maximum of ${max}` : `Operation too complex: its ${NOUN[limit]} (${value}) exceeds the maximum of ${max}`;
}

/** The refusal of an operation over `limit` (Apollo reports it as a validation error; `formatGuardError` sets the code). */
export function tooComplex(limit: GuardedLimit, value: number | undefined, max: number): GraphQLError {
  return new GraphQLError(tooComplexMessage(limit, value, max), {
    extensions: value === undefined ? { code: 'QUERY_TOO_COMPLEX', limit, max } : { code: 'QUERY_TOO_COMPLEX', limit, max, value },
  });
}

/**
 * An Armor rule's refusal, reported as the platform's: Armor's message ("… limit of 12 exceeded, found 13.") carries the
 * operation's value; the rule does not throw (propagateOnRejection: false), so the other rules still report theirs.
 */
const armorRefusal = (limit: GuardedLimit, max: number) => ({
  exposeLimits: true,
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) => {
      const found = /found (\d+(?:\.\d+)?)\.?$/.exec(error.message);
      context?.reportError(tooComplex(limit, found ? Number(found[1]) : undefined, max));
    },
  ],
});

/**
 * The number of field selections under `set`, fragments expanded: a fragment spread twice counts twice; each fragment
 * is counted once and remembered, so nesting cannot make the count expensive; a fragment cycle (which graphql-js
 * refuses on its own) is not followed. `__typename` counts like any field.
 */
export function countFields(set: SelectionSetNode, fragment: (name: string) => FragmentDefinitionNode | null | undefined): number {
  const known = new Map<string, number>();
  const open = new Set<string>();
  const count = (s: SelectionSetNode): number => {
    let n = 0;
    for (const sel of s.selections) {
      if (sel.kind === Kind.FIELD) n += 1 + (sel.selectionSet ? count(sel.selectionSet) : 0);
      else if (sel.kind === Kind.INLINE_FRAGMENT) n += count(sel.selectionSet);
      else {
        const name = sel.name.value;
        if (open.has(name)) continue;
        let c = known.get(name);
        if (c === undefined) {
          const f = fragment(name);
          if (!f) continue;
          open.add(name);
          c = count(f.selectionSet);
          open.delete(name);
          known.set(name, c);
        }
        n += c;
      }
    }
    return n;
  };
  return count(set);
}

/** The field-count limit (Armor has none): each operation of the document, counted by `countFields`. */
export function maxFieldsRule(max: number): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const n = countFields(operation.selectionSet, (name) => context.getFragment(name));
      if (n > max) context.reportError(tooComplex('fields', n, max));
    },
  });
}

/** The validation rules of the limits (tokens excepted: they are the parser's, see `parseOptions`). */
export function limitRules(limits: OperationLimits): ValidationRule[] {
  return [
    maxDepthRule({ n: limits.depth, flattenFragments: true, ...armorRefusal('depth', limits.depth) }),
    maxAliasesRule({ n: limits.aliases, ...armorRefusal('aliases', limits.aliases) }),
    maxFieldsRule(limits.fields),
    costLimitRule({ maxCost: limits.cost, flattenFragments: true, ...armorRefusal('cost', limits.cost) }),
    maxDirectivesRule({ n: limits.directives, ...armorRefusal('directives', limits.directives) }),
  ] as ValidationRule[];
}

/** The tokens of a document as the parser counts them (comments and commas are none), up to a lexing error. */
export function countTokens(body: string): number {
  const lexer = new Lexer(new Source(body));
  let n = 0;
  try {
    while (lexer.advance().kind !== TokenKind.EOF) n++;
  } catch {
    // a character the lexer refuses: the tokens before it
  }
  return n;
}

const TOKEN_LIMIT_MESSAGE = /^Syntax Error: Document contains more that \d+ tokens\. Parsing aborted\.$/;
/** graphql-js's own "Did you mean …?" endings: fields, arguments, types, enum values, inline fragments. */
const SUGGESTION = /\s*Did you mean [^?]*\?/g;
/** Apollo's refusal of `__schema`/`__type` with introspection off carries this validation code. */
const APOLLO_INTROSPECTION_CODE = 'INTROSPECTION_DISABLED';

export interface GuardFormatOptions {
  maxTokens: number;
  /** Introspection off: suggestions, which reveal the schema, are removed from every message. */
  hideSuggestions: boolean;
}

/**
 * The gateway's error formatting for the guards, then GraphQL's own input errors (parse, validation, variable
 * coercion) as VALIDATION_ERROR, the platform's code:
 * - a limit rule's refusal (a validation error with `limit`) → QUERY_TOO_COMPLEX;
 * - the parser's token limit ("Syntax Error: Document contains more that N tokens") → QUERY_TOO_COMPLEX, `limit`
 *   tokens, with the document's token count;
 * - Apollo's introspection refusal → INTROSPECTION_DISABLED.
 */
export function formatGuardError(options: GuardFormatOptions) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const extensions = formatted.extensions ?? {};
    const code = extensions.code;
    let out: GraphQLFormattedError;
    if (code === 'GRAPHQL_VALIDATION_FAILED' && isGuardedLimit(extensions.limit)) {
      out = { message: formatted.message, extensions: { ...extensions, code: 'QUERY_TOO_COMPLEX' } };
    } else if (code === 'GRAPHQL_PARSE_FAILED' && TOKEN_LIMIT_MESSAGE.test(formatted.message)) {
      const body = (error as { source?: { body?: unknown } } | undefined)?.source?.body;
      const value = typeof body === 'string' ? countTokens(body) : undefined;
      const e = tooComplex('tokens', value, options.maxTokens);
      out = { message: e.message, extensions: e.extensions };
    } else if (code === 'GRAPHQL_VALIDATION_FAILED' && extensions.validationErrorCode === APOLLO_INTROSPECTION_CODE) {
      out = { message: 'Introspection is switched off on this server: __schema and __type cannot be queried', locations: formatted.locations, extensions: { code: 'INTROSPECTION_DISABLED' } };
    } else if (isGraphQLInputError(code)) {
      out = { ...formatted, extensions: { ...extensions, code: 'VALIDATION_ERROR' } };
    } else {
      out = formatted;
    }
    if (!options.hideSuggestions) return out;
    const message = out.message.replace(SUGGESTION, '');
    return message === out.message ? out : { ...out, message };
  };
}
