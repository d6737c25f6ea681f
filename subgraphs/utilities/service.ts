/**
 * The utilities family (spec group 15): fares, distance, zones, nearby vehicles, ETA, and the live position store.
 * Each function takes `(em, principal, input)`, checks the caller (a workspace API key with the `utilities` scope),
 * validates the input (UTILITY::VALIDATION_FAILED naming the field), locates the places (places.ts), and applies the
 * documented model (constants.ts, tariffs.ts; docs/utilities.md).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { createRequire } from 'node:module';
import { AppError } from '../../kernel/errors.js';
import { MONEY_MAX } from '../../kernel/graphql-types.js';
import { requireApiKey, type Principal } from '../../kernel/principal.js';
import {
  BORDER_ENTRY_FEE, BROKERAGE_FEE, DELIVERY, DISCLAIMER, DOCUMENTATION_FEE, INSPECTION, KM_PER_MILE, MAX_POSITION_BATCH, MAX_SEARCH_RADIUS_M,
  MAX_SPEED_KMH, MIN_SEARCH_RADIUS_M, MODE_SPEED_KMH, NEARBY_DEFAULT_LIMIT, NEARBY_MAX_LIMIT, PICKUP_COUNT_CAP, PICKUP_DRIVERS_LISTED,
  PICKUP_RADIUS_M, POSITION_FRESH_S, QUOTE_VALIDITY_S, RIDE_CURRENCY, RIDE_TRAFFIC_CONFIDENCE, SURGE, TRANSPORT_VEHICLE_CAP,
  TRANSPORT_VEHICLE_RADIUS_M,
} from './constants.js';
import { CostPayer, DeliveryPackageType, FreightUrgency, Incoterm, TransportMode, VehicleStatus, ZoneServiceType } from './enums.js';
import { localTime, modeDistance, roadDrivingHours, timeZoneAt, travelHours, type ModeDistance } from './geo.js';
import { convert, dec, Decimal, fxDate, roundMoney, sum } from './money.js';
import {
  currency, finite, insufficient, intRange, invalid, locate, metadataOf, nonNegative, optionalText, point, positive, text, timestamp, unix,
  vehicleType, type Located,
} from './places.js';
import * as store from './positions.js';
import {
  CHAPTER_DOCUMENTS, CUSTOMS_UNIONS, CA_CUSMA, DE_MINIMIS, DUTY_PROFILES, EU_MEMBERS, EXPORT_DECLARATION, FOB_VALUATION, IMPORT_DOCUMENTS,
  TRANSPORT_DOCUMENT, dutyProfileOf, generalRate, groupOfChapter, CHAPTER_GROUPS,
} from './tariffs.js';
import type {
  ArrivalEstimate, CostLine, CrossBorderFare, CrossBorderFareInput, DeliveryFare, DeliveryFareInput, DistanceInput, EtaInput,
  ExchangeRate, Money, NamedFee, NearbyBoundsInput, NearbyBoundsResult, NearbySearchInput, NearbySearchResult, NearbyVehicle,
  NearestInput, NearestResult, RideFare, RideFareInput, RouteDistance, TransportFare, TransportFareInput, VehiclePosition,
  VehiclePositionBatch, VehiclePositionInput, ZoneAssignment, ZoneInput,
} from './types.js';
import { zoneOf } from './zoning.js';
import {
  checkDeliveryService, clearanceDays, deliveryChargeableKg, deliveryDays, deliveryPrice, freightChargeableKg, freightFares, freightHours, hsChapter,
  importLevies, inChapters, insurancePremium, payerOf, pickupEtaMinutes, rideClass, rideFareLines, SEA_ONLY_TERMS, SURGE_REASON, surgeRuleAt,
} from './fares.js';
import { dimensionsCm3, kmMi, minuteHour, round, volumeM3, weightKg } from './units.js';
import { nowDate } from '../../kernel/clock.js';

const require = createRequire(import.meta.url);

/** The caller: a workspace API key allowed to call the utilities family. */
const caller = (principal: Principal) => requireApiKey(principal, 'utilities');

function distanceBy(a: Located, b: Located, mode: TransportMode, field = 'destination'): ModeDistance {
  const d = modeDistance(a, b, mode);
  if (!d) throw new AppError('UTILITY::CALCULATION_FAILED', `${field}: no maritime route joins these places`, field);
  return d;
}

