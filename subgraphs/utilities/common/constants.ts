/**
 * Every constant of every utilities model, in one file, each with its unit and where it comes from.
 * docs/utilities.md explains them; a change here is a change of the published model (update the doc with it).
 * Amounts are US dollars unless a table says otherwise.
 */
import type { FreightUrgency, RideVehicleClass } from '../fares/enums.js';
import type { TransportMode } from '../../../domain/transport.js';

// ---------------------------------------------------------------- geometry and units

/** International mile (1959), kilometres. */
export const KM_PER_MILE = 1.609344;
/** Weight units → kilograms (avoirdupois pound: international yard and pound agreement, 1959). */
export const KG_PER = { kg: 1, g: 0.001, lb: 0.45359237, t: 1000 } as const;
/** Length units → centimetres (international inch, 1959). */
export const CM_PER = { cm: 1, in: 2.54, m: 100 } as const;
/** Volume units → cubic metres (cubic foot = 0.3048³). */
export const M3_PER = { m3: 1, ft3: 0.028316846592, L: 0.001 } as const;

/**
 * Driver rules for ROAD freight durations (Regulation (EC) No 561/2006): a 45-minute break after 4.5 h of driving,
 * at most 9 h of driving a day, then an 11-hour daily rest.
 */
export const ROAD_DRIVER_RULES = { breakAfterH: 4.5, breakH: 0.75, dailyDrivingH: 9, dailyRestH: 11 } as const;

/** Terminal handling added to freight durations (hours; both ends together). Platform assumptions. */
export const FREIGHT_HANDLING_H: Record<TransportMode, number> = { ROAD: 2, RAIL: 24, SEA: 72, AIR: 12 };
/** Urgency scales the handling time (URGENT gets priority, ECONOMY waits for consolidation). */
export const URGENCY_HANDLING_FACTOR: Record<FreightUrgency, number> = { URGENT: 0.5, STANDARD: 1, ECONOMY: 2 };

// ---------------------------------------------------------------- delivery (parcel) model: domain/parcel-delivery.ts

// ---------------------------------------------------------------- freight transport model

export interface TransportRate {
  baseFare: number;
  perKm: number;
  perTonneKm: number;
  fuelPct: number;
  /** Chargeable weight: max(actual, volume × this) — kg per m³. */
  volumetricKgPerM3: number;
  /** Largest single shipment the model prices (kg). */
  maxKg: number;
}
/**
 * Freight rates by mode. Volumetric factors are the industry conventions (air 1:6000 cm³/kg ≈ 167 kg/m³, road 1:3000 ≈
 * 333 kg/m³, sea 1 t per m³ "revenue ton"); money rates are platform defaults until LSP rate cards exist.
 */
export const TRANSPORT_RATES: Record<TransportMode, TransportRate> = {
  ROAD: { baseFare: 50, perKm: 0.9, perTonneKm: 0.05, fuelPct: 0.12, volumetricKgPerM3: 333, maxKg: 40_000 },
  RAIL: { baseFare: 150, perKm: 0.4, perTonneKm: 0.03, fuelPct: 0.08, volumetricKgPerM3: 333, maxKg: 3_000_000 },
  SEA: { baseFare: 300, perKm: 0.08, perTonneKm: 0.004, fuelPct: 0.15, volumetricKgPerM3: 1000, maxKg: 200_000_000 },
  AIR: { baseFare: 100, perKm: 0.02, perTonneKm: 0.6, fuelPct: 0.18, volumetricKgPerM3: 167, maxKg: 120_000 },
};
/** Urgency multiplier on the distance and weight fares. */
export const URGENCY_MULTIPLIER: Record<FreightUrgency, number> = { URGENT: 1.5, STANDARD: 1.0, ECONOMY: 0.85 };
/** Hazardous cargo: surcharge as a share of (base + distance + weight fares). */
export const HAZARDOUS_PCT = 0.3;
/** availableVehicles: AVAILABLE vehicles reported within this radius of the origin in the last POSITION_FRESH_S seconds. */
export const TRANSPORT_VEHICLE_RADIUS_M = 50_000;
/** availableVehicles counts at most this many ("100" reads "100 or more"). */
export const TRANSPORT_VEHICLE_CAP = 100;

// ---------------------------------------------------------------- ride model

export interface RideRate {
  baseFare: number;
  perKm: number;
  perMinute: number;
  minimumFare: number;
  seats: number;
}
/**
 * Ride fares by vehicle class: base fare, per km, per minute are the spec's table (dollars).
 * minimumFare and seats are platform defaults (the spec names a minimum fare but gives none).
 */
