// The route runs of `npm run bench`: each route's layers checked, then loaded in interleaved rounds (load.ts), and their tables.
/**
 * A route (sections/core.ts, sections/faqs.ts) declares its layers' targets; here every layer of it measured in a
 * topology first answers one check request (success, and bare answers what the bridge answers), then, after
 * BENCH_WARMUP_SECONDS of warm-up per scenario, BENCH_ROUNDS interleaved rounds (each round runs every scenario of the
 * topology once, in turn: route × BENCH_CONNECTIONS × layer, BENCH_SECONDS each) and the median over rounds is
 * reported; every run is followed by one more request of its target (load.ts `settle`). After every round, the bridge
 * routes of each p95 ratio (P95Ratio) run once more each for their p95.
 *
 * Topologies (BENCH_TOPOLOGIES, default `single,split`): the bare, gateway and bridge layers are measured in the single
 * topology, the subgraph alone in the split one (a layer whose topology is not in the list is measured in the first
 * one listed); BENCH_ALL_LAYERS=1 measures every layer in every topology.
 */
import { signPrincipal, type Principal } from '../../kernel/principal.js';
import { routes as restRoutes } from '../../rest-bridge/routes/index.js';
import type { Fixtures } from './fixtures.js';
import { once, runLoad, settle, type Sample, type Target } from './load.js';
import { EXTERNAL_DB, setting, settingList, type Log, type Platform, type Ports, type Topology } from './platform.js';
import { fmt, median, ratio, table, type Block } from './report.js';

// ───────────────────────────── settings ─────────────────────────────

export const ROUNDS = Math.max(1, setting('BENCH_ROUNDS', 3));
export const SECONDS = Math.max(1, setting('BENCH_SECONDS', 5));
export const WARMUP = setting('BENCH_WARMUP_SECONDS', 1);
export const CONNECTIONS = settingList('BENCH_CONNECTIONS', '1,32').map(Number);
const isTopology = (t: string): t is Topology => t === 'single' || t === 'split';
const TOPOLOGY_NAMES = settingList('BENCH_TOPOLOGIES', 'single,split');
export const TOPOLOGIES = TOPOLOGY_NAMES.filter(isTopology);
export const ALL_LAYERS = /^(1|true|yes)$/i.test(process.env.BENCH_ALL_LAYERS ?? '');

for (const t of TOPOLOGY_NAMES) if (!isTopology(t)) throw new Error(`BENCH_TOPOLOGIES: unknown topology ${t} (single, split)`);
if (!TOPOLOGIES.length) throw new Error('BENCH_TOPOLOGIES is empty');
for (const c of CONNECTIONS) if (!Number.isInteger(c) || c < 1) throw new Error('BENCH_CONNECTIONS: positive integers, e.g. 1,32');
if (SECONDS > 50) throw new Error('BENCH_SECONDS: at most 50 (a subgraph principal is valid for 60 s and is signed once per run)');

// ───────────────────────────── layers ─────────────────────────────

export type Layer = 'bare' | 'subgraph' | 'gateway' | 'bridge';
export const LAYERS: Layer[] = ['bare', 'subgraph', 'gateway', 'bridge'];
const PREFERRED: Record<Layer, Topology> = { bare: 'single', subgraph: 'split', gateway: 'single', bridge: 'single' };

/** Where each layer is measured. */
export function layersOf(topology: Topology): Layer[] {
  if (ALL_LAYERS) return LAYERS;
  return LAYERS.filter((l) => (TOPOLOGIES.includes(PREFERRED[l]) ? PREFERRED[l] : TOPOLOGIES[0]) === topology);
}

// ───────────────────────────── routes ─────────────────────────────

export interface RouteCtx {
  ports: Ports;
  fx: Fixtures;
  secret: string;
  bareUrl: string;
}

export interface RouteDef {
  id: string;
  /** The BENCH_ROUTES name that selects it (default: its id). */
  option?: string;
  title: string;
  subgraph: string;
  /** The layers the route has (default: all four). */
  layers?: Layer[];
  targets(ctx: RouteCtx): Partial<Record<Layer, Target>>;
  /** A note on the answers of its check requests (parsed, by layer), when it has one. */
  checkNote?(checked: Partial<Record<Layer, unknown>>): string | undefined;
}

/**
 * A bridge p95 ratio the notes report against its target (on PostgreSQL): `of` ÷ `base`, from runs of their own after
 * every round. Reported when `of` is measured.
 */
export interface P95Ratio {
  of: string;
  base: string;
  label: string;
  target: number;
}

/** The layers of `route` measured in `topology`. */
export const routeLayers = (route: RouteDef, topology: Topology) => layersOf(topology).filter((l) => !route.layers || route.layers.includes(l));

