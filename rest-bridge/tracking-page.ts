import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Express, Request, Response } from 'express';
import type { Config } from '../kernel/config.js';
import type { Logger } from '../kernel/logger.js';
import { AppError, isGraphQLInputError } from '../kernel/errors.js';
import { asset, assetsRoute, type Asset } from '../kernel/pages.js';
import { CREDENTIAL_HEADERS } from '../kernel/principal.js';
import { setRateHeaders, type RateLimits } from '../kernel/ratelimit.js';
import { documentHash } from '../gateway/persisted.js';
import type { RouteSpec } from './routes/types.js';
import { sendError } from './envelope.js';
import { TRACKING_OPERATION, type TrackingView } from './tracking/operation.js';
import { LOCALES, STRINGS, fill, type Locale, type Strings } from './tracking/strings.js';
import { TRACKING_CSS } from './tracking/style.js';

/**
 * The order tracking page (issue 36; docs/orders.md "Tracking links" says how a shop makes a link): `GET /track/:token`
 * is an HTML page for the order's receiver (reference, status, a timeline with times, packages, the stops on a map and,
 * while the order is IN_TRANSIT, the vehicle and its ETA), `GET /track/:token/data` the same view as JSON, which the
 * page polls every POLL_MS. Both ask the gateway `orderTracking(token)` with no credential; an unknown, revoked or
 * expired token is 404 (a page, or NOT_FOUND in the generic envelope) with no detail.
 *
 * Offline by default: Leaflet, the land and coastlines (world-atlas land-50m, drawn as a GeoJSON layer over a
 * water-coloured map) and topojson-client come from the platform's own packages under /track/assets/; with
 * TRACKING_TILE_URL the map draws that tile server's tiles instead and the policy lets images come from its host.
 * A strict Content-Security-Policy: scripts, styles and connections from the bridge only, no inline script.
 * The page speaks English and French (rest-bridge/tracking/strings.ts), chosen by Accept-Language.
 */
const require = createRequire(import.meta.url);

/** How often the page asks for the view again (README "Tracking page"). */
export const POLL_MS = 3000;
const ASSETS = '/track/assets';
/** A token as the page takes it to the gateway: anything else is not a link (404 without a call). */
const TOKEN = /^[A-Za-z0-9._~-]{1,512}$/;
const TRACKING_HASH = documentHash(TRACKING_OPERATION);

