import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { supergraphRepo } from './support/schema-repo.js';

/**
 * `npm run schema:review -- <ref> <ref>` on real git refs: a repository of its own holding the platform's committed
 * supergraph, then a commit that removes `Fleet.description` (read by the spec's fleet routes), removes the deprecated
 * `Package.ptc` (which the bridge no longer reads: it asks for `trackingCode`) and adds `Fleet.nickname`. The review
 * must class the two removals breaking, name the lsp and commerce subgraphs, and list the fleet routes under the first
 * only; the addition is safe and breaks nothing.
 */
/** Replaces the one match of `pattern` inside the block of `type <name>`; fails if the edit does not apply. */
function editType(sdl: string, name: string, edit: (block: string) => string): string {
  const start = sdl.indexOf(`\ntype ${name}\n`);
  const end = sdl.indexOf('\n}\n', start);
  expect(start, `type ${name} in the supergraph`).toBeGreaterThan(0);
  const block = sdl.slice(start, end);
  const next = edit(block);
  expect(next, `the edit of ${name} applies`).not.toBe(block);
  return sdl.slice(0, start) + next + sdl.slice(end);
}

describe('npm run schema:review', () => {
  it('two refs: removals breaking with their owners and the REST routes they break, an addition safe', () => {
    const repo = supergraphRepo((committed) => {
      const next = editType(committed, 'Fleet', (b) =>
        b
          .replace('  """Free description of the facility."""\n  description: String @join__field(graph: LSP)\n', '')
          .replace('  """Name of the facility."""\n', '  """A second name."""\n  nickname: String @join__field(graph: LSP)\n\n  """Name of the facility."""\n'),
      );
      return editType(next, 'Package', (b) => b.replace(/\n {2}"""The tracking code under its abbreviation."""\n {2}ptc: String! @deprecated\(reason: "[^\n]*"\)\n/, '\n'));
    });
    let out: string;
    try {
      out = execFileSync(process.execPath, [join(process.cwd(), 'dist/scripts/schema-review.js'), 'HEAD~1', 'HEAD'], { cwd: repo.dir, encoding: 'utf8' });
    } finally {
      repo.remove();
    }
    expect(out).toMatch(/^schema review: HEAD~1 → HEAD\n/);
    expect(out).toMatch(/\n4 change\(s\): 2 breaking \(1 break REST routes, 0 break persisted operations\), 0 dangerous, 2 safe\n/);
    // the fleet routes read a fleet's description (spec: GET /v1/lsp/fleets and GET /v1/lsp/fleets/:id answer fleet records)
    const removal = /\n {2}Fleet\.description: Field 'description' was removed from object type 'Fleet' \[lsp\]\n {4}REST routes \(\d+\): (.*)\n/.exec(out);
    expect(removal, out).not.toBeNull();
    const routes = removal![1].split(', ');
    expect(routes).toEqual(expect.arrayContaining(['GET /v1/lsp/fleets', 'GET /v1/lsp/fleets/:id']));
    // the deprecated abbreviation: breaking for GraphQL clients, but no REST route reads it
    expect(out).toMatch(/\n {2}Package\.ptc: Field 'ptc' \(deprecated\) was removed from object type 'Package' \[commerce\]\n(?! {4}REST)/);
    expect(out).toMatch(/\nsafe \(2\):\n {2}Fleet\.nickname: Field 'nickname' was added to object type 'Fleet' \[lsp\]\n/);
  });
});
