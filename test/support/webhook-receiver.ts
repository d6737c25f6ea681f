import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { freePort } from './platform.js';

/**
 * A local HTTP server that stands for a webhook target in the pipelines tests (docs/pipelines.md "WEBHOOK
 * deliveries"): it records every request (method, path, headers, body), checks its Standard Webhooks signature with the
 * secret it is given, and answers from a script: each request takes the next step (the last step repeats).
 */
export interface ReceivedRequest {
  method: string;
  /** Path and query string. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether `webhook-signature` verifies with the receiver's secret (false without a secret). */
  verified: boolean;
  /** Why it did not verify. */
  verifyError?: string;
  at: number;
}

export interface ReceiverStep {
  /** HTTP status (default 200). */
  status?: number;
  /** Response body (default `{"received":true}`). */
  body?: string;
  /** Response headers. */
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering (a target slower than the delivery's timeout). */
  delayMs?: number;
  /** Answer 302 with this `Location` (a redirect the platform must not follow). */
  redirectTo?: string;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  requests: ReceivedRequest[];
  /** The secret signatures are verified with (set it after rotating). */
  secret?: string;
  /** Replaces the script (and restarts it at its first step). */
  script(steps: ReceiverStep[]): void;
  close(): Promise<void>;
}

export async function startReceiver(opts: { secret?: string; steps?: ReceiverStep[] } = {}): Promise<WebhookReceiver> {
  let steps: ReceiverStep[] = opts.steps ?? [{}];
  let next = 0;
  const timers = new Set<NodeJS.Timeout>();
  const receiver: WebhookReceiver = {
    url: '',
    requests: [],
    secret: opts.secret,
    script(s) {
      steps = s.length ? s : [{}];
      next = 0;
    },
    close: () =>
      new Promise((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      let verifyError: string | undefined;
      if (receiver.secret) {
        try {
          new Webhook(receiver.secret).verify(body, req.headers as Record<string, string>, { jsonParse: false });
          verified = true;
        } catch (err) {
          verifyError = (err as Error).message;
        }
      } else verifyError = 'no secret given to the receiver';
      receiver.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, verified, verifyError, at: Date.now() });
      const step = steps[Math.min(next++, steps.length - 1)];
      const answer = () => {
        if (res.destroyed) return;
        if (step.redirectTo) {
          res.writeHead(302, { location: step.redirectTo, ...(step.headers ?? {}) });
          res.end();
          return;
        }
        res.writeHead(step.status ?? 200, { 'content-type': 'application/json', ...(step.headers ?? {}) });
        res.end(step.body ?? '{"received":true}');
      };
      if (step.delayMs) {
        const t = setTimeout(() => {
          timers.delete(t);
          answer();
        }, step.delayMs);
        timers.add(t);
      } else answer();
    });
  });
  // a port from this worker's own block (test/support/platform.ts), not an OS pick another file's process may take
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
