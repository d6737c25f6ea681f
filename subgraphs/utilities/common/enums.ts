import { registerEnumType } from 'type-graphql';

/**
 * Enumerations of the utilities family. Names carry a family prefix where another family could define the same
 * word (vehicles, zones, modes), so the supergraph never has to merge two meanings of one enum.
 */

export enum DeliveryServiceLevel { SAME_DAY = 'SAME_DAY', NEXT_DAY = 'NEXT_DAY', STANDARD = 'STANDARD', EXPRESS = 'EXPRESS' }
registerEnumType(DeliveryServiceLevel, {
  name: 'DeliveryServiceLevel',
  description: 'Parcel delivery service level: SAME_DAY (domestic, up to 150 road km), NEXT_DAY (domestic, up to 1,500 road km), EXPRESS, STANDARD.',
});

export enum DeliveryPackageType { DOCUMENT = 'DOCUMENT', PARCEL = 'PARCEL', FRAGILE = 'FRAGILE', PERISHABLE = 'PERISHABLE', OVERSIZED = 'OVERSIZED' }
registerEnumType(DeliveryPackageType, {
  name: 'DeliveryPackageType',
  description: 'Kind of package (docs/utilities.md lists the handling fee of each): DOCUMENT, PARCEL (default), FRAGILE, PERISHABLE, OVERSIZED.',
});

export enum TransportMode { ROAD = 'ROAD', AIR = 'AIR', SEA = 'SEA', RAIL = 'RAIL' }
registerEnumType(TransportMode, {
  name: 'UtilityTransportMode',
  description: 'Mode of transport: ROAD and RAIL use a circuity factor over the great-circle distance, AIR the great circle, SEA a maritime route.',
});

export enum FreightUrgency { URGENT = 'URGENT', STANDARD = 'STANDARD', ECONOMY = 'ECONOMY' }
registerEnumType(FreightUrgency, { name: 'FreightUrgency', description: 'Urgency of a freight transport: URGENT ×1.5, STANDARD ×1.0, ECONOMY ×0.85 on the distance and weight fares.' });

export enum RideVehicleClass {
  ECONOMY = 'ECONOMY', STANDARD = 'STANDARD', COMFORT = 'COMFORT', PREMIUM = 'PREMIUM', LUXURY = 'LUXURY', XL = 'XL', SUV = 'SUV',
}
registerEnumType(RideVehicleClass, { name: 'RideVehicleClass', description: 'Ride vehicle class (base fare, per-km and per-minute rates of the spec).' });

export enum SurgeRule { PEAK_HOURS = 'PEAK_HOURS', WEEKEND_NIGHT = 'WEEKEND_NIGHT', LATE_NIGHT = 'LATE_NIGHT', NONE = 'NONE' }
registerEnumType(SurgeRule, {
  name: 'RideSurgeRule',
  description: 'Surge rule that applied: PEAK_HOURS 07–09 and 17–19 ×1.5; WEEKEND_NIGHT Friday and Saturday 22–02 ×1.8; LATE_NIGHT 02–05 ×1.3; NONE ×1.0 (pickup local time).',
});

export enum Incoterm {
  EXW = 'EXW', FCA = 'FCA', CPT = 'CPT', CIP = 'CIP', DAP = 'DAP', DPU = 'DPU', DDP = 'DDP', FAS = 'FAS', FOB = 'FOB', CFR = 'CFR', CIF = 'CIF',
}
registerEnumType(Incoterm, { name: 'Incoterm', description: 'Incoterms 2020 rule deciding who pays which cost (default DAP).' });

export enum CostPayer { SELLER = 'SELLER', BUYER = 'BUYER' }
registerEnumType(CostPayer, { name: 'CrossBorderCostPayer', description: 'Party that pays a cost under the chosen incoterm.' });

export enum WeightUnit { kg = 'kg', lb = 'lb', g = 'g', t = 't' }
registerEnumType(WeightUnit, { name: 'UtilityWeightUnit', description: 'Unit of weight: kg, lb (0.45359237 kg), g, t (metric tonne, 1,000 kg).' });

export enum LengthUnit { cm = 'cm', in = 'in', m = 'm' }
registerEnumType(LengthUnit, { name: 'UtilityLengthUnit', description: 'Unit of length: cm, in (2.54 cm), m.' });

export enum VolumeUnit { m3 = 'm3', ft3 = 'ft3', L = 'L' }
registerEnumType(VolumeUnit, { name: 'UtilityVolumeUnit', description: 'Unit of volume: m3, ft3 (0.028316846592 m3), L (0.001 m3).' });

export enum Accuracy { ESTIMATE = 'ESTIMATE', STANDARD = 'STANDARD', PRECISE = 'PRECISE' }
registerEnumType(Accuracy, {
  name: 'UtilityAccuracy',
  description: 'How precisely the places were located: PRECISE (caller coordinates), STANDARD (gazetteer city), ESTIMATE (country centroid).',
});

export enum DataSource { LSP = 'LSP', FALLBACK = 'FALLBACK', HYBRID = 'HYBRID' }
registerEnumType(DataSource, {
  name: 'UtilityDataSource',
  description: 'Where the answer came from: HYBRID (caller coordinates or gazetteer with the platform reference models), FALLBACK (a place was only known by its country: its centroid was used), LSP (reserved for LSP rate cards and coverage).',
});

export enum ZoneServiceType { DELIVERY = 'DELIVERY', WAREHOUSE = 'WAREHOUSE', TERMINAL = 'TERMINAL' }
registerEnumType(ZoneServiceType, { name: 'ZoneServiceType', description: 'Service the zone is asked for (default DELIVERY).' });

export enum ZoneType { CITY = 'CITY', METRO = 'METRO', REGION = 'REGION', COUNTRY = 'COUNTRY' }
registerEnumType(ZoneType, { name: 'UtilityZoneType', description: 'Tier of a default zone: CITY, METRO, REGION (first-level administrative division), COUNTRY.' });

export enum VehicleStatus { AVAILABLE = 'AVAILABLE', BUSY = 'BUSY', OFFLINE = 'OFFLINE' }
registerEnumType(VehicleStatus, { name: 'LiveVehicleStatus', description: 'Status of a vehicle as its fleet last reported it.' });
