import { describe, expect, inject, it } from 'vitest';
import mqtt from 'mqtt';
import { api, until } from './helpers.js';
import { callA } from './workspace-helpers.js';
import { addVehicle, createFleet, newLsp } from './lsp-helpers.js';
import { createRule, newImei, newIotsp, registerDevice, registerTopic, type Iotsp } from './iot-helpers.js';

/**
 * The seven device routes and MQTT ingestion (docs/iot.md "Devices", "MQTT"), through the real processes: the bridge,
 * the gateway, the iot subgraph's embedded Aedes broker (a real MQTT client publishes to it), PostgreSQL, and the
 * utilities' nearby index fed by the event log.
 */

const line = (imei: string, lat: number, lng: number, speed: string, dir: number, t: number, head = '+RESP') => `${head},${imei},${lat},${lng},${speed},${dir},${t},$`;

async function deviceWorld() {
  const lsp = await newLsp();
  const fleet = await createFleet(lsp);
  const vehicle = await addVehicle(lsp, fleet.id, { status: 'ACTIVE' });
  const t: Iotsp = await newIotsp(lsp.owner);
  const rule = await createRule(t);
  const topic = await registerTopic(t);
  return { lsp, vehicle, t, rule, topic };
}

describe('IoT devices', () => {
  it('registers a device bound to a vehicle (credential once), ingests an HTTP batch and reads typed telemetry over REST and GraphQL', async () => {
    const { vehicle, t, rule, topic } = await deviceWorld();
    const imei = newImei();
    const reg = await registerDevice(t, { externalId: imei, rule: rule.reference, topic: topic.reference, vehicleId: vehicle.id, name: 'Truck 7 tracker' });
    expect(reg.device.reference).toMatch(/^DVC-[0-9A-Z]{10}$/);
    expect(reg.device).toMatchObject({ externalId: imei, ruleReference: rule.reference, topicReference: topic.reference, vehicle: { id: vehicle.id }, status: 'ACTIVE', reportsStored: 0 });
    expect(reg.credential.username).toBe(reg.device.reference);
    expect(reg.credential.password).toMatch(/^lds_/);
    // shown once: a read never carries it
    const read = await t.call('GET', `/v1/iotsp/devices/${reg.device.reference.toLowerCase()}`);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(reg.credential.password);

    const t0 = Date.UTC(2026, 10, 26, 8, 0, 0) / 1000;
    const batch = [line(imei, -1.2921, 36.8219, '45km/h', 90, t0), line(imei, -1.29, 36.82, '0', 180, t0 + 60, '+BUFF'), '+RESP,too,few,$', 'garbage'];
    const ingest = await t.call('POST', `/v1/iotsp/devices/${reg.device.reference}/reports`, { reports: batch });
    expect(ingest.status, JSON.stringify(ingest.body)).toBe(200);
    expect(ingest.body.data).toMatchObject({ accepted: 4, stored: 2, failed: 2 });
    expect(ingest.body.data.errors.map((e: any) => [e.index, e.error.code, e.error.position])).toEqual([
      [2, 'FIELD_COUNT', 4],
      [3, 'HEAD_MISMATCH', 1],
    ]);

    const range = `from=${new Date((t0 - 1) * 1000).toISOString()}&to=${new Date((t0 + 3600) * 1000).toISOString()}`;
    const tel = await t.call('GET', `/v1/iotsp/devices/${reg.device.reference}/telemetry?${range}`);
    expect(tel.status).toBe(200);
    expect(tel.body.pagination).toMatchObject({ total: 2, page: 1 });
    expect(tel.body.data[0]).toMatchObject({
      outcome: 'STORED',
      source: 'HTTP',
      head: '+BUFF',
      measuredAt: new Date((t0 + 60) * 1000).toISOString(),
      values: { device: { id: imei }, position: { latitude: -1.29, longitude: 36.82, speed: 0, direction: 180, time: t0 + 60 } },
      // REST writes points as [lat, lng] (docs/contract.md)
      position: [-1.29, 36.82],
    });
    expect(tel.body.data[1].values.position.speed).toBe(45);

    const failed = await t.call('GET', `/v1/iotsp/devices/${reg.device.reference}/telemetry?outcome=FAILED&limit=10`);
    expect(failed.body.data.map((r: any) => [r.line, r.error.code])).toEqual([
      ['garbage', 'HEAD_MISMATCH'],
      ['+RESP,too,few,$', 'FIELD_COUNT'],
    ]);

    const g = await t.gql(
      'query($r: String!, $from: DateTime, $to: DateTime) { iotDevice(reference: $r) { reportsStored reportsFailed } iotDeviceTelemetry(reference: $r, from: $from, to: $to) { items { head values } pagination { total } } }',
      { r: reg.device.reference, from: new Date((t0 - 1) * 1000).toISOString(), to: new Date((t0 + 3600) * 1000).toISOString() },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.iotDevice).toEqual({ reportsStored: 2, reportsFailed: 2 });
    expect(g.body.data.iotDeviceTelemetry.pagination.total).toBe(2);
  });

  it('a device publishing over MQTT through the embedded broker is parsed, stored and moves its vehicle in nearby search', async () => {
    const { lsp, vehicle, t, rule, topic } = await deviceWorld();
    const imei = newImei();
    const reg = await registerDevice(t, { externalId: imei, rule: rule.reference, topic: topic.reference, vehicleId: vehicle.id });
    const key = await callA('POST', `/v1/workspace/${lsp.wid}/api-keys`, lsp.owner.token, { name: 'nearby', scopes: ['utilities'] });
    const bearer = { authorization: `Bearer ${key.body.data.key}` };

    // a wrong secret is refused at CONNECT
    const refused = await mqtt.connectAsync(inject('mqttUrl'), { username: reg.credential.username, password: 'lds_wrong', reconnectPeriod: 0 }).then(
      (c) => (c.end(), 'connected'),
      (e: Error) => e.message,
    );
    expect(refused).toMatch(/Bad username or password|Not authorized/);

    const client = await mqtt.connectAsync(inject('mqttUrl'), { username: reg.credential.username, password: reg.credential.password, reconnectPeriod: 0 });
    const lat = -1.25 - Math.random() / 100;
    const lng = 36.85 + Math.random() / 100;
    const now = Math.floor(Date.now() / 1000);
    await client.publishAsync(topic.path.replace('+', imei), line(imei, lat, lng, '32 km/h', 270, now), { qos: 1 });

    const stored = await until(
      () => t.call('GET', `/v1/iotsp/devices/${reg.device.reference}/telemetry`),
      (r) => r.body.data?.length === 1,
    );
    expect(stored.body.data[0]).toMatchObject({ source: 'MQTT', topic: topic.path.replace('+', imei), values: { position: { latitude: lat, longitude: lng, speed: 32 } } });
    // the same telemetry in the graph
    const g = await t.gql('query($r: String!) { iotDeviceTelemetry(reference: $r) { items { source head values position { latitude longitude } } } }', { r: reg.device.reference });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.iotDeviceTelemetry.items).toEqual([{ source: 'MQTT', head: '+RESP', values: stored.body.data[0].values, position: { latitude: lat, longitude: lng } }]);

    /** Whether the vehicle is within 200 m of the point, by the utilities' nearby search. */
    const near = (la: number, ln: number) =>
      api('POST', '/realm/utilities/nearby/search', { headers: bearer, body: { location: { lat: la, lng: ln }, radius: 200, limit: 10 } }).then((r) => {
        if (r.status !== 200) throw new Error(`nearby search: ${r.status} ${JSON.stringify(r.body)}`);
        return (r.body.result.vehicles as { id: string }[]).some((v) => v.id === vehicle.id);
      });
    expect(
      await until(
        () => near(lat, lng),
        (v) => v,
      ),
    ).toBe(true);

    // the vehicle moves 2 km east: found at the new place, no longer at the old one
    const east = lng + 0.018;
    await client.publishAsync(topic.path.replace('+', imei), line(imei, lat, east, '40 km/h', 90, now + 120), { qos: 1 });
    await client.endAsync();
    expect(
      await until(
        () => near(lat, east),
        (v) => v,
      ),
    ).toBe(true);
    expect(await near(lat, lng)).toBe(false);
  });
});

