import {
  GraphQLSchema,
  Kind,
  OperationTypeNode,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLInterfaceType,
  type GraphQLUnionType,
  type GraphQLInputType,
  type GraphQLOutputType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type GraphQLObjectType,
  type TypeNode,
  typeFromAST,
} from 'graphql';
import type { Config } from '../kernel/config.js';
import { ERROR_CODES } from '../kernel/errors.js';
import type { RouteSpec } from './routes/types.js';
import { compileOperation } from './translate.js';
import { isPairSelection, restEnum, supergraphApiSchema } from './wire.js';
import { operationLimits } from '../kernel/operation-limits.js';
import { SCHEME_WORDS, pathParamDescription, rateLimitOf, sampleOf } from './openapi-docs.js';

type JsonSchema = Record<string, unknown>;

/** The public (API) schema of the committed supergraph, the one the bridge's wire mapping reads (rest-bridge/wire.ts). */
const schema = supergraphApiSchema;

const SCALARS: Record<string, JsonSchema> = {
  String: { type: 'string' },
  ID: { type: 'string' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  JSONObject: { type: 'object', additionalProperties: true },
  Upload: { type: 'string', format: 'binary' },
  // the REST wire forms of the graph's own scalars (rest-bridge/wire.ts): a Decimal is a JSON number on REST
  Decimal: { type: 'number' },
  // inputs: ISO-8601, or a number in the route's time form (epoch milliseconds or Unix seconds)
  DateTime: { oneOf: [{ type: 'string', format: 'date-time' }, { type: 'number' }] },
};

/** An instant as a route answers it: ISO-8601, epoch milliseconds or Unix seconds (the route's `time`, wire.ts). */
function instantSchema(route: RouteSpec, key: string): JsonSchema {
  const form = typeof route.time === 'string' ? route.time : (route.time?.[key] ?? 'iso');
  if (form === 'iso') return { type: 'string', format: 'date-time' };
  return { type: 'integer', description: form === 'epoch-ms' ? 'Epoch milliseconds.' : 'Unix timestamp, seconds.' };
}

/** `[lat, lng]` (or `{lat, lng}` where the spec shows it): how REST writes a GeoPointInput (wire.ts). */
const POINT_INPUT: JsonSchema = {
  description: 'A point: `[lat, lng]` in degrees, or `{lat, lng}`.',
  oneOf: [
    { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 },
    { type: 'object', additionalProperties: false, required: ['lat', 'lng'], properties: { lat: { type: 'number' }, lng: { type: 'number' } } },
  ],
};

/** The enum spellings of every route (inputs are shared components: a spelled value is spelled wherever it is read). */
let inputSpellings: RouteSpec['enums'] = {};

/** An enum's values as a route writes them: its REST spellings (`enums`, `lowerCase`, wire.ts) in place of the graph's names. */
function enumValues(names: string[], route: RouteSpec | undefined, typeName: string, key: string): string[] {
  const table = (route ? route.enums : inputSpellings)?.[typeName];
  if (route?.lowerCase?.includes(key)) return names.map((n) => n.toLowerCase());
  return restEnum(names, table).names;
}

/** OpenAPI 3.1 (JSON Schema) nullability: `type: [t, "null"]`, or `anyOf` with null for references. */
function orNull(schema: JsonSchema): JsonSchema {
  if (schema.$ref) return { anyOf: [schema, { type: 'null' }] };
  // (an enum lists null too: `enum` is checked apart from `type`)
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'], ...(Array.isArray(schema.enum) ? { enum: [...(schema.enum as unknown[]), null] } : {}) };
  return schema;
}

function inputSchema(type: GraphQLInputType, components: Record<string, JsonSchema>): JsonSchema {
  if (!isNonNullType(type)) return orNull(inputSchemaOf(type, components));
  return inputSchemaOf(type.ofType, components);
}

function inputSchemaOf(type: GraphQLInputType, components: Record<string, JsonSchema>): JsonSchema {
  if (isListType(type)) return { type: 'array', items: inputSchema(type.ofType, components) };
  if (isScalarType(type)) return SCALARS[type.name] ?? { type: 'string' };
  if (isEnumType(type))
    return {
      type: 'string',
      enum: enumValues(
        type.getValues().map((v) => v.name),
        undefined,
        type.name,
        '',
      ),
      description: type.description ?? undefined,
    };
  if (type.name === 'GeoPointInput') return POINT_INPUT;
  if (isInputObjectType(type)) {
    if (!components[type.name]) {
      components[type.name] = {}; // break cycles
      const fields = Object.values(type.getFields());
      components[type.name] = {
        type: 'object',
        description: type.description ?? undefined,
        additionalProperties: false,
        properties: Object.fromEntries(fields.map((f) => [f.name, { ...inputSchema(f.type, components), description: f.description ?? undefined }])),
        required: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name),
      };
    }
    return { $ref: `#/components/schemas/${type.name}` };
  }
  return {};
}

