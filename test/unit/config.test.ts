import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, loadConfigOrExit, semiSpaceBound } from '../../kernel/config.js';

/**
 * kernel/config.ts: loadConfig with a given environment. Defaults are the README's "Configuration" table; a bad value
 * stops the process with a message naming the variable; TEST_CLOCK is refused with NODE_ENV=production
 * (docs/testing.md). Secrets not given are generated once into DATA_DIR/secrets.json (README).
 */
const dirs: string[] = [];
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'units-config-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const SECRET_A = 'a'.repeat(32);
const SECRET_B = 'b'.repeat(40);
/** An environment with both secrets, so nothing is written; `extra` on top. */
const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({ DATA_DIR: dataDir(), JWT_SECRET: SECRET_A, INTERNAL_SECRET: SECRET_B, ...extra });

/** The message of the error loadConfig throws for `extra` (fails the test when it does not throw). */
function refusal(extra: Record<string, string>): string {
  try {
    loadConfig(env(extra));
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(extra)}`);
}

describe('defaults (README, "Configuration")', () => {
  it('every documented default', () => {
    const c = loadConfig(env());
    expect({
      PLATFORM_TOPOLOGY: c.PLATFORM_TOPOLOGY,
      HOST: c.HOST,
      BRIDGE_PORT: c.BRIDGE_PORT,
      GATEWAY_PORT: c.GATEWAY_PORT,
      USERS_PORT: c.USERS_PORT,
      WORKSPACE_PORT: c.WORKSPACE_PORT,
      UTILITIES_PORT: c.UTILITIES_PORT,
      LSP_PORT: c.LSP_PORT,
      EMBEDDED_DB_PORT: c.EMBEDDED_DB_PORT,
      ACCESS_TOKEN_TTL_SECONDS: c.ACCESS_TOKEN_TTL_SECONDS,
      REFRESH_TOKEN_TTL_DAYS: c.REFRESH_TOKEN_TTL_DAYS,
      CONTEXT_TOKEN_TTL_SECONDS: c.CONTEXT_TOKEN_TTL_SECONDS,
      CONNECTOR_TOKEN_TTL_SECONDS: c.CONNECTOR_TOKEN_TTL_SECONDS,
      CREDENTIAL_CACHE_TTL_SECONDS: c.CREDENTIAL_CACHE_TTL_SECONDS,
      INVITATION_TTL_DAYS: c.INVITATION_TTL_DAYS,
      RATE_LIMIT_PER_MINUTE: c.RATE_LIMIT_PER_MINUTE,
      RATE_LIMIT_PER_HOUR: c.RATE_LIMIT_PER_HOUR,
      TRUST_PROXY: c.TRUST_PROXY,
      MAX_JSON_BODY_BYTES: c.MAX_JSON_BODY_BYTES,
      AVATAR_MAX_BYTES: c.AVATAR_MAX_BYTES,
      DOCUMENT_MAX_BYTES: c.DOCUMENT_MAX_BYTES,
      DB_POOL_SIZE: c.DB_POOL_SIZE,
      DB_CONNECT_TIMEOUT_MS: c.DB_CONNECT_TIMEOUT_MS,
      DB_STATEMENT_TIMEOUT_MS: c.DB_STATEMENT_TIMEOUT_MS,
      DB_IDLE_TIMEOUT_MS: c.DB_IDLE_TIMEOUT_MS,
      LOG_LEVEL: c.LOG_LEVEL,
      TEST_CLOCK: c.TEST_CLOCK,
      PURGE_SWEEP_INTERVAL_SECONDS: c.PURGE_SWEEP_INTERVAL_SECONDS,
      DATABASE_URL: c.DATABASE_URL,
    }).toEqual({
      PLATFORM_TOPOLOGY: 'single',
      HOST: '127.0.0.1',
      BRIDGE_PORT: 8080,
      GATEWAY_PORT: 4000,
      USERS_PORT: 4001,
      WORKSPACE_PORT: 4002,
      UTILITIES_PORT: 4003,
      LSP_PORT: 4004,
      EMBEDDED_DB_PORT: 5433,
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_TOKEN_TTL_DAYS: 30,
      CONTEXT_TOKEN_TTL_SECONDS: 3600,
      CONNECTOR_TOKEN_TTL_SECONDS: 3600,
      CREDENTIAL_CACHE_TTL_SECONDS: 60,
      INVITATION_TTL_DAYS: 7,
      RATE_LIMIT_PER_MINUTE: 100,
      RATE_LIMIT_PER_HOUR: 1000,
      TRUST_PROXY: false,
      MAX_JSON_BODY_BYTES: 102_400,
      AVATAR_MAX_BYTES: 5 * 1024 * 1024,
      DOCUMENT_MAX_BYTES: 10 * 1024 * 1024,
      DB_POOL_SIZE: 10,
      DB_CONNECT_TIMEOUT_MS: 2000,
      DB_STATEMENT_TIMEOUT_MS: 3000,
      DB_IDLE_TIMEOUT_MS: 10_000,
      LOG_LEVEL: 'info',
      TEST_CLOCK: false,
      PURGE_SWEEP_INTERVAL_SECONDS: 3600,
      DATABASE_URL: undefined,
    });
  });

  it('derived URLs: the embedded database, the gateway, the public origin and each subgraph from HOST and the ports', () => {
    const c = loadConfig(env());
    expect(c.databaseUrl).toBe('postgres://postgres:postgres@127.0.0.1:5433/postgres');
    expect(c.gatewayUrl).toBe('http://127.0.0.1:4000/graphql');
    expect(c.publicUrl).toBe('http://127.0.0.1:8080');
    expect(c.subgraphUrl('users')).toBe('http://127.0.0.1:4001/graphql');
    expect(c.subgraphUrl('LSP')).toBe('http://127.0.0.1:4004/graphql');
    const moved = loadConfig(env({ HOST: '10.1.2.3', GATEWAY_PORT: '5000', BRIDGE_PORT: '9090', EMBEDDED_DB_PORT: '6543', WORKSPACE_PORT: '4111' }));
    expect([moved.gatewayUrl, moved.publicUrl, moved.databaseUrl, moved.subgraphUrl('workspace')]).toEqual([
      'http://10.1.2.3:5000/graphql',
      'http://10.1.2.3:9090',
      'postgres://postgres:postgres@127.0.0.1:6543/postgres',
      'http://10.1.2.3:4111/graphql',
    ]);
  });

  it('given URLs win: DATABASE_URL, GATEWAY_URL, PUBLIC_URL (trailing slash dropped), <SUBGRAPH>_URL', () => {
    const c = loadConfig(
      env({
        DATABASE_URL: 'postgres://u:p@db.internal:5432/app',
        GATEWAY_URL: 'http://gw.internal:4000/graphql',
        PUBLIC_URL: 'https://api.example.test/',
        LSP_URL: 'http://lsp.internal/graphql',
      }),
    );
    expect([c.databaseUrl, c.gatewayUrl, c.publicUrl, c.subgraphUrl('lsp'), c.subgraphUrl('users')]).toEqual([
      'postgres://u:p@db.internal:5432/app',
      'http://gw.internal:4000/graphql',
      'https://api.example.test',
      'http://lsp.internal/graphql',
      'http://127.0.0.1:4001/graphql',
    ]);
  });

  it('a subgraph without a port variable gets port 0 (nothing listens there)', () => {
    expect(loadConfig(env()).subgraphUrl('nowhere')).toBe('http://127.0.0.1:0/graphql');
  });

  it('DATA_DIR is resolved to an absolute path', () => {
    const c = loadConfig({ ...env(), DATA_DIR: 'relative/dir' });
    expect(c.dataDir).toBe(resolve('relative/dir'));
  });

  it("the database pools: size, idle timeout, connect timeout, statement timeout and the client's limit 500 ms after it", () => {
    expect(loadConfig(env({ DB_POOL_SIZE: '3', DB_IDLE_TIMEOUT_MS: '5000', DB_CONNECT_TIMEOUT_MS: '700', DB_STATEMENT_TIMEOUT_MS: '1200' })).dbPool).toEqual({
      max: 3,
      idleTimeoutMillis: 5000,
      connectionTimeoutMillis: 700,
      statement_timeout: 1200,
      query_timeout: 1700,
      keepAlive: true,
    });
  });

  it('numbers are read from strings; booleans accept true/false/1/0', () => {
    const c = loadConfig(env({ RATE_LIMIT_PER_MINUTE: '7', TRUST_PROXY: 'true', TEST_CLOCK: '1', PLATFORM_TOPOLOGY: 'split', LOG_LEVEL: 'silent' }));
    expect([c.RATE_LIMIT_PER_MINUTE, c.TRUST_PROXY, c.TEST_CLOCK, c.PLATFORM_TOPOLOGY, c.LOG_LEVEL]).toEqual([7, true, true, 'split', 'silent']);
    expect(loadConfig(env({ TRUST_PROXY: '0' })).TRUST_PROXY).toBe(false);
    expect(loadConfig(env({ TRUST_PROXY: 'false' })).TRUST_PROXY).toBe(false);
    expect(loadConfig(env({ CREDENTIAL_CACHE_TTL_SECONDS: '0' })).CREDENTIAL_CACHE_TTL_SECONDS).toBe(0);
  });
});

describe("the young generation's bound npm start sets (PLATFORM_SEMI_SPACE_MB, README)", () => {
  it('8 MB on the embedded database, none (V8 sizes it) with DATABASE_URL; a given value wins on either; invalid: none, left to the check', () => {
    expect(semiSpaceBound({})).toBe(8);
    expect(semiSpaceBound({ DATABASE_URL: 'postgres://db.example/platform' })).toBe('off');
    expect(semiSpaceBound({ PLATFORM_SEMI_SPACE_MB: '16', DATABASE_URL: 'postgres://db.example/platform' })).toBe(16);
    expect(semiSpaceBound({ PLATFORM_SEMI_SPACE_MB: 'off' })).toBe('off');
    expect(semiSpaceBound({ PLATFORM_SEMI_SPACE_MB: '1' })).toBe(1);
    expect(semiSpaceBound({ PLATFORM_SEMI_SPACE_MB: '0' })).toBeUndefined();
    expect(loadConfig(env({ PLATFORM_SEMI_SPACE_MB: '1024' })).PLATFORM_SEMI_SPACE_MB).toBe(1024);
  });
});

describe('a bad value names the variable', () => {
  it.each([
    ['BRIDGE_PORT', '70000'],
    ['GATEWAY_PORT', '0'],
    ['LSP_PORT', 'http'],
    ['USERS_PORT', '4001.5'],
    ['EMBEDDED_DB_PORT', '-1'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['RATE_LIMIT_PER_HOUR', 'many'],
    ['ACCESS_TOKEN_TTL_SECONDS', '-900'],
    ['DB_POOL_SIZE', '1.5'],
    ['DB_STATEMENT_TIMEOUT_MS', '99'],
    ['DB_STATEMENT_TIMEOUT_MS', '600001'],
    ['DB_CONNECT_TIMEOUT_MS', '60001'],
    ['DB_IDLE_TIMEOUT_MS', '999'],
    ['CREDENTIAL_CACHE_TTL_SECONDS', '3601'],
    ['CREDENTIAL_CACHE_TTL_SECONDS', '-1'],
    ['PURGE_SWEEP_INTERVAL_SECONDS', '0'],
    ['PURGE_SWEEP_INTERVAL_SECONDS', '86401'],
    ['PLATFORM_TOPOLOGY', 'cluster'],
    ['LOG_LEVEL', 'verbose'],
    ['TRUST_PROXY', 'yes'],
    ['TEST_CLOCK', 'on'],
    ['DATABASE_URL', 'not a url'],
    ['GATEWAY_URL', 'gateway'],
    ['PUBLIC_URL', '//nohost'],
    ['PLATFORM_SEMI_SPACE_MB', '0'],
    ['PLATFORM_SEMI_SPACE_MB', 'small'],
  ])('%s=%s is refused, naming %s', (name, value) => {
    const message = refusal({ [name]: value });
    expect(message.split('\n')[0]).toBe('Invalid configuration:');
    expect(
      message
        .split('\n')
        .slice(1)
        .map((l) => l.trim().split(':')[0]),
    ).toEqual([name]);
  });

  it('the range limits themselves are accepted', () => {
    const c = loadConfig(
      env({
        BRIDGE_PORT: '65535',
        GATEWAY_PORT: '1',
        DB_STATEMENT_TIMEOUT_MS: '100',
        CREDENTIAL_CACHE_TTL_SECONDS: '3600',
        PURGE_SWEEP_INTERVAL_SECONDS: '86400',
        DB_CONNECT_TIMEOUT_MS: '60000',
        DB_IDLE_TIMEOUT_MS: '1000',
      }),
    );
    expect([c.BRIDGE_PORT, c.GATEWAY_PORT, c.DB_STATEMENT_TIMEOUT_MS, c.CREDENTIAL_CACHE_TTL_SECONDS, c.PURGE_SWEEP_INTERVAL_SECONDS]).toEqual([65535, 1, 100, 3600, 86400]);
  });

  it('a secret shorter than 32 characters: "must be at least 32 characters"', () => {
    expect(refusal({ JWT_SECRET: 'x'.repeat(31) })).toBe('Invalid configuration:\n  JWT_SECRET: must be at least 32 characters');
    expect(refusal({ INTERNAL_SECRET: 'short' })).toBe('Invalid configuration:\n  INTERNAL_SECRET: must be at least 32 characters');
  });

  it('several bad values are all named, one a line', () => {
    const lines = refusal({ BRIDGE_PORT: '0', LOG_LEVEL: 'loud', JWT_SECRET: 'short' })
      .split('\n')
      .slice(1)
      .map((l) => l.trim().split(':')[0]);
    expect(lines.sort()).toEqual(['BRIDGE_PORT', 'JWT_SECRET', 'LOG_LEVEL']);
  });
});

describe('the test clock (docs/testing.md)', () => {
  it('TEST_CLOCK=true is refused with NODE_ENV=production, naming TEST_CLOCK', () => {
    expect(refusal({ TEST_CLOCK: 'true', NODE_ENV: 'production' })).toBe('Invalid configuration:\n  TEST_CLOCK: the test clock cannot be switched on in production');
  });

  it('TEST_CLOCK=true is accepted outside production; production without it is fine', () => {
    expect(loadConfig(env({ TEST_CLOCK: 'true', NODE_ENV: 'development' })).TEST_CLOCK).toBe(true);
    expect(loadConfig(env({ TEST_CLOCK: 'true' })).TEST_CLOCK).toBe(true);
    expect(loadConfig(env({ TEST_CLOCK: 'false', NODE_ENV: 'production' })).TEST_CLOCK).toBe(false);
    expect(loadConfig(env({ NODE_ENV: 'production' })).NODE_ENV).toBe('production');
  });
});

describe('browser-facing switches (docs/operations.md)', () => {
  it('outside production: the IDE and the REST reference are on, and CORS allows the local dev-server origins', () => {
    const c = loadConfig(env({}));
    expect([c.graphqlIde, c.restDocs]).toEqual([true, true]);
    expect(c.corsOrigins).toEqual(['http://localhost:3000', 'http://localhost:5173', 'http://localhost:8080', 'http://127.0.0.1:3000', 'http://127.0.0.1:5173', 'http://127.0.0.1:8080']);
  });

  it('NODE_ENV=production: both pages off and no CORS origin, unless the variables say otherwise', () => {
    const c = loadConfig(env({ NODE_ENV: 'production' }));
    expect([c.graphqlIde, c.restDocs, c.corsOrigins]).toEqual([false, false, []]);
    const d = loadConfig(env({ NODE_ENV: 'production', GRAPHQL_IDE: 'true', REST_DOCS: '1', CORS_ORIGINS: ' https://app.example.com , https://ops.example.com ' }));
    expect([d.graphqlIde, d.restDocs, d.corsOrigins]).toEqual([true, true, ['https://app.example.com', 'https://ops.example.com']]);
  });

  it('METRICS_TOKEN shorter than 16 characters is refused, naming it', () => {
    expect(refusal({ METRICS_TOKEN: 'short' })).toMatch(/^Invalid configuration:\n {2}METRICS_TOKEN: /);
  });
});

describe('secrets', () => {
  it('given secrets are used and nothing is written', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir, JWT_SECRET: SECRET_A, INTERNAL_SECRET: SECRET_B });
    expect([c.jwtSecret, c.internalSecret]).toEqual([SECRET_A, SECRET_B]);
    expect(() => statSync(join(dir, 'secrets.json'))).toThrow(/ENOENT/);
  });

  it('missing secrets are generated once into DATA_DIR/secrets.json (mode 0600) and the same ones are read back', () => {
    const dir = join(dataDir(), 'nested', 'data');
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(first.internalSecret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(first.jwtSecret).not.toBe(first.internalSecret);
    const file = join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ jwtSecret: first.jwtSecret, internalSecret: first.internalSecret });
    const second = loadConfig({ DATA_DIR: dir });
    expect([second.jwtSecret, second.internalSecret]).toEqual([first.jwtSecret, first.internalSecret]);
  });

  it('one secret given, the other taken from secrets.json', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir, JWT_SECRET: SECRET_A });
    expect(c.jwtSecret).toBe(SECRET_A);
    expect(c.internalSecret).toBe((JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as { internalSecret: string }).internalSecret);
  });

  it('an environment other than process.env is read afresh every time (not cached)', () => {
    const e = env();
    const a = loadConfig(e);
    e.RATE_LIMIT_PER_MINUTE = '5';
    expect(loadConfig(e).RATE_LIMIT_PER_MINUTE).toBe(5);
    expect(a.RATE_LIMIT_PER_MINUTE).toBe(100);
  });
});

describe('loadConfigOrExit (process entry points) on process.env', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
    vi.restoreAllMocks();
  });

  it('a bad value prints the message naming the variable and exits with 78 (EX_CONFIG)', () => {
    process.env.BRIDGE_PORT = '0';
    const exit = vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => loadConfigOrExit()).toThrow('exit 78');
    expect(exit).toHaveBeenCalledWith(78);
    expect(printed.mock.calls[0][0]).toMatch(/^Invalid configuration:\n {2}BRIDGE_PORT: /);
  });

  it('a good environment is loaded once and kept for the process', () => {
    Object.assign(process.env, { DATA_DIR: dataDir(), JWT_SECRET: SECRET_A, INTERNAL_SECRET: SECRET_B, RATE_LIMIT_PER_MINUTE: '42' });
    const exit = vi.spyOn(process, 'exit');
    const first = loadConfigOrExit();
    expect(first.RATE_LIMIT_PER_MINUTE).toBe(42);
    process.env.RATE_LIMIT_PER_MINUTE = '43';
    expect(loadConfigOrExit()).toBe(first);
    expect(loadConfig()).toBe(first);
    expect(loadConfig(env({ RATE_LIMIT_PER_MINUTE: '9' })).RATE_LIMIT_PER_MINUTE).toBe(9);
    expect(exit).not.toHaveBeenCalled();
  });
});
