import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import type { RequestHandler, Response } from 'express';
import { routes } from '../rest-bridge/routes/index.js';
import { TRACKING_OPERATION } from '../rest-bridge/tracking/operation.js';
import { graphqlError } from '../kernel/graphql-http.js';

/**
 * Persisted (trusted) documents (docs/gateway.md, "Gateway guards"). The registry maps the SHA-256 of a document's
 * exact text (lower-case hex) to the text: every operation of the bridge's route table and its tracking page's
 * (rest-bridge/tracking/operation.ts), plus the operations of the manifest named by GRAPHQL_OPERATIONS_MANIFEST. It is
 * built once at start; a lookup is one Map read.
 *
 * A request names a registered document by its hash in Apollo's APQ shape,
 * `{ "extensions": { "persistedQuery": { "version": 1, "sha256Hash": "<hex>" } }, "variables": … }`, and the gateway
 * puts the text in its place before Apollo reads the request (Apollo's own APQ cache is off). With
 * GRAPHQL_OPERATIONS=registered a request carrying a document text is accepted only when that text is registered.
 */

/** The SHA-256 of a document's text, lower-case hex: its name in the registry. */
export const documentHash = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The `extensions` of a request that names a registered document by its hash. */
export const persistedExtensions = (sha256Hash: string) => ({ persistedQuery: { version: 1, sha256Hash } });

export type OperationsMode = 'any' | 'registered';

export class OperationRegistry {
  private constructor(private readonly byHash: ReadonlyMap<string, string>) {}

  /** The bridge's operations and, when a path is given, the manifest's (a bad manifest stops the start). */
  static load(manifestPath?: string, documents: Iterable<string> = [...routes.map((r) => r.operation), TRACKING_OPERATION]): OperationRegistry {
    const byHash = new Map<string, string>();
    for (const text of documents) byHash.set(documentHash(text), text);
    if (manifestPath) for (const [hash, text] of readManifest(manifestPath)) byHash.set(hash, text);
    return new OperationRegistry(byHash);
  }

  get(hash: string): string | undefined {
    return this.byHash.get(hash);
  }

  has(hash: string): boolean {
    return this.byHash.has(hash);
  }

