import type { Response } from 'express';
import { httpStatusOf, isErrorCode, type ErrorCode } from '../kernel/errors.js';
import type { Envelope } from './routes/types.js';

/** Which envelope a path gets when no route matched (unknown paths, body errors before routing). */
export const envelopeOfPath = (path: string): Envelope => (/^\/v1\/(users|auth)(\/|$)/.test(path) ? 'user' : 'generic');

/**
 * Success: user family `{success:true, …payload}`; generic `{error:false, status:"SUCCESS", …payload}` (payload holds
 * `data`, and `pagination` for lists); result `{error:false, status:<resultStatus>, …payload, trace}`.
 */
export function sendSuccess(res: Response, envelope: Envelope, status: number, payload: Record<string, unknown>, resultStatus?: string): void {
  if (envelope === 'user') res.status(status).json({ success: true, ...payload });
  else if (envelope === 'generic') res.status(status).json({ error: false, status: 'SUCCESS', ...payload });
  else res.status(status).json({ error: false, status: resultStatus ?? 'SUCCESS', ...payload, trace: res.locals.trace as string | undefined });
}

/**
 * Failure: user family `{success:false, code, message}`; others `{error:true, status:<CODE>, message}` (+ `trace` for `result`).
 * The HTTP status comes from the code (kernel/errors.ts).
 */
export function sendError(res: Response, envelope: Envelope, code: string, message: string, field?: string): void {
  const known: ErrorCode = isErrorCode(code) ? code : 'INTERNAL_ERROR';
  const status = httpStatusOf(known);
  const extra = field ? { field } : {};
  const trace = envelope === 'result' ? { trace: res.locals.trace as string | undefined } : {};
  res.status(status).json(envelope === 'user' ? { success: false, code: known, message, ...extra } : { error: true, status: known, message, ...extra, ...trace });
}
