import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { api, bridgeUrl, gatewayUrl, randomIp } from './helpers.js';

/**
 * What a new user pastes: `npm run seed` (scripts/seed.ts) and the README's demo-data block and walk-through, run for
 * real against the suite's platform, twice each: the second run must work as the first did, and the seed must create
 * nothing new.
 */
const run = promisify(execFile);
const seedEnv = () => ({ ...process.env, SEED_BRIDGE_URL: bridgeUrl(), SEED_GATEWAY_URL: gatewayUrl() });

async function seed(): Promise<Record<string, string>> {
  const { stdout } = await run(process.execPath, [join('dist', 'scripts', 'seed.js')], { env: seedEnv(), timeout: 120_000 });
  return Object.fromEntries([...stdout.matchAll(/^export (\w+)='([^']*)'$/gm)].map((m) => [m[1], m[2]]));
}

const setA = (token: string, device: string) => ({ 'svc-auth-token': token, 'svc-user-agent': 'readme-test/1.0', 'svc-auth-device': device, 'x-forwarded-for': randomIp() });

describe('npm run seed', () => {
  it('run twice: the same ids, nothing created the second time, and both runs print credentials that work (the first run’s key and secret stop working)', async () => {
    const first = await seed();
    const second = await seed();
    for (const k of ['WID', 'XCODE', 'CSP_CODE', 'DEV_CODE', 'IOTSP_CODE', 'FLEET', 'WH', 'HUB', 'CID']) expect(second[k], k).toBe(first[k]);
    expect(second.KEY).not.toBe(first.KEY);
    const lsp = setA(second.CTX, second.DEMO_DEVICE);
    const fleets = await api('GET', '/v1/lsp/fleets', { headers: lsp });
    expect(fleets.status).toBe(200);
    expect(fleets.body.data.map((f: { code: string }) => f.code).sort()).toEqual(['RTM-CITY', 'RTM-PORT']);
    for (const f of fleets.body.data as { id: string }[]) {
      const v = await api('GET', `/v1/lsp/fleets/${f.id}/vehicles`, { headers: lsp });
      expect(v.body.pagination.total).toBe(4);
    }
    for (const kind of ['warehouses', 'hubs']) {
      const sites = await api('GET', `/v1/lsp/${kind}`, { headers: lsp });
      expect(sites.body.data.length).toBe(1);
      expect(sites.body.data[0].pricing.map((r: { name: string }) => r.name)).toEqual(['Pallet storage']);
    }
    const areas = await api('GET', '/v1/lsp/coverage/areas', { headers: lsp });
    expect(areas.body.areas.map((a: { code: string }) => a.code)).toEqual(['RTM-LASTMILE']);
    // the eight vehicles stand within 30 km of Rotterdam Centraal, found with the second run's key
    const near = await api('POST', '/realm/utilities/nearby/search', { token: second.KEY, body: { location: [51.9244, 4.4697], radius: 30_000, limit: 100 } });
    expect(near.status).toBe(200);
    expect(near.body.result.count).toBe(8);
    expect((await api('POST', '/realm/utilities/nearby/search', { token: first.KEY, body: { location: [51.9244, 4.4697], radius: 30_000 } })).status).toBe(401);
    const token = (secret: string) => api('POST', '/v1/access/token', { headers: { origin: second.ORIGIN, 'svc-user-agent': 'shop/1.0' }, body: { connectorId: second.CID, secret } });
    expect((await token(second.SECRET)).status).toBe(201);
    expect((await token(first.SECRET)).status).toBe(401);
  }, 240_000);
});

/** The README's shell blocks from "Demo data" to "Configuration", pointed at the suite's platform. */
function readmeScript(): string {
  const readme = readFileSync('README.md', 'utf8');
  const part = readme.slice(readme.indexOf('## Demo data'), readme.indexOf('## Configuration'));
  const blocks = [...part.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]);
  expect(blocks.length).toBeGreaterThanOrEqual(5);
  const gateway = new URL(gatewayUrl()).origin;
  return blocks
    .join('\n')
    .replaceAll('http://127.0.0.1:8080', bridgeUrl())
    .replaceAll('http://127.0.0.1:4000', gateway)
    .replaceAll('mqtt://127.0.0.1:1883', inject('mqttUrl'))
    .replace(/npm run (-s )?seed/g, `node ${join(process.cwd(), 'dist', 'scripts', 'seed.js')}`);
}