  get size(): number {
    return this.byHash.size;
  }
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** The manifest's entries, each checked: a lower-case SHA-256 key that is the hash of its document, which parses. */
export function readManifest(path: string): [string, string][] {
  const fail: (why: string) => never = (why) => {
    throw new Error(`GRAPHQL_OPERATIONS_MANIFEST (${path}): ${why}`);
  };
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (err) {
    return fail(`cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return fail('is not JSON');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return fail('must be a JSON object {"<sha256>": "<document>"}');
  const entries: [string, string][] = [];
  for (const [hash, text] of Object.entries(json as Record<string, unknown>)) {
    if (!HEX_SHA256.test(hash)) fail(`key "${hash.slice(0, 80)}" is not a lower-case hex SHA-256`);
    if (typeof text !== 'string' || text.trim() === '') fail(`entry ${hash}: the document must be a non-empty string`);
    if (documentHash(text) !== hash) fail(`entry ${hash}: the key is not the SHA-256 of its document (${documentHash(text)})`);
    try {
      parse(text);
    } catch (err) {
      fail(`entry ${hash}: ${(err as Error).message}`);
    }
    entries.push([hash, text]);
  }
  return entries;
}

export type Admission =
  | { ok: true; /** the request as Apollo is to read it, when it changed (a hash resolved) */ resolved?: { query: string; extensions?: Record<string, unknown> } }
  | { ok: false; code: 'PERSISTED_QUERY_NOT_FOUND' | 'OPERATION_NOT_REGISTERED' | 'BAD_REQUEST'; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether a request's document may run, and which: a `persistedQuery` hash is resolved from the registry (unknown:
 * PERSISTED_QUERY_NOT_FOUND; with a text beside it, the hash must be the text's); in `registered` mode a text must be a
 * registered one (else OPERATION_NOT_REGISTERED). A request with neither is left to Apollo, which refuses it.
 */
export function admit(registry: OperationRegistry, mode: OperationsMode, request: { query?: unknown; extensions?: unknown }): Admission {
  const text = typeof request.query === 'string' && request.query !== '' ? request.query : undefined;
  const persisted = isRecord(request.extensions) ? request.extensions.persistedQuery : undefined;
  if (persisted !== undefined) {
    if (!isRecord(persisted) || persisted.version !== 1 || typeof persisted.sha256Hash !== 'string') {
      return { ok: false, code: 'BAD_REQUEST', message: 'extensions.persistedQuery must be { "version": 1, "sha256Hash": "<SHA-256 of the document, hex>" }' };
    }
    const hash = persisted.sha256Hash.toLowerCase();
    const { persistedQuery: _, ...rest } = request.extensions as Record<string, unknown>;
    const extensions = Object.keys(rest).length ? rest : undefined;
    if (text !== undefined) {
      if (documentHash(text) !== hash) return { ok: false, code: 'BAD_REQUEST', message: 'extensions.persistedQuery.sha256Hash is not the SHA-256 of the query sent with it' };
      if (mode === 'registered' && !registry.has(hash)) return notRegistered();
      return { ok: true, resolved: { query: text, extensions } };
    }
    const found = registry.get(hash);
    if (found === undefined) {
      return { ok: false, code: 'PERSISTED_QUERY_NOT_FOUND', message: 'No registered operation has this hash (extensions.persistedQuery.sha256Hash)' };
    }
    return { ok: true, resolved: { query: found, extensions } };
  }
  if (text !== undefined && mode === 'registered' && !registry.has(documentHash(text))) return notRegistered();
  return { ok: true };
}

const notRegistered = (): Admission => ({
  ok: false,
  code: 'OPERATION_NOT_REGISTERED',
  message: 'This server runs registered operations only: send a registered operation by its hash (extensions.persistedQuery)',
});

/**
 * The HTTP side of `admit`, before Apollo: a POST body (JSON, or a multipart request's operations) or a GET query
 * string. A refusal is answered here, 400 with its code; a resolved hash becomes the request's `query`.
 * Anything malformed (a batch, a parameter given twice, JSON that does not parse) is left to Apollo, which refuses it.
 */
export function persistedDocuments(registry: OperationRegistry, mode: OperationsMode, trusted: (res: Response) => boolean = () => false): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'POST') {
      const body: unknown = req.body;
      if (!isRecord(body)) return next();
      const outcome = admit(registry, trusted(res) ? 'any' : mode, body);
      if (!outcome.ok) return graphqlError(res, 400, outcome.code, outcome.message);
      if (outcome.resolved) {
        const { extensions: _, ...rest } = body;
        req.body = { ...rest, query: outcome.resolved.query, ...(outcome.resolved.extensions ? { extensions: outcome.resolved.extensions } : {}) };
      }
      return next();
    }
    if (req.method === 'GET') {
      // Apollo reads a GET request's parameters from the URL itself: read them the same way, write them back there
      const url = new URL(req.url, 'http://gateway.invalid');
      const params = url.searchParams;
      if (params.getAll('query').length > 1 || params.getAll('extensions').length > 1) return next();
      let extensions: unknown;
      const raw = params.get('extensions');
      if (raw !== null && raw.trim() !== '') {
        try {
          extensions = JSON.parse(raw);
        } catch {
          return next();
        }
      }
      const outcome = admit(registry, mode, { query: params.get('query') ?? undefined, extensions });
      if (!outcome.ok) return graphqlError(res, 400, outcome.code, outcome.message);
      if (outcome.resolved) {
        params.set('query', outcome.resolved.query);
        if (outcome.resolved.extensions) params.set('extensions', JSON.stringify(outcome.resolved.extensions));
        else params.delete('extensions');
        req.url = `${url.pathname}?${params.toString()}`;
      }
      return next();
    }
    next();
  };
}
