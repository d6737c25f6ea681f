import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { freePort, startPlatform } from './support/platform.js';

/** Milliseconds since midnight of a log line's `HH:MM:SS.mmm`. */
const msOfDay = (t: string) => {
  const [h, m, sec] = t.split(':').map(Number);
  return ((h * 60 + m) * 60 + sec) * 1000;
};

/**
 * The launcher's output lines (`name | HH:MM:SS.mmm LEVEL message`, each process's in its own order) where a process
 * reports an event consumer's failure at or after its own `shutting down` line's time, or never said it was shutting down.
 */
function failuresWhileStopping(output: string): string[] {
  const line = /^(\S+)\s+\| (\d\d:\d\d:\d\d\.\d{3}) \w+\s+(.*)$/;
  const parsed = output.split('\n').flatMap((l) => {
    const m = line.exec(l);
    return m ? [{ name: m[1], at: msOfDay(m[2]), text: m[3], line: l }] : [];
  });
  const stoppedAt = new Map(parsed.filter((p) => p.text.startsWith('shutting down')).map((p) => [p.name, p.at]));
  // a shutdown a few seconds after midnight and a failure just before it: compare across the day's end
  const after = (at: number, from: number) => (at - from + 86_400_000) % 86_400_000 < 43_200_000;
  return parsed.filter((p) => p.text.startsWith('event consumer failed') && (!stoppedAt.has(p.name) || after(p.at, stoppedAt.get(p.name)!))).map((p) => p.line);
}

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
      // the others stop cleanly: no consumer reports a failure once its process is shutting down (one that failed
      // before, a connection timed out while twelve processes start on a loaded machine, is retried and is not a stop)
      expect(failuresWhileStopping(err!.message)).toEqual([]);
      expect(err!.message).not.toMatch(/did not stop within/);
    } finally {
      await new Promise((r) => foreign.close(r));
    }
  }, 240_000);

  it("replicas: a port of a replica's block (REPLICA_PORT_BASE) already held: the launcher refuses to start, naming the replica, the port and the setting, before starting any replica", async () => {
    // clear of this platform's own public ports, which freePort hands out next from the same block
    const base = (await freePort()) + 400;
    const held = base + 100 + 1; // replica 2's block, its second public port
    const foreign = createServer();
    await new Promise<void>((r) => foreign.listen(held, '127.0.0.1', r));
    try {
      const err = await startPlatform({ topology: 'split', env: { PLATFORM_REPLICAS: '2', REPLICA_PORT_BASE: String(base) } }).then(
        async (p) => {
          await p.stop();
          return undefined;
        },
        (e: Error) => e,
      );
      expect(err, 'the launcher started replicas on a port another process holds').toBeInstanceOf(Error);
      expect(err!.message).toMatch(new RegExp(`replica 2's [A-Z]+_PORT port ${held} \\(REPLICA_PORT_BASE ${base} \\+ 101\\) is a public port or in use`));
      expect(err!.message, 'a replica was started').not.toMatch(/^\w+-[12]\s+\|/m);
    } finally {
      await new Promise((r) => foreign.close(r));
    }
  }, 240_000);
});
