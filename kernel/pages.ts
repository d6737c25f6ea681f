import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { Express, NextFunction, Request, Response } from 'express';

/**
 * The browser pages, served offline from the platform's own packages (no CDN): on the gateway the GraphQL IDE
 * (GraphiQL, as `@graphql-yoga/render-graphiql` bundles it) and the schema picture (GraphQL Voyager's standalone
 * bundle), on the bridge the REST reference (Scalar's standalone bundle over /openapi.json). docs/graphql.md and
 * docs/contract.md say how to reach them; GRAPHQL_IDE (both gateway pages) and REST_DOCS switch them off (both are off
 * by default with NODE_ENV=production).
 *
 * The bundles are static assets (read on first use, answered with an ETag, a day's caching and gzip when the browser
 * takes it), not inlined into each page.
 */
const require = createRequire(import.meta.url);

export interface Asset {
  type: string;
  raw: Buffer;
  gzip: Buffer;
  etag: string;
}

/** A static asset of a page: its bytes, gzipped once, and its ETag. */
export function asset(type: string, body: string | Buffer): Asset {
  const raw = typeof body === 'string' ? Buffer.from(body) : body;
  return { type, raw, gzip: gzipSync(raw), etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"` };
}

function send(req: Request, res: Response, a: Asset): void {
  res.setHeader('Cache-Control', 'public, max-age=86400');
  res.setHeader('ETag', a.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  if (req.header('if-none-match') === a.etag) return void res.status(304).end();
  res.type(a.type);
  if (/\bgzip\b/.test(req.header('accept-encoding') ?? '')) {
    res.setHeader('Content-Encoding', 'gzip');
    res.send(a.gzip);
  } else res.send(a.raw);
}

/** A page's assets by file name, loaded once on first use. */
export function assetsRoute(app: Express, prefix: string, load: () => Record<string, Asset>): void {
  let assets: Record<string, Asset> | undefined;
  app.get(`${prefix}/:file`, (req: Request, res: Response, next: NextFunction) => {
    assets ??= load();
    const a = assets[req.params.file as string];
    if (!a) return next();
    send(req, res, a);
  });
}

const escapeScript = (json: string) => json.replace(/</g, '\\u003c');

/** A browser asking for a page (not a GraphQL client): `text/html` before any JSON type in Accept. */
export const wantsHtml = (req: Request) => req.accepts(['application/json', 'application/graphql-response+json', 'text/html']) === 'text/html';

/** The first operation the IDE shows: the caller's own record, with how to get the token it needs. */
export const IDE_DEFAULT_QUERY = `# The Logistics Platform's GraphQL API (docs/graphql.md).
#
# 1. Get an access token: POST /v1/auth/login on the REST bridge, or the
#    \`login\` mutation here, with your e-mail and password.
# 2. Put it in the Headers tab below:  { "Authorization": "Bearer <access token>" }
#    (provider operations take header set A instead: svc-auth-token,
#    svc-user-agent, svc-auth-device).
# 3. Run this operation (Ctrl-Enter). The Docs and Explorer panes on the left
#    show every type and field.
query Me {
  me {
    id
    email
    name
    createdAt
  }
}
`;

/** `GET /graphql` from a browser: GraphiQL. Mount before the GraphQL endpoint. */
export function graphqlIde(app: Express, endpoint = '/graphql'): void {
  const base = `${endpoint}/ide`;
  assetsRoute(app, base, () => {
    const g = require('@graphql-yoga/render-graphiql/graphiql') as Record<'js' | 'css' | 'favicon' | 'editorWorkerService' | 'jsonWorker' | 'graphqlWorker', string>;
    return {
      'graphiql.js': asset('application/javascript', g.js),
      'graphiql.css': asset('text/css', g.css),
      'favicon.ico': asset('image/x-icon', Buffer.from(g.favicon.slice(g.favicon.indexOf(',') + 1), 'base64')),
      'worker-editor.js': asset('application/javascript', g.editorWorkerService),
      'worker-json.js': asset('application/javascript', g.jsonWorker),
      'worker-graphql.js': asset('application/javascript', g.graphqlWorker),
    };
  });
  const options = { endpoint, title: 'Logistics Platform', query: IDE_DEFAULT_QUERY, headers: '{\n  "Authorization": ""\n}' };
  const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Logistics Platform · GraphQL IDE</title>
    <link rel="icon" href="${base}/favicon.ico" />
    <link rel="stylesheet" href="${base}/graphiql.css" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>The GraphQL IDE needs JavaScript.</noscript>
    <a href="${endpoint}/voyager" style="position: fixed; right: 16px; bottom: 12px; z-index: 10; font: 13px sans-serif">Schema picture (Voyager)</a>
    <div id="root" style="height: 100vh"></div>
    <script>
      const workers = { editorWorkerService: 'editor', json: 'json', graphql: 'graphql' };
      self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: (_id, label) => '${base}/worker-' + (workers[label] || 'editor') + '.js' };
    </script>
    <script src="${base}/graphiql.js"></script>
    <script>
      YogaGraphiQL.renderYogaGraphiQL(document.querySelector('#root'), ${escapeScript(JSON.stringify(options))});
    </script>
  </body>
</html>
`;
  app.get(endpoint, (req: Request, res: Response, next: NextFunction) => {
    if (req.query.query !== undefined || !wantsHtml(req)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(page);
  });
}

/**
 * `GET /graphql/voyager`: a picture of the schema (GraphQL Voyager), the types as boxes and the fields that reference
 * other types as arrows. The page asks the gateway's own endpoint for the live introspection (what clients see, not the
 * committed supergraph); with GRAPHQL_INTROSPECTION off it says so instead of drawing. Mounted beside the IDE, by the
 * same switch (GRAPHQL_IDE).
 */
export function schemaPicture(app: Express, endpoint = '/graphql'): void {
  const base = `${endpoint}/voyager`;
  assetsRoute(app, base, () => ({
    'voyager.js': asset('application/javascript', readFileSync(require.resolve('graphql-voyager/dist/voyager.standalone.js'))),
    'voyager.css': asset('text/css', readFileSync(require.resolve('graphql-voyager/dist/voyager.css'))),
    'page.css': asset('text/css', SCHEMA_PICTURE_CSS),
  }));
  const script = `
      (async () => {
        const status = document.getElementById('status');
        const say = (text) => { status.textContent = text; status.hidden = false; };
        let result;
        try {
          const res = await fetch(${escapeScript(JSON.stringify(endpoint))}, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
            body: JSON.stringify({ query: GraphQLVoyager.voyagerIntrospectionQuery }),
          });
          result = await res.json();
        } catch (e) {
          return say('The gateway did not answer the introspection query: ' + e.message);
        }
        const error = result.errors && result.errors[0];
        if (error && error.extensions && error.extensions.code === 'INTROSPECTION_DISABLED')
          return say('Introspection is switched off on this gateway (GRAPHQL_INTROSPECTION=false), so there is no schema to draw. The schema is committed as schema/supergraph.graphql.');
        if (!result.data) return say('The gateway refused the introspection query: ' + (error ? error.message : 'no data'));
        status.hidden = true;
        GraphQLVoyager.renderVoyager(document.getElementById('voyager'), { introspection: result, hideVoyagerLogo: true });
      })();
    `;
  // Only what Voyager needs, each tried without in Chromium: it lays the graph out with Graphviz compiled to
  // WebAssembly ('wasm-unsafe-eval': compiling WebAssembly, not JavaScript's eval) in a worker it starts from a blob:
  // URL (worker-src blob:); its components (MUI/emotion) insert <style> elements (style-src 'unsafe-inline': without
  // it the controls lose their styles and cover the picture); it keeps the laid-out picture in localStorage as a
  // data: URL and reads it back with fetch on the next visit (connect-src data:: without it that visit fails). The
  // page's one inline script is allowed by its hash; everything else comes from the gateway itself.
  const csp = [
    "default-src 'none'",
    `script-src 'self' 'sha256-${createHash('sha256').update(script).digest('base64')}' 'wasm-unsafe-eval'`,
    'worker-src blob:',
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self'",
    "connect-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Logistics Platform · GraphQL schema picture</title>
    <link rel="icon" href="${endpoint}/ide/favicon.ico" />
    <link rel="stylesheet" href="${base}/voyager.css" />
    <link rel="stylesheet" href="${base}/page.css" />
  </head>
  <body>
    <nav><a href="${endpoint}">GraphQL IDE (GraphiQL)</a></nav>
    <noscript>The schema picture needs JavaScript.</noscript>
    <p id="status" role="status">Reading the schema from ${endpoint} …</p>
    <main id="voyager"></main>
    <script src="${base}/voyager.js"></script>
    <script>${script}</script>
  </body>
</html>
`;
  app.get(base, (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Security-Policy', csp);
    res.type('html').send(page);
  });
}

