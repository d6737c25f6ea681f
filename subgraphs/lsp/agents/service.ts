import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, notFound, validationError } from '../../../kernel/errors.js';
import type { PageArgs } from '../../../kernel/graphql-types.js';
import { isUuid } from '../../../kernel/ids.js';
import { requireUser } from '../../../kernel/principal.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { scopeToProvider } from '../../../kernel/tenancy.js';
import { randomSecret, sha256 } from '../../../kernel/tokens.js';
import { findOwn, pageOf, saveAndPublish } from '../common/query.js';
import { publish } from '../../../kernel/events.js';
import { lspScope } from '../common/scope.js';
import { stampNow } from '../../../kernel/graphql-types.js';
import { Vehicle } from '../fleets/entities.js';
import { Agent, AgentInvitation, AgentVehicle } from './entities.js';
import type { AgentUpdateInput, AssignVehicleInput, InviteAgentInput } from './types.js';
import { now, nowDate } from '../../../kernel/clock.js';

const DAY_MS = 86_400_000;

export const listAgents = (ctx: SubgraphContext, args: PageArgs) => pageOf(lspScope(ctx, 'read').em, Agent, {}, args);

export const getAgent = (ctx: SubgraphContext, id: string) => findOwn(lspScope(ctx, 'read').em, Agent, id, 'Agent');

/** Vehicles assigned to an agent, with their fleet (the `verbose=1` view). */
export function agentVehicles(ctx: SubgraphContext, agent: Agent) {
  return lspScope(ctx, 'read').em.find(AgentVehicle, { agent }, { populate: ['vehicle', 'vehicle.fleet'], orderBy: { id: 'asc' } });
}

export async function updateAgent(ctx: SubgraphContext, id: string, input: AgentUpdateInput): Promise<Agent> {
  const s = lspScope(ctx, 'write');
  const agent = await findOwn(s.em, Agent, id, 'Agent');
  for (const [k, v] of Object.entries(input)) if (v !== undefined) (agent as unknown as Record<string, unknown>)[k] = typeof v === 'string' ? v.trim() : v;
  agent.updated = s.stamp();
  await saveAndPublish(s, 'lsp.agent', agent.id, { id: agent.id, userId: agent.userId, status: agent.status });
  return agent;
}

/**
 * Assigns a vehicle of this LSP to the agent. Assigning again updates the terms; a vehicle has at most one
 * owner-agent (another owner → CONFLICT).
 */
export async function assignVehicle(ctx: SubgraphContext, id: string, input: AssignVehicleInput): Promise<AgentVehicle> {
  const s = lspScope(ctx, 'write');
  const agent = await findOwn(s.em, Agent, id, 'Agent');
  const vehicle = isUuid(input.vid) ? await s.em.findOne(Vehicle, { id: input.vid }) : null;
  if (!vehicle) throw notFound('Vehicle');
  const isOwner = input.isOwner ?? false;
  if (isOwner) {
    const owner = await s.em.findOne(AgentVehicle, { vehicle, isOwner: true, agent: { $ne: agent } });
    if (owner) throw new AppError('CONFLICT', 'isOwner: the vehicle already has an owner-agent', 'isOwner');
  }
  let assignment = await s.em.findOne(AgentVehicle, { agent, vehicle });
  if (assignment) {
    assignment.terms = input.terms ?? assignment.terms;
    assignment.isOwner = isOwner;
    assignment.updated = s.stamp();
  } else {
    assignment = s.em.create(AgentVehicle, { agent, vehicle, terms: input.terms ?? [], isOwner, added: s.stamp(), updated: s.stamp() } as never) as AgentVehicle;
  }
  await saveAndPublish(s, 'lsp.agent', agent.id, { id: agent.id, assigned: vehicle.id, isOwner }, 'isOwner', 'owner-agent');
  return assignment;
}

export async function unassignVehicle(ctx: SubgraphContext, id: string, vid: string): Promise<Agent> {
  const s = lspScope(ctx, 'write');
  const agent = await findOwn(s.em, Agent, id, 'Agent');
  if (!vid) throw validationError('vid', 'is required');
  const assignment = isUuid(vid) ? await s.em.findOne(AgentVehicle, { agent, vehicle: vid }) : null;
  if (!assignment) throw notFound('Vehicle assignment');
  s.em.remove(assignment);
  agent.updated = s.stamp();
  await saveAndPublish(s, 'lsp.agent', agent.id, { id: agent.id, unassigned: vid });
  return agent;
}

export async function deleteAgent(ctx: SubgraphContext, id: string): Promise<boolean> {
  const s = lspScope(ctx, 'delete');
  const agent = await findOwn(s.em, Agent, id, 'Agent');
  s.em.remove(agent);
  await saveAndPublish(s, 'lsp.agent', agent.id, { id: agent.id, deleted: true });
  return true;
}

// ───────────────────────────── how agents come in ─────────────────────────────

/** The LSP invites someone to be its agent; the token (shown once) is passed to them (e.g. by SMS). */
export async function inviteAgent(ctx: SubgraphContext, input: InviteAgentInput) {
  const s = lspScope(ctx, 'write');
  const token = `agt_${randomSecret(24)}`;
  const invitation = s.em.create(AgentInvitation, {
    name: input.name.trim(), phone: input.phone ?? null, tokenHash: sha256(token), status: 'PENDING',
    expiresAt: new Date(now() + ctx.config.INVITATION_TTL_DAYS * DAY_MS), added: s.stamp(), updated: s.stamp(),
  } as never) as AgentInvitation;
  await s.em.flush();
  return { invitation, token };
}

/** A signed-in user accepts: they become an ACTIVE agent of that LSP (once; a second acceptance is CONFLICT). */
export async function acceptAgentInvitation(ctx: SubgraphContext, token: string): Promise<Agent> {
  const user = requireUser(ctx.principal);
  const found = /^agt_[A-Za-z0-9_-]{20,}$/.test(token)
    ? await ctx.em.findOne(AgentInvitation, { tokenHash: sha256(token) }, { filters: false })
    : null;
  if (!found || found.status !== 'PENDING' || found.expiresAt < nowDate()) throw notFound('Invitation');
  const em: EntityManager = scopeToProvider(ctx.em, found.workspaceId, found.icode);
  return em.transactional(async (tx) => {
    if (await tx.findOne(Agent, { userId: user.userId })) throw new AppError('CONFLICT', 'You are already an agent of this LSP');
    const invitation = await tx.findOneOrFail(AgentInvitation, { id: found.id });
    const stamp = stampNow(user.userId);
    const agent = tx.create(Agent, { userId: user.userId, name: invitation.name, phone: invitation.phone ?? null, status: 'ACTIVE', added: stamp, updated: stamp } as never) as Agent;
    invitation.status = 'ACCEPTED';
    invitation.acceptedBy = user.userId;
    invitation.updated = stamp;
    await tx.flush();
    // joining is an agent change like any other (docs/lsp.md, "What other families see"): published with it
    await publish(tx as EntityManager, 'lsp.agent', agent.id, found.workspaceId, { icode: found.icode, id: agent.id, userId: agent.userId, status: agent.status });
    return agent;
  });
}
