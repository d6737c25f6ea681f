import { createRequire } from 'node:module';
import { CriticalityLevel, diff } from '@graphql-inspector/core';

/**
 * The pure part of `npm run schema:check` (scripts/schema-check.ts): which changes a new API schema makes against the
 * released baseline (GraphQL Inspector's classification), which breaking ones schema/CHANGES.md declares, the lines
 * still to add, and the changelog of a release. No file or process access: the unit tests give it SDL and Markdown.
 */

// the graphql instance @graphql-inspector/core compares schemas with (Node resolves `graphql` to its CommonJS build),
// so the schemas built here pass its type checks whatever loader imported this module
const { buildSchema } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

export type ChangeLevel = 'BREAKING' | 'DANGEROUS' | 'SAFE';

export interface SchemaChange {
  level: ChangeLevel;
  /** What a CHANGES.md line names: `Type`, `Type.field`, `Type.field.argument`, `Enum.VALUE`, `@directive` … or `schema`. */
  path: string;
  message: string;
}

/** The heading under which breaking changes not yet released are declared. */
export const UNRELEASED = '## Unreleased';

const LEVELS: Record<CriticalityLevel, ChangeLevel> = {
  [CriticalityLevel.Breaking]: 'BREAKING',
  [CriticalityLevel.Dangerous]: 'DANGEROUS',
  [CriticalityLevel.NonBreaking]: 'SAFE',
};

/** Every change from `baselineSdl` to `currentSdl` (two API schemas), in GraphQL Inspector's order. */
export async function schemaChanges(baselineSdl: string, currentSdl: string): Promise<SchemaChange[]> {
  const changes = await diff(buildSchema(baselineSdl), buildSchema(currentSdl));
  // root type changes have no path: the schema itself
  return changes.map((c) => ({ level: LEVELS[c.criticality.level], path: c.path ?? 'schema', message: c.message }));
}

/** The lines of the "## Unreleased" section (up to the next `## ` heading); undefined without that heading. */
function unreleasedSection(changelog: string): string[] | undefined {
  const lines = changelog.split('\n');
  const at = lines.findIndex((l) => l.trim() === UNRELEASED);
  if (at < 0) return undefined;
  const end = lines.findIndex((l, i) => i > at && l.startsWith('## '));
  return lines.slice(at + 1, end < 0 ? undefined : end);
}

/**
 * The paths declared under "## Unreleased": in each list item (`- ` or `* `), the backquoted paths before its first
 * colon outside backquotes: `` - `Query.fleets.wid`, `Query.fleet.wid`: renamed to workspaceId ``. Backquoted words
 * after the colon are prose, not declarations.
 */
export function declaredPaths(changelog: string): Set<string> {
  const paths = new Set<string>();
  for (const line of unreleasedSection(changelog) ?? []) {
    const item = /^\s*[-*]\s+(.*)$/.exec(line)?.[1];
    if (item === undefined) continue;
    let inCode = false;
    let colon = -1;
    for (let i = 0; i < item.length && colon < 0; i++) {
      if (item[i] === '`') inCode = !inCode;
      else if (item[i] === ':' && !inCode) colon = i;
    }
    if (colon < 0) continue;
    for (const m of item.slice(0, colon).matchAll(/`([^`]+)`/g)) paths.add(m[1].trim());
  }
  return paths;
}

export interface ChangeReport {
  breaking: SchemaChange[];
  /** Breaking changes whose path no line under "## Unreleased" names: each fails the check. */
  undeclared: SchemaChange[];
  dangerous: SchemaChange[];
  safe: SchemaChange[];
  /** Paths declared under "## Unreleased" that no breaking change has (a reverted change, a typo): printed. */
  unmatched: string[];
}

/** Sorts `changes` by level and matches the breaking ones with the paths `changelog` declares (exact path match). */
export function reportChanges(changes: SchemaChange[], changelog: string): ChangeReport {
  const declared = declaredPaths(changelog);
  const breaking = changes.filter((c) => c.level === 'BREAKING');
  const breakingPaths = new Set(breaking.map((c) => c.path));
  return {
    breaking,
    undeclared: breaking.filter((c) => !declared.has(c.path)),
    dangerous: changes.filter((c) => c.level === 'DANGEROUS'),
    safe: changes.filter((c) => c.level === 'SAFE'),
    unmatched: [...declared].filter((p) => !breakingPaths.has(p)),
  };
}

/** The lines to add under "## Unreleased" for `undeclared`: one per path, Inspector's message as a first wording. */
export function linesToDeclare(undeclared: SchemaChange[]): string[] {
  const byPath = new Map<string, string[]>();
  for (const c of undeclared) byPath.set(c.path, [...(byPath.get(c.path) ?? []), c.message]);
  return [...byPath].map(([path, messages]) => `- \`${path}\`: ${messages.join('; ')}`);
}

/**
 * The changelog of a release: the "## Unreleased" heading becomes `## <version> (<date>)` over the same entries, and a
 * new empty "## Unreleased" section opens above it. Throws without that heading or when `version` is released already.
 */
export function releaseChangelog(changelog: string, version: string, date: string): string {
  if (!/^\S+$/.test(version)) throw new Error(`release: "${version}" is not a version (one word, e.g. 1.2.0)`);
  const lines = changelog.split('\n');
  const at = lines.findIndex((l) => l.trim() === UNRELEASED);
  if (at < 0) throw new Error(`release: schema/CHANGES.md has no "${UNRELEASED}" heading`);
  if (lines.some((l) => l.startsWith(`## ${version} (`))) throw new Error(`release: schema/CHANGES.md already has a "## ${version}" section`);
  return [...lines.slice(0, at), UNRELEASED, '', `## ${version} (${date})`, ...lines.slice(at + 1)].join('\n');
}
