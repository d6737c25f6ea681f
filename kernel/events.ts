import { eventConsumerLag, eventsConsumed } from './metrics.js';
import { now } from './clock.js';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from './logger.js';
import type { Statement } from './statement.js';
import pg from 'pg';

/** The channel the log notifies the topics of each committed write on (`follow`, "Waking up"). */
const WAKE_CHANNEL = 'events_log';

/**
 * The platform's event log: a transactional outbox in PostgreSQL (schema `events`), shared by every subgraph.
 * A subgraph publishes a change in the same transaction as the change itself (`publish`), so an event exists if and
 * only if the change committed. Another subgraph consumes a topic from its own cursor (`consume`), never reading the
 * publisher's tables. Delivery is at least once, in order per topic.
 *
 * **Positions, and why no reader can pass a late commit.** An event's `id` (bigserial) is taken when it is written,
 * but becomes visible when its transaction commits: a transaction that took id 5 may commit after one that took id 6
 * was read, and a reader going by `id > cursor` would pass over 5 for good. So each row also records its writer's
 * transaction id (`tx`, xid8, `pg_current_xact_id()`), and readers go by the position `(tx, id)` and stop at the
 * **horizon** `pg_snapshot_xmin(pg_current_snapshot())`: the oldest transaction still running anywhere. Every writer
 * below it has ended, so every row it wrote is visible (or was rolled back), and no row can ever appear below the
 * horizon again: a cursor `(tx, id)` below it is final. A late writer keeps its rows, and those of every writer that
 * started after it, above the horizon until it ends; readers wait for it rather than pass it. Writers take no lock
 * (the transaction id is theirs anyway when they write); a reader's lag is bounded by the longest write transaction
 * running (statement timeouts bound those). Events of one resource keep their order: its changes lock it first
 * (docs/contract.md "Concurrency"), so a later change's transaction id is taken after the earlier one's.
 */
export const EVENTS_DDL = [
  'CREATE SCHEMA IF NOT EXISTS events',
  `CREATE TABLE IF NOT EXISTS events.log (
     id bigserial PRIMARY KEY, topic text NOT NULL, key text NOT NULL, workspace_id uuid,
     payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), tx xid8 NOT NULL DEFAULT pg_current_xact_id())`,
  "CREATE TABLE IF NOT EXISTS events.cursor (consumer text NOT NULL, topic text NOT NULL, position bigint NOT NULL DEFAULT 0, tx xid8 NOT NULL DEFAULT '0', PRIMARY KEY (consumer, topic))",
  // a log written before positions (id only): its rows take the upgrading transaction's id, which is above every
  // earlier writer's, and each consumer's cursor the position of the row it stood on (so it goes on exactly there)
  `DO $$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = 'events' AND table_name = 'log' AND column_name = 'tx') THEN
       ALTER TABLE events.log ADD COLUMN tx xid8 NOT NULL DEFAULT pg_current_xact_id();
     END IF;
     IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = 'events' AND table_name = 'cursor' AND column_name = 'tx') THEN
       ALTER TABLE events.cursor ADD COLUMN tx xid8;
       UPDATE events.cursor c SET tx = coalesce((SELECT l.tx FROM events.log l WHERE l.id = c.position), '0');
       ALTER TABLE events.cursor ALTER COLUMN tx SET DEFAULT '0', ALTER COLUMN tx SET NOT NULL;
     END IF;
   END $$`,
  // a topic's consumers and a workspace's feed read in position order
  'CREATE INDEX IF NOT EXISTS log_topic_position ON events.log (topic, tx, id)',
  'CREATE INDEX IF NOT EXISTS log_workspace_position ON events.log (workspace_id, tx, id)',
  'DROP INDEX IF EXISTS events.log_topic_id',
  'DROP INDEX IF EXISTS events.log_workspace_id',
  // readers of recent events by time (kernel/revocations.ts polls the last 30 s of credential revocations)
  'CREATE INDEX IF NOT EXISTS log_topic_created ON events.log (topic, created_at)',
  // every statement that writes events notifies their topics (channel `events_log`), delivered when its transaction
  // commits: consumers wake on it instead of polling (`follow`, "Waking up")
  `DO $$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'log_notify' AND tgrelid = 'events.log'::regclass) THEN
       CREATE OR REPLACE FUNCTION events.notify_log() RETURNS trigger LANGUAGE plpgsql AS $f$
         BEGIN
           PERFORM pg_notify('${WAKE_CHANNEL}', t.topic) FROM (SELECT DISTINCT topic FROM written) t;
           RETURN NULL;
         END $f$;
       CREATE TRIGGER log_notify AFTER INSERT ON events.log REFERENCING NEW TABLE AS written
         FOR EACH STATEMENT EXECUTE FUNCTION events.notify_log();
     END IF;
   END $$`,
];

