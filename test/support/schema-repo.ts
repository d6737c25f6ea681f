import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A git repository of its own for `npm run schema:review` on real refs: a first commit holding the platform's committed
 * schema/supergraph.graphql, and a second (HEAD) holding `edit` of it. `edit` must change the text (else it throws: a
 * review of nothing proves nothing). `remove()` deletes the repository.
 */
export function supergraphRepo(edit: (sdl: string) => string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'schema-repo-'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Reviewer', '-c', 'user.email=reviewer@example.com', ...args], { cwd: dir });
  const file = join(dir, 'schema/supergraph.graphql');
  const committed = readFileSync('schema/supergraph.graphql', 'utf8');
  const edited = edit(committed);
  if (edited === committed) throw new Error('supergraphRepo: the edit changes nothing');
  git('init', '-q');
  mkdirSync(join(dir, 'schema'));
  writeFileSync(file, committed);
  git('add', '.');
  git('commit', '-qm', 'the platform as it is');
  writeFileSync(file, edited);
  git('commit', '-qam', 'the change under review');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
