import type { EntityManager } from '@mikro-orm/postgresql';
import type { Constructor } from '@mikro-orm/core';
import { AppError, notFound } from '../../../kernel/errors.js';
import { isUuid } from '../../../kernel/ids.js';
import { pageWindow, pagination, type PageArgs } from '../../../kernel/graphql-types.js';
import { publish } from '../../../kernel/events.js';
import { isUniqueViolation } from '../../../kernel/db.js';
import type { LspScope } from './scope.js';

/** One record of this LSP by id; a malformed, unknown or other tenant's id is NOT_FOUND. */
export async function findOwn<T extends object>(em: EntityManager, entity: Constructor<T>, id: string, what: string, populate?: string[]): Promise<T> {
  const record = isUuid(id) ? await em.findOne(entity, { id } as never, populate ? { populate: populate as never } : undefined) : null;
  if (!record) throw notFound(what);
  return record;
}

/** A page of this LSP's records (one query for the rows, one for the count). */
export async function pageOf<T extends object>(em: EntityManager, entity: Constructor<T>, where: object, args: PageArgs, populate?: string[]) {
  const { page, limit, offset } = pageWindow(args);
  const [items, total] = await em.findAndCount(entity, where as never, {
    orderBy: { id: 'asc' } as never, limit, offset, ...(populate ? { populate: populate as never } : {}),
  });
  return { items, pagination: pagination(page, limit, total) };
}

/** Flushes, turning a unique-code clash into CONFLICT on `field`. */
export async function flushUnique(em: EntityManager, field: string, what: string): Promise<void> {
  try {
    await em.flush();
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', `${field}: another ${what} already uses this ${field}`, field);
    }
    throw err;
  }
}

export type LspEvent = [topic: string, key: string, payload: object];

/**
 * Saves the scope's pending changes (creations, updates and removals) and publishes them on the platform event log in
 * the same transaction (kernel/events.ts), so other families (queries, utilities) learn of them without reading LSP
 * tables. The transaction runs on the scope's own entity manager: a forked one (`em.transactional`) would not carry
 * its pending removals.
 */
export async function saveAndPublishAll(s: LspScope, events: LspEvent[], field = 'code', what = 'record'): Promise<void> {
  await s.em.begin();
  try {
    await flushUnique(s.em, field, what);
    for (const [topic, key, payload] of events) {
      await publish(s.em, topic, key, s.principal.workspaceId, { icode: s.principal.providerCode, ...payload });
    }
    await s.em.commit();
  } catch (err) {
    await s.em.rollback();
    throw err;
  }
}

export const saveAndPublish = (s: LspScope, topic: string, key: string, payload: object, field = 'code', what = 'record') =>
  saveAndPublishAll(s, [[topic, key, payload]], field, what);
