import { createServer, type Server } from 'node:http';
import express, { type Express } from 'express';
import type { Logger } from './logger.js';
import { loadConfig } from './config.js';
import { clockOffset, now, setClockOffset } from './clock.js';
import { metricsRoute } from './metrics.js';
import { heldPublish, holdNextPublish, releaseHeldPublish } from './events.js';

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: its dependencies answer), the same two routes
 * on every process, and `/metrics` (Prometheus, kernel/metrics.ts).
 */
export function healthRoutes(app: Express, ready: () => Promise<boolean>): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const ok = await ready().catch(() => false);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'unavailable' });
  });
  metricsRoute(app, loadConfig().METRICS_TOKEN);
  if (loadConfig().TEST_CLOCK) testClockRoute(app);
}

/**
 * TEST_CLOCK only (kernel/clock.ts): `PUT /__test/clock {"offsetMs": n}` sets this process's clock to system time + n
 * (|n| ≤ 10 years); `GET` reads it. And `/__test/events/hold`, a late commit made on purpose. Loopback callers only.
 */
function testClockRoute(app: Express): void {
  const loopback = (ip: string | undefined) => ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
  const answer = (res: express.Response) => res.json({ offsetMs: clockOffset(), now: new Date(now()).toISOString() });
  app.get('/__test/clock', (req, res) => (loopback(req.socket.remoteAddress) ? answer(res) : res.status(404).end()));
  app.put('/__test/clock', express.json({ limit: 1024 }), (req, res) => {
    if (!loopback(req.socket.remoteAddress)) return void res.status(404).end();
    const ms = (req.body as { offsetMs?: unknown } | undefined)?.offsetMs;
    if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || Math.abs(ms) > 10 * 366 * 86_400_000) {
      return void res.status(400).json({ error: 'offsetMs: an integer number of milliseconds, at most 10 years either way' });
    }
    setClockOffset(ms);
    answer(res);
  });
  // a late commit on purpose (kernel/events.ts holdNextPublish): PUT {"topic"} holds the next publish of that topic
  // with its transaction open; GET says whether one is held now; DELETE releases it
  const held = (res: express.Response) => res.json({ held: heldPublish() });
  app.get('/__test/events/hold', (req, res) => (loopback(req.socket.remoteAddress) ? held(res) : res.status(404).end()));
  app.put('/__test/events/hold', express.json({ limit: 1024 }), (req, res) => {
    if (!loopback(req.socket.remoteAddress)) return void res.status(404).end();
    const topic = (req.body as { topic?: unknown } | undefined)?.topic;
    if (typeof topic !== 'string' || !/^[a-z][a-z0-9.-]{0,99}$/.test(topic)) return void res.status(400).json({ error: 'topic: an event log topic' });
    holdNextPublish(topic);
    held(res);
  });
  app.delete('/__test/events/hold', (req, res) => {
    if (!loopback(req.socket.remoteAddress)) return void res.status(404).end();
    releaseHeldPublish();
    held(res);
  });
}

export function createApp(trustProxy = false): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  return app;
}

/** A listening server and how to stop it gracefully. */
export interface Listener {
  server: Server;
  url: string;
  /** Stops accepting; requests in flight get a second to finish, then keep-alive connections left are closed. */
  close(): Promise<void>;
}

/** Listens on `port`; `close()` drains it. Signals are handled once per process by `onShutdown`. */
export async function listen(app: Express, port: number, host: string, log: Logger): Promise<Listener> {
  // not app.listen: Express 5 calls its callback on a listen error too (EADDRINUSE would pass for listening)
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // keep-alive longer than a typical load balancer's idle timeout, so it closes first (no reset on reuse)
  server.keepAliveTimeout = 65_000;
  const url = `http://${host}:${port}`;
  log.info({ url }, 'listening');
  // the split launcher (scripts/launcher.ts) waits for this from its own child: a /readyz answered on the port by some
  // other process (the port taken before this one could bind it) never passes for this process being up
  if (process.env.PLATFORM_LAUNCHER_IPC === '1') process.send?.({ listening: port });
  return {
    server,
    url,
    async close() {
      server.closeIdleConnections();
      const drain = setTimeout(() => server.closeAllConnections(), 1000).unref();
      await new Promise<void>((r) => server.close(() => r()));
      clearTimeout(drain);
    },
  };
}

/** On SIGINT/SIGTERM: runs `stop` once (bounded to 8 s), then exits. One call per process. */
export function onShutdown(log: Logger, stop: () => Promise<void>): void {
  let closing = false;
  const handler = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(0), 8000).unref();
    await stop().catch((err) => log.error({ err }, 'error during shutdown'));
    process.exit(0);
  };
  process.on('SIGINT', () => void handler('SIGINT'));
  process.on('SIGTERM', () => void handler('SIGTERM'));
}

/** Listens, and on SIGINT/SIGTERM stops accepting, runs `onClose`, and exits (a process that serves one app). */
export async function serve(app: Express, port: number, host: string, log: Logger, onClose?: () => Promise<void>): Promise<Server> {
  const l = await listen(app, port, host, log);
  onShutdown(log, async () => {
    await l.close();
    await onClose?.();
  });
  return l.server;
}
