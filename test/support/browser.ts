import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Where the browser tests' screenshots go (gitignored). */
export const SHOTS = join(process.cwd(), 'reports', 'browser');

/**
 * A headless Chromium for a test file (Debian's `chromium`, which `npm test` installs when it is missing:
 * scripts/test-prerequisites.mjs), launched before its tests and closed after them, whose one context lets requests
 * to loopback through and blocks and lists every other one in `outside`: the pages must work offline.
 */
export function loopbackBrowser(): { readonly context: BrowserContext; readonly outside: string[] } {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const outside: string[] = [];
  beforeAll(async () => {
    if (!existsSync(chromiumPath)) throw new Error(`no Chromium at ${chromiumPath}: \`npm test\` installs it (scripts/test-prerequisites.mjs), or set CHROMIUM_PATH`);
    mkdirSync(SHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return route.continue();
      outside.push(url.href);
      return route.abort();
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get context() {
      if (!context) throw new Error('the browser is not started yet (use it inside a test)');
      return context;
    },
    outside,
  };
}
