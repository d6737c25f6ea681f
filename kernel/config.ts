import { DEV_ORIGINS } from './cors.js';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { z } from 'zod';

/**
 * Configuration of every process: environment variables with safe defaults, validated once at start.
 * A bad value stops the process with a message naming the variable.
 */
const port = (def: number) => z.coerce.number().int().min(1).max(65535).default(def);
const positiveInt = (def: number) => z.coerce.number().int().positive().default(def);
const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(def ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');
/** A switch whose default depends on other settings (NODE_ENV): undefined when unset, resolved in loadConfig. */
const optionalBool = () =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));
const nonNegativeInt = (def: number) => z.coerce.number().int().min(0).default(def);

/**
 * Defaults of the gateway's operation limits (docs/gateway.md, "Gateway guards"): GraphQL Armor's for aliases, cost,
 * tokens and directives; depth and field count with room for the cross-subgraph references a front end follows. Every
 * operation of the bridge's route table stays within two thirds of each (test/unit/gateway-guards.test.ts).
 */
export const GRAPHQL_LIMIT_DEFAULTS = { depth: 12, aliases: 15, fields: 500, cost: 5000, tokens: 1000, directives: 50 } as const;

/** MB of old generation `npm start` gives every platform process (scripts/start.ts, PLATFORM_HEAP_MB). */
export const DEFAULT_HEAP_MB = 384;
/** PLATFORM_HEAP_MB as the configuration reads it, and as `npm start` reads it before the configuration loads. */
export const heapSetting = z.union([z.literal('off'), z.coerce.number().int().min(128).max(65_536)]).default(DEFAULT_HEAP_MB);
/** MB of each of the two young-generation semispaces `npm start` gives every platform process on the embedded database. */
export const DEFAULT_EMBEDDED_SEMI_SPACE_MB = 8;
/**
 * PLATFORM_SEMI_SPACE_MB as the configuration reads it, and as `npm start` reads it before the configuration loads;
 * absent: by the database (`semiSpaceBound`).
 */
export const semiSpaceSetting = z.union([z.literal('off'), z.coerce.number().int().min(1).max(1024)]).optional();
/**
 * The young generation's bound `npm start` sets (scripts/start.ts): PLATFORM_SEMI_SPACE_MB when given, else 8 MB on the
 * embedded database (one process holds PostgreSQL too: memory first) and V8's own sizing with DATABASE_URL
 * (throughput first). `undefined` when the setting is invalid (the configuration's check names it).
 */
export function semiSpaceBound(env: NodeJS.ProcessEnv): number | 'off' | undefined {
  const given = semiSpaceSetting.safeParse(env.PLATFORM_SEMI_SPACE_MB);
  if (!given.success) return undefined;
  return given.data ?? (env.DATABASE_URL ? 'off' : DEFAULT_EMBEDDED_SEMI_SPACE_MB);
}

