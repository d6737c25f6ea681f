import { AppError, notFound, validationError } from '../../../kernel/errors.js';
import { stampNow, type PageArgs } from '../../../kernel/graphql-types.js';
import { isUuid } from '../../../kernel/ids.js';
import { authorized, requireUser } from '../../../kernel/principal.js';
import type { SubgraphContext } from '../../../kernel/subgraph.js';
import { scopeToProvider } from '../../../kernel/tenancy.js';
import { randomSecret, sha256 } from '../../../kernel/tokens.js';
import { publish } from '../../../kernel/events.js';
import { now, nowDate } from '../../../kernel/clock.js';
import { findOwn, lockOwn, saved, type LspEvent } from '../common/query.js';
import { pageOf } from '../../../kernel/paging.js';
import { lockOneOrNull } from '../../../kernel/db.js';
import { scope } from '../common/scope.js';
import { Vehicle } from '../fleets/entities.js';
import { Agent, AgentInvitation, AgentVehicle } from './entities.js';
import type { AgentUpdateInput, AssignVehicleInput, InviteAgentInput } from './types.js';

/**
 * Agents of the LSP (spec group 8, docs/lsp.md "Agents"): their records, the vehicles assigned to them, and how they
 * come in (an invitation the person accepts with their own user token). Changes publish on `lsp.agent`.
 */

const DAY_MS = 86_400_000;
const agentEvent = (agent: Agent, payload: object): LspEvent => ['lsp.agent', agent.id, { id: agent.id, ...payload }];

export const listAgents = (ctx: SubgraphContext, args: PageArgs) => pageOf(scope(ctx, 'read').em, Agent, {}, args);

export const getAgent = (ctx: SubgraphContext, id: string) => findOwn(scope(ctx, 'read').em, Agent, id, 'Agent');

/** Vehicles assigned to an agent, with their fleet (the `verbose=1` view). */
export function agentVehicles(ctx: SubgraphContext, agent: Agent) {
  return scope(ctx, 'read').em.find(AgentVehicle, { agent }, { populate: ['vehicle', 'vehicle.fleet'], orderBy: { id: 'asc' } });
}

export function updateAgent(ctx: SubgraphContext, id: string, input: AgentUpdateInput): Promise<Agent> {
  const s = scope(ctx, 'write');
  return saved(s, async (tx) => {
    const agent = await lockOwn(tx, Agent, id, 'Agent');
    for (const [k, v] of Object.entries(input)) if (v !== undefined) (agent as unknown as Record<string, unknown>)[k] = typeof v === 'string' ? v.trim() : v;
    agent.updated = s.stamp();
    return [agent, [agentEvent(agent, { userId: agent.userId, status: agent.status })]];
  });
}

/**
 * Assigns a vehicle of this LSP to the agent. Assigning again updates the terms; a vehicle has at most one
 * owner-agent (another owner → CONFLICT, also enforced by a unique index).
 */
export function assignVehicle(ctx: SubgraphContext, agentId: string, input: AssignVehicleInput): Promise<AgentVehicle> {
  const s = scope(ctx, 'write');
  return saved(
    s,
    async (tx) => {
      const agent = await lockOwn(tx, Agent, agentId, 'Agent');
      const vehicle = isUuid(input.vehicleId) ? await tx.findOne(Vehicle, { id: input.vehicleId }) : null;
      if (!vehicle) throw notFound('Vehicle');
      const isOwner = input.isOwner ?? false;
      if (isOwner && (await tx.findOne(AgentVehicle, { vehicle, isOwner: true, agent: { $ne: agent } }))) {
        throw new AppError('CONFLICT', 'isOwner: the vehicle already has an owner-agent', 'isOwner');
      }
      let assignment = await tx.findOne(AgentVehicle, { agent, vehicle });
      if (assignment) {
        assignment.terms = input.terms ?? assignment.terms;
        assignment.isOwner = isOwner;
        assignment.updated = s.stamp();
      } else {
        assignment = tx.create(AgentVehicle, { agent, vehicle, terms: input.terms ?? [], isOwner, ...s.created() } as never);
      }
      return [assignment, [agentEvent(agent, { assigned: vehicle.id, isOwner })]];
    },
    { field: 'isOwner', what: 'owner-agent' },
  );
}

