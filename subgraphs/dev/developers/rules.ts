import { AppError, forbidden, validationError } from '../../../kernel/errors.js';
import type { Role } from '../../../kernel/principal.js';
import type { DeveloperRole, DeveloperStatus } from './enums.js';

/**
 * The developer rules (docs/dev.md "Developers"), pure.
 *
 * - A **provider admin** is the workspace's OWNER or an ADMIN of the workspace, or an ACTIVE developer of the provider
 *   with the role ADMIN. Only they change a developer's role or status, or remove one.
 * - Nobody changes or removes their own record (ask another admin): no one locks themselves out or promotes themselves.
 * - Status moves by PATCH: ACTIVE ↔ SUSPENDED. REMOVED is reached by DELETE only, and is final (a later invitation
 *   makes a new record).
 * - Role: ADMIN ↔ DEVELOPER, at any status but REMOVED.
 */

export interface DeveloperRecord {
  userId: string;
  role: DeveloperRole;
  status: DeveloperStatus;
}

/** Whether the caller (their workspace role, and their own developer record if any) administers the provider. */
export function isProviderAdmin(workspaceRole: Role, own: Pick<DeveloperRecord, 'role' | 'status'> | null | undefined): boolean {
  if (workspaceRole === 'OWNER' || workspaceRole === 'ADMIN') return true;
  return own?.role === 'ADMIN' && own.status === 'ACTIVE';
}

/** What a PATCH changes, or why it may not. */
export function checkedChange(target: DeveloperRecord, change: { role?: DeveloperRole; status?: DeveloperStatus }, actorUserId: string): { role: DeveloperRole; status: DeveloperStatus } {
  if (target.userId === actorUserId) throw forbidden('You may not change your own developer record; ask another provider admin');
  if (target.status === 'REMOVED') throw new AppError('CONFLICT', 'This developer was removed; removal is final (invite them again)');
  if (change.status === 'REMOVED') throw validationError('status', 'REMOVED is reached by DELETE, not PATCH (ACTIVE or SUSPENDED)');
  return { role: change.role ?? target.role, status: change.status ?? target.status };
}

/** Whether the actor may remove `target`. */
export function checkRemoval(target: DeveloperRecord, actorUserId: string): void {
  if (target.userId === actorUserId) throw forbidden('You may not remove yourself; ask another provider admin');
  if (target.status === 'REMOVED') throw new AppError('CONFLICT', 'This developer was already removed');
}

/** A developer role of an invitation's workspace role: ADMIN stays ADMIN, anything else is DEVELOPER. */
export const developerRoleOf = (invitedRole: string): DeveloperRole => (invitedRole === 'ADMIN' ? 'ADMIN' : 'DEVELOPER');
