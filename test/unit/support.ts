import { expect } from 'vitest';
import { AppError } from '../../kernel/errors.js';

/** The AppError a call throws (fails the test when it does not throw, or throws something else). */
export function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected the call to throw');
}

/** What a user sees of the AppError a call throws: its code, field and message. */
export function failure(fn: () => unknown): { code: string; field: string | undefined; message: string } {
  const e = thrown(fn);
  return { code: e.code, field: e.field, message: e.message };
}
