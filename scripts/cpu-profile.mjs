// Where a request's time goes: busy CPU of a `node --cpu-prof` profile by layer (docs/performance.md "Where a request's time goes").
// usage: FROM=<s> TO=<s> REQS=<n> node scripts/cpu-profile.mjs <file.cpuprofile>  (FROM/TO: the load's window, in seconds from the profile's start)
import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parents = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
const FROM = Number(process.env.FROM ?? 0) * 1e6,
  TO = Number(process.env.TO ?? 1e9) * 1e6;
const dt = new Map();
let clock = 0;
for (let i = 0; i < p.samples.length; i++) {
  clock += p.timeDeltas[i] ?? 0;
  if (clock < FROM || clock > TO) continue;
  dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
}
const CATS = [
  ['database driver and its socket (one statement)', /node_modules\/(@mikro-orm\/postgresql|pg|pg-protocol|pg-pool|kysely|postgres-)/],
  ['MikroORM: query building, hydration, unit of work', /node_modules\/@mikro-orm\/(core|sql)/],
  ['gateway: query plan execution, result shaping', /node_modules\/@apollo\/(gateway|federation-internals|query-planner)/],
  ['Apollo Server request pipeline', /node_modules\/(@apollo\/server|@as-integrations|@apollo\/utils)/],
  ['subgraph execution (graphql-js, type-graphql)', /node_modules\/(graphql|type-graphql|class-validator|@graphql-tools)\//],
  ['REST bridge translation and envelope', /dist\/rest-bridge\//],
  ['credentials, rate limits, tokens', /dist\/gateway\/(credentials|credential-owners|guards|persisted)|dist\/kernel\/(ratelimit|tokens|principal|credential-cache)|node_modules\/jose/],
  ['observability: request ids, access log, metrics', /dist\/kernel\/(observability|metrics|logger|telemetry|request-scope)|node_modules\/(prom-client|pino|@opentelemetry)/],
  [
    'HTTP: express, routing, parsing, response write',
    /node_modules\/(express|router|body-parser|negotiator|content-type|accepts|type-is|raw-body|finalhandler|send|etag|fresh|on-finished|qs|cookie)|node:_http|node:internal\/http|_http_/,
  ],
];
const cat = new Map();
let busy = 0;
for (const n of p.nodes) {
  const t = dt.get(n.id);
  if (!t) continue;
  const f = n.callFrame.functionName;
  if (f === '(idle)') continue;
  busy += t;
  let k;
  if (f === '(garbage collector)') k = 'garbage collection';
  else if (f === '(program)') k = 'V8 (program)';
  else {
    let x = n.id;
    while (x !== undefined && !k) {
      const u = byId.get(x).callFrame.url;
      for (const [name, re] of CATS)
        if (re.test(u)) {
          k = name;
          break;
        }
      x = parents.get(x);
    }
    if (!k) {
      let y = n.id;
      while (y !== undefined && !byId.get(y).callFrame.url) y = parents.get(y);
      k = 'other: ' + (y !== undefined ? (byId.get(y).callFrame.url.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ?? byId.get(y).callFrame.url.split('/').slice(-2).join('/')) : '(native)');
    }
  }
  cat.set(k, (cat.get(k) ?? 0) + t);
}
const reqs = Number(process.env.REQS ?? 0);
console.log(`busy ${(busy / 1e3).toFixed(0)} ms${reqs ? `, ${reqs} requests, ${(busy / 1e3 / reqs).toFixed(3)} ms per request` : ''}`);
const rows = [...cat].sort((a, b) => b[1] - a[1]);
let other = 0;
for (const [k, v] of rows) {
  if (k.startsWith('other') && v / busy < 0.01) {
    other += v;
    continue;
  }
  console.log(`| ${k} | ${((100 * v) / busy).toFixed(1)}% |${reqs ? ` ${((v / 1e3 / reqs) * 1000).toFixed(0)} µs |` : ''}`);
}
console.log(`| other (each < 1%) | ${((100 * other) / busy).toFixed(1)}% |`);
