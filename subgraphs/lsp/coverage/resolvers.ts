import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { Coverage, CoverageArea, CoverageRoute } from './entities.js';
import { CoverageTransitType } from './enums.js';
import {
  AllCoverageArgs, CoverageAreaInput, CoverageAreaPage, CoverageAreaUpdateInput, CoverageEntryRemoveInput, CoverageListArgs, CoveragePage,
  CoveragePointInput, CoverageRouteInput, CoverageRoutePage, CoverageRouteUpdateInput, CoverageTransitPointInput,
} from './types.js';
import { referenceResolver } from '../common/references.js';
import * as coverage from './service.js';

const AREA_ID = { description: 'Identifier of the coverage area.' };
const ROUTE_ID = { description: 'Identifier of the coverage route.' };
const TRANSIT_TYPE = { description: 'The record\'s transit type (an area takes FIRST_MILE, LAST_MILE or DOOR_TO_DOOR). REST: the path\'s `:type`.' };
const INPUT = { description: 'The operation\'s input.' };

/** Coverage areas (`/v1/lsp/coverage/areas…`). Results are Coverage records of type AREA, shown as CoverageArea. */
@Resolver(() => CoverageArea)
export class CoverageAreaResolver {
  @Mutation(() => CoverageArea, { description: 'Create a coverage area of a transit type, where the LSP serves; it starts INACTIVE. REST: `POST /v1/lsp/coverage/areas/:type`.' })
  createCoverageArea(@Arg('transitType', () => CoverageTransitType, TRANSIT_TYPE) transitType: CoverageTransitType, @Arg('input', INPUT) input: CoverageAreaInput, @Ctx() ctx: SubgraphContext) {
    return coverage.createArea(ctx, transitType, input);
  }

