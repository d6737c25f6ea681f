import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { containing, isVisibleTo, publicView, searchWindow } from '../../subgraphs/users/accounts/rules.js';
import { parseRefreshToken, refreshTokenText } from '../../subgraphs/users/auth/rules.js';
import { changedCustomMetadata, changedNotifications, defaultNotificationSettings } from '../../subgraphs/users/settings/rules.js';
import { failure } from './support.js';

/**
 * The users family's pure rules (docs/contract.md: "User management", "User reached by reference", "Authentication
 * service"), without a database.
 */

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const account = (profileVisibility: 'public' | 'friends' | 'private', deletionDate: Date | null = null) => ({ id: OTHER, profileVisibility, deletionDate });

describe('who may see a user (public view, search, references)', () => {
  it('a public profile is seen by any signed-in user', () => {
    expect(isVisibleTo(account('public'), ME)).toBe(true);
  });

  it('private and friends-only profiles are seen by nobody else (there is no connection graph)', () => {
    expect(isVisibleTo(account('private'), ME)).toBe(false);
    expect(isVisibleTo(account('friends'), ME)).toBe(false);
  });

  it('the owner sees their own account whatever its visibility', () => {
    for (const v of ['public', 'friends', 'private'] as const) expect(isVisibleTo(account(v), OTHER), v).toBe(true);
  });

  it('an account scheduled for deletion is seen by nobody, its owner included', () => {
    const deleted = account('public', new Date('2026-01-01T00:00:00Z'));
    expect(isVisibleTo(deleted, ME)).toBe(false);
    expect(isVisibleTo(deleted, OTHER)).toBe(false);
  });

  it('without a user behind the credential nothing is seen, not even a public profile', () => {
    expect(isVisibleTo(account('public'), undefined)).toBe(false);
  });
});

describe('the public view of a user', () => {
  it('carries id, name, avatar, userType, verified and public {bio, rating, completedDeliveries}, nothing else', () => {
    const view = publicView({ id: OTHER, name: 'Ada', avatar: null, userType: 'agent', verified: true, bio: 'Hi', email: 'ada@example.test', phone: '+15550001111' } as never);
    expect(view).toEqual({ id: OTHER, name: 'Ada', avatar: null, userType: 'agent', verified: true, public: { bio: 'Hi', rating: null, completedDeliveries: 0 } });
  });
});

