import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { Fleet, Vehicle } from '../fleets/entities.js';
import { Agent, AgentVehicle } from './entities.js';
import { AgentInvitationCreated, AgentPage, AgentUpdateInput, AssignVehicleInput, InviteAgentInput } from './types.js';
import * as agents from './service.js';

const AID = { description: 'Agent identifier.' };
const INPUT = { description: 'The operation\'s input.' };

@Resolver(() => Agent)
export class AgentResolver {
  @Query(() => AgentPage, { description: 'The LSP\'s agents (`GET /v1/lsp/agents`).' })
  agents(@Args() args: PageArgs, @Ctx() ctx: SubgraphContext) {
    return agents.listAgents(ctx, args);
  }

  @Query(() => Agent, { description: 'An agent (`GET /v1/lsp/agents/:id`; `verbose=1` adds `vehicles`).' })
  agent(@Arg('id', () => ID, AID) id: string, @Ctx() ctx: SubgraphContext) {
    return agents.getAgent(ctx, id);
  }

  @FieldResolver(() => [AgentVehicle], { description: 'Vehicles assigned to the agent, each with its fleet.' })
  vehicles(@Root() agent: Agent, @Ctx() ctx: SubgraphContext) {
    return agents.agentVehicles(ctx, agent);
  }

  @Mutation(() => Agent, { description: 'Update an agent (`PATCH /v1/lsp/agents/:id`).' })
  updateAgent(@Arg('id', () => ID, AID) id: string, @Arg('input', INPUT) input: AgentUpdateInput, @Ctx() ctx: SubgraphContext) {
    return agents.updateAgent(ctx, id, input);
  }

  @Mutation(() => AgentVehicle, { description: 'Assign a vehicle to an agent (`PUT /v1/lsp/agents/:id/vehicle/assign`).' })
  assignAgentVehicle(@Arg('id', () => ID, AID) id: string, @Arg('input', INPUT) input: AssignVehicleInput, @Ctx() ctx: SubgraphContext) {
    return agents.assignVehicle(ctx, id, input);
  }

  @Mutation(() => Agent, { description: 'Unassign a vehicle from an agent (`PATCH /v1/lsp/agents/:id/vehicle/unassign`).' })
  unassignAgentVehicle(@Arg('id', () => ID, AID) id: string, @Arg('vid', { description: 'Vehicle identifier.' }) vid: string, @Ctx() ctx: SubgraphContext) {
    return agents.unassignVehicle(ctx, id, vid);
  }

  @Mutation(() => Boolean, { description: 'Remove an agent (`DELETE /v1/lsp/agents/:id`).' })
  deleteAgent(@Arg('id', () => ID, AID) id: string, @Ctx() ctx: SubgraphContext) {
    return agents.deleteAgent(ctx, id);
  }

  @Mutation(() => AgentInvitationCreated, { description: 'Invite a user to become an agent (`POST /v1/lsp/agents/invitations`).' })
  inviteAgent(@Arg('input', INPUT) input: InviteAgentInput, @Ctx() ctx: SubgraphContext) {
    return agents.inviteAgent(ctx, input);
  }

  @Mutation(() => Agent, { description: 'Accept an agent invitation as the signed-in user (`POST /v1/lsp/agents/invitations/accept`).' })
  acceptAgentInvitation(@Arg('token', { description: 'The invitation token.' }) token: string, @Ctx() ctx: SubgraphContext) {
    return agents.acceptAgentInvitation(ctx, token);
  }
}

@Resolver(() => AgentVehicle)
export class AgentVehicleResolver {
  @FieldResolver(() => Vehicle, { description: 'The vehicle.' })
  vehicle(@Root() a: AgentVehicle) {
    return a.vehicle;
  }

  @FieldResolver(() => Fleet, { description: 'The vehicle\'s fleet.' })
  fleet(@Root() a: AgentVehicle) {
    return a.vehicle.fleet;
  }
}
