import type { Server } from 'node:http';
import express, { type Express } from 'express';
import type { Logger } from './logger.js';

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: its dependencies answer),
 * the same two routes on every process.
 */
export function healthRoutes(app: Express, ready: () => Promise<boolean>): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const ok = await ready().catch(() => false);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'unavailable' });
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
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, () => resolve(s));
    s.on('error', reject);
  });
  // keep-alive longer than a typical load balancer's idle timeout, so it closes first (no reset on reuse)
  server.keepAliveTimeout = 65_000;
  const url = `http://${host}:${port}`;
  log.info({ url }, 'listening');
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
