import type { RouteSpec } from './types.js';

/**
 * Group 15: utilities (`{utilities_base_url}/realm/utilities`, served by the bridge at `/realm/utilities/...`).
 * Every route: POST with a JSON body (the whole body is the operation's `input`), a workspace API key
 * (`Authorization: Bearer <API_KEY>` with the `utilities` scope), and the result envelope
 * `{error:false, status:"UTILITY::…", result, trace}`. Failures: `{error:true, status, message, field?, trace}` with
 * AUTH::INVALID_API_KEY (401), AUTH::UNAUTHORIZED (403), UTILITY::VALIDATION_FAILED (400),
 * UTILITY::INSUFFICIENT_DATA / CALCULATION_FAILED / ESTIMATION_FAILED (422).
 *
 * REST keeps the spec's wire forms, mapped from the graph's (rest-bridge/wire.ts): every instant of every utilities
 * route (`calculatedAt`, `validUntil`, `estimatedArrival`, `departureTime`, `updatedAt`; inputs `requestTime`,
 * `departureTime`) is Unix seconds (milliseconds accepted on input); money amounts (`Decimal`) are numbers; points are
 * `[lat, lng]` in places and `{lat, lng}` elsewhere (aliases below). The ride's `surgeInfo.localTime` is a wall-clock
 * string, not an instant (the graph's `localWallClock`).
 */
const MONEY = 'amount currency';
const LATLNG = 'lat: latitude lng: longitude';
const METADATA = `metadata { accuracy confidence dataSource calculatedAt disclaimer modelVersion locations { role ${LATLNG} source accuracy confidence country matchedName timeZone } }`;
const KMMI = 'kilometer mile';
const DAYS = 'min { day } max { day }';
const VEHICLE = `id type status location { ${LATLNG} } distance updatedAt`;

const u = {
  tag: 'Utilities',
  envelope: 'result',
  auth: 'api-key',
  method: 'POST',
  bodyVariable: 'input',
  time: 'unix-seconds',
  errorCodes: { UNAUTHORIZED: 'AUTH::INVALID_API_KEY', FORBIDDEN: 'AUTH::UNAUTHORIZED', VALIDATION_ERROR: 'UTILITY::VALIDATION_FAILED' },
} as const;

