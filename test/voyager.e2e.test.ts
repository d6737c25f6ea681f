import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gatewayUrl } from './helpers.js';
import { SHOTS, loopbackBrowser } from './support/browser.js';
import { SETTINGS_TOPOLOGY, startPlatform, type OwnPlatform } from './support/platform.js';

/**
 * The schema picture (GraphQL Voyager at GET /graphql/voyager, kernel/pages.ts), in a real headless Chromium, as
 * test/browser.e2e.test.ts runs the other pages: every request outside loopback is blocked and listed, a screenshot is
 * saved under reports/browser/. A user reaches it from GraphiQL's link, and sees the live schema drawn: a type of one
 * family, and an arrow from a field of that family's type to a type another family owns. With introspection off (a
 * platform of its own), the page says so. GRAPHQL_IDE=false is in test/gateway-guards.e2e.test.ts.
 */
/** Voyager lays out the whole schema in a worker; a few seconds on two cores, more when other files run. */
const DRAWN = 60_000;
const browser = loopbackBrowser();
const outside = browser.outside;

/** The subgraphs that own a type in the committed supergraph: its `@join__type`s that are not `resolvable: false` (one per key). */
function owners(type: string): string[] {
  const sdl = readFileSync(join(process.cwd(), 'schema', 'supergraph.graphql'), 'utf8');
  const head = new RegExp(`^type ${type}\\n((?:  @join__type\\(.*\\)\\n)+)\\{`, 'm').exec(sdl);
  if (!head) throw new Error(`no type ${type} in schema/supergraph.graphql`);
  return [...new Set([...head[1].matchAll(/@join__type\(graph: (\w+)(.*)\)/g)].filter((m) => !m[2].includes('resolvable: false')).map((m) => m[1]))];
}

/** A page whose console errors (a CSP refusal among them) are collected. */
async function openPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

/** Voyager draws nodes as `<g id="TYPE::<type>">` and arrows as `<g class="edge" data-from="FIELD::<type>::<field>" data-to="TYPE::<type>">`. */
const node = (page: Page, type: string) => page.locator(`g.node[id="TYPE::${type}"]`);
const edge = (page: Page, type: string, field: string, to: string) => page.locator(`g.edge[data-from="FIELD::${type}::${field}"][data-to="TYPE::${to}"]`);

