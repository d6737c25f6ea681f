import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Supergraph, parseOperation } from '@apollo/federation-internals';
import { QueryPlanner, type PlanNode, type SubscriptionNode } from '@apollo/query-planner';

let planner: { supergraph: Supergraph; planner: QueryPlanner } | undefined;

/** The subgraphs the gateway's plan for `query` (over the committed supergraph) fetches from, in plan order. */
export function subgraphsFetched(query: string): string[] {
  if (!planner) {
    const supergraph = Supergraph.build(readFileSync(join(process.cwd(), 'schema', 'supergraph.graphql'), 'utf8'));
    planner = { supergraph, planner: new QueryPlanner(supergraph) };
  }
  const plan = planner.planner.buildQueryPlan(parseOperation(planner.supergraph.schema, query));
  const walk = (node: PlanNode | SubscriptionNode | undefined): string[] => {
    if (!node) return [];
    if (node.kind === 'Fetch') return [node.serviceName];
    if (node.kind === 'Flatten') return walk(node.node);
    if (node.kind === 'Sequence' || node.kind === 'Parallel') return node.nodes.flatMap(walk);
    throw new Error(`unexpected plan node ${node.kind}`);
  };
  return walk(plan.node);
}
