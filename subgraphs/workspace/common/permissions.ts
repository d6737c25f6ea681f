import type { Role } from '../../../kernel/principal.js';

/**
 * What each workspace role may do. docs/roles.md shows this table; a test checks the two agree.
 * A member without the permission gets 403 FORBIDDEN; a non-member gets 404 NOT_FOUND (the workspace is not theirs to see).
 */
const ALL: Role[] = ['OWNER', 'ADMIN', 'MANAGER', 'SUPERVISOR', 'COORDINATOR', 'DEVELOPER'];

export const PERMISSIONS = {
  'workspace.read': ALL,
  'workspace.update': ['OWNER', 'ADMIN'],
  'workspace.delete': ['OWNER'],
  'members.read': ALL,
  'members.manage': ['OWNER', 'ADMIN'],
  'providers.read': ALL,
  'providers.context': ALL,
  'providers.write': ['OWNER', 'ADMIN', 'MANAGER'],
  'providers.delete': ['OWNER', 'ADMIN'],
  'apikeys.read': ['OWNER', 'ADMIN', 'DEVELOPER'],
  'apikeys.manage': ['OWNER', 'ADMIN', 'DEVELOPER'],
  'connectors.read': ['OWNER', 'ADMIN', 'MANAGER', 'DEVELOPER'],
  'connectors.manage': ['OWNER', 'ADMIN', 'DEVELOPER'],
  'invitations.manage': ['OWNER', 'ADMIN', 'MANAGER'],
  'events.read': ['OWNER', 'ADMIN'],
  'webhooks.manage': ['OWNER', 'ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export const may = (role: Role, permission: Permission) => (PERMISSIONS[permission] as readonly Role[]).includes(role);
