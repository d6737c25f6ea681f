/**
 * Quote ids (docs/orders.md "Operators and quotes"): the quote itself, signed. `qt_` + base64url(JSON of the quote) +
 * `.` + base64url(HMAC-SHA256 over it, first 16 bytes), keyed by JWT_SECRET. Nothing is stored when quotes are made;
 * a quote id that was changed in any way (its price, its expiry) fails its signature. Opaque to clients.
 */
import { shortMac, shortMacMatches } from '../../../kernel/tokens.js';
import { Quote, type QuoteLine } from '../quotes/entities.js';

const SHAPE = /^qt_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;
/** Longest quote id accepted (a quote of a few lines is a few hundred characters). */
export const QUOTE_ID_MAX = 4096;

const PURPOSE = 'quote';

type Fields = Omit<Quote, 'id' | 'lspName'>;

/** A signed quote: the object answered, its id the signed form of its fields (the LSP's name is not signed). */
export function signQuote(fields: Fields, secret: string, lspName?: string): Quote {
  const payload = Buffer.from(
    JSON.stringify({
      ...fields,
      breakdown: fields.breakdown.map((l) => [l.name, l.basis ?? null, l.quantity ?? null, l.rate ?? null, l.amount]),
      expiresAt: fields.expiresAt.getTime(),
      createdAt: fields.createdAt.getTime(),
    }),
  ).toString('base64url');
  return Object.assign(new Quote(), fields, { id: `qt_${payload}.${shortMac(PURPOSE, secret, payload)}`, lspName });
}

/** The quote an id carries, when it is well-formed (its signature is checked only with `secret`). */
export function quoteOf(id: string, secret?: string): Quote | undefined {
  if (typeof id !== 'string' || id.length > QUOTE_ID_MAX) return undefined;
  const m = SHAPE.exec(id);
  if (!m) return undefined;
  if (secret !== undefined && !shortMacMatches(PURPOSE, secret, m[1], m[2])) return undefined;
  try {
    const f = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as Record<string, unknown>;
    const breakdown = (f.breakdown as unknown[][]).map(([name, basis, quantity, rate, amount]) => ({ name, basis, quantity, rate, amount }) as QuoteLine);
    return Object.assign(new Quote(), f, { id, breakdown, expiresAt: new Date(f.expiresAt as number), createdAt: new Date(f.createdAt as number) });
  } catch {
    return undefined;
  }
}
