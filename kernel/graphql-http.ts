import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import { AppError } from './errors.js';
import type { Logger } from './logger.js';
import { MalformedBodyError, assertInput, boundedJson, hasBody, stringProblem, INPUT_LIMITS } from './input.js';

/**
 * The input boundary of a GraphQL-over-HTTP endpoint (the gateway's /graphql; subgraphs reuse it): every request
 * that is not a well-formed GraphQL request is answered here, as GraphQL-over-HTTP JSON
 * `{errors: [{message, extensions: {code}}]}`, never as HTML and never with a stack:
 *
 * | request | HTTP | `extensions.code` |
 * |---|---|---|
 * | a method other than GET and POST | 405 (`Allow: GET, POST`) | BAD_REQUEST |
 * | POST with a body that is neither application/json nor multipart/form-data | 415 | BAD_REQUEST |
 * | malformed JSON, bytes that are not UTF-8 | 400 | BAD_REQUEST |
 * | a body over the size limit | 413 | BAD_REQUEST |
 * | a value over the input limits (depth, lengths, numbers, NUL, lone surrogates, prototype keys) | 400 | VALIDATION_ERROR (+ `field`) |
 *
 * Apollo Server answers the rest of the malformed requests itself in the same shape (a GET mutation 405, a missing
 * query 400, CSRF 400).
 */
export function graphqlError(res: Response, status: number, code: string, message: string, field?: string): void {
  if (res.headersSent) return;
  res
    .status(status)
    .type('application/json')
    .json({ errors: [{ message, extensions: field ? { code, field } : { code } }] });
}

/** Reads and checks the request before Apollo (and graphql-upload) see it. `maxBytes`: the JSON body limit. */
export function graphqlRequestBoundary(maxBytes: number | ((req: Request, res: Response) => number)): RequestHandler {
  const readers = new Map<number, RequestHandler>();
  const jsonReader = (bytes: number) => {
    let reader = readers.get(bytes);
    if (!reader) readers.set(bytes, (reader = boundedJson(bytes, { rootDepth: -1 })));
    return reader;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const json = jsonReader(typeof maxBytes === 'number' ? maxBytes : maxBytes(req, res));
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.setHeader('allow', 'GET, POST');
      return graphqlError(res, 405, 'BAD_REQUEST', `${req.method} is not supported: use GET (queries) or POST`);
    }
    if (req.method === 'GET') {
      // the GraphQL request is in the query string; Apollo parses it, after these checks
      req.body = undefined;
      try {
        for (const [name, value] of Object.entries(req.query)) {
          if (typeof value !== 'string') continue; // given twice: Apollo refuses it
          const problem = stringProblem(value, INPUT_LIMITS.maxStringLength);
          if (problem) throw new AppError('VALIDATION_ERROR', `${name}: ${problem}`, name);
          if ((name === 'variables' || name === 'extensions') && value.trim() !== '') {
            let parsed: unknown;
            try {
              parsed = JSON.parse(value);
            } catch {
              return graphqlError(res, 400, 'BAD_REQUEST', `${name}: malformed JSON`, name);
            }
            assertInput(parsed, { root: name, rootName: name, rootDepth: 0 });
          }
        }
      } catch (err) {
        return next(err);
      }
      return next();
    }
    if (!hasBody(req)) {
      req.body = undefined;
      return next(); // Apollo: "POST body missing" (400)
    }
    if (req.is('multipart/form-data')) return next(); // graphql-upload reads it; `checkParsedBody` checks it after
    if (!req.is('application/json')) {
      return graphqlError(res, 415, 'BAD_REQUEST', 'The body must be application/json (or multipart/form-data for uploads)');
    }
    json(req, res, next);
  };
}

/**
 * graphql-upload for a GraphQL endpoint: any failure to read the multipart request (truncated, no boundary, malformed
 * part header …; busboy raises plain errors) is the request's, answered 400 (413 for a file over the limit).
 */
export function graphqlUploads(options: Parameters<typeof graphqlUploadExpress>[0]): RequestHandler {
  const upload = graphqlUploadExpress(options);
  return (req, res, next) =>
    upload(req, res, (err?: unknown) => {
      if (!err) return next();
      const e = err as { status?: number; message?: string };
      if (e.status === 413) return next(err);
      const message = String(e.message ?? 'unreadable')
        .replace(/[^\x20-\x7e]/g, '?')
        .slice(0, 160);
      graphqlError(res, 400, 'BAD_REQUEST', `Malformed multipart request: ${message}`);
    });
}

/** After graphql-upload: the operations of a multipart request get the same checks as a JSON body. */
export const checkParsedBody: RequestHandler = (req, _res, next) => {
  if (req.method === 'POST' && req.is('multipart/form-data') && req.body !== undefined) {
    try {
      assertInput(req.body, { rootDepth: -1 });
    } catch (err) {
      return next(err);
    }
  }
  next();
};

/** Unknown paths of a GraphQL server: 404 as JSON. */
export const graphqlNotFound: RequestHandler = (req, res) => graphqlError(res, 404, 'NOT_FOUND', `No route for ${req.method} ${req.path}`);

/**
 * The app's last error handler: body and upload errors are the request's (400/413), anything else is a logged
 * INTERNAL_ERROR whose details stay in the log.
 */
export function graphqlErrorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const e = err as { type?: string; status?: number; statusCode?: number; expose?: boolean; message?: string; code?: string };
    if (err instanceof MalformedBodyError) return graphqlError(res, 400, 'BAD_REQUEST', err.message, err.field);
    if (err instanceof AppError && err.code === 'VALIDATION_ERROR') return graphqlError(res, 400, 'VALIDATION_ERROR', err.message, err.field);
    if (e.type === 'entity.too.large' || e.status === 413 || e.statusCode === 413) {
      return graphqlError(res, 413, 'BAD_REQUEST', 'The request body is too large');
    }
    if (err instanceof URIError) return graphqlError(res, 400, 'BAD_REQUEST', 'The URL is not valid percent-encoded UTF-8');
    const status = e.status ?? e.statusCode;
    if (status && status >= 400 && status < 500) {
      // graphql-upload and body readers: client errors with a safe message (http-errors `expose`)
      const message = e.expose !== false && e.message ? e.message.replace(/[^\x20-\x7e]/g, '?').slice(0, 200) : 'Bad request';
      return graphqlError(res, status, 'BAD_REQUEST', message);
    }
    log.error({ err, path: req.path, method: req.method }, 'request failed');
    graphqlError(res, 500, 'INTERNAL_ERROR', 'Internal server error');
  };
}
