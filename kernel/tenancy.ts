import { Index, Property } from '@mikro-orm/decorators/legacy';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Constructor, EventArgs, EventSubscriber } from '@mikro-orm/core';
import { AppError } from './errors.js';

/**
 * Tenancy, written once. Every tenant-owned entity extends TenantEntity (a `workspace_id` column).
 * kernel/db.ts registers the `tenant` filter on all of them, on by default: a read of a tenant entity on an
 * entity manager that was not scoped with `scopeToWorkspace` fails loudly instead of leaking rows, and a scoped
 * manager only ever sees its workspace's rows, so another tenant's id is simply NOT_FOUND.
 * On write, the subscriber below stamps the scope's workspace on new rows and refuses a row of another workspace.
 */
export const TENANT_FILTER = 'tenant';

export abstract class TenantEntity {
  /** The owning workspace. */
  @Index()
  @Property({ type: 'uuid' })
  workspaceId!: string;
}

export const isTenantEntity = (e: Constructor<object>) => e.prototype instanceof TenantEntity;

export function tenantFilter(entities: Constructor<object>[]): Record<string, { cond: (args: { workspaceId?: string }) => object; entity: Constructor<object>[]; default: boolean }> {
  const tenantEntities = entities.filter(isTenantEntity);
  return tenantEntities.length
    ? {
        [TENANT_FILTER]: {
          cond: (args: { workspaceId?: string }) => {
            if (!args?.workspaceId) throw new Error('tenant-owned entity read without a workspace scope');
            return { workspaceId: args.workspaceId };
          },
          entity: tenantEntities,
          default: true,
        },
      }
    : {};
}

/** A request-scoped entity manager that sees and writes one workspace only. */
export function scopeToWorkspace(em: EntityManager, workspaceId: string): EntityManager {
  const scoped = em.fork({ clear: false }) as EntityManager;
  scoped.setFilterParams(TENANT_FILTER, { workspaceId });
  return scoped;
}

/** The workspace an entity manager is scoped to, if any. */
export function scopeOf(em: EntityManager): string | undefined {
  try {
    return em.getFilterParams<{ workspaceId?: string }>(TENANT_FILTER)?.workspaceId;
  } catch {
    return undefined;
  }
}

export class TenantSubscriber implements EventSubscriber {
  beforeCreate(args: EventArgs<object>): void {
    if (!(args.entity instanceof TenantEntity)) return;
    const scope = scopeOf(args.em as EntityManager);
    if (!args.entity.workspaceId) {
      if (!scope) throw new AppError('INTERNAL_ERROR', 'tenant-owned entity created without a workspace scope');
      args.entity.workspaceId = scope;
    } else if (scope && args.entity.workspaceId !== scope) {
      throw new AppError('INTERNAL_ERROR', 'tenant-owned entity created in another workspace');
    }
  }

  beforeUpdate(args: EventArgs<object>): void {
    if (!(args.entity instanceof TenantEntity)) return;
    const scope = scopeOf(args.em as EntityManager);
    if (scope && args.entity.workspaceId !== scope) throw new AppError('INTERNAL_ERROR', 'tenant-owned entity moved to another workspace');
  }
}
