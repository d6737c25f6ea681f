import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { CoveragePoint } from '../../subgraphs/lsp/coverage/entities.js';
import { valuesOf } from '../../kernel/graphql-types.js';
import {
  checkActive,
  checkBodyTransitType,
  checkEnds,
  citiesOf,
  entryIndex,
  missingForActive,
  routeCapacity,
  schedulesOf,
  timeOf,
  transitTypeOf,
  withLink,
  withTransitPoint,
  type ActivationView,
} from '../../subgraphs/lsp/coverage/rules.js';
import { CoverageTransitType, TRANSIT_TYPES } from '../../subgraphs/lsp/coverage/enums.js';
import type { CoverageEntryRemoveInput, CoverageScheduleInput } from '../../subgraphs/lsp/coverage/types.js';
import { checkAllocatable, checkDeallocatable, checkStatusChange } from '../../subgraphs/lsp/fleets/rules.js';
import { failure } from './support.js';

/**
 * The state and list rules of LSP coverage records (docs/lsp-coverage.md: ":type", "Create bodies", "Status",
 * "Link, unlink, transit points") and of vehicle allocation (docs/lsp.md, "Allocation"), without a database.
 */

const AREA_TYPES = ['FIRST_MILE', 'LAST_MILE', 'DOOR_TO_DOOR'];
const ROUTE_TYPES = ['FIRST_MILE', 'MIDDLE_MILE', 'LAST_MILE', 'LINE_HAUL', 'HUB_TO_HUB', 'HUB_TO_TERMINAL', 'TERMINAL_TO_HUB', 'TERMINAL_TO_TERMINAL', 'DOOR_TO_DOOR', 'CROSS_BORDER'];

describe(':type, the transit type (docs/lsp-coverage.md)', () => {
  // (the spelling of a REST `:type`, any case with - for _, is the bridge's: test/unit/wire.test.ts)
  it("every transit type of the doc's table is accepted for its kind, and only those; the field is named by the caller", () => {
    for (const t of AREA_TYPES) expect(transitTypeOf(t as CoverageTransitType, 'AREA')).toBe(t);
    for (const t of ROUTE_TYPES) expect(transitTypeOf(t as CoverageTransitType, 'ROUTE')).toBe(t);
    expect(failure(() => transitTypeOf('LINE_HAUL', 'AREA'))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'transitType',
      message: 'transitType: must be a transit type of a coverage area: FIRST_MILE, LAST_MILE, DOOR_TO_DOOR',
    });
    expect(failure(() => transitTypeOf('CROSS_BORDER', 'AREA', 'type'))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'type',
      message: 'type: must be a transit type of a coverage area: FIRST_MILE, LAST_MILE, DOOR_TO_DOOR',
    });
  });

  it("the graph's CoverageTransitType lists exactly the doc's route types, and TRANSIT_TYPES the doc's table", () => {
    expect(valuesOf(CoverageTransitType)).toEqual(ROUTE_TYPES);
    expect(TRANSIT_TYPES).toEqual({ AREA: AREA_TYPES, ROUTE: ROUTE_TYPES });
  });

  it("the body's transit.type may be left out, or must name the operation's type", () => {
    expect(() => checkBodyTransitType(undefined, 'LAST_MILE')).not.toThrow();
    expect(() => checkBodyTransitType(null, 'LAST_MILE')).not.toThrow();
    expect(() => checkBodyTransitType('LAST_MILE', 'LAST_MILE')).not.toThrow();
    expect(failure(() => checkBodyTransitType('FIRST_MILE', 'LAST_MILE'))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'transit.type',
      message: 'transit.type: must match the :type of the path (LAST_MILE) or be left out',
    });
  });
});