/** The horizon (SQL): rows of transactions below it are final; readers never read past it. */
export const HORIZON = 'pg_snapshot_xmin(pg_current_snapshot())';

/** A row's place in the log: its writer's transaction, then its id. */
export interface LogPosition {
  tx: string;
  id: string;
}

/** How far an event's id reaches inside its `sequence` (decimal): sequence = tx × 10^12 + id. */
const ID_SPAN = 10n ** 12n;

/**
 * An event's public sequence (docs/events.md): its position as one decimal string, `tx × 10^12 + id`, increasing in
 * the order readers see events. Ids stay below 10^12 (a trillion events).
 */
export const sequenceOf = (p: LogPosition): string => (BigInt(p.tx) * ID_SPAN + BigInt(p.id)).toString();

/**
 * The position a sequence (or a feed cursor) names. A number below 10^12 is a cursor of the log before positions (an
 * id alone, `legacy`): the caller finds that row's transaction (`positionAfterId`).
 */
export function positionOfSequence(sequence: string): LogPosition & { legacy: boolean } {
  const n = BigInt(sequence);
  if (n < ID_SPAN) return { tx: '0', id: n.toString(), legacy: true };
  return { tx: (n / ID_SPAN).toString(), id: (n % ID_SPAN).toString(), legacy: false };
}

/**
 * The transaction of the row a cursor of the log before positions (an id alone) stood on, or of the nearest row
 * below it: that cursor goes on just past it. SQL with its parameter; `tx` is '0' when no row is that old.
 */
export const positionAfterId = (id: string): Statement => ({
  sql: "select coalesce((select tx::text from events.log where id <= ?::bigint order by id desc limit 1), '0') as tx",
  params: [id],
});

export interface PlatformEvent<T = Record<string, unknown>> {
  id: number;
  /** Its writer's transaction (xid8, decimal): with `id`, its position in the log. */
  tx: string;
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
  if (held?.topic === topic && !held.reached) await held.hold();
}

/**
 * Tests only (TEST_CLOCK, kernel/http.ts `/__test/events/hold`): the next `publish` of `topic` in this process keeps
 * its transaction open after writing its event, until released (or 60 s): a late commit, made on purpose.
 */
let held: { topic: string; reached: boolean; hold: () => Promise<void>; release: () => void } | undefined;

export function holdNextPublish(topic: string): void {
  held?.release();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const timer = setTimeout(release, 60_000);
  timer.unref();
  const h = {
    topic,
    reached: false,
    release,
    hold: async () => {
      h.reached = true;
      await released;
    },
  };
  held = h;
}

/** The held publish: its topic and whether a transaction is being held now; release it. */
export const heldPublish = () => (held ? { topic: held.topic, reached: held.reached } : null);
export function releaseHeldPublish(): void {
  held?.release();
  held = undefined;
}

/** Every (consumer, topic) a `follow` loop of this process reads. */
const followed = new Map<string, { consumer: string; topic: string }>();
const pairKey = (consumer: string, topic: string) => `${consumer}\u0000${topic}`;
/** How long one reading of the cursors and heads serves every loop of the process. */
const BACKLOG_FRESH_MS = 100;
let backlog: { at: number; due: Set<string> } | undefined;
let backlogReading: Promise<Set<string>> | undefined;
/** When the last wake-up notification came (a reading started before it may miss what it announced). */
let notifiedAt = 0;

/**
 * The followed (consumer, topic) pairs with events past their cursor (or no cursor yet): one statement for the whole
 * process (each topic's newest id is an index-only look on `log_topic_id`), read at most once per BACKLOG_FRESH_MS and
 * shared by every loop. A loop opens its cursor's transaction only for those, so an idle platform costs one statement a
 * tick instead of a transaction per consumer and topic; a cursor moved by another replica or by an operator (a rebuild
 * from the log) is seen as it is in the database.
 */
