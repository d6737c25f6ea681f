import { describe, expect, it } from 'vitest';
import { createLogger, libraryLogger } from '../../kernel/logger.js';
import { privateLines } from '../global-setup.js';

/**
 * Logs (docs/contract.md, "Logs"): what the platform's logger writes holds no request body, no variables, no row
 * values of a database error, no e-mail, phone, password, token or secret; and the suite's log scan finds them when
 * they are there (the scan itself runs on the whole suite's log in test/global-setup.ts).
 */
function capture() {
  const lines: string[] = [];
  const log = createLogger('test', 'debug', { write: (s: string) => void lines.push(s) });
  return { log, text: () => lines.join('') };
}

const EMAIL = 'ada-1234@example.test';
const PHONE = '+254700000001';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXZhbHVl';

describe('the platform log', () => {
  it("the suite's scan finds e-mails, phones, the password, bearer credentials, JWTs and secrets", () => {
    const hits = privateLines([`a ${EMAIL} b`, `phone ${PHONE}`, 'pw correct horse battery', 'authorization: Bearer abc', `t ${JWT}`, 'key lpk_abcdefgh12345678', 'clean line'].join('\n'));
    expect(hits).toHaveLength(6);
  });

  it('a PostgreSQL error is logged without its row values, parameters or SQL', () => {
    const { log, text } = capture();
    const err = Object.assign(new Error('new row for relation "user" violates check constraint "user_user_type_check"'), {
      code: '23514',
      severity: 'ERROR',
      table: 'user',
      constraint: 'user_user_type_check',
      detail: `Failing row contains (8f0c…, ${EMAIL}, ${PHONE}, correct horse battery).`,
      parameters: [EMAIL, PHONE, 'correct horse battery'],
      where: `SQL statement "insert … '${EMAIL}'"`,
      sql: `insert into "users"."user" values ('${EMAIL}')`,
      query: `insert into "users"."user" values ('${EMAIL}')`,
    });
    log.error({ err }, 'unhandled resolver error');
    const out = text();
    expect(privateLines(out)).toEqual([]);
    const line = JSON.parse(out) as { err: { message: string; stack: string } };
    expect(line.err).toMatchObject({ type: 'Error', code: '23514', table: 'user', constraint: 'user_user_type_check' });
    expect(line.err.message).toContain('violates check constraint');
    expect(line.err.stack).toContain('log-redaction.test.ts');
    expect(JSON.stringify(line)).not.toContain('Failing row contains (8f0c');
  });

  it('request bodies, GraphQL variables, credentials and personal data are never written, whatever carries them', () => {
    const { log, text } = capture();
    const body = { email: EMAIL, password: 'correct horse battery', phone: PHONE };
    log.warn({ body, variables: { input: body }, req: { headers: { authorization: `Bearer ${JWT}` } }, nested: { deep: { contacts: { emails: [EMAIL], phones: [PHONE] } } } }, 'what a client sent');
    log.error(
      {
        err: Object.assign(new SyntaxError(`Unexpected token '}', "{"email":"${EMAIL}","password":"correct horse battery"}" is not valid JSON`), {
          body: JSON.stringify(body),
          type: 'entity.parse.failed',
        }),
      },
      'request failed',
    );
    log.info(`signed in ${EMAIL} with ${JWT}`);
    log.info({ extensions: { response: { body: { data: { login: { accessToken: JWT } } } } } }, 'data source error');
    libraryLogger(log).error(`Variables: {"password":"correct horse battery","email":"${EMAIL}"}`);
    expect(privateLines(text())).toEqual([]);
    expect(text().split('\n').filter(Boolean)).toHaveLength(5);
  });
});
