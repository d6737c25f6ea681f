import { beforeAll, describe, expect, inject, it } from 'vitest';
import { graphqlAt, setA } from './workspace-helpers.js';
import { jwtClaims, newLsp, lspPrincipal, randomUUID, signPrincipal } from './lsp-helpers.js';
import { createRule, newImei, newIotsp, registerDevice, registerTopic, type Iotsp } from './iot-helpers.js';

/**
 * The IoT family's entity references (docs/graph-conventions.md "Entities and references", docs/iot.md "GraphQL"):
 * `_entities` at the iot subgraph (what the gateway asks when another subgraph names an IotRule, IotTopic or IotDevice)
 * resolves a record only for a member acting as its IoTSP: another IoTSP (of another workspace or the same one), an
 * LSP, an unknown or malformed id resolve to null. References are batched, and so are a page of devices' rules and
 * topics: 30 cost the SQL statements 10 do.
 */

const iotSubgraphUrl = () => `http://127.0.0.1:${Number(new URL(inject('gatewayUrl')).port) + 7}/graphql`; // IOT_PORT = base + 47

/** The provider principal the gateway makes of an IoTSP's context token. */
const iotPrincipal = (t: Iotsp) => ({
  kind: 'provider',
  userId: t.owner.user.id,
  sessionId: jwtClaims(t.token).sid,
  workspaceId: t.wid,
  providerKind: 'iotsp',
  providerId: t.providerId,
  providerCode: t.code,
  role: 'OWNER',
  client: {},
});

async function entities(principal: unknown, representations: { __typename: string; id: string }[]) {
  const query = `query($r: [_Any!]!) { _entities(representations: $r) { __typename
    ... on IotRule { id reference } ... on IotTopic { id reference } ... on IotDevice { id reference ruleReference topic { reference } } } }`;
  const res = await graphqlAt(iotSubgraphUrl(), query, { r: representations }, { 'x-platform-principal': await signPrincipal(principal), 'x-sql-statements': 'true' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return { items: res.body.data._entities as any[], statements: res.body.extensions?.sqlStatements as number };
}

describe('_entities at the iot subgraph', () => {
  let a: Iotsp;
  let refs: { __typename: string; id: string }[];
  let resolved: unknown[];

  beforeAll(async () => {
    a = await newIotsp();
    const rule = await createRule(a);
    const topic = await registerTopic(a);
    const device = (await registerDevice(a, { externalId: newImei(), rule: rule.reference, topic: topic.reference })).device;
    refs = [
      { __typename: 'IotRule', id: rule.id },
      { __typename: 'IotTopic', id: topic.id },
      { __typename: 'IotDevice', id: device.id },
    ];
    resolved = [
      { __typename: 'IotRule', id: rule.id, reference: rule.reference },
      { __typename: 'IotTopic', id: topic.id, reference: topic.reference },
      { __typename: 'IotDevice', id: device.id, reference: device.reference, ruleReference: rule.reference, topic: { reference: topic.reference } },
    ];
  });

  it('resolves for a member acting as the IoTSP; null for another IoTSP (another workspace or the same), an LSP, an unknown or malformed id', async () => {
    expect((await entities(iotPrincipal(a), refs)).items).toEqual(resolved);
    const stranger = await newIotsp();
    const neighbour = await newIotsp(a.owner);
    for (const other of [stranger, neighbour]) expect((await entities(iotPrincipal(other), refs)).items).toEqual([null, null, null]);
    expect((await entities(lspPrincipal(await newLsp(a.owner)), refs)).items).toEqual([null, null, null]);
    expect(
      (
        await entities(iotPrincipal(a), [
          { __typename: 'IotDevice', id: randomUUID() },
          { __typename: 'IotRule', id: 'not-a-uuid' },
          { __typename: 'IotTopic', id: refs[0].id },
        ])
      ).items,
    ).toEqual([null, null, null]);
  });

  it('batched: 10 and then 30 device references, with their rules and topics, cost the same SQL statements', async () => {
    const t = await newIotsp();
    const rule = await createRule(t);
    const topic = await registerTopic(t);
    const devices: string[] = [];
    for (let i = 0; i < 30; i++) devices.push((await registerDevice(t, { externalId: newImei(), rule: rule.reference, topic: topic.reference })).device.id as string);
    const ask = (ids: string[]) =>
      entities(
        iotPrincipal(t),
        ids.map((id) => ({ __typename: 'IotDevice', id })),
      );
    const ten = await ask(devices.slice(0, 10));
    const thirty = await ask(devices);
    expect(thirty.items.map((d) => d.id)).toEqual(devices);
    expect(thirty.items.every((d) => d.ruleReference === rule.reference && d.topic.reference === topic.reference)).toBe(true);
    expect(ten.statements).toBeGreaterThan(0);
    expect(ten.statements).toBeLessThanOrEqual(3);
    expect(thirty.statements).toBe(ten.statements);

    // a page of devices through the gateway: their rules and topics in one query each, whatever the page's size
    const page = async (limit: number) => {
      const res = await graphqlAt(
        inject('gatewayUrl'),
        'query($l: Int) { iotDevices(limit: $l) { items { reference ruleReference topicReference rule { status } } } }',
        { l: limit },
        {
          ...setA(t.token),
          'x-sql-statements': 'true',
        },
      );
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res.body.extensions?.sqlStatements as number;
    };
    expect(await page(30)).toBe(await page(10));
  });
});
