/**
 * Delivery, freight transport and ride fares (spec group 15; docs/utilities.md): each validates its input
 * (UTILITY::VALIDATION_FAILED naming the field), locates the places (common/places.ts) and applies the documented model
 * (common/constants.ts, rules.ts). Ride pickup estimates and transport availability read the caller's live vehicle
 * positions (nearby/store.ts).
 */
import { AppError } from '../../../kernel/errors.js';
import { nowDate } from '../../../kernel/clock.js';
import {
  DISCLAIMER,
  PICKUP_COUNT_CAP,
  PICKUP_DRIVERS_LISTED,
  PICKUP_RADIUS_M,
  POSITION_FRESH_S,
  RIDE_CURRENCY,
  RIDE_TRAFFIC_CONFIDENCE,
  SURGE,
  TRANSPORT_VEHICLE_CAP,
  TRANSPORT_VEHICLE_RADIUS_M,
} from '../common/constants.js';
import { DELIVERY, deliveryDays, deliveryPrice, DeliveryPackageType } from '../../../domain/parcel-delivery.js';
import { currency, intRange, invalid, optionalText, vehicleType } from '../common/checks.js';
import { LiveVehicleStatus } from '../common/enums.js';
import { TransportMode } from '../../../domain/transport.js';
import { localTime, roadDrivingHours, timeZoneAt, type ModeDistance } from '../../../domain/geography.js';
import { convert, Decimal, roundMoney, sum } from '../../../domain/money.js';
import { distanceBy, locate, metadataOf, type Located } from '../common/places.js';
import type { UtilitiesScope } from '../common/scope.js';
import { dimensionsCm3, kmMi, minuteHour, volumeM3, weightKg } from '../common/units.js';
import { round } from '../../../domain/numbers.js';
import * as store from '../nearby/store.js';
import { toNearby } from '../nearby/service.js';
import { checkDeliveryService, deliveryChargeableKg, freightChargeableKg, freightFares, freightHours, pickupEtaMinutes, rideClass, rideFareLines, SURGE_REASON, surgeRuleAt } from './rules.js';
import { FreightUrgency } from './enums.js';
import type { DeliveryFare, DeliveryFareInput, RideFare, RideFareInput, TransportFare, TransportFareInput } from './types.js';

// ================================================================= delivery

export function deliveryFare(_caller: UtilitiesScope, input: DeliveryFareInput): DeliveryFare {
  const now = nowDate();
  const origin = locate(input.origin, 'origin', 'origin');
  const destination = locate(input.destination, 'destination', 'destination');
  const quote = currency(input.currency, 'currency', 'USD');
  const actualKg = weightKg(input.weight, 'weight', DELIVERY.maxKg);
  const cm3 = dimensionsCm3(input.dimensions, 'dimensions');
  const { chargeableKg } = deliveryChargeableKg(actualKg, cm3);
  const level = input.serviceLevel;
  const packageType = input.packageType ?? DeliveryPackageType.PARCEL;

  const roadKm = round(distanceBy(origin, destination, TransportMode.ROAD).km);
  const international = Boolean(origin.country && destination.country && origin.country.code !== destination.country.code);
  checkDeliveryService(level, roadKm, international);

  const { lines, seasonalAdjustment: seasonalLine, handlingFee: handlingLine, total } = deliveryPrice(level, packageType, roadKm, chargeableKg, now, quote);
  const { min, max } = deliveryDays(level, roadKm, international);
  return {
    totalFee: total.toNumber(),
    currency: quote,
    breakdown: {
      baseFee: lines.baseFee.toNumber(),
      distanceFee: lines.distanceFee.toNumber(),
      weightFee: lines.weightFee.toNumber(),
      serviceFee: lines.serviceFee.toNumber(),
      fuelSurcharge: lines.fuelSurcharge.toNumber(),
      seasonalAdjustment: seasonalLine?.toNumber() ?? null,
      handlingFee: handlingLine?.toNumber() ?? null,
    },
    serviceLevel: level,
    estimatedDeliveryTime: { min: { day: min }, max: { day: max } },
    chargeableWeight: round(chargeableKg, 3),
    distance: kmMi(roadKm),
    international,
    metadata: metadataOf([origin, destination], now, { disclaimer: DISCLAIMER.delivery }),
  };
}

// ================================================================= transport

export interface FreightQuote {
  distance: ModeDistance;
  chargeableKg: number;
  base: Decimal;
  distanceFare: Decimal;
  weightFare: Decimal;
  fuel: Decimal;
  hazardous?: Decimal;
  hours: number;
}

/** A freight move priced in USD (unrounded lines) with its distance and door-to-door hours; also the cross-border main carriage. */
export function freightQuote(
  origin: Located,
  destination: Located,
  mode: TransportMode,
  kg: number,
  m3: number | undefined,
  urgency: FreightUrgency,
  hazardous: boolean,
  weightField: string,
): FreightQuote {
  const chargeableKg = freightChargeableKg(mode, kg, m3, weightField);
  const distance = distanceBy(origin, destination, mode);
  const km = round(distance.km);
  const fares = freightFares(mode, km, chargeableKg, urgency, hazardous);
  return { distance: { ...distance, km }, chargeableKg, ...fares, hours: freightHours(distance, mode, urgency) };
}

const fresh = (now: Date) => new Date(now.getTime() - POSITION_FRESH_S * 1000);

