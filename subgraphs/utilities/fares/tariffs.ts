/**
 * Customs reference tables of the cross-border model (docs/utilities.md, "Cross-border").
 *
 * No maintained npm package carries duty rates, so this is the platform's own documented table: ad valorem MFN rates
 * by HS chapter group, approximating the simple-average applied MFN rates by product group of the WTO / ITC / UNCTAD
 * "World Tariff Profiles" (2023–2024 editions), rounded. They are indicative: a real classification of the 6–10 digit
 * HS code, preferential agreements, trade remedies and additional tariffs (for example United States Section 232/301
 * or 2025 reciprocal tariffs) can change the duty entirely.
 */

/** HS chapter groups (by HS section), each a list of chapter ranges. */
export const CHAPTER_GROUPS = {
  ANIMAL: { name: 'Live animals, meat, fish, dairy', chapters: [[1, 5]] },
  VEGETABLE: { name: 'Vegetable products', chapters: [[6, 14]] },
  FATS: { name: 'Animal and vegetable fats and oils', chapters: [[15, 15]] },
  FOOD: { name: 'Prepared food, beverages, tobacco', chapters: [[16, 24]] },
  MINERAL: { name: 'Mineral products and fuels', chapters: [[25, 27]] },
  CHEMICAL: {
    name: 'Chemicals',
    chapters: [
      [28, 29],
      [31, 38],
    ],
  },
  PHARMA: { name: 'Pharmaceutical products', chapters: [[30, 30]] },
  PLASTIC: { name: 'Plastics and rubber', chapters: [[39, 40]] },
  LEATHER: { name: 'Hides, leather, travel goods, furs', chapters: [[41, 43]] },
  WOOD: { name: 'Wood, cork, basketwork', chapters: [[44, 46]] },
  PAPER: { name: 'Pulp, paper, printed matter', chapters: [[47, 49]] },
  TEXTILE: { name: 'Textiles', chapters: [[50, 60]] },
  APPAREL: { name: 'Apparel and made-up textiles', chapters: [[61, 63]] },
  FOOTWEAR: { name: 'Footwear, headgear, umbrellas', chapters: [[64, 67]] },
  STONE: { name: 'Stone, ceramics, glass', chapters: [[68, 70]] },
  PRECIOUS: { name: 'Pearls, precious stones and metals, jewellery', chapters: [[71, 71]] },
  METAL: {
    name: 'Base metals and articles',
    chapters: [
      [72, 76],
      [78, 83],
    ],
  },
  MACHINERY: { name: 'Machinery and mechanical appliances', chapters: [[84, 84]] },
  ELECTRICAL: { name: 'Electrical machinery and electronics', chapters: [[85, 85]] },
  VEHICLE: { name: 'Vehicles, aircraft, vessels', chapters: [[86, 89]] },
  INSTRUMENT: { name: 'Optical, medical, measuring instruments, clocks, musical instruments', chapters: [[90, 92]] },
  ARMS: { name: 'Arms and ammunition', chapters: [[93, 93]] },
  MISC: { name: 'Furniture, toys, miscellaneous manufactured articles', chapters: [[94, 96]] },
  ART: { name: 'Works of art and antiques', chapters: [[97, 97]] },
} as const;
export type ChapterGroup = keyof typeof CHAPTER_GROUPS;

/** The group of an HS chapter (1–97, 77 reserved), or undefined. */
export function groupOfChapter(chapter: number): ChapterGroup | undefined {
  for (const [group, def] of Object.entries(CHAPTER_GROUPS)) {
    if (def.chapters.some(([a, b]) => chapter >= a && chapter <= b)) return group as ChapterGroup;
  }
  return undefined;
}

type Profile = Record<ChapterGroup, number>;
const profile = (rates: number[]): Profile => {
  const groups = Object.keys(CHAPTER_GROUPS) as ChapterGroup[];
  if (rates.length !== groups.length) throw new Error('tariff profile: one rate per chapter group');
  return Object.fromEntries(groups.map((g, i) => [g, rates[i]])) as Profile;
};

/**
 * Duty profiles (% ad valorem), in CHAPTER_GROUPS order:
 * ANIMAL VEGETABLE FATS FOOD MINERAL CHEMICAL PHARMA PLASTIC LEATHER WOOD PAPER TEXTILE APPAREL FOOTWEAR STONE PRECIOUS
 * METAL MACHINERY ELECTRICAL VEHICLE INSTRUMENT ARMS MISC ART
 */
