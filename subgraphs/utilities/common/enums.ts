import { closedList } from '../../../kernel/graphql-types.js';

/**
 * Closed lists the areas of the utilities family share. Values are spelled as the REST contract spells them (the units
 * and place roles in lower case), so the bridge passes them through unchanged.
 */

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
