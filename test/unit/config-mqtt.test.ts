import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../kernel/config.js';

/**
 * The MQTT settings of kernel/config.ts for replicas (README "Configuration", docs/iot.md "MQTT"): MQTT_SHARE_GROUP
 * (default `logistics-platform`, empty for plain subscriptions, a share name without `/`, `+` or `#`) and
 * MQTT_PUBLIC_URL (an mqtt:// or mqtts:// address; the credential's port is the one it names, else 1883 or 8883 by
 * scheme). And every variable kernel/config.ts reads is named in the README's "Configuration" table.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const d = mkdtempSync(join(tmpdir(), 'units-config-mqtt-'));
  dirs.push(d);
  return { DATA_DIR: d, JWT_SECRET: 'a'.repeat(32), INTERNAL_SECRET: 'b'.repeat(32), ...extra };
};

function refusal(extra: Record<string, string>): string {
  try {
    loadConfig(env(extra));
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(extra)}`);
}

describe('MQTT_SHARE_GROUP', () => {
  it('defaults to logistics-platform; empty is accepted (no shared subscriptions); 64 characters of letters, digits, . _ - are accepted', () => {
    expect(loadConfig(env()).MQTT_SHARE_GROUP).toBe('logistics-platform');
    expect(loadConfig(env({ MQTT_SHARE_GROUP: '' })).MQTT_SHARE_GROUP).toBe('');
    const longest = `a.b_c-${'9'.repeat(58)}`;
    expect(longest).toHaveLength(64);
    expect(loadConfig(env({ MQTT_SHARE_GROUP: longest })).MQTT_SHARE_GROUP).toBe(longest);
  });

  it('a share name with /, + or #, a space, or of 65 characters stops the process naming the variable', () => {
    for (const bad of ['a/b', 'a+b', 'grp#', 'two words', 'x'.repeat(65)]) {
      expect(refusal({ MQTT_SHARE_GROUP: bad })).toMatch(/^Invalid configuration:\n {2}MQTT_SHARE_GROUP: must be at most 64 letters/);
    }
  });
});

describe('MQTT_PUBLIC_URL', () => {
  it('unset: no public port (the credential names MQTT_PORT, or null with an external broker)', () => {
    const c = loadConfig(env());
    expect(c.MQTT_PUBLIC_URL).toBeUndefined();
    expect(c.mqttPublicPort).toBeNull();
  });

  it("the port it names, else the scheme's IANA port: mqtt 1883, mqtts 8883", () => {
    expect(loadConfig(env({ MQTT_PUBLIC_URL: 'mqtt://mqtt.example.com:11883' })).mqttPublicPort).toBe(11883);
    expect(loadConfig(env({ MQTT_PUBLIC_URL: 'mqtts://mqtt.example.com:443/' })).mqttPublicPort).toBe(443);
    expect(loadConfig(env({ MQTT_PUBLIC_URL: 'mqtt://mqtt.example.com' })).mqttPublicPort).toBe(1883);
    expect(loadConfig(env({ MQTT_PUBLIC_URL: 'mqtts://mqtt.example.com' })).mqttPublicPort).toBe(8883);
  });

  it('another scheme, a path, a query, credentials or no URL at all stop the process naming the variable', () => {
    for (const bad of [
      'http://mqtt.example.com',
      'ws://mqtt.example.com:8080',
      'mqtt://mqtt.example.com/mqtt',
      'mqtt://mqtt.example.com:1883?x=1',
      'mqtt://user:pw@mqtt.example.com',
      'mqtt.example.com:1883',
    ]) {
      expect(refusal({ MQTT_PUBLIC_URL: bad })).toMatch(/^Invalid configuration:\n {2}MQTT_PUBLIC_URL: /);
    }
  });
});

describe('README "Configuration"', () => {
  it('names every variable of kernel/config.ts', () => {
    const source = readFileSync('kernel/config.ts', 'utf8');
    const schema = source.slice(source.indexOf('const schema = z'), source.indexOf('.refine((c) => !(c.TEST_CLOCK'));
    const variables = [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
    expect(variables).toContain('MQTT_SHARE_GROUP');
    expect(variables).toContain('PIPELINE_WORKERS');
    const readme = readFileSync('README.md', 'utf8');
    const start = readme.indexOf('\n## Configuration\n');
    const table = readme.slice(start, readme.indexOf('\n## ', start + 1));
    expect(variables.filter((v) => !new RegExp(`\\b${v}\\b`).test(table))).toEqual([]);
  });
});
