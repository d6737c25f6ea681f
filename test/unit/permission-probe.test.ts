import { getVariableValues, Kind, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { routes } from '../../rest-bridge/routes/index.js';
import { compileOperation, probeVariables } from '../../rest-bridge/translate.js';
import { supergraphApiSchema } from '../../rest-bridge/wire.js';

/**
 * The permission probe's variables (docs/contract.md "Order of checks"): whatever the request's body, the route's
 * operation must reach its resolver's scope check, so the variables must pass GraphQL's coercion against the
 * supergraph, for every route the bridge serves (a new route is covered here without a new test).
 */
const schema = supergraphApiSchema();
const definitionOf = (route: (typeof routes)[number]) => compileOperation(route).document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
const UUID = '5b0cf7b6-3f0e-4d43-9b55-2f4b8f0a9c11';

describe('permission probe variables', () => {
  it.each(routes.filter((r) => !r.files).map((r) => [r.method, r.path, r] as const))('%s %s: coerce against the supergraph with no body', (_m, _p, route) => {
    const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, route.paramValues?.[name]?.[0] ?? UUID]));
    const variables = probeVariables(compileOperation(route), { params, query: {} });
    const coerced = getVariableValues(schema, definitionOf(route).variableDefinitions ?? [], variables);
    expect(coerced.errors?.map((e) => e.message) ?? []).toEqual([]);
  });

  it('keeps the path parameters the record is named by, and fills the body with the least value of its type', () => {
    const route = routes.find((r) => r.method === 'PATCH' && r.path === '/v1/workspace/:wid')!;
    const op = compileOperation(route);
    const variables = probeVariables(op, { params: { wid: UUID.toUpperCase() }, query: {} });
    // the id as stored (lower case), as the route itself would pass it; the body's input has no required field
    expect(variables).toEqual({ wid: UUID, input: {} });
  });

  it('a parameter that does not read as its type gives way to the least value (the probe still reaches the resolver)', () => {
    const create = routes.find((r) => r.method === 'POST' && r.path === '/v1/workspace')!;
    // required input fields get the least value of their type (a workspace's name: a String)
    expect(probeVariables(compileOperation(create), { params: {}, query: {} })).toEqual({ input: { name: 'x' } });
    const route = routes.find((r) => r.method === 'GET' && r.path === '/v1/workspace/:wid')!;
    const variables = probeVariables(compileOperation(route), { params: { wid: 'not-an-id' }, query: { page: 'many' } });
    expect(Object.values(variables)).toContain('00000000-0000-4000-8000-000000000000');
    expect(getVariableValues(schema, definitionOf(route).variableDefinitions ?? [], variables).errors ?? []).toEqual([]);
  });
});
