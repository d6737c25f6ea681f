import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD, PDF, PNG, api, form, newUser, type ApiResponse, type TestUser } from './helpers.js';
import { SETTINGS_TOPOLOGY, startPlatform, type OwnPlatform } from './support/platform.js';

/**
 * Side effects on files (issue 11), checked where they land: the data directory (DATA_DIR/uploads, kernel/storage.ts)
 * and the public URL the bridge serves them at (docs/contract.md "User management"):
 * - avatars are public files under `uploads/public/avatars/<user id>/`, served at `<PUBLIC_URL>/files/avatars/…`;
 *   "the previous avatar file is removed" on a new upload; a refused upload stores nothing and keeps the avatar;
 * - identity documents are private files under `uploads/private/verifications/<user id>/`, never served;
 * - the size limits AVATAR_MAX_BYTES (5 MB) and DOCUMENT_MAX_BYTES (10 MB) hold to the byte (the contract's units
 *   are binary, as its 100 KB body limit is 102,400 bytes): exactly the limit is accepted, one byte more is
 *   400 VALIDATION_ERROR naming the file's part, and nothing is stored;
 * - an account's files go when the account is purged, 30 days after its deletion ("purged (with its files) by a
 *   sweep"), and not before (a platform of this file's own, with a test clock).
 * Upload bodies carry real magic bytes (PNG, PDF), padded to the size.
 */

const MiB = 1024 * 1024;
const AVATAR_MAX = 5 * MiB;
const DOCUMENT_MAX = 10 * MiB;

const dataDir = () => inject('dataDir');

/** `head` (a file's real first bytes) followed by zeros, `size` bytes in all. */
const sized = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);
/** A PNG whose content differs from any other (a marker in the padding after IEND). */
const distinctPng = (marker: string) => Buffer.concat([PNG, Buffer.from(marker)]);

const uploadAvatar = (u: TestUser, file: Buffer, type = 'image/png', name = 'avatar.png', base?: string) =>
  api('POST', '/v1/users/me/avatar', { token: u.accessToken, body: form({ file: [file, type, name] }), base });
const verify = (u: TestUser, fields: Parameters<typeof form>[0], base?: string) => api('POST', '/v1/users/me/verify', { token: u.accessToken, body: form(fields), base });
const me = async (u: TestUser, base?: string) => {
  const res = await api('GET', '/v1/users/me', { token: u.accessToken, base });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.user as { avatar: string | null };
};

/** The files of a directory, none when it does not exist. */
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
const avatarDir = (root: string, userId: string) => join(root, 'uploads', 'public', 'avatars', userId);
const verificationDir = (root: string, userId: string) => join(root, 'uploads', 'private', 'verifications', userId);

/** Where an avatar URL's file lies on disk: `<PUBLIC_URL>/files/<path>` is `DATA_DIR/uploads/public/<path>`. */
function avatarFile(root: string, url: string): string {
  const path = new URL(url).pathname;
  expect(path.startsWith('/files/avatars/'), path).toBe(true);
  return join(root, 'uploads', 'public', ...path.slice('/files/'.length).split('/'));
}

/** GET of a public file through the bridge (the avatar URL's path on `base`). */
async function served(url: string, base = inject('bridgeUrl')) {
  const res = await fetch(base + new URL(url).pathname);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A successful avatar upload; returns its URL. */
async function avatarOk(res: ApiResponse): Promise<string> {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ success: true, avatarUrl: expect.stringMatching(/\/files\/avatars\//) });
  return res.body.avatarUrl;
}

function expectFileRefused(res: ApiResponse, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field });
  expect(res.body.message.startsWith(`${field}:`), res.body.message).toBe(true);
}

// ───────────────────────────── avatars ─────────────────────────────

