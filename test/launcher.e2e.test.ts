import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { freePort, startPlatform } from './support/platform.js';

/**
 * The split launcher (scripts/launcher.ts) says `ready` only when each of its own processes is up. A port that another
 * process already holds, and that answers /readyz with 200 there, must not pass for the platform's bridge: the bridge
 * cannot bind it, and the launcher stops with the reason instead of announcing a platform that is not its own.
 */
describe('the split launcher', () => {
  it('a bridge port held by another process that answers /readyz: no "ready", the launcher exits naming the port in use as its last line', async () => {
    const port = await freePort();
    const foreign = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'));
    await new Promise<void>((r) => foreign.listen(port, '127.0.0.1', r));
    try {
      const started = startPlatform({ topology: 'split', env: { BRIDGE_PORT: String(port) } });
      const err = await started.then(
        async (p) => {
          await p.stop();
          return undefined;
        },
        (e: Error) => e,
      );
      expect(err, 'the launcher said ready on a port it does not hold').toBeInstanceOf(Error);
      expect(err!.message).not.toMatch(/\|\s*ready:/);
      // the launcher's last line says which component stopped the platform, and why, below the others' shutdown lines
      const lines = err!.message.trimEnd().split('\n');
      expect(lines.at(-1)).toMatch(/^platform\s+\| stopped because bridge exited unexpectedly \(1\): Error: listen EADDRINUSE/);
      // the others stop cleanly: no consumer reports a failure while its process shuts down
      expect(err!.message).not.toMatch(/event consumer failed/);
      expect(err!.message).not.toMatch(/did not stop within/);
    } finally {
      await new Promise((r) => foreign.close(r));
    }
  }, 240_000);
});