interface TrackingAnswer {
  data?: { orderTracking?: TrackingView | null } | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** How the bridge reaches the gateway (rest-bridge/bridge.ts `GatewayClient`): the operation by its registered hash. */
export interface TrackingGateway {
  send(req: Request, route: Pick<RouteSpec, 'files'>, sha256Hash: string, variables: Record<string, unknown>): Promise<TrackingAnswer>;
}

/** The page's language: the best of LOCALES for Accept-Language, English when none fits. */
export function localeOf(req: Pick<Request, 'acceptsLanguages'>): Locale {
  const best = req.acceptsLanguages(...LOCALES);
  return best && (LOCALES as readonly string[]).includes(best) ? (best as Locale) : 'en';
}

/** The tile host TRACKING_TILE_URL names, as a CSP source (`{s}.` becomes `*.`); undefined when unset. */
export function tileSource(tileUrl: string | undefined): string | undefined {
  if (!tileUrl) return undefined;
  const m = /^https:\/\/([^/]+)\//.exec(tileUrl);
  return m ? `https://${m[1].replace(/^\{s\}\./, '*.')}` : undefined;
}

/** The pages' policy: everything from the bridge itself; images also from the tile server when one is configured. */
export function trackingCsp(tileUrl: string | undefined): string {
  const tiles = tileSource(tileUrl);
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data:${tiles ? ` ${tiles}` : ''}`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const escapeScript = (json: string) => json.replace(/</g, '\\u003c');

function head(t: Strings, title: string, withMap: boolean): string {
  return `<meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(title)}</title>
    ${withMap ? `<link rel="stylesheet" href="${ASSETS}/leaflet.css" />\n    ` : ''}<link rel="stylesheet" href="${ASSETS}/tracking.css" />`;
}

/** The page of a valid link: a frame the script fills from the view given in the page and then polled. */
function trackingHtml(locale: Locale, view: TrackingView, tileUrl: string | undefined): string {
  const t = STRINGS[locale];
  const page = { locale, pollMs: POLL_MS, tiles: tileUrl ?? null, view };
  return `<!doctype html>
<html lang="${locale}">
  <head>
    ${head(t, `${t.title} · ${view.reference}`, true)}
  </head>
  <body>
    <a class="skip" href="#main">${escapeHtml(t.skip)}</a>
    <header>
      <h1>${escapeHtml(t.heading)}</h1>
      <p id="reference">${escapeHtml(fill(t.order, { reference: view.reference }))}</p>
    </header>
    <main id="main" tabindex="-1">
      <noscript><p class="notice">${escapeHtml(t.noscript)}</p></noscript>
      <p id="notice" class="notice" role="alert"></p>
      <section class="card" aria-labelledby="status-heading">
        <h2 id="status-heading">${escapeHtml(t.statusHeading)}</h2>
        <div role="status" aria-live="polite" aria-atomic="true">
          <p id="status" class="status-line" data-status="${escapeHtml(view.status)}">${escapeHtml(t.status[view.status as keyof Strings['status']] ?? view.status)}</p>
          <p id="stage" class="stage"></p>
        </div>
        <p id="eta" class="eta"></p>
      </section>
      <div class="layout">
        <section class="card map-card" aria-labelledby="map-heading">
          <h2 id="map-heading">${escapeHtml(t.mapHeading)}</h2>
          <div id="map" role="region" aria-label="${escapeHtml(t.mapLabel)}"></div>
        </section>
        <div>
          <section class="card" aria-labelledby="timeline-heading">
            <h2 id="timeline-heading">${escapeHtml(t.timelineHeading)}</h2>
            <ol id="timeline" class="timeline"></ol>
          </section>
          <section class="card" aria-labelledby="packages-heading">
            <h2 id="packages-heading">${escapeHtml(t.packagesHeading)}</h2>
            <ul id="packages" class="packages"></ul>
          </section>
          <p id="checked" class="checked"></p>
        </div>
      </div>
    </main>
    <script type="application/json" id="tracking">${escapeScript(JSON.stringify(page))}</script>
    <script src="${ASSETS}/leaflet.js"></script>
    <script src="${ASSETS}/topojson-client.js"></script>
    <script type="module" src="${ASSETS}/client.js"></script>
  </body>
</html>
`;
}

/** A page that says only what went wrong for the reader: not valid (404), busy (429) or unavailable (503). */
function messageHtml(locale: Locale, title: string, text: string, hint?: string): string {
  const t = STRINGS[locale];
  return `<!doctype html>
<html lang="${locale}">
  <head>
    ${head(t, title, false)}
  </head>
  <body>
    <main id="main" class="invalid">
      <h1>${escapeHtml(text)}</h1>
      ${hint ? `<p>${escapeHtml(hint)}</p>` : ''}
    </main>
  </body>
</html>
`;
}

/** A script without its source-map comment (the maps are not served). */
const withoutSourceMap = (js: string) => js.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');

/** The assets under /track/assets/: Leaflet (script, styles, marker images), topojson-client, the land, the page's own. */
function loadAssets(): Record<string, Asset> {
  const read = (module: string) => readFileSync(require.resolve(module));
  // the page's script and its strings, compiled with the bridge (dist/rest-bridge/tracking/*.js)
  const own = (file: string) => withoutSourceMap(readFileSync(new URL(`./tracking/${file}`, import.meta.url), 'utf8'));
  return {
    'leaflet.js': asset('application/javascript', withoutSourceMap(read('leaflet/dist/leaflet.js').toString('utf8'))),
    'leaflet.css': asset('text/css', read('leaflet/dist/leaflet.css')),
    'topojson-client.js': asset('application/javascript', read('topojson-client/dist/topojson-client.min.js')),
    'land-50m.json': asset('application/json', read('world-atlas/land-50m.json')),
    'client.js': asset('application/javascript', own('client.js')),
    'strings.js': asset('application/javascript', own('strings.js')),
    'tracking.css': asset('text/css', TRACKING_CSS),
  };
}

/** Leaflet's marker images, where its style sheet and its default icon look for them (`images/` beside leaflet.css). */
function loadImages(): Record<string, Asset> {
  const files = ['marker-icon.png', 'marker-icon-2x.png', 'marker-shadow.png', 'layers.png', 'layers-2x.png'];
  return Object.fromEntries(files.map((f) => [f, asset('image/png', readFileSync(require.resolve(`leaflet/dist/images/${f}`)))]));
}

export interface TrackingPageOptions {
  log: Logger;
  limits: RateLimits;
  gateway: TrackingGateway;
}

type Outcome = { kind: 'found'; view: TrackingView } | { kind: 'not-found' } | { kind: 'busy' } | { kind: 'unavailable' } | { kind: 'failed' };

/** Mounts the tracking page's routes (before the route table's catch-all 404). */
export function trackingPage(app: Express, config: Config, { log, limits, gateway }: TrackingPageOptions): void {
  assetsRoute(app, ASSETS, loadAssets);
  assetsRoute(app, `${ASSETS}/images`, loadImages);
  const csp = trackingCsp(config.TRACKING_TILE_URL);

  /** The view for the request's token: counted per address, asked with no credential. */
  async function lookUp(req: Request, res: Response): Promise<Outcome> {
    // the link is the only credential: whatever else the browser sends is not passed on (and the caller is its address)
    for (const h of [...CREDENTIAL_HEADERS, 'origin', 'cookie']) delete req.headers[h.toLowerCase()];
    // the page's own window (kernel/ratelimit.ts 'order-tracking'), not the general limits: it polls every POLL_MS
    const outcome = await limits.check(await limits.callerKey(req), ['order-tracking'], { general: false });
    setRateHeaders(res, outcome);
    if (outcome.blocked) return { kind: 'busy' };
    const token = req.params.token as string;
    if (!TOKEN.test(token)) return { kind: 'not-found' };
    let answer: TrackingAnswer;
    try {
      answer = await gateway.send(req, {}, TRACKING_HASH, { token });
    } catch (err) {
      if (err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE') return { kind: 'unavailable' };
      log.error({ err }, 'tracking view failed');
      return { kind: 'failed' };
    }
    const error = answer.errors?.[0];
    if (error) {
      const code = error.extensions?.code;
      // a token the operation refuses as input is no link either
      if (isGraphQLInputError(code) || code === 'VALIDATION_ERROR' || code === 'NOT_FOUND') return { kind: 'not-found' };
      if (code === 'SERVICE_UNAVAILABLE') return { kind: 'unavailable' };
      if (code === 'RATE_LIMIT_EXCEEDED') return { kind: 'busy' };
      log.error({ code, gatewayMessage: error.message }, 'tracking view failed');
      return { kind: 'failed' };
    }
    const view = answer.data?.orderTracking;
    return view ? { kind: 'found', view } : { kind: 'not-found' };
  }

  const common = (res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    // the token is in the page's address: never sent on as a referrer (a tile server's requests among them)
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('Vary', 'Accept-Language');
  };

  app.get('/track/:token', async (req: Request, res: Response) => {
    const locale = localeOf(req);
    const t = STRINGS[locale];
    const found = await lookUp(req, res);
    common(res);
    res.setHeader('Content-Security-Policy', csp);
    res.type('html');
    switch (found.kind) {
      case 'found':
        return void res.status(200).send(trackingHtml(locale, found.view, config.TRACKING_TILE_URL));
      case 'not-found':
        return void res.status(404).send(messageHtml(locale, t.invalidTitle, t.invalid, t.invalidHint));
      case 'busy':
        return void res.status(429).send(messageHtml(locale, t.title, t.tooMany));
      case 'unavailable':
        return void res.status(503).send(messageHtml(locale, t.title, t.unavailable));
      case 'failed':
        return void res.status(500).send(messageHtml(locale, t.title, t.unavailable));
    }
  });

  app.get('/track/:token/data', async (req: Request, res: Response) => {
    const found = await lookUp(req, res);
    common(res);
    switch (found.kind) {
      case 'found':
        return void res.status(200).json({ error: false, status: 'SUCCESS', data: found.view });
      case 'not-found':
        return sendError(res, 'generic', 'NOT_FOUND', 'This tracking link is not valid');
      case 'busy':
        return sendError(res, 'generic', 'RATE_LIMIT_EXCEEDED', 'Too many requests; retry after the time in Retry-After');
      case 'unavailable':
        return sendError(res, 'generic', 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry shortly');
      case 'failed':
        return sendError(res, 'generic', 'INTERNAL_ERROR', 'Internal server error');
    }
  });
}