describe('a search request (GET /v1/users/search: q 1–100, limit 1–100 default 20, offset ≥ 0)', () => {
  it('defaults to the first 20 and trims the text', () => {
    expect(searchWindow({ q: '  ada  ' })).toEqual({ text: 'ada', limit: 20, offset: 0 });
  });

  it('accepts the bounds: 100 characters, limit 1 and 100, offset 0', () => {
    expect(searchWindow({ q: 'x'.repeat(100), limit: 1, offset: 0 })).toEqual({ text: 'x'.repeat(100), limit: 1, offset: 0 });
    expect(searchWindow({ q: 'a', limit: 100, offset: 7 })).toEqual({ text: 'a', limit: 100, offset: 7 });
  });

  it('refuses an empty or too long q, a limit outside 1–100 and a negative offset, naming the parameter', () => {
    expect(failure(() => searchWindow({ q: '   ' }))).toEqual({ code: 'VALIDATION_ERROR', field: 'q', message: 'q: is required' });
    expect(failure(() => searchWindow({ q: 'x'.repeat(101) }))).toEqual({ code: 'VALIDATION_ERROR', field: 'q', message: 'q: must be at most 100 characters' });
    expect(failure(() => searchWindow({ q: 'a', limit: 0 }))).toMatchObject({ code: 'VALIDATION_ERROR', field: 'limit' });
    expect(failure(() => searchWindow({ q: 'a', limit: 101 }))).toMatchObject({ code: 'VALIDATION_ERROR', field: 'limit' });
    expect(failure(() => searchWindow({ q: 'a', offset: -1 }))).toMatchObject({ code: 'VALIDATION_ERROR', field: 'offset' });
  });

  it('matches the text anywhere, with LIKE wildcards taken literally', () => {
    expect(containing('ada')).toBe('%ada%');
    expect(containing('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('notification settings (defaults: e-mail on but marketing off, push on, SMS off)', () => {
  it('a new account has the documented defaults', () => {
    expect(defaultNotificationSettings()).toEqual({
      email: { enabled: true, orderUpdates: true, marketing: false, security: true },
      push: { enabled: true, orderUpdates: true, messages: true },
      sms: { enabled: false, orderUpdates: false },
    });
  });

  it('a partial change touches only the switches given; the current settings are not modified', () => {
    const current = defaultNotificationSettings();
    const next = changedNotifications(current, { sms: { enabled: true }, email: { marketing: true } });
    expect(next).toEqual({
      email: { enabled: true, orderUpdates: true, marketing: true, security: true },
      push: { enabled: true, orderUpdates: true, messages: true },
      sms: { enabled: true, orderUpdates: false },
    });
    expect(current).toEqual(defaultNotificationSettings());
  });
});

describe('custom metadata (keys given replace, null removes, strings only, 3 levels, 10 KB)', () => {
  const empty = { preferences: {}, customFields: {} };

  it('merges free fields object by object and removes a key given null', () => {
    const first = changedCustomMetadata(empty, { customFields: { a: { b: 'x', c: 'y' }, d: 'z' } });
    expect(first).toEqual({ preferences: {}, customFields: { a: { b: 'x', c: 'y' }, d: 'z' } });
    expect(changedCustomMetadata(first, { customFields: { a: { c: null, e: 'w' }, d: null } })).toEqual({ preferences: {}, customFields: { a: { b: 'x', e: 'w' } } });
  });

  it('sets and clears display preferences', () => {
    const set = changedCustomMetadata(empty, { preferences: { theme: 'dark', units: 'metric' } });
    expect(set.preferences).toEqual({ theme: 'dark', units: 'metric' });
    expect(changedCustomMetadata(set, { preferences: { theme: null } }).preferences).toEqual({ units: 'metric' });
  });

  it('refuses a non-string value, a fourth level and a prototype key, naming the path', () => {
    expect(failure(() => changedCustomMetadata(empty, { customFields: { n: 5 } }))).toMatchObject({ code: 'VALIDATION_ERROR', field: 'customFields.n' });
    expect(failure(() => changedCustomMetadata(empty, { customFields: { a: { b: { c: { d: 'x' } } } } }))).toMatchObject({ code: 'VALIDATION_ERROR', field: 'customFields.a.b.c' });
    expect(changedCustomMetadata(empty, { customFields: { a: { b: { c: 'x' } } } }).customFields).toEqual({ a: { b: { c: 'x' } } });
    expect(failure(() => changedCustomMetadata(empty, { customFields: JSON.parse('{"__proto__": "x"}') as Record<string, unknown> }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'customFields.__proto__',
    });
  });

  it('refuses metadata past 10 KB (10,240 bytes of UTF-8 JSON) on customFields', () => {
    // {"preferences":{},"customFields":{"k":"…"}} is 42 bytes around the value
    expect(changedCustomMetadata(empty, { customFields: { k: 'x'.repeat(10_240 - 42) } }).customFields.k).toHaveLength(10_198);
    expect(failure(() => changedCustomMetadata(empty, { customFields: { k: 'x'.repeat(10_240 - 41) } }))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'customFields',
      message: 'customFields: metadata must not exceed 10 KB',
    });
  });
});

describe('refresh tokens (<session id>.<generation>.<secret>)', () => {
  it('reads back what it writes', () => {
    const token = { sessionId: ME, generation: 3, secret: 'abcdefghijklmnopqrstuvwxyz_-0123' };
    expect(refreshTokenText(token)).toBe(`${ME}.3.abcdefghijklmnopqrstuvwxyz_-0123`);
    expect(parseRefreshToken(` ${refreshTokenText(token)} `)).toEqual(token);
  });

  it('refuses other forms: a short secret, a missing part, a non-numeric generation', () => {
    expect(parseRefreshToken(`${ME}.0.short`)).toBeUndefined();
    expect(parseRefreshToken(`${ME}.abcdefghijklmnopqrstuvwxyz`)).toBeUndefined();
    expect(parseRefreshToken(`${ME}.x.abcdefghijklmnopqrstuvwxyz`)).toBeUndefined();
    expect(parseRefreshToken('not a token')).toBeUndefined();
  });
});