/** The JSON schema of exactly what a selection set returns, in the route's REST wire forms (wire.ts). */
function selectionSchema(type: GraphQLOutputType, selection: SelectionSetNode | undefined, route: RouteSpec, key = ''): JsonSchema {
  const nullable = !isNonNullType(type);
  const inner = isNonNullType(type) ? type.ofType : type;
  let out: JsonSchema;
  if (isListType(inner)) out = { type: 'array', items: selectionSchema(inner.ofType, selection, route, key) };
  else if (getNamedType(inner).name === 'GeoPoint' && isPairSelection(selection)) out = { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2, description: '[lat, lng] in degrees.' };
  else if (getNamedType(inner).name === 'DateTime') out = instantSchema(route, key);
  else if ((isObjectType(inner) || isInterfaceType(inner) || isUnionType(inner)) && selection) {
    // fields of the type itself, and of inline fragments (`... on CoverageArea { … }`) of the same or an implementing type
    const props: Record<string, JsonSchema> = {};
    const collect = (on: GraphQLObjectType | GraphQLInterfaceType | GraphQLUnionType, set: SelectionSetNode) => {
      for (const sel of set.selections) {
        if (sel.kind === Kind.INLINE_FRAGMENT) {
          const target = sel.typeCondition ? (schema().getType(sel.typeCondition.name.value) as GraphQLObjectType) : on;
          if (target) collect(target, sel.selectionSet);
          continue;
        }
        if (sel.kind !== Kind.FIELD || isUnionType(on)) continue;
        const field = on.getFields()[sel.name.value];
        const name = sel.alias?.value ?? sel.name.value;
        if (field) props[name] ??= { ...selectionSchema(field.type, sel.selectionSet, route, name), description: field.description ?? undefined };
      }
    };
    collect(inner, selection);
    out = { type: 'object', description: inner.description ?? undefined, properties: props };
  } else if (isEnumType(inner))
    out = {
      type: 'string',
      enum: enumValues(
        inner.getValues().map((v) => v.name),
        route,
        inner.name,
        key,
      ),
    };
  else out = { ...(SCALARS[getNamedType(inner).name] ?? {}) };
  return nullable ? orNull(out) : out;
}

