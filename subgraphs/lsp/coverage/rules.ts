import { AppError, collectionFull, notFound, validationError } from '../../../kernel/errors.js';
import { DAYS, type DayOfWeek } from '../common/enums.js';
import type { Coverage, CoveragePoint, CoverageSchedule } from './entities.js';
import { TRANSIT_TYPES, type CoverageKind, type CoverageTransitType } from './enums.js';
import { MAX_LINKS, MAX_TRANSIT_POINTS, type CoverageEntryRemoveInput, type CoverageScheduleInput, type CoverageTransitTimeInput } from './types.js';

/**
 * The rules of coverage records (docs/lsp-coverage.md) that need no database: transit types, schedules, cities, the
 * INACTIVE → ACTIVE condition, and the linkedTo / transit-point lists. Pure: each takes values and returns a value or
 * throws the documented error; service.ts loads, saves and publishes around them.
 */

/**
 * The transit type of an operation, if the kind has it (an area has only FIRST_MILE, LAST_MILE and DOOR_TO_DOOR); else
 * 400 naming `field` (the argument; REST names it after the path's `:type` or the `transitType` filter).
 */
export function transitTypeOf(type: CoverageTransitType, kind: CoverageKind, field = 'transitType'): CoverageTransitType {
  const allowed = TRANSIT_TYPES[kind];
  if (!allowed.includes(type)) {
    throw validationError(field, `must be a transit type of a coverage ${kind.toLowerCase()}: ${allowed.join(', ')}`);
  }
  return type;
}

/** A body's `transit.type`, when given, must say the same as the operation. */
export function checkBodyTransitType(given: CoverageTransitType | undefined | null, type: CoverageTransitType): void {
  if (given === undefined || given === null) return;
  if (given !== type) throw validationError('transit.type', `must match the :type of the path (${type}) or be left out`);
}

/** Transit time: `max.hour` at least `min.hour`. */
export function timeOf(time: CoverageTransitTimeInput, field = 'transit.time') {
  if (time.max.hour < time.min.hour) throw validationError(`${field}.max.hour`, `must be at least min.hour (${time.min.hour})`);
  return { min: { hour: time.min.hour }, max: { hour: time.max.hour } };
}

/** Schedules: no day or departure twice; days in week order, departures sorted. */
export function schedulesOf(input: CoverageScheduleInput[] | undefined | null): CoverageSchedule[] {
  return (input ?? []).map((sch, i) => {
    const days = new Set<DayOfWeek>();
    for (const day of sch.operatingDays) {
      if (days.has(day)) throw validationError(`schedules.${i}.operatingDays`, `${day} is given twice`);
      days.add(day);
    }
    const departures = new Set<string>();
    (sch.departureTimes ?? []).forEach((d, j) => {
      const key = `${d.value} ${d.timezone}`;
      if (departures.has(key)) throw validationError(`schedules.${i}.departureTimes.${j}`, `${d.value} ${d.timezone} is given twice`);
      departures.add(key);
    });
    return {
      frequency: sch.frequency,
      departureTimes: (sch.departureTimes ?? []).map((d) => ({ value: d.value, timezone: d.timezone })).sort((a, b) => a.value.localeCompare(b.value) || a.timezone.localeCompare(b.timezone)),
      operatingDays: DAYS.filter((d) => days.has(d)),
    };
  });
}

/** Cities: trimmed, no duplicates (case-insensitive); `city` and `cities` are alternatives. */
export function citiesOf(city: string | undefined | null, cities: string[] | undefined | null): string[] | undefined {
  if (city != null && cities != null) throw validationError('cities', 'give city or cities, not both');
  if (city != null) return [city.trim()];
  if (cities == null) return undefined;
  const seen = new Set<string>();
  return cities.map((c, i) => {
    const name = c.trim();
    if (!name) throw validationError(`cities.${i}`, 'must not be blank');
    if (seen.has(name.toLowerCase())) throw validationError(`cities.${i}`, `${name} is given twice`);
    seen.add(name.toLowerCase());
    return name;
  });
}