export const DUTY_PROFILES: Record<string, { name: string; rates: Profile }> = {
  EU: { name: 'European Union Common Customs Tariff', rates: profile([12, 10.5, 5.5, 15, 0.5, 4.5, 0, 5, 4, 2, 0, 6.5, 11.5, 8, 3.5, 0.5, 2, 1.9, 2.4, 4.3, 2, 2.5, 2.5, 0]) },
  US: { name: 'United States HTSUS column 1 (MFN)', rates: profile([2.3, 4.7, 4.4, 8, 1.5, 2.8, 0, 4, 3.9, 0.5, 0, 7.9, 11.5, 11, 4, 2.5, 1.7, 1.2, 1.7, 3, 1.7, 2, 2.5, 0]) },
  GB: { name: 'UK Global Tariff', rates: profile([10, 8, 4, 12, 0, 3.5, 0, 4, 3.5, 1, 0, 6, 11, 8, 3, 0, 1.5, 1.5, 2, 4, 1.5, 2, 2, 0]) },
  CA: { name: 'Canada Customs Tariff (MFN)', rates: profile([8, 3, 5, 8, 0.5, 1, 0, 2.5, 4, 1, 0, 2.5, 16.5, 11, 2, 1, 1, 0.5, 1, 5.5, 1, 3, 3, 0]) },
  AU: { name: 'Australia Customs Tariff (general rate)', rates: profile([0.5, 1, 1.5, 2.5, 0, 1.5, 0, 3, 3, 2, 2, 4.5, 5, 5, 3, 1, 2.5, 2.5, 2.5, 5, 1.5, 3, 3.5, 0]) },
  JP: { name: 'Japan Customs Tariff (MFN)', rates: profile([10, 8, 6, 12, 0.5, 2, 0, 3, 10, 1, 0, 5, 9, 20, 1, 1, 0.5, 0, 0.2, 0, 0.5, 0, 1, 0]) },
  CN: { name: 'China Customs Import Tariff (MFN)', rates: profile([12, 12, 10, 20, 3, 6, 3, 6.5, 10, 3, 5, 8, 16, 17, 10, 8, 6, 7.5, 7.5, 10, 8, 13, 10, 10]) },
  IN: { name: 'India Customs Tariff, basic customs duty', rates: profile([30, 30, 35, 40, 10, 8, 10, 10, 10, 10, 10, 15, 20, 25, 10, 10, 10, 7.5, 10, 30, 10, 10, 15, 10]) },
  EAC: { name: 'East African Community Common External Tariff', rates: profile([25, 25, 20, 30, 10, 10, 0, 15, 25, 25, 15, 25, 35, 35, 25, 25, 15, 5, 15, 25, 10, 25, 25, 25]) },
  SACU: { name: 'Southern African Customs Union tariff', rates: profile([10, 10, 10, 15, 2, 3, 0, 10, 15, 8, 5, 20, 40, 30, 10, 5, 5, 2, 5, 15, 2, 15, 15, 0]) },
  ECOWAS: { name: 'ECOWAS Common External Tariff', rates: profile([25, 20, 15, 30, 5, 7, 5, 15, 20, 15, 10, 20, 35, 35, 20, 20, 10, 5, 10, 20, 5, 20, 20, 20]) },
  GCC: { name: 'Gulf Cooperation Council Common Customs Tariff', rates: profile([5, 5, 5, 8, 5, 5, 0, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 0]) },
  MERCOSUR: { name: 'Mercosur Common External Tariff', rates: profile([9, 10, 10, 15, 3, 7, 5, 14, 15, 9, 12, 23, 35, 35, 12, 12, 12, 12, 14, 20, 13, 20, 18, 4]) },
  MX: { name: 'Mexico General Import Tariff (MFN)', rates: profile([15, 12, 10, 20, 3, 3, 0, 5, 10, 5, 3, 10, 20, 25, 10, 5, 5, 2, 3, 15, 3, 15, 10, 0]) },
  CH: { name: 'Swiss customs tariff (industrial goods duty-free since 2024)', rates: profile([30, 15, 20, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) },
  FREE: { name: 'Free port (no customs duty)', rates: profile(Array<number>(24).fill(0)) },
  DEFAULT: { name: 'Platform default (world simple averages)', rates: profile([15, 12, 10, 18, 5, 5, 2, 8, 10, 8, 6, 10, 17, 17, 9, 8, 6, 4, 6, 10, 5, 12, 10, 5]) },
};

export const EU_MEMBERS = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'];
export const EAC_MEMBERS = ['KE', 'UG', 'TZ', 'RW', 'BI', 'SS', 'CD', 'SO'];
const SACU_MEMBERS = ['ZA', 'BW', 'LS', 'NA', 'SZ'];
const ECOWAS_MEMBERS = ['NG', 'GH', 'CI', 'SN', 'BJ', 'BF', 'CV', 'GM', 'GN', 'GW', 'LR', 'ML', 'NE', 'SL', 'TG'];
const GCC_MEMBERS = ['AE', 'SA', 'KW', 'QA', 'BH', 'OM'];
const MERCOSUR_MEMBERS = ['BR', 'AR', 'PY', 'UY'];

/** Customs unions: no duty between members (EU: no customs formalities and no import VAT at the border either). */
export const CUSTOMS_UNIONS: { name: string; members: string[]; noFormalities: boolean; certificate?: string }[] = [
  { name: 'European Union', members: EU_MEMBERS, noFormalities: true },
  { name: 'East African Community', members: EAC_MEMBERS, noFormalities: false, certificate: 'EAC Certificate of Origin' },
  { name: 'Southern African Customs Union', members: SACU_MEMBERS, noFormalities: false, certificate: 'SACU certificate of origin' },
  { name: 'Gulf Cooperation Council', members: GCC_MEMBERS, noFormalities: false, certificate: 'GCC certificate of origin' },
];

export function dutyProfileOf(country: string): { key: string; known: boolean } {
  if (EU_MEMBERS.includes(country)) return { key: 'EU', known: true };
  if (EAC_MEMBERS.includes(country)) return { key: 'EAC', known: true };
  if (SACU_MEMBERS.includes(country)) return { key: 'SACU', known: true };
  if (ECOWAS_MEMBERS.includes(country)) return { key: 'ECOWAS', known: true };
  if (GCC_MEMBERS.includes(country)) return { key: 'GCC', known: true };
  if (MERCOSUR_MEMBERS.includes(country)) return { key: 'MERCOSUR', known: true };
  if (['HK', 'SG', 'MO'].includes(country)) return { key: 'FREE', known: true };
  if (country === 'LI') return { key: 'CH', known: true };
  if (Object.hasOwn(DUTY_PROFILES, country)) return { key: country, known: true };
  return { key: 'DEFAULT', known: false };
}

/** Mean of a profile's group rates: the duty estimate when no HS code is given. */
export function generalRate(key: string): number {
  const rates = Object.values(DUTY_PROFILES[key].rates);
  return Math.round((rates.reduce((a, b) => a + b, 0) / rates.length) * 10) / 10;
}

/**
 * De minimis thresholds in the destination's currency: goods (FOB) value at or below `duty` pay no duty, at or below
 * `tax` no import VAT/GST at the border. `null` = no threshold. Indicative, as of 2025:
 * US: duty-free de minimis suspended for all countries from 29 August 2025 (Executive Order 14324); no federal VAT.
 * EU: €150 customs-duty relief (Regulation (EC) 1186/2009), VAT due from the first euro since 1 July 2021.
 * GB: £135 customs-duty relief, VAT from £0 (collected by the seller at or below £135).
 * CA: CAD 20 duty and taxes (CAD 150 duty / 40 tax for US- and Mexico-origin courier shipments under CUSMA).
 * AU: AUD 1,000 duty; GST on low-value imports is collected at sale. NZ: NZD 1,000 likewise.
 * JP: ¥10,000 duty and consumption tax. SG: SGD 400 (GST on low-value goods collected at sale since 2023).
 * GCC: 1,000 in local currency for duty. CH: VAT of CHF 5 or less is waived (≈ CHF 62 of goods at 8.1 %).
 * Everyone else: no threshold assumed.
 */
export const DE_MINIMIS: Record<string, { currency: string; duty: number | null; tax: number | null; note: string }> = {
  US: { currency: 'USD', duty: null, tax: null, note: 'US de minimis suspended since 2025-08-29; no federal import VAT' },
  GB: { currency: 'GBP', duty: 135, tax: null, note: 'UK £135 customs-duty relief; VAT due from £0' },
  CA: { currency: 'CAD', duty: 20, tax: 20, note: 'Canada CAD 20 (CUSMA courier: CAD 150 duty / CAD 40 tax)' },
  AU: { currency: 'AUD', duty: 1000, tax: null, note: 'Australia AUD 1,000 duty threshold; GST collected at sale below it' },
  NZ: { currency: 'NZD', duty: 1000, tax: null, note: 'New Zealand NZD 1,000 duty threshold; GST collected at sale below it' },
  JP: { currency: 'JPY', duty: 10000, tax: 10000, note: 'Japan ¥10,000 duty and consumption-tax threshold' },
  SG: { currency: 'SGD', duty: 400, tax: null, note: 'Singapore SGD 400; GST on low-value goods collected at sale' },
  CH: { currency: 'CHF', duty: null, tax: 62, note: 'Switzerland: import VAT of CHF 5 or less is waived' },
  AE: { currency: 'AED', duty: 1000, tax: null, note: 'GCC AED 1,000 duty threshold' },
  SA: { currency: 'SAR', duty: 1000, tax: null, note: 'GCC SAR 1,000 duty threshold' },
  ...Object.fromEntries(EU_MEMBERS.map((c) => [c, { currency: 'EUR', duty: 150, tax: null, note: 'EU €150 customs-duty relief; VAT due from €0 since 2021-07-01' }])),
};
/** CUSMA courier thresholds for shipments into Canada from the US or Mexico. */
export const CA_CUSMA = { origins: ['US', 'MX'], duty: 150, tax: 40 };

/** Destinations whose customs value is the FOB value (freight and insurance not added); all others use CIF. */
export const FOB_VALUATION = ['US', 'CA', 'AU', 'NZ', 'ZA', 'BW', 'LS', 'NA', 'SZ'];

/** Other import levies as a share of the customs value (or of the duty), by destination. Indicative, as of 2025. */
export const IMPORT_LEVIES: Record<string, { name: string; pct: number; base: 'customsValue' | 'duty'; min?: number; max?: number; currency?: string; modes?: string[] }[]> = {
  KE: [
    { name: 'Import Declaration Fee (IDF)', pct: 3.5, base: 'customsValue' },
    { name: 'Railway Development Levy (RDL)', pct: 2.0, base: 'customsValue' },
  ],
  IN: [{ name: 'Social Welfare Surcharge', pct: 10, base: 'duty' }],
  US: [
    { name: 'Merchandise Processing Fee (MPF)', pct: 0.3464, base: 'customsValue', min: 32.71, max: 634.62, currency: 'USD' },
    { name: 'Harbor Maintenance Fee (HMF)', pct: 0.125, base: 'customsValue', modes: ['SEA'] },
  ],
};

/** Clearance time tiers in days [min, max]; platform assumptions informed by the World Bank "Trading across borders" border-compliance times. */
export const CLEARANCE_DAYS = { FAST: [0, 1], STANDARD: [1, 3], SLOW: [2, 5], UNION: [0, 0] } as const;
export const FAST_CLEARANCE = [...EU_MEMBERS, 'GB', 'US', 'CA', 'AU', 'NZ', 'JP', 'KR', 'SG', 'HK', 'CH', 'NO', 'AE', 'IS', 'LI'];
export const SLOW_CLEARANCE = ['KE', 'UG', 'TZ', 'RW', 'BI', 'SS', 'CD', 'SO', 'ET', 'NG', 'GH', 'IN', 'BD', 'PK', 'BR', 'AR', 'EG', 'DZ', 'VE'];

/** Documents. */
export const TRANSPORT_DOCUMENT: Record<string, string> = {
  AIR: 'Air waybill (AWB)',
  SEA: 'Bill of lading (B/L)',
  ROAD: 'CMR consignment note',
  RAIL: 'CIM/SMGS rail consignment note',
};
export const EXPORT_DECLARATION: Record<string, string> = {
  US: 'Electronic Export Information (EEI) filed in AES',
  GB: 'Export declaration (CDS)',
  EU: 'Export declaration (EAD)',
  CN: 'China customs export declaration',
  IN: 'Shipping bill (ICEGATE)',
  KE: 'Export entry (KenTrade / iCMS)',
};
export const IMPORT_DOCUMENTS: Record<string, string[]> = {
  US: ['CBP entry summary (Form 7501) or informal entry', 'Customs bond (formal entries)'],
  GB: ['Import declaration (CDS)', 'GB EORI number of the importer'],
  EU: ['Import customs declaration (SAD / H1)', 'EORI number of the importer'],
  CN: ['China customs import declaration', 'CIQ inspection documents where required'],
  IN: ['Bill of entry (ICEGATE)', 'Importer-Exporter Code (IEC)'],
  KE: ['Import Declaration Form (IDF) via KenTrade', 'Certificate of Conformity (KEBS PVoC)'],
  CA: ['Canada Customs Coding Form (B3) / CARM declaration', 'Business number (BN) of the importer'],
  AU: ['Import declaration (ICS)'],
  JP: ['Import declaration (NACCS)'],
};
export const CHAPTER_DOCUMENTS: { chapters: [number, number]; document: string }[] = [
  { chapters: [1, 24], document: 'Phytosanitary or veterinary health certificate' },
  { chapters: [30, 30], document: 'Import permit for pharmaceutical products' },
  { chapters: [93, 93], document: 'Export and import licences for arms and ammunition' },
  { chapters: [71, 71], document: 'Kimberley Process certificate (rough diamonds) where applicable' },
];
