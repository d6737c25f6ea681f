/** What the platform reads from a parsed report: its values nested as JSON (`nest`) and the instant it was measured (`measuredAt`). */

import { isObject, quote } from './text.js';
import { type TelemetryValue, type TelemetryValues } from './vocabulary.js';

/**
 * The flat values as nested objects, splitting each key on `.`: `{'position.latitude': 1}` → `{position: {latitude: 1}}`.
 * Keys are taken in order; a key that is both a value and a parent of another key (`a` and `a.b`) throws an Error
 * (never the case for FIELD_NAMES). `__proto__` and the like are stored as own properties, never as prototypes.
 */
export function nest(values: TelemetryValues): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  const put = (obj: Record<string, unknown>, key: string, value: unknown) => Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  for (const key of Object.keys(values)) {
    const path = key.split('.');
    let node = root;
    for (let i = 0; i < path.length - 1; i++) {
      const seg = path[i];
      const next = Object.hasOwn(node, seg) ? node[seg] : undefined;
      if (next === undefined) {
        const child: Record<string, unknown> = {};
        put(node, seg, child);
        node = child;
      } else if (isObject(next)) node = next;
      else throw new Error(`nest: ${quote(key)} needs ${quote(path.slice(0, i + 1).join('.'))} to be an object, but it is a value`);
    }
    const leaf = path[path.length - 1];
    if (Object.hasOwn(node, leaf)) throw new Error(`nest: ${quote(key)} is both a value and the parent of other keys`);
    put(node, leaf, values[key]);
  }
  return root;
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
const COMPACT_TIME = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** The instant of calendar fields in UTC, or null when a field is out of range (Feb 30, 24:00, second 60…). */
function utc(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number): number | null {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  if (d.getUTCDate() !== day) return null;
  d.setUTCHours(hour, minute, second, ms);
  return d.getTime();
}

function timeOf(v: TelemetryValue | undefined): Date | null {
  let ms: number | null = null;
  if (typeof v === 'number') ms = Number.isFinite(v) ? (v > 1e11 ? v : v * 1000) : null;
  else if (typeof v === 'string') {
    let m = COMPACT_TIME.exec(v);
    if (m) ms = utc(2000 + Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), 0);
    else if ((m = ISO_TIME.exec(v))) {
      const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m;
      ms = utc(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s), Number(frac.slice(0, 3).padEnd(3, '0')));
      if (ms !== null && zone !== 'Z') {
        const oh = Number(zone.slice(1, 3));
        const om = zone.length > 3 ? Number(zone.slice(-2)) : 0;
        if (oh > 23 || om > 59) return null;
        ms -= (zone[0] === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
      }
    }
  }
  if (ms === null) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * When the report was measured: `position.time`, else `device.time`: a number with unit seconds (or no unit) = Unix seconds; a number > 1e11 = epoch ms; a string = ISO-8601 or `YYMMDDhhmmss` (UTC). null when absent or not a valid time.
 *
 * The first of the two that is not null decides (an invalid position.time does not fall back to device.time: the
 * device's clock is not the fix's). ISO-8601 is `YYYY-MM-DD[THH:MM[:SS[.fff…]][Z|±HH[[:]MM]]]`, UTC without an offset;
 * calendar fields out of range (Feb 30, 24:00, second 60) are not a valid time. `YYMMDDhhmmss` is in 20YY. checkRule
 * allows no unit but seconds on these fields, so a number is never in another unit.
 */
export function measuredAt(values: TelemetryValues): Date | null {
  const pick = (key: string) => (Object.hasOwn(values, key) ? values[key] : null);
  return timeOf(pick('position.time') ?? pick('device.time'));
}