describe('create and update body rules', () => {
  it('transit time: max.hour must be at least min.hour; equal is fine', () => {
    const t = (min: number, max: number) => ({ min: { hour: min }, max: { hour: max } });
    expect(timeOf(t(2, 2))).toEqual({ min: { hour: 2 }, max: { hour: 2 } });
    expect(timeOf(t(1.5, 48))).toEqual({ min: { hour: 1.5 }, max: { hour: 48 } });
    expect(failure(() => timeOf(t(5, 4)))).toEqual({ code: 'VALIDATION_ERROR', field: 'transit.time.max.hour', message: 'transit.time.max.hour: must be at least min.hour (5)' });
  });

  it('schedules: days in week order, departures sorted by time then zone; none is []', () => {
    const input = [
      {
        frequency: 'DAILY',
        operatingDays: ['SUNDAY', 'MONDAY', 'FRIDAY'],
        departureTimes: [
          { value: '18:00', timezone: 'Africa/Nairobi' },
          { value: '06:30', timezone: 'UTC' },
          { value: '06:30', timezone: 'Africa/Nairobi' },
        ],
      },
    ] as CoverageScheduleInput[];
    expect(schedulesOf(input)).toEqual([
      {
        frequency: 'DAILY',
        operatingDays: ['MONDAY', 'FRIDAY', 'SUNDAY'],
        departureTimes: [
          { value: '06:30', timezone: 'Africa/Nairobi' },
          { value: '06:30', timezone: 'UTC' },
          { value: '18:00', timezone: 'Africa/Nairobi' },
        ],
      },
    ]);
    expect(schedulesOf(undefined)).toEqual([]);
    expect(schedulesOf(null)).toEqual([]);
    expect(schedulesOf([{ frequency: 'ON_DEMAND', operatingDays: ['TUESDAY'] }])).toEqual([{ frequency: 'ON_DEMAND', operatingDays: ['TUESDAY'], departureTimes: [] }]);
  });

  it('schedules: a day or a departure given twice is 400 naming it by position', () => {
    expect(
      failure(() =>
        schedulesOf([
          { frequency: 'DAILY', operatingDays: ['MONDAY'] },
          { frequency: 'DAILY', operatingDays: ['MONDAY', 'TUESDAY', 'MONDAY'] },
        ] as CoverageScheduleInput[]),
      ),
    ).toEqual({ code: 'VALIDATION_ERROR', field: 'schedules.1.operatingDays', message: 'schedules.1.operatingDays: MONDAY is given twice' });
    expect(
      failure(() =>
        schedulesOf([
          {
            frequency: 'DAILY',
            operatingDays: ['MONDAY'],
            departureTimes: [
              { value: '06:00', timezone: 'UTC' },
              { value: '07:00', timezone: 'UTC' },
              { value: '06:00', timezone: 'UTC' },
            ],
          },
        ] as CoverageScheduleInput[]),
      ),
    ).toEqual({ code: 'VALIDATION_ERROR', field: 'schedules.0.departureTimes.2', message: 'schedules.0.departureTimes.2: 06:00 UTC is given twice' });
    // the same time in two zones is two departures
    expect(() =>
      schedulesOf([
        {
          frequency: 'DAILY',
          operatingDays: ['MONDAY'],
          departureTimes: [
            { value: '06:00', timezone: 'UTC' },
            { value: '06:00', timezone: 'Asia/Tokyo' },
          ],
        },
      ] as CoverageScheduleInput[]),
    ).not.toThrow();
  });

  it('cities: city or cities, not both; trimmed; no blank; no duplicate ignoring case', () => {
    expect(citiesOf(' Nairobi ', undefined)).toEqual(['Nairobi']);
    expect(citiesOf(undefined, [' Nairobi', 'Mombasa '])).toEqual(['Nairobi', 'Mombasa']);
    expect(citiesOf(null, [])).toEqual([]);
    expect(citiesOf(undefined, undefined)).toBeUndefined();
    expect(citiesOf(null, null)).toBeUndefined();
    expect(failure(() => citiesOf('Nairobi', ['Mombasa']))).toEqual({ code: 'VALIDATION_ERROR', field: 'cities', message: 'cities: give city or cities, not both' });
    expect(failure(() => citiesOf(undefined, ['Nairobi', '  ']))).toEqual({ code: 'VALIDATION_ERROR', field: 'cities.1', message: 'cities.1: must not be blank' });
    expect(failure(() => citiesOf(undefined, ['Nairobi', 'Kisumu', 'NAIROBI ']))).toEqual({ code: 'VALIDATION_ERROR', field: 'cities.2', message: 'cities.2: NAIROBI is given twice' });
  });

  it("a route's capacity: sits, packages or both; absent ones are null", () => {
    expect(routeCapacity({ sits: 12 })).toEqual({ sits: 12, packages: null });
    expect(routeCapacity({ packages: 300 })).toEqual({ sits: null, packages: 300 });
    expect(routeCapacity({ sits: 4, packages: 9 })).toEqual({ sits: 4, packages: 9 });
    expect(failure(() => routeCapacity({ sits: null, packages: undefined }))).toEqual({ code: 'VALIDATION_ERROR', field: 'capacity', message: 'capacity: give sits, packages or both' });
  });

  it('a node cannot be both ends of a route; addresses and different nodes can', () => {
    const node = (id: string | null) => ({ type: 'HUB', id, description: null, address: null }) as CoveragePoint;
    expect(failure(() => checkEnds({ origin: node('h1'), destination: node('h1') }))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'destination.id',
      message: 'destination.id: must differ from the origin',
    });
    expect(() => checkEnds({ origin: node('h1'), destination: node('h2') })).not.toThrow();
    expect(() => checkEnds({ origin: node(null), destination: node(null) })).not.toThrow();
    expect(() => checkEnds({ origin: null, destination: node('h1') })).not.toThrow();
    expect(() => checkEnds({ origin: node('h1'), destination: null })).not.toThrow();
  });
});

