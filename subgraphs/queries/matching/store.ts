/**
 * Matching's candidates: ONE statement reading every candidate row whole (its pricing rules, capacities and synced
 * performance come with it), with the caller's workspace in its WHERE clause. Near a point, each asked service type is
 * an index-ordered KNN scan (`earth <-> centre` on the GiST index (workspace_id, service_type, earth), the registry
 * store's technique), the nearest MATCH_CANDIDATES_MAX of all types kept; without a point, the services whose address
 * country / city match the delivery's (when given), by name.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { FROM_EARTH } from '../../../domain/transport.js';
import type { ServiceType } from '../common/enums.js';
import { ENTRY_COLUMNS, ENTRY_FROM, type EntryRow } from '../registry/store.js';

/** At most this many candidates are scored by one match. */
export const MATCH_CANDIDATES_MAX = 10_000;

export interface CandidateQuery {
  serviceTypes: ServiceType[];
  near?: { lat: number; lng: number };
  country?: string;
  city?: string;
}

/** The ACTIVE candidates of the workspace (see the file's comment), at most `max`. */
export async function candidateRows(em: EntityManager, workspaceId: string, c: CandidateQuery, max = MATCH_CANDIDATES_MAX): Promise<EntryRow[]> {
  const types = [...new Set(c.serviceTypes)];
  if (c.near) {
    const centre = 'll_to_earth(?::float8, ?::float8)';
    const params: unknown[] = [];
    const parts = types.map((t) => {
      params.push(c.near!.lat, c.near!.lng, workspaceId, t, c.near!.lat, c.near!.lng, max);
      return `(select ${ENTRY_COLUMNS}, earth_distance(${centre}, ll_to_earth(e.lat, e.lng)) * ${FROM_EARTH} as distance from ${ENTRY_FROM}
        where e.workspace_id = ?::uuid and e.service_type = ? and e.status = 'ACTIVE' and e.earth is not null order by e.earth <-> ${centre} limit ?)`;
    });
    params.push(max);
    return em.execute<EntryRow[]>(`select * from (${parts.join(' union all ')}) m order by m.distance, m.composite_id limit ?`, params);
  }
  const params: unknown[] = [workspaceId, JSON.stringify(types)];
  let where = `e.workspace_id = ?::uuid and e.service_type in (select jsonb_array_elements_text(?::jsonb)) and e.status = 'ACTIVE'`;
  if (c.country) {
    where += " and lower(e.address->>'country') = lower(?)";
    params.push(c.country);
  }
  if (c.city) {
    where += " and lower(e.address->>'city') = lower(?)";
    params.push(c.city);
  }
  params.push(max);
  return em.execute<EntryRow[]>(`select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where ${where} order by e.name, e.composite_id limit ?`, params);
}
