import { Ctx, Query, Resolver } from 'type-graphql';
import { forbidden } from '../../../kernel/errors.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { scope } from '../common/scope.js';
import { graphKind } from '../common/vocabulary.js';
import { Viewer } from './types.js';

@Resolver(() => Viewer)
export class ViewerResolver {
  @Query(() => Viewer, { description: 'Who the caller is: the credential the gateway resolved and what it is bound to.' })
  viewer(@Ctx() ctx: SubgraphContext): Viewer {
    const { principal: p } = scope(ctx);
    // a family of the platform calling through the graph (kernel/graph-client.ts) is no client credential
    if (p.kind === 'service') throw forbidden('A family of the platform has no viewer');
    return {
      kind: p.kind,
      userId: 'userId' in p ? p.userId : undefined,
      workspaceId: 'workspaceId' in p ? p.workspaceId : p.kind === 'origin' && p.connectors.length === 1 ? p.connectors[0].workspaceId : undefined,
      providerKind: 'providerKind' in p ? graphKind(p.providerKind) : undefined,
      providerCode: 'providerCode' in p ? p.providerCode : p.kind === 'origin' && p.connectors.length === 1 ? p.connectors[0].providerCode : undefined,
      role: p.kind === 'provider' ? p.role : undefined,
      connectorId: p.kind === 'connector' ? p.connectorId : p.kind === 'origin' && p.connectors.length === 1 ? p.connectors[0].connectorId : undefined,
      scopes: 'scopes' in p ? p.scopes : undefined,
    };
  }
}
