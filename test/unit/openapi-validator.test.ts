import { describe, expect, it } from 'vitest';
import { ResponseValidator } from '../support/openapi-validator.js';

/** The checker every bridge answer of the e2e suite goes through (test/support/validate-responses.ts). */
const doc = {
  paths: {
    '/v1/things/{id}': {
      get: {
        responses: {
          '200': { content: { 'application/json': { schema: { type: 'object', properties: { thing: { $ref: '#/components/schemas/Thing' } }, required: ['thing'] } } } },
          '404': { content: { 'application/json': { schema: { type: 'object', properties: { error: { const: true } } } } } },
        },
      },
    },
    '/v1/things/search': { get: { responses: { '200': { content: { 'application/json': { schema: { type: 'array' } } } } } } },
  },
  components: { schemas: { Thing: { type: 'object', properties: { kind: { type: ['string', 'null'], enum: ['BOX', 'CRATE', null] } } } } },
};
const v = new ResponseValidator(doc);

describe('OpenAPI response validator', () => {
  it('a documented status with a matching body passes', () => {
    expect(v.check('GET', '/v1/things/42', 200, { thing: { kind: 'BOX' } })).toEqual([]);
    expect(v.check('GET', '/v1/things/42', 200, { thing: { kind: null } })).toEqual([]);
  });

  it('a body off its schema is named with the path into it and the allowed values', () => {
    expect(v.check('GET', '/v1/things/42', 200, { thing: { kind: 'BAG' } })).toEqual(['GET /v1/things/{id} 200: body/thing/kind must be equal to one of the allowed values (BOX,CRATE,)']);
    expect(v.check('GET', '/v1/things/42', 200, {})).toEqual(["GET /v1/things/{id} 200: body must have required property 'thing'"]);
  });

  it('a status the operation does not document fails, naming the documented ones', () => {
    expect(v.check('GET', '/v1/things/42', 500, {})).toEqual(['GET /v1/things/{id}: status 500 is not documented (documented: 200, 404)']);
  });

  it('literal segments win over parameters; probes, pages and preflights are not operations', () => {
    expect(v.operationOf('GET', '/v1/things/search')?.template).toBe('/v1/things/search');
    expect(v.check('GET', '/v1/things/search', 200, [])).toEqual([]);
    expect(v.check('GET', '/healthz', 500, 'x')).toEqual([]);
    expect(v.check('OPTIONS', '/v1/things/42', 204, '')).toEqual([]);
  });

  it('an unknown path must answer 404 NOT_FOUND', () => {
    expect(v.check('GET', '/v1/nothing', 404, { error: true, status: 'NOT_FOUND' })).toEqual([]);
    expect(v.check('GET', '/v1/nothing', 200, {})).toEqual(['GET /v1/nothing: no documented operation, and the answer is 200 (an unknown route answers 404 NOT_FOUND)']);
  });
});
