/**
 * `npm run bench` load runs: one autocannon run against one target, with every response checked (status and body)
 * and every latency kept at full resolution (autocannon's own histogram rounds to whole milliseconds, too coarse for
 * sub-millisecond handlers).
 */
import autocannon from 'autocannon';

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

export interface Sample {
  seconds: number;
  /** Successful responses (2xx with a good body). */
  ok: number;
  /** Responses with a status outside 2xx (429 included), by status. */
  non2xx: number;
  /** 2xx responses whose body reports an error (GraphQL `errors`, `error:true`, `success:false`). */
  bad2xx: number;
  /** Connection errors and timeouts (no response). */
  socketErrors: number;
  statusCodes: Record<string, number>;
  /** Successful responses per second. */
  rps: number;
  /** Latency percentiles of every response, milliseconds. */
  p50: number;
  p99: number;
  firstFailure?: string;
}

let current: autocannon.Instance | undefined;

/** Stops the run in progress (Ctrl-C). */
export function stopCurrentRun(): void {
  current?.stop();
}

function percentile(sorted: Float64Array, q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * The request of a run: the bodies or paths of `target` in turn, when it has several (one sequence shared by all the
 * connections of the run, so the requests cycle through them evenly).
 */
export function rotation(target: Target): Pick<autocannon.Request, 'setupRequest'> {
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

export async function runLoad(target: Target, connections: number, seconds: number): Promise<Sample> {
  const headers = await target.headers();
  const bodies = target.bodies;
  let latencies = new Float64Array(1 << 16);
  let n = 0;
  let ok = 0;
  let non2xx = 0;
  let bad2xx = 0;
  let firstFailure: string | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        method: target.method,
        connections,
        duration: seconds,
        timeout: 30,
        headers: { ...(bodies ? { 'content-type': 'application/json' } : {}), ...headers },
        body: bodies?.[0],
        requests: [
          {
            ...rotation(target),
            onResponse: (status: number, body: string) => {
              if (status < 200 || status > 299) non2xx++;
              else if (!target.ok(status, body)) bad2xx++;
              else {
                ok++;
                return;
              }
              firstFailure ??= `${status} ${String(body).slice(0, 300)}`;
            },
          },
        ],
      },
      (err, res) => (err ? reject(err as Error) : resolve(res)),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      if (n === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[n++] = responseTime;
    });
    current = instance;
  }).finally(() => {
    current = undefined;
  });
  const sorted = latencies.subarray(0, n).sort();
  const elapsed = result.duration || seconds;
  return {
    seconds: elapsed,
    ok,
    non2xx,
    bad2xx,
    socketErrors: result.errors,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, Number((v as { count: number }).count)])),
    rps: ok / elapsed,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    ...(firstFailure ? { firstFailure } : {}),
  };
}

export const median = (xs: number[]): number => {
  const s = [...xs].filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
