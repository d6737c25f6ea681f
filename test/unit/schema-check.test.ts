import { describe, expect, it } from 'vitest';
import { declaredPaths, linesToDeclare, releaseChangelog, reportChanges, schemaChanges } from '../../scripts/schema-changes.js';

/**
 * The pure part of `npm run schema:check` (scripts/schema-changes.ts, rule in schema/CHANGES.md): every breaking change
 * of the API schema against the baseline must be named by its path in a list item under "## Unreleased"; the others
 * are reported but never required. Levels, paths and messages are GraphQL Inspector's (@graphql-inspector/core).
 */

/** The released API schema of the fixtures. */
const BASELINE = `
type Query {
  "Fleets of a workspace."
  fleets(wid: ID!): [Fleet!]!
  "One fleet."
  fleet(id: ID!): Fleet
}
"A fleet."
type Fleet { id: ID! name: String! created: Int! status: Status! }
"A fleet's status."
enum Status { ON OFF }
"A type about to go."
type Legacy { id: ID! }
`;

/**
 * The next API schema: 5 breaking changes (argument `wid` removed, required argument `workspaceId` added, type `Legacy`
 * removed, `Fleet.created` Int! → String!, enum value `Status.OFF` removed), 1 dangerous (enum value `Status.PAUSED`
 * added), 2 safe (field `Fleet.code` added, the description of `Query.fleets` changed).
 */
const NEXT = `
type Query {
  "Fleets of a workspace, by its id."
  fleets(workspaceId: ID!): [Fleet!]!
  "One fleet."
  fleet(id: ID!): Fleet
}
"A fleet."
type Fleet { id: ID! name: String! created: String! status: Status! code: String }
"A fleet's status."
enum Status { ON PAUSED }
`;

const BREAKING_PATHS = ['Legacy', 'Query.fleets.wid', 'Query.fleets.workspaceId', 'Fleet.created', 'Status.OFF'];

const changelog = (unreleased: string[], released: string[] = []) =>
  ['# Schema changes', '', 'Prose with `Query.fleets.wid` above the sections declares nothing.', '', '## Unreleased', '', ...unreleased, '', '## 0.1.0 (2026-01-01)', '', ...released, ''].join('\n');

describe('schemaChanges: GraphQL Inspector levels and paths between two API schemas', () => {
  it('finds the 5 breaking, 1 dangerous and 2 safe changes of the fixtures, each at its path', async () => {
    const changes = await schemaChanges(BASELINE, NEXT);
    const at = (level: string) =>
      changes
        .filter((c) => c.level === level)
        .map((c) => c.path)
        .sort();
    expect(at('BREAKING')).toEqual([...BREAKING_PATHS].sort());
    expect(at('DANGEROUS')).toEqual(['Status.PAUSED']);
    expect(at('SAFE')).toEqual(['Fleet.code', 'Query.fleets']);
    expect(changes).toHaveLength(8);
  });

  it('the same schema twice has no change', async () => {
    expect(await schemaChanges(BASELINE, BASELINE)).toEqual([]);
  });
});

describe('declaredPaths: backquoted paths before the colon of a list item under "## Unreleased"', () => {
  it('reads one path per item, several comma-separated paths, and `*` items', () => {
    const md = changelog(['- `Query.fleets.wid`: renamed', '- `Legacy`, `Fleet.created`: gone / now a DateTime', '* `Status.OFF`: removed']);
    expect([...declaredPaths(md)].sort()).toEqual(['Fleet.created', 'Legacy', 'Query.fleets.wid', 'Status.OFF']);
  });

  it('ignores backquoted words after the colon, items without a colon, prose, and the released sections', () => {
    const md = changelog(['- `Query.fleets.wid`: renamed to `Query.fleets.workspaceId`', '- `Legacy` removed (no colon)', 'Prose `Fleet.created`: not an item'], ['- `Status.OFF`: removed in 0.1.0']);
    expect([...declaredPaths(md)]).toEqual(['Query.fleets.wid']);
  });

  it('a changelog without "## Unreleased" declares nothing', () => {
    expect([...declaredPaths('# Schema changes\n\n## 0.1.0 (2026-01-01)\n\n- `Legacy`: removed\n')]).toEqual([]);
  });
});