export const utilityRoutes: RouteSpec[] = [
  {
    ...u,
    path: '/realm/utilities/fares/delivery',
    summary: 'Parcel delivery fare',
    resultStatus: 'UTILITY::FEE_CALCULATED',
    operation: `query DeliveryFare($input: DeliveryFareInput!) { deliveryFare(input: $input) {
      totalFee currency breakdown { baseFee distanceFee weightFee serviceFee fuelSurcharge seasonalAdjustment handlingFee }
      serviceLevel estimatedDeliveryTime { ${DAYS} } chargeableWeight distance { ${KMMI} } international ${METADATA} } }`,
    result: { result: 'deliveryFare' },
  },
  {
    ...u,
    path: '/realm/utilities/fares/transport',
    summary: 'Freight transport fare',
    resultStatus: 'UTILITY::FARE_CALCULATED',
    operation: `query TransportFare($input: TransportFareInput!) { transportFare(input: $input) {
      baseFare distanceFare weightFare fuelSurcharge hazardousSurcharge totalFare currency distance { ${KMMI} }
      estimatedDuration { hour day } availableVehicles chargeableWeight urgency ${METADATA} } }`,
    result: { result: 'transportFare' },
  },
  {
    ...u,
    path: '/realm/utilities/fares/ride',
    summary: 'Ride fare with surge',
    resultStatus: 'UTILITY::FARE_CALCULATED',
    operation: `query RideFare($input: RideFareInput!) { rideFare(input: $input) {
      estimatedFare { baseFare distanceFare timeFare surgeFare bookingFee totalBeforeSurge totalAfterSurge minimumFare minimumFareApplied currency }
      surgeInfo { multiplier reason isActive rule localTime: localWallClock timeZone }
      tripEstimate { distance { ${KMMI} } duration { minute hour } confidence }
      pickupEstimate { eta { minute } nearbyDrivers averageDistance drivers { ${VEHICLE} } }
      vehicleClass ${METADATA} } }`,
    result: { result: 'rideFare' },
  },
  {
    ...u,
    path: '/realm/utilities/fares/crossborder',
    summary: 'Cross-border landed cost',
    resultStatus: 'UTILITY::FARE_ESTIMATED',
    operation: `query CrossBorderFare($input: CrossBorderFareInput!) { crossBorderFare(input: $input) {
      totalCost { ${MONEY} }
      breakdown { transportFee { ${MONEY} } customsDuty { ${MONEY} } vat { ${MONEY} } importTax { ${MONEY} } brokerageFee { ${MONEY} }
        documentationFee { ${MONEY} } inspectionFee { ${MONEY} } borderCrossingFee { ${MONEY} }
        additionalFees { name amount { ${MONEY} } } importTaxLines { name amount { ${MONEY} } } }
      currency duties { rate amount { ${MONEY} } hsCode tariff chapterGroup customsValue { ${MONEY} } valuationBasis exemption }
      requiredDocuments estimatedClearanceTime { ${DAYS} } validUntil
      costAllocation { incoterms seller { ${MONEY} } buyer { ${MONEY} } lines { item payer amount { ${MONEY} } } }
      vatRate exchangeRates { from to rate date } ${METADATA} } }`,
    result: { result: 'crossBorderFare' },
  },
  {
    ...u,
    path: '/realm/utilities/distance',
    summary: 'Distance between two places by a mode',
    resultStatus: 'UTILITY::DISTANCE_CALCULATED',
    operation: `query RouteDistance($input: DistanceInput!) { routeDistance(input: $input) {
      distance { value unit miles } mode calculatedAt method greatCircleKm seaKm accessKm ${METADATA} } }`,
    result: { result: 'routeDistance' },
  },
  {
    ...u,
    path: '/realm/utilities/zone',
    summary: 'Zone of a location',
    resultStatus: 'UTILITY::ZONE_ASSIGNED',
    operation: `query ZoneAssignment($input: ZoneInput!) { zoneAssignment(input: $input) {
      zone { id name type source lspCode coverage { shape center { ${LATLNG} } radius country region population } } serviceType calculatedAt ${METADATA} } }`,
    result: { result: 'zoneAssignment' },
  },
  {
    ...u,
    path: '/realm/utilities/nearby/search',
    summary: 'Vehicles within a radius',
    resultStatus: 'UTILITY::SEARCH_COMPLETE',
    operation: `query NearbyVehicles($input: NearbySearchInput!) { nearbyVehicles(input: $input) {
      vehicles { ${VEHICLE} } count searchRadius location { ${LATLNG} } } }`,
    result: { result: 'nearbyVehicles' },
  },
  {
    ...u,
    path: '/realm/utilities/nearby/bounds',
    summary: 'Vehicles inside a bounding box',
    resultStatus: 'UTILITY::SEARCH_COMPLETE',
    operation: `query VehiclesInBounds($input: NearbyBoundsInput!) { vehiclesInBounds(input: $input) {
      vehicles { ${VEHICLE} } count bounds { northeast { ${LATLNG} } southwest { ${LATLNG} } } center { ${LATLNG} } } }`,
    result: { result: 'vehiclesInBounds' },
  },
  {
    ...u,
    path: '/realm/utilities/nearby/nearest',
    summary: 'The k nearest vehicles',
    resultStatus: 'UTILITY::SEARCH_COMPLETE',
    operation: `query NearestVehicles($input: NearestInput!) { nearestVehicles(input: $input) {
      vehicles { ${VEHICLE} } count requested maxDistance location { ${LATLNG} } } }`,
    result: { result: 'nearestVehicles' },
  },
  {
    ...u,
    path: '/realm/utilities/eta',
    summary: 'Arrival time by a mode',
    resultStatus: 'UTILITY::ETA_CALCULATED',
    operation: `query ArrivalEstimate($input: EtaInput!) { arrivalEstimate(input: $input) {
      estimatedArrival duration { minute hour } distance { kilometer } departureTime mode calculatedAt ${METADATA} } }`,
    result: { result: 'arrivalEstimate' },
  },
];
