import type { Response } from 'express';
import { ERROR_CODES, httpStatusOf, isErrorCode, type ErrorCode } from '../kernel/errors.js';
import type { Envelope } from './routes/types.js';

/** Which envelope a path gets when no route matched (unknown paths, body errors before routing). */
export const envelopeOfPath = (path: string): Envelope => (/^\/v1\/(users|auth)(\/|$)/.test(path) ? 'user' : 'generic');

/** Success: user family `{success:true, …payload}`; others `{error:false, status:"SUCCESS", data}`. */
export function sendSuccess(res: Response, envelope: Envelope, status: number, payload: Record<string, unknown>): void {
  res.status(status).json(envelope === 'user' ? { success: true, ...payload } : { error: false, status: 'SUCCESS', data: payload });
}

/**
 * Failure: user family `{success:false, code, message}`; others `{error:true, status:<CODE>, message}`.
 * The HTTP status comes from the code (kernel/errors.ts).
 */
export function sendError(res: Response, envelope: Envelope, code: ErrorCode | string, message: string, field?: string): void {
  const known: ErrorCode = isErrorCode(code) ? code : 'INTERNAL_ERROR';
  const status = httpStatusOf(known);
  const extra = field ? { field } : {};
  res.status(status).json(
    envelope === 'user' ? { success: false, code: known, message, ...extra } : { error: true, status: known, message, ...extra },
  );
}

export { ERROR_CODES };