describe('avatar files', () => {
  it('a new avatar removes the previous file: the old URL answers 404 and its file is gone from DATA_DIR; the new one is served with the uploaded bytes', async () => {
    const u = await newUser();
    const first = distinctPng('first');
    const firstUrl = await avatarOk(await uploadAvatar(u, first));
    expect(await served(firstUrl)).toEqual({ status: 200, bytes: first });
    const firstFile = avatarFile(dataDir(), firstUrl);
    expect(statSync(firstFile).size).toBe(first.length);

    const second = distinctPng('second');
    const secondUrl = await avatarOk(await uploadAvatar(u, second));
    expect(secondUrl).not.toBe(firstUrl);
    expect((await served(firstUrl)).status).toBe(404);
    expect(existsSync(firstFile)).toBe(false);
    expect(filesIn(avatarDir(dataDir(), u.id))).toEqual([secondUrl.split('/').at(-1)]);
    expect(await served(secondUrl)).toEqual({ status: 200, bytes: second });
    expect((await me(u)).avatar).toBe(secondUrl);
  });

  it('a refused upload (a PDF, or an image over the limit) stores no file and keeps the current avatar and its file', async () => {
    const u = await newUser();
    const current = distinctPng('current');
    const url = await avatarOk(await uploadAvatar(u, current));
    const kept = [url.split('/').at(-1)];

    expectFileRefused(await uploadAvatar(u, PDF, 'image/png', 'not-an-image.png'), 'file');
    expect(filesIn(avatarDir(dataDir(), u.id))).toEqual(kept);
    expect((await me(u)).avatar).toBe(url);

    expectFileRefused(await uploadAvatar(u, sized(PNG, AVATAR_MAX + 1)), 'file');
    expect(filesIn(avatarDir(dataDir(), u.id))).toEqual(kept);
    expect((await me(u)).avatar).toBe(url);
    expect(await served(url)).toEqual({ status: 200, bytes: current });
  });

  it('AVATAR_MAX_BYTES (5 MB = 5,242,880 bytes): an image of exactly that size is accepted, stored and served whole; one byte more is 400 naming file and stores nothing', async () => {
    const u = await newUser();
    const atCap = sized(distinctPng('at the cap'), AVATAR_MAX);
    const url = await avatarOk(await uploadAvatar(u, atCap));
    expect(statSync(avatarFile(dataDir(), url)).size).toBe(AVATAR_MAX);
    const got = await served(url);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(atCap)).toBe(true);

    expectFileRefused(await uploadAvatar(u, sized(distinctPng('one past'), AVATAR_MAX + 1)), 'file');
    expect(filesIn(avatarDir(dataDir(), u.id))).toEqual([url.split('/').at(-1)]);
    expect((await me(u)).avatar).toBe(url);
  });
});

// ───────────────────────────── identity documents ─────────────────────────────

