import { closedList } from '../../../kernel/graphql-types.js';

/**
 * Closed lists the areas of the utilities family share. Values are spelled as the REST contract spells them (the units
 * and place roles in lower case), so the bridge passes them through unchanged.
 */

export const TransportMode = closedList('TransportMode', 'Mode of transport of a trip or a shipment (docs/utilities.md, "Distance").', {
  ROAD: 'By road: the great-circle distance × 1.30 (circuity), road speed bands and driver rest rules.',
  AIR: 'By air: the great-circle distance at 800 km/h, plus 45 minutes of taxi, climb and descent.',
  SEA: 'By sea: a route on the maritime network at 14 knots, plus the road legs to and from the network.',
  RAIL: 'By rail: the great-circle distance × 1.40 (circuity) at 50 km/h.',
});
export type TransportMode = keyof typeof TransportMode;

export const WeightUnit = closedList('WeightUnit', 'Unit of a weight.', {
  kg: 'Kilogram.',
  lb: 'Avoirdupois pound: 0.45359237 kg.',
  g: 'Gram: 0.001 kg.',
  t: 'Metric tonne: 1,000 kg.',
});
export type WeightUnit = keyof typeof WeightUnit;

export const DimensionUnit = closedList('DimensionUnit', "Unit of a package's length, width and height.", {
  cm: 'Centimetre.',
  in: 'International inch: 2.54 cm.',
  m: 'Metre: 100 cm.',
});
export type DimensionUnit = keyof typeof DimensionUnit;

export const VolumeUnit = closedList('VolumeUnit', 'Unit of a volume of cargo.', {
  m3: 'Cubic metre.',
  ft3: 'Cubic foot: 0.028316846592 m³.',
  L: 'Litre: 0.001 m³.',
});
export type VolumeUnit = keyof typeof VolumeUnit;

export const LocationAccuracy = closedList('LocationAccuracy', 'How precisely a place of the request was located (docs/utilities.md, "Places and metadata").', {
  ESTIMATE: 'Only the country was known: its representative point was used.',
  STANDARD: 'A city of the GeoNames gazetteer (given, or recognised in the address).',
  PRECISE: "The caller's own coordinates.",
});
export type LocationAccuracy = keyof typeof LocationAccuracy;

export const EstimateDataSource = closedList('EstimateDataSource', "Where an estimate's answer came from.", {
  LSP: 'LSP rate cards or coverage areas (reserved: none exist yet).',
  FALLBACK: 'A place was known only by its country, whose representative point was used.',
  HYBRID: "Caller coordinates or gazetteer cities, priced with the platform's reference models.",
});
export type EstimateDataSource = keyof typeof EstimateDataSource;

export const PlaceRole = closedList('PlaceRole', 'Which place of the request a located place is (written in lower case, as the request names it).', {
  origin: 'The origin of a fare, distance or arrival time.',
  destination: 'The destination of a fare, distance or arrival time.',
  pickup: 'The pickup of a ride.',
  dropoff: 'The drop-off of a ride.',
  location: 'The location of a zone assignment.',
});
export type PlaceRole = keyof typeof PlaceRole;

export const PlaceSource = closedList('PlaceSource', 'How a place was located.', {
  COORDINATES: 'From the coordinates the caller gave.',
  GAZETTEER: 'From a city of the GeoNames gazetteer, named or recognised in the address.',
  COUNTRY_CENTROID: "From the country's representative point (the country was all that was known).",
});
export type PlaceSource = keyof typeof PlaceSource;

export const LiveVehicleStatus = closedList('LiveVehicleStatus', 'Status of a vehicle as its fleet last reported it.', {
  AVAILABLE: 'Free to take a job: counted by ride pickup estimates and transport availability.',
  BUSY: 'On a job.',
  OFFLINE: 'Out of service or not reachable (also set when the LSP takes the vehicle out of service).',
});
export type LiveVehicleStatus = keyof typeof LiveVehicleStatus;
