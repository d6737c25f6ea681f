import { validationError } from '../../../kernel/errors.js';
import { isForbiddenKey } from '../../../kernel/input.js';
import type { CustomMetadata, CustomMetadataInput, NotificationSettings, NotificationSettingsInput } from './types.js';

/** The stored custom metadata (UTF-8 JSON) is at most 10 KB, and its free fields at most 3 levels deep. */
export const METADATA_MAX_BYTES = 10 * 1024;
export const METADATA_MAX_DEPTH = 3;

/** A new account's notifications: e-mail on (marketing off), push on, SMS off. */
export const defaultNotificationSettings = (): NotificationSettings => ({
  email: { enabled: true, orderUpdates: true, marketing: false, security: true },
  push: { enabled: true, orderUpdates: true, messages: true },
  sms: { enabled: false, orderUpdates: false },
});

/** `target` with the switches `patch` gives (absent and null ones keep their value). */
export function withSwitches<T extends object>(target: T, patch: Partial<T> | undefined): T {
  const out = { ...target };
  for (const [k, v] of Object.entries(patch ?? {})) if (v !== undefined && v !== null) (out as Record<string, unknown>)[k] = v;
  return out;
}

/** The notification settings after a partial change, channel by channel. */
export const changedNotifications = (current: NotificationSettings, input: NotificationSettingsInput): NotificationSettings => ({
  email: withSwitches(current.email, input.email),
  push: withSwitches(current.push, input.push),
  sms: withSwitches(current.sms, input.sms),
});

/** Checks custom fields: plain objects of strings, at most METADATA_MAX_DEPTH levels; null removes a key. */
function checkCustomFields(value: unknown, path: string, depth: number): void {
  if (isForbiddenKey(path.slice(path.lastIndexOf('.') + 1))) throw validationError(path, 'is not an accepted key');
  if (value === null || typeof value === 'string') return;
  if (typeof value !== 'object' || Array.isArray(value)) throw validationError(path, 'values must be strings (JSON-stringify other values)');
  if (depth >= METADATA_MAX_DEPTH) throw validationError(path, `nesting deeper than ${METADATA_MAX_DEPTH} levels`);
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) checkCustomFields(v, `${path}.${k}`, depth + 1);
}

/** `patch` merged into `target`, object by object: a null value removes its key. */
function mergeFields(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out = { ...target };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else if (typeof v === 'object') out[k] = mergeFields(Object.hasOwn(out, k) && typeof out[k] === 'object' && out[k] ? (out[k] as Record<string, unknown>) : {}, v as Record<string, unknown>);
    else out[k] = v;
  }
  return out;
}

/** The custom metadata after a partial change; VALIDATION_ERROR for a bad key or value, or past METADATA_MAX_BYTES. */
export function changedCustomMetadata(current: CustomMetadata, input: CustomMetadataInput): CustomMetadata {
  if (input.customFields !== undefined && input.customFields !== null) {
    for (const [k, v] of Object.entries(input.customFields)) checkCustomFields(v, `customFields.${k}`, 1);
  }
  const preferences = { ...current.preferences };
  for (const [k, v] of Object.entries(input.preferences ?? {})) {
    if (v === null) delete (preferences as Record<string, unknown>)[k];
    else if (v !== undefined) (preferences as Record<string, unknown>)[k] = v;
  }
  const next: CustomMetadata = {
    preferences,
    customFields: input.customFields ? mergeFields(current.customFields, input.customFields) : current.customFields,
  };
  if (Buffer.byteLength(JSON.stringify(next)) > METADATA_MAX_BYTES) {
    throw validationError('customFields', `metadata must not exceed ${METADATA_MAX_BYTES / 1024} KB`);
  }
  return next;
}
