import { createRequire } from 'node:module';
import { Supergraph } from '@apollo/federation-internals';
import type { ConstDirectiveNode, GraphQLSchema } from 'graphql';
import type { SchemaChange } from './schema-changes.js';
import { operationCoordinates } from '../kernel/schema-coordinates.js';

export { operationCoordinates };

/**
 * Who a schema change breaks (`npm run schema:review`, scripts/schema-review.ts, and `npm run schema:check`): for
 * each change, the subgraphs that own its type or field, the REST routes whose GraphQL operation uses what it
 * changes, and the persisted (client) operations that do. Pure: SDL, documents and changes in, a report out.
 *
 * An operation "uses" a schema coordinate when it selects it or passes it: `Type.field` for each selected field (and
 * the field's type), `Type.field.argument` for each argument given, and every input type, input field, enum and
 * enum value reachable from the operation's variables and arguments (a removed input field or enum value may be one
 * the REST client sends). A change at a coordinate affects an operation that uses that coordinate; a change to an
 * argument (`Type.field.argument`, say a required one added) affects every operation selecting `Type.field`; a change
 * inside an input type or an enum (`Input.field`, `Enum.VALUE`) affects every operation that passes that type.
 */

// the CommonJS graphql, as scripts/schema-changes.ts uses (one instance for schemas built here and GraphQL Inspector)
const graphql = createRequire(import.meta.url)('graphql') as typeof import('graphql');
const { Kind, isTypeSystemDefinitionNode, buildSchema, isEnumType, isInputObjectType, parse } = graphql;

/** The API schema of a supergraph SDL (what clients see), printed as `npm run compose` prints it. */
export const apiSdlOf = (supergraphSdl: string): string => graphql.printSchema(Supergraph.build(supergraphSdl).apiSchema().toGraphQLJSSchema());

/** One operation a change may break: a REST route's (`GET /v1/lsp/fleets`) or a persisted client operation's. */
export interface OperationUse {
  /** How a reviewer names it: `GET /v1/lsp/fleets`, or `persisted FleetList (3f2a9c1e)`. */
  name: string;
  kind: 'rest' | 'persisted';
  /** The GraphQL document's text. */
  document: string;
}

export interface ChangeImpact extends SchemaChange {
  /** The subgraphs owning the changed type or field (from the supergraph's `@join__*` directives), sorted. */
  owners: string[];
  /** The REST routes whose operation uses the changed coordinate, as `METHOD /path`. */
  routes: string[];
  /** The persisted client operations that use it. */
  operations: string[];
}

/** Whether an operation using `used` is affected by a change at `path` (see the module's comment). */
export function affects(path: string, used: ReadonlySet<string>, schema: GraphQLSchema): boolean {
  if (used.has(path)) return true;
  const [typeName, fieldName, argName] = path.split('.');
  if (argName !== undefined) return used.has(`${typeName}.${fieldName}`);
  if (fieldName === undefined) return false;
  const type = schema.getType(typeName);
  return !!type && (isInputObjectType(type) || isEnumType(type)) && used.has(typeName);
}

/** `graph enum value → subgraph name` and the owners of each type and field, read from a supergraph's SDL. */
export function supergraphOwners(supergraphSdl: string): (path: string) => string[] {
  const ast = parse(supergraphSdl);
  const graphName = new Map<string, string>();
  const types = new Map<string, string[]>();
  const fields = new Map<string, string[]>();
  /** A directive argument's literal: a string, an enum value's name or a boolean (undefined when absent). */
  const arg = (d: ConstDirectiveNode, name: string): string | boolean | undefined => {
    const v = d.arguments?.find((a) => a.name.value === name)?.value;
    return v && (v.kind === Kind.STRING || v.kind === Kind.ENUM || v.kind === Kind.BOOLEAN) ? v.value : undefined;
  };
  for (const def of ast.definitions) {
    if (def.kind === Kind.ENUM_TYPE_DEFINITION && def.name.value === 'join__Graph') {
      for (const v of def.values ?? []) {
        const d = v.directives?.find((x) => x.name.value === 'join__graph');
        const name = d && arg(d, 'name');
        if (typeof name === 'string') graphName.set(v.name.value, name);
      }
    }
  }
  // the graphs a type or field is resolved in: its join directives' graphs, less external fields and reference stubs
  const graphsOf = (directives: readonly ConstDirectiveNode[] | undefined, directive: string) =>
    (directives ?? [])
      .filter((d) => d.name.value === directive && arg(d, 'external') !== true && arg(d, 'resolvable') !== false)
      .map((d) => arg(d, 'graph'))
      .filter((g): g is string => typeof g === 'string')
      .map((g) => graphName.get(g) ?? g.toLowerCase());
  for (const def of ast.definitions) {
    if (!isTypeSystemDefinitionNode(def) || def.kind === Kind.SCHEMA_DEFINITION || def.kind === Kind.DIRECTIVE_DEFINITION) continue;
    const typeName = def.name.value;
    const typeGraphs = graphsOf(def.directives, 'join__type');
    types.set(typeName, typeGraphs);
    const members = 'fields' in def ? (def.fields ?? []) : 'values' in def ? (def.values ?? []) : [];
    for (const m of members) {
      const own = graphsOf(m.directives, m.kind === Kind.ENUM_VALUE_DEFINITION ? 'join__enumValue' : 'join__field');
      fields.set(`${typeName}.${m.name.value}`, own.length ? own : typeGraphs);
    }
  }
  return (path) => {
    const [typeName, fieldName] = path.replace(/^@/, '').split('.');
    const found = fieldName !== undefined ? (fields.get(`${typeName}.${fieldName}`) ?? types.get(typeName)) : types.get(typeName);
    return [...new Set(found ?? [])].sort();
  };
}

export interface ImpactInput {
  changes: SchemaChange[];
  /** The API schema before the change (the operations are read against it: they use what the change removes). */
  beforeApiSdl: string;
  /** The supergraphs before and after (owners of what was removed, of what was added); before may be unknown. */
  beforeSupergraphSdl?: string;
  afterSupergraphSdl: string;
  operations: OperationUse[];
}

/** Each change with its owners, and the REST routes and persisted operations it affects. */
export function changeImpacts(input: ImpactInput): ChangeImpact[] {
  const schema = buildSchema(input.beforeApiSdl);
  const after = supergraphOwners(input.afterSupergraphSdl);
  const before = input.beforeSupergraphSdl ? supergraphOwners(input.beforeSupergraphSdl) : () => [];
  const uses = input.operations.map((op) => {
    let used: Set<string>;
    try {
      used = operationCoordinates(schema, op.document);
    } catch {
      used = new Set(); // a document that does not parse uses nothing of any schema
    }
    return { op, used };
  });
  return input.changes.map((change) => {
    const owners = after(change.path).length ? after(change.path) : before(change.path);
    const hit = uses.filter((u) => affects(change.path, u.used, schema)).map((u) => u.op);
    return {
      ...change,
      owners,
      routes: hit.filter((o) => o.kind === 'rest').map((o) => o.name),
      operations: hit.filter((o) => o.kind === 'persisted').map((o) => o.name),
    };
  });
}
