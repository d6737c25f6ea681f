import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy to the database that can be cut (connections destroyed, new ones refused), stalled (connections kept
 * but nothing forwarded, new ones accepted and never answered: a database gone silent) and reopened.
 */
export class DbProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private stalled = false;
  /** New connections wait this long before anything is forwarded (a database slow to accept, as when others migrate). */
  acceptDelayMs = 0;
  constructor(
    readonly port: number,
    private readonly upstream: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    if (this.stalled) {
      // the stalled connections are mid-protocol: drop them, then forward again
      this.stalled = false;
      for (const s of this.sockets) s.destroy();
      this.sockets.clear();
    }
    if (this.server) return; // already open
    this.server = createServer((client) => {
      if (this.stalled) {
        this.sockets.add(client);
        client.on('error', () => client.destroy());
        return;
      }
      if (this.acceptDelayMs > 0) {
        client.pause();
        this.sockets.add(client);
        client.on('error', () => client.destroy());
        setTimeout(() => {
          if (!client.destroyed) this.forward(client);
        }, this.acceptDelayMs);
        return;
      }
      this.forward(client);
    });
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', (err) => {
        this.server = undefined;
        reject(err);
      });
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  private forward(client: Socket) {
    const db = connect(this.upstream.port, this.upstream.host);
    this.sockets.add(client).add(db);
    const drop = () => {
      client.destroy();
      db.destroy();
      this.sockets.delete(client);
      this.sockets.delete(db);
    };
    client.on('error', drop).on('close', drop);
    db.on('error', drop).on('close', drop);
    client.pipe(db).pipe(client);
    client.resume();
  }

  /** Nothing forwarded any more, either way; new connections are accepted and left unanswered. */
  stall(): void {
    this.stalled = true;
    for (const s of this.sockets) s.pause();
  }

  /** Every connection destroyed; the port closed, so new connections are refused. */
  async cut(): Promise<void> {
    const closed = new Promise<void>((r) => this.server?.close(() => r()) ?? r());
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
    this.server = undefined;
  }
}
