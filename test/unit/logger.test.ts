import { GraphQLError } from 'graphql';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOG_BUFFER_BYTES, LOG_FLUSH_MS, bufferedDestination, createLogger, libraryLogger, scrub, scrubString } from '../../kernel/logger.js';

/**
 * kernel/logger.ts (docs/contract.md, "Logs"): no request body, variables, row values, e-mail, phone, password, token
 * or secret reaches a log line, whatever carries it. Complements test/unit/log-redaction.test.ts with each rule alone.
 */
function capture(level = 'debug') {
  const lines: string[] = [];
  const log = createLogger('svc', level, { write: (s: string) => void lines.push(s) });
  return { log, lines: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('scrubString: private data in free text', () => {
  it.each([
    ['an e-mail address', 'mail ada.lovelace+x@sub.example.org now', 'mail [email] now'],
    ['a phone number', 'call +254 700 000-001 today', 'call [phone] today'],
    ['a phone number with brackets', 'tel +1 (555) 123-4567', 'tel [phone]'],
    ['a JWT', 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-nature_x end', 'token [jwt] end'],
    ['a bearer credential', 'sent Bearer abc.def', 'sent Bearer [redacted]'],
    ['an authorization header line, scheme and credential', 'Authorization: Bearer abc.def next', 'Authorization: "[redacted]" next'],
    ['a Basic credential', 'authorization=Basic dXNlcjpwYXNz', 'authorization="[redacted]"'],
    ['an API key', 'key lpk_ABCdef123456 used', 'key [secret] used'],
    ['a connector secret', 'lcs_abcdefgh', '[secret]'],
    ['an invitation token', 'inv_0123456789', '[secret]'],
    ['a refresh token', 'lrt_0123456789', '[secret]'],
    ['a password in JSON', '{"password":"correct horse battery","x":1}', '{"password":"[redacted]","x":1}'],
    ['a secret as key=value', 'secret=hunter2&next=1', 'secret="[redacted]"&next=1'],
    ['an apiKey with a single-quoted value', "apiKey: 'abc def'", 'apiKey: "[redacted]"'],
    ['a failing row', 'new row violates check constraint. Failing row contains (1, ada, 42).', 'new row violates check constraint. Failing row contains ([redacted]).'],
    ['a duplicate key', 'Key (email)=(ada@x.io) already exists.', 'Key (email)=([redacted]) already exists.'],
  ])('%s', (_, input, expected) => {
    expect(scrubString(input)).toBe(expected);
  });

  it('a JSON.parse message quoting the body keeps only "[body]"', () => {
    expect(scrubString('Unexpected token \'}\', "{"note":"private words"}" is not valid JSON')).toBe('Unexpected token \'}\', "[body]" is not valid JSON');
  });

  it('text without private data is unchanged; short prefixes are not secrets', () => {
    expect(scrubString('GET /v1/users/me 200 in 12 ms')).toBe('GET /v1/users/me 200 in 12 ms');
    expect(scrubString('lpk_abc and +12 34')).toBe('lpk_abc and +12 34');
  });
});

describe('scrub: private data in structured fields', () => {
  it('keys that carry credentials, personal data, bodies or variables are censored at any depth, in any case', () => {
    const out = scrub({
      user: { id: 7, Email: 'a@b.co', PHONE: '+254700000001', profile: { newPassword: 'x', currentPassword: 'y' } },
      headers: { authorization: 'Bearer t', cookie: 'c', 'set-cookie': 's', 'svc-auth-token': 't', 'x-auth-token': 't', 'x-intent-token': 't', 'x-platform-principal': 'p', 'x-platform-bridge': 'b' },
      body: { anything: 1 },
      rawBody: 'raw',
      variables: { a: 1 },
      parameters: [1],
      params: {},
      bindings: [],
      detail: 'd',
      where: 'w',
      internalQuery: 'q',
      query: 'q',
      sql: 's',
      request: {},
      response: {},
      data: {},
      token: 't',
      accessToken: 't',
      refreshToken: 't',
      idToken: 't',
      secret: 's',
      clientSecret: 's',
      key: 'k',
      apiKey: 'k',
      emails: [],
      phones: [],
      kept: 'visible',
    }) as Record<string, unknown>;
    expect(out.kept).toBe('visible');
    expect(out.user).toEqual({ id: 7, Email: '[redacted]', PHONE: '[redacted]', profile: { newPassword: '[redacted]', currentPassword: '[redacted]' } });
    expect(Object.values(out.headers as object).every((v) => v === '[redacted]')).toBe(true);
    for (const k of Object.keys(out).filter((k) => !['kept', 'user', 'headers'].includes(k))) expect(out[k], k).toBe('[redacted]');
  });

  it('strings left are scrubbed; numbers, booleans, null and Dates pass', () => {
    const when = new Date('2026-01-01T00:00:00Z');
    expect(scrub({ note: 'write to ada@x.io', n: 3, ok: true, none: null, when })).toEqual({ note: 'write to [email]', n: 3, ok: true, none: null, when });
    expect(scrub('ada@x.io')).toBe('[email]');
    expect(scrub(42)).toBe(42);
    expect(scrub(undefined)).toBeUndefined();
  });

  it('arrays keep their first 50 elements; buffers and typed arrays are their size; nesting beyond 6 levels is "[deep]"', () => {
    expect((scrub(Array.from({ length: 60 }, (_, i) => i)) as number[]).length).toBe(50);
    expect(scrub({ file: Buffer.from('secret bytes') })).toEqual({ file: '[12 bytes]' });
    expect(scrub({ pixels: new Uint8Array(5) })).toEqual({ pixels: '[5 bytes]' });
    const deep = { a: { b: { c: { d: { e: { f: { g: { h: 1 } } } } } } } };
    expect(scrub(deep)).toEqual({ a: { b: { c: { d: { e: { f: { g: '[deep]' } } } } } } });
  });

  it('an error keeps its type, scrubbed message and stack and safe fields, never the values it carries', () => {
    const err = Object.assign(new RangeError('bad value for ada@x.io'), {
      code: '23505',
      errno: 7,
      severity: 'ERROR',
      constraint: 'user_email_key',
      table: 'user',
      column: 'email',
      schema: 'users',
      routine: 'x',
      status: 409,
      detail: 'Key (email)=(ada@x.io) already exists.',
      parameters: ['ada@x.io'],
      body: '{"password":"p"}',
      flag: true,
      nested: { a: 1 },
    });
    const out = scrub(err) as Record<string, unknown>;
    expect(out).toMatchObject({
      type: 'RangeError',
      message: 'bad value for [email]',
      code: '23505',
      errno: 7,
      severity: 'ERROR',
      constraint: 'user_email_key',
      table: 'user',
      column: 'email',
      schema: 'users',
      routine: 'x',
      status: 409,
    });
    expect(String(out.stack)).toContain('RangeError: bad value for [email]');
    for (const k of ['detail', 'parameters', 'body', 'flag', 'nested']) expect(out, k).not.toHaveProperty(k);
  });

  it("an error's GraphQL code, its cause and the first 5 of its errors are kept, scrubbed the same way", () => {
    const gql = new GraphQLError('nope', { extensions: { code: 'FORBIDDEN' } });
    expect((scrub(gql) as Record<string, unknown>).extensionsCode).toBe('FORBIDDEN');
    const wrapped = new Error('outer', { cause: new Error('inner ada@x.io') });
    expect((scrub(wrapped) as { cause: { message: string } }).cause.message).toBe('inner [email]');
    const agg = new AggregateError(
      Array.from({ length: 7 }, (_, i) => new Error(`e${i}`)),
      'many',
    );
    const errors = (scrub(agg) as { errors: { message: string }[] }).errors;
    expect(errors.map((e) => e.message)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4']);
  });

  it('an error is exactly its type, message, stack and the safe fields it has: nothing absent, nothing that is not text or a number', () => {
    const err = Object.assign(new Error('plain'), { code: { nested: 'x' }, status: null, errno: undefined, table: 'orders', extensions: { code: 5 } });
    const out = scrub(err) as Record<string, unknown>;
    expect(Object.keys(out).sort()).toEqual(['message', 'stack', 'table', 'type']);
    // the error's class names it, whatever its name property says; without a constructor, its name
    expect((scrub(Object.assign(new RangeError('r'), { name: 'Custom' })) as { type: string }).type).toBe('RangeError');
    const bare = new Error('bare');
    Object.defineProperty(bare, 'constructor', { value: undefined });
    expect((scrub(bare) as { type: string }).type).toBe('Error');
    // safe fields are scrubbed too
    expect((scrub(Object.assign(new Error('x'), { constraint: 'uniq ada@x.io' })) as { constraint: string }).constraint).toBe('uniq [email]');
    const noStack = new Error('no stack');
    delete (noStack as { stack?: string }).stack;
    Object.defineProperty(noStack, 'stack', { value: undefined });
    expect(scrub(noStack)).toEqual({ type: 'Error', message: 'no stack' });
  });

  it('nested AggregateErrors keep their errors 4 levels deep', () => {
    let e: Error = new Error('leaf');
    for (let i = 5; i >= 1; i--) e = new AggregateError([e], `level ${i}`);
    let out = scrub(e) as { message: string; errors?: unknown[] };
    const seen: string[] = [];
    while (out) {
      seen.push(out.message);
      out = out.errors?.[0] as typeof out;
    }
    expect(seen).toEqual(['level 1', 'level 2', 'level 3', 'level 4', 'level 5']);
  });

  it('nested arrays count as nesting: an array beyond 6 levels is "[deep]"', () => {
    const nest = (n: number, inner: unknown): unknown => (n === 0 ? inner : [nest(n - 1, inner)]);
    expect(scrub(nest(7, 1))).toEqual(nest(7, 1));
    expect(scrub(nest(8, 1))).toEqual(nest(7, '[deep]'));
  });

  it('causes are followed 4 levels deep', () => {
    let e: Error = new Error('level 6');
    for (let i = 5; i >= 1; i--) e = new Error(`level ${i}`, { cause: e });
    let out = scrub(e) as { message: string; cause?: unknown };
    const seen: string[] = [];
    while (out) {
      seen.push(out.message);
      out = out.cause as typeof out;
    }
    expect(seen).toEqual(['level 1', 'level 2', 'level 3', 'level 4', 'level 5']);
  });
});

describe('createLogger', () => {
  it('writes one JSON line per call with the service, the level, an ISO time and the scrubbed message', () => {
    const { log, lines } = capture();
    log.info({ orderId: 12 }, 'order for ada@x.io placed');
    const [line] = lines();
    expect(line).toMatchObject({ service: 'svc', level: 30, orderId: 12, msg: 'order for [email] placed' });
    expect(String(line.time)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('without a destination it writes to stdout at LOG_LEVEL, info by default', () => {
    const saved = process.env.LOG_LEVEL;
    try {
      delete process.env.LOG_LEVEL;
      expect(createLogger('svc').level).toBe('info');
      process.env.LOG_LEVEL = 'warn';
      expect(createLogger('svc').level).toBe('warn');
      expect(createLogger('svc', 'error').level).toBe('error');
    } finally {
      if (saved === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = saved;
    }
  });

  it('below the level nothing is written', () => {
    const { log, lines } = capture('warn');
    log.info('hidden');
    log.debug('hidden');
    log.warn('shown');
    expect(lines().map((l) => l.msg)).toEqual(['shown']);
  });

  it('redacts the request headers that carry credentials', () => {
    const { log, lines } = capture();
    log.info({ req: { headers: { authorization: 'Basic x', cookie: 'c', 'x-platform-principal': 'p', accept: 'json' } } }, 'request');
    expect((lines()[0].req as { headers: object }).headers).toEqual({ authorization: '[redacted]', cookie: '[redacted]', 'x-platform-principal': '[redacted]', accept: 'json' });
  });

  it('an err field is logged through the error rules', () => {
    const { log, lines } = capture();
    log.error({ err: Object.assign(new Error('failed for +254700000001'), { detail: 'Failing row contains (x)', code: '23514' }) }, 'boom');
    expect(lines()[0].err).toMatchObject({ type: 'Error', message: 'failed for [phone]', code: '23514' });
    expect(lines()[0].err).not.toHaveProperty('detail');
  });
});

describe('libraryLogger', () => {
  it('maps debug/info/warn/error to the same levels, scrubs the message and keeps extra arguments as scrubbed details', () => {
    const { log, lines } = capture();
    const lib = libraryLogger(log);
    lib.debug('d ada@x.io');
    lib.info('i');
    lib.warn('w', { email: 'ada@x.io', n: 1 });
    lib.error('e');
    expect(lines().map((l) => [l.level, l.msg])).toEqual([
      [20, 'd [email]'],
      [30, 'i'],
      [40, 'w'],
      [50, 'e'],
    ]);
    expect(lines()[2].details).toEqual([{ email: '[redacted]', n: 1 }]);
    expect(lines()[0]).not.toHaveProperty('details');
  });

  it('an Error as the first argument is logged as err with its scrubbed message', () => {
    const { log, lines } = capture();
    libraryLogger(log).error(new Error('gateway: token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln'));
    expect(lines()[0]).toMatchObject({ level: 50, msg: 'gateway: token [jwt]', err: { type: 'Error', message: 'gateway: token [jwt]' } });
  });

  it('an object as the first argument is kept as a scrubbed detail with an empty message', () => {
    const { log, lines } = capture();
    libraryLogger(log).warn({ email: 'ada@x.io', n: 1 }, 'then text');
    expect(lines()[0]).toMatchObject({ level: 40, msg: '', details: [{ email: '[redacted]', n: 1 }, 'then text'] });
  });

  it('a call without arguments writes an empty message', () => {
    const { log, lines } = capture();
    libraryLogger(log).info();
    expect(lines()[0].msg).toBe('');
  });
});

describe('bufferedDestination: log lines written in batches (kernel/logger.ts)', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** A destination on a fresh file, and what the file holds. */
  function onFile() {
    const dir = mkdtempSync(join(tmpdir(), 'log-batch-'));
    const file = join(dir, 'out.log');
    const fd = openSync(file, 'w');
    return { dest: bufferedDestination(fd), text: () => readFileSync(file, 'utf8'), done: () => (closeSync(fd), rmSync(dir, { recursive: true })) };
  }

  it(`a line written at rest is held, then written within ${LOG_FLUSH_MS} ms, with the lines that joined it`, async () => {
    const f = onFile();
    f.dest.write('{"msg":"first"}\n');
    f.dest.write('{"msg":"second"}\n');
    expect(f.text()).toBe('');
    await sleep(LOG_FLUSH_MS / 4);
    expect(f.text()).toBe('');
    await sleep(LOG_FLUSH_MS + 300);
    expect(f.text()).toBe('{"msg":"first"}\n{"msg":"second"}\n');
    // the next batch waits its own time again
    f.dest.write('{"msg":"third"}\n');
    expect(f.text()).not.toContain('third');
    await sleep(LOG_FLUSH_MS + 300);
    expect(f.text()).toContain('{"msg":"third"}\n');
    f.done();
  });

  it(`${LOG_BUFFER_BYTES} bytes of lines are written at once, without waiting for the timer`, async () => {
    const f = onFile();
    const line = `{"msg":"${'x'.repeat(90)}"}\n`;
    const n = Math.ceil(LOG_BUFFER_BYTES / line.length) + 1;
    for (let i = 0; i < n; i++) f.dest.write(line);
    await sleep(LOG_FLUSH_MS / 4); // the write itself is asynchronous; the timer is far off
    expect(f.text().length).toBeGreaterThanOrEqual(LOG_BUFFER_BYTES);
    f.done();
  });
});