/** The GraphQL operation the bridge sends for a route (rest-bridge/routes), so every layer asks for the same fields. */
export function operationOf(method: string, path: string): string {
  const spec = restRoutes.find((r) => r.method === method && r.path === path);
  if (!spec?.operation) throw new Error(`no bridge route ${method} ${path} (rest-bridge/routes)`);
  return spec.operation;
}

export const local = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;

/** A principal header as the gateway makes it (kernel/principal.ts), signed now: valid 60 s. */
export const principalHeader = async (p: Principal, secret: string) => ({ 'x-platform-principal': await signPrincipal(p, secret) });

/** First difference between two JSON values (ignoring `trace`, a per-request id), or undefined. */
function difference(a: unknown, b: unknown, path = ''): string | undefined {
  if (a === b) return undefined;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return `${path || '.'}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array ≠ object`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b as object)]);
  keys.delete('trace');
  for (const k of keys) {
    const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}

// ───────────────────────────── results ─────────────────────────────

interface Measured {
  topology: Topology;
  route: string;
  layer: Layer;
  connections: number;
  samples: Sample[];
}

interface Summary {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  detail: string;
  firstFailure?: string;
}

function summarize(samples: Sample[]): Summary {
  const non2xx = samples.reduce((a, s) => a + s.non2xx, 0);
  const bad = samples.reduce((a, s) => a + s.bad2xx, 0);
  const sockets = samples.reduce((a, s) => a + s.socketErrors, 0);
  const codes: Record<string, number> = {};
  for (const s of samples) for (const [k, v] of Object.entries(s.statusCodes)) if (!/^2/.test(k)) codes[k] = (codes[k] ?? 0) + v;
  const parts = [...Object.entries(codes).map(([k, v]) => `${v}×${k}`), ...(bad ? [`${bad}×2xx with errors`] : []), ...(sockets ? [`${sockets}×no response`] : [])];
  return {
    rps: median(samples.map((s) => s.rps)),
    p50: median(samples.map((s) => s.p50)),
    p99: median(samples.map((s) => s.p99)),
    failures: non2xx + bad + sockets,
    detail: parts.join(', '),
    firstFailure: samples.find((s) => s.firstFailure)?.firstFailure,
  };
}

const LAYER_LABEL: Record<Layer, (r: RouteDef) => string> = {
  bare: () => 'bare (node:http + pg)',
  subgraph: (r) => `${r.subgraph} subgraph alone`,
  gateway: () => 'gateway',
  bridge: () => 'bridge',
};

// ───────────────────────────── the runs ─────────────────────────────

/** The route runs of one bench run: what they measured, and the notes their checks leave (in `notes`). */
export class RouteRuns {
  private readonly measured: Measured[] = [];
  /** p95 of the bridge layer of the routes of the ratios (dedicated runs), by connections, one per round. */
  private readonly bridgeP95: { route: string; connections: number; p95: number[]; failures: number }[] = [];
  private readonly all: RouteDef[];
  /** The routes measured. */
  readonly routes: RouteDef[];
  /** The ratios reported (those whose `of` is measured). */
  private readonly ratios: P95Ratio[];

  /** `selected`: the BENCH_ROUTES names of the run; `routes` and `ratios`: every route and ratio there is. */
  constructor(
    routes: RouteDef[],
    ratios: P95Ratio[],
    private readonly selected: string[],
    private readonly notes: string[],
    private readonly log: Log,
    private readonly aborted: () => boolean,
  ) {
    this.all = routes;
    this.routes = routes.filter((r) => selected.includes(r.option ?? r.id));
    this.ratios = ratios.filter((r) => this.isSelected(r.of));
  }

  private isSelected(id: string): boolean {
    return this.selected.includes(this.all.find((r) => r.id === id)?.option ?? id);
  }

  private record(m: Omit<Measured, 'samples'>, s: Sample): void {
    let entry = this.measured.find((e) => e.topology === m.topology && e.route === m.route && e.layer === m.layer && e.connections === m.connections);
    if (!entry) this.measured.push((entry = { ...m, samples: [] }));
    entry.samples.push(s);
  }

  get any(): boolean {
    return this.measured.length > 0;
  }

  /** The bridge routes run again for their p95 in `topology`: both routes of a ratio, when both are measured at the bridge there. */
  p95RoutesOf(topology: Topology): string[] {
    const atBridge = (id: string) => this.routes.some((r) => r.id === id && routeLayers(r, topology).includes('bridge'));
    return [...new Set(this.ratios.filter((r) => atBridge(r.of) && atBridge(r.base)).flatMap((r) => [r.base, r.of]))];
  }

  /** How many runs of SECONDS the topologies take. */
  totalRuns(): number {
    return TOPOLOGIES.reduce((a, t) => a + (this.routes.reduce((n, r) => n + routeLayers(r, t).length, 0) + this.p95RoutesOf(t).length) * CONNECTIONS.length * ROUNDS, 0);
  }

