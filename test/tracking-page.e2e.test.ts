import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page, Response as PageResponse } from 'playwright-core';
import { api, bridgeUrl, clearOfWindowEnd, randomIp } from './helpers.js';
import { gqlH, setA, type Owner } from './workspace-helpers.js';
import { facilityBody, vehicleBody } from './lsp-helpers.js';
import { activeArea, carrierAgent, eventually, newCarrier, newShop, rotterdamIntent, type Carrier, type Intent, type Shop } from './commerce-helpers.js';
import { SHOTS, loopbackBrowser } from './support/browser.js';

/**
 * The order tracking page (GET /track/:token on the bridge, rest-bridge/tracking-page.ts) in a real headless Chromium,
 * every request outside loopback blocked and listed (test/support/browser.ts): a shop's customer order is built and
 * assigned, a tracking link made over REST, and the page opened on it. It shows the reference, the status and the
 * timeline; the agent moves the order on and the page follows by itself (it polls /track/:token/data every 3 s); a
 * vehicle position reported through the API shows as a marker, which moves with the next report; at delivery the
 * vehicle goes; a revoked link is a 404 page with no detail, and the page that was open says the link is not valid.
 * In French with Accept-Language: fr. Screenshots under reports/browser/ (tracking-*.png).
 */
const browser = loopbackBrowser();
const outside = browser.outside;
/** Long enough for a few polls (3 s apart) while other files keep the platform busy. */
const FOLLOWS = 20_000;

const pages: Page[] = [];
afterAll(async () => {
  for (const p of pages) await p.close().catch(() => undefined);
});

/** A page of its own rate-limit caller (the bridge counts anonymous callers by address), its console errors kept. */
async function openPage(headers: Record<string, string> = {}, viewport?: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.context.newPage();
  pages.push(page);
  if (viewport) await page.setViewportSize(viewport);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp(), ...headers });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

/** The page's policy, directive by directive. */
const policy = (res: PageResponse) => {
  const header = res.headers()['content-security-policy'];
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(' '))
      .map(([name, ...values]) => [name, values]),
  );
};

/** The vehicle marker's position as the page holds it, or null without one. */
const markerAt = (page: Page) =>
  page.evaluate(() => {
    const m = document.querySelector<HTMLElement>('.vehicle-marker');
    return m ? [Number(m.dataset.lat), Number(m.dataset.lng)] : null;
  });

const waitForStatus = (page: Page, status: string) => page.waitForSelector(`#status[data-status="${status}"]`, { timeout: FOLLOWS });

const timeline = (page: Page) =>
  page.$$eval('#timeline li', (items) => items.map((li) => ({ status: li.getAttribute('data-status'), state: li.className, when: li.querySelector('time')?.getAttribute('datetime') ?? null })));