describe('status: INACTIVE and ACTIVE (docs/lsp-coverage.md, "Status")', () => {
  const point = { type: 'ANY', id: null, description: null, address: { city: 'Nairobi' } } as unknown as CoveragePoint;
  const area = (cities: string[] | null, links: CoveragePoint[] | null, status = 'ACTIVE') => ({ type: 'AREA', status, cities, linkedTo: links }) as ActivationView;
  const route = (origin: CoveragePoint | null, destination: CoveragePoint | null, status = 'ACTIVE') => ({ type: 'ROUTE', status, origin, destination }) as ActivationView;

  it('an area is complete with at least one city or linkedTo entry', () => {
    expect(missingForActive(area(['Nairobi'], []))).toBeUndefined();
    expect(missingForActive(area([], [point]))).toBeUndefined();
    expect(missingForActive(area(null, [point]))).toBeUndefined();
    expect(missingForActive(area(['Nairobi'], null))).toBeUndefined();
    expect(missingForActive(area([], []))).toBe('an ACTIVE area needs at least one city or linkedTo entry');
    expect(missingForActive(area(null, null))).toBe('an ACTIVE area needs at least one city or linkedTo entry');
  });

  it('a route is complete with an origin and a destination', () => {
    expect(missingForActive(route(point, point))).toBeUndefined();
    expect(missingForActive(route(point, null))).toBe('an ACTIVE route needs an origin and a destination');
    expect(missingForActive(route(null, point))).toBe('an ACTIVE route needs an origin and a destination');
  });

  it('activating an incomplete record is 409 CONFLICT on status', () => {
    expect(failure(() => checkActive(area([], []), true))).toEqual({
      code: 'CONFLICT',
      field: 'status',
      message: 'status: an ACTIVE area needs at least one city or linkedTo entry',
    });
  });

  it('an update leaving an ACTIVE record incomplete without sending status says to send INACTIVE with it', () => {
    expect(failure(() => checkActive(route(point, null), false))).toEqual({
      code: 'CONFLICT',
      field: 'status',
      message: 'status: an ACTIVE route needs an origin and a destination; send status INACTIVE with this change',
    });
  });

  it('an INACTIVE record may be incomplete; a complete one may be ACTIVE', () => {
    expect(() => checkActive(area([], [], 'INACTIVE'), true)).not.toThrow();
    expect(() => checkActive(route(null, null, 'INACTIVE'), false)).not.toThrow();
    expect(() => checkActive(area(['Mombasa'], []), true)).not.toThrow();
  });
});

