import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { areaServes, routeServes, runsOn, servesAll, type Place } from '../../domain/coverage.js';

/** Rotterdam city hall and a point 20 km east (Gouda side), [lat, lng]; distances from the haversine formula. */
const hall: Place = { lat: 51.9225, lng: 4.47917, country: 'NL', cities: ['rotterdam'] };
const gouda: Place = { lat: 52.0115, lng: 4.7104, country: 'NL', cities: ['gouda'] };
const antwerp: Place = { lat: 51.2194, lng: 4.4025, country: 'BE', cities: ['antwerp', 'antwerpen'] };
const monday = new Date('2026-11-23T10:00:00Z'); // a Monday (also in Europe/Amsterdam)

const area = (more: Record<string, unknown>) => ({ kind: 'AREA', status: 'ACTIVE', country: 'NL', cities: [], linkedTo: [], ...more });

describe('what an area serves (docs/orders.md "Coverage")', () => {
  it('a place in one of its cities, in its country; never when INACTIVE', () => {
    expect(areaServes(area({ cities: ['Rotterdam'] }), hall, monday)).toBe(true);
    expect(areaServes(area({ cities: ['Rotterdam'], status: 'INACTIVE' }), hall, monday)).toBe(false);
    expect(areaServes(area({ cities: ['Rotterdam'] }), gouda, monday)).toBe(false);
    expect(areaServes(area({ cities: ['Antwerp'] }), antwerp, monday)).toBe(false); // another country
  });

  it('a place within the radius of a linked point (default 25 km)', () => {
    // hall → Gouda: 18.7 km great circle
    const linked = { linkedTo: [{ type: 'ANY', address: { coordinates: [hall.lat, hall.lng] } }] };
    expect(areaServes(area({ ...linked, radius: { value: 19, unit: 'km' } }), gouda, monday)).toBe(true);
    expect(areaServes(area({ ...linked, radius: { value: 18, unit: 'km' } }), gouda, monday)).toBe(false);
    expect(areaServes(area({ ...linked, radius: { value: 12, unit: 'mi' } }), gouda, monday)).toBe(true); // 19.3 km
    expect(areaServes(area(linked), gouda, monday)).toBe(true);
    expect(areaServes(area({ linkedTo: [{ type: 'HUB', id: 'h1' }], radius: { value: 19, unit: 'km' } }), gouda, monday, (id) => (id === 'h1' ? [hall.lat, hall.lng] : undefined))).toBe(true);
  });

  it("only on its operating days, in its schedule's time zone", () => {
    const sched = (days: string[], timezone = 'Europe/Amsterdam') => ({ schedules: [{ frequency: 'HOURLY', departureTimes: [{ value: '08:00', timezone }], operatingDays: days }] });
    expect(runsOn(sched(['MONDAY']), monday)).toBe(true);
    expect(runsOn(sched(['TUESDAY']), monday)).toBe(false);
    // Monday 23:30 UTC is Tuesday 00:30 in Amsterdam
    expect(runsOn(sched(['TUESDAY']), new Date('2026-11-23T23:30:00Z'))).toBe(true);
    expect(runsOn({}, monday)).toBe(true);
    expect(areaServes(area({ cities: ['Rotterdam'], ...sched(['SUNDAY']) }), hall, monday)).toBe(false);
  });
});

describe('what a route serves', () => {
  const route = { kind: 'ROUTE', status: 'ACTIVE', origin: { type: 'HUB', id: 'h1' }, destination: { type: 'ADDRESS', address: { city: 'Antwerp', coordinates: [antwerp.lat, antwerp.lng] } } };
  const pointOf = (id: string) => (id === 'h1' ? ([hall.lat, hall.lng] as [number, number]) : undefined);
  it('a leg from near its origin to near its destination, not the other way', () => {
    expect(routeServes(route, hall, antwerp, monday, pointOf)).toBe(true);
    expect(routeServes(route, antwerp, hall, monday, pointOf)).toBe(false);
    expect(routeServes(route, gouda, antwerp, monday, pointOf)).toBe(true); // 18.7 km from the hub
  });

  it('an order: every stop served by an area, or an end of a leg a route serves', () => {
    const stops = [
      { place: hall, pickup: true },
      { place: antwerp, pickup: false },
    ];
    expect(servesAll([route], stops, monday, pointOf)).toBe(true);
    expect(servesAll([area({ cities: ['Rotterdam'] })], stops, monday, pointOf)).toBe(false);
    expect(servesAll([area({ cities: ['Rotterdam'] }), area({ country: 'BE', cities: ['Antwerp'] })], stops, monday, pointOf)).toBe(true);
    expect(servesAll([route], [], monday, pointOf)).toBe(false);
  });
});