  @Query(() => CoverageArea, { description: 'One coverage area of the calling LSP, by its identifier. REST: `GET /v1/lsp/coverage/areas/:id`.' })
  coverageArea(@Arg('id', () => ID, AREA_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return coverage.getCoverage(ctx, 'AREA', id);
  }

  @Query(() => CoverageAreaPage, { description: 'The coverage areas of the calling LSP, a page ordered by code. REST: `GET /v1/lsp/coverage/areas`.' })
  coverageAreas(@Args() args: CoverageListArgs, @Ctx() ctx: SubgraphContext) {
    return coverage.listCoverage(ctx, 'AREA', args);
  }

  @Mutation(() => CoverageArea, {
    description: 'Update a coverage area: its transit type becomes `transitType`; `status: ACTIVE` activates a complete area. REST: `PATCH /v1/lsp/coverage/areas/:id/:type`.',
  })
  updateCoverageArea(
    @Arg('id', () => ID, AREA_ID) id: string,
    @Arg('transitType', () => CoverageTransitType, TRANSIT_TYPE) transitType: CoverageTransitType,
    @Arg('input', INPUT) input: CoverageAreaUpdateInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return coverage.updateArea(ctx, id, transitType, input);
  }

  @Mutation(() => CoverageArea, { description: 'Link the area to a node or a place: appended to linkedTo, the area turns INACTIVE. REST: `PUT /v1/lsp/coverage/areas/:id/link`.' })
  linkCoverageArea(@Arg('id', () => ID, AREA_ID) id: string, @Arg('input', INPUT) input: CoveragePointInput, @Ctx() ctx: SubgraphContext) {
    return coverage.linkArea(ctx, id, input);
  }

  @Mutation(() => CoverageArea, { description: 'Remove a linkedTo entry by position or node id; the area turns INACTIVE. REST: `PATCH /v1/lsp/coverage/areas/:id/unlink`.' })
  unlinkCoverageArea(@Arg('id', () => ID, AREA_ID) id: string, @Arg('input', INPUT) input: CoverageEntryRemoveInput, @Ctx() ctx: SubgraphContext) {
    return coverage.unlinkArea(ctx, id, input);
  }

  @Mutation(() => CoverageArea, { description: 'Delete a coverage area without allocated vehicles; answers it as it was. REST: `DELETE /v1/lsp/coverage/areas/:id`.' })
  deleteCoverageArea(@Arg('id', () => ID, AREA_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return coverage.deleteCoverage(ctx, 'AREA', id);
  }
}

/** Coverage routes (`/v1/lsp/coverage/routes…`). */
@Resolver(() => CoverageRoute)
export class CoverageRouteResolver {
  @Mutation(() => CoverageRoute, { description: 'Create a coverage route of a transit type, a leg the LSP runs; it starts INACTIVE. REST: `POST /v1/lsp/coverage/routes/:type`.' })
  createCoverageRoute(@Arg('transitType', () => CoverageTransitType, TRANSIT_TYPE) transitType: CoverageTransitType, @Arg('input', INPUT) input: CoverageRouteInput, @Ctx() ctx: SubgraphContext) {
    return coverage.createRoute(ctx, transitType, input);
  }

  @Query(() => CoverageRoute, { description: 'One coverage route of the calling LSP, by its identifier. REST: `GET /v1/lsp/coverage/routes/:id`.' })
  coverageRoute(@Arg('id', () => ID, ROUTE_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return coverage.getCoverage(ctx, 'ROUTE', id);
  }

  @Query(() => CoverageRoutePage, { description: 'The coverage routes of the calling LSP, a page ordered by code. REST: `GET /v1/lsp/coverage/routes`.' })
  coverageRoutes(@Args() args: CoverageListArgs, @Ctx() ctx: SubgraphContext) {
    return coverage.listCoverage(ctx, 'ROUTE', args);
  }

  @Mutation(() => CoverageRoute, {
    description: 'Update a coverage route: its transit type becomes `transitType`; `status: ACTIVE` activates a complete route. REST: `PATCH /v1/lsp/coverage/routes/:id/:type`.',
  })
  updateCoverageRoute(
    @Arg('id', () => ID, ROUTE_ID) id: string,
    @Arg('transitType', () => CoverageTransitType, TRANSIT_TYPE) transitType: CoverageTransitType,
    @Arg('input', INPUT) input: CoverageRouteUpdateInput,
    @Ctx() ctx: SubgraphContext,
  ) {
    return coverage.updateRoute(ctx, id, transitType, input);
  }

  @Mutation(() => CoverageRoute, { description: 'Add a transit point to a route (a node or a place); the route turns INACTIVE. REST: `PUT /v1/lsp/coverage/routes/:id/transit-point`.' })
  addCoverageTransitPoint(@Arg('id', () => ID, ROUTE_ID) id: string, @Arg('input', INPUT) input: CoverageTransitPointInput, @Ctx() ctx: SubgraphContext) {
    return coverage.addTransitPoint(ctx, id, input);
  }

  @Mutation(() => CoverageRoute, { description: 'Remove a transit point of a route by position or node id; the route turns INACTIVE. REST: `PATCH /v1/lsp/coverage/routes/:id/transit-point`.' })
  removeCoverageTransitPoint(@Arg('id', () => ID, ROUTE_ID) id: string, @Arg('input', INPUT) input: CoverageEntryRemoveInput, @Ctx() ctx: SubgraphContext) {
    return coverage.removeTransitPoint(ctx, id, input);
  }

  @Mutation(() => CoverageRoute, { description: 'Delete a coverage route without allocated vehicles; answers it as it was. REST: `DELETE /v1/lsp/coverage/routes/:id`.' })
  deleteCoverageRoute(@Arg('id', () => ID, ROUTE_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return coverage.deleteCoverage(ctx, 'ROUTE', id);
  }
}

/** Both kinds (`GET /v1/lsp/coverage`). */
@Resolver(() => Coverage)
export class CoverageResolver {
  @Query(() => CoveragePage, { description: 'All coverage of the calling LSP, areas and routes together, a page ordered by code. REST: `GET /v1/lsp/coverage`.' })
  coverage(@Args() args: AllCoverageArgs, @Ctx() ctx: SubgraphContext) {
    return coverage.listCoverage(ctx, undefined, args);
  }
}

/** Coverage areas and routes as entities other subgraphs reference by id (an area's id names no route). */
export const coverageReferences = {
  CoverageArea: referenceResolver(Coverage, 'CoverageArea', { type: 'AREA' }),
  CoverageRoute: referenceResolver(Coverage, 'CoverageRoute', { type: 'ROUTE' }),
};
