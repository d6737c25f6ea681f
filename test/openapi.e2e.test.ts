import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bridgeUrl } from './helpers.js';

/**
 * The bridge's OpenAPI document passes Redocly's linter with the recommended rules at 0 errors (`@redocly/cli`). The
 * warnings left are the spec's own: templates of the route table that a literal segment separates only at run time
 * (`/v1/users/{userId}` beside `/v1/{wid}/csps`; the bridge matches literal segments first), and no licence chosen
 * for the document yet (docs/contract.md, "OpenAPI").
 */
describe('OpenAPI document, linted', () => {
  it('redocly lint --extends=recommended: 0 errors; the only warnings are ambiguous spec paths and the licence', async () => {
    const res = await fetch(`${bridgeUrl()}/openapi.json`);
    expect(res.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, await res.text());
      // redocly exits 1 when it finds errors: the report is read either way
      const { stdout } = await promisify(execFile)(join(process.cwd(), 'node_modules', '.bin', 'redocly'), ['lint', '--extends=recommended', '--format=json', file], {
        maxBuffer: 64 * 1024 * 1024,
      }).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
      const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; message: string }[] };
      expect(report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals.errors).toBe(0);
      expect([...new Set(report.problems.map((p) => p.ruleId))].sort()).toEqual(['info-license', 'no-ambiguous-paths']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
