import argon2 from 'argon2';

/**
 * A refresh token is `<session id>.<generation>.<secret>`: the session it rotates, how many times it was rotated, and
 * a random secret whose sha256 the session keeps.
 */
export interface RefreshToken {
  sessionId: string;
  generation: number;
  secret: string;
}

export const refreshTokenText = ({ sessionId, generation, secret }: RefreshToken): string => `${sessionId}.${generation}.${secret}`;

/** The parts of a refresh token, or undefined for any text not of that form. */
export function parseRefreshToken(text: string): RefreshToken | undefined {
  const m = /^([0-9a-f-]{36})\.(\d+)\.([A-Za-z0-9_-]{20,})$/.exec(text.trim());
  return m ? { sessionId: m[1], generation: Number(m[2]), secret: m[3] } : undefined;
}

/** When a refresh token issued at `now` (epoch ms) expires, for a lifetime of `days`. */
export const refreshExpiry = (now: number, days: number): Date => new Date(now + days * 86_400_000);

/**
 * How passwords are hashed: argon2id at OWASP's baseline (Password Storage Cheat Sheet, "Argon2id": a minimum of
 * 19 MiB of memory, 2 iterations, 1 degree of parallelism). The argon2 package's own default (64 MiB, 3 iterations,
 * 4 lanes) takes about four times the wall time and both cores of a small server per hash, for every sign-up, sign-in
 * and deletion; it bought no protection the baseline does not give, and made sign-in the platform's costliest call.
 */
export const PASSWORD_HASH = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The stored hash of a password (PHC string: its parameters travel with it). */
export const hashPassword = (password: string): Promise<string> => argon2.hash(password, PASSWORD_HASH);

/**
 * Whether `password` is the one `hash` was made from: `false`, or `'current'`, or `'stale'` when it was hashed with
 * other parameters than PASSWORD_HASH (an account from before a change of them), so the caller stores a new hash.
 * A hash that cannot be read is `false`, never an error.
 */
export async function checkPassword(hash: string, password: string): Promise<false | 'current' | 'stale'> {
  if (!(await argon2.verify(hash, password).catch(() => false))) return false;
  return argon2.needsRehash(hash, PASSWORD_HASH) ? 'stale' : 'current';
}
