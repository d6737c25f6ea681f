import { describe, expect, inject, it } from 'vitest';
import mqtt from 'mqtt';
import { until } from './helpers.js';
import { createRule, newImei, newIotsp, registerDevice, registerTopic } from './iot-helpers.js';

/**
 * The MQTT versions the embedded broker serves (docs/iot.md "MQTT"): 3.1.1 and 3.1; an MQTT 5 CONNECT is refused with
 * CONNACK 1 (unacceptable protocol version), whatever its credential (MQTT 5 devices go through an external broker:
 * test/iot-mosquitto.e2e.test.ts). And the credential's `mqttPort` without MQTT_PUBLIC_URL: the embedded broker's
 * MQTT_PORT. On the suite's platform.
 */

const line = (imei: string, i: number, t: number) => `+RESP,${imei},-1.${2900 + i},36.${8200 + i},${10 + i}km/h,${90 + i},${t},$`;

async function world() {
  const t = await newIotsp();
  const rule = await createRule(t);
  const topic = await registerTopic(t);
  const imei = newImei();
  const reg = await registerDevice(t, { externalId: imei, rule: rule.reference, topic: topic.reference });
  return { t, imei, name: topic.path.replace('+', imei), reg };
}

describe('the embedded broker and MQTT versions', () => {
  it('an MQTT 5 CONNECT with a good credential is refused with CONNACK 1 (unacceptable protocol version); the device sends nothing', async () => {
    const { t, reg } = await world();
    const refused = await mqtt.connectAsync(inject('mqttUrl'), { protocolVersion: 5, username: reg.credential.username, password: reg.credential.password, reconnectPeriod: 0 }).then(
      async (c) => (await c.endAsync(), { code: 0, message: 'connected' }),
      (e: Error & { code?: number }) => ({ code: e.code, message: e.message }),
    );
    expect(refused).toEqual({ code: 1, message: 'Connection refused: Unacceptable protocol version' });
    const read = await t.call('GET', `/v1/iotsp/devices/${reg.device.reference}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ reportsStored: 0, reportsFailed: 0 });
  });

  it('MQTT 3.1.1 and MQTT 3.1 devices connect with their credential and their reports are stored', async () => {
    const { t, imei, name, reg } = await world();
    const now = Math.floor(Date.now() / 1000);
    const versions = [
      { protocolVersion: 4 as const, protocolId: 'MQTT' as const },
      // MQTT 3.1: protocol name MQIsdp, client ids of at most 23 characters
      { protocolVersion: 3 as const, protocolId: 'MQIsdp' as const, clientId: `d31-${imei.slice(-12)}` },
    ];
    for (const [i, v] of versions.entries()) {
      const client = await mqtt.connectAsync(inject('mqttUrl'), { ...v, username: reg.credential.username, password: reg.credential.password, reconnectPeriod: 0 });
      await client.publishAsync(name, line(imei, i, now - 60 + i), { qos: 1 });
      await client.endAsync();
    }
    const stored = await until(
      () => t.call('GET', `/v1/iotsp/devices/${reg.device.reference}/telemetry`),
      (r) => (r.body.data?.length ?? 0) >= 2,
    );
    expect(stored.status).toBe(200);
    expect(stored.body.data.map((r: any) => [r.source, r.topic, r.values.position.time])).toEqual([
      ['MQTT', name, now - 59],
      ['MQTT', name, now - 60],
    ]);
  });

  it("without MQTT_PUBLIC_URL the credential names the embedded broker's MQTT_PORT", async () => {
    const { reg } = await world();
    expect(reg.credential.mqttPort).toBe(Number(new URL(inject('mqttUrl')).port));
  });
});
