import { closedList } from '../../../kernel/graphql-types.js';

/** The closed lists of agents and their invitations (docs/lsp.md, "Agents"). */

export const AgentStatus = closedList('AgentStatus', 'Whether an agent works for the LSP now.', {
  ACTIVE: 'Working for the LSP (an agent starts ACTIVE when it accepts its invitation).',
  SUSPENDED: 'Barred from work by the LSP for now.',
  OFF_DUTY: 'Not working for now (rest, leave).',
});
export type AgentStatus = keyof typeof AgentStatus;

export const AgentInvitationStatus = closedList('AgentInvitationStatus', 'Where an agent invitation stands.', {
  PENDING: 'Waiting for the invitee to accept it (until it expires).',
  ACCEPTED: 'Accepted: the invitee is an agent of the LSP.',
  CANCELLED: 'Withdrawn by the LSP; it can no longer be accepted.',
});
export type AgentInvitationStatus = keyof typeof AgentInvitationStatus;
