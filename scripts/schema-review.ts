import { execFileSync } from 'node:child_process';
import { routes } from '../rest-bridge/routes/index.js';
import { readManifest } from '../gateway/persisted.js';
import { composeSupergraph } from './compose.js';
import { schemaChanges, type ChangeLevel } from './schema-changes.js';
import { apiSdlOf, changeImpacts, type ChangeImpact, type OperationUse } from './schema-impact.js';
import { fetchUsage, usageSummary, type Usage } from './schema-usage.js';

/**
 * `npm run schema:review -- <ref> [<ref>] [--manifest <operations.json>]` (docs/graphql.md "For schema reviewers").
 *
 * Compares the supergraph committed at the first git ref (schema/supergraph.graphql there) with the supergraph the
 * working tree's code composes, or with the one committed at the second ref, and prints every change of the API
 * schema, classed breaking, dangerous or safe (GraphQL Inspector), each with the subgraphs owning what it changes, the
 * REST routes whose operation it breaks (the bridge's route table of the working tree) and the persisted client
 * operations of the manifest (--manifest, else GRAPHQL_OPERATIONS_MANIFEST) that use it, and with --usage <url> what
 * that running gateway counted for the field (scripts/schema-usage.ts). Informational: exit 0 unless
 * it cannot run. `npm run schema:check` (CI) runs the same code against schema/baseline.graphql and fails on a
 * breaking change that schema/CHANGES.md does not declare.
 */

/** The bridge's operations as reviewable uses: one per REST route. */
export function bridgeOperations(): OperationUse[] {
  return routes.map((r) => ({ name: `${r.method} ${r.path}`, kind: 'rest' as const, document: r.operation }));
}

/** A manifest's operations (gateway/persisted.ts format), each named by its operation name and hash. */
export function manifestOperations(path: string): OperationUse[] {
  return readManifest(path).map(([hash, text]) => {
    const name = /\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(text)?.[1] ?? 'anonymous';
    return { name: `${name} (${hash.slice(0, 8)})`, kind: 'persisted' as const, document: text };
  });
}

/**
 * A change and whom it breaks, as the review and the check print it; with a running gateway's field usage, what it
 * counted for the changed field since it started.
 */
export function describeImpact(i: ChangeImpact, indent = '', usage?: Usage): string {
  const lines = [`${indent}${i.path}: ${i.message}${i.owners.length ? ` [${i.owners.join(', ')}]` : ''}`];
  if (i.routes.length) lines.push(`${indent}  REST routes (${i.routes.length}): ${i.routes.join(', ')}`);
  if (i.operations.length) lines.push(`${indent}  persisted operations (${i.operations.length}): ${i.operations.join(', ')}`);
  if (usage) {
    const field = i.path.split('.').slice(0, 2).join('.');
    lines.push(`${indent}  seen since the gateway started: ${usageSummary(usage.get(field)) ?? 'no operation'}`);
  }
  return lines.join('\n');
}

const LABEL: Record<ChangeLevel, string> = { BREAKING: 'breaking', DANGEROUS: 'dangerous', SAFE: 'safe' };

/** The review's text: a summary line, then each level's changes. */
export function reviewText(impacts: ChangeImpact[], before: string, after: string, usage?: Usage): string {
  const out = [`schema review: ${before} → ${after}`];
  const breaking = impacts.filter((i) => i.level === 'BREAKING');
  out.push(
    `${impacts.length} change(s): ${breaking.length} breaking (${breaking.filter((i) => i.routes.length).length} break REST routes, ` +
      `${breaking.filter((i) => i.operations.length).length} break persisted operations), ` +
      `${impacts.filter((i) => i.level === 'DANGEROUS').length} dangerous, ${impacts.filter((i) => i.level === 'SAFE').length} safe`,
  );
  for (const level of ['BREAKING', 'DANGEROUS', 'SAFE'] as const) {
    const of = impacts.filter((i) => i.level === level);
    if (!of.length) continue;
    out.push('', `${LABEL[level]} (${of.length}):`);
    for (const i of of) out.push(describeImpact(i, '  ', usage));
  }
  return out.join('\n');
}

/** schema/supergraph.graphql as committed at `ref`. */
const committedAt = (ref: string): string => execFileSync('git', ['show', `${ref}:schema/supergraph.graphql`], { encoding: 'utf8', maxBuffer: 64 << 20 });

export async function review(args: string[]): Promise<string> {
  const refs: string[] = [];
  let manifest = process.env.GRAPHQL_OPERATIONS_MANIFEST || undefined;
  let usageUrl: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--manifest') manifest = args[++i];
    else if (args[i] === '--usage') usageUrl = args[++i];
    else if (args[i].startsWith('--')) throw new Error(`unknown option ${args[i]}`);
    else refs.push(args[i]);
  }
  if (refs.length < 1 || refs.length > 2) throw new Error('usage: npm run schema:review -- <git ref> [<git ref>] [--manifest <operations.json>] [--usage <url of a running gateway>]');
  const beforeSupergraph = committedAt(refs[0]);
  const afterSupergraph = refs[1] ? committedAt(refs[1]) : (await composeSupergraph()).files['supergraph.graphql'];
  const beforeApi = apiSdlOf(beforeSupergraph);
  const changes = await schemaChanges(beforeApi, apiSdlOf(afterSupergraph));
  const operations = [...bridgeOperations(), ...(manifest ? manifestOperations(manifest) : [])];
  const impacts = changeImpacts({ changes, beforeApiSdl: beforeApi, beforeSupergraphSdl: beforeSupergraph, afterSupergraphSdl: afterSupergraph, operations });
  const usage = usageUrl ? await fetchUsage(usageUrl) : undefined;
  return reviewText(impacts, refs[0], refs[1] ?? 'the working tree', usage);
}

if (process.argv[1]?.endsWith('schema-review.js')) {
  try {
    console.log(await review(process.argv.slice(2)));
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  }
}
