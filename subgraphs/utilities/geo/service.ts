/**
 * Distances, arrival times and zones (spec group 15; docs/utilities.md, "Distance", "Speed model and ETA", "Zones").
 */
import { nowDate } from '../../../kernel/clock.js';
import { KM_PER_MILE } from '../common/constants.js';
import { MODE_SPEED_KMH, TransportMode } from '../../../domain/transport.js';
import { insufficient } from '../common/checks.js';
import { EstimateDataSource } from '../common/enums.js';
import { modeDistance, roadDrivingHours, travelHours, type ModeDistance } from '../../../domain/geography.js';
import { distanceBy, locate, metadataOf } from '../common/places.js';
import type { UtilitiesScope } from '../common/scope.js';
import { minuteHour } from '../common/units.js';
import { round } from '../../../domain/numbers.js';
import type { ArrivalEstimate, DistanceInput, EtaInput, RouteDistance, ZoneAssignment, ZoneInput } from './types.js';
import type { MinutesHours } from '../common/types.js';
import { ZoneServiceType } from './enums.js';
import { zoneOf } from './zoning.js';

export function routeDistance(_caller: UtilitiesScope, input: DistanceInput): RouteDistance {
  const now = nowDate();
  const origin = locate(input.origin, 'origin', 'origin');
  const destination = locate(input.destination, 'destination', 'destination');
  const d = distanceBy(origin, destination, input.mode);
  return {
    distance: { value: round(d.km), unit: 'km', miles: round(d.km / KM_PER_MILE) },
    mode: input.mode,
    calculatedAt: now,
    method: d.method,
    greatCircleKm: round(d.greatCircleKm),
    seaKm: d.seaKm === undefined ? null : round(d.seaKm),
    accessKm: d.accessKm === undefined ? null : round(d.accessKm),
    metadata: metadataOf([origin, destination], now),
  };
}

export function arrivalEstimate(_caller: UtilitiesScope, input: EtaInput): ArrivalEstimate {
  const now = nowDate();
  const origin = locate(input.origin, 'origin', 'origin', false);
  const destination = locate(input.destination, 'destination', 'destination', false);
  const departure = input.departureTime ?? now;
  const d = distanceBy(origin, destination, input.mode);
  const { estimatedArrival, duration } = arrivalOf(d, input.mode, departure);
  return {
    estimatedArrival,
    duration,
    distance: { kilometer: round(d.km) },
    departureTime: departure,
    mode: input.mode,
    calculatedAt: now,
    metadata: metadataOf([origin, destination], now),
  };
}

/** The trip's duration (whole minutes rounded up) over a mode distance, and its arrival from `departure`: the speed model. */
function arrivalOf(d: ModeDistance, mode: TransportMode, departure: Date): { estimatedArrival: Date; duration: MinutesHours } {
  const hours = mode === TransportMode.SEA ? (d.seaKm ?? 0) / MODE_SPEED_KMH.SEA + roadDrivingHours(d.accessKm ?? 0) : travelHours(d.km, mode);
  const duration = minuteHour(hours);
  return { estimatedArrival: new Date(departure.getTime() + duration.minute * 60_000), duration };
}

/**
 * A road trip between two points leaving now, as `/eta` answers it by ROAD (great circle × 1.30, the road speed
 * bands, whole minutes rounded up): the road kilometres (2 decimals), the minutes and the arrival. The tracked vehicle's
 * estimate (nearby/tracking.ts).
 */
export function roadTrip(from: { lat: number; lng: number }, to: { lat: number; lng: number }): { km: number; minutes: number; arrival: Date } {
  const d = modeDistance(from, to, TransportMode.ROAD)!;
  const { estimatedArrival, duration } = arrivalOf(d, TransportMode.ROAD, nowDate());
  return { km: round(d.km), minutes: duration.minute, arrival: estimatedArrival };
}

// ================================================================= zone

export async function zoneAssignment(s: UtilitiesScope, input: ZoneInput): Promise<ZoneAssignment> {
  const now = nowDate();
  const location = locate(input.location, 'location', 'location');
  const serviceType = input.serviceType ?? ZoneServiceType.DELIVERY;
  const zone = await zoneOf(location, serviceType, s.workspaceId, s.em);
  if (!zone) throw insufficient('location', 'no zone covers this location');
  const metadata = metadataOf([location], now);
  return { zone, serviceType, calculatedAt: now, metadata: zone.source === 'LSP' ? { ...metadata, dataSource: EstimateDataSource.LSP } : metadata };
}