export function unassignVehicle(ctx: SubgraphContext, agentId: string, vehicleId: string): Promise<Agent> {
  const s = scope(ctx, 'write');
  return saved(s, async (tx) => {
    const agent = await lockOwn(tx, Agent, agentId, 'Agent');
    if (!vehicleId) throw validationError('vehicleId', 'is required');
    const assignment = isUuid(vehicleId) ? await tx.findOne(AgentVehicle, { agent, vehicle: vehicleId }) : null;
    if (!assignment) throw notFound('Vehicle assignment');
    tx.remove(assignment);
    agent.updated = s.stamp();
    return [agent, [agentEvent(agent, { unassigned: vehicleId })]];
  });
}

export function deleteAgent(ctx: SubgraphContext, id: string): Promise<boolean> {
  const s = scope(ctx, 'delete');
  return saved(s, async (tx) => {
    const agent = await lockOwn(tx, Agent, id, 'Agent');
    tx.remove(agent);
    return [true, [agentEvent(agent, { deleted: true })]];
  });
}

// ───────────────────────────── how agents come in ─────────────────────────────

/** The LSP invites someone to be its agent; the token (shown once) is passed to them (e.g. by SMS). */
export async function inviteAgent(ctx: SubgraphContext, input: InviteAgentInput) {
  const s = scope(ctx, 'write');
  const token = `agt_${randomSecret(24)}`;
  const invitation = await saved(s, async (tx) => {
    const created = tx.create(AgentInvitation, {
      name: input.name.trim(),
      phone: input.phone ?? null,
      tokenHash: sha256(token),
      status: 'PENDING',
      expiresAt: new Date(now() + ctx.config.INVITATION_TTL_DAYS * DAY_MS),
      ...s.created(),
    } as never);
    return [created, []];
  });
  return { invitation, token };
}

/** A signed-in user accepts: they become an ACTIVE agent of that LSP (once; a second acceptance is CONFLICT). */
export async function acceptAgentInvitation(ctx: SubgraphContext, token: string): Promise<Agent> {
  const user = requireUser(ctx.principal);
  authorized(user);
  const found = /^agt_[A-Za-z0-9_-]{20,}$/.test(token) ? await ctx.em.findOne(AgentInvitation, { tokenHash: sha256(token) }, { filters: false }) : null;
  if (!found || found.status !== 'PENDING' || found.expiresAt < nowDate()) throw notFound('Invitation');
  // the invitee acts as no LSP yet: the transaction works in the invitation's own LSP scope
  return scopeToProvider(ctx.em, found.workspaceId, found.icode).transactional(async (txEm) => {
    const tx = txEm;
    // judged again on the invitation locked in the transaction (docs/contract.md "Concurrency"): of two acceptances
    // at once, the second finds it accepted (NOT_FOUND), as it would after the first
    const invitation = await lockOneOrNull(tx, AgentInvitation, { id: found.id });
    if (!invitation || invitation.status !== 'PENDING' || invitation.expiresAt < nowDate()) throw notFound('Invitation');
    if (await tx.findOne(Agent, { userId: user.userId })) throw new AppError('CONFLICT', 'You are already an agent of this LSP');
    const stamp = stampNow(user.userId);
    const agent = tx.create(Agent, { userId: user.userId, name: invitation.name, phone: invitation.phone ?? null, status: 'ACTIVE', added: stamp, updated: stamp } as never);
    invitation.status = 'ACCEPTED';
    invitation.acceptedBy = user.userId;
    invitation.updated = stamp;
    await tx.flush();
    // joining is an agent change like any other (docs/lsp.md, "What other families see"): published with it
    await publish(tx, 'lsp.agent', agent.id, found.workspaceId, { icode: found.icode, id: agent.id, userId: agent.userId, status: agent.status });
    return agent;
  });
}