export const RIDE_RATES: Record<RideVehicleClass, RideRate> = {
  ECONOMY: { baseFare: 2.5, perKm: 0.9, perMinute: 0.3, minimumFare: 5.0, seats: 4 },
  STANDARD: { baseFare: 3.0, perKm: 1.1, perMinute: 0.35, minimumFare: 6.0, seats: 4 },
  COMFORT: { baseFare: 3.5, perKm: 1.3, perMinute: 0.4, minimumFare: 7.5, seats: 4 },
  PREMIUM: { baseFare: 5.0, perKm: 1.8, perMinute: 0.55, minimumFare: 10.0, seats: 4 },
  LUXURY: { baseFare: 8.0, perKm: 2.5, perMinute: 0.8, minimumFare: 15.0, seats: 4 },
  XL: { baseFare: 4.5, perKm: 1.5, perMinute: 0.5, minimumFare: 9.0, seats: 7 },
  SUV: { baseFare: 5.5, perKm: 1.7, perMinute: 0.6, minimumFare: 11.0, seats: 6 },
};
/** Booking fee per ride: none by default (the spec names the field without a value; LSP rate cards may set one). */
export const RIDE_BOOKING_FEE = 0;
/** Ride fares are quoted in the spec's currency. */
export const RIDE_CURRENCY = 'USD';
/** Surge multipliers of the spec, evaluated in the pickup's local time. */
export const SURGE = { PEAK_HOURS: 1.5, WEEKEND_NIGHT: 1.8, LATE_NIGHT: 1.3, NONE: 1.0 } as const;
/** Pickup estimate: drivers AVAILABLE within this radius (m), reported in the last POSITION_FRESH_S seconds. */
export const PICKUP_RADIUS_M = 5000;
/** Pickup estimate: the nearest this many such drivers are counted ("50" reads "50 or more"). */
export const PICKUP_COUNT_CAP = 50;
/** Pickup ETA: nearest driver's road distance (circuity ROAD) at this speed (km/h), rounded up, at least 1 minute. */
export const PICKUP_SPEED_KMH = 25;
/** Drivers listed when includeNearbyDrivers is true. */
export const PICKUP_DRIVERS_LISTED = 10;
/** Trip confidence = location confidence × this (traffic is not modelled). */
export const RIDE_TRAFFIC_CONFIDENCE = 0.85;

// ---------------------------------------------------------------- vehicle positions

/** A position older than this is stale: not counted for pickup estimates or available vehicles (seconds). */
export const POSITION_FRESH_S = 600;
/** Largest radius of /nearby/search and maxDistance of /nearby/nearest (metres). */
export const MAX_SEARCH_RADIUS_M = 100_000;
/** Smallest radius and maxDistance (metres): one centimetre (smaller ones would underflow earthdistance). */
export const MIN_SEARCH_RADIUS_M = 0.01;
/** Largest weight and volume value in any unit, and largest speed (km/h) of a position report. */
export const MAX_QUANTITY = 1_000_000_000;
export const MAX_SPEED_KMH = 2_000;
/** Default and largest `limit` of the nearby searches, and largest `count` of /nearby/nearest. */
export const NEARBY_DEFAULT_LIMIT = 20;
export const NEARBY_MAX_LIMIT = 100;
/** Largest batch of reportVehiclePositions. */
export const MAX_POSITION_BATCH = 500;

// ---------------------------------------------------------------- places and metadata

/** Confidence of one located place, by how it was located. */
export const PLACE_CONFIDENCE = {
  COORDINATES: 0.95,
  GAZETTEER: 0.85,
  /** Several cities of that name in the country and the largest is not 10× the next: the largest is taken. */
  GAZETTEER_AMBIGUOUS: 0.65,
  /** The city was recognised inside the free-text address. */
  GAZETTEER_FROM_ADDRESS: 0.7,
  COUNTRY_CENTROID: 0.3,
  /** Countries smaller than SMALL_COUNTRY_KM2: the centroid is close to everything. */
  COUNTRY_CENTROID_SMALL: 0.5,
} as const;
export const SMALL_COUNTRY_KM2 = 10_000;

export const DISCLAIMER = {
  delivery: 'Indicative delivery fare from the platform reference model (docs/utilities.md); not a carrier quote. Duties and taxes of cross-border parcels are not included (see /fares/crossborder).',
  crossborder:
    'Indicative landed-cost estimate: MFN duty rates by HS chapter (not a tariff classification; trade remedies, additional or retaliatory tariffs, excise and preferential rates outside customs unions are not applied), VAT/GST from the sales-tax package, reference exchange rates. Not a customs ruling.',
} as const;

// ---------------------------------------------------------------- default zoning

/**
 * Default zoning over the GeoNames cities (docs/utilities.md): a CITY zone is a circle around a city of at least
 * cityMinPopulation people, of radius cityBaseKm + cityKmPerSqrtPop × √population; a METRO zone is metroFactor × that
 * radius around a city of at least metroMinPopulation; otherwise the REGION (first-level division) of the nearest city
 * within regionMaxKm; otherwise the COUNTRY.
 */
export const ZONING = {
  cityMinPopulation: 15_000,
  cityBaseKm: 2,
  cityKmPerSqrtPop: 0.01,
  cityMaxKm: 40,
  metroMinPopulation: 500_000,
  metroFactor: 2.5,
  regionMaxKm: 150,
} as const;

// ---------------------------------------------------------------- cross-border model

/** Customs broker fee per import entry: formal entry, or a low-value entry under the duty de minimis. */
export const BROKERAGE_FEE = { formal: 45, lowValue: 15 } as const;
/** Transport document and declarations preparation, per shipment and mode. */
export const DOCUMENTATION_FEE: Record<TransportMode, number> = { AIR: 35, SEA: 75, ROAD: 25, RAIL: 40 };
/** Entry handling at the border post, airport or port of entry. */
export const BORDER_ENTRY_FEE: Record<TransportMode, number> = { ROAD: 30, RAIL: 50, AIR: 40, SEA: 120 };
/** Expected physical inspection (agri-food, pharmaceuticals, arms: HS chapters listed). */
export const INSPECTION = { fee: 75, chapters: ['01-24', '30', '93'], extraDays: [1, 2] as [number, number] };
/** Cargo insurance premium: share of the goods value, with a minimum (USD). */
export const INSURANCE = { pct: 0.005, minimum: 10 } as const;
/** A quote is valid this long (seconds). */
export const QUOTE_VALIDITY_S = 24 * 3600;