// ================================================================= delivery

export function deliveryFare(_em: EntityManager, principal: Principal, input: DeliveryFareInput): DeliveryFare {
  caller(principal);
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
      baseFee: lines.baseFee.toNumber(), distanceFee: lines.distanceFee.toNumber(), weightFee: lines.weightFee.toNumber(),
      serviceFee: lines.serviceFee.toNumber(), fuelSurcharge: lines.fuelSurcharge.toNumber(),
      seasonalAdjustment: seasonalLine?.toNumber() ?? null, handlingFee: handlingLine?.toNumber() ?? null,
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

interface FreightQuote {
  distance: ModeDistance;
  chargeableKg: number;
  base: Decimal;
  distanceFare: Decimal;
  weightFare: Decimal;
  fuel: Decimal;
  hazardous?: Decimal;
  hours: number;
}

function freightQuote(origin: Located, destination: Located, mode: TransportMode, kg: number, m3: number | undefined, urgency: FreightUrgency, hazardous: boolean, weightField: string): FreightQuote {
  const chargeableKg = freightChargeableKg(mode, kg, m3, weightField);
  const distance = distanceBy(origin, destination, mode);
  const km = round(distance.km);
  const fares = freightFares(mode, km, chargeableKg, urgency, hazardous);
  return { distance: { ...distance, km }, chargeableKg, ...fares, hours: freightHours(distance, mode, urgency) };
}

const fresh = (now: Date) => new Date(now.getTime() - POSITION_FRESH_S * 1000);

export async function transportFare(em: EntityManager, principal: Principal, input: TransportFareInput): Promise<TransportFare> {
  const key = caller(principal);
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
  const stats = await store.nearbyStats(em, key.workspaceId, origin.lat, origin.lng, TRANSPORT_VEHICLE_RADIUS_M, { vehicleType: type, status: VehicleStatus.AVAILABLE, freshSince: fresh(now) }, TRANSPORT_VEHICLE_CAP);
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

export { surgeRuleAt };

const MAX_RIDE_KM = 1000;

function toNearby(r: store.PositionRow): NearbyVehicle {
  return {
    id: r.vehicle_id, type: r.type, status: r.status, location: { lat: Number(r.lat), lng: Number(r.lng) },
    distance: round(Number(r.distance ?? 0), 1), updatedAt: unix(new Date(r.updated_at)),
  };
}

export async function rideFare(em: EntityManager, principal: Principal, input: RideFareInput): Promise<RideFare> {
  const key = caller(principal);
  const now = nowDate();
  const pickup = locate(input.pickup, 'pickup', 'pickup');
  const dropoff = locate(input.dropoff, 'dropoff', 'dropoff');
  const passengers = input.passengerCount === undefined || input.passengerCount === null ? 1 : intRange(input.passengerCount, 'passengerCount', 1, 7);
  const { vehicleClass, rate } = rideClass(passengers, input.vehicleClass);
  const at = timestamp(input.requestTime, 'requestTime', now);

  const km = round(distanceBy(pickup, dropoff, TransportMode.ROAD, 'dropoff').km);
  if (km > MAX_RIDE_KM) throw new AppError('UTILITY::ESTIMATION_FAILED', `dropoff: rides are estimated up to ${MAX_RIDE_KM} road km (this trip: ${km} km)`, 'dropoff');
  const duration = minuteHour(roadDrivingHours(km));

  const timeZone = timeZoneAt(pickup.lat, pickup.lng);
  pickup.timeZone = timeZone;
  const local = localTime(at, timeZone);
  const rule = surgeRuleAt(local.weekday, local.hour);
  const multiplier = SURGE[rule];

  const c = RIDE_CURRENCY;
  const { baseFare, distanceFare, timeFare, bookingFee, surgeFare, totalBeforeSurge, totalAfterSurge, minimumFare, minimumFareApplied } =
    rideFareLines(rate, km, duration.minute, multiplier);

  const filters = { status: VehicleStatus.AVAILABLE, freshSince: fresh(now) };
  const stats = await store.nearbyStats(em, key.workspaceId, pickup.lat, pickup.lng, PICKUP_RADIUS_M, filters, PICKUP_COUNT_CAP);
  const drivers = input.includeNearbyDrivers ? stats.rows.slice(0, PICKUP_DRIVERS_LISTED).map(toNearby) : null;
  const etaMinutes = pickupEtaMinutes(stats.nearest);

  const metadata = metadataOf([pickup, dropoff], now);
  return {
    estimatedFare: {
      baseFare: baseFare.toNumber(), distanceFare: distanceFare.toNumber(), timeFare: timeFare.toNumber(), surgeFare: surgeFare.toNumber(),
      bookingFee: bookingFee.toNumber(), totalBeforeSurge: totalBeforeSurge.toNumber(),
      totalAfterSurge: totalAfterSurge.toNumber(), minimumFare: minimumFare.toNumber(), minimumFareApplied, currency: c,
    },
    surgeInfo: { multiplier, reason: SURGE_REASON[rule], isActive: multiplier > 1, rule, localTime: local.iso, timeZone },
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

// ================================================================= cross-border

interface SalesTaxModule { getSalesTax(country: string): Promise<{ type: string; rate: number }> }
let salesTax: { module: SalesTaxModule; known: Set<string> } | undefined;
function vatModule() {
  if (!salesTax) {
    const module = require('sales-tax') as SalesTaxModule;
    const rates = require('sales-tax/res/sales_tax_rates.json') as Record<string, unknown>;
    salesTax = { module, known: new Set(Object.keys(rates)) };
  }
  return salesTax;
}

/** VAT/GST rate of a destination (percent) from the sales-tax package; `known` false when it has no entry. */
async function vatRateOf(country: string): Promise<{ rate: number; type: string; known: boolean }> {
  const { module, known } = vatModule();
  const r = await module.getSalesTax(country);
  return { rate: round(r.rate * 100, 3), type: r.type, known: known.has(country) };
}

export async function crossBorderFare(_em: EntityManager, principal: Principal, input: CrossBorderFareInput): Promise<CrossBorderFare> {
  caller(principal);
  const now = nowDate();
  const origin = locate(input.origin, 'origin', 'origin');
  const destination = locate(input.destination, 'destination', 'destination');
  const from = origin.country!.code;
  const to = destination.country!.code;
  if (from === to) throw invalid('destination.country', 'must be another country than the origin\'s for a cross-border estimate');
  const s = input.shipment;
  if (!s) throw invalid('shipment', 'is required');
  const kg = weightKg(s.weight, 'shipment.weight');
  if (!s.declaredValue) throw invalid('shipment.declaredValue', 'is required');
  const goodsAmount = nonNegative(s.declaredValue.amount, 'shipment.declaredValue.amount', MONEY_MAX);
  if (goodsAmount > 1e12) throw invalid('shipment.declaredValue.amount', 'must be at most 1,000,000,000,000');
  const Q = currency(s.declaredValue.currency, 'shipment.declaredValue.currency', 'USD');
  const hs = hsChapter(s.hsCode);
  text(s.description, 'shipment.description', 500);
  intRange(s.quantity, 'shipment.quantity', 1, 10_000_000);
  const mode = input.transportMode;
  const term = input.incoterms ?? Incoterm.DAP;

  const goods = dec(goodsAmount);
  const fromUsd = (usd: Decimal.Value) => convert(usd, 'USD', Q);
  const r = (amount: Decimal) => roundMoney(amount, Q);
  const moneyOf = (amount: Decimal): Money => ({ amount: amount.toNumber(), currency: Q });
  const rates: ExchangeRate[] = [];
  const noteRate = (a: string, b: string) => {
    if (a !== b && !rates.some((x) => x.from === a && x.to === b)) rates.push({ from: a, to: b, rate: convert(1, a, b).toDecimalPlaces(8).toNumber(), date: fxDate() });
  };
  noteRate('USD', Q);

  const union = CUSTOMS_UNIONS.find((u) => u.members.includes(from) && u.members.includes(to));
  const noFormalities = Boolean(union?.noFormalities);

  // main carriage and insurance
  const freight = freightQuote(origin, destination, mode, kg, undefined, FreightUrgency.STANDARD, false, 'shipment.weight.value');
  // the freight fare as /fares/transport quotes it in this currency: each line rounded, then summed
  const transport = sum(r(fromUsd(freight.base)), r(fromUsd(freight.distanceFare)), r(fromUsd(freight.weightFare)), r(fromUsd(freight.fuel)));
  const insurance = insurancePremium(goods, Q);

  // customs value and de minimis
  const basis = FOB_VALUATION.includes(to) ? 'FOB' : 'CIF';
  const customsValue = r(basis === 'FOB' ? goods : goods.add(transport).add(insurance));
  const threshold = DE_MINIMIS[to];
  let dutyFree = false;
  let taxFree = false;
  if (threshold && !union) {
    const cusma = to === 'CA' && CA_CUSMA.origins.includes(from);
    const dutyLimit = cusma ? CA_CUSMA.duty : threshold.duty;
    const taxLimit = cusma ? CA_CUSMA.tax : threshold.tax;
    if (dutyLimit !== null || taxLimit !== null) {
      noteRate(Q, threshold.currency);
      const inLocal = convert(goods, Q, threshold.currency);
      dutyFree = dutyLimit !== null && inLocal.lte(dutyLimit);
      taxFree = taxLimit !== null && inLocal.lte(taxLimit);
    }
  }

  // duty
  const profile = dutyProfileOf(to);
  const group = hs ? groupOfChapter(hs.chapter) : undefined;
  const dutyRate = union ? 0 : group ? DUTY_PROFILES[profile.key]!.rates[group] : generalRate(profile.key);
  const exemption = union ? `${union.name} customs union` : dutyFree ? `de minimis: ${threshold!.note}` : dutyRate === 0 ? 'duty-free under the tariff' : null;
  const duty = union || dutyFree ? dec(0) : r(customsValue.mul(dutyRate).div(100));

  // other import levies
  const levyLines: NamedFee[] = [];
  let levies = dec(0);
  if (!union) {
    const found = importLevies(to, mode, duty, customsValue, Q);
    levies = found.total;
    for (const line of found.lines) levyLines.push({ name: line.name, amount: moneyOf(line.amount) });
  }

  // VAT / GST at the border
  const vatInfo = await vatRateOf(to);
  const vatAtBorder = !noFormalities && !taxFree && vatInfo.rate > 0;
  const vat = vatAtBorder ? r(customsValue.add(duty).add(levies).mul(vatInfo.rate).div(100)) : dec(0);

  // fees
  const brokerage = noFormalities ? dec(0) : r(fromUsd(dutyFree ? BROKERAGE_FEE.lowValue : BROKERAGE_FEE.formal));
  const documentation = r(fromUsd(DOCUMENTATION_FEE[mode]));
  const inspected = Boolean(hs && !noFormalities && inChapters(hs.chapter, INSPECTION.chapters));
  const inspection = inspected ? r(fromUsd(INSPECTION.fee)) : undefined;
  const border = noFormalities && (mode === TransportMode.ROAD || mode === TransportMode.RAIL) ? dec(0) : r(fromUsd(BORDER_ENTRY_FEE[mode]));

  const total = sum(transport, duty, vat, levies, brokerage, documentation, inspection, border, insurance);

  // who pays what
  const exportDocs = r(documentation.div(2));
  const costs: [string, Decimal | undefined][] = [
    ['transportFee', transport], ['insurance', insurance], ['documentationFee.export', exportDocs], ['documentationFee.import', documentation.sub(exportDocs)],
    ['borderCrossingFee', border], ['brokerageFee', brokerage], ['customsDuty', duty], ['importTax', levies], ['vat', vat], ['inspectionFee', inspection],
  ];
  const lines: CostLine[] = costs.filter(([, a]) => a && !a.isZero()).map(([item, a]) => ({ item, payer: payerOf(term, item), amount: moneyOf(a!) }));
  const paidBy = (p: CostPayer) => moneyOf(lines.filter((l) => l.payer === p).reduce((acc, l) => acc.add(l.amount.amount), dec(0)));

  // documents
  const documents = new Set<string>(['Commercial invoice', 'Packing list', TRANSPORT_DOCUMENT[mode]!]);
  if (!noFormalities) {
    const regionKey = (c: string) => (EU_MEMBERS.includes(c) ? 'EU' : c);
    documents.add(EXPORT_DECLARATION[regionKey(from)] ?? 'Export declaration');
    for (const d of IMPORT_DOCUMENTS[regionKey(to)] ?? ['Import customs declaration']) documents.add(d);
    if (to === 'US' && mode === TransportMode.SEA) documents.add('Importer Security Filing (ISF 10+2)');
    if (union?.certificate) documents.add(union.certificate);
    if (hs) for (const c of CHAPTER_DOCUMENTS) if (hs.chapter >= c.chapters[0] && hs.chapter <= c.chapters[1]) documents.add(c.document);
    if (term === Incoterm.DDP) documents.add('Importer-of-record arrangement for the seller (DDP)');
  }
  if ([Incoterm.CIF, Incoterm.CIP].includes(term)) documents.add('Insurance certificate');

  // clearance time
  const clearance = clearanceDays(to, noFormalities, inspected);

  const notes = [DISCLAIMER.crossborder, `Exchange rates: reference rates of ${fxDate()}.`];
  if (SEA_ONLY_TERMS.includes(term) && mode !== TransportMode.SEA) notes.push(`${term} is a sea and inland-waterway term under Incoterms 2020; costs were allocated as written, consider ${term === Incoterm.FOB || term === Incoterm.FAS ? 'FCA' : term === Incoterm.CFR ? 'CPT' : 'CIP'}.`);
  if (!hs) notes.push('No HS code: the duty is the mean rate of the destination\'s tariff profile.');
  if (!profile.known) notes.push(`No tariff profile for ${to}: world average rates were used.`);
  if (!vatInfo.known) notes.push(`No VAT/GST data for ${to}: none was added.`);
  if (noFormalities) notes.push(`Inside the ${union!.name}: no customs formalities; VAT is accounted for by the parties (intra-union supply), not at a border.`);
  const factor = (hs ? 1 : 0.8) * (profile.known ? 1 : 0.8) * (vatInfo.known ? 1 : 0.9);

  return {
    totalCost: moneyOf(total),
    breakdown: {
      transportFee: moneyOf(transport),
      customsDuty: duty.isZero() ? null : moneyOf(duty),
      vat: vat.isZero() ? null : moneyOf(vat),
      importTax: levies.isZero() ? null : moneyOf(levies),
      brokerageFee: moneyOf(brokerage),
      documentationFee: moneyOf(documentation),
      inspectionFee: inspection ? moneyOf(inspection) : null,
      borderCrossingFee: moneyOf(border),
      additionalFees: [{ name: 'Cargo insurance', amount: moneyOf(insurance) }],
      importTaxLines: levyLines.length ? levyLines : null,
    },
    currency: Q,
    duties: {
      rate: dutyRate, amount: moneyOf(duty), hsCode: hs?.code ?? null, tariff: union ? `${union.name} (intra-union)` : DUTY_PROFILES[profile.key]!.name,
      chapterGroup: group ? CHAPTER_GROUPS[group].name : null, customsValue: moneyOf(customsValue), valuationBasis: basis, exemption,
    },
    requiredDocuments: [...documents],
    estimatedClearanceTime: { min: { day: clearance.min }, max: { day: clearance.max } },
    validUntil: unix(now) + QUOTE_VALIDITY_S,
    costAllocation: { incoterms: term, seller: paidBy(CostPayer.SELLER), buyer: paidBy(CostPayer.BUYER), lines },
    vatRate: vatInfo.rate,
    exchangeRates: rates,
    metadata: metadataOf([origin, destination], now, { factor, disclaimer: notes.join(' ') }),
  };
}

// ================================================================= distance, ETA

export function routeDistance(_em: EntityManager, principal: Principal, input: DistanceInput): RouteDistance {
  caller(principal);
  const now = nowDate();
  const origin = locate(input.origin, 'origin', 'origin');
  const destination = locate(input.destination, 'destination', 'destination');
  const d = distanceBy(origin, destination, input.mode);
  return {
    distance: { value: round(d.km), unit: 'km', miles: round(d.km / KM_PER_MILE) },
    mode: input.mode,
    calculatedAt: unix(now),
    method: d.method,
    greatCircleKm: round(d.greatCircleKm),
    seaKm: d.seaKm === undefined ? null : round(d.seaKm),
    accessKm: d.accessKm === undefined ? null : round(d.accessKm),
    metadata: metadataOf([origin, destination], now),
  };
}

export function arrivalEstimate(_em: EntityManager, principal: Principal, input: EtaInput): ArrivalEstimate {
  caller(principal);
  const now = nowDate();
  const origin = locate(input.origin, 'origin', 'origin', false);
  const destination = locate(input.destination, 'destination', 'destination', false);
  const departure = timestamp(input.departureTime, 'departureTime', now);
  const d = distanceBy(origin, destination, input.mode);
  const hours = input.mode === TransportMode.SEA ? (d.seaKm ?? 0) / MODE_SPEED_KMH.SEA + roadDrivingHours(d.accessKm ?? 0) : travelHours(d.km, input.mode);
  const duration = minuteHour(hours);
  return {
    estimatedArrival: unix(departure) + duration.minute * 60,
    duration,
    distance: { kilometer: round(d.km) },
    departureTime: unix(departure),
    mode: input.mode,
    calculatedAt: unix(now),
    metadata: metadataOf([origin, destination], now),
  };
}

// ================================================================= zone

export async function assignZone(_em: EntityManager, principal: Principal, input: ZoneInput): Promise<ZoneAssignment> {
  const key = caller(principal);
  const now = nowDate();
  const location = locate(input.location, 'location', 'location');
  const serviceType = input.serviceType ?? ZoneServiceType.DELIVERY;
  const zone = await zoneOf(location, serviceType, key.workspaceId);
  if (!zone) throw insufficient('location', 'no zone covers this location');
  return { zone, serviceType, calculatedAt: unix(now), metadata: metadataOf([location], now) };
}

// ================================================================= nearby vehicles

const limitOf = (limit: number | null | undefined, field = 'limit') =>
  limit === undefined || limit === null ? NEARBY_DEFAULT_LIMIT : intRange(limit, field, 1, NEARBY_MAX_LIMIT);

export async function nearbySearch(em: EntityManager, principal: Principal, input: NearbySearchInput): Promise<NearbySearchResult> {
  const key = caller(principal);
  const c = point(input.location, 'location');
  const radius = positive(input.radius, 'radius', MAX_SEARCH_RADIUS_M, ' metres', MIN_SEARCH_RADIUS_M);
  const filters = { vehicleType: vehicleType(input.vehicleType, 'vehicleType'), status: input.status };
  const rows = await store.searchRadius(em, key.workspaceId, c.lat, c.lng, radius, filters, limitOf(input.limit));
  const vehicles = rows.map(toNearby);
  return { vehicles, count: vehicles.length, searchRadius: radius, location: c };
}

export async function nearbyBounds(em: EntityManager, principal: Principal, input: NearbyBoundsInput): Promise<NearbyBoundsResult> {
  const key = caller(principal);
  if (!input.bounds) throw invalid('bounds', 'is required');
  const ne = point(input.bounds.northeast, 'bounds.northeast');
  const sw = point(input.bounds.southwest, 'bounds.southwest');
  if (ne.lat < sw.lat) throw invalid('bounds.northeast.lat', 'must not be south of bounds.southwest.lat');
  const width = sw.lng <= ne.lng ? ne.lng - sw.lng : 360 - (sw.lng - ne.lng);
  let centreLng = sw.lng + width / 2;
  if (centreLng > 180) centreLng -= 360;
  const center = { lat: (ne.lat + sw.lat) / 2, lng: centreLng };
  const filters = { vehicleType: vehicleType(input.vehicleType, 'vehicleType'), status: input.status };
  const rows = await store.searchBounds(em, key.workspaceId, { north: ne.lat, south: sw.lat, east: ne.lng, west: sw.lng }, center, filters, limitOf(input.limit));
  const vehicles = rows.map(toNearby);
  return { vehicles, count: vehicles.length, bounds: { northeast: ne, southwest: sw }, center };
}

export async function nearestVehicles(em: EntityManager, principal: Principal, input: NearestInput): Promise<NearestResult> {
  const key = caller(principal);
  const c = point(input.location, 'location');
  const count = intRange(input.count, 'count', 1, NEARBY_MAX_LIMIT);
  const maxDistance = input.maxDistance === undefined || input.maxDistance === null ? null : positive(input.maxDistance, 'maxDistance', MAX_SEARCH_RADIUS_M, ' metres', MIN_SEARCH_RADIUS_M);
  const filters = { vehicleType: vehicleType(input.vehicleType, 'vehicleType'), status: input.status };
  const rows = await store.searchNearest(em, key.workspaceId, c.lat, c.lng, count, filters, maxDistance);
  const vehicles = rows.map(toNearby);
  return { vehicles, count: vehicles.length, requested: count, maxDistance, location: c };
}

// ================================================================= position reports

const VEHICLE_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;

function report(p: VehiclePositionInput | undefined | null, field: string, now: Date): store.PositionReport {
  if (!p) throw invalid(field, 'is required');
  const at = (f: string) => (field ? `${field}.${f}` : f);
  if (typeof p.vehicleId !== 'string' || !VEHICLE_ID.test(p.vehicleId)) throw invalid(at('vehicleId'), 'must be 1–64 letters, digits, _ . : or -, starting with a letter or digit');
  const type = vehicleType(p.type, at('type'), true)!;
  if (!Object.values(VehicleStatus).includes(p.status)) throw invalid(at('status'), 'must be AVAILABLE, BUSY or OFFLINE');
  const { lat, lng } = point(p.location, at('location'));
  let heading: number | null = null;
  if (p.heading !== undefined && p.heading !== null) {
    heading = finite(p.heading, at('heading'));
    if (heading < 0 || heading > 360) throw invalid(at('heading'), 'must be between 0 and 360 degrees');
  }
  let speed: number | null = null;
  if (p.speed !== undefined && p.speed !== null) {
    speed = nonNegative(p.speed, at('speed'), MAX_SPEED_KMH);
  }
  const recordedAt = timestamp(p.recordedAt, at('recordedAt'), now);
  if (recordedAt.getTime() > now.getTime() + 5 * 60_000) throw invalid(at('recordedAt'), 'must not be in the future');
  return { vehicleId: p.vehicleId, type, status: p.status, lat, lng, heading, speed, recordedAt };
}

function toPosition(r: store.PositionRow): VehiclePosition {
  return {
    id: r.vehicle_id, type: r.type, status: r.status, location: { lat: Number(r.lat), lng: Number(r.lng) },
    heading: r.heading === null ? null : Number(r.heading), speed: r.speed === null ? null : Number(r.speed), updatedAt: unix(new Date(r.updated_at)),
  };
}

/** Stores one position report of the caller's workspace; answers the stored position (the newer one if the report was older). */
export async function reportVehiclePosition(em: EntityManager, principal: Principal, input: VehiclePositionInput): Promise<VehiclePosition> {
  const key = caller(principal);
  const r = report(input, '', nowDate());
  const [row] = await store.upsertPositions(em, key.workspaceId, key.keyId, [r]);
  return toPosition(row ?? (await store.findPosition(em, key.workspaceId, r.vehicleId))!);
}

/** Stores up to 500 position reports at once (one statement). */
export async function reportVehiclePositions(em: EntityManager, principal: Principal, input: VehiclePositionInput[]): Promise<VehiclePositionBatch> {
  const key = caller(principal);
  if (!Array.isArray(input) || input.length === 0) throw invalid('positions', 'must hold at least one report');
  if (input.length > MAX_POSITION_BATCH) throw invalid('positions', `must hold at most ${MAX_POSITION_BATCH} reports`);
  const now = nowDate();
  const reports = input.map((p, i) => report(p, `positions.${i}`, now));
  const seen = new Set<string>();
  for (const [i, r] of reports.entries()) {
    if (seen.has(r.vehicleId)) throw invalid(`positions.${i}.vehicleId`, 'appears twice in the batch');
    seen.add(r.vehicleId);
  }
  const rows = await store.upsertPositions(em, key.workspaceId, key.keyId, reports);
  return { stored: rows.length, ignored: reports.length - rows.length };
}

export async function vehiclePosition(em: EntityManager, principal: Principal, id: string): Promise<VehiclePosition | null> {
  const key = caller(principal);
  if (typeof id !== 'string' || !VEHICLE_ID.test(id)) return null;
  const row = await store.findPosition(em, key.workspaceId, id);
  return row ? toPosition(row) : null;
}

export async function removeVehiclePosition(em: EntityManager, principal: Principal, id: string): Promise<boolean> {
  const key = caller(principal);
  if (typeof id !== 'string' || !VEHICLE_ID.test(id)) return false;
  return store.deletePosition(em, key.workspaceId, id);
}