const schema = z
  .object({
    /**
     * MB of old generation for every platform process, set by `npm start` as `--max-old-space-size` (scripts/start.ts);
     * `off`: Node's own bound (a quarter of the machine's memory, up to 4 GB).
     */
    PLATFORM_HEAP_MB: heapSetting,
    /**
     * MB of each of V8's two young-generation semispaces for every platform process, set by `npm start` as
     * `--max-semi-space-size` (scripts/start.ts); default 8 on the embedded database, V8's own sizing (`off`) with
     * DATABASE_URL.
     */
    PLATFORM_SEMI_SPACE_MB: semiSpaceSetting,
    /** `single`: the whole platform in one Node process (default); `split`: a process per subgraph, gateway and bridge. */
    PLATFORM_TOPOLOGY: z.enum(['single', 'split']).default('single'),
    /**
     * `split` only: how many replicas of every process the launcher starts (scripts/launcher.ts), behind an HAProxy it
     * starts on the public ports (round-robin, per request). 1: no load balancer.
     */
    PLATFORM_REPLICAS: z.coerce.number().int().min(1).max(8).default(1),
    /**
     * With PLATFORM_REPLICAS > 1, the first of the replicas' own ports (behind the load balancer): replica r (from 1)
     * takes the block of 100 from this + 100 × (r − 1), its HTTP ports, its MQTT port, then its pipelines workers'.
     * Fixed ports below the kernel's ephemeral range (32768+), so no port the system hands out in the meantime (an
     * outgoing connection's, a `listen(0)`'s) can take one before its process binds it.
     */
    REPLICA_PORT_BASE: z.coerce.number().int().min(1024).max(64_635).default(4100),
    /** The HAProxy program the launcher runs with PLATFORM_REPLICAS > 1 (Debian's `haproxy`). */
    HAPROXY_PATH: z.string().default('/usr/sbin/haproxy'),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    /**
     * `per-component`: in the split topology with DATABASE_URL (an administrator), the launcher sets up a PostgreSQL
     * role per component (scripts/db-roles.ts) and starts each process as its own; `shared`: every process connects
     * with DATABASE_URL.
     */
    DATABASE_ROLES: z.enum(['shared', 'per-component']).default('shared'),
    EMBEDDED_DB_PORT: port(5433),
    DB_POOL_SIZE: positiveInt(10),
    /** Longest a statement may run (server-side statement_timeout; the client gives up 500 ms later): a slow database is a 503. */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(3000),
    /** Longest to wait for a database connection (connecting, or a free connection of the pool): an unreachable database is a 503. */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
    /** An idle pooled connection is closed after this long. */
    DB_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(10_000),
    BRIDGE_PORT: port(8080),
    GATEWAY_PORT: port(4000),
    USERS_PORT: port(4001),
    WORKSPACE_PORT: port(4002),
    UTILITIES_PORT: port(4003),
    LSP_PORT: port(4004),
    COMMERCE_PORT: port(4005),
    DEV_PORT: port(4006),
    IOT_PORT: port(4007),
    QUERIES_PORT: port(4008),
    PIPELINES_PORT: port(4009),
    /** The embedded MQTT broker's TCP port (docs/iot.md "MQTT"); devices connect with their credential. Unused with MQTT_URL. */
    MQTT_PORT: port(1883),
    /** An external MQTT broker (`mqtt://host:1883`, `mqtts://…`): the platform subscribes to it instead of running its own (the scale-out path). */
    MQTT_URL: z.string().url().optional(),
    /**
     * The shared-subscription group the platform subscribes in on an external broker (`$share/<group>/<filter>`, docs/iot.md
     * "An external broker"): every replica in one group, so each report reaches one of them. Empty: plain subscriptions
     * (run one ingesting replica).
     */
    MQTT_SHARE_GROUP: z
      .string()
      .regex(/^[A-Za-z0-9._-]{0,64}$/, 'must be at most 64 letters, digits, ".", "_" or "-" (empty: no shared subscriptions)')
      .default('logistics-platform'),
    /**
     * The broker address devices reach (`mqtt://mqtt.example.com:1883`, `mqtts://…`), e.g. a load balancer in front of
     * replicas: a device credential names its port instead of this process's MQTT_PORT.
     */
    MQTT_PUBLIC_URL: z
      .string()
      .url()
      .refine((v) => /^mqtts?:\/\/[^/?#@]+\/?$/i.test(v), { message: 'must be an mqtt:// or mqtts:// URL of a host and port, nothing more' })
      .optional(),
    /** Device reports the ingestion queue holds (docs/iot.md "Back-pressure"): an HTTP batch beyond is 503, an MQTT publisher waits. */
    INGEST_QUEUE_MAX: z.coerce.number().int().min(1000).max(10_000_000).default(20_000),
    /** Reports per INSERT of the ingestion writer. */
    INGEST_BATCH: positiveInt(2000),
    /** Device reports older than this (by arrival) are deleted by an hourly sweep. */
    TELEMETRY_RETENTION_DAYS: positiveInt(30),
    /** How often the retention sweep runs. */
    TELEMETRY_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
    /** How long a service's capacity answer is cached (docs/queries.md "Caches"); every replica drops an entry when its service changes. */
    CAPACITY_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** How long a service's pricing rules are cached (docs/queries.md "Caches"). */
    PRICING_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    /** Whether this process takes pipeline steps (docs/pipelines.md "Workers"): on in the one-process platform; `pipelines-worker` processes take them in the split one. */
    PIPELINE_WORKERS: z.enum(['on', 'off']).optional(),
    /** Pipelines worker processes the split platform starts (docs/pipelines.md "Workers"); 0: none (run them elsewhere). */
    PIPELINE_WORKER_PROCESSES: z.coerce.number().int().min(0).max(32).default(1),
    /**
     * The HTTP port of the split platform's first pipelines worker process (`/healthz`, `/readyz`, `/metrics`; no API):
     * worker n listens on this + n − 1 (docs/operations.md "Metrics"). 0: a port from the system (several workers
     * started by hand on one machine), logged at start.
     */
    PIPELINE_WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
    /** Steps one worker process takes at once. */
    PIPELINE_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
    /** How long a stage may run when it names no `timeout`. */
    PIPELINE_STAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(86_400_000).default(30_000),
    /** The longest wait between runs of a failing stage under a retry policy that names no `maxDelay`. */
    PIPELINE_RETRY_MAX_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
    /** Stage runs one execution may take in all (bounds a loop of `next` transitions); one more fails it. */
    PIPELINE_MAX_STAGE_RUNS: z.coerce.number().int().min(1).max(100_000).default(1000),
    /** Hosts and CIDR ranges webhook stages may call although they are private, loopback or link-local (comma-separated; e.g. `127.0.0.1,10.0.0.0/8`). */
    PIPELINE_WEBHOOK_ALLOW: z.string().default(''),
    /** Waits between attempts of an event webhook delivery (docs/events.md "Retries"): durations with ms, s, m or h, comma-separated. */
    EVENT_WEBHOOK_RETRY_SCHEDULE: z
      .string()
      .default('5s,5m,30m,2h,5h,10h,10h')
      .refine((v) => /^\s*(\d{1,7}(ms|s|m|h)\s*)(,\s*\d{1,7}(ms|s|m|h)\s*){0,19}$/.test(v) || v.trim() === '', { message: 'must be durations such as 5s,5m,2h (at most 20)' }),
    /** How long one attempt of an event webhook waits for the endpoint's answer. */
    EVENT_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Event webhook deliveries one process makes at once. */
    EVENT_WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(64),
    /** How often the health worker scores every pipeline and runs due simulations. */
    PIPELINE_HEALTH_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(60_000),
    GATEWAY_URL: z.string().url().optional(),
    PUBLIC_URL: z.string().url().optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    INTERNAL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL_SECONDS: positiveInt(900),
    REFRESH_TOKEN_TTL_DAYS: positiveInt(30),
    CONTEXT_TOKEN_TTL_SECONDS: positiveInt(3600),
    CONNECTOR_TOKEN_TTL_SECONDS: positiveInt(3600),
    /** Longest a gateway trusts a credential owner's positive answer without asking again (0: no cache). */
    CREDENTIAL_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    INVITATION_TTL_DAYS: positiveInt(7),
    /** Lifetime of an intent token while its order is a draft (docs/orders.md "The intent token"). */
    INTENT_TTL_HOURS: positiveInt(24),
    /** How long a quote binds (docs/orders.md "Quotes"). */
    QUOTE_TTL_SECONDS: positiveInt(900),
    RATE_LIMIT_PER_MINUTE: positiveInt(100),
    RATE_LIMIT_PER_HOUR: positiveInt(1000),
    TRUST_PROXY: bool(false),
    MAX_JSON_BODY_BYTES: positiveInt(100 * 1024),
    AVATAR_MAX_BYTES: positiveInt(5 * 1024 * 1024),
    DOCUMENT_MAX_BYTES: positiveInt(10 * 1024 * 1024),
    /** The gateway's operation limits (docs/gateway.md): an operation over one is refused before execution, 400 QUERY_TOO_COMPLEX. */
    GRAPHQL_MAX_DEPTH: positiveInt(GRAPHQL_LIMIT_DEFAULTS.depth),
    GRAPHQL_MAX_ALIASES: nonNegativeInt(GRAPHQL_LIMIT_DEFAULTS.aliases),
    GRAPHQL_MAX_FIELDS: positiveInt(GRAPHQL_LIMIT_DEFAULTS.fields),
    GRAPHQL_MAX_COST: positiveInt(GRAPHQL_LIMIT_DEFAULTS.cost),
    GRAPHQL_MAX_TOKENS: positiveInt(GRAPHQL_LIMIT_DEFAULTS.tokens),
    GRAPHQL_MAX_DIRECTIVES: nonNegativeInt(GRAPHQL_LIMIT_DEFAULTS.directives),
    /** `any`: any operation text is accepted; `registered`: only registered operations (by hash, or their exact text). */
    GRAPHQL_OPERATIONS: z.enum(['any', 'registered']).default('any'),
    /** A JSON file {"<sha256 of the document>": "<document>"}: front-end operations registered beside the bridge's. */
    GRAPHQL_OPERATIONS_MANIFEST: z.string().min(1).optional(),
    /** `__schema`/`__type` queries and "Did you mean …" suggestions; default: on, off with NODE_ENV=production. */
    GRAPHQL_INTROSPECTION: optionalBool(),
    /** How often the users subgraph purges accounts past their deletion grace period. */
    PURGE_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
    /**
     * Tests only: every process serves `PUT /__test/clock` to move its clock (kernel/clock.ts). Refused with
     * NODE_ENV=production.
     */
    TEST_CLOCK: bool(false),
    /** The gateway adds `extensions.sqlStatements` (the SQL statements every subgraph ran) to answers whose request asks (`x-sql-statements: true`). */
    GRAPHQL_SQL_STATEMENTS: bool(false),
    /**
     * Origins a browser may call the bridge and the gateway from (comma-separated; `*` any). Default: local dev-server
     * origins (kernel/cors.ts DEV_ORIGINS), none with NODE_ENV=production.
     */
    CORS_ORIGINS: z.string().optional(),
    /** GraphiQL at `GET /graphql` for browsers (kernel/pages.ts); default: on, off with NODE_ENV=production. */
    GRAPHQL_IDE: optionalBool(),
    /** The REST reference page at `GET /docs` on the bridge; default: on, off with NODE_ENV=production. */
    REST_DOCS: optionalBool(),
    /**
     * A tile server for the order tracking page's map (rest-bridge/tracking-page.ts): an `https://` template with `{z}`,
     * `{x}` and `{y}` (and `{s}` for the subdomains a, b, c), e.g. `https://tiles.example.com/{z}/{x}/{y}.png`. Unset:
     * the page draws the land and coastlines the bridge ships, and nothing it loads leaves the platform.
     */
    TRACKING_TILE_URL: z
      .string()
      .url()
      .refine((v) => /^https:\/\/(\{s\}\.)?[A-Za-z0-9.-]+(:\d{1,5})?\/[^\s"'<>\\]*$/.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), {
        message: 'must be an https:// tile URL template with {z}, {x} and {y} (e.g. https://tiles.example.com/{z}/{x}/{y}.png; {s} for subdomains)',
      })
      .optional(),
    /**
     * Platform administrators (docs/operators.md): comma-separated e-mail addresses of user accounts that may review
     * identity verifications and look users up for support.
     */
    PLATFORM_ADMINS: z.string().optional(),
    /** When set, `GET /metrics` needs `Authorization: Bearer <METRICS_TOKEN>` (kernel/metrics.ts); unset, it is open. */
    METRICS_TOKEN: z.string().min(16).optional(),
    NODE_ENV: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((c) => !(c.TEST_CLOCK && c.NODE_ENV === 'production'), {
    message: 'the test clock cannot be switched on in production',
    path: ['TEST_CLOCK'],
  });

/** Options of every `pg` pool of the platform (the ORM's and the rate-limit counters'), from the DB_* variables. */
export interface DbPoolOptions {
  max: number;
  idleTimeoutMillis: number;
  connectionTimeoutMillis: number;
  statement_timeout: number;
  query_timeout: number;
  keepAlive: boolean;
}

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  databaseUrl: string;
  dbPool: DbPoolOptions;
  /**
   * Options of the GraphQL multipart readers (gateway and subgraphs): room for the largest upload field. busboy refuses
   * a file that *reaches* maxFileSize, so it gets one byte more than the limit; each field's own limit
   * (AVATAR_MAX_BYTES, DOCUMENT_MAX_BYTES) is checked byte-exact by the users subgraph.
   */
  graphqlUploads: { maxFileSize: number; maxFiles: number };
  /** The gateway's operation limits, from the GRAPHQL_MAX_* variables. */
  graphqlLimits: Record<keyof typeof GRAPHQL_LIMIT_DEFAULTS, number>;
  /** GRAPHQL_INTROSPECTION, or its default: off with NODE_ENV=production, else on. */
  graphqlIntrospection: boolean;
  /** PLATFORM_ADMINS as lower-case e-mail addresses. */
  platformAdmins: string[];
  /** The MQTT port a device credential names: MQTT_PUBLIC_URL's (its scheme's, 1883 or 8883, when it names none), else null. */
  mqttPublicPort: number | null;
  /** GRAPHQL_IDE and REST_DOCS, or their defaults (off with NODE_ENV=production). */
  graphqlIde: boolean;
  restDocs: boolean;
  /** CORS_ORIGINS as a list, or its default (kernel/cors.ts). */
  corsOrigins: string[];
  gatewayUrl: string;
  publicUrl: string;
  jwtSecret: string;
  internalSecret: string;
  subgraphUrl(name: string): string;
  /** The port a subgraph's own process listens on (`<NAME>_PORT`); others reach it at `subgraphUrl` (a load balancer, say). */
  subgraphPort(name: string): number;
};

let cached: Config | undefined;

/** Secrets not given in the environment are generated once and kept in DATA_DIR/secrets.json (mode 0600). */
function localSecrets(dataDir: string): { jwtSecret: string; internalSecret: string } {
  const file = join(dataDir, 'secrets.json');
  mkdirSync(dataDir, { recursive: true });
  const fresh = { jwtSecret: randomBytes(48).toString('base64url'), internalSecret: randomBytes(48).toString('base64url') };
  try {
    writeFileSync(file, JSON.stringify(fresh), { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return JSON.parse(readFileSync(file, 'utf8')) as typeof fresh;
  }
}

/** The port of an mqtt:// or mqtts:// URL: the one it names, else the scheme's (IANA: 1883, 8883). */
const mqttPort = (url: string): number => {
  const u = new URL(url);
  return u.port ? Number(u.port) : u.protocol.toLowerCase() === 'mqtts:' ? 8883 : 1883;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (cached && env === process.env) return cached;
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const dataDir = resolve(c.DATA_DIR);
  const needLocal = !c.JWT_SECRET || !c.INTERNAL_SECRET;
  const local = needLocal ? localSecrets(dataDir) : undefined;
  const subgraphPort = (name: string) => Number(c[`${name.toUpperCase()}_PORT` as keyof typeof c] ?? 0);
  const config: Config = {
    ...c,
    dataDir,
    databaseUrl: c.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${c.EMBEDDED_DB_PORT}/postgres`,
    dbPool: {
      max: c.DB_POOL_SIZE,
      idleTimeoutMillis: c.DB_IDLE_TIMEOUT_MS,
      connectionTimeoutMillis: c.DB_CONNECT_TIMEOUT_MS,
      statement_timeout: c.DB_STATEMENT_TIMEOUT_MS,
      // the client's own limit: answers even when the server (or the network to it) has gone silent
      query_timeout: c.DB_STATEMENT_TIMEOUT_MS + 500,
      keepAlive: true,
    },
    graphqlUploads: { maxFileSize: Math.max(c.AVATAR_MAX_BYTES, c.DOCUMENT_MAX_BYTES) + 1, maxFiles: 5 },
    graphqlLimits: {
      depth: c.GRAPHQL_MAX_DEPTH,
      aliases: c.GRAPHQL_MAX_ALIASES,
      fields: c.GRAPHQL_MAX_FIELDS,
      cost: c.GRAPHQL_MAX_COST,
      tokens: c.GRAPHQL_MAX_TOKENS,
      directives: c.GRAPHQL_MAX_DIRECTIVES,
    },
    graphqlIntrospection: c.GRAPHQL_INTROSPECTION ?? c.NODE_ENV !== 'production',
    platformAdmins: (c.PLATFORM_ADMINS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    mqttPublicPort: c.MQTT_PUBLIC_URL ? mqttPort(c.MQTT_PUBLIC_URL) : null,
    graphqlIde: c.GRAPHQL_IDE ?? c.NODE_ENV !== 'production',
    restDocs: c.REST_DOCS ?? c.NODE_ENV !== 'production',
    corsOrigins:
      c.CORS_ORIGINS !== undefined
        ? c.CORS_ORIGINS.split(',')
            .map((o) => o.trim())
            .filter(Boolean)
        : c.NODE_ENV === 'production'
          ? []
          : DEV_ORIGINS,
    gatewayUrl: c.GATEWAY_URL ?? `http://${c.HOST}:${c.GATEWAY_PORT}/graphql`,
    publicUrl: (c.PUBLIC_URL ?? `http://${c.HOST}:${c.BRIDGE_PORT}`).replace(/\/$/, ''),
    jwtSecret: c.JWT_SECRET ?? local!.jwtSecret,
    internalSecret: c.INTERNAL_SECRET ?? local!.internalSecret,
    subgraphUrl(name: string) {
      const key = `${name.toUpperCase()}_URL`;
      return env[key] ?? `http://${c.HOST}:${subgraphPort(name)}/graphql`;
    },
    subgraphPort,
  };
  if (env === process.env) cached = config;
  return config;
}

/** Loads the configuration or exits with the validation message (for process entry points). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(78);
  }
}
