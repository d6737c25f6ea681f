import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../kernel/config.js';
import { ROUTE_LIMITS } from '../../kernel/ratelimit.js';
import { localeOf, tileSource, trackingCsp } from '../../rest-bridge/tracking-page.js';
import { LOCALES, STRINGS, fill } from '../../rest-bridge/tracking/strings.js';

/**
 * The order tracking page's pure parts (rest-bridge/tracking-page.ts; the page itself is tested in a browser by
 * test/tracking-page.e2e.test.ts): the language from Accept-Language, the strings table, the policy with and without
 * TRACKING_TILE_URL, and that setting's validation.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const config = (extra: Record<string, string>) => {
  const d = mkdtempSync(join(tmpdir(), 'units-tracking-'));
  dirs.push(d);
  return loadConfig({ DATA_DIR: d, JWT_SECRET: 'a'.repeat(32), INTERNAL_SECRET: 'b'.repeat(32), ...extra });
};

/** Express's own negotiation, as the page's route sees it. */
const request = (acceptLanguage?: string) => {
  const req = Object.create(express.request) as express.Request;
  Object.assign(req, { headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage } });
  return req;
};

describe('the language', () => {
  it.each([
    [undefined, 'en'],
    ['fr', 'fr'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['fr-CA', 'fr'],
    ['en-GB,fr;q=0.5', 'en'],
    ['de, fr;q=0.5', 'fr'],
    ['de', 'en'],
    ['*', 'en'],
  ])('Accept-Language %s → %s', (header, locale) => {
    expect(localeOf(request(header))).toBe(locale);
  });

  it('every language has every string of the table, and no empty one', () => {
    const keys = (o: object, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
    const english = keys(STRINGS.en).sort();
    for (const locale of LOCALES) {
      expect(keys(STRINGS[locale]).sort(), locale).toEqual(english);
      for (const k of english) {
        const value = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], STRINGS[locale]);
        expect(value, `${locale} ${k}`).not.toBe('');
      }
    }
    expect(fill(STRINGS.fr.order, { reference: 'ORD-1' })).toBe('Commande ORD-1');
  });
});

describe('the rate limit', () => {
  it('the page and its data: 120 requests a minute per address (a page polls 20), no hourly window', () => {
    expect(ROUTE_LIMITS['order-tracking']).toEqual({ points: 120, duration: 60 });
  });
});

describe('the policy', () => {
  it('offline: everything from the bridge itself, no inline script', () => {
    expect(trackingCsp(undefined)).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });

  it('with TRACKING_TILE_URL: images from the tile host too (its subdomains for {s}), nothing else', () => {
    expect(tileSource('https://tiles.example.com/{z}/{x}/{y}.png')).toBe('https://tiles.example.com');
    expect(tileSource('https://{s}.tile.example.org:8443/base/{z}/{x}/{y}@2x.png')).toBe('https://*.tile.example.org:8443');
    const csp = trackingCsp('https://tiles.example.com/{z}/{x}/{y}.png');
    expect(csp).toContain("img-src 'self' data: https://tiles.example.com;");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("script-src 'self';");
  });

  it('TRACKING_TILE_URL is an https:// template with {z}, {x} and {y}', () => {
    expect(config({}).TRACKING_TILE_URL).toBeUndefined();
    expect(config({ TRACKING_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' }).TRACKING_TILE_URL).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
    expect(config({ TRACKING_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' }).TRACKING_TILE_URL).toBe('https://{s}.tile.example.org/{z}/{x}/{y}.png');
    for (const bad of ['http://tiles.example.com/{z}/{x}/{y}.png', 'https://tiles.example.com/tiles.png', 'not a url', 'https://tiles.example.com/{z}/{x}/{y}.png" onerror="x']) {
      expect(() => config({ TRACKING_TILE_URL: bad }), bad).toThrow(/TRACKING_TILE_URL/);
    }
  });
});
