import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newUser, until } from './helpers.js';
import { setA } from './workspace-helpers.js';
import { startPlatform, type OwnPlatform } from './support/platform.js';
import { startReceiver, type WebhookReceiver } from './support/webhook-receiver.js';
import { templateBody, waitStage } from './pipelines-helpers.js';

/**
 * Durability (docs/pipelines.md "Durability"): a platform of its own that takes no pipeline steps itself
 * (PIPELINE_WORKERS=off; in the split topology also no worker processes of its own, PIPELINE_WORKER_PROCESSES=0), and worker processes started here (`dist/subgraphs/pipelines/worker.js`) that are killed with
 * SIGKILL mid-stage. Another worker takes over: the execution still completes, and a webhook repeated after the crash
 * carries the same `webhook-id`.
 */
let platform: OwnPlatform;
let receiver: WebhookReceiver;
const workers: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const w = spawn(process.execPath, ['dist/subgraphs/pipelines/worker.js'], {
    env: { ...process.env, DATABASE_URL: platform.databaseUrl, PIPELINE_WEBHOOK_ALLOW: '127.0.0.1', LOG_LEVEL: 'warn', PIPELINE_WORKER_PORT: '0' },
    stdio: ['ignore', process.env.TEST_SHOW_LOGS ? 'inherit' : 'ignore', process.env.TEST_SHOW_LOGS ? 'inherit' : 'ignore'],
  });
  workers.push(w);
  return w;
}
/** Each test starts with no worker running (a worker left from another test could take its steps). */
const killAll = async () => {
  for (const w of workers.splice(0)) await kill(w);
};
const kill = (w: ChildProcess) => new Promise<void>((r) => (w.exitCode !== null || w.signalCode !== null ? r() : (w.once('exit', () => r()), w.kill('SIGKILL'))));

beforeAll(async () => {
  platform = await startPlatform({ env: { PIPELINE_WORKERS: 'off', PIPELINE_WORKER_PROCESSES: '0', PIPELINE_WEBHOOK_ALLOW: '127.0.0.1' } });
  receiver = await startReceiver();
}, 180_000);
afterAll(async () => {
  await killAll();
  await receiver?.close();
  await platform?.stop();
}, 60_000);

async function caller() {
  const base = platform.bridgeUrl;
  const user = await newUser({ name: 'Owner' }, base);
  const ws = await api('POST', '/v1/workspace', { base, body: { name: 'Durability' }, headers: setA(user.accessToken) });
  expect(ws.status, JSON.stringify(ws.body)).toBe(201);
  const res = await api('POST', `/v1/workspace/${ws.body.data.workspace.id}/api-keys`, { base, body: { name: 'durability', scopes: ['pipelines'] }, headers: setA(user.accessToken) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const key = res.body.data.key as string;
  return (method: string, path: string, body?: unknown) => api(method, `/v1/pipelines${path}`, { base, body, headers: { authorization: `Bearer ${key}` } });
}

async function deploy(call: Awaited<ReturnType<typeof caller>>, stages: unknown[]) {
  const t = await call('POST', '/templates', templateBody(stages));
  expect(t.status, JSON.stringify(t.body)).toBe(201);
  expect((await call('POST', `/templates/${t.body.data.id}/publish`)).status).toBe(200);
  const d = await call('POST', '/deploy', { templateId: t.body.data.id, name: 'durable' });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  return d.body.data.id as string;
}

describe('a worker killed with SIGKILL', () => {
  it('mid-WAIT: another worker fires the timer and the execution completes', async () => {
    const call = await caller();
    const pipelineId = await deploy(call, [waitStage('first', 0), waitStage('long', 2500), waitStage('last', 0)]);
    await killAll();
    const a = startWorker();
    const e = await call('POST', `/${pipelineId}/execute`, { metadata: {} });
    expect(e.status).toBe(201);
    // worker A has started the long wait
    await until(
      () => call('GET', `/executions/${e.body.data.id}`),
      (r) => r.body.data?.stages?.[1]?.status === 'RUNNING',
      20_000,
      50,
    );
    await kill(a);
    startWorker();
    const done = await until(
      () => call('GET', `/executions/${e.body.data.id}`),
      (r) => ['SUCCESS', 'FAILED', 'TIMEOUT'].includes(r.body.data?.status),
      30_000,
      100,
    );
    expect(done.body.data.status).toBe('SUCCESS');
    expect(done.body.data.stages.map((s: any) => [s.name, s.status, s.attempts])).toEqual([
      ['first', 'SUCCESS', 1],
      ['long', 'SUCCESS', 1],
      ['last', 'SUCCESS', 1],
    ]);
  }, 90_000);

  it('mid-webhook: another worker calls again within the documented bound (heartbeat 10 s + supervision 2 s), with the same webhook-id', async () => {
    const call = await caller();
    // the first call hangs (the worker is killed while waiting for it); the next is answered
    receiver.script([{ delayMs: 20_000 }, { status: 200 }]);
    const before = receiver.requests.length;
    const pipelineId = await deploy(call, [{ name: 'notify', action: 'WEBHOOK', timeout: 30_000, webhook: { url: `${receiver.url}/durable`, method: 'POST', timeout: 25_000 } }]);
    await killAll();
    const a = startWorker();
    const e = await call('POST', `/${pipelineId}/execute`, { metadata: { n: 1 } });
    await until(
      async () => receiver.requests.length,
      (n) => n > before,
      20_000,
      50,
    );
    const killedAt = Date.now();
    await kill(a);
    startWorker();
    await until(
      async () => receiver.requests.length,
      (n) => n > before + 1,
      40_000,
      100,
    );
    const tookOverMs = Date.now() - killedAt;
    const calls = receiver.requests.slice(before);
    expect(calls[0].headers['webhook-id']).toBe(`${e.body.data.id}:notify:1`);
    expect(calls[1].headers['webhook-id']).toBe(calls[0].headers['webhook-id']);
    // heartbeat 10 s + supervision every 2 s + the new worker's start and poll: within 20 s
    expect(tookOverMs).toBeLessThan(20_000);
    const done = await until(
      () => call('GET', `/executions/${e.body.data.id}`),
      (r) => r.body.data?.status === 'SUCCESS',
      20_000,
      100,
    );
    expect(done.body.data.status).toBe('SUCCESS');
  }, 120_000);
});
