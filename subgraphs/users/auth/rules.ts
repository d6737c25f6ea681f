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
