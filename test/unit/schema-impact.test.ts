import { composeServices } from '@apollo/composition';
import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schemaChanges } from '../../scripts/schema-changes.js';
import { apiSdlOf, changeImpacts, operationCoordinates, supergraphOwners, type OperationUse } from '../../scripts/schema-impact.js';

/**
 * Who a schema change breaks (scripts/schema-impact.ts, run by `npm run schema:review` and `npm run schema:check`):
 * two small subgraphs composed for real by @apollo/composition, REST routes and a persisted operation using parts of
 * them, and a next version of the subgraphs with one change of each kind the review must tell apart.
 */

const LINK = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])';

/** Subgraph `users`: users, with an unused field. */
const usersV1 = `${LINK}
type Query { "The caller." me: User }
"A user." type User @key(fields: "id") { "Id." id: ID! "E-mail." email: String! "Never read by any operation." nickname: String }
`;

/** Subgraph `lsp`: fleets, referencing users across families (Fleet.owner: User). */
const lspV1 = `${LINK}
type Query {
  "Fleets, by status."
  fleets("Only these." status: FleetStatus): [Fleet!]!
}
type Mutation { "Adds a fleet." addFleet("The fleet." input: FleetInput!): Fleet! }
"A fleet." type Fleet @key(fields: "id") { "Id." id: ID! "Name." name: String! "Owner, a user of the users family." owner: User! }
"A fleet's status." enum FleetStatus { "In service." ACTIVE "Out of service." RETIRED }
"A new fleet." input FleetInput { "Name." name: String! "Status." status: FleetStatus }
"A user (reference)." type User @key(fields: "id", resolvable: false) { "Id." id: ID! }
`;

function supergraph(users: string, lsp: string): string {
  const result = composeServices([
    { name: 'users', url: 'http://users/graphql', typeDefs: parse(users) },
    { name: 'lsp', url: 'http://lsp/graphql', typeDefs: parse(lsp) },
  ]);
  if (result.errors?.length) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result.supergraphSdl!;
}

const operations: OperationUse[] = [
  { name: 'GET /v1/fleets', kind: 'rest', document: 'query Fleets($status: FleetStatus) { fleets(status: $status) { id name owner { id email } } }' },
  { name: 'POST /v1/fleets', kind: 'rest', document: 'mutation Add($input: FleetInput!) { addFleet(input: $input) { id } }' },
  { name: 'GET /v1/me', kind: 'rest', document: 'query Me { me { id email } }' },
  { name: 'FleetNames (3f2a9c1e)', kind: 'persisted', document: 'query FleetNames { fleets { name } }' },
];

async function review(users: string, lsp: string) {
  const before = supergraph(usersV1, lspV1);
  const after = supergraph(users, lsp);
  const beforeApi = apiSdlOf(before);
  const changes = await schemaChanges(beforeApi, apiSdlOf(after));
  return changeImpacts({ changes, beforeApiSdl: beforeApi, beforeSupergraphSdl: before, afterSupergraphSdl: after, operations });
}

describe('schema impact', () => {
  it('a safe addition affects no route and no operation, and names the subgraph that adds it', async () => {
    const impacts = await review(usersV1, lspV1.replace('"Name." name: String! "Owner', '"Name." name: String! "Colour." colour: String "Owner'));
    expect(impacts.map((i) => [i.level, i.path, i.owners, i.routes, i.operations])).toEqual([
      ['SAFE', 'Fleet.colour', ['lsp'], [], []],
      ['SAFE', 'Fleet.colour', ['lsp'], [], []], // its description, a second change at the same path
    ]);
  });

  it('a removal used by REST routes and a persisted operation: breaking, with each of them named', async () => {
    const impacts = await review(usersV1, lspV1.replace('"Name." name: String! "Owner', '"Owner'));
    const removal = impacts.find((i) => i.path === 'Fleet.name')!;
    expect(removal).toMatchObject({ level: 'BREAKING', owners: ['lsp'], routes: ['GET /v1/fleets'], operations: ['FleetNames (3f2a9c1e)'] });
  });

  it('a removal used by no operation: breaking, owned by its family, affecting nothing', async () => {
    const impacts = await review(usersV1.replace('"Never read by any operation." nickname: String ', ''), lspV1);
    expect(impacts.map((i) => [i.level, i.path, i.owners, i.routes, i.operations])).toEqual([['BREAKING', 'User.nickname', ['users'], [], []]]);
  });

  it('a field used across families: a removal in the users family breaks the lsp route that reads it through Fleet.owner', async () => {
    const impacts = await review(usersV1.replace('"E-mail." email: String! ', ''), lspV1);
    expect(impacts.find((i) => i.path === 'User.email')).toMatchObject({ level: 'BREAKING', owners: ['users'], routes: ['GET /v1/fleets', 'GET /v1/me'], operations: [] });
  });

  it('a required argument added breaks every operation selecting the field; an enum value removed breaks those passing the enum', async () => {
    const impacts = await review(
      usersV1,
      lspV1.replace('fleets("Only these." status: FleetStatus)', 'fleets("Only these." status: FleetStatus, "Page size." first: Int!)').replace(' "Out of service." RETIRED', ''),
    );
    expect(impacts.find((i) => i.path === 'Query.fleets.first')).toMatchObject({ level: 'BREAKING', routes: ['GET /v1/fleets'], operations: ['FleetNames (3f2a9c1e)'] });
    // FleetStatus is passed by GET /v1/fleets (a variable) and POST /v1/fleets (inside FleetInput)
    expect(impacts.find((i) => i.path === 'FleetStatus.RETIRED')).toMatchObject({ level: 'BREAKING', owners: ['lsp'], routes: ['GET /v1/fleets', 'POST /v1/fleets'], operations: [] });
  });

  it('coordinates of an operation: fields with their types, arguments, and what its variables may carry', () => {
    const schema = apiSdlOf(supergraph(usersV1, lspV1));
    const used = operationCoordinates(buildSchema(schema), operations[1].document);
    expect([...used].sort()).toEqual([
      'Fleet',
      'Fleet.id',
      'FleetInput',
      'FleetInput.name',
      'FleetInput.status',
      'FleetStatus',
      'FleetStatus.ACTIVE',
      'FleetStatus.RETIRED',
      'ID',
      'Mutation',
      'Mutation.addFleet',
      'Mutation.addFleet.input',
      'String',
    ]);
  });

  it('owners from the supergraph: an entity field its family resolves, a reference stub not counted', () => {
    const owners = supergraphOwners(supergraph(usersV1, lspV1));
    expect(owners('User')).toEqual(['users']);
    expect(owners('User.email')).toEqual(['users']);
    expect(owners('Fleet.owner')).toEqual(['lsp']);
    expect(owners('FleetStatus.RETIRED')).toEqual(['lsp']);
    expect(owners('Query.me')).toEqual(['users']);
  });
});