  /**
   * One request per layer: every layer answers with success, and bare answers exactly what the bridge answers.
   * A subgraph that does not listen on its own port (the single topology may not expose it) is left out, with a note;
   * any other failure stops the bench.
   */
  private async check(route: RouteDef, targets: Partial<Record<Layer, Target>>, layers: Layer[], topology: Topology): Promise<Layer[]> {
    const checked: Partial<Record<Layer, unknown>> = {};
    const unreachable: Layer[] = [];
    for (const layer of layers) {
      const target = targets[layer];
      if (!target) throw new Error(`${route.title}: no ${layer} target`);
      let answer: { status: number; text: string };
      try {
        answer = await once(target);
      } catch (err) {
        const code = (err as { cause?: { code?: string } }).cause?.code;
        if (layer === 'subgraph' && code === 'ECONNREFUSED') {
          unreachable.push(layer);
          this.notes.push(`${route.title}: the ${route.subgraph} subgraph does not listen on its own port in the ${topology} topology; not measured there`);
          continue;
        }
        throw err;
      }
      const { status, text } = answer;
      if (status < 200 || status > 299 || !target.ok(status, text)) {
        throw new Error(`${route.title} (${layer}, ${target.method} ${target.url}) failed its check request: ${status} ${text.slice(0, 600)}`);
      }
      checked[layer] = JSON.parse(text);
    }
    const note = route.checkNote?.(checked);
    if (note) this.notes.push(note);
    if (checked.bare !== undefined && checked.bridge !== undefined) {
      const d = difference(checked.bare, checked.bridge);
      this.notes.push(d ? `${route.title}: the bare answer differs from the bridge's at ${d}` : `${route.title}: the bare answer equals the bridge's (trace ids aside)`);
    }
    return unreachable;
  }

  /** Checks, warms up and measures every route's layers of `topology` on `platform`, round after round. */
  async measure(topology: Topology, platform: Platform, ctx: RouteCtx): Promise<void> {
    const { log } = this;
    const targets = new Map(this.routes.map((r) => [r.id, r.targets(ctx)]));
    const skip = new Set<string>();
    for (const route of this.routes) for (const layer of await this.check(route, targets.get(route.id)!, routeLayers(route, topology), topology)) skip.add(`${route.id}/${layer}`);
    const layersFor = (route: RouteDef) => routeLayers(route, topology).filter((l) => !skip.has(`${route.id}/${l}`));
    const target = (route: RouteDef, layer: Layer) => targets.get(route.id)![layer]!;
    // the bridge p95 of the routes of each ratio (when both are measured at the bridge here)
    const p95Targets = this.p95RoutesOf(topology).map((id) => ({ id, target: targets.get(id)!.bridge! }));
    const going = () => {
      if (this.aborted()) throw new Error('interrupted');
      if (!platform.running) throw new Error(`the platform stopped during the run:\n${platform.tail()}`);
    };
    if (WARMUP > 0) {
      log(`warming up (${WARMUP} s per scenario) ...`);
      for (const route of this.routes) {
        for (const layer of layersFor(route)) {
          await runLoad(target(route, layer), { connections: Math.max(...CONNECTIONS), seconds: WARMUP });
          await settle(target(route, layer));
        }
      }
    }
    for (let round = 1; round <= ROUNDS; round++) {
      for (const route of this.routes) {
        for (const connections of CONNECTIONS) {
          for (const layer of layersFor(route)) {
            going();
            const s = await runLoad(target(route, layer), { connections, seconds: SECONDS });
            await settle(target(route, layer));
            this.record({ topology, route: route.id, layer, connections }, s);
            const failures = s.non2xx + s.bad2xx + s.socketErrors;
            log(
              `[${topology}] round ${round}/${ROUNDS}  ${route.title.padEnd(36)} c=${String(connections).padEnd(3)} ${layer.padEnd(8)} ` +
                `${fmt.rps(s.rps).padStart(7)} req/s  p50 ${fmt.ms(s.p50).padStart(6)} ms  p99 ${fmt.ms(s.p99).padStart(6)} ms` +
                `${failures ? `  FAILURES ${failures}: ${s.firstFailure ?? ''}` : ''}`,
            );
          }
        }
      }
      for (const connections of CONNECTIONS) {
        for (const { id, target: t } of p95Targets) {
          going();
          // a run of its own, every response's latency at full resolution; failures: non-2xx or unanswered
          const s = await runLoad(t, { connections, seconds: SECONDS, checkBodies: false });
          const failures = s.non2xx + s.socketErrors;
          await settle(t);
          let entry = this.bridgeP95.find((e) => e.route === id && e.connections === connections);
          if (!entry) this.bridgeP95.push((entry = { route: id, connections, p95: [], failures: 0 }));
          entry.p95.push(s.p95);
          entry.failures += failures;
          log(
            `[${topology}] round ${round}/${ROUNDS}  p95 run: ${this.routes.find((r) => r.id === id)!.title.padEnd(36)} c=${String(connections).padEnd(3)} bridge   p95 ${fmt.ms(s.p95).padStart(6)} ms${failures ? `  FAILURES ${failures}` : ''}`,
          );
        }
      }
    }
  }

