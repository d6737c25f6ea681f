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

/** Listens, and on SIGINT/SIGTERM stops accepting, runs `onClose`, and exits. */
export async function serve(app: Express, port: number, host: string, log: Logger, onClose?: () => Promise<void>): Promise<Server> {
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, () => resolve(s));
    s.on('error', reject);
  });
  log.info({ url: `http://${host}:${port}` }, 'listening');
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    server.closeIdleConnections();
    const force = setTimeout(() => process.exit(0), 5000).unref();
    // requests in flight get a second to finish; keep-alive connections left after that are closed
    const drain = setTimeout(() => server.closeAllConnections(), 1000).unref();
    await new Promise<void>((r) => server.close(() => r()));
    clearTimeout(drain);
    await onClose?.().catch((err) => log.error({ err }, 'error during shutdown'));
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  return server;
}
