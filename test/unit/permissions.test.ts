import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../kernel/principal.js';
import { may, PERMISSIONS, type Permission } from '../../subgraphs/workspace/common/permissions.js';

/**
 * subgraphs/workspace/common/permissions.ts against docs/roles.md: the table there is the contract of who may do what.
 * The expected grants are read from the doc; a few rows are also spelled out here by hand.
 */
const ROLES: Role[] = ['OWNER', 'ADMIN', 'MANAGER', 'SUPERVISOR', 'COORDINATOR', 'DEVELOPER'];

function docTable(): Map<string, Set<string>> {
  const md = readFileSync(fileURLToPath(new URL('../../docs/roles.md', import.meta.url)), 'utf8');
  const lines = md
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('|'));
  const cells = (l: string) =>
    l
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((c) => c.trim());
  const header = cells(lines.find((l) => /^\|\s*Permission\s*\|/.test(l))!);
  expect(header.slice(2)).toEqual(ROLES);
  const grants = new Map<string, Set<string>>();
  for (const line of lines.slice(lines.indexOf(lines.find((l) => /^\|\s*Permission\s*\|/.test(l))!) + 2)) {
    const row = cells(line);
    grants.set(row[0].replace(/`/g, ''), new Set(ROLES.filter((_, i) => row[i + 2] === '✓')));
  }
  return grants;
}

describe('workspace permissions', () => {
  const table = docTable();

  it('the permissions are exactly the rows of docs/roles.md', () => {
    expect(table.size).toBe(16);
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...table.keys()].sort());
  });

  it('may(role, permission) is true exactly where docs/roles.md has a ✓ (96 cells)', () => {
    let cells = 0;
    for (const [permission, roles] of table) {
      for (const role of ROLES) {
        cells++;
        expect(may(role, permission as Permission), `${role} ${permission}`).toBe(roles.has(role));
      }
    }
    expect(cells).toBe(96);
  });

  it('spelled out: only the OWNER deletes the workspace; DEVELOPER manages API keys but not members; everyone reads', () => {
    expect(ROLES.filter((r) => may(r, 'workspace.delete'))).toEqual(['OWNER']);
    expect(ROLES.filter((r) => may(r, 'apikeys.manage'))).toEqual(['OWNER', 'ADMIN', 'DEVELOPER']);
    expect(ROLES.filter((r) => may(r, 'members.manage'))).toEqual(['OWNER', 'ADMIN']);
    expect(ROLES.filter((r) => may(r, 'workspace.read'))).toEqual(ROLES);
    expect(ROLES.filter((r) => may(r, 'invitations.manage'))).toEqual(['OWNER', 'ADMIN', 'MANAGER']);
    expect(ROLES.filter((r) => may(r, 'webhooks.manage'))).toEqual(['OWNER', 'ADMIN']);
  });

  it('a role that is not one of the six is granted nothing', () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) expect(may('GUEST' as Role, permission)).toBe(false);
  });
});
