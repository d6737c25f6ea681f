import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { allowedOrigins, normalizeOrigin, statusAfter } from '../../subgraphs/workspace/connectors/rules.js';
import { failure } from './support.js';

/**
 * The pure rules of connectors (docs/contract.md "Connectors" and "Access tokens"): an origin is `scheme://host[:port]`,
 * compared lower-cased; a connector allows at most 50; `:action` enable or disable sets its status.
 */

describe('origins of a connector', () => {
  it('an http(s) origin is kept as scheme://host[:port], lower-cased, without a trailing slash', () => {
    expect(normalizeOrigin('https://App.Example.com', 'origin')).toBe('https://app.example.com');
    expect(normalizeOrigin('http://localhost:8080/', 'origin')).toBe('http://localhost:8080');
    expect(normalizeOrigin('https://shop.example.com:443', 'origin')).toBe('https://shop.example.com');
  });

  it('anything else is 400 naming the field: another scheme, a path, a query, a fragment, credentials, not a URL', () => {
    for (const bad of ['ftp://example.com', 'https://example.com/app', 'https://example.com?x=1', 'https://example.com#top', 'https://u:p@example.com', 'example.com']) {
      expect(
        failure(() => normalizeOrigin(bad, 'origins.3')),
        bad,
      ).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'origins.3',
        message: `origins.3: "${bad}" is not an origin such as https://app.example.com`,
      });
    }
  });

  it('a list keeps each origin once, in the order given; the field of a bad one is its index', () => {
    expect(allowedOrigins(['https://A.example', 'https://a.example/', 'http://b.example'])).toEqual(['https://a.example', 'http://b.example']);
    expect(allowedOrigins([])).toEqual([]);
    expect(failure(() => allowedOrigins(['https://a.example', 'nope'])).field).toBe('origins.1');
  });

  it('50 origins are allowed, 51 are 400 naming origins', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `https://s${i}.example`);
    expect(allowedOrigins(many(50))).toHaveLength(50);
    expect(failure(() => allowedOrigins(many(51)))).toEqual({ code: 'VALIDATION_ERROR', field: 'origins', message: 'origins: at most 50 origins' });
  });
});

describe('connector actions', () => {
  it('ENABLE leads to ENABLED, DISABLE to DISABLED', () => {
    expect(statusAfter('ENABLE')).toBe('ENABLED');
    expect(statusAfter('DISABLE')).toBe('DISABLED');
  });
});
