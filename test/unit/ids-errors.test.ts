import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, forbidden, httpStatusOf, isDatabaseUnavailable, isErrorCode, notFound, unauthorized, validationError } from '../../kernel/errors.js';
import { isUuid, UUID_PATTERN } from '../../kernel/ids.js';

/**
 * kernel/ids.ts (identifiers are UUIDs: 8-4-4-4-12 hexadecimal digits, RFC 9562) and kernel/errors.ts (the spec's
 * error codes and their HTTP statuses, docs/contract.md; PostgreSQL SQLSTATE classes from the PostgreSQL manual,
 * Appendix A "PostgreSQL Error Codes").
 */
describe('identifiers', () => {
  it('a UUID in either case is an identifier', () => {
    expect(isUuid('3f2504e0-4f89-41d3-9a0c-0305e82c3301')).toBe(true);
    expect(isUuid('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(UUID_PATTERN.test('ffffffff-ffff-ffff-ffff-ffffffffffff')).toBe(true);
  });

  it.each([
    ['too short', '3f2504e0-4f89-41d3-9a0c-0305e82c330'],
    ['too long', '3f2504e0-4f89-41d3-9a0c-0305e82c33011'],
    ['no hyphens', '3f2504e04f8941d39a0c0305e82c3301'],
    ['braces', '{3f2504e0-4f89-41d3-9a0c-0305e82c3301}'],
    ['a non-hex digit', '3f2504e0-4f89-41d3-9a0c-0305e82c330g'],
    ['a trailing newline', '3f2504e0-4f89-41d3-9a0c-0305e82c3301\n'],
    ['leading text', 'x3f2504e0-4f89-41d3-9a0c-0305e82c3301'],
    ['hyphens in other places', '3f2504e04-f89-41d3-9a0c-0305e82c3301'],
    ['empty', ''],
  ])('%s is not an identifier', (_, value) => {
    expect(isUuid(value)).toBe(false);
  });

  it('a value that is not a string is not an identifier', () => {
    expect(isUuid(undefined)).toBe(false);
    expect(isUuid(null)).toBe(false);
    expect(isUuid(42)).toBe(false);
    expect(isUuid({ toString: () => '3f2504e0-4f89-41d3-9a0c-0305e82c3301' })).toBe(false);
  });
});

describe('error codes and HTTP statuses (docs/contract.md, spec "Errors")', () => {
  it.each([
    ['VALIDATION_ERROR', 400],
    ['UNAUTHORIZED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['RATE_LIMIT_EXCEEDED', 429],
    ['INTERNAL_ERROR', 500],
    ['SERVICE_UNAVAILABLE', 503],
    ['UTILITY::VALIDATION_FAILED', 400],
    ['UTILITY::CALCULATION_FAILED', 422],
    ['UTILITY::ESTIMATION_FAILED', 422],
    ['UTILITY::INSUFFICIENT_DATA', 422],
    ['AUTH::INVALID_API_KEY', 401],
    ['AUTH::UNAUTHORIZED', 403],
  ])('%s is HTTP %i', (code, status) => {
    expect(isErrorCode(code)).toBe(true);
    expect(httpStatusOf(code)).toBe(status);
  });

  it('anything else is 500: unknown codes, non-strings, names of Object.prototype', () => {
    for (const code of ['NOPE', 'not_found', '', 'toString', '__proto__', 'constructor', 404, undefined, null, {}, ['NOT_FOUND']]) {
      expect(isErrorCode(code), JSON.stringify(code)).toBe(false);
      expect(httpStatusOf(code), JSON.stringify(code)).toBe(500);
    }
  });

  it('every listed code maps to an HTTP status between 200 and 599', () => {
    for (const [code, status] of Object.entries(ERROR_CODES)) {
      expect(status, code).toBeGreaterThanOrEqual(200);
      expect(status, code).toBeLessThan(600);
    }
  });

  it('an AppError is a GraphQL error carrying its code, and its field when there is one', () => {
    const e = new AppError('CONFLICT', 'taken', 'code');
    expect(e).toBeInstanceOf(GraphQLError);
    expect({ name: e.name, code: e.code, field: e.field, message: e.message, extensions: e.extensions }).toEqual({
      name: 'AppError',
      code: 'CONFLICT',
      field: 'code',
      message: 'taken',
      extensions: { code: 'CONFLICT', field: 'code' },
    });
    const plain = new AppError('NOT_FOUND', 'gone');
    expect(plain.extensions).toEqual({ code: 'NOT_FOUND' });
    expect(Object.keys(plain.extensions)).toEqual(['code']);
  });

  it('the helpers: validationError names the field in the message; notFound, unauthorized and forbidden', () => {
    const v = validationError('name', 'must not be empty');
    expect([v.code, v.field, v.message, v.extensions]).toEqual(['VALIDATION_ERROR', 'name', 'name: must not be empty', { code: 'VALIDATION_ERROR', field: 'name' }]);
    expect([notFound('Vehicle').code, notFound('Vehicle').message]).toEqual(['NOT_FOUND', 'Vehicle not found']);
    expect([unauthorized().code, unauthorized().message]).toEqual(['UNAUTHORIZED', 'Authentication required']);
    expect(unauthorized('Token expired').message).toBe('Token expired');
    expect([forbidden().code, forbidden().message]).toEqual(['FORBIDDEN', 'Insufficient permissions']);
    expect(forbidden('Owner only').message).toBe('Owner only');
  });
});

describe('isDatabaseUnavailable: a 503 the caller may retry, not a bug', () => {
  const pg = (code: string) => Object.assign(new Error('pg'), { code });

  it.each([
    ['08006', 'connection_failure'],
    ['08001', 'sqlclient_unable_to_establish_sqlconnection'],
    ['53300', 'too_many_connections'],
    ['53100', 'disk_full'],
    ['57P01', 'admin_shutdown'],
    ['57P02', 'crash_shutdown'],
    ['57P03', 'cannot_connect_now'],
    ['57014', 'query_canceled (statement timeout)'],
    ['55P03', 'lock_not_available'],
    ['40001', 'serialization_failure'],
    ['40P01', 'deadlock_detected'],
    ['58030', 'io_error'],
  ])('SQLSTATE %s (%s) means unavailable', (code) => {
    expect(isDatabaseUnavailable(pg(code))).toBe(true);
    expect(isDatabaseUnavailable({ sqlState: code })).toBe(true);
  });

  it.each([
    ['23505', 'unique_violation'],
    ['23514', 'check_violation'],
    ['42P01', 'undefined_table'],
    ['22P02', 'invalid_text_representation'],
    ['57P06', 'not in the listed 57P01–57P05'],
    ['080000', 'six characters'],
    ['x08006', 'prefixed'],
  ])('SQLSTATE %s (%s) is a bug, not unavailability', (code) => {
    expect(isDatabaseUnavailable(pg(code))).toBe(false);
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED'])('errno %s means unavailable', (code) => {
    expect(isDatabaseUnavailable(pg(code))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'connection timeout',
    'timeout exceeded when trying to connect',
    'Query read timeout',
    'terminating connection due to administrator command',
    'the database system is starting up',
    'the database system is in recovery mode',
    'canceling statement due to statement timeout',
    'canceling statement due to lock timeout',
    'sorry, too many clients already',
    'Client was closed and is not queryable',
    'Cannot use a pool after calling end on the pool',
    'socket hang up',
    'Handler disconnected',
    'server closed the connection unexpectedly',
    'connection refused',
  ])('the message "%s" means unavailable', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it('a MikroORM ConnectionException means unavailable; an ordinary error does not', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { name: 'ConnectionException' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('cannot read properties of undefined'))).toBe(false);
  });

  it('looks through causes (up to 5 levels) and AggregateErrors', () => {
    const wrap = (inner: unknown, n: number): unknown => (n === 0 ? inner : new Error('wrapped', { cause: wrap(inner, n - 1) }));
    expect(isDatabaseUnavailable(wrap(pg('ECONNREFUSED'), 5))).toBe(true);
    expect(isDatabaseUnavailable(wrap(pg('ECONNREFUSED'), 6))).toBe(false);
    expect(isDatabaseUnavailable(new AggregateError([new Error('a'), pg('ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error('a'), pg('23505')]))).toBe(false);
  });

  it('AggregateErrors nested deeper than 5 levels are not looked into', () => {
    const nest = (inner: unknown, n: number): unknown => (n === 0 ? inner : new AggregateError([nest(inner, n - 1)]));
    expect(isDatabaseUnavailable(nest(pg('ECONNREFUSED'), 5))).toBe(true);
    expect(isDatabaseUnavailable(nest(pg('ECONNREFUSED'), 6))).toBe(false);
  });

  it("only a string code or message counts (a driver's odd field that merely prints like one does not)", () => {
    expect(isDatabaseUnavailable({ sqlState: ['08006'] })).toBe(false);
    expect(isDatabaseUnavailable({ code: ['ECONNREFUSED'] })).toBe(false);
    expect(isDatabaseUnavailable({ message: { toString: () => 'connection refused' } })).toBe(false);
    expect(isDatabaseUnavailable({ code: 42, sqlState: '08006' })).toBe(true);
  });

  it('nothing, a string or a number is not a database error', () => {
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(503)).toBe(false);
    expect(isDatabaseUnavailable({ code: 8006 })).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(() => undefined, { code: 'ECONNREFUSED' }))).toBe(false);
  });
});