describe('identity documents', () => {
  it('DOCUMENT_MAX_BYTES (10 MB = 10,485,760 bytes): one byte over on any part is 400 naming that part and stores nothing (not even the parts within the limit); exactly the limit is 201 and stored whole, privately', async () => {
    const u = await newUser();
    const front = sized(PDF, DOCUMENT_MAX);
    const selfie = distinctPng('selfie');

    expectFileRefused(
      await verify(u, {
        documentType: 'national_id',
        documentFront: [front, 'application/pdf', 'front.pdf'],
        documentBack: [sized(PDF, DOCUMENT_MAX + 1), 'application/pdf', 'back.pdf'],
        selfie: [selfie, 'image/png', 'me.png'],
      }),
      'documentBack',
    );
    expect(filesIn(verificationDir(dataDir(), u.id))).toEqual([]);
    expectFileRefused(
      await verify(u, { documentType: 'passport', documentFront: [sized(PDF, DOCUMENT_MAX + 1), 'application/pdf', 'front.pdf'], selfie: [selfie, 'image/png', 'me.png'] }),
      'documentFront',
    );
    expect(filesIn(verificationDir(dataDir(), u.id))).toEqual([]);

    const res = await verify(u, { documentType: 'passport', documentFront: [front, 'application/pdf', 'front.pdf'], selfie: [selfie, 'image/png', 'me.png'] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ success: true, status: 'pending', verificationId: expect.any(String) });
    const submission = join(verificationDir(dataDir(), u.id), res.body.verificationId);
    expect(filesIn(verificationDir(dataDir(), u.id))).toEqual([res.body.verificationId]);
    expect(filesIn(submission)).toEqual(['front.pdf', 'selfie.png']);
    expect(statSync(join(submission, 'front.pdf')).size).toBe(DOCUMENT_MAX);
    expect(statSync(join(submission, 'selfie.png')).size).toBe(selfie.length);
    // private: nothing of it is served
    for (const path of [`/files/verifications/${u.id}/${res.body.verificationId}/front.pdf`, `/files/private/verifications/${u.id}/${res.body.verificationId}/front.pdf`]) {
      expect((await fetch(inject('bridgeUrl') + path)).status, path).toBe(404);
    }

    // a second submission while one is pending is 409 and stores nothing either
    const again = await verify(u, { documentType: 'passport', documentFront: [PDF, 'application/pdf', 'front.pdf'], selfie: [selfie, 'image/png', 'me.png'] });
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(filesIn(verificationDir(dataDir(), u.id))).toEqual([res.body.verificationId]);
  });

  it('the selfie meets the same limit: exactly 10 MB is accepted, one byte more is 400 naming selfie and stores nothing', async () => {
    const [over, at] = [await newUser(), await newUser()];
    expectFileRefused(await verify(over, { documentType: 'passport', documentFront: [PDF, 'application/pdf', 'f.pdf'], selfie: [sized(PNG, DOCUMENT_MAX + 1), 'image/png', 's.png'] }), 'selfie');
    expect(filesIn(verificationDir(dataDir(), over.id))).toEqual([]);
    const res = await verify(at, { documentType: 'passport', documentFront: [PDF, 'application/pdf', 'f.pdf'], selfie: [sized(PNG, DOCUMENT_MAX), 'image/png', 's.png'] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(statSync(join(verificationDir(dataDir(), at.id), res.body.verificationId, 'selfie.png')).size).toBe(DOCUMENT_MAX);
  });
});

// ───────────────────────────── the same limits straight at the gateway ─────────────────────────────

/** A GraphQL multipart request (graphql-multipart-request-spec) to the gateway as `u`: `files` map variable paths to files. */
async function gatewayUpload(u: TestUser, query: string, variables: Record<string, unknown>, files: Record<string, [Buffer, string, string]>) {
  const body = new FormData();
  body.append('operations', JSON.stringify({ query, variables }));
  const paths = Object.keys(files);
  body.append('map', JSON.stringify(Object.fromEntries(paths.map((path, i) => [String(i), [path]]))));
  paths.forEach((path, i) => {
    const [data, type, name] = files[path];
    body.append(String(i), new Blob([new Uint8Array(data)], { type }), name);
  });
  const res = await fetch(inject('gatewayUrl'), {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${u.accessToken}`, 'apollo-require-preflight': 'true', 'x-forwarded-for': `10.77.${(Math.random() * 255) | 0}.${((Math.random() * 253) | 0) + 1}` },
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: { message: string; extensions: { code: string; field?: string } }[] } };
}

const VERIFY = 'mutation($input: VerificationInput!) { submitVerification(input: $input) { verificationId status } }';
const AVATAR = 'mutation($file: Upload!) { uploadAvatar(file: $file) { avatarUrl } }';

describe('the size limits straight at the gateway (GraphQL multipart requests)', () => {
  it('a document of exactly DOCUMENT_MAX_BYTES is accepted and stored whole; one byte more is VALIDATION_ERROR naming documentFront and stores nothing', async () => {
    const u = await newUser();
    const input = { documentType: 'passport', documentFront: null, selfie: null };
    const selfie: [Buffer, string, string] = [PNG, 'image/png', 's.png'];
    const over = await gatewayUpload(u, VERIFY, { input }, { 'variables.input.documentFront': [sized(PDF, DOCUMENT_MAX + 1), 'application/pdf', 'f.pdf'], 'variables.input.selfie': selfie });
    expect(over.body.data ?? null, JSON.stringify(over.body)).toBeNull();
    expect(over.body.errors?.[0]?.extensions, JSON.stringify(over.body)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'documentFront' });
    expect(filesIn(verificationDir(dataDir(), u.id))).toEqual([]);

    const at = await gatewayUpload(u, VERIFY, { input }, { 'variables.input.documentFront': [sized(PDF, DOCUMENT_MAX), 'application/pdf', 'f.pdf'], 'variables.input.selfie': selfie });
    expect(at.status, JSON.stringify(at.body)).toBe(200);
    expect(at.body.errors, JSON.stringify(at.body)).toBeUndefined();
    expect(at.body.data.submitVerification.status).toBe('pending');
    const id = at.body.data.submitVerification.verificationId;
    expect(statSync(join(verificationDir(dataDir(), u.id), id, 'front.pdf')).size).toBe(DOCUMENT_MAX);
  });

  it('an avatar of exactly AVATAR_MAX_BYTES is accepted and stored whole; one byte more is VALIDATION_ERROR naming file, stores nothing and keeps the avatar', async () => {
    const u = await newUser();
    const at = await gatewayUpload(u, AVATAR, { file: null }, { 'variables.file': [sized(distinctPng('gateway'), AVATAR_MAX), 'image/png', 'a.png'] });
    expect(at.status, JSON.stringify(at.body)).toBe(200);
    expect(at.body.errors, JSON.stringify(at.body)).toBeUndefined();
    const url = at.body.data.uploadAvatar.avatarUrl as string;
    expect(statSync(avatarFile(dataDir(), url)).size).toBe(AVATAR_MAX);

    const over = await gatewayUpload(u, AVATAR, { file: null }, { 'variables.file': [sized(distinctPng('gateway+1'), AVATAR_MAX + 1), 'image/png', 'b.png'] });
    expect(over.body.data ?? null, JSON.stringify(over.body)).toBeNull();
    expect(over.body.errors?.[0]?.extensions, JSON.stringify(over.body)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'file' });
    expect(filesIn(avatarDir(dataDir(), u.id))).toEqual([url.split('/').at(-1)]);
    expect((await me(u)).avatar).toBe(url);
  });
});

// ───────────────────────────── what owns files goes with them ─────────────────────────────

describe("an account's files go when the account is purged (a platform of its own, test clock)", () => {
  let p: OwnPlatform;
  let root: string;
  const DAY_MS = 86_400_000;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'side-effects-data-'));
    p = await startPlatform({ topology: SETTINGS_TOPOLOGY, env: { TEST_CLOCK: 'true', PURGE_SWEEP_INTERVAL_SECONDS: '1', DATA_DIR: root } });
  }, 180_000);
  afterAll(async () => {
    await p?.stop();
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  /** Polls `check` until it holds or `ms` pass. */
  async function eventually(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<boolean> {
    const until = Date.now() + ms;
    for (;;) {
      if (await check()) return true;
      if (Date.now() > until) return false;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('the avatar and the identity documents stay through the 30-day grace period after DELETE /v1/users/me, and are removed by the purge after it (the avatar URL then answers 404)', async () => {
    const u = await newUser({}, p.bridgeUrl);
    const avatar = distinctPng('purged');
    const url = await avatarOk(await uploadAvatar(u, avatar, 'image/png', 'a.png', p.bridgeUrl));
    const doc = await verify(u, { documentType: 'passport', documentFront: [PDF, 'application/pdf', 'f.pdf'], selfie: [PNG, 'image/png', 's.png'] }, p.bridgeUrl);
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    // a neighbour whose files must stay
    const neighbour = await newUser({}, p.bridgeUrl);
    const neighbourUrl = await avatarOk(await uploadAvatar(neighbour, distinctPng('neighbour'), 'image/png', 'n.png', p.bridgeUrl));

    const del = await api('DELETE', '/v1/users/me', { token: u.accessToken, body: { password: PASSWORD, confirmation: 'DELETE_MY_ACCOUNT' }, base: p.bridgeUrl });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const due = Date.parse(del.body.deletionDate);
    expect(Math.abs(due - Date.now() - 30 * DAY_MS)).toBeLessThan(60_000);

    // 29 days on: several sweeps run (one a second), the files are still there
    await p.setClock(29 * DAY_MS);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(filesIn(avatarDir(root, u.id))).toEqual([url.split('/').at(-1)]);
    expect(filesIn(verificationDir(root, u.id))).toEqual([doc.body.verificationId]);
    expect((await served(url, p.bridgeUrl)).status).toBe(200);

    // 31 days on: the next sweep purges the account with its files
    await p.setClock(31 * DAY_MS);
    expect(await eventually(() => !existsSync(avatarDir(root, u.id)) && !existsSync(verificationDir(root, u.id))), 'the purge removed the files').toBe(true);
    expect((await served(url, p.bridgeUrl)).status).toBe(404);
    // the account is gone too, and the neighbour keeps everything
    const login = await api('POST', '/v1/auth/login', { body: { email: u.email, password: PASSWORD }, base: p.bridgeUrl });
    expect(login.status).toBe(401);
    expect(await served(neighbourUrl, p.bridgeUrl)).toEqual({ status: 200, bytes: distinctPng('neighbour') });
    expect(filesIn(avatarDir(root, neighbour.id))).toEqual([neighbourUrl.split('/').at(-1)]);
  }, 120_000);
});
