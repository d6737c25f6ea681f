import { closedList } from '../../../kernel/graphql-types.js';

/** The closed lists of fleets, vehicles and parking facilities (docs/lsp.md). */

export const VehicleStatus = closedList('VehicleStatus', 'Whether a vehicle is in service.', {
  INACTIVE: 'Not in service yet or for now (the default); it can be allocated.',
  ACTIVE: 'In service; it can be allocated.',
  MAINTENANCE: 'Out of service for repairs or servicing; not while allocated.',
  RETIRED: 'Permanently out of service; not while allocated.',
});
export type VehicleStatus = keyof typeof VehicleStatus;

export const VehicleOwnership = closedList('VehicleOwnership', 'How the LSP holds a vehicle.', {
  OWNED: 'The LSP owns the vehicle.',
  LEASED: 'The LSP leases the vehicle for a long term.',
  RENTED: 'The LSP rents the vehicle for a short term.',
  SUBCONTRACTED: 'The vehicle belongs to a subcontractor working for the LSP.',
});
export type VehicleOwnership = keyof typeof VehicleOwnership;

export const VehicleEngine = closedList('VehicleEngine', 'What powers a vehicle.', {
  DIESEL: 'Diesel engine.',
  PETROL: 'Petrol (gasoline) engine.',
  ELECTRIC: 'Battery-electric motor.',
  HYBRID: 'Combustion engine and electric motor.',
  CNG: 'Engine running on compressed natural gas.',
  LPG: 'Engine running on liquefied petroleum gas.',
});
export type VehicleEngine = keyof typeof VehicleEngine;

export const VehicleGearbox = closedList('VehicleGearbox', "How a vehicle changes gears (the spec's `specs.mode`).", {
  MANUAL: 'The driver changes gears.',
  AUTOMATIC: 'The vehicle changes gears itself.',
});
export type VehicleGearbox = keyof typeof VehicleGearbox;

export const VehicleCondition = closedList('VehicleCondition', 'The state a vehicle is in, as the LSP rates it.', {
  EXCELLENT: 'Like new.',
  GOOD: 'Minor wear, nothing to repair.',
  FAIR: 'Visible wear; serviceable.',
  POOR: 'Needs repairs soon.',
});
export type VehicleCondition = keyof typeof VehicleCondition;

export const WeightCapacityUnit = closedList('WeightCapacityUnit', "Unit of a vehicle's maximum load (written in lower case, as REST writes it).", {
  kg: 'Kilograms.',
  t: 'Metric tonnes (1,000 kg).',
  lb: 'Pounds (0.45359237 kg).',
});
export type WeightCapacityUnit = keyof typeof WeightCapacityUnit;

export const ParkingStatus = closedList('ParkingStatus', 'Whether a parking facility takes vehicles.', {
  OPERATIONAL: "Open to the LSP's vehicles (the default).",
  CLOSED: 'Closed for now; it may open again.',
  DECOMMISSIONED: 'Out of use for good (set by decommissioning; the record stays).',
});
export type ParkingStatus = keyof typeof ParkingStatus;

export const ParkingAccessType = closedList('ParkingAccessType', 'How vehicles get into a parking facility.', {
  SCHEDULED: 'At set hours only.',
  OPEN: 'At any time, without control.',
  CONTROLLED: 'Through a gate or an attendant that checks each vehicle.',
});
export type ParkingAccessType = keyof typeof ParkingAccessType;