/** The parts of a record the ACTIVE condition reads. */
export type ActivationView = Pick<Coverage, 'type' | 'status' | 'cities' | 'linkedTo' | 'origin' | 'destination'>;

/** What a record needs before it may be ACTIVE: an area serves some city or is linked; a route has both ends. */
export function missingForActive(r: ActivationView): string | undefined {
  if (r.type === 'AREA') return (r.cities?.length ?? 0) + (r.linkedTo?.length ?? 0) > 0 ? undefined : 'an ACTIVE area needs at least one city or linkedTo entry';
  return r.origin && r.destination ? undefined : 'an ACTIVE route needs an origin and a destination';
}

/** An ACTIVE record must be complete: CONFLICT on `status`, telling to send INACTIVE when the change did not set it. */
export function checkActive(r: ActivationView, statusGiven: boolean): void {
  if (r.status !== 'ACTIVE') return;
  const missing = missingForActive(r);
  if (missing) throw new AppError('CONFLICT', `status: ${missing}${statusGiven ? '' : '; send status INACTIVE with this change'}`, 'status');
}

/** A route's capacity: sits, packages or both. */
export function routeCapacity(c: { sits?: number | null; packages?: number | null }) {
  if (c.sits == null && c.packages == null) throw validationError('capacity', 'give sits, packages or both');
  return { sits: c.sits ?? null, packages: c.packages ?? null };
}

/** A node cannot be both ends of a route. */
export function checkEnds(r: Pick<Coverage, 'origin' | 'destination'>): void {
  if (r.origin?.id && r.origin.id === r.destination?.id) throw validationError('destination.id', 'must differ from the origin');
}

/** Which entry of `list` a remove body names: `{index}` or `{id}` (the node id), exactly one. */
export function entryIndex(list: CoveragePoint[], input: CoverageEntryRemoveInput, what: string): number {
  const hasIndex = input.index !== undefined && input.index !== null;
  const hasId = input.id !== undefined && input.id !== null;
  if (hasIndex && hasId) throw validationError('id', 'give index or id, not both');
  if (!hasIndex && !hasId) throw validationError('index', 'give index (0-based position) or id (of the node)');
  if (hasIndex) {
    if (input.index! >= list.length) throw notFound(`${what} at index ${input.index}`);
    return input.index!;
  }
  const at = list.findIndex((e) => e.id === input.id);
  if (at < 0) throw notFound(`${what} naming node ${input.id}`);
  return at;
}

/** `links` with `point` appended: at most MAX_LINKS entries, a node once. */
export function withLink(links: CoveragePoint[], point: CoveragePoint): CoveragePoint[] {
  if (links.length >= MAX_LINKS) throw collectionFull('linkedTo', `an area has at most ${MAX_LINKS} linkedTo entries; unlink one first`);
  if (point.id && links.some((e) => e.id === point.id)) throw new AppError('CONFLICT', `id: the area is already linked to this ${point.type}`, 'id');
  return [...links, point];
}

/** `points` with `point` inserted at `position` (default: after the last): at most MAX_TRANSIT_POINTS, a node once. */
export function withTransitPoint(points: CoveragePoint[], point: CoveragePoint, position: number | undefined | null): CoveragePoint[] {
  if (points.length >= MAX_TRANSIT_POINTS) throw collectionFull('transitPoints', `a route has at most ${MAX_TRANSIT_POINTS} transit points; remove one first`);
  if (point.id && points.some((e) => e.id === point.id)) throw new AppError('CONFLICT', `id: the route already passes through this ${point.type}`, 'id');
  const at = position ?? points.length;
  if (at > points.length) throw validationError('position', `must be between 0 and ${points.length}`);
  return [...points.slice(0, at), point, ...points.slice(at)];
}
