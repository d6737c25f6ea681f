import type { Config } from '../kernel/config.js';
import { ROUTE_LIMITS, type RouteLimit } from '../kernel/ratelimit.js';
import type { CredentialScheme } from './routes/types.js';

/**
 * The prose and the examples of the OpenAPI document (rest-bridge/openapi.ts): each operation's credential and rate
 * limit in words, each parameter's meaning, and examples generated from the schemas with realistic values (a
 * Rotterdam port address, an ISO instant, a UUID …). test/unit/openapi-examples.test.ts checks every example against
 * its own schema.
 */
type JsonSchema = Record<string, unknown>;

/** What each credential scheme asks for, in words (docs/contract.md, "Credentials"). */
export const SCHEME_WORDS: Record<CredentialScheme, string> = {
  none: 'None: the route is public.',
  'user-bearer': '`Authorization: Bearer <access token>`: a user access token from `POST /v1/auth/login` or `POST /v1/auth/register`.',
  'set-a':
    'Header set A: `svc-auth-token` (a user access token, or a provider-context token where the route acts as a provider), `svc-user-agent` (the calling application) and `svc-auth-device` (the device id the token was issued for).',
  'set-b': 'Header set B: `X-Auth-Token` (a provider-context token), `X-User-Agent` (the calling application) and `X-Auth-Device` (the device id the token was issued for).',
  'set-a-or-b': 'Header set A (`svc-auth-token`, `svc-user-agent`, `svc-auth-device`) or header set B (`X-Auth-Token`, `X-User-Agent`, `X-Auth-Device`), with a provider-context token.',
  origin:
    "`Origin`: an origin allowed on an enabled connector of the workspace (the connector's own allow-list, not CORS_ORIGINS); for client orders, a CSP connector's (server-to-server callers may add `Authorization: Bearer <connector access token>` of that connector).",
  'origin+svc-user-agent': '`Origin` (an origin allowed on an enabled connector of the workspace) and `svc-user-agent` (the calling application).',
  'origin+intent-token':
    '`Origin` (an origin an enabled CSP connector allows) and `x-intent-token` (the token `POST /v1/order/intent` answered, from the same origin). Server-to-server callers may add `Authorization: Bearer <connector access token>` of that connector.',
  'origin+set-a':
    "Header set A with a provider-context token of an IoTSP (`svc-auth-token`, `svc-user-agent`, `svc-auth-device`), and `Origin` (the calling application's origin; required by the spec on these routes, not a credential of its own).",
  'api-key': '`Authorization: Bearer <API key>`: a workspace API key (`lpk_…`, shown once at creation).',
  'api-key+workspace': '`Authorization: Bearer <API key>` and `X-Workspace-ID`: a workspace API key and the id of its workspace.',
};

const per = (seconds: number) => (seconds === 60 ? 'a minute' : seconds === 3600 ? 'an hour' : seconds === 86_400 ? 'a day' : `per ${seconds} s`);

/** The rate limits a route meets, in words and as the `x-ratelimit` extension. */
export function rateLimitOf(config: Config, routeLimits: RouteLimit[]): { words: string; extension: JsonSchema[] } {
  const windows = [
    { name: 'general', points: config.RATE_LIMIT_PER_MINUTE, duration: 60 },
    { name: 'general', points: config.RATE_LIMIT_PER_HOUR, duration: 3600 },
    ...[...new Set(routeLimits)].map((name) => ({ name, ...ROUTE_LIMITS[name] })),
  ];
  const general = `${config.RATE_LIMIT_PER_MINUTE} requests a minute and ${config.RATE_LIMIT_PER_HOUR} an hour per caller, shared by every route`;
  const own = [...new Set(routeLimits)].map((name) => `${ROUTE_LIMITS[name].points} ${name.replace(/-/g, ' ')} ${per(ROUTE_LIMITS[name].duration)}`);
  return {
    words: `${general}${own.length ? `; and ${own.join(', ')} per caller` : ''}. Every answer carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\`; a refusal is 429 with \`Retry-After\`.`,
    extension: windows.map((w) => ({ window: w.name, limit: w.points, periodSeconds: w.duration })),
  };
}