describe('the order tracking page, live in a browser, offline', () => {
  let owner: Owner;
  let shop: Shop;
  let carrier: Carrier;
  let courier: Awaited<ReturnType<typeof carrierAgent>>;
  let intent: Intent;
  let vehicleId: string;
  let trackingCode: string;
  let link: { id: string; token: string; url: string };
  let page: Page;
  let errors: string[];
  let apiKey: string;
  let agentName: string;

  const move = async (to: string) => {
    const res = await gqlH(
      `mutation($r: String!, $to: OrderMove!) { moveAssignedOrder(reference: $r, to: $to) { status } }`,
      { r: intent.reference, to },
      { authorization: `Bearer ${courier.user.accessToken}` },
    );
    expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
    expect(res.body.data.moveAssignedOrder.status).toBe(to);
  };
  const report = async (latitude: number, longitude: number, heading: number) => {
    const res = await gqlH(
      `mutation($i: VehiclePositionInput!) { reportVehiclePosition(input: $i) { id location { latitude longitude } } }`,
      { i: { vehicleId, type: 'VAN', status: 'BUSY', location: { latitude, longitude }, heading, recordedAt: new Date().toISOString() } },
      { authorization: `Bearer ${apiKey}` },
    );
    expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  };
  const trackUrl = () => `${bridgeUrl()}/track/${link.token}`;

  it('an order up to ASSIGNED, with a vehicle, and a tracking link made over REST', async () => {
    shop = await newShop();
    owner = shop.owner;
    carrier = await newCarrier(owner, 'Maas Couriers');
    courier = await carrierAgent(carrier);
    // the agent's vehicle, before the coverage: once the LSP's area reaches the order family, so has the vehicle
    const fleet = await carrier.call('POST', '/v1/lsp/fleets/create', facilityBody());
    expect(fleet.status, JSON.stringify(fleet.body)).toBe(201);
    const vehicle = await carrier.call('POST', `/v1/lsp/fleets/${fleet.body.data.id}/vehicles/add`, vehicleBody({ type: 'VAN' }));
    expect(vehicle.status, JSON.stringify(vehicle.body)).toBe(201);
    const assigned = await carrier.call('PUT', `/v1/lsp/agents/${courier.agentId}/vehicle/assign`, { vid: vehicle.body.data.id, terms: [], isOwner: true });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    await activeArea(carrier, { country: 'NL', city: 'Rotterdam' });
    const agent = await carrier.call('GET', `/v1/lsp/agents/${courier.agentId}`);
    expect(agent.status, JSON.stringify(agent.body)).toBe(200);
    agentName = agent.body.data.name;
    expect(agentName).toMatch(/^Courier/);

    intent = await rotterdamIntent(shop, 'receiver-1');
    const quote = await eventually(async () => {
      const res = await shop.call('GET', '/v1/order/operators', undefined, { token: intent.token });
      return res.body.data?.find((o: any) => o.lspCode === carrier.code);
    }, "the carrier's quote");
    const placed = await shop.call('POST', '/v1/order/service', { quoteId: quote.quoteId, payment: { mode: 'cash' } }, { token: intent.token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = await eventually(async () => {
      const res = await carrier.desk('POST', `/v1/lsps/${carrier.code}/orders/${intent.reference}/assign/${courier.agentId}`);
      return res.status === 200 ? res.body.data : undefined;
    }, 'the agent copy');
    expect(order.status).toBe('ASSIGNED');
    expect(order.vehicleId, JSON.stringify(order)).toBe(vehicle.body.data.id);
    vehicleId = order.vehicleId;
    trackingCode = (await carrier.desk('GET', `/v1/lsps/${carrier.code}/orders/${intent.reference}`)).body.data.packages[0].ptc;
    expect(trackingCode).toMatch(/^PTC-/);

    const made = await shop.call('POST', '/v1/order/tracking-links', undefined, { token: intent.token });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    link = made.body.data;
    expect(link.url).toBe(`${new URL(link.url).origin}/track/${link.token}`);

    // a workspace API key that reports vehicle positions (the utilities family)
    const key = await api('POST', `/v1/workspace/${owner.wid}/api-keys`, { headers: setA(owner.token), body: { name: 'positions', scopes: ['utilities'] } });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    apiKey = key.body.data.key;
  }, 120_000);

  it('the receiver opens the link: reference, status, the timeline with times, the package, the stops on the offline map; no vehicle yet', async () => {
    ({ page, errors } = await openPage());
    const res = await page.goto(trackUrl());
    expect(res?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.title()).toBe(`Delivery tracking · ${intent.reference}`);
    expect(await page.locator('#reference').innerText()).toBe(`Order ${intent.reference}`);
    expect(await page.locator('#status').innerText()).toBe('Courier assigned');
    expect(await page.locator('#stage').innerText()).toBe('A courier is on the way to collect your parcel.');
    // the timeline: placed and assigned with their times, the rest still to come
    const steps = await timeline(page);
    expect(steps.map((s) => [s.status, s.state])).toEqual([
      ['PLACED', 'done'],
      ['ASSIGNED', 'current'],
      ['PICKED_UP', 'todo'],
      ['IN_TRANSIT', 'todo'],
      ['DELIVERED', 'todo'],
    ]);
    expect(steps.slice(0, 2).every((s) => s.when && Math.abs(Date.parse(s.when) - Date.now()) < 600_000)).toBe(true);
    const shown = await page.locator('#timeline li time').first().innerText();
    expect(shown).toBe(await page.evaluate((at) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)), steps[0].when!));
    expect(await page.locator('#packages').innerText()).toContain(trackingCode);
    expect(await page.locator(`#packages li[data-code="${trackingCode}"]`).innerText()).toContain('Waiting for pickup');
    // the stops, labelled, on the land the bridge ships (no tile server)
    await page.waitForSelector('#map[data-land="drawn"]', { timeout: FOLLOWS });
    expect(await page.locator('#map').getAttribute('class')).toContain('offline');
    expect(await page.locator('img.leaflet-marker-icon').evaluateAll((imgs) => imgs.map((i) => [i.getAttribute('alt'), i.getAttribute('tabindex')]))).toEqual([
      ['Pickup (stop 1): Ds. Jan Scharpstraat 298, Rotterdam', '0'],
      ['Delivery (stop 2): Burgemeester Oudlaan 50, Rotterdam', '0'],
    ]);
    expect(await page.locator('.leaflet-land-pane path').count()).toBeGreaterThan(0);
    expect(await markerAt(page)).toBeNull();
    expect(await page.locator('#eta').innerText()).toBe('');
    // no agent, no phone: the page has none to show
    const text = await page.locator('body').innerText();
    expect(text).not.toContain(agentName);
    expect(text).not.toContain('+31');
    // landmarks, a skip link the keyboard reaches first, and a live region for the status
    expect(await page.locator('header').count()).toBe(1);
    expect(await page.locator('main#main').count()).toBe(1);
    expect(await page.locator('[role="status"][aria-live="polite"] #status').count()).toBe(1);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the delivery status');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.screenshot({ path: join(SHOTS, 'tracking-assigned.png') });
  }, 60_000);

  it('the page comes with a strict Content-Security-Policy, and its assets are the packages the bridge serves', async () => {
    const { page: p } = await openPage();
    const res = (await p.goto(trackUrl()))!;
    const csp = policy(res);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers()['referrer-policy']).toBe('no-referrer');
    expect(res.headers()['cache-control']).toBe('no-store');
    const html = await res.text();
    expect(html).not.toMatch(/<script>/);
    expect(html).toContain('<script src="/track/assets/leaflet.js"></script>');
    const leaflet = await fetch(`${bridgeUrl()}/track/assets/leaflet.css`);
    expect(leaflet.status).toBe(200);
    expect(leaflet.headers.get('content-type')).toMatch(/^text\/css/);
    const land = await fetch(`${bridgeUrl()}/track/assets/land-50m.json`);
    expect((await land.json()).objects.land.type).toBe('GeometryCollection');
    await p.close();
  });

  it('the agent picks the order up and sets off: the page follows; a reported position shows the vehicle, the next one moves it', async () => {
    await move('PICKED_UP');
    await waitForStatus(page, 'PICKED_UP');
    await move('IN_TRANSIT');
    await waitForStatus(page, 'IN_TRANSIT');
    expect(await page.locator('#status').innerText()).toBe('On the way');
    expect((await timeline(page)).map((s) => [s.status, s.state])).toEqual([
      ['PLACED', 'done'],
      ['ASSIGNED', 'done'],
      ['PICKED_UP', 'done'],
      ['IN_TRANSIT', 'current'],
      ['DELIVERED', 'todo'],
    ]);
    expect(await page.locator(`#packages li[data-code="${trackingCode}"]`).innerText()).toContain('On the way');
    // no position reported yet
    expect(await markerAt(page)).toBeNull();
    expect(await page.locator('#eta').innerText()).toBe('Waiting for the vehicle’s first position…');

    const first = [51.9205, 4.495] as const;
    await report(...first, 95);
    await page.waitForFunction(
      ([lat, lng]) => document.querySelector<HTMLElement>('.vehicle-marker')?.dataset.lat === String(lat) && document.querySelector<HTMLElement>('.vehicle-marker')?.dataset.lng === String(lng),
      first,
      { timeout: FOLLOWS },
    );
    expect(await page.locator('.vehicle-marker').getAttribute('aria-label')).toMatch(/^Delivery vehicle, position of /);
    expect(await page.locator('#eta').innerText()).toMatch(/^Expected at .+ \(in about \d+ min\) · [\d.]+ km away$/);
    // what the page polls: the view in the generic envelope, with the vehicle and nobody's name or phone
    const polled = await page.evaluate(() => fetch(`${location.pathname}/data`).then(async (r) => ({ status: r.status, body: await r.json() })));
    expect(polled.status).toBe(200);
    expect(polled.body).toMatchObject({
      error: false,
      status: 'SUCCESS',
      data: { reference: intent.reference, status: 'IN_TRANSIT', vehicle: { position: { latitude: first[0], longitude: first[1] } } },
    });
    expect(JSON.stringify(polled.body)).not.toMatch(/phone|\+31|email|agent/i);
    expect(JSON.stringify(polled.body)).not.toContain(agentName);

    const second = [51.9188, 4.5102] as const;
    await report(...second, 100);
    await page.waitForFunction(
      ([lat, lng]) => document.querySelector<HTMLElement>('.vehicle-marker')?.dataset.lat === String(lat) && document.querySelector<HTMLElement>('.vehicle-marker')?.dataset.lng === String(lng),
      second,
      { timeout: FOLLOWS },
    );
    expect(await page.locator('.vehicle-marker').count()).toBe(1);
    // and the map shows it where the page says it is (Leaflet's own state, in the marker's place on screen)
    const box = (await page.locator('.vehicle-marker').boundingBox())!;
    const mapBox = (await page.locator('#map').boundingBox())!;
    expect(box.x).toBeGreaterThan(mapBox.x);
    expect(box.x + box.width).toBeLessThan(mapBox.x + mapBox.width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS, 'tracking-in-transit.png') });

    // on a phone: the map above the timeline
    const { page: phone, errors: phoneErrors } = await openPage({}, { width: 390, height: 844 });
    await phone.goto(trackUrl());
    await phone.waitForSelector('#map[data-land="drawn"]', { timeout: FOLLOWS });
    await phone.waitForSelector('.vehicle-marker[data-lat]', { timeout: FOLLOWS });
    const mapBottom = (await phone.locator('#map').boundingBox())!;
    const timelineTop = (await phone.locator('#timeline').boundingBox())!;
    expect(timelineTop.y).toBeGreaterThan(mapBottom.y + mapBottom.height);
    expect(mapBottom.width).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: join(SHOTS, 'tracking-phone.png'), fullPage: true });
    expect(phoneErrors).toEqual([]);
    await phone.close();
  }, 90_000);

  it('delivered: the timeline completes, the vehicle and the ETA go', async () => {
    await move('DELIVERED');
    await waitForStatus(page, 'DELIVERED');
    expect(await page.locator('#status').innerText()).toBe('Delivered');
    const steps = await timeline(page);
    expect(steps.map((s) => [s.status, s.state])).toEqual([
      ['PLACED', 'done'],
      ['ASSIGNED', 'done'],
      ['PICKED_UP', 'done'],
      ['IN_TRANSIT', 'done'],
      ['DELIVERED', 'done'],
    ]);
    expect(steps.every((s) => s.when)).toBe(true);
    await page.waitForFunction(() => !document.querySelector('.vehicle-marker'), undefined, { timeout: FOLLOWS });
    expect(await page.locator('#eta').innerText()).toBe('');
    expect(await page.locator(`#packages li[data-code="${trackingCode}"]`).innerText()).toContain('Delivered');
    expect(errors).toEqual([]);
  }, 60_000);

  it('in French with Accept-Language: fr (strings, status names, dates), English for a language it does not speak', async () => {
    const { page: fr, errors: frErrors } = await openPage({ 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' });
    const res = await fr.goto(trackUrl());
    expect(res?.status()).toBe(200);
    expect(res?.headers()['vary']).toMatch(/Accept-Language/i);
    expect(await fr.locator('html').getAttribute('lang')).toBe('fr');
    expect(await fr.title()).toBe(`Suivi de livraison · ${intent.reference}`);
    expect(await fr.locator('#reference').innerText()).toBe(`Commande ${intent.reference}`);
    expect(await fr.locator('#status').innerText()).toBe('Livrée');
    expect(await fr.locator('#stage').innerText()).toBe('Votre colis a été livré.');
    expect(await fr.locator('h2').allInnerTexts()).toEqual(['État', 'Carte', 'Étapes', 'Colis']);
    const steps = await timeline(fr);
    expect(await fr.locator('#timeline .name').allInnerTexts()).toEqual(['Commande passée', 'Livreur désigné', 'Colis enlevé', 'En route', 'Livrée']);
    const shown = await fr.locator('#timeline li time').last().innerText();
    expect(shown).toBe(await fr.evaluate((at) => new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)), steps[4].when!));
    expect(await fr.locator('.skip').innerText()).toBe('Aller à l’état de la livraison');
    await fr.screenshot({ path: join(SHOTS, 'tracking-fr.png') });
    expect(frErrors).toEqual([]);
    await fr.close();

    const { page: de } = await openPage({ 'accept-language': 'de-DE,de;q=0.9' });
    await de.goto(trackUrl());
    expect(await de.locator('html').getAttribute('lang')).toBe('en');
    await de.close();
  }, 60_000);

  it('revoked: the open page says the link is not valid; the link is a 404 page with no detail, its data a 404 NOT_FOUND', async () => {
    const revoked = await shop.call('DELETE', `/v1/order/tracking-links/${link.id}`, undefined, { token: intent.token });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    // the open page, at its next poll
    await page.waitForSelector('main.invalid', { timeout: FOLLOWS });
    expect(await page.locator('main').innerText()).toBe('This tracking link is not valid.\n\nAsk whoever sent it to you for a new link.');
    expect(await page.locator('#map').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain(intent.reference);
    await page.screenshot({ path: join(SHOTS, 'tracking-revoked-open.png') });
    // the poll's 404 is the only error the browser lists
    expect(errors.every((e) => /status of 404/.test(e))).toBe(true);

    // opened again: 404, the same page as for a token that never was one, naming nothing of the order
    const { page: again } = await openPage();
    const res = (await again.goto(trackUrl()))!;
    expect(res.status()).toBe(404);
    expect(policy(res)['script-src']).toEqual(["'self'"]);
    const html = await res.text();
    expect(html).not.toContain(intent.reference);
    expect(html).not.toContain(link.token);
    expect(html).not.toMatch(/revoked|expired|unknown/i);
    expect(await again.locator('h1').innerText()).toBe('This tracking link is not valid.');
    await again.screenshot({ path: join(SHOTS, 'tracking-not-valid.png') });
    const never = await fetch(`${bridgeUrl()}/track/otl_never.a-token`, { headers: { 'x-forwarded-for': randomIp() } });
    expect(never.status).toBe(404);
    expect(await never.text()).toBe(html);
    await again.close();

    // in French too
    const fr = await fetch(trackUrl(), { headers: { 'accept-language': 'fr', 'x-forwarded-for': randomIp() } });
    expect(fr.status).toBe(404);
    const frHtml = await fr.text();
    expect(frHtml).toContain('<html lang="fr">');
    expect(frHtml).toContain('Ce lien de suivi n’est pas valide.');

    // the data the page polls: the platform's error envelope
    const data = await fetch(`${trackUrl()}/data`, { headers: { 'x-forwarded-for': randomIp() } });
    expect(data.status).toBe(404);
    expect(await data.json()).toEqual({ error: true, status: 'NOT_FOUND', message: 'This tracking link is not valid' });
    expect(outside).toEqual([]);
  }, 60_000);

  it('an address is counted in a window of its own: 120 requests a minute, then 429 with Retry-After', async () => {
    const ip = randomIp();
    await clearOfWindowEnd(60, 15); // the 122 requests within one minute window
    const answers: Response[] = [];
    for (let i = 0; i < 121; i++) answers.push(await fetch(`${bridgeUrl()}/track/not!a!token/data`, { headers: { 'x-forwarded-for': ip } }));
    expect(answers.slice(0, 120).map((r) => r.status)).toEqual(Array(120).fill(404));
    const refused = answers[120];
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ error: true, status: 'RATE_LIMIT_EXCEEDED' });
    expect(answers[0].headers.get('x-ratelimit-limit')).toBe('120');
    // the page too, in the reader's language
    const page = await fetch(`${bridgeUrl()}/track/not!a!token`, { headers: { 'x-forwarded-for': ip } });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain('Too many requests from your network.');
  }, 60_000);
});