describe('reportChanges: declared against undeclared breaking changes', () => {
  it('all 5 breaking paths declared: nothing undeclared; dangerous and safe changes are listed, not required', async () => {
    const changes = await schemaChanges(BASELINE, NEXT);
    const report = reportChanges(
      changes,
      changelog(['- `Query.fleets.wid`, `Query.fleets.workspaceId`: renamed to workspaceId', '- `Legacy`: removed', '- `Fleet.created`: a DateTime string', '- `Status.OFF`: now PAUSED']),
    );
    expect(report.undeclared).toEqual([]);
    expect(report.breaking.map((c) => c.path).sort()).toEqual([...BREAKING_PATHS].sort());
    expect(report.dangerous.map((c) => c.path)).toEqual(['Status.PAUSED']);
    expect(report.safe.map((c) => c.path).sort()).toEqual(['Fleet.code', 'Query.fleets']);
    expect(report.unmatched).toEqual([]);
  });

  it('a rename declared by its old path only leaves the added required argument undeclared, with the exact line to add', async () => {
    const report = reportChanges(
      await schemaChanges(BASELINE, NEXT),
      changelog(['- `Query.fleets.wid`: renamed to workspaceId', '- `Legacy`: removed', '- `Fleet.created`: a DateTime string', '- `Status.OFF`: now PAUSED']),
    );
    expect(report.undeclared.map((c) => c.path)).toEqual(['Query.fleets.workspaceId']);
    expect(linesToDeclare(report.undeclared)).toEqual(["- `Query.fleets.workspaceId`: Argument 'workspaceId: ID!' added to field 'Query.fleets'"]);
  });

  it('nothing declared: all 5 breaking changes undeclared, one line each in Inspector wording', async () => {
    const report = reportChanges(await schemaChanges(BASELINE, NEXT), changelog([]));
    expect(linesToDeclare(report.undeclared).sort()).toEqual([
      "- `Fleet.created`: Field 'Fleet.created' changed type from 'Int!' to 'String!'",
      "- `Legacy`: Type 'Legacy' was removed",
      "- `Query.fleets.wid`: Argument 'wid: ID!' was removed from field 'Query.fleets'",
      "- `Query.fleets.workspaceId`: Argument 'workspaceId: ID!' added to field 'Query.fleets'",
      "- `Status.OFF`: Enum value 'OFF' was removed from enum 'Status'",
    ]);
  });

  it('a declaration in a released section or in prose does not cover an unreleased change', async () => {
    const report = reportChanges(await schemaChanges(BASELINE, NEXT), changelog([], ['- `Legacy`: removed in 0.1.0']));
    expect(report.undeclared.map((c) => c.path)).toContain('Legacy');
    expect(report.undeclared.map((c) => c.path)).toContain('Query.fleets.wid');
    expect(report.undeclared).toHaveLength(5);
  });

  it('a path matches exactly: declaring the type `Fleet` does not cover the field `Fleet.created`', async () => {
    const report = reportChanges(await schemaChanges(BASELINE, NEXT), changelog(['- `Fleet`: reshaped']));
    expect(report.undeclared.map((c) => c.path)).toContain('Fleet.created');
    expect(report.unmatched).toEqual(['Fleet']);
  });

  it('a declared path no breaking change has is reported as unmatched (a typo, a reverted change)', async () => {
    const report = reportChanges(await schemaChanges(BASELINE, BASELINE), changelog(['- `Query.fleets.wdi`: renamed']));
    expect(report.breaking).toEqual([]);
    expect(report.undeclared).toEqual([]);
    expect(report.unmatched).toEqual(['Query.fleets.wdi']);
  });

  it('dangerous and safe changes alone need no line', async () => {
    const onlySafe = BASELINE.replace('type Fleet { id: ID!', 'type Fleet { code: String id: ID!').replace('enum Status { ON OFF }', 'enum Status { ON OFF PAUSED }');
    const report = reportChanges(await schemaChanges(BASELINE, onlySafe), changelog([]));
    expect(report.undeclared).toEqual([]);
    expect(report.dangerous.map((c) => c.path)).toEqual(['Status.PAUSED']);
    expect(report.safe.map((c) => c.path)).toEqual(['Fleet.code']);
  });
});

describe('releaseChangelog', () => {
  it('turns "## Unreleased" into "## <version> (<date>)" over the same entries, under a new empty "## Unreleased"', () => {
    const md = '# Schema changes\n\nThe rule.\n\n## Unreleased\n\n- `Legacy`: removed\n\n## 0.1.0 (2026-01-01)\n\n- First baseline\n';
    expect(releaseChangelog(md, '0.2.0', '2026-02-03')).toBe(
      '# Schema changes\n\nThe rule.\n\n## Unreleased\n\n## 0.2.0 (2026-02-03)\n\n- `Legacy`: removed\n\n## 0.1.0 (2026-01-01)\n\n- First baseline\n',
    );
  });

  it('after a release the released lines declare nothing any more', () => {
    const released = releaseChangelog(changelog(['- `Legacy`: removed']), '0.2.0', '2026-02-03');
    expect([...declaredPaths(released)]).toEqual([]);
  });

  it('refuses a changelog without "## Unreleased", a version released already, and a version with spaces', () => {
    expect(() => releaseChangelog('# Schema changes\n\n## 0.1.0 (2026-01-01)\n', '0.2.0', '2026-02-03')).toThrow('release: schema/CHANGES.md has no "## Unreleased" heading');
    expect(() => releaseChangelog(changelog([]), '0.1.0', '2026-02-03')).toThrow('release: schema/CHANGES.md already has a "## 0.1.0" section');
    expect(() => releaseChangelog(changelog([]), 'one two', '2026-02-03')).toThrow('release: "one two" is not a version (one word, e.g. 1.2.0)');
  });
});