export async function transportFare(s: UtilitiesScope, input: TransportFareInput): Promise<TransportFare> {
  const now = nowDate();
  const origin = locate(input.origin, 'origin', 'origin');
  const destination = locate(input.destination, 'destination', 'destination');
  const quote = currency(input.currency, 'currency', 'USD');
  if (!input.cargo) throw invalid('cargo', 'is required');
  const kg = weightKg(input.cargo.weight, 'cargo.weight');
  const m3 = volumeM3(input.cargo.volume, 'cargo.volume');
  optionalText(input.cargo.type, 'cargo.type', 60);
  const type = vehicleType(input.vehicleType, 'vehicleType');
  const urgency = input.urgency ?? FreightUrgency.STANDARD;
  const mode = input.transportMode;
  const f = freightQuote(origin, destination, mode, kg, m3, urgency, Boolean(input.cargo.hazardous), 'cargo.weight.value');

  const q = (usd: Decimal.Value) => roundMoney(convert(usd, 'USD', quote), quote);
  const lines = { baseFare: q(f.base), distanceFare: q(f.distanceFare), weightFare: q(f.weightFare), fuelSurcharge: q(f.fuel) };
  const hazardousLine = f.hazardous ? q(f.hazardous) : undefined;
  const stats = await store.nearbyStats(
    s.em,
    s.workspaceId,
    origin.lat,
    origin.lng,
    TRANSPORT_VEHICLE_RADIUS_M,
    { vehicleType: type, status: LiveVehicleStatus.AVAILABLE, freshSince: fresh(now) },
    TRANSPORT_VEHICLE_CAP,
  );
  return {
    baseFare: lines.baseFare.toNumber(),
    distanceFare: lines.distanceFare.toNumber(),
    weightFare: lines.weightFare.toNumber(),
    fuelSurcharge: lines.fuelSurcharge.toNumber(),
    hazardousSurcharge: hazardousLine?.toNumber() ?? null,
    totalFare: sum(...Object.values(lines), hazardousLine).toNumber(),
    currency: quote,
    distance: kmMi(f.distance.km),
    estimatedDuration: { hour: round(f.hours, 1), day: round(f.hours / 24) },
    availableVehicles: stats.count,
    chargeableWeight: round(f.chargeableKg, 3),
    urgency,
    metadata: metadataOf([origin, destination], now),
  };
}

// ================================================================= ride

const MAX_RIDE_KM = 1000;

export async function rideFare(s: UtilitiesScope, input: RideFareInput): Promise<RideFare> {
  const now = nowDate();
  const pickup = locate(input.pickup, 'pickup', 'pickup');
  const dropoff = locate(input.dropoff, 'dropoff', 'dropoff');
  const passengers = input.passengerCount === undefined || input.passengerCount === null ? 1 : intRange(input.passengerCount, 'passengerCount', 1, 7);
  const { vehicleClass, rate } = rideClass(passengers, input.vehicleClass);
  const at = input.requestTime ?? now;

  const km = round(distanceBy(pickup, dropoff, TransportMode.ROAD, 'dropoff').km);
  if (km > MAX_RIDE_KM) throw new AppError('UTILITY::ESTIMATION_FAILED', `dropoff: rides are estimated up to ${MAX_RIDE_KM} road km (this trip: ${km} km)`, 'dropoff');
  const duration = minuteHour(roadDrivingHours(km));

  const timeZone = timeZoneAt(pickup.lat, pickup.lng);
  pickup.timeZone = timeZone;
  const local = localTime(at, timeZone);
  const rule = surgeRuleAt(local.weekday, local.hour);
  const multiplier = SURGE[rule];

  const c = RIDE_CURRENCY;
  const { baseFare, distanceFare, timeFare, bookingFee, surgeFare, totalBeforeSurge, totalAfterSurge, minimumFare, minimumFareApplied } = rideFareLines(rate, km, duration.minute, multiplier);

  const filters = { status: LiveVehicleStatus.AVAILABLE, freshSince: fresh(now) };
  const stats = await store.nearbyStats(s.em, s.workspaceId, pickup.lat, pickup.lng, PICKUP_RADIUS_M, filters, PICKUP_COUNT_CAP);
  const drivers = input.includeNearbyDrivers ? stats.rows.slice(0, PICKUP_DRIVERS_LISTED).map(toNearby) : null;
  const etaMinutes = pickupEtaMinutes(stats.nearest);

  const metadata = metadataOf([pickup, dropoff], now);
  return {
    estimatedFare: {
      baseFare: baseFare.toNumber(),
      distanceFare: distanceFare.toNumber(),
      timeFare: timeFare.toNumber(),
      surgeFare: surgeFare.toNumber(),
      bookingFee: bookingFee.toNumber(),
      totalBeforeSurge: totalBeforeSurge.toNumber(),
      totalAfterSurge: totalAfterSurge.toNumber(),
      minimumFare: minimumFare.toNumber(),
      minimumFareApplied,
      currency: c,
    },
    surgeInfo: { multiplier, reason: SURGE_REASON[rule], isActive: multiplier > 1, rule, localWallClock: local.iso, timeZone },
    tripEstimate: { distance: kmMi(km), duration, confidence: round(metadata.confidence * RIDE_TRAFFIC_CONFIDENCE) },
    pickupEstimate: {
      eta: etaMinutes === null ? null : { minute: etaMinutes },
      nearbyDrivers: stats.count,
      averageDistance: stats.avg === null ? null : round(stats.avg, 1),
      drivers,
    },
    vehicleClass,
    metadata,
  };
}