describe('the schema picture (GraphQL Voyager), offline in a browser', () => {
  it('Fleet (lsp) and Provider (workspace) are owned by different families in the committed supergraph', () => {
    expect(owners('Fleet')).toEqual(['LSP']);
    expect(owners('Provider')).toEqual(['WORKSPACE']);
  });

  it("GraphiQL's page links to it: clicking 'Schema picture (Voyager)' draws the live schema, Fleet and its arrow to Provider", async () => {
    const { page, errors } = await openPage();
    await page.goto(gatewayUrl());
    const link = page.getByRole('link', { name: 'Schema picture (Voyager)' });
    expect(await link.getAttribute('href')).toBe('/graphql/voyager');
    await Promise.all([page.waitForURL(`${gatewayUrl()}/voyager`), link.click()]);

    expect(await page.title()).toBe('Logistics Platform · GraphQL schema picture');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await node(page, 'Fleet').waitFor({ timeout: DRAWN });
    // the type of one family, with its title and its fields
    expect(await node(page, 'Fleet').locator('[id="TYPE_TITLE::Fleet"]').textContent()).toContain('Fleet');
    expect(await page.locator('[id="FIELD::Fleet::provider"]').textContent()).toContain('provider');
    // the reference that crosses families, Fleet.provider (lsp) → Provider (workspace): drawn as an arrow
    expect(await node(page, 'Provider').isVisible()).toBe(true);
    expect(await edge(page, 'Fleet', 'provider', 'Provider').count()).toBe(1);
    expect(await edge(page, 'Fleet', 'provider', 'Provider').locator('path').first().isVisible()).toBe(true);
    // the type list beside the picture shows the schema's descriptions; choosing Fleet there, then its field
    // provider, selects the box and that arrow in the picture
    const panel = page.locator('.doc-panel');
    expect(await panel.getByText('An agent of an LSP: a platform user who drives or delivers for it.').isVisible()).toBe(true);
    await page.getByPlaceholder('Search Schema...').fill('Fleet');
    await panel.getByText('Fleet', { exact: true }).click();
    await panel.getByText('provider', { exact: true }).click();
    expect(await node(page, 'Fleet').getAttribute('class')).toContain('selected');
    expect((await edge(page, 'Fleet', 'provider', 'Provider').getAttribute('class'))?.split(' ')).toContain('selected');
    expect(await panel.getByText('The LSP that owns the record (its workspace, kind LSP and code: the key, so no lookup).').isVisible()).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'voyager.png') });

    // and back to the IDE
    expect(await page.getByRole('link', { name: 'GraphQL IDE (GraphiQL)' }).getAttribute('href')).toBe('/graphql');

    // a second visit draws it from the picture Voyager keeps in localStorage, which the page's policy lets it read back
    const cached = new Promise<void>((resolve) => page.on('console', (m) => m.text() === 'graphql-voyager: SVG cached' && resolve()));
    await page.reload();
    await cached;
    await edge(page, 'Fleet', 'provider', 'Provider').waitFor({ state: 'attached', timeout: DRAWN });
    expect(await node(page, 'Fleet').isVisible()).toBe(true);

    expect(errors).toEqual([]);
    await page.close();
    expect(outside).toEqual([]);
  }, 180_000);

  it('the page comes with a Content-Security-Policy: scripts, styles and connections from the gateway only', async () => {
    const res = await fetch(`${gatewayUrl()}/voyager`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = Object.fromEntries(
      res.headers
        .get('content-security-policy')!
        .split(';')
        .map((d) => d.trim().split(' '))
        .map(([name, ...values]) => [name, values]),
    );
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'", expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/), "'wasm-unsafe-eval'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'data:']);
    expect(csp['worker-src']).toEqual(['blob:']);
    // its bundle is the package's, served by the gateway
    const html = await res.text();
    expect(html).toContain('<script src="/graphql/voyager/voyager.js"></script>');
    const bundle = await fetch(`${gatewayUrl()}/voyager/voyager.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await bundle.text()).toBe(readFileSync(join(process.cwd(), 'node_modules', 'graphql-voyager', 'dist', 'voyager.standalone.js'), 'utf8'));
  });
});

describe('with introspection off (a platform of its own: GRAPHQL_INTROSPECTION=false, the IDE on)', () => {
  let p: OwnPlatform;
  beforeAll(async () => {
    p = await startPlatform({ topology: SETTINGS_TOPOLOGY, env: { GRAPHQL_INTROSPECTION: 'false', GRAPHQL_IDE: 'true' } });
  }, 180_000);
  afterAll(async () => {
    await p?.stop();
  });

  it('the page says introspection is switched off, and draws nothing', async () => {
    const { page, errors } = await openPage();
    const res = await page.goto(`${p.gatewayUrl}/voyager`);
    expect(res?.status()).toBe(200);
    const status = page.getByRole('status');
    await page.waitForFunction(() => document.getElementById('status')?.textContent?.startsWith('Introspection'), undefined, { timeout: 20_000 });
    expect(await status.innerText()).toBe(
      'Introspection is switched off on this gateway (GRAPHQL_INTROSPECTION=false), so there is no schema to draw. The schema is committed as schema/supergraph.graphql.',
    );
    expect(await page.locator('svg g.node').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'voyager-introspection-off.png') });
    // the browser lists the gateway's 400 answer to the introspection query as a failed resource: that one only
    expect(errors.every((e) => /status of 400/.test(e))).toBe(true);
    await page.close();
    expect(outside).toEqual([]);
  });
});
