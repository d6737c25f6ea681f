import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadConfig } from '../../kernel/config.js';
import { routes } from '../../rest-bridge/routes/index.js';
import { openApiDocument } from '../../rest-bridge/openapi.js';

/**
 * Every example of the OpenAPI document (request bodies and one answer per documented status) is valid against the
 * schema it illustrates, and every operation and parameter is described (issue 13: "a complete OpenAPI document").
 */
interface Media {
  schema: object;
  example?: unknown;
}
interface Operation {
  summary: string;
  description: string;
  'x-ratelimit': unknown[];
  parameters?: { name: string; description?: string }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content: Record<string, Media> }>;
}
const doc = openApiDocument(routes, loadConfig({ DATA_DIR: '/tmp/openapi-unit', JWT_SECRET: 'x'.repeat(32), INTERNAL_SECRET: 'y'.repeat(32) })) as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: object;
};
const ajv = new Ajv2020({ strict: false, allErrors: false });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const check = (schema: object, value: unknown) => {
  const validate = ajv.compile({ ...schema, components: doc.components });
  return validate(value) ? [] : validate.errors!.map((e) => `${e.instancePath} ${e.message}`);
};

const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const));

describe('the OpenAPI document is complete and its examples are true', () => {
  it('documents every route of the table once (two routes of one template, `paramValues`, are one operation)', () => {
    const shared = routes.filter((r, i) => routes.some((o, j) => j < i && o.method === r.method && o.path.replace(/:\w+/g, ':') === r.path.replace(/:\w+/g, ':'))).length;
    expect(operations.length).toBe(routes.length - shared);
  });

  it.each(operations)('%s: summary, description with credential and rate limit, described parameters', (_name, op) => {
    expect(op.summary).toMatch(/\w+ \w+/);
    expect(op.description).toMatch(/\*\*Credential\.\*\* .+/);
    expect(op.description).toMatch(/\*\*Rate limit\.\*\* \d+ requests a minute/);
    expect(op['x-ratelimit'].length).toBeGreaterThanOrEqual(2);
    for (const p of op.parameters ?? []) expect(p.description, p.name).toMatch(/\w{3,}/);
  });

  it.each(operations)('%s: the request example and one example per documented status fit their schemas', (_name, op) => {
    for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
      expect(media.example, `request ${type}`).toBeDefined();
      if (type === 'application/json') expect(check(media.schema, media.example), 'request').toEqual([]);
    }
    for (const [status, response] of Object.entries(op.responses)) {
      const media = response.content['application/json'];
      expect(media.example, status).toBeDefined();
      expect(check(media.schema, media.example), status).toEqual([]);
    }
  });
});
