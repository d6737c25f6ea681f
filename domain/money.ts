/**
 * Money of the utilities family. Amounts are computed with decimal.js (no binary floating point on money), each
 * published amount is rounded half-up to its currency's minor unit (ISO 4217 digits from currency-codes: USD 2,
 * JPY 0, BHD 3), and totals are the sums of the rounded lines, so a breakdown always adds up to its total.
 *
 * Exchange rates are the reference rates of @fawazahmed0/currency-api (a dated daily snapshot published to npm,
 * read offline from the pinned version; `FX_DATE` is its date). Model constants are US dollars and are converted at
 * those rates; a currency without a rate is refused by validation.
 */
import { createRequire } from 'node:module';
import { Decimal } from 'decimal.js';

const require = createRequire(import.meta.url);
Decimal.set({ precision: 34, rounding: Decimal.ROUND_HALF_UP });

export { Decimal };
export type Amount = Decimal;
export const dec = (n: Decimal.Value) => new Decimal(n);

let fx: { date: string; perUsd: Map<string, Decimal> } | undefined;
function loadFx() {
  if (fx) return fx;
  const raw = require('@fawazahmed0/currency-api/v1/currencies/usd.min.json') as { date: string; usd: Record<string, number> };
  const perUsd = new Map<string, Decimal>();
  for (const [code, rate] of Object.entries(raw.usd)) {
    if (/^[a-z]{3}$/.test(code) && rate > 0 && digitsOf(code.toUpperCase()) !== undefined) perUsd.set(code.toUpperCase(), new Decimal(rate));
  }
  perUsd.set('USD', new Decimal(1));
  fx = { date: raw.date, perUsd };
  return fx;
}

/** Date of the reference exchange rates (YYYY-MM-DD). */
export const fxDate = (): string => loadFx().date;

let iso4217: ((code: string) => { digits: number } | undefined) | undefined;
/** ISO 4217 minor-unit digits of a currency, undefined for codes that are not ISO 4217 currencies. */
export function digitsOf(currency: string): number | undefined {
  iso4217 ??= (require('currency-codes') as { code: (c: string) => { digits: number } | undefined }).code;
  return iso4217(currency)?.digits;
}

/** Whether amounts can be quoted in `currency` (an ISO 4217 code with a reference rate). */
export const isQuotable = (currency: string): boolean => loadFx().perUsd.has(currency);

/** Units of `currency` per US dollar. */
export function ratePerUsd(currency: string): Decimal {
  const r = loadFx().perUsd.get(currency);
  if (!r) throw new Error(`no reference rate for ${currency}`);
  return r;
}

/** Converts an amount between currencies at the reference rates (unrounded). */
export function convert(amount: Decimal.Value, from: string, to: string): Decimal {
  if (from === to) return new Decimal(amount);
  return new Decimal(amount).div(ratePerUsd(from)).mul(ratePerUsd(to));
}

/** Rounds to the currency's minor unit (half-up). */
export function roundMoney(amount: Decimal.Value, currency: string): Decimal {
  return new Decimal(amount).toDecimalPlaces(digitsOf(currency) ?? 2, Decimal.ROUND_HALF_UP);
}

/** A rounded amount as a JSON number. */
export const money = (amount: Decimal.Value, currency: string): number => roundMoney(amount, currency).toNumber();

/** Sum of already-rounded amounts (exact). */
export const sum = (...amounts: (Decimal | undefined | null)[]): Decimal => amounts.reduce<Decimal>((a, b) => (b ? a.add(b) : a), new Decimal(0));

export function preloadMoney(): void {
  loadFx();
  digitsOf('USD');
}
