import { createServer } from 'node:net';

/**
 * Whether `port` can be bound on `host` now: something else holding it (a listener, a socket bound there) makes it
 * false. A probe, not a reservation: the port is released again before this resolves.
 */
export function bindable(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, host, () => s.close(() => resolve(true)));
  });
}