function responseSchema(route: RouteSpec, s: GraphQLSchema): JsonSchema {
  const op = compileOperation(route).document.definitions[0] as OperationDefinitionNode;
  const root = op.operation === OperationTypeNode.QUERY ? s.getQueryType()! : s.getMutationType()!;
  const fields: Record<string, JsonSchema> = {};
  for (const sel of op.selectionSet.selections) {
    if (sel.kind !== Kind.FIELD) continue;
    const f = root.getFields()[sel.name.value];
    if (f) fields[sel.name.value] = selectionSchema(f.type, sel.selectionSet, route, sel.name.value);
  }
  const properties: Record<string, JsonSchema> = {};
  const at = (path: string): JsonSchema => {
    const [root, ...rest] = path.split('.');
    let s: JsonSchema = fields[root] ?? {};
    for (const k of rest)
      s = (s.items as JsonSchema | undefined)?.properties ? (((s.items as JsonSchema).properties as Record<string, JsonSchema>)[k] ?? {}) : ((s.properties as Record<string, JsonSchema>)?.[k] ?? {});
    return s;
  };
  const place = (key: string, value: JsonSchema) => {
    const keys = key.split('.');
    let t = properties;
    for (const k of keys.slice(0, -1)) {
      t[k] ??= { type: 'object', properties: {} };
      t = t[k].properties as Record<string, JsonSchema>;
    }
    t[keys.at(-1)!] = value;
  };
  for (const [key, path] of Object.entries(route.result)) {
    const value = at(path);
    if (key === '...') Object.assign(properties, (value.properties as Record<string, JsonSchema>) ?? {});
    else place(key, value);
  }
  // a list REST writes as a map keyed by one of each item's fields (RouteSpec.keyBy)
  for (const [key, { value }] of Object.entries(route.keyBy ?? {})) {
    const item = ((properties[key]?.items as JsonSchema | undefined)?.properties ?? {}) as Record<string, JsonSchema>;
    properties[key] = { type: 'object', additionalProperties: item[value] ?? {} };
  }
  for (const [key, v] of Object.entries(route.constants ?? {})) properties[key] = { type: typeof v, example: v };
  if (route.envelope === 'user') return { type: 'object', properties: { success: { type: 'boolean', const: true }, ...properties } };
  const status = route.envelope === 'result' ? { type: 'string', const: route.resultStatus } : { type: 'string', const: 'SUCCESS' };
  const trace = route.envelope === 'result' ? { trace: { type: 'string', format: 'uuid' } } : {};
  return { type: 'object', properties: { error: { type: 'boolean', const: false }, status, ...properties, ...trace } };
}

function requestSchema(route: RouteSpec, s: GraphQLSchema, components: Record<string, JsonSchema>): JsonSchema | undefined {
  const op = compileOperation(route);
  const typeOf = (t: TypeNode) => typeFromAST(s, t as never) as GraphQLInputType;
  if (route.files) {
    const properties: Record<string, JsonSchema> = {};
    const body = op.variables.find((v) => v.name === route.bodyVariable);
    if (body) {
      const ref = inputSchema(typeOf(body.type), components);
      const name = (typeof ref.$ref === 'string' ? ref.$ref : '').split('/').pop()!;
      Object.assign(properties, (components[name]?.properties as object) ?? {});
    }
    for (const field of Object.keys(route.files)) properties[field] = { type: 'string', format: 'binary' };
    return { 'multipart/form-data': { schema: { type: 'object', properties } } };
  }
  if (route.bodyVariable) {
    const v = op.variables.find((x) => x.name === route.bodyVariable)!;
    return { 'application/json': { schema: inputSchema(typeOf(v.type), components) } };
  }
  if (route.bodyFields) {
    const fields = op.variables.filter((v) => route.bodyFields!.includes(v.name));
    return {
      'application/json': {
        schema: {
          type: 'object',
          properties: Object.fromEntries(fields.map((f) => [f.name, inputSchema(typeOf(f.type), components)])),
          required: fields.filter((f) => f.type.kind === Kind.NON_NULL_TYPE).map((f) => f.name),
        },
      },
    };
  }
  return undefined;
}

