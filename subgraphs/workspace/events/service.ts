import type { MikroORM } from '@mikro-orm/postgresql';
import { validationError } from '../../../kernel/errors.js';
import { follow, HORIZON, positionAfterId, positionOfSequence, publish, sequenceOf, type LogPosition, type StopFollowing } from '../../../kernel/events.js';
import type { Logger } from '../../../kernel/logger.js';
import type { WorkspaceScope } from '../common/scope.js';
import { knownFilter, matchesFilter, MEMBER_PROFILE_TOPIC, PUBLIC_TOPICS, publicEventOf } from './catalogue.js';
import type { EventFeedArgs, WorkspaceEvent, WorkspaceEventFeed } from './types.js';

/** Log rows read a statement; a page reads at most SCAN_BATCHES of them looking for `limit` events of the asked types. */
const SCAN_BATCH = 500;
const SCAN_BATCHES = 4;

/** The public event of a log row of the workspace (rows no catalogue type claims are not events: null). */
export function eventOf(row: { id: string; tx: string; topic: string; workspace_id: string; payload: unknown; created_at: Date | string }): WorkspaceEvent | null {
  const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>;
  const found = publicEventOf({ topic: row.topic, payload });
  if (!found) return null;
  return {
    id: `evt_${row.id}`,
    type: found.type.name,
    version: found.type.version,
    sequence: sequenceOf(row),
    createdAt: new Date(row.created_at),
    workspaceId: row.workspace_id,
    data: found.data,
  };
}

/**
 * The workspace's events after a cursor, oldest first (docs/events.md "The feed"). The cursor is a position in the
 * platform's event log (an event's `sequence`), read the way the platform's own consumers read it (kernel/events.ts:
 * after the position, below the horizon, in position order), so a late commit is never passed; rows of other
 * workspaces and internal rows are never read (the index `log_workspace_position`). A cursor of the log before
 * positions (an id alone) goes on just past that row.
 */
export async function readFeed(s: WorkspaceScope, args: EventFeedArgs): Promise<WorkspaceEventFeed> {
  const limit = args.limit ?? 50;
  // REST passes one `types` parameter, comma-separated
  const asked = (args.types ?? [])
    .flatMap((t) => t.split(','))
    .map((t) => t.trim())
    .filter(Boolean);
  const types = asked.length ? [...new Set(asked)] : undefined;
  for (const t of types ?? []) if (!knownFilter(t)) throw validationError('types', `${JSON.stringify(t).slice(0, 60)} is not an event name or a wildcard of docs/events.md`);
  const after = positionOfSequence(args.after ?? '0');
  let cursor: LogPosition = after;
  if (after.legacy && after.id !== '0') {
    const { sql, params } = positionAfterId(after.id);
    const [row] = await s.em.execute<{ tx: string }[]>(sql, params);
    cursor = { tx: row.tx, id: after.id };
  }
  const items: WorkspaceEvent[] = [];
  let hasMore = false;
  for (let batch = 0; batch < SCAN_BATCHES && items.length < limit; batch++) {
    const rows = await s.em.execute<{ id: string; tx: string; topic: string; workspace_id: string; payload: unknown; created_at: Date }[]>(
      `select l.id::text as id, l.tx::text as tx, l.topic, l.workspace_id, l.payload, l.created_at from events.log l
        where l.workspace_id = ? and (l.tx, l.id) > (?::xid8, ?::bigint) and l.tx < ${HORIZON}
          and l.topic in (select jsonb_array_elements_text(?::jsonb)) order by l.tx, l.id limit ?`,
      [s.workspaceId, cursor.tx, cursor.id, JSON.stringify(PUBLIC_TOPICS), SCAN_BATCH],
    );
    hasMore = rows.length === SCAN_BATCH;
    for (const row of rows) {
      cursor = row;
      const event = eventOf(row);
      if (event && (!types || types.some((f) => matchesFilter(event.type, f)))) items.push(event);
      if (items.length === limit) {
        hasMore = hasMore || row !== rows.at(-1);
        break;
      }
    }
    if (!hasMore) break;
  }
  // nothing read: the cursor given (an empty `after`, or one before positions, in today's form)
  return { items, next: cursor.tx === '0' && cursor.id === '0' ? '0' : sequenceOf(cursor), hasMore };
}

/**
 * `user.updated` (docs/events.md): the users subgraph records a profile change once (`users.profile`, no workspace);
 * this consumer records it again for each workspace the user is a member of, when it reads it, in the transaction that
 * moves its cursor. A workspace the user joins later does not see earlier changes.
 */
export function followProfiles(orm: MikroORM, log: Logger): StopFollowing {
  return follow(orm, log, 'workspace.member-profiles', ['users.profile'], async (e, tx) => {
    const p = e.payload as { userId?: unknown; name?: unknown; changed?: unknown };
    if (typeof p.userId !== 'string') return;
    const members = await tx.execute<{ workspace_id: string }[]>('select workspace_id from workspace.member where user_id = ?', [p.userId]);
    for (const m of members) await publish(tx, MEMBER_PROFILE_TOPIC, p.userId, m.workspace_id, { userId: p.userId, name: p.name, changed: p.changed });
  });
}
