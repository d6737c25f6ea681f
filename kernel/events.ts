import { eventConsumerLag, eventsConsumed } from './metrics.js';
import { now } from './clock.js';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from './logger.js';
import type { Statement } from './db.js';

/**
 * The platform's event log: a transactional outbox in PostgreSQL (schema `events`), shared by every subgraph.
 * A subgraph publishes a change in the same transaction as the change itself (`publish`), so an event exists if and
 * only if the change committed. Another subgraph consumes a topic from its own cursor (`consume`), never reading the
 * publisher's tables. Delivery is at least once, in order per topic.
 */
export const EVENTS_DDL = [
  'CREATE SCHEMA IF NOT EXISTS events',
  `CREATE TABLE IF NOT EXISTS events.log (
     id bigserial PRIMARY KEY, topic text NOT NULL, key text NOT NULL, workspace_id uuid,
     payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
  'CREATE INDEX IF NOT EXISTS log_topic_id ON events.log (topic, id)',
  // readers of recent events by time (kernel/revocations.ts polls the last 30 s of credential revocations)
  'CREATE INDEX IF NOT EXISTS log_topic_created ON events.log (topic, created_at)',
  // a workspace's public event feed (subgraphs/workspace/events: rows of one workspace after a cursor)
  'CREATE INDEX IF NOT EXISTS log_workspace_id ON events.log (workspace_id, id)',
  'CREATE TABLE IF NOT EXISTS events.cursor (consumer text NOT NULL, topic text NOT NULL, position bigint NOT NULL DEFAULT 0, PRIMARY KEY (consumer, topic))',
];

export interface PlatformEvent<T = Record<string, unknown>> {
  id: number;
  topic: string;
  key: string;
  workspaceId: string | null;
  payload: T;
  createdAt: Date;
}

/** The INSERT that appends an event: what `publish` runs (a caller that writes several things at once may fold it into one statement). */
export const publishing = (topic: string, key: string, workspaceId: string | null, payload: object): Statement => ({
  sql: 'insert into events.log (topic, key, workspace_id, payload) values (?, ?, ?, ?)',
  params: [topic, key, workspaceId, JSON.stringify(payload)],
});

/** Appends an event inside the caller's current transaction (call it within `em.transactional`). */
export async function publish(em: EntityManager, topic: string, key: string, workspaceId: string | null, payload: object): Promise<void> {
  const { sql, params } = publishing(topic, key, workspaceId, payload);
  await em.execute(sql, params);
}

/** Every (consumer, topic) a `follow` loop of this process reads. */
const followed = new Map<string, { consumer: string; topic: string }>();
const pairKey = (consumer: string, topic: string) => `${consumer}\u0000${topic}`;
/** How long one reading of the cursors and heads serves every loop of the process. */
const BACKLOG_FRESH_MS = 100;
let backlog: { at: number; due: Set<string> } | undefined;
let backlogReading: Promise<Set<string>> | undefined;

/**
 * The followed (consumer, topic) pairs with events past their cursor (or no cursor yet): one statement for the whole
 * process (each topic's newest id is an index-only look on `log_topic_id`), read at most once per BACKLOG_FRESH_MS and
 * shared by every loop. A loop opens its cursor's transaction only for those, so an idle platform costs one statement a
 * tick instead of a transaction per consumer and topic; a cursor moved by another replica or by an operator (a rebuild
 * from the log) is seen as it is in the database.
 */
function backlogged(em: EntityManager): Promise<Set<string>> {
  if (backlog && Date.now() - backlog.at < BACKLOG_FRESH_MS) return Promise.resolve(backlog.due);
  backlogReading ??= (async () => {
    const at = Date.now();
    try {
      const rows = await em.execute<{ consumer: string; topic: string }[]>(
        `select f.consumer, f.topic from jsonb_to_recordset(?::jsonb) as f(consumer text, topic text)
           left join events.cursor c on c.consumer = f.consumer and c.topic = f.topic
          where c.position is null or c.position < coalesce((select max(l.id) from events.log l where l.topic = f.topic), 0)`,
        [JSON.stringify([...followed.values()])],
      );
      const due = new Set(rows.map((r) => pairKey(r.consumer, r.topic)));
      backlog = { at, due };
      return due;
    } finally {
      backlogReading = undefined;
    }
  })();
  return backlogReading;
}

/**
 * Hands the next batch of `topic` events after `consumer`'s cursor to `handle`, then moves the cursor, in one
 * transaction (the cursor row is locked, so replicas of a consumer do not process a batch twice). Returns how many.
 */
export async function consume(em: EntityManager, consumer: string, topic: string, handle: (events: PlatformEvent[], em: EntityManager) => Promise<void>, batch = 500): Promise<number> {
  return em.transactional(async (tx) => {
    const t = tx;
    await t.execute('insert into events.cursor (consumer, topic) values (?, ?) on conflict do nothing', [consumer, topic]);
    const [cursor] = await t.execute<{ position: string }[]>('select position from events.cursor where consumer = ? and topic = ? for update', [consumer, topic]);
    const rows = await t.execute<{ id: string; topic: string; key: string; workspace_id: string | null; payload: unknown; created_at: Date }[]>(
      'select id, topic, key, workspace_id, payload, created_at from events.log where topic = ? and id > ? order by id limit ?',
      [topic, cursor?.position ?? 0, batch],
    );
    const lag = rows.length ? Math.max(0, now() - new Date(rows[0].created_at).getTime()) / 1000 : 0;
    eventConsumerLag.set({ consumer, topic }, lag);
    if (!rows.length) return 0;
    eventsConsumed.inc({ consumer, topic }, rows.length);
    await handle(
      rows.map((r) => ({
        id: Number(r.id),
        topic: r.topic,
        key: r.key,
        workspaceId: r.workspace_id,
        createdAt: r.created_at,
        payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
      })),
      t,
    );
    await t.execute('update events.cursor set position = ? where consumer = ? and topic = ?', [rows.at(-1)!.id, consumer, topic]);
    return rows.length;
  });
}

/**
 * Applies every event of `topics` after `consumer`'s cursor now, batch by batch (each in the transaction that moves
 * the cursor), and returns how many. `follow` calls it on every tick; a request that must read its own writes from an
 * event-fed copy (a record another family created a moment ago) calls it too before answering "not found". Replicas
 * and the polling loop take turns on the cursor's row lock, so no batch is applied twice.
 */
export async function catchUp(em: EntityManager, consumer: string, topics: readonly string[], apply: (e: PlatformEvent, em: EntityManager) => Promise<void>): Promise<number> {
  return catchUpBatches(em, consumer, topics, async (events, tx) => {
    for (const e of events) await apply(e, tx);
  });
}

/** `catchUp` for a consumer that applies a whole batch at once (one statement for many events). */
export async function catchUpBatches(em: EntityManager, consumer: string, topics: readonly string[], applyBatch: (events: PlatformEvent[], em: EntityManager) => Promise<void>): Promise<number> {
  let total = 0;
  for (const topic of topics) {
    let n: number;
    do {
      n = await consume(em, consumer, topic, applyBatch);
      total += n;
    } while (n > 0);
  }
  return total;
}

/**
 * Follows `topics` as `consumer` (kernel's one polling loop for every event-fed copy): every `intervalMs` of system
 * time (an operational timer) it hands each new event to `apply`, topic by topic, batch by batch, each batch in the
 * transaction that moves the cursor; a topic with nothing past its cursor is not opened (`backlogged`: one statement
 * a tick for the whole process). Every replica polls; the cursor's row lock hands each batch to one of them. A
 * failure is logged and the batch retried on the next tick. Returns how to stop.
 */
export function follow(orm: MikroORM, log: Logger, consumer: string, topics: readonly string[], apply: (e: PlatformEvent, em: EntityManager) => Promise<void>, intervalMs = 250): () => void {
  return followBatches(
    orm,
    log,
    consumer,
    topics,
    async (events, tx) => {
      for (const e of events) await apply(e, tx);
    },
    intervalMs,
  );
}

/** `follow` for a consumer that applies a whole batch at once (the utilities' device positions: one upsert a batch). */
export function followBatches(
  orm: MikroORM,
  log: Logger,
  consumer: string,
  topics: readonly string[],
  applyBatch: (events: PlatformEvent[], em: EntityManager) => Promise<void>,
  intervalMs = 250,
): () => void {
  let running = false;
  for (const topic of topics) followed.set(pairKey(consumer, topic), { consumer, topic });
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const em = orm.em.fork();
      const pending = await backlogged(em);
      const due = topics.filter((topic) => pending.has(pairKey(consumer, topic)));
      for (const topic of topics) if (!due.includes(topic)) eventConsumerLag.set({ consumer, topic }, 0);
      if (due.length) await catchUpBatches(em, consumer, due, applyBatch);
    } catch (err) {
      log.error({ err, consumer }, 'event consumer failed; retrying');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
