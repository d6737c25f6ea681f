/**
 * The cross-border landed cost (`POST /realm/utilities/fares/crossborder`; docs/utilities.md, "Cross-border landed
 * cost"): the main carriage as /fares/transport prices it, insurance, customs value and de minimis, duty by HS chapter
 * (tariffs.ts), other import levies, VAT/GST at the border (package sales-tax), fees, who pays what under the
 * incoterm, documents and clearance time.
 */
import { MONEY_MAX, type Money } from '../../../kernel/graphql-types.js';
import { nowDate } from '../../../kernel/clock.js';
import { BORDER_ENTRY_FEE, BROKERAGE_FEE, DISCLAIMER, DOCUMENTATION_FEE, INSPECTION, QUOTE_VALIDITY_S } from '../common/constants.js';
import { currency, intRange, invalid, nonNegative, text } from '../common/checks.js';
import { TransportMode } from '../../../domain/transport.js';
import { convert, dec, Decimal, fxDate, roundMoney, sum } from '../../../domain/money.js';
import { locate, metadataOf } from '../common/places.js';
import type { UtilitiesScope } from '../common/scope.js';
import { weightKg } from '../common/units.js';
import type { CostLine, CrossBorderFare, CrossBorderFareInput, ExchangeRate, NamedFee } from './cross-border-types.js';
import { CostPayer, CustomsValuationBasis, FreightUrgency, Incoterm } from './enums.js';
import { clearanceDays, hsChapter, importLevies, inChapters, insurancePremium, isOneOf, payerOf, SEA_ONLY_TERMS } from './rules.js';
import { freightQuote } from './service.js';
import { vatRateOf } from '../../../domain/vat.js';
import {
  CHAPTER_DOCUMENTS,
  CHAPTER_GROUPS,
  CUSTOMS_UNIONS,
  CA_CUSMA,
  DE_MINIMIS,
  DUTY_PROFILES,
  EU_MEMBERS,
  EXPORT_DECLARATION,
  FOB_VALUATION,
  IMPORT_DOCUMENTS,
  TRANSPORT_DOCUMENT,
  dutyProfileOf,
  generalRate,
  groupOfChapter,
} from './tariffs.js';

export async function crossBorderFare(_caller: UtilitiesScope, input: CrossBorderFareInput): Promise<CrossBorderFare> {
  const now = nowDate();
  const origin = locate(input.origin, 'origin', 'origin');
  const destination = locate(input.destination, 'destination', 'destination');
  const from = origin.country!.code;
  const to = destination.country!.code;
  if (from === to) throw invalid('destination.country', "must be another country than the origin's for a cross-border estimate");
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
  const basis = FOB_VALUATION.includes(to) ? CustomsValuationBasis.FOB : CustomsValuationBasis.CIF;
  const customsValue = r(basis === CustomsValuationBasis.FOB ? goods : goods.add(transport).add(insurance));
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
  const dutyRate = union ? 0 : group ? DUTY_PROFILES[profile.key].rates[group] : generalRate(profile.key);
  const exemption = union ? `${union.name} customs union` : dutyFree ? `de minimis: ${threshold.note}` : dutyRate === 0 ? 'duty-free under the tariff' : null;
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
    ['transportFee', transport],
    ['insurance', insurance],
    ['documentationFee.export', exportDocs],
    ['documentationFee.import', documentation.sub(exportDocs)],
    ['borderCrossingFee', border],
    ['brokerageFee', brokerage],
    ['customsDuty', duty],
    ['importTax', levies],
    ['vat', vat],
    ['inspectionFee', inspection],
  ];
  const lines: CostLine[] = costs.filter(([, a]) => a && !a.isZero()).map(([item, a]) => ({ item, payer: payerOf(term, item), amount: moneyOf(a!) }));
  const paidBy = (p: CostPayer) => moneyOf(lines.filter((l) => l.payer === p).reduce((acc, l) => acc.add(l.amount.amount), dec(0)));

  // documents
  const documents = new Set<string>(['Commercial invoice', 'Packing list', TRANSPORT_DOCUMENT[mode]]);
  if (!noFormalities) {
    const regionKey = (c: string) => (EU_MEMBERS.includes(c) ? 'EU' : c);
    documents.add(EXPORT_DECLARATION[regionKey(from)] ?? 'Export declaration');
    for (const d of IMPORT_DOCUMENTS[regionKey(to)] ?? ['Import customs declaration']) documents.add(d);
    if (to === 'US' && mode === TransportMode.SEA) documents.add('Importer Security Filing (ISF 10+2)');
    if (union?.certificate) documents.add(union.certificate);
    if (hs) for (const c of CHAPTER_DOCUMENTS) if (hs.chapter >= c.chapters[0] && hs.chapter <= c.chapters[1]) documents.add(c.document);
    if (term === Incoterm.DDP) documents.add('Importer-of-record arrangement for the seller (DDP)');
  }
  if (isOneOf(term, Incoterm.CIF, Incoterm.CIP)) documents.add('Insurance certificate');

  // clearance time
  const clearance = clearanceDays(to, noFormalities, inspected);

  const notes = [DISCLAIMER.crossborder, `Exchange rates: reference rates of ${fxDate()}.`];
  if (SEA_ONLY_TERMS.includes(term) && mode !== TransportMode.SEA)
    notes.push(
      `${term} is a sea and inland-waterway term under Incoterms 2020; costs were allocated as written, consider ${term === Incoterm.FOB || term === Incoterm.FAS ? 'FCA' : term === Incoterm.CFR ? 'CPT' : 'CIP'}.`,
    );
  if (!hs) notes.push("No HS code: the duty is the mean rate of the destination's tariff profile.");
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
      rate: dutyRate,
      amount: moneyOf(duty),
      hsCode: hs?.code ?? null,
      tariff: union ? `${union.name} (intra-union)` : DUTY_PROFILES[profile.key].name,
      chapterGroup: group ? CHAPTER_GROUPS[group].name : null,
      customsValue: moneyOf(customsValue),
      valuationBasis: basis,
      exemption,
    },
    requiredDocuments: [...documents],
    estimatedClearanceTime: { min: { day: clearance.min }, max: { day: clearance.max } },
    validUntil: new Date(now.getTime() + QUOTE_VALIDITY_S * 1000),
    costAllocation: { incoterms: term, seller: paidBy(CostPayer.SELLER), buyer: paidBy(CostPayer.BUYER), lines },
    vatRate: vatInfo.rate,
    exchangeRates: rates,
    metadata: metadataOf([origin, destination], now, { factor, disclaimer: notes.join(' ') }),
  };
}