describe('IoT device lifecycle', () => {
  const connect = (username: string, password: string) =>
    mqtt.connectAsync(inject('mqttUrl'), { username, password, reconnectPeriod: 0 }).then(
      async (c) => {
        await c.endAsync();
        return 'connected';
      },
      (e: Error) => e.message,
    );

  it('update: rule, topic and vehicle rebinding, INACTIVE refuses the broker and keeps HTTP reports as failures, rotation ends the old secret', async () => {
    const { lsp, vehicle, t, rule, topic } = await deviceWorld();
    const other = await createRule(t, { reference: `alt-${newImei()}`, head: ['*HQ'] });
    const reg = await registerDevice(t, { externalId: newImei(), rule: rule.reference, topic: topic.reference, vehicleId: vehicle.id });
    const ref = reg.device.reference;

    const moved = await t.call('PATCH', `/v1/iotsp/devices/${ref}`, { rule: other.reference, topic: null, vehicleId: null, name: 'Spare', tags: ['Spare', 'spare'] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.credential).toBeNull();
    expect(moved.body.data.device).toMatchObject({ ruleReference: other.reference, topicReference: null, vehicle: null, name: 'Spare', tags: ['spare'] });

    // another workspace's vehicle cannot be bound
    const strangerLsp = await newLsp();
    const strangerVehicle = await addVehicle(strangerLsp, (await createFleet(strangerLsp)).id);
    const bound = await t.call('PATCH', `/v1/iotsp/devices/${ref}`, { vehicleId: strangerVehicle.id });
    expect(bound.status).toBe(404);
    expect(bound.body.status).toBe('NOT_FOUND');
    expect((await t.call('PATCH', `/v1/iotsp/devices/${ref}`, { vehicleId: vehicle.id })).body.data.device.vehicle).toEqual({ id: vehicle.id });

    expect(await connect(ref, reg.credential.password)).toBe('connected');
    const inactive = await t.call('PATCH', `/v1/iotsp/devices/${ref}`, { status: 'INACTIVE' });
    expect(inactive.body.data.device.status).toBe('INACTIVE');
    await new Promise((r) => setTimeout(r, 1100)); // the broker re-reads a device within a second
    expect(await connect(ref, reg.credential.password)).toMatch(/Not authorized/);
    const kept = await t.call('POST', `/v1/iotsp/devices/${ref}/reports`, { reports: ['*HQ,1,2,3,4,5,6,$'] });
    expect(kept.body.data).toMatchObject({ accepted: 1, stored: 0, failed: 1, errors: [{ index: 0, error: { code: 'DEVICE_INACTIVE' } }] });
    expect((await t.call('PATCH', `/v1/iotsp/devices/${ref}`, { status: 'ACTIVE' })).body.data.device.status).toBe('ACTIVE');

    const rotated = await t.call('PATCH', `/v1/iotsp/devices/${ref}`, { rotateCredential: true });
    const fresh = rotated.body.data.credential;
    expect(fresh.username).toBe(ref);
    expect(fresh.password).not.toBe(reg.credential.password);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await connect(ref, reg.credential.password)).toMatch(/Bad username or password/);
    expect(await connect(ref, fresh.password)).toBe('connected');
    expect(lsp.wid).toBe(t.wid);
  });

  it('an INACTIVE rule keeps reports as NO_RULE failures; a publish outside the device topic is kept as TOPIC_NOT_REGISTERED', async () => {
    const { t, rule, topic } = await deviceWorld();
    const imei = newImei();
    const reg = await registerDevice(t, { externalId: imei, rule: rule.reference, topic: topic.reference });
    const now = Math.floor(Date.now() / 1000);
    const client = await mqtt.connectAsync(inject('mqttUrl'), { username: reg.credential.username, password: reg.credential.password, reconnectPeriod: 0 });
    await client.publishAsync(`not/${imei}/registered`, line(imei, 1, 2, '3', 4, now), { qos: 1 });
    const failures = await until(
      () => t.call('GET', `/v1/iotsp/devices/${reg.device.reference}/telemetry?outcome=FAILED`),
      (r) => r.body.data?.length === 1,
    );
    expect(failures.body.data[0]).toMatchObject({ source: 'MQTT', topic: `not/${imei}/registered`, error: { code: 'TOPIC_NOT_REGISTERED' } });

    expect((await t.call('PATCH', `/v1/iotsp/rules/${rule.reference}/inactive`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100)); // the broker re-reads a device and its rule within a second
    await client.publishAsync(topic.path.replace('+', imei), line(imei, 1, 2, '3', 4, now), { qos: 1 });
    await client.endAsync();
    const noRule = await until(
      () => t.call('GET', `/v1/iotsp/devices/${reg.device.reference}/telemetry?outcome=FAILED`),
      (r) => r.body.data?.length === 2,
    );
    expect(noRule.body.data.map((r: any) => r.error.code).sort()).toEqual(['NO_RULE', 'TOPIC_NOT_REGISTERED']);
    const device = await t.call('GET', `/v1/iotsp/devices/${reg.device.reference}`);
    expect(device.body.data).toMatchObject({ reportsStored: 0, reportsFailed: 2 });
  });

  it('a device bound to a topic publishes on it only: under another ACTIVE topic of its IoTSP the report is TOPIC_NOT_REGISTERED, nothing stored', async () => {
    // docs/iot.md "Devices": `topicReference`, "the topic it publishes on, or null for any ACTIVE topic of its IoTSP"
    const { t, rule, topic } = await deviceWorld();
    const second = await registerTopic(t);
    expect([topic.status, second.status]).toEqual(['ACTIVE', 'ACTIVE']);
    const imei = newImei();
    const reg = await registerDevice(t, { externalId: imei, rule: rule.reference, topic: topic.reference });
    const ref = reg.device.reference;
    const now = Math.floor(Date.now() / 1000);
    const client = await mqtt.connectAsync(inject('mqttUrl'), { username: reg.credential.username, password: reg.credential.password, reconnectPeriod: 0 });
    await client.publishAsync(second.path.replace('+', imei), line(imei, 1, 2, '3', 4, now - 60), { qos: 1 });
    // then on its own topic, which is stored: the first report was judged, not lost on the way
    await client.publishAsync(topic.path.replace('+', imei), line(imei, 1.5, 2.5, '3', 4, now), { qos: 1 });
    await client.endAsync();
    const stored = await until(
      () => t.call('GET', `/v1/iotsp/devices/${ref}/telemetry`),
      (r) => r.body.data?.length === 1,
    );
    expect(stored.body.data[0]).toMatchObject({ source: 'MQTT', topic: topic.path.replace('+', imei), values: { position: { latitude: 1.5, longitude: 2.5 } } });
    const failed = await until(
      () => t.call('GET', `/v1/iotsp/devices/${ref}/telemetry?outcome=FAILED`),
      (r) => r.body.data?.length === 1,
    );
    expect(failed.body.data[0]).toMatchObject({ source: 'MQTT', topic: second.path.replace('+', imei), error: { code: 'TOPIC_NOT_REGISTERED' } });
    const device = await t.call('GET', `/v1/iotsp/devices/${ref}`);
    expect(device.body.data).toMatchObject({ reportsStored: 1, reportsFailed: 1 });
  });

  it('list filters, duplicate external id, unknown rule, delete (credential and telemetry gone), another tenant sees nothing', async () => {
    const { vehicle, t, rule } = await deviceWorld();
    const other = await createRule(t, { reference: `other-${newImei()}` });
    const a = await registerDevice(t, { externalId: newImei(), rule: rule.reference, vehicleId: vehicle.id });
    const b = await registerDevice(t, { externalId: newImei(), rule: other.reference });
    const dup = await t.call('POST', '/v1/iotsp/devices', { externalId: a.device.externalId, rule: rule.reference });
    expect(dup.status).toBe(409);
    const unknown = await t.call('POST', '/v1/iotsp/devices', { externalId: newImei(), rule: 'no-such-rule' });
    expect(unknown.status).toBe(404);

    const byRule = await t.call('GET', `/v1/iotsp/devices?rule=${other.reference}`);
    expect(byRule.body.data.map((d: any) => d.reference)).toEqual([b.device.reference]);
    const byVehicle = await t.call('GET', `/v1/iotsp/devices?vehicleId=${vehicle.id}`);
    expect(byVehicle.body.data.map((d: any) => d.reference)).toEqual([a.device.reference]);
    const all = await t.call('GET', '/v1/iotsp/devices?limit=1');
    expect(all.body.pagination).toMatchObject({ total: 2, limit: 1, pages: 2 });

    // in the graph, the device's rule and its vehicle (the LSP's Vehicle: its other fields resolve for the LSP's members)
    const g = await t.gql('query($r: String!) { iotDevice(reference: $r) { reference vehicle { id } rule { reference status } } }', { r: a.device.reference });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.iotDevice).toEqual({ reference: a.device.reference, vehicle: { id: vehicle.id }, rule: { reference: rule.reference, status: 'ACTIVE' } });

    // another workspace's IoTSP: every device route is NOT_FOUND, and nothing changes
    const stranger = await newIotsp();
    const ref = a.device.reference;
    for (const [method, path, body] of [
      ['GET', `/v1/iotsp/devices/${ref}`],
      ['PATCH', `/v1/iotsp/devices/${ref}`, { name: 'stolen' }],
      ['POST', `/v1/iotsp/devices/${ref}/reports`, { reports: ['+RESP,1,2,3,4,5,6,$'] }],
      ['GET', `/v1/iotsp/devices/${ref}/telemetry`],
      ['DELETE', `/v1/iotsp/devices/${ref}`],
    ] as const) {
      const res = await stranger.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await stranger.call('GET', '/v1/iotsp/devices')).body.pagination.total).toBe(0);
    expect((await t.call('GET', `/v1/iotsp/devices/${ref}`)).body.data).toMatchObject({ name: null, reportsStored: 0 });

    await t.call('POST', `/v1/iotsp/devices/${ref}/reports`, { reports: [line(a.device.externalId, 1, 2, '3', 4, Math.floor(Date.now() / 1000))] });
    const gone = await t.call('DELETE', `/v1/iotsp/devices/${ref}`);
    expect(gone.body.data).toEqual({ reference: ref, deleted: true });
    expect((await t.call('GET', `/v1/iotsp/devices/${ref}`)).status).toBe(404);
    expect((await t.call('GET', `/v1/iotsp/devices/${ref}/telemetry`)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await connect(ref, a.credential.password)).toMatch(/Bad username or password/);
    // the rule can go now that no device speaks it
    expect((await t.call('DELETE', `/v1/iotsp/rules/${rule.reference}`)).status).toBe(200);
  });
});
