import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { queriesScope } from '../common/scope.js';
import * as registry from './service.js';
import { AdvancedDiscoveryInput, AvailabilityInput, DiscoveryInput, DiscoveryResult, ServiceAnswer, ServiceCount } from './types.js';

const INPUT = { description: 'What to search (the REST request body).' };

/** Discovery over the service registry (spec group 17, REST `/v1/queries/discovery/*`; docs/queries.md "Discovery"). */
@Resolver()
export class RegistryResolver {
  @Query(() => DiscoveryResult, { description: "Services of one type in the caller's workspace, optionally near a point, filtered, a page at a time. REST: `POST /v1/queries/discovery/discover`." })
  discoverServices(@Arg('input', () => DiscoveryInput, INPUT) input: DiscoveryInput, @Ctx() ctx: SubgraphContext) {
    return registry.discoverServices(queriesScope(ctx), input);
  }

  @Query(() => DiscoveryResult, { description: 'A discovery with capability and performance conditions. REST: `POST /v1/queries/discovery/advanced`.' })
  discoverServicesAdvanced(@Arg('input', () => AdvancedDiscoveryInput, INPUT) input: AdvancedDiscoveryInput, @Ctx() ctx: SubgraphContext) {
    return registry.discoverServicesAdvanced(queriesScope(ctx), input);
  }

  @Query(() => DiscoveryResult, { description: 'Services with at least some free capacity of a kind, each with that capacity. REST: `POST /v1/queries/discovery/available`.' })
  discoverAvailableServices(@Arg('input', () => AvailabilityInput, INPUT) input: AvailabilityInput, @Ctx() ctx: SubgraphContext) {
    return registry.discoverAvailableServices(queriesScope(ctx), input);
  }

  @Query(() => ServiceCount, { description: 'How many services a discovery would find. REST: `POST /v1/queries/discovery/count`.' })
  countServices(@Arg('input', () => DiscoveryInput, INPUT) input: DiscoveryInput, @Ctx() ctx: SubgraphContext) {
    return registry.countServices(queriesScope(ctx), input);
  }

  @Query(() => ServiceAnswer, { description: "One service of the caller's workspace by its composite id, whatever its status. REST: `GET /v1/queries/discovery/:compositeId`." })
  registryService(@Arg('compositeId', () => ID, { description: 'The service: `<lsp>:<serviceId>`.' }) compositeId: string, @Ctx() ctx: SubgraphContext) {
    return registry.serviceEntry(queriesScope(ctx), compositeId);
  }
}
