import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../../../kernel/ids.js';
import { Coverage } from './entities.js';

/**
 * The seam between fleets and coverage: does a coverage area or route with this id exist for the LSP the entity
 * manager is scoped to? (The scope's workspace and provider filters apply, so another LSP's record does not.)
 */
export async function coverageRecordExists(em: EntityManager, type: 'AREA' | 'ROUTE', id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (await em.count(Coverage, { id, type })) > 0;
}
