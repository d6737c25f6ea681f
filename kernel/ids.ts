import { randomBytes } from 'node:crypto';

/** Identifiers are UUIDs; a malformed one names nothing, so it is NOT_FOUND (never a database error). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

/** Crockford's base32 alphabet (no I, L, O, U): the platform's human-readable codes (provider codes, order and FAQ references). */
export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `n` random Crockford base32 characters (5 random bits each). */
export function crockford(n: number): string {
  return Array.from(randomBytes(n), (b) => CROCKFORD[b & 31]).join('');
}