function backlogged(em: EntityManager): Promise<Set<string>> {
  if (backlog && Date.now() - backlog.at < BACKLOG_FRESH_MS && backlog.at >= notifiedAt) return Promise.resolve(backlog.due);
  backlogReading ??= (async () => {
    const at = Date.now();
    try {
      const rows = await em.execute<{ consumer: string; topic: string }[]>(
        `select f.consumer, f.topic from jsonb_to_recordset(?::jsonb) as f(consumer text, topic text)
           left join events.cursor c on c.consumer = f.consumer and c.topic = f.topic
          where exists (select 1 from events.log l where l.topic = f.topic
                          and (l.tx, l.id) > (coalesce(c.tx, '0'), coalesce(c.position, 0)) and l.tx < ${HORIZON})`,
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
    const [cursor] = await t.execute<{ position: string; tx: string }[]>('select position::text as position, tx::text as tx from events.cursor where consumer = ? and topic = ? for update', [
      consumer,
      topic,
    ]);
    // after the cursor's position, below the horizon (see above: no late commit is passed); ordered by the columns
    // (`l.tx`, `l.id`), not by the text columns of the same names the select makes: by text, 1001 sorts before 999,
    // and a batch crossing a digit boundary would move the cursor past events it never handed over
    const rows = await t.execute<{ id: string; tx: string; topic: string; key: string; workspace_id: string | null; payload: unknown; created_at: Date }[]>(
      `select l.id::text as id, l.tx::text as tx, l.topic, l.key, l.workspace_id, l.payload, l.created_at from events.log l
        where l.topic = ? and (l.tx, l.id) > (?::xid8, ?::bigint) and l.tx < ${HORIZON} order by l.tx, l.id limit ?`,
      [topic, cursor?.tx ?? '0', cursor?.position ?? '0', batch],
    );
    const lag = rows.length ? Math.max(0, now() - new Date(rows[0].created_at).getTime()) / 1000 : 0;
    eventConsumerLag.set({ consumer, topic }, lag);
    if (!rows.length) return 0;
    eventsConsumed.inc({ consumer, topic }, rows.length);
    await handle(
      rows.map((r) => ({
        id: Number(r.id),
        tx: r.tx,
        topic: r.topic,
        key: r.key,
        workspaceId: r.workspace_id,
        createdAt: r.created_at,
        payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
      })),
      t,
    );
    const last = rows.at(-1)!;
    await t.execute('update events.cursor set position = ?::bigint, tx = ?::xid8 where consumer = ? and topic = ?', [last.id, last.tx, consumer, topic]);
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
export function follow(orm: MikroORM, log: Logger, consumer: string, topics: readonly string[], apply: (e: PlatformEvent, em: EntityManager) => Promise<void>, intervalMs = 250): StopFollowing {
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
): StopFollowing {
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  for (const topic of topics) followed.set(pairKey(consumer, topic), { consumer, topic });
  const tick = async () => {
    try {
      const em = orm.em.fork();
      const pending = await backlogged(em);
      const due = topics.filter((topic) => pending.has(pairKey(consumer, topic)));
      for (const topic of topics) if (!due.includes(topic)) eventConsumerLag.set({ consumer, topic }, 0);
      if (due.length) await catchUpBatches(em, consumer, due, applyBatch);
    } catch (err) {
      // a tick cut short by the process stopping is not a failure (its transaction rolled back; the next start redoes it)
      if (!stopped) log.error({ err, consumer }, 'event consumer failed; retrying');
    }
  };
  // a loop starts a tick at most once per `intervalMs`, however many notifications come: under load it reads as often
  // as it would by polling, and an idle platform reads once per WAKE_SAFETY_MS
  let lastStart = 0;
  let again = false;
  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    timer = setTimeout(next, delayMs);
    timer.unref();
  };
  const soon = () => Math.max(0, lastStart + intervalMs - Date.now());
  const next = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    again = false;
    lastStart = Date.now();
    running = tick().finally(() => {
      running = undefined;
      if (!stopped) schedule(again ? soon() : wakeups.polling() ? intervalMs : WAKE_SAFETY_MS);
    });
  };
  const wake = () => {
    if (stopped) return;
    if (running) again = true;
    else schedule(soon());
  };
  const loop: Loop = { topics, orm, log, wake };
  wakeups.join(loop);
  next();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    wakeups.leave(loop);
    await running; // the batch under way ends (commits or rolls back) before the database closes
  };
}

/**
 * **Waking up.** On a PostgreSQL server each process LISTENs on `events_log` with one connection of its own; the log's
 * trigger notifies the topics of every committed write, and the loops that follow one tick at once. Between
 * notifications a loop ticks every WAKE_SAFETY_MS (a notification lost with a dropped connection, a cursor moved by an
 * operator); after each notification it ticks at its own interval for WAKE_HOT_MS, so events held above the horizon
 * by a transaction still running (one that wrote no event, so notifies nothing when it ends) are read soon after it
 * ends. Without a listening connection (being opened, lost, or the embedded database, whose one shared session
 * cannot deliver notifications to a connection of their own) every loop ticks at its interval, as before.
 */
const WAKE_SAFETY_MS = 2000;
const WAKE_HOT_MS = 2000;

/**
 * Whether the database whose `select version()` said `version` delivers notifications to a listening connection: a
 * PostgreSQL server does; the embedded PGlite, whose one shared session serves every connection, does not reliably
 * (the event wake-ups here and the job queue's workers, kernel/jobs.ts, poll there instead).
 */
export const deliversNotifications = (version: string): boolean => !/PGlite/.test(version);

interface Loop {
  topics: readonly string[];
  orm: MikroORM;
  log: Logger;
  wake(): void;
}

const wakeups = (() => {
  const loops = new Set<Loop>();
  let client: pg.Client | undefined;
  let listening = false;
  let hotUntil = 0;
  let opening: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let embedded = false;
  const later = (ms: number) => {
    if (retry) return; // one retry pending at a time (a failed connect may both emit `error` and reject)
    retry = setTimeout(() => {
      retry = undefined;
      void start();
    }, ms);
    retry.unref();
  };

  const onNotification = (m: pg.Notification) => {
    if (m.channel !== WAKE_CHANNEL) return;
    hotUntil = Date.now() + WAKE_HOT_MS;
    notifiedAt = Date.now();
    for (const l of loops) if (!m.payload || l.topics.includes(m.payload)) l.wake();
  };

  const open = async () => {
    const first = loops.values().next().value;
    if (!first || client) return;
    const { orm, log } = first;
    const [{ version }] = await orm.em.fork().execute<{ version: string }[]>('select version() as version');
    embedded = !deliversNotifications(version); // the embedded database: polling only (see above)
    if (embedded) return;
    const c = new pg.Client({ connectionString: orm.config.get('clientUrl'), application_name: 'platform-events' });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = undefined;
      listening = false;
      c.removeAllListeners('notification');
      void c.end().catch(() => undefined);
      if (loops.size === 0) return;
      if (err) log.warn({ err: err.message }, 'event wake-ups lost; polling until they are back');
      later(WAKE_SAFETY_MS);
    };
    c.on('error', lost);
    c.on('end', () => lost(new Error('connection ended')));
    c.on('notification', onNotification);
    client = c;
    await c.connect();
    await c.query(`LISTEN ${WAKE_CHANNEL}`);
    if (client !== c) return;
    listening = true;
    // anything written while the connection opened is found by one tick of each loop
    for (const l of loops) l.wake();
  };

  const start = () => {
    opening ??= open()
      .catch((err: Error) => {
        const c = client;
        client = undefined;
        listening = false;
        void c?.end().catch(() => undefined);
        const first = loops.values().next().value;
        if (first) {
          first.log.warn({ err: err.message }, 'event wake-ups not available; polling');
          later(WAKE_SAFETY_MS * 5);
        }
      })
      .finally(() => (opening = undefined));
    return opening;
  };

  return {
    /** Whether loops tick at their own interval now: no listening connection, or a notification came recently. */
    polling: () => !listening || Date.now() < hotUntil,
    join(loop: Loop) {
      loops.add(loop);
      if (!client && !opening && !retry && !embedded) void start();
    },
    leave(loop: Loop) {
      loops.delete(loop);
      if (loops.size) return;
      clearTimeout(retry);
      retry = undefined;
      embedded = false;
      const c = client;
      client = undefined;
      listening = false;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        void c.end().catch(() => undefined);
      }
    },
  };
})();

/** How a `follow` stops: no tick starts after it is called, and it resolves once the tick under way has ended. */
export type StopFollowing = () => Promise<void>;
