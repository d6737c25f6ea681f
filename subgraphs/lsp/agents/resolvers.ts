import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { PageArgs } from '../../../kernel/graphql-types.js';
import { UserReference, userRef } from '../../../kernel/references.js';
import { referenceResolver } from '../common/references.js';
import { Fleet, Vehicle } from '../fleets/entities.js';
import { Agent, AgentInvitation, AgentVehicle } from './entities.js';
import { AgentInvitationCreated, AgentPage, AgentUpdateInput, AssignVehicleInput, InviteAgentInput } from './types.js';
import * as agents from './service.js';

const AGENT_ID = { description: 'Identifier of the agent.' };
const INPUT = { description: "The operation's input." };

@Resolver(() => Agent)
export class AgentResolver {
  @Query(() => AgentPage, { description: 'The agents of the calling LSP, a page at a time. REST: `GET /v1/lsp/agents`.' })
  agents(@Args() args: PageArgs, @Ctx() ctx: SubgraphContext) {
    return agents.listAgents(ctx, args);
  }

  @Query(() => Agent, { description: 'One agent of the calling LSP, by its identifier. REST: `GET /v1/lsp/agents/:id` (`verbose=1` adds `vehicles`).' })
  agent(@Arg('id', () => ID, AGENT_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return agents.getAgent(ctx, id);
  }

  @FieldResolver(() => [AgentVehicle], { description: 'Vehicles assigned to the agent, each with its fleet.' })
  vehicles(@Root() agent: Agent, @Ctx() ctx: SubgraphContext) {
    return agents.agentVehicles(ctx, agent);
  }

  @FieldResolver(() => UserReference, { nullable: true, description: "The agent's user account (resolved by the users subgraph)." })
  user(@Root() agent: Agent): UserReference {
    return userRef(agent.userId);
  }

  @Mutation(() => Agent, { description: 'Change the given fields of an agent; the others keep their value. REST: `PATCH /v1/lsp/agents/:id`.' })
  updateAgent(@Arg('id', () => ID, AGENT_ID) id: string, @Arg('input', INPUT) input: AgentUpdateInput, @Ctx() ctx: SubgraphContext) {
    return agents.updateAgent(ctx, id, input);
  }

  @Mutation(() => AgentVehicle, { description: 'Assign a vehicle of the calling LSP to an agent, with its terms. REST: `PUT /v1/lsp/agents/:id/vehicle/assign`.' })
  assignAgentVehicle(@Arg('agentId', () => ID, AGENT_ID) agentId: string, @Arg('input', INPUT) input: AssignVehicleInput, @Ctx() ctx: SubgraphContext) {
    return agents.assignVehicle(ctx, agentId, input);
  }

  @Mutation(() => Agent, { description: 'Take an assigned vehicle away from an agent; answers the agent. REST: `PATCH /v1/lsp/agents/:id/vehicle/unassign`.' })
  unassignAgentVehicle(
    @Arg('agentId', () => ID, AGENT_ID) agentId: string,
    @Arg('vehicleId', () => ID, { description: 'Identifier of the assigned vehicle (REST: `vid`).' }) vehicleId: string,
    @Ctx() ctx: SubgraphContext,
  ) {
    return agents.unassignVehicle(ctx, agentId, vehicleId);
  }

  @Mutation(() => Boolean, { description: 'Remove an agent from the calling LSP with its vehicle assignments. REST: `DELETE /v1/lsp/agents/:id`.' })
  deleteAgent(@Arg('id', () => ID, AGENT_ID) id: string, @Ctx() ctx: SubgraphContext) {
    return agents.deleteAgent(ctx, id);
  }

  @Mutation(() => AgentInvitationCreated, { description: 'Invite a person to become an agent of the calling LSP; the token is shown once. REST: `POST /v1/lsp/agents/invitations`.' })
  inviteAgent(@Arg('input', INPUT) input: InviteAgentInput, @Ctx() ctx: SubgraphContext) {
    return agents.inviteAgent(ctx, input);
  }

  @Mutation(() => Agent, { description: 'Accept an agent invitation as the signed-in user, who becomes an ACTIVE agent. REST: `POST /v1/lsp/agents/invitations/accept`.' })
  acceptAgentInvitation(@Arg('token', { description: 'The invitation token (`agt_…`).' }) token: string, @Ctx() ctx: SubgraphContext) {
    return agents.acceptAgentInvitation(ctx, token);
  }
}

@Resolver(() => AgentVehicle)
export class AgentVehicleResolver {
  @FieldResolver(() => Vehicle, { description: 'The assigned vehicle.' })
  vehicle(@Root() a: AgentVehicle) {
    return a.vehicle;
  }

  @FieldResolver(() => Fleet, { description: 'The fleet of the assigned vehicle.' })
  fleet(@Root() a: AgentVehicle) {
    return a.vehicle.fleet;
  }
}

@Resolver(() => AgentInvitation)
export class AgentInvitationResolver {
  @FieldResolver(() => UserReference, { nullable: true, description: 'The user who accepted the invitation, if any (resolved by the users subgraph).' })
  acceptedByUser(@Root() invitation: AgentInvitation): UserReference | null {
    return invitation.acceptedBy ? userRef(invitation.acceptedBy) : null;
  }
}

/** Agents as entities other subgraphs reference by id. */
export const agentReferences = { Agent: referenceResolver(Agent) };
