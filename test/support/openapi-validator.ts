import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Checks REST answers against the OpenAPI document (test/support/validate-responses.ts runs it on every answer the
 * suite receives from a bridge): the status must be one the operation documents, and the body must match that
 * status's schema. Unit-tested in test/unit/openapi-validator.test.ts.
 */
type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>; components: object };

/** Paths of the bridge that are not API operations: pages (the order tracking page and its data among them), probes and the test clock. */
export const NOT_OPERATIONS = /^\/(healthz|readyz|metrics|openapi\.json|docs(\/.*)?|track\/.*|files\/.*|__test\/.*)$/;

export class ResponseValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly routes: { method: string; template: string; re: RegExp }[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly doc: Doc) {
    (addFormats as unknown as (a: Ajv2020) => void)(this.ajv);
    // literal segments before parameters, as the bridge matches them
    this.routes = Object.entries(doc.paths)
      .flatMap(([template, methods]) => Object.keys(methods).map((m) => ({ method: m.toUpperCase(), template, re: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}/?$`, 'i') })))
      .sort((a, b) => (b.template.match(/\{/g)?.length ?? 0) - (a.template.match(/\{/g)?.length ?? 0))
      .reverse();
  }

  /** The documented operation a request reaches, or undefined (an unknown path or method). */
  operationOf(method: string, path: string): { method: string; template: string } | undefined {
    return this.routes.find((r) => r.method === method && r.re.test(path));
  }

  /** Problems with an answer (empty when it matches the document). Unknown paths are checked as a generic 404. */
  check(method: string, path: string, status: number, body: unknown): string[] {
    // CORS preflights are the browser's, not operations (kernel/cors.ts)
    if (NOT_OPERATIONS.test(path) || method === 'OPTIONS') return [];
    const op = this.operationOf(method, path);
    if (!op) {
      if (status !== 404 && status !== 429 && status !== 400) return [`${method} ${path}: no documented operation, and the answer is ${status} (an unknown route answers 404 NOT_FOUND)`];
      const errorBody = body as { status?: unknown; code?: unknown };
      return errorBody && (errorBody.status === 'NOT_FOUND' || errorBody.code === 'NOT_FOUND' || status !== 404) ? [] : [`${method} ${path}: 404 without the NOT_FOUND code`];
    }
    const responses = this.doc.paths[op.template][method.toLowerCase()].responses;
    const documented = responses[String(status)];
    if (!documented) return [`${method} ${op.template}: status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`];
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) return [];
    const key = `${method} ${op.template} ${status}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile({ ...schema, components: this.doc.components });
      this.compiled.set(key, validate);
    }
    if (validate(body)) return [];
    return validate.errors!.slice(0, 8).map((e) => `${key}: body${e.instancePath} ${e.message}${e.params && 'allowedValues' in e.params ? ` (${String(e.params.allowedValues as unknown[])})` : ''}`);
  }
}