const apiKeyHeader = (name: string, description: string) => ({ name: name.replace(/-/g, '_'), scheme: { type: 'apiKey', in: 'header', name, description } });
const SECURITY: Record<string, { name: string; scheme: JsonSchema }[]> = {
  none: [],
  'user-bearer': [{ name: 'userBearer', scheme: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'User access token from /v1/auth/login.' } }],
  'set-a': [
    apiKeyHeader('svc-auth-token', 'User access token or provider-context token.'),
    apiKeyHeader('svc-user-agent', 'Calling application.'),
    apiKeyHeader('svc-auth-device', 'Device the token is bound to.'),
  ],
  'set-b': [
    apiKeyHeader('X-Auth-Token', 'User access token or provider-context token.'),
    apiKeyHeader('X-User-Agent', 'Calling application.'),
    apiKeyHeader('X-Auth-Device', 'Device the token is bound to.'),
  ],
  'set-a-or-b': [
    apiKeyHeader('svc-auth-token', 'User access token or provider-context token (or X-Auth-Token with set B).'),
    apiKeyHeader('svc-user-agent', 'Calling application (or X-User-Agent).'),
    apiKeyHeader('svc-auth-device', 'Device the token is bound to (or X-Auth-Device).'),
  ],
  origin: [apiKeyHeader('origin', 'Origin allowed on the connector.')],
  'origin+svc-user-agent': [apiKeyHeader('origin', 'Origin allowed on the connector.'), apiKeyHeader('svc-user-agent', 'Calling application.')],
  'origin+intent-token': [apiKeyHeader('origin', 'Origin allowed on the CSP connector.'), apiKeyHeader('x-intent-token', 'The intent token (oit_…), from the same origin.')],
  'origin+set-a': [
    apiKeyHeader('origin', "The calling application's origin."),
    apiKeyHeader('svc-auth-token', 'Provider-context token of the IoTSP.'),
    apiKeyHeader('svc-user-agent', 'Calling application.'),
    apiKeyHeader('svc-auth-device', 'Device the token is bound to.'),
  ],
  'api-key': [{ name: 'apiKey', scheme: { type: 'http', scheme: 'bearer', description: 'Workspace API key (lpk_…).' } }],
  'api-key+workspace': [{ name: 'apiKey', scheme: { type: 'http', scheme: 'bearer', description: 'Workspace API key (lpk_…).' } }, apiKeyHeader('X-Workspace-ID', 'Workspace of the API key.')],
};

/** The root field a route's operation calls (its first), with the descriptions of the arguments its variables fill. */
function rootFieldOf(compiled: ReturnType<typeof compileOperation>, s: GraphQLSchema): { description: string; variables: Record<string, string> } {
  const op = compiled.document.definitions[0] as OperationDefinitionNode;
  const root = op.operation === OperationTypeNode.QUERY ? s.getQueryType()! : s.getMutationType()!;
  const variables: Record<string, string> = {};
  let description = '';
  for (const sel of op.selectionSet.selections) {
    if (sel.kind !== Kind.FIELD) continue;
    const field = root.getFields()[sel.name.value];
    if (!field) continue;
    description ||= (field.description ?? '').replace(/\s*REST: .*$/s, '').trim();
    for (const arg of sel.arguments ?? []) {
      const a = field.args.find((x) => x.name === arg.name.value);
      if (arg.value.kind === Kind.VARIABLE && a?.description) variables[arg.value.name.value] ??= a.description;
    }
  }
  return { description, variables };
}

/** The headers every answer carries (kernel/ratelimit.ts, kernel/observability.ts). */
const RESPONSE_HEADERS: Record<string, JsonSchema> = {
  'X-RateLimit-Limit': { description: "The caller's limit in the current window.", schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'When the window resets (Unix seconds).', schema: { type: 'integer' } },
  'x-request-id': { description: "The request's id (the client's `x-request-id` when valid, else generated); it is in every log line of the request.", schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before retrying (429 only).', schema: { type: 'integer' } },
};
const headersOf = (status: string) =>
  Object.fromEntries(
    Object.keys(RESPONSE_HEADERS)
      .filter((h) => h !== 'Retry-After' || status === '429')
      .map((h) => [h, { $ref: `#/components/headers/${h}` }]),
  );

/** A sample message per error status (the examples of the error answers). */
const ERROR_SAMPLES: Record<string, [string, string]> = {
  '400': ['VALIDATION_ERROR', 'name: must not be empty'],
  '401': ['UNAUTHORIZED', 'Missing credential: header authorization is required'],
  '403': ['FORBIDDEN', 'Your role in this workspace does not allow this'],
  '404': ['NOT_FOUND', 'Not found'],
  '409': ['CONFLICT', 'A record with this code already exists'],
  '429': ['RATE_LIMIT_EXCEEDED', 'Too many requests; retry after the time in Retry-After'],
};

/** The path template of a route as the document writes it; two routes whose templates differ only by parameter names share the first one's. */
function canonicalPath(route: RouteSpec, seen: Map<string, { path: string; names: string[] }>): { path: string; names: string[] } {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const shape = route.path.replace(/:\w+/g, ':');
  const first = seen.get(shape);
  if (first) return first;
  const own = { path: route.path.replace(/:(\w+)/g, '{$1}'), names };
  seen.set(shape, own);
  return own;
}

/** Drops the components no `$ref` reaches (after the document is built). */
function usedComponents(doc: unknown, components: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const used = new Set<string>();
  const visit = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === '$ref' && typeof x === 'string' && x.startsWith('#/components/schemas/')) {
          const name = x.slice('#/components/schemas/'.length);
          if (!used.has(name)) {
            used.add(name);
            visit(components[name]);
          }
        } else visit(x);
      }
    }
  };
  visit(doc);
  return Object.fromEntries(Object.entries(components).filter(([name]) => used.has(name)));
}

