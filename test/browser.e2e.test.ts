import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bridgeUrl, gatewayUrl, newUser } from './helpers.js';
import { SHOTS, loopbackBrowser } from './support/browser.js';

/**
 * The pages a browser uses, in a real headless Chromium (Debian's `chromium`, which `npm test` installs when it is missing: scripts/test-prerequisites.mjs): the GraphQL IDE
 * on the gateway, the REST reference on the bridge, and a page of another origin calling the bridge through CORS.
 * Every request outside loopback is blocked and listed: the pages must work offline. A screenshot of each is saved
 * under reports/browser/.
 */
const browser = loopbackBrowser();
const outside = browser.outside;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

describe('the pages work in a browser, offline', () => {
  it('GraphiQL at GET /graphql: a token in the Headers tab, the prefilled operation run, the caller in the result pane', async () => {
    const user = await newUser();
    const page = await browser.context.newPage();
    const res = await page.goto(gatewayUrl());
    expect(res?.status()).toBe(200);
    await page.waitForSelector('.graphiql-container');
    // the docs and the explorer are there
    await expect(page.getByRole('button', { name: 'Show Documentation Explorer' }).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Show GraphiQL Explorer' }).count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Headers' }).click();
    await page.locator('.graphiql-editor-tool .monaco-editor').last().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(JSON.stringify({ Authorization: `Bearer ${user.accessToken}` }));
    // the editor closes brackets and quotes on its own: drop what it added after the cursor
    await page.keyboard.press('Shift+Control+End');
    await page.keyboard.press('Delete');
    await page.getByRole('button', { name: 'Execute query (Ctrl-Enter)' }).click();
    await page.waitForFunction((id) => document.querySelector('.graphiql-response')?.textContent?.includes(id), user.id, { timeout: 20_000 });
    const result = await page.locator('.graphiql-response').innerText();
    expect(result).toContain(user.email);
    expect(result).not.toContain('"errors"');
    await shot(page, 'graphiql');
    await page.close();
    expect(outside).toEqual([]);
  });

  it('the REST reference at GET /docs lists the routes; opening "Sign in with e-mail and password" shows POST /v1/auth/login', async () => {
    const page = await browser.context.newPage();
    const res = await page.goto(`${bridgeUrl()}/docs`);
    expect(res?.status()).toBe(200);
    await page.getByText('Sign in with e-mail and password').first().click();
    await page.waitForFunction(() => document.body.innerText.includes('/v1/auth/login'), undefined, { timeout: 20_000 });
    expect(await page.locator('body').innerText()).toContain('LSP fleets, vehicles, parking');
    await shot(page, 'rest-reference');
    await page.close();
    expect(outside).toEqual([]);
  });

  describe('a page of another origin calls the bridge', () => {
    let server: Server;
    const pageOrigin = inject('pageOrigin');
    const page = (bridge: string) => `<!doctype html><html><body><pre id="out">waiting</pre><script>
      window.call = async (token) => {
        try {
          const res = await fetch(${JSON.stringify(bridge)} + '/v1/users/me', { headers: { authorization: 'Bearer ' + token, 'x-request-id': 'from-the-page-1' } });
          const body = await res.json();
          document.getElementById('out').textContent = res.status + ' ' + body.user.email + ' remaining=' + res.headers.get('x-ratelimit-remaining') + ' id=' + res.headers.get('x-request-id');
        } catch (e) {
          document.getElementById('out').textContent = 'refused: ' + e.name;
        }
      };
    </script></body></html>`;

    beforeAll(async () => {
      server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page(bridgeUrl())));
      await new Promise<void>((r) => server.listen(Number(new URL(pageOrigin).port), '127.0.0.1', r));
    });
    afterAll(async () => {
      await new Promise((r) => server?.close(r));
    });

    it('from an origin CORS_ORIGINS lists: the answer, with the exposed rate-limit header and request id', async () => {
      const user = await newUser();
      const tab = await browser.context.newPage();
      await tab.goto(pageOrigin);
      await tab.evaluate((t) => (window as unknown as { call(t: string): Promise<void> }).call(t), user.accessToken);
      const out = await tab.locator('#out').innerText();
      expect(out).toMatch(new RegExp(`^200 ${user.email.replace(/[.+]/g, '\\$&')} remaining=\\d+ id=from-the-page-1$`));
      await shot(tab, 'cors-allowed');
      await tab.close();
    });

    it('from an origin no list names (the same page at localhost instead of 127.0.0.1): the browser refuses the answer', async () => {
      const user = await newUser();
      const tab = await browser.context.newPage();
      await tab.goto(pageOrigin.replace('127.0.0.1', 'localhost'));
      await tab.evaluate((t) => (window as unknown as { call(t: string): Promise<void> }).call(t), user.accessToken);
      expect(await tab.locator('#out').innerText()).toBe('refused: TypeError');
      await shot(tab, 'cors-refused');
      await tab.close();
      expect(outside).toEqual([]);
    });
  });
});
