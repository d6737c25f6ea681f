import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { composeSupergraph, type Composition } from './compose.js';
import { apiSdlOf, changeImpacts, type ChangeImpact } from './schema-impact.js';
import { bridgeOperations, describeImpact } from './schema-review.js';
import { UNRELEASED, linesToDeclare, releaseChangelog, reportChanges, schemaChanges, type SchemaChange } from './schema-changes.js';

/**
 * `npm run schema:check` (CI runs it) fails, exit 1, when:
 * 1. schema/ is not what the code composes (a subgraph SDL or the supergraph): run `npm run compose` and commit;
 * 2. composition yields any hint (all printed);
 * 3. the committed API schema has a breaking change against schema/baseline.graphql (the last released API schema)
 *    that no line under "## Unreleased" in schema/CHANGES.md declares: the lines to add are printed.
 * Dangerous and safe changes are printed, not fatal.
 *
 * `npm run schema:release -- <version>` runs the same check, then writes the composed API schema to
 * schema/baseline.graphql and turns "## Unreleased" in schema/CHANGES.md into "## <version> (<today>)".
 */
const SCHEMA_DIR = join(process.cwd(), 'schema');
const BASELINE = join(SCHEMA_DIR, 'baseline.graphql');
const CHANGES = join(SCHEMA_DIR, 'CHANGES.md');

const read = (path: string): string | undefined => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);

/** Runs the three checks, printing what each finds; true when all pass. A first release needs no baseline. */
async function check(composition: Composition, releasing: boolean): Promise<boolean> {
  let ok = true;

  const stale = Object.entries(composition.files)
    .filter(([name, content]) => read(join(SCHEMA_DIR, name)) !== content)
    .map(([name]) => name);
  if (stale.length) {
    ok = false;
    console.error(`FAIL schema/ is out of date (${stale.map((n) => `schema/${n}`).join(', ')}): run \`npm run compose\` and commit the result`);
  } else {
    console.log(`ok   schema/ matches what the code composes (${Object.keys(composition.files).length} files)`);
  }

  if (composition.hints.length) {
    ok = false;
    console.error(`FAIL composition gives ${composition.hints.length} hint(s); it must give none:`);
    for (const h of composition.hints) console.error(`       ${h}`);
  } else {
    console.log('ok   composition gives no hint');
  }

  const baseline = read(BASELINE);
  const committed = read(join(SCHEMA_DIR, 'supergraph.graphql'));
  if (baseline === undefined) {
    if (releasing) {
      console.log('ok   no schema/baseline.graphql yet: this release writes the first');
      return ok;
    }
    console.error('FAIL schema/baseline.graphql is missing: `npm run schema:release -- <version>` writes it from the current schema');
    return false;
  }
  if (committed === undefined) {
    console.error('FAIL schema/supergraph.graphql is missing: run `npm run compose` and commit the result');
    return false;
  }
  const changelog = read(CHANGES) ?? '';
  if (!changelog.split('\n').some((l) => l.trim() === UNRELEASED)) {
    ok = false;
    console.error(`FAIL schema/CHANGES.md has no "${UNRELEASED}" heading (breaking changes are declared under it)`);
  }
  const report = reportChanges(await schemaChanges(baseline, apiSdlOf(committed)), changelog);
  // each breaking change with the REST routes it breaks (the same code as `npm run schema:review`), by the change itself
  // (the report's lists hold the same objects; changeImpacts answers in the order it is given)
  const found = changeImpacts({ changes: report.breaking, beforeApiSdl: baseline, afterSupergraphSdl: committed, operations: bridgeOperations() });
  const impacts = new Map<SchemaChange, ChangeImpact>(report.breaking.map((c, i) => [c, found[i]]));
  const list = (label: string, changes: SchemaChange[], print: (s: string) => void) => {
    if (!changes.length) return;
    print(`     ${label} (${changes.length}):`);
    for (const c of changes) {
      const impact = impacts.get(c);
      print(impact ? describeImpact(impact, '       ') : `       ${c.path}: ${c.message}`);
    }
  };
  if (report.undeclared.length) {
    ok = false;
    const n = report.undeclared.length;
    const rest = report.undeclared.filter((c) => impacts.get(c)?.routes.length).length;
    console.error(`FAIL ${n} breaking change(s) against schema/baseline.graphql not declared in schema/CHANGES.md (${rest} break REST routes); add under "${UNRELEASED}" (reword as clients need):`);
    for (const line of linesToDeclare(report.undeclared)) console.error(`       ${line}`);
    list('undeclared, with whom each breaks', report.undeclared, console.error);
  } else {
    console.log(`ok   breaking changes against schema/baseline.graphql: ${report.breaking.length}, all declared in schema/CHANGES.md`);
  }
  list(
    'declared breaking',
    report.breaking.filter((c) => !report.undeclared.includes(c)),
    console.log,
  );
  list('dangerous (not fatal)', report.dangerous, console.log);
  list('safe', report.safe, console.log);
  if (report.unmatched.length) {
    console.log(`     declared under "${UNRELEASED}" but no breaking change has the path (not fatal): ${report.unmatched.map((p) => `\`${p}\``).join(', ')}`);
  }
  return ok;
}

/** Today's date, YYYY-MM-DD (a script: the real clock). */
const today = () => new Date().toISOString().slice(0, 10);

async function release(composition: Composition, version: string | undefined): Promise<void> {
  if (!version) throw new Error('usage: npm run schema:release -- <version>');
  const changelog = read(CHANGES);
  if (changelog === undefined) throw new Error('release: schema/CHANGES.md is missing');
  const next = releaseChangelog(changelog, version, today());
  writeFileSync(BASELINE, `${composition.apiSdl}\n`);
  writeFileSync(CHANGES, next);
  console.log(`released ${version}: schema/baseline.graphql is the current API schema; schema/CHANGES.md has "## ${version} (${today()})". Commit both.`);
}

if (process.argv[1]?.endsWith('schema-check.js')) {
  const [command, version] = process.argv.slice(2);
  try {
    const composition = await composeSupergraph();
    const passed = await check(composition, command === 'release');
    if (command === 'release') {
      if (!passed) throw new Error('release: the check above fails; fix it first');
      await release(composition, version);
    } else if (command !== undefined) {
      throw new Error(`unknown argument "${command}" (none, or: release <version>)`);
    }
    if (!passed) process.exitCode = 1;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  }
}
