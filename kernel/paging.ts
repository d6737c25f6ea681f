/** A page of records read through an entity manager: the one paging query every family's lists use. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Constructor } from '@mikro-orm/core';
import { pageWindow, pagination, type PageArgs } from './graphql-types.js';

/**
 * A page of the records `em` sees (its tenant filters apply): one query for the rows, and one for the count only when
 * the page cannot tell the total itself. A page that is neither empty nor full (fewer rows than `limit`) ends the
 * list, so the total is `offset` plus its rows; a full page, or an empty one after the first, asks the count (with
 * the same filters). The two statements of `findAndCount` never ran in one snapshot either.
 */
export async function pageOf<T extends object>(em: EntityManager, entity: Constructor<T>, where: object, args: PageArgs, orderBy: object = { id: 'asc' }) {
  const { page, limit, offset } = pageWindow(args);
  const items = await em.find(entity, where, { orderBy: orderBy as never, limit, offset });
  const ended = items.length < limit && (items.length > 0 || offset === 0);
  const total = ended ? offset + items.length : await em.count(entity, where);
  return { items, pagination: pagination(page, limit, total) };
}
