import { validationError } from '../../../kernel/errors.js';
import { ConnectorStatus } from '../../../domain/vocabulary.js';
import type { ConnectorAction } from './types.js';

/** Pure rules of connectors and their access tokens (no I/O). */

/** An origin is `scheme://host[:port]` (http or https), no path, query or credentials; compared as URL writes it (lower case, no default port). */
export function normalizeOrigin(value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw validationError(field, `"${value}" is not an origin such as https://app.example.com`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw validationError(field, `"${value}" is not an origin such as https://app.example.com`);
  }
  return url.origin;
}

/** The origins a connector allows: at most 50, each normalized, duplicates dropped. */
export function allowedOrigins(origins: string[]): string[] {
  if (origins.length > 50) throw validationError('origins', 'at most 50 origins');
  return [...new Set(origins.map((o, i) => normalizeOrigin(o, `origins.${i}`)))];
}

/** The status an action leads to. */
export const statusAfter = (action: ConnectorAction): ConnectorStatus => (action === 'ENABLE' ? ConnectorStatus.ENABLED : ConnectorStatus.DISABLED);