/** OpenAPI 3.1 document of every route of the table. */
export function openApiDocument(routes: RouteSpec[], config: Config): JsonSchema {
  const s = schema();
  inputSpellings = Object.assign({}, ...routes.map((r) => r.enums ?? {})) as RouteSpec['enums'];
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const shapes = new Map<string, { path: string; names: string[] }>();
  const schemesUsed = new Set<string>();
  for (const route of routes) {
    const op = compileOperation(route);
    const canonical = canonicalPath(route, shapes);
    const path = canonical.path;
    const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const root = rootFieldOf(op, s);
    const queryVars = op.variables.filter((v) => !pathParams.includes(v.name) && v.name !== route.bodyVariable && !route.bodyFields?.includes(v.name));
    const parameters = [
      // the document's name for the parameter (shared with a route of the same shape), with this route's meaning
      ...pathParams.map((name, i) => ({
        name: canonical.names[i],
        in: 'path',
        required: true,
        description: canonical.names[i] === name ? pathParamDescription(name) : `${pathParamDescription(name)} (This route reads it as \`${name}\`.)`,
        schema: { type: 'string' },
      })),
      ...queryVars.map((v) => ({
        name: v.name,
        in: 'query',
        required: v.type.kind === Kind.NON_NULL_TYPE,
        description: root.variables[v.name] ?? `The \`${v.name}\` filter.`,
        schema: inputSchema(typeFromAST(s, v.type as never) as GraphQLInputType, components),
      })),
    ];
    const limits = rateLimitOf(config, operationLimits(op.document));
    for (const x of SECURITY[route.auth]) schemesUsed.add(x.name);
    const errorEnvelope =
      route.envelope === 'user'
        ? { type: 'object', properties: { success: { const: false }, code: { type: 'string', enum: Object.keys(ERROR_CODES) }, message: { type: 'string' }, field: { type: 'string' } } }
        : { type: 'object', properties: { error: { const: true }, status: { type: 'string', enum: Object.keys(ERROR_CODES) }, message: { type: 'string' }, field: { type: 'string' } } };
    const errorExample = (status: string, code?: string) => {
      const [c, message] = ERROR_SAMPLES[status] ?? [code ?? 'INTERNAL_ERROR', 'The request could not be completed'];
      const mapped = (route.errorCodes as Record<string, string> | undefined)?.[c] ?? code ?? c;
      return route.envelope === 'user' ? { success: false, code: mapped, message } : { error: true, status: mapped, message };
    };
    const error = (description: string, status?: string, code?: string) => ({
      description,
      headers: headersOf(status ?? ''),
      content: { 'application/json': { schema: errorEnvelope, ...(status ? { example: errorExample(status, code) } : {}) } },
    });
    const body = requestSchema(route, s, components);
    // a family with result codes documents its own failures too (utilities: UTILITY::CALCULATION_FAILED … 422)
    const family = route.envelope === 'result' && route.resultStatus?.includes('::') ? `${route.resultStatus.split('::')[0]}::` : undefined;
    const familyErrors: Record<string, unknown> = {};
    for (const [code, status] of Object.entries(ERROR_CODES)) {
      if (family && code.startsWith(family) && status >= 400 && !['400', '401', '403', '404', '409', '429'].includes(String(status))) {
        const key = String(status);
        familyErrors[key] = error(
          [
            ...String((familyErrors[key] as { description?: string } | undefined)?.description ?? '')
              .split(', ')
              .filter(Boolean),
            code,
          ].join(', '),
          key,
          code,
        );
      }
    }
    for (const [code, why] of Object.entries(route.failures ?? {})) {
      const key = String(ERROR_CODES[code as keyof typeof ERROR_CODES]);
      const before = String((familyErrors[key] as { description?: string } | undefined)?.description ?? '');
      familyErrors[key] = error([...before.split('; ').filter(Boolean), `${code}: ${why}`].join('; '), key, code);
    }
    const success = responseSchema(route, s);
    if (body) for (const media of Object.values(body) as JsonSchema[]) media.example = sampleOf(media.schema as JsonSchema, components);
    paths[path] ??= {};
    const taken = paths[path][route.method.toLowerCase()] as JsonSchema | undefined;
    if (taken) {
      // two spec routes of one template (`paramValues` picks the first, docs/contract.md "OpenAPI"): one operation
      // in the document, which says what each value of the parameter does
      taken.description = `${String(taken.description)}\n\n**Other values of \`${canonical.names.at(-1)}\`** (${route.summary}): ${root.description || route.summary}`;
      continue;
    }
    paths[path][route.method.toLowerCase()] = {
      tags: [route.tag],
      summary: route.summary,
      description: [root.description || route.summary, `**Credential.** ${SCHEME_WORDS[route.auth]}`, `**Rate limit.** ${limits.words}`].join('\n\n'),
      'x-ratelimit': limits.extension,
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[/:](\w)/g, (_m, c: string) => c.toUpperCase()).replace(/\W/g, '')}`,
      security: SECURITY[route.auth].length ? [Object.fromEntries(SECURITY[route.auth].map((s) => [s.name, []]))] : [],
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: { required: true, content: body } } : {}),
      'x-graphql-operation': route.operation.replace(/\s+/g, ' '),
      responses: {
        [String(route.status ?? 200)]: { description: 'Success', headers: headersOf(''), content: { 'application/json': { schema: success, example: sampleOf(success, components) } } },
        '400': error('VALIDATION_ERROR: the field named in `message` is wrong', '400'),
        '401': error('UNAUTHORIZED: a header of the credential is missing (all of them are named), or the credential is not valid', '401'),
        ...(route.auth !== 'none' ? { '403': error('FORBIDDEN: the credential is valid but its role or kind does not allow this', '403') } : {}),
        '404': error('NOT_FOUND: no such record for this caller (records of another tenant are not found either)', '404'),
        ...(route.method !== 'GET' ? { '409': error('CONFLICT: the record already exists or its state does not allow the change', '409') } : {}),
        ...Object.fromEntries(
          Object.entries(familyErrors).map(([k, v]) =>
            k === '409' && route.method !== 'GET'
              ? [k, { ...(v as object), description: `CONFLICT: the record already exists or its state does not allow the change; ${(v as { description: string }).description}` }]
              : [k, v],
          ),
        ),
        '429': error('RATE_LIMIT_EXCEEDED (see X-RateLimit-* and Retry-After headers)', '429'),
        '500': error('INTERNAL_ERROR: a fault of the platform, never of the request; it is logged with the request id (x-request-id)', '500', 'INTERNAL_ERROR'),
        '503': error('SERVICE_UNAVAILABLE: the database is unreachable or too slow; retry shortly', '503', 'SERVICE_UNAVAILABLE'),
      },
    };
  }
  const doc = {
    openapi: '3.1.0',
    info: {
      title: 'Logistics Platform REST API',
      version: '1.0.0',
      description:
        'The REST compatibility layer of the Logistics Platform: every route is one GraphQL operation on the federated gateway (docs/contract.md). Front-end teams may use GraphQL directly at `/graphql` (docs/graphql.md).',
    },
    servers: [{ url: config.publicUrl }],
    paths,
  };
  return {
    ...doc,
    components: {
      schemas: usedComponents(doc, components),
      headers: RESPONSE_HEADERS,
      securitySchemes: Object.fromEntries(
        Object.values(SECURITY)
          .flat()
          .filter((x) => schemesUsed.has(x.name))
          .map((x) => [x.name, x.scheme]),
      ),
    },
  };
}
