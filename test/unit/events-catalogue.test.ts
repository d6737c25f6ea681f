import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, knownFilter, matchesFilter, publicEventOf } from '../../subgraphs/workspace/events/catalogue.js';
import { withCatalogue } from '../../scripts/events-doc.js';

const ajv = new Ajv2020({ strict: true, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);

describe('the public event catalogue (docs/events.md)', () => {
  it('docs/events.md is what the code gives (npm run events:doc)', () => {
    const doc = readFileSync(new URL('../../docs/events.md', import.meta.url), 'utf8');
    expect(withCatalogue(doc) === doc, 'run `npm run events:doc`').toBe(true);
  });

  it('names are unique, lower case, dotted; every schema compiles and its example is valid', () => {
    expect(new Set(CATALOGUE.map((t) => t.name)).size).toBe(CATALOGUE.length);
    for (const t of CATALOGUE) {
      expect(t.name).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
      expect(t.emittedBy.length, t.name).toBeGreaterThan(0);
      const validate = ajv.compile(t.schema);
      expect(validate(t.example), `${t.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('what a row gives is valid against its schema, and carries no field the schema does not list', () => {
    // rows as the families publish them (subgraphs/commerce/orders/service.ts orderEvent, workspace providerEvent and
    // connectorEvent), with fields the public payload must not carry (the actor's id, the provider's address)
    const rows = [
      {
        topic: 'order.status_changed',
        payload: {
          orderId: 'o1',
          reference: 'ORD-1',
          cspCode: 'C1',
          lspCode: null,
          sandbox: false,
          from: 'PLACED',
          to: 'ACCEPTED',
          at: '2026-11-26T09:00:00.000Z',
          by: { type: 'LSP', id: 'u-secret' },
          reason: null,
        },
      },
      {
        topic: 'workspace.provider',
        payload: { id: 'p1', kind: 'LSP', code: 'L1', type: 'CARRIER', name: 'N', description: 'd', address: { line1: 'private' }, createdAt: 'x', updatedAt: 'x', deleted: false, change: 'created' },
      },
      { topic: 'workspace.connector', payload: { id: 'c1', providerKind: 'CSP', providerCode: 'C1', type: 'WEB', name: 'N', status: 'DISABLED', deleted: false, change: 'disabled' } },
    ];
    const seen = rows.map((row) => {
      const found = publicEventOf(row)!;
      const validate = ajv.compile(found.type.schema);
      expect(validate(found.data), `${found.type.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      return [found.type.name, found.data];
    });
    expect(seen.map(([name]) => name)).toEqual(['order.status_changed', 'provider.created', 'connector.disabled']);
    expect(JSON.stringify(seen)).not.toContain('u-secret');
    expect(JSON.stringify(seen)).not.toContain('private');
  });

  it('one public event at most per row: each change of a provider or a connector is one name; internal topics are none', () => {
    const names = (topic: string, payloads: Record<string, unknown>[]) => payloads.map((payload) => publicEventOf({ topic, payload })?.type.name ?? null);
    expect(names('workspace.provider', [{ change: 'created' }, { change: 'updated' }, { change: 'deleted' }, {}])).toEqual(['provider.created', 'provider.updated', 'provider.deleted', null]);
    expect(
      names(
        'workspace.connector',
        ['created', 'updated', 'enabled', 'disabled', 'deleted'].map((change) => ({ change })),
      ),
    ).toEqual(['connector.created', 'connector.updated', 'connector.enabled', 'connector.disabled', 'connector.deleted']);
    expect(names('credential.revoked', [{ tags: [] }])).toEqual([null]);
    expect(names('sandbox.order.status_changed', [{ to: 'PLACED' }])).toEqual([null]);
  });

  it('filters: exact names, `*`, prefix wildcards; unknown names and malformed wildcards are refused', () => {
    expect(matchesFilter('order.package.updated', 'order.*')).toBe(true);
    expect(matchesFilter('order.package.updated', 'order.package.*')).toBe(true);
    expect(matchesFilter('orders.x', 'order.*')).toBe(false);
    expect(matchesFilter('provider.created', '*')).toBe(true);
    expect(matchesFilter('provider.created', 'provider.created')).toBe(true);
    expect(matchesFilter('provider.created', 'provider.updated')).toBe(false);
    expect(['*', 'order.*', 'order.package.*', 'connector.disabled'].every(knownFilter)).toBe(true);
    expect(['order', 'order.', 'nothing.*', '*.created', 'order.**', 'ORDER.*', ''].some(knownFilter)).toBe(false);
  });
});