  // ───────────────────────────── report ─────────────────────────────

  /** Every measured scenario, in the order of the report: route, connections, layer, topology. */
  private *scenarios(): Generator<{ route: RouteDef; connections: number; layer: Layer; topology: Topology; m: Measured }> {
    for (const route of this.routes) {
      for (const connections of CONNECTIONS) {
        for (const layer of LAYERS) {
          for (const topology of TOPOLOGIES) {
            const m = this.measured.find((e) => e.route === route.id && e.layer === layer && e.connections === connections && e.topology === topology);
            if (m) yield { route, connections, layer, topology, m };
          }
        }
      }
    }
  }

  /** The table of each route at each connection count, with the ratios between its layers. */
  tables(): Block[] {
    const multi = TOPOLOGIES.length > 1 || ALL_LAYERS;
    const blocks: Block[] = [];
    const scenarios = [...this.scenarios()];
    for (const route of this.routes) {
      for (const connections of CONNECTIONS) {
        const rows: string[][] = [];
        const primary: Partial<Record<Layer, Summary>> = {};
        for (const { layer, topology, m } of scenarios.filter((x) => x.route === route && x.connections === connections)) {
          const s = summarize(m.samples);
          if (!primary[layer] || topology === PREFERRED[layer]) primary[layer] = s;
          const label = `${LAYER_LABEL[layer](route)}${multi && layer !== 'bare' ? ` [${topology}]` : ''}${multi && layer === 'bare' && ALL_LAYERS ? ` [during ${topology}]` : ''}`;
          rows.push([label, fmt.rps(s.rps), fmt.ms(s.p50), fmt.ms(s.p99), s.failures ? `${s.failures} (${s.detail})` : '0', m.samples.map((x) => fmt.rps(x.rps)).join(' · ')]);
        }
        if (!rows.length) continue;
        blocks.push(`### ${route.title}, ${connections} connection${connections > 1 ? 's' : ''}`);
        blocks.push(table(['layer', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx', 'req/s by round'], rows, 'lrrrrr'));
        const ratios: string[][] = [];
        for (const [a, b] of [
          ['bridge', 'bare'],
          ['bridge', 'gateway'],
          ['gateway', 'subgraph'],
          ['subgraph', 'bare'],
        ] as [Layer, Layer][]) {
          const x = primary[a];
          const y = primary[b];
          if (!x || !y) continue;
          ratios.push([`${a} / ${b}`, ratio(x.rps, y.rps), ratio(x.p50, y.p50), ratio(x.p99, y.p99)]);
        }
        if (ratios.length) blocks.push(table(['ratio', 'req/s', 'p50', 'p99'], ratios, 'lrrr'));
      }
    }
    return blocks;
  }

  /** The first failure of every scenario that had one. */
  failureNotes(): string[] {
    return [...this.scenarios()].flatMap(({ route, connections, layer, topology, m }) => {
      const first = summarize(m.samples).firstFailure;
      return first ? [`${route.title}, ${layer} [${topology}], ${connections} conn.: first failure: ${first}`] : [];
    });
  }

  /** How many scenarios had failed responses. */
  failedScenarios(): number {
    return this.measured.filter((m) => summarize(m.samples).failures > 0).length;
  }

  /** The notes comparing two routes' bridge p95 (the ratios). */
  p95Notes(): string[] {
    const db = EXTERNAL_DB ? '' : '; this run is on PGlite';
    return this.ratios.map((r) => {
      const head = `${r.label}, bridge p95 (target ≤ ${r.target}× on PostgreSQL${db})`;
      if (!this.isSelected(r.base)) return `${head}: not measured (BENCH_ROUTES must include ${r.base} too)`;
      const cells = CONNECTIONS.map((c) => {
        const entry = (route: string) => this.bridgeP95.find((e) => e.route === route && e.connections === c);
        const b = entry(r.base);
        const o = entry(r.of);
        if (!b || !o) return `${c} conn. not measured`;
        const failures = b.failures + o.failures;
        const pb = median(b.p95);
        const po = median(o.p95);
        return `${c} conn. ${fmt.ms(po)} ms ÷ ${fmt.ms(pb)} ms = **${ratio(po, pb)}**${failures ? ` (${failures} non-2xx or unanswered)` : ''}`;
      });
      return `${head}: ${cells.join('; ')} (every response's latency, from a run of each of the two bridge routes after every round, ${SECONDS} s each, median over rounds)`;
    });
  }
}