describe('the README walk-through', () => {
  it('pasted twice, both runs succeed: every answer a success but the one documented 400, down to the connector viewer and the GraphQL `me`', async () => {
    // each run is its own caller for the rate limits (a new client address), as two terminal sessions would be
    const script = (ip: string) => `set -euo pipefail\ncurl() { command curl -H "x-forwarded-for: ${ip}" "$@"; }\n${readmeScript()}`;
    for (const attempt of [1, 2]) {
      const { stdout } = await run('bash', ['-c', script(randomIp())], { env: seedEnv(), timeout: 180_000, maxBuffer: 16 * 1024 * 1024 });
      expect(stdout.match(/"success":false/g), `run ${attempt}`).toEqual(['"success":false']);
      expect(stdout, `run ${attempt}`).toContain('"code":"VALIDATION_ERROR","message":"profileVisibility');
      expect(stdout, `run ${attempt}`).not.toContain('"error":true');
      expect(stdout, `run ${attempt}`).toMatch(/"viewer":\{"kind":"connector"/);
      expect(stdout, `run ${attempt}`).toMatch(/"me":\{"id":"[0-9a-f-]{36}","name":"Ada L\."/);
      expect(stdout, `run ${attempt}`).toContain('"status":"UTILITY::FARE_CALCULATED"');
      expect(stdout, `run ${attempt}`).toContain('"interpretedAs":"where is my parcel"');
      expect(stdout, `run ${attempt}`).toContain('<mark>parcel</mark>');
      // the IoT walk-through: the dry run's typed record, and the device's two stored reports (HTTP and MQTT)
      expect(stdout, `run ${attempt}`).toContain('"values":{"device":{"id":"862010000000001"},"position":{"latitude":-1.2921,"longitude":36.8219,"speed":45}}');
      expect(stdout, `run ${attempt}`).toMatch(/"accepted":2,"stored":1,"failed":1/);
      expect(stdout, `run ${attempt}`).toMatch(/"source":"MQTT","topic":"acme\/\d+\/report"/);
      // the queries walk-through: the warehouse found near the centre (great circle from (-1.2921, 36.8219) to
      // (-1.3192, 36.9275) ≈ 12.1 km), its free pallets (400 − 120 = 280), the pallet rule's price of 48 × 0.3 m³ =
      // 14.4 m³ = 10 EUR pallets of 1.44 m³ at 12.50 USD = 125.00 plus Kenya's 16 % VAT (VAT Act 2013, s. 5) = 20.00,
      // and one recommendation
      expect(stdout, `run ${attempt}`).toMatch(
        /"status":"SUCCESS","services":\[\{"compositeId":"LSP-[0-9A-Z]{8}:[0-9a-f-]{36}","lsp":"LSP-[0-9A-Z]{8}","serviceId":"[0-9a-f-]{36}","serviceType":"WAREHOUSE","name":"Embakasi"/,
      );
      expect(stdout, `run ${attempt}`).toMatch(/"distance":12\.\d{1,3},/);
      expect(stdout, `run ${attempt}`).toContain('"available":280');
      expect(stdout, `run ${attempt}`).toMatch(/"totalCost":145,"currency":"USD","breakdown":\{"baseRate":125,"surcharges":0,"taxes":20,"fees":0\}/);
      expect(stdout, `run ${attempt}`).toMatch(/"recommendations":\[\{"service":\{"compositeId"/);
    }
  }, 400_000);
});
