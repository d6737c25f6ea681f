/** A page of records read through an entity manager: the one paging query every family's lists use. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Constructor } from '@mikro-orm/core';
import { pageWindow, pagination, type PageArgs } from './graphql-types.js';

/** A page of the records `em` sees (its tenant filters apply): one query for the rows, one for the count. */
export async function pageOf<T extends object>(em: EntityManager, entity: Constructor<T>, where: object, args: PageArgs, orderBy: object = { id: 'asc' }) {
  const { page, limit, offset } = pageWindow(args);
  const [items, total] = await em.findAndCount(entity, where, { orderBy: orderBy as never, limit, offset });
  return { items, pagination: pagination(page, limit, total) };
}
