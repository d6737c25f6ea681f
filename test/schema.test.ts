import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Supergraph } from '@apollo/federation-internals';
import { createRequire } from 'node:module';
import type { GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';

/** The committed schema/ files: in step with the code, composed, and fully described. */

// the graphql instance @apollo/federation-internals builds its schemas with (CommonJS), so type checks agree
const { isInputObjectType, isInterfaceType, isIntrospectionType, isObjectType, isSpecifiedScalarType } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

const ROOT = process.cwd();
const SUPERGRAPH = readFileSync(join(ROOT, 'schema', 'supergraph.graphql'), 'utf8');

describe('committed schema', () => {
  it('`compose --check` passes: schema/ matches what the code composes', () => {
    const run = spawnSync(process.execPath, ['dist/scripts/compose.js', '--check'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(run.error).toBeUndefined();
    expect({ status: run.status, stderr: run.stderr.trim() }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toMatch(/up to date/);
  });

  it('the supergraph joins the users subgraph and owns User there with key id', () => {
    expect(SUPERGRAPH).toMatch(/^\s*USERS @join__graph\(name: "users", url: "[^"]+\/graphql"\)/m);
    // (subgraphs that name users by a stub, `resolvable: false`, join the type too, before or after it)
    const joins = /^type User\s*\n((?:\s*@join__type\([^)]*\)\s*\n)+)\s*\{/m.exec(SUPERGRAPH)?.[1] ?? '';
    const lines = joins.trim().split(/\s*\n\s*/);
    expect(lines.filter((l) => !l.includes('resolvable: false'))).toEqual(['@join__type(graph: USERS, key: "id")']);
    expect(
      lines
        .filter((l) => l.includes('resolvable: false'))
        .map((l) => /graph: (\w+)/.exec(l)![1])
        .sort(),
    ).toEqual(['COMMERCE', 'DEV', 'IOT', 'LSP', 'WORKSPACE']);
  });

  it('schema/users.graphql is the users subgraph SDL: a federation 2 schema with User keyed by id', () => {
    const users = readFileSync(join(ROOT, 'schema', 'users.graphql'), 'utf8');
    expect(users).toMatch(/@link\(url: "https:\/\/specs\.apollo\.dev\/federation\/v2\.\d+"/);
    expect(users).toMatch(/type User @key\(fields: "id"\)/);
  });

  describe('the API schema (what clients see)', () => {
    const api: GraphQLSchema = Supergraph.build(SUPERGRAPH).apiSchema().toGraphQLJSSchema();

    it('has the operations the REST bridge and clients rely on', () => {
      const query = Object.keys(api.getQueryType()!.getFields()).sort();
      const mutation = Object.keys(api.getMutationType()!.getFields()).sort();
      expect(query).toEqual(expect.arrayContaining(['me', 'mySessions', 'searchUsers', 'user']));
      expect(mutation).toEqual(
        expect.arrayContaining([
          'deleteAccount',
          'login',
          'logout',
          'refreshToken',
          'register',
          'revokeSession',
          'submitVerification',
          'updateCustomMetadata',
          'updateNotificationSettings',
          'updatePrivacySettings',
          'updateProfile',
          'uploadAvatar',
        ]),
      );
      // no federation internals leak into the public API
      expect(query).not.toContain('_entities');
      expect(query).not.toContain('_service');
      expect(Object.keys(api.getTypeMap()).filter((t) => /^(join__|link__)/.test(t))).toEqual([]);
    });

    it('every type, field and argument has a description (root types excepted; their fields are described)', () => {
      const roots = new Set([api.getQueryType(), api.getMutationType(), api.getSubscriptionType()].filter(Boolean));
      const missing: string[] = [];
      let checked = 0;
      for (const type of Object.values(api.getTypeMap())) {
        if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
        if (!roots.has(type as never) && !type.description?.trim()) missing.push(type.name);
        checked++;
        if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
          for (const field of Object.values(type.getFields())) {
            checked++;
            if (!field.description?.trim()) missing.push(`${type.name}.${field.name}`);
            for (const arg of 'args' in field ? field.args : []) {
              checked++;
              if (!arg.description?.trim()) missing.push(`${type.name}.${field.name}(${arg.name})`);
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(100); // the walk really covered the schema
      expect(missing).toEqual([]);
    });

    it('User keeps its contact fields owner-only in its documentation', () => {
      const user = api.getType('User');
      expect(isObjectType(user)).toBe(true);
      const fields = (user as ReturnType<typeof api.getQueryType> & object).getFields();
      expect(fields.email.description).toMatch(/owner only/i);
      expect(fields.phone.description).toMatch(/owner only/i);
      // the public view (user(id), searchUsers) has no contact field at all
      const publicUser = api.getType('PublicUser');
      expect(isObjectType(publicUser)).toBe(true);
      const names = Object.keys((publicUser as ReturnType<typeof api.getQueryType> & object).getFields());
      expect(names).toEqual(['id', 'name', 'avatar', 'userType', 'verified', 'public']);
    });
  });
});
