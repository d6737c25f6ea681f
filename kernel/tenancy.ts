import { Index, Property } from '@mikro-orm/decorators/legacy';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Constructor, EventArgs, EventSubscriber } from '@mikro-orm/core';
import { AppError } from './errors.js';
import { isUuid } from './ids.js';

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

/**
 * Records of a provider family (LSP, CSP, DEV, IoTSP) belong to one provider of the workspace: they also carry its
 * code (`icode`), and a second filter, `provider`, keeps one provider's records from another's in the same workspace.
 */
export abstract class ProviderOwnedEntity extends TenantEntity {
  /** Code of the owning provider (`workspace.icode` on the family's records). */
  @Index()
  @Property()
  icode!: string;
}

export const PROVIDER_FILTER = 'provider';

export const isTenantEntity = (e: Constructor<object>) => e.prototype instanceof TenantEntity;
export const isProviderOwned = (e: Constructor<object>) => e.prototype instanceof ProviderOwnedEntity;

type FilterDefs = Record<string, { cond: (args: Record<string, string | undefined>) => object; entity: Constructor<object>[]; default: boolean }>;

export function tenantFilter(entities: Constructor<object>[]): FilterDefs {
  const filters: FilterDefs = {};
  const tenantEntities = entities.filter(isTenantEntity);
  if (tenantEntities.length) {
    filters[TENANT_FILTER] = {
      cond: (args) => {
        if (!args?.workspaceId) throw new Error('tenant-owned entity read without a workspace scope');
        return { workspaceId: args.workspaceId };
      },
      entity: tenantEntities,
      default: true,
    };
  }
  const providerEntities = entities.filter(isProviderOwned);
  if (providerEntities.length) {
    filters[PROVIDER_FILTER] = {
      cond: (args) => {
        if (!args?.icode) throw new Error('provider-owned entity read without a provider scope');
        return { icode: args.icode };
      },
      entity: providerEntities,
      default: true,
    };
  }
  return filters;
}

/**
 * A request-scoped entity manager that sees and writes one workspace only. The id is taken in the case it is stored
 * in (PostgreSQL prints uuids lower-case): the subscriber below compares it as a string with the rows' ids.
 */
export function scopeToWorkspace(em: EntityManager, workspaceId: string): EntityManager {
  const scoped = em.fork({ clear: false });
  scoped.setFilterParams(TENANT_FILTER, { workspaceId: isUuid(workspaceId) ? workspaceId.toLowerCase() : workspaceId });
  return scoped;
}

/** A request-scoped entity manager that sees and writes one provider's records of one workspace only. */
export function scopeToProvider(em: EntityManager, workspaceId: string, icode: string): EntityManager {
  const scoped = scopeToWorkspace(em, workspaceId);
  scoped.setFilterParams(PROVIDER_FILTER, { icode });
  return scoped;
}

/**
 * What the `tenant` and `provider` filters add to a MikroORM read of `entity` on `em`, as SQL for a plain statement
 * on its table (a read whose query MikroORM would otherwise build on every call, e.g. a grouped count): `workspace_id
 * = ?`, and `icode = ?` for a provider-owned entity unless `filters` turns the provider filter off. Like the filters,
 * it throws when `em` has no scope for them. `table` is the entity's schema-qualified table.
 */
export function tenantCondition(em: EntityManager, entity: Constructor<object>, filters?: Record<string, boolean>): { table: string; sql: string; params: string[] } {
  const meta = em.getMetadata().get(entity);
  const table = `"${meta.schema ?? em.config.get('schema')}"."${meta.tableName}"`;
  if (!isTenantEntity(entity) || filters?.[TENANT_FILTER] === false) return { table, sql: 'true', params: [] };
  const workspaceId = scopeOf(em);
  if (!workspaceId) throw new Error('tenant-owned entity read without a workspace scope');
  if (!isProviderOwned(entity) || filters?.[PROVIDER_FILTER] === false) return { table, sql: 'workspace_id = ?', params: [workspaceId] };
  const icode = providerScopeOf(em);
  if (!icode) throw new Error('provider-owned entity read without a provider scope');
  return { table, sql: 'workspace_id = ? and icode = ?', params: [workspaceId, icode] };
}

/** The provider an entity manager is scoped to, if any. */
export function providerScopeOf(em: EntityManager): string | undefined {
  try {
    return em.getFilterParams<{ icode?: string }>(PROVIDER_FILTER)?.icode;
  } catch {
    return undefined;
  }
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
    if (args.entity instanceof ProviderOwnedEntity) {
      const provider = providerScopeOf(args.em as EntityManager);
      if (!args.entity.icode) {
        if (!provider) throw new AppError('INTERNAL_ERROR', 'provider-owned entity created without a provider scope');
        args.entity.icode = provider;
      } else if (provider && args.entity.icode !== provider) {
        throw new AppError('INTERNAL_ERROR', 'provider-owned entity created for another provider');
      }
    }
  }

  beforeUpdate(args: EventArgs<object>): void {
    if (!(args.entity instanceof TenantEntity)) return;
    const scope = scopeOf(args.em as EntityManager);
    if (scope && args.entity.workspaceId !== scope) throw new AppError('INTERNAL_ERROR', 'tenant-owned entity moved to another workspace');
  }
}
