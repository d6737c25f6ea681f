// The bench's one load runner: autocannon runs against one target, every response checked and timed at full resolution.
/**
 * `npm run bench` load runs: one autocannon run against one target, with every response checked (status and body)
 * and every latency kept at full resolution (autocannon's own histogram rounds to whole milliseconds, too coarse for
 * sub-millisecond handlers). A run lasts `seconds` or sends `amount` requests; every section that puts HTTP load on
 * the platform runs it here (the route runs and their p95 runs, the queries family's discovery at several
 * connections, the utilities scenarios).
 */
import autocannon from 'autocannon';
import { pct } from './report.js';

export interface Target {
  url: string;
  method: 'GET' | 'POST';
  /** Headers for one run (called before each run: a subgraph's principal is signed anew, valid 60 s). */
  headers(): Promise<Record<string, string>> | Record<string, string>;
  /** Request bodies, sent in turn (the same sequence for every layer of a route). */
  bodies?: string[];
  /** Paths (with their query string), sent in turn, for a GET whose query varies; `url` holds the first. */
  paths?: string[];
  /** A response that counts as a success: 2xx and a body without errors. */
  ok(status: number, body: string): boolean;
}

/** What counts as a good answer, by kind of answer. */
export const answers = {
  /** A GraphQL answer with data and no errors. */
  graphql: (_s: number, body: string) => body.startsWith('{') && !body.includes('"errors":') && body.includes('"data":{'),
  /** The REST envelope of the families: `error: false`. */
  envelope: (_s: number, body: string) => body.includes('"error":false'),
  /** The REST envelope of the users family: `success: true`. */
  user: (_s: number, body: string) => body.includes('"success":true'),
};

export interface Sample {
  /** autocannon's duration of the run. */
  seconds: number;
  /** Wall time from starting the run to its end, as this process saw it. */
  wallSeconds: number;
  /** Every response, good or not. */
  responses: number;
  /** Successful responses (2xx with a good body). */
  ok: number;
  /** Responses with a status outside 2xx (429 included), by status. */
  non2xx: number;
  /** 2xx responses whose body reports an error (GraphQL `errors`, `error:true`, `success:false`). */
  bad2xx: number;
  /** Connection errors and timeouts (no response). */
  socketErrors: number;
  /** Of which timeouts. */
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Successful responses per second. */
  rps: number;
  /** Latency percentiles of every response, milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  firstFailure?: string;
}

export interface LoadOptions {
  connections: number;
  /** How long the run lasts … */
  seconds?: number;
  /** … or how many requests it sends. */
  amount?: number;
  /** Read every body and judge it with `target.ok` (default); without, a response is good by its 2xx status alone. */
  checkBodies?: boolean;
}

let current: autocannon.Instance | undefined;

/** Stops the run in progress (Ctrl-C). */
export function stopCurrentRun(): void {
  current?.stop();
}

/**
 * The request of a run: the bodies or paths of `target` in turn, when it has several (one sequence shared by all the
 * connections of the run, so the requests cycle through them evenly).
 */
function rotation(target: Target): Pick<autocannon.Request, 'setupRequest'> {
  const { bodies, paths } = target;
  if (!(bodies && bodies.length > 1) && !(paths && paths.length > 1)) return {};
  let next = 0;
  return {
    setupRequest: (req: autocannon.Request) => {
      const i = next++;
      if (bodies && bodies.length > 1) req.body = bodies[i % bodies.length];
      if (paths && paths.length > 1) req.path = paths[i % paths.length];
      return req;
    },
  };
}

export async function runLoad(target: Target, o: LoadOptions): Promise<Sample> {
  const headers = await target.headers();
  const bodies = target.bodies;
  const checkBodies = o.checkBodies ?? true;
  let latencies = new Float64Array(1 << 16);
  let n = 0;
  let ok = 0;
  let non2xx = 0;
  let bad2xx = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        method: target.method,
        connections: o.connections,
        ...(o.amount !== undefined ? { amount: o.amount } : { duration: o.seconds }),
        timeout: 30,
        headers: { ...(bodies ? { 'content-type': 'application/json' } : {}), ...headers },
        body: bodies?.[0],
        requests: [
          {
            ...rotation(target),
            ...(checkBodies
              ? {
                  onResponse: (status: number, body: string) => {
                    if (status < 200 || status > 299) non2xx++;
                    else if (!target.ok(status, body)) bad2xx++;
                    else {
                      ok++;
                      return;
                    }
                    firstFailure ??= `${status} ${String(body).slice(0, 300)}`;
                  },
                }
              : {}),
          },
        ],
      },
      (err, res) => (err ? reject(err as Error) : resolve(res)),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      if (n === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[n++] = responseTime;
      if (checkBodies) return;
      if (status >= 200 && status <= 299) ok++;
      else {
        non2xx++;
        firstFailure ??= `HTTP ${status}`;
      }
    });
    current = instance;
  }).finally(() => {
    current = undefined;
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const sorted = latencies.subarray(0, n).sort();
  const elapsed = result.duration || o.seconds || wallSeconds;
  return {
    seconds: elapsed,
    wallSeconds,
    responses: n,
    ok,
    non2xx,
    bad2xx,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, Number((v as { count: number }).count)])),
    rps: ok / elapsed,
    p50: pct(sorted, 0.5),
    p95: pct(sorted, 0.95),
    p99: pct(sorted, 0.99),
    ...(firstFailure ? { firstFailure } : {}),
  };
}

/** One request of the target: its status and body. */
export async function once(t: Target): Promise<{ status: number; text: string }> {
  const headers = await t.headers();
  const res = await fetch(t.url, {
    method: t.method,
    headers: { ...(t.bodies ? { 'content-type': 'application/json' } : {}), ...headers },
    body: t.bodies?.[0],
  });
  return { status: res.status, text: await res.text() };
}

/**
 * Waits until the platform has answered the requests a run left in flight (autocannon stops sending when its time is up,
 * the platform does not stop working on what it received: at 32 connections of a slow route that is seconds of work,
 * which would land in the next run): one more request of the same target queues behind them.
 */
export async function settle(t: Target): Promise<void> {
  try {
    await once(t);
  } catch {
    /* the next run reports a platform that does not answer */
  }
}
