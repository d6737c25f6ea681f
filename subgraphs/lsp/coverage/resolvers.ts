import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { Coverage, CoverageArea, CoverageRoute } from './entities.js';
import {
  AllCoverageArgs, CoverageAreaInput, CoverageAreaPage, CoverageAreaUpdateInput, CoverageEntryRemoveInput, CoverageListArgs, CoveragePage,
  CoveragePointInput, CoverageRouteInput, CoverageRoutePage, CoverageRouteUpdateInput, CoverageTransitPointInput,
} from './types.js';
import * as coverage from './service.js';

const AREA_ID = { description: 'Coverage area identifier.' };
const ROUTE_ID = { description: 'Coverage route identifier.' };
const TYPE = { description: 'Transit type (LAST_MILE, HUB_TO_TERMINAL, …; lower case and - accepted): see docs/lsp-coverage.md.' };
const INPUT = { description: 'The operation\'s input.' };

/** Coverage areas (`/v1/lsp/coverage/areas…`). Results are Coverage records of type AREA, shown as CoverageArea. */
@Resolver(() => CoverageArea)
export class CoverageAreaResolver {
  @Mutation(() => CoverageArea, { description: 'Create a coverage area of a transit type; it starts INACTIVE (`POST /v1/lsp/coverage/areas/:type`).' })
  createCoverageArea(@Arg('type', TYPE) type: string, @Arg('input', INPUT) input: CoverageAreaInput, @Ctx() ctx: SubgraphContext) {
    return coverage.createArea(ctx, type, input);
  }

  @Query(() => CoverageArea, { description: 'A coverage area (`GET /v1/lsp/coverage/areas/:id`).' })
  coverageArea(@Arg('id', () => ID, AREA_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return coverage.getCoverage(ctx, 'AREA', id);
  }

  @Query(() => CoverageAreaPage, { description: 'The LSP\'s coverage areas, by code (`GET /v1/lsp/coverage/areas`).' })
  coverageAreas(@Args() args: CoverageListArgs, @Ctx() ctx: SubgraphContext) {
    return coverage.listCoverage(ctx, 'AREA', args);
  }

  @Mutation(() => CoverageArea, { description: 'Update an area; `type` becomes its transit type; `status: ACTIVE` activates a complete area (`PATCH /v1/lsp/coverage/areas/:id/:type`).' })
  updateCoverageArea(
    @Arg('id', () => ID, AREA_ID) id: string, @Arg('type', TYPE) type: string, @Arg('input', INPUT) input: CoverageAreaUpdateInput, @Ctx() ctx: SubgraphContext,
  ) {
    return coverage.updateArea(ctx, id, type, input);
  }

  @Mutation(() => CoverageArea, { description: 'Link the area to a node or an address: appends to linkedTo, status INACTIVE (`PUT /v1/lsp/coverage/areas/:id/link`).' })
  linkCoverageArea(@Arg('id', () => ID, AREA_ID) id: string, @Arg('input', INPUT) input: CoveragePointInput, @Ctx() ctx: SubgraphContext) {
    return coverage.linkArea(ctx, id, input);
  }

  @Mutation(() => CoverageArea, { description: 'Remove a linkedTo entry by index or node id; status INACTIVE (`PATCH /v1/lsp/coverage/areas/:id/unlink`).' })
  unlinkCoverageArea(@Arg('id', () => ID, AREA_ID) id: string, @Arg('input', INPUT) input: CoverageEntryRemoveInput, @Ctx() ctx: SubgraphContext) {
    return coverage.unlinkArea(ctx, id, input);
  }

  @Mutation(() => CoverageArea, { description: 'Delete an area; answers it as it was (`DELETE /v1/lsp/coverage/areas/:id`).' })
  deleteCoverageArea(@Arg('id', () => ID, AREA_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return coverage.deleteCoverage(ctx, 'AREA', id);
  }
}

/** Coverage routes (`/v1/lsp/coverage/routes…`). */
@Resolver(() => CoverageRoute)
export class CoverageRouteResolver {
  @Mutation(() => CoverageRoute, { description: 'Create a coverage route of a transit type; it starts INACTIVE (`POST /v1/lsp/coverage/routes/:type`).' })
  createCoverageRoute(@Arg('type', TYPE) type: string, @Arg('input', INPUT) input: CoverageRouteInput, @Ctx() ctx: SubgraphContext) {
    return coverage.createRoute(ctx, type, input);
  }

  @Query(() => CoverageRoute, { description: 'A coverage route (`GET /v1/lsp/coverage/routes/:id`).' })
  coverageRoute(@Arg('id', () => ID, ROUTE_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return coverage.getCoverage(ctx, 'ROUTE', id);
  }

  @Query(() => CoverageRoutePage, { description: 'The LSP\'s coverage routes, by code (`GET /v1/lsp/coverage/routes`).' })
  coverageRoutes(@Args() args: CoverageListArgs, @Ctx() ctx: SubgraphContext) {
    return coverage.listCoverage(ctx, 'ROUTE', args);
  }

  @Mutation(() => CoverageRoute, { description: 'Update a route; `type` becomes its transit type; `status: ACTIVE` activates a complete route (`PATCH /v1/lsp/coverage/routes/:id/:type`).' })
  updateCoverageRoute(
    @Arg('id', () => ID, ROUTE_ID) id: string, @Arg('type', TYPE) type: string, @Arg('input', INPUT) input: CoverageRouteUpdateInput, @Ctx() ctx: SubgraphContext,
  ) {
    return coverage.updateRoute(ctx, id, type, input);
  }

  @Mutation(() => CoverageRoute, { description: 'Add a transit point (a node by id or a place by address); status INACTIVE (`PUT /v1/lsp/coverage/routes/:id/transit-point`).' })
  addCoverageTransitPoint(@Arg('id', () => ID, ROUTE_ID) id: string, @Arg('input', INPUT) input: CoverageTransitPointInput, @Ctx() ctx: SubgraphContext) {
    return coverage.addTransitPoint(ctx, id, input);
  }

  @Mutation(() => CoverageRoute, { description: 'Remove a transit point by index or node id; status INACTIVE (`PATCH /v1/lsp/coverage/routes/:id/transit-point`).' })
  removeCoverageTransitPoint(@Arg('id', () => ID, ROUTE_ID) id: string, @Arg('input', INPUT) input: CoverageEntryRemoveInput, @Ctx() ctx: SubgraphContext) {
    return coverage.removeTransitPoint(ctx, id, input);
  }

  @Mutation(() => CoverageRoute, { description: 'Delete a route; answers it as it was (`DELETE /v1/lsp/coverage/routes/:id`).' })
  deleteCoverageRoute(@Arg('id', () => ID, ROUTE_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return coverage.deleteCoverage(ctx, 'ROUTE', id);
  }
}

/** Both kinds (`GET /v1/lsp/coverage`). */
@Resolver(() => Coverage)
export class CoverageResolver {
  @Query(() => CoveragePage, { description: 'All coverage of the LSP, areas and routes, by code (`GET /v1/lsp/coverage`).' })
  coverage(@Args() args: AllCoverageArgs, @Ctx() ctx: SubgraphContext) {
    return coverage.listCoverage(ctx, undefined, args);
  }
}
