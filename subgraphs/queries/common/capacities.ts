import type { Capacity } from './types.js';

/**
 * A service's capacities (docs/queries.md "Capacity"): the kinds its LSP declares on the facility (`capacities`:
 * {type, total, used, reserved?, unit}), then the ones the registry computes (a carrier's VEHICLES from its fleet's
 * vehicles). Pure: what the store and the capacity area turn stored JSON into.
 */
interface Stated {
  type?: unknown;
  total?: unknown;
  used?: unknown;
  reserved?: unknown;
  unit?: unknown;
  lastUpdated?: unknown;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);

/** One capacity from what was stated: available = max(0, total − used − reserved); utilization = 100 × used ÷ total (2 decimals; 0 when total is 0). */
export function capacityOf(s: Stated, lastUpdated: Date): Capacity | undefined {
  const total = num(s.total);
  const used = num(s.used);
  if (typeof s.type !== 'string' || total === undefined || used === undefined) return undefined;
  const reserved = num(s.reserved);
  const available = Math.max(0, total - used - (reserved ?? 0));
  const at = typeof s.lastUpdated === 'string' ? new Date(s.lastUpdated) : lastUpdated;
  return {
    type: s.type,
    total,
    used,
    available,
    reserved: reserved ?? null,
    utilizationRate: total > 0 ? Math.round((used / total) * 10_000) / 100 : 0,
    unit: typeof s.unit === 'string' ? s.unit : '',
    lastUpdated: at,
  };
}

/** Every capacity of a service, declared first, each kind once (a declared kind wins over a computed one of the same name). */
export function capacitiesOf(declared: unknown[], computed: unknown[], lastUpdated: Date): Capacity[] {
  const out = new Map<string, Capacity>();
  for (const s of [...declared, ...computed]) {
    const c = s && typeof s === 'object' ? capacityOf(s, lastUpdated) : undefined;
    if (c && !out.has(c.type)) out.set(c.type, c);
  }
  return [...out.values()];
}