/** Path parameters of the spec, by the name the route table gives them. */
const PATH_PARAMS: Record<string, string> = {
  wid: 'The workspace id (a UUID).',
  xcode: 'The code of a provider of the workspace, as chosen at set-up.',
  icode: 'The code of the calling provider, as chosen at set-up.',
  ctype: 'The provider kind: `lsp`, `csp`, `dev` or `iotsp`.',
  userId: "A user's id (a UUID).",
  id: "The record's id (a UUID).",
  vid: "The vehicle's id (a UUID).",
  type: 'The coverage kind, e.g. `last_mile`, `line_haul` (docs/lsp-coverage.md).',
  reference: "The record's reference.",
  code: "The record's code.",
  token: 'The invitation token, as sent to the invitee.',
  kind: 'The facility kind.',
  operation: 'What to do: `archive` or `restore` (an FAQ), any case; `lock` and `unlock` take the same place (`:lockstate`).',
  lockstate: '`lock` or `unlock` (an FAQ), any case.',
  invitationId: "The invitation's id (a UUID).",
};

export function pathParamDescription(name: string): string {
  return PATH_PARAMS[name] ?? `The \`${name}\` of the record.`;
}

const UUID = '3f0c2a9e-8b1d-4c6e-9a57-2d4b8e1f6a03';

/** A plausible value for a string field, by its name. */
function stringFor(key: string, schema: JsonSchema): string {
  const k = key.toLowerCase();
  if (schema.format === 'date-time') return '2026-11-23T09:30:00.000Z';
  if (schema.format === 'uuid' || k === 'id' || /id$/.test(k)) return UUID;
  if (schema.format === 'binary') return '<file>';
  if (k.includes('email')) return 'ada@example.com';
  if (k.includes('phone')) return '+31102521010';
  if (k.includes('password')) return 'correct horse battery staple';
  if (k.includes('url') || k.includes('website') || k === 'avatar') return 'https://example.com/assets/1';
  if (k.includes('origin')) return 'https://shop.example.com';
  if (k.includes('token') || k === 'secret' || k === 'key') return '<shown once>';
  if (k === 'currency') return 'EUR';
  if (k === 'country' || k === 'countrycode') return 'NL';
  if (k === 'city') return 'Rotterdam';
  if (k.includes('postal') || k === 'zip') return '3089 JB';
  if (k === 'street' || k.includes('address') || k === 'line1') return 'Waalhaven Zuidzijde 19';
  if (k === 'timezone') return 'Europe/Amsterdam';
  if (k === 'language' || k === 'locale') return 'en';
  if (k === 'code' || k.endsWith('code')) return 'RTM-01';
  if (k.includes('name')) return 'Waalhaven depot';
  if (k === 'trace') return UUID;
  if (k === 'message') return 'Done';
  return 'string';
}

function numberFor(key: string, integer: boolean): number {
  const k = key.toLowerCase();
  if (k === 'lat' || k.includes('latitude')) return 51.8917;
  if (k === 'lng' || k === 'lon' || k.includes('longitude')) return 4.4211;
  if (/(at|time|timestamp|stamp)$/.test(k)) return 1795426200000;
  if (k === 'page') return 1;
  if (k === 'limit') return 20;
  if (k.includes('total') || k.includes('count')) return 1;
  return integer ? 1 : 12.5;
}

/** An example value for `schema` (components resolved; `key` is the property's name, for realistic values). */
export function sampleOf(schema: JsonSchema, components: Record<string, JsonSchema>, key = '', depth = 0): unknown {
  if (depth > 12) return null;
  if (typeof schema.$ref === 'string') return sampleOf(components[schema.$ref.split('/').pop()!] ?? {}, components, key, depth);
  if ('example' in schema) return schema.example;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const k of ['oneOf', 'anyOf'] as const) {
    const options = schema[k] as JsonSchema[] | undefined;
    if (options) return sampleOf(options.find((o) => o.type !== 'null') ?? options[0], components, key, depth);
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sampleOf(v, components, k, depth + 1)]));
    }
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      if (schema.minItems === 2 && schema.maxItems === 2) return [51.8917, 4.4211];
      return [sampleOf(items, components, key, depth + 1)];
    }
    case 'string':
      return stringFor(key, schema);
    case 'integer':
      return numberFor(key, true);
    case 'number':
      return numberFor(key, false);
    case 'boolean':
      return true;
    default:
      return null;
  }
}