describe('linkedTo entries and transit points', () => {
  const node = (id: string, type = 'HUB') => ({ type, id, description: id, address: null }) as CoveragePoint;
  const place = (city: string) => ({ type: 'ANY', id: null, description: null, address: { city } }) as unknown as CoveragePoint;

  it('link appends; the same node twice is 409 on id; addresses are not deduplicated; the 101st entry is 409 on linkedTo', () => {
    const one = withLink([], node('h1'));
    expect(one.map((p) => p.id)).toEqual(['h1']);
    expect(withLink(one, node('h2')).map((p) => p.id)).toEqual(['h1', 'h2']);
    expect(withLink([place('Nairobi')], place('Nairobi'))).toHaveLength(2);
    expect(failure(() => withLink(one, node('h1')))).toEqual({ code: 'CONFLICT', field: 'id', message: 'id: the area is already linked to this HUB' });
    const full = Array.from({ length: 100 }, (_, i) => node(`n${i}`));
    expect(withLink(full.slice(0, 99), node('last'))).toHaveLength(100);
    expect(failure(() => withLink(full, node('x')))).toEqual({ code: 'CONFLICT', field: 'linkedTo', message: 'linkedTo: an area has at most 100 linkedTo entries; unlink one first' });
  });

  it('transit points insert at position (default after the last); 0..length allowed; the same node twice is 409; the 51st is 409 on transitPoints', () => {
    const ab = [node('a'), node('b')];
    expect(withTransitPoint(ab, node('c'), undefined).map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(withTransitPoint(ab, node('c'), null).map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(withTransitPoint(ab, node('c'), 0).map((p) => p.id)).toEqual(['c', 'a', 'b']);
    expect(withTransitPoint(ab, node('c'), 1).map((p) => p.id)).toEqual(['a', 'c', 'b']);
    expect(withTransitPoint(ab, node('c'), 2).map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(ab.map((p) => p.id)).toEqual(['a', 'b']);
    expect(failure(() => withTransitPoint(ab, node('c'), 3))).toEqual({ code: 'VALIDATION_ERROR', field: 'position', message: 'position: must be between 0 and 2' });
    expect(failure(() => withTransitPoint(ab, node('b', 'WAREHOUSE'), 0))).toEqual({ code: 'CONFLICT', field: 'id', message: 'id: the route already passes through this WAREHOUSE' });
    const full = Array.from({ length: 50 }, (_, i) => node(`n${i}`));
    expect(withTransitPoint(full.slice(0, 49), node('last'), undefined)).toHaveLength(50);
    expect(failure(() => withTransitPoint(full, place('x'), 0))).toEqual({
      code: 'CONFLICT',
      field: 'transitPoints',
      message: 'transitPoints: a route has at most 50 transit points; remove one first',
    });
  });

  it('unlink / remove name one entry by {index} or by node {id}, exactly one of them', () => {
    const list = [node('a'), place('Nairobi'), node('b')];
    expect(entryIndex(list, { index: 0 }, 'linkedTo entry')).toBe(0);
    expect(entryIndex(list, { index: 2 }, 'linkedTo entry')).toBe(2);
    expect(entryIndex(list, { id: 'b' }, 'linkedTo entry')).toBe(2);
    // GraphQL hands over an explicit null, which the input's declared type leaves out
    expect(entryIndex(list, { id: 'a', index: null } as unknown as CoverageEntryRemoveInput, 'linkedTo entry')).toBe(0);
    expect(entryIndex(list, { index: 1, id: null } as unknown as CoverageEntryRemoveInput, 'linkedTo entry')).toBe(1);
    expect(failure(() => entryIndex(list, { index: 1, id: 'a' }, 'linkedTo entry'))).toEqual({ code: 'VALIDATION_ERROR', field: 'id', message: 'id: give index or id, not both' });
    expect(failure(() => entryIndex(list, {}, 'linkedTo entry'))).toEqual({ code: 'VALIDATION_ERROR', field: 'index', message: 'index: give index (0-based position) or id (of the node)' });
    expect(failure(() => entryIndex(list, { index: 3 }, 'linkedTo entry'))).toEqual({ code: 'NOT_FOUND', field: undefined, message: 'linkedTo entry at index 3 not found' });
    expect(failure(() => entryIndex(list, { id: 'zz' }, 'Transit point'))).toEqual({ code: 'NOT_FOUND', field: undefined, message: 'Transit point naming node zz not found' });
  });
});

describe('vehicle allocation (docs/lsp.md, "Allocation")', () => {
  const allocation = { type: 'AREA' as const, id: 'area-1' };

  it('only an INACTIVE or ACTIVE vehicle can be allocated; MAINTENANCE and RETIRED are 409', () => {
    expect(() => checkAllocatable({ status: 'INACTIVE', allocation: null })).not.toThrow();
    expect(() => checkAllocatable({ status: 'ACTIVE' })).not.toThrow();
    expect(failure(() => checkAllocatable({ status: 'MAINTENANCE', allocation: null }))).toEqual({ code: 'CONFLICT', field: undefined, message: 'A MAINTENANCE vehicle cannot be allocated' });
    expect(failure(() => checkAllocatable({ status: 'RETIRED' })).message).toBe('A RETIRED vehicle cannot be allocated');
  });

  it('a vehicle serves one area or route at a time: allocating an allocated vehicle is 409', () => {
    expect(failure(() => checkAllocatable({ status: 'ACTIVE', allocation }))).toEqual({
      code: 'CONFLICT',
      field: undefined,
      message: 'Vehicle is already allocated to AREA area-1; deallocate it first',
    });
  });

  it('an allocated vehicle cannot become MAINTENANCE or RETIRED (409 on status); other changes are free', () => {
    expect(failure(() => checkStatusChange({ status: 'ACTIVE', allocation }, 'MAINTENANCE'))).toEqual({
      code: 'CONFLICT',
      field: 'status',
      message: 'status: a vehicle allocated to a service cannot become MAINTENANCE; deallocate it first',
    });
    expect(failure(() => checkStatusChange({ status: 'ACTIVE', allocation }, 'RETIRED')).field).toBe('status');
    expect(() => checkStatusChange({ status: 'ACTIVE', allocation }, 'INACTIVE')).not.toThrow();
    expect(() => checkStatusChange({ status: 'ACTIVE', allocation }, undefined)).not.toThrow();
    expect(() => checkStatusChange({ status: 'ACTIVE', allocation: null }, 'RETIRED')).not.toThrow();
  });

  it('deallocating a vehicle that is not allocated is 409', () => {
    expect(() => checkDeallocatable({ status: 'ACTIVE', allocation })).not.toThrow();
    expect(failure(() => checkDeallocatable({ status: 'ACTIVE', allocation: null }))).toEqual({ code: 'CONFLICT', field: undefined, message: 'Vehicle is not allocated' });
    expect(failure(() => checkDeallocatable({ status: 'INACTIVE' })).code).toBe('CONFLICT');
  });
});
