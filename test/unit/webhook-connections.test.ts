import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowList } from '../../kernel/webhooks/guard.js';
import { attempt, closeWebhookConnections, RESPONSE_BODY_BYTES } from '../../kernel/webhooks/send.js';

/**
 * Kept-alive webhook connections (kernel/webhooks/send.ts, docs/performance.md "Webhooks"): a receiver on loopback
 * counts the TCP connections it accepts. Consecutive deliveries to one address share one connection; an answer cut
 * short (longer than RESPONSE_BODY_BYTES) closes its connection; a receiver that closes a kept connection as a delivery
 * arrives still gets it (sent again on a new connection); a connection is never reused for another address.
 */
const ALLOW = parseAllowList('127.0.0.0/8');

interface Receiver {
  server: Server;
  url: string;
  connections: number;
  requests: number;
  sockets: Set<Socket>;
}

async function receiver(answer: (n: number) => string, keepAliveTimeout = 5000, host = '127.0.0.1'): Promise<Receiver> {
  const r = { connections: 0, requests: 0, sockets: new Set<Socket>() } as Receiver;
  r.server = createServer((req, res) => {
    r.requests++;
    req.resume();
    req.on('end', () => res.end(answer(r.requests)));
  });
  r.server.keepAliveTimeout = keepAliveTimeout;
  r.server.on('connection', (s: Socket) => {
    r.connections++;
    r.sockets.add(s);
    s.on('close', () => r.sockets.delete(s));
  });
  await new Promise<void>((done) => r.server.listen(0, host, done));
  r.url = `http://${host}:${(r.server.address() as AddressInfo).port}/hook`;
  return r;
}

const deliver = (url: string, n: number) =>
  attempt({ url, method: 'POST', body: JSON.stringify({ n }), timeoutMs: 5000, messageId: `msg_${n}`, secrets: Promise.resolve(['whsec_' + Buffer.alloc(32, 7).toString('base64')]), allow: ALLOW });

const receivers: Receiver[] = [];
const open = async (...args: Parameters<typeof receiver>) => {
  const r = await receiver(...args);
  receivers.push(r);
  return r;
};

afterEach(() => closeWebhookConnections());
afterAll(async () => {
  for (const r of receivers) {
    r.server.closeAllConnections();
    await new Promise((done) => r.server.close(done));
  }
});
beforeAll(() => closeWebhookConnections());

describe('webhook connections are kept alive per checked address', () => {
  it('sends 20 consecutive deliveries to one receiver on one connection', async () => {
    const r = await open(() => 'ok');
    for (let n = 1; n <= 20; n++) expect(await deliver(r.url, n)).toMatchObject({ ok: true, statusCode: 200 });
    expect(r.requests).toBe(20);
    expect(r.connections).toBe(1);
  });

  it('closes a connection whose answer it cut short, and opens a new one for the next delivery', async () => {
    const long = 'x'.repeat(RESPONSE_BODY_BYTES * 4);
    const r = await open(() => long);
    const first = await deliver(r.url, 1);
    expect(first.ok).toBe(true);
    expect(first.response?.body).toHaveLength(RESPONSE_BODY_BYTES);
    expect((await deliver(r.url, 2)).ok).toBe(true);
    expect(r.connections).toBe(2);
  });

  it('keeps the connection of an answer of exactly RESPONSE_BODY_BYTES', async () => {
    const r = await open(() => 'y'.repeat(RESPONSE_BODY_BYTES));
    for (let n = 1; n <= 3; n++) expect((await deliver(r.url, n)).response?.body).toHaveLength(RESPONSE_BODY_BYTES);
    expect(r.connections).toBe(1);
  });

  it('sends again on a new connection when the receiver closes a kept connection as the delivery arrives', async () => {
    // a receiver that answers one request per connection and then closes the connection when the next one comes,
    // without answering: what a delivery meets when it reuses a connection the receiver was closing
    let connections = 0;
    const answered: string[] = [];
    const server = createNetServer((socket) => {
      connections++;
      let served = false;
      socket.on('data', (chunk) => {
        if (served) return void socket.destroy();
        served = true;
        answered.push(/"n":(\d+)/.exec(chunk.toString())?.[1] ?? '?');
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok');
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      for (let n = 1; n <= 3; n++) expect(await deliver(url, n)).toMatchObject({ ok: true, statusCode: 200 });
      expect(answered).toEqual(['1', '2', '3']);
      expect(connections).toBe(3);
    } finally {
      server.close();
    }
  });

  it('gives each address its own connections: a delivery to 127.0.0.2 never travels on 127.0.0.1’s', async () => {
    const a = await open(() => 'a');
    const b = await open(() => 'b', 5000, '127.0.0.2');
    expect((await deliver(a.url, 1)).response?.body).toBe('a');
    expect((await deliver(b.url, 2)).response?.body).toBe('b');
    expect((await deliver(a.url, 3)).response?.body).toBe('a');
    expect([a.connections, b.connections]).toEqual([1, 1]);
  });

  it('sends concurrent deliveries on parallel connections and keeps them for the next burst', async () => {
    const r = await open(() => 'ok');
    await Promise.all([1, 2, 3, 4].map((n) => deliver(r.url, n)));
    const afterFirst = r.connections;
    expect(afterFirst).toBeGreaterThan(1);
    await Promise.all([5, 6, 7, 8].map((n) => deliver(r.url, n)));
    expect(r.requests).toBe(8);
    expect(r.connections).toBe(afterFirst);
  });
});
