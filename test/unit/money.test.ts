import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { convert, dec, Decimal, digitsOf, fxDate, isQuotable, money, preloadMoney, ratePerUsd, roundMoney, sum } from '../../domain/money.js';

/**
 * domain/money.ts (docs/utilities.md, "Units and money"): amounts in decimal arithmetic, rounded half-up to
 * the currency's ISO 4217 minor unit, converted at the pinned reference rates.
 * Expected values: ISO 4217 minor units (USD 2, JPY 0, BHD 3, KWD 3, CLF 4, ISK 0), hand-worked roundings, and the rates
 * of the pinned @fawazahmed0/currency-api snapshot (read here as published data).
 */
const snapshot = createRequire(import.meta.url)('@fawazahmed0/currency-api/v1/currencies/usd.min.json') as { date: string; usd: Record<string, number> };

describe('ISO 4217 minor units', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['ISK', 0],
    ['BHD', 3],
    ['KWD', 3],
    ['CLF', 4],
  ])('%s has %i decimal digits', (code, digits) => {
    expect(digitsOf(code)).toBe(digits);
  });

  it('a code that is not an ISO 4217 currency (BTC, ABC) has no digits', () => {
    expect(digitsOf('BTC')).toBeUndefined();
    expect(digitsOf('ABC')).toBeUndefined();
  });
});

describe('roundMoney: half-up to the minor unit, in decimal arithmetic', () => {
  it.each([
    // 2.345 and 1.005 are below the half in binary floating point (Math.round would give 2.34 and 1.00)
    ['2.345', 'USD', '2.35'],
    ['1.005', 'USD', '1.01'],
    ['1.004999', 'USD', '1'],
    ['0.125', 'EUR', '0.13'],
    ['1234.5', 'JPY', '1235'],
    ['1234.4999', 'JPY', '1234'],
    ['1.2345', 'BHD', '1.235'],
    ['1.23449', 'BHD', '1.234'],
    ['0.00005', 'CLF', '0.0001'],
    ['-2.345', 'USD', '-2.35'],
  ])('%s %s → %s', (amount, currency, expected) => {
    expect(roundMoney(amount, currency).toString()).toBe(expected);
  });

  it('a currency without ISO digits rounds to 2 decimals', () => {
    expect(roundMoney('1.005', 'XYZ').toString()).toBe('1.01');
    expect(roundMoney('7.1249', 'BTC').toString()).toBe('7.12');
  });

  it('money() is the rounded amount as a JSON number', () => {
    expect(money('2.345', 'USD')).toBe(2.35);
    expect(money(1234.5, 'JPY')).toBe(1235);
    expect(typeof money('1', 'USD')).toBe('number');
  });

  it('decimal arithmetic keeps 34 significant digits and rounds divisions half-up', () => {
    expect(dec(1).div(3).toString()).toBe('0.3333333333333333333333333333333333');
    expect(dec(2).div(3).toString()).toBe('0.6666666666666666666666666666666667');
    expect(dec('0.1').add('0.2').toString()).toBe('0.3');
  });
});

describe('sum of rounded lines', () => {
  it('adds exactly (0.1 + 0.2 = 0.3) and skips absent lines', () => {
    expect(sum(dec('0.1'), dec('0.2')).toString()).toBe('0.3');
    expect(sum(dec('1.10'), undefined, null, dec('2.25')).toString()).toBe('3.35');
  });

  it('of nothing is 0', () => {
    expect(sum().toString()).toBe('0');
    expect(sum(undefined, null).toString()).toBe('0');
  });
});

describe('reference exchange rates (pinned snapshot 2026-09-29)', () => {
  it('the rates are those of 2026-09-29, the date docs/utilities.md names; only ISO 4217 currencies are kept', () => {
    // the first read of the rates in this file: what the loader keeps is checked here
    expect(snapshot.date).toBe('2026-09-29');
    expect(fxDate()).toBe('2026-09-29');
    expect(isQuotable('USD')).toBe(true);
    expect(isQuotable('KES')).toBe(true);
    // the snapshot carries bitcoin and tether, which are no ISO 4217 currencies
    expect([snapshot.usd.btc, snapshot.usd.usdt].every((r) => r > 0)).toBe(true);
    expect(isQuotable('BTC')).toBe(false);
    expect(isQuotable('USDT')).toBe(false);
  });

  it("units per US dollar are the snapshot's, USD is 1", () => {
    expect(ratePerUsd('USD').toString()).toBe('1');
    expect(ratePerUsd('EUR').toNumber()).toBe(snapshot.usd.eur);
    expect(ratePerUsd('JPY').toNumber()).toBe(snapshot.usd.jpy);
    expect(ratePerUsd('KES').toNumber()).toBe(snapshot.usd.kes);
  });

  it('a currency without a rate is refused by name', () => {
    expect(() => ratePerUsd('XYZ')).toThrow('no reference rate for XYZ');
    // the snapshot carries bitcoin, but BTC is no ISO 4217 currency
    expect(snapshot.usd.btc).toBeGreaterThan(0);
    expect(() => ratePerUsd('BTC')).toThrow('no reference rate for BTC');
  });

  it('isQuotable: ISO 4217 codes with a rate, upper case only', () => {
    expect(isQuotable('USD')).toBe(true);
    expect(isQuotable('EUR')).toBe(true);
    expect(isQuotable('JPY')).toBe(true);
    expect(isQuotable('BTC')).toBe(false);
    expect(isQuotable('XYZ')).toBe(false);
    expect(isQuotable('eur')).toBe(false);
  });

  it('convert: USD → X multiplies by the rate, X → USD divides, X → Y goes through the dollar', () => {
    // 4 USD in yen at 157.47729333 = 629.90917332 (hand-multiplied)
    expect(convert(4, 'USD', 'JPY').toString()).toBe('629.90917332');
    // 0.88022588 EUR is one dollar
    expect(convert('0.88022588', 'EUR', 'USD').toString()).toBe('1');
    // 100 EUR in GBP: 100 / 0.88022588 × 0.75538854 = 85.81757… (hand-computed)
    expect(convert(100, 'EUR', 'GBP').toDecimalPlaces(4).toString()).toBe('85.8176');
    // a round trip returns the amount (to the 34-digit precision)
    expect(
      convert(convert('1234.56', 'KES', 'BHD'), 'BHD', 'KES')
        .toDecimalPlaces(20)
        .toString(),
    ).toBe('1234.56');
  });

  it('convert within one currency returns the amount untouched (no rate needed)', () => {
    expect(convert('12.3456789', 'XYZ', 'XYZ').toString()).toBe('12.3456789');
    expect(convert(5, 'USD', 'USD')).toBeInstanceOf(Decimal);
  });

  it('convert from or to a currency without a rate throws', () => {
    expect(() => convert(1, 'USD', 'XYZ')).toThrow('no reference rate for XYZ');
    expect(() => convert(1, 'XYZ', 'USD')).toThrow('no reference rate for XYZ');
  });

  it('preloadMoney loads the rates and the ISO table without error', () => {
    expect(() => preloadMoney()).not.toThrow();
    expect(isQuotable('USD')).toBe(true);
  });
});
