import { performance } from 'node:perf_hooks';
import { notFound, validationError } from '../../../kernel/errors.js';
import { catchUpBatches } from '../../../kernel/events.js';
import { storedPoint } from '../../../kernel/graphql-types.js';
import type { QueriesScope } from '../common/scope.js';
import type { Capacity } from '../common/types.js';
import { countMatching, findRow, rowCapacities, searchRows, splitCompositeId, toEntry, withCoverage, type Criteria, type EntryRow } from './store.js';
import { applyRegistryBatch, REGISTRY_CONSUMER, REGISTRY_TOPICS } from './sync.js';
import type { AdvancedDiscoveryInput, AvailabilityInput, DiscoveryInput, DiscoveryResult, ServiceAnswer, ServiceCount } from './types.js';

/**
 * Discovery over the service registry (spec group 17 `/discovery/*`; docs/queries.md "Discovery"). Every search is
 * one index-backed statement for the page (plus one count when the page does not say it) and one for the page's
 * coverage.
 */

/** The criteria of a discovery input. */
export function criteriaOf(input: DiscoveryInput): Criteria {
  const f = input.filters ?? {};
  const near = storedPoint(input.location?.coordinates, 'location.coordinates');
  return {
    serviceType: input.serviceType,
    // checked and normalized as every point of the platform (a denormal degree is 0: spatial functions would underflow)
    near: near ? { lat: near[0], lng: near[1], maxDistanceKm: input.location?.maxDistance ?? undefined } : undefined,
    status: f.status ?? 'ACTIVE',
    lsp: f.lsp ?? undefined,
    tags: f.tags ?? undefined,
    country: f.country ?? undefined,
    city: f.city ?? undefined,
  };
}

const ms = (t0: number) => Math.round((performance.now() - t0) * 1000) / 1000;

async function discover(s: QueriesScope, c: Criteria, input: DiscoveryInput, withCapacity?: (row: EntryRow) => Capacity | null): Promise<DiscoveryResult> {
  const t0 = performance.now();
  const { rows, total } = await searchRows(s.em, s.workspaceId, c, input.limit ?? 20, input.offset ?? 0);
  const services = await withCoverage(
    s.em,
    s.workspaceId,
    rows.map((r) => ({ ...toEntry(r), capacity: withCapacity ? withCapacity(r) : null })),
  );
  return { status: total > 0 ? 'SUCCESS' : 'NO_RESULTS', services, total, executionTimeMs: ms(t0) };
}

export const discoverServices = (s: QueriesScope, input: DiscoveryInput) => discover(s, criteriaOf(input), input);

/** At most this much JSON in an advanced search's `capabilities`. */
export const CAPABILITIES_MAX_BYTES = 2048;

export function discoverServicesAdvanced(s: QueriesScope, input: AdvancedDiscoveryInput): Promise<DiscoveryResult> {
  if (input.capabilities && Buffer.byteLength(JSON.stringify(input.capabilities)) > CAPABILITIES_MAX_BYTES) {
    throw validationError('capabilities', `must be at most ${CAPABILITIES_MAX_BYTES} bytes of JSON`);
  }
  const c: Criteria = { ...criteriaOf(input), capabilities: input.capabilities ?? undefined, thresholds: input.performanceThresholds ?? undefined };
  return discover(s, c, input);
}

export function discoverAvailableServices(s: QueriesScope, input: AvailabilityInput): Promise<DiscoveryResult> {
  const type = input.capacityType ?? undefined;
  const c: Criteria = { ...criteriaOf(input.criteria), capacity: { type, min: input.minCapacity ?? 0 } };
  return discover(s, c, input.criteria, (row) => {
    const all = rowCapacities(row);
    return (type ? all.find((k) => k.type === type) : all.find((k) => k.available >= (input.minCapacity ?? 0))) ?? null;
  });
}

export async function countServices(s: QueriesScope, input: DiscoveryInput): Promise<ServiceCount> {
  const count = await countMatching(s.em, s.workspaceId, criteriaOf(input));
  return { status: count > 0 ? 'SUCCESS' : 'NO_RESULTS', count };
}

/**
 * One entry of the caller's workspace by `<lsp>:<serviceId>`, any status; NOT_FOUND otherwise (another workspace's too).
 * A miss first applies the events not yet consumed (read your writes: a service created a moment ago).
 */
export async function entryRow(s: QueriesScope, lsp: string, serviceId: string): Promise<EntryRow> {
  let row = await findRow(s.em, s.workspaceId, lsp, serviceId);
  if (!row && (await catchUpRegistry(s))) row = await findRow(s.em, s.workspaceId, lsp, serviceId);
  if (!row) throw notFound(`service ${lsp}:${serviceId}`);
  return row;
}

/** Applies the registry's pending events now; how many. */
export const catchUpRegistry = (s: QueriesScope) => catchUpBatches(s.em.fork(), REGISTRY_CONSUMER, REGISTRY_TOPICS, applyRegistryBatch);

export async function serviceEntry(s: QueriesScope, compositeId: string): Promise<ServiceAnswer> {
  const key = splitCompositeId(compositeId);
  if (!key) throw notFound(`service ${compositeId}`);
  const row = await entryRow(s, key.lsp, key.serviceId);
  const [service] = await withCoverage(s.em, s.workspaceId, [toEntry(row)]);
  return { service };
}