const SCHEMA_PICTURE_CSS = `html, body { margin: 0; height: 100%; }
body { display: flex; flex-direction: column; font-family: sans-serif; }
nav { padding: 6px 12px; font-size: 13px; border-bottom: 1px solid #ddd; }
#status { margin: 2em; font-size: 16px; }
#voyager { flex: 1; min-height: 0; }
`;

/** `GET /docs`: the REST reference (Scalar) over the bridge's /openapi.json. */
export function restReference(app: Express): void {
  assetsRoute(app, '/docs/assets', () => ({
    'standalone.js': asset('application/javascript', readFileSync(require.resolve('@scalar/api-reference/browser/standalone.js'))),
  }));
  // nothing leaves the machine: no web fonts, no proxy, no telemetry, no "open in client" links to scalar.com
  const configuration = {
    url: '/openapi.json',
    withDefaultFonts: false,
    proxyUrl: '',
    telemetry: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    theme: 'default',
    metaData: { title: 'Logistics Platform · REST API' },
  };
  const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Logistics Platform · REST API reference</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="/docs/assets/standalone.js"></script>
    <script>
      Scalar.createApiReference('#app', ${escapeScript(JSON.stringify(configuration))});
    </script>
  </body>
</html>
`;
  app.get(['/docs', '/docs/'], (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(page);
  });
}
