import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clearanceDays } from '../../subgraphs/utilities/fares/rules.js';
import {
  CA_CUSMA,
  CHAPTER_DOCUMENTS,
  CHAPTER_GROUPS,
  CUSTOMS_UNIONS,
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
  type ChapterGroup,
} from '../../subgraphs/utilities/fares/tariffs.js';

/**
 * subgraphs/utilities/fares/tariffs.ts against docs/utilities.md ("Cross-border landed cost"): the published duty table,
 * its chapter ranges, the "no HS code" means, the members of each profile, de minimis and valuation.
 * The expected values are read from the doc (parsed below), never from the module.
 */
const DOC = readFileSync(fileURLToPath(new URL('../../docs/utilities.md', import.meta.url)), 'utf8');

interface DutyTable {
  profiles: string[];
  rows: { chapters: [number, number][]; group: string; rates: Record<string, number> }[];
  means: Record<string, number>;
}

/** The table whose header starts `| HS chapters | group |`. */
function dutyTable(): DutyTable {
  const lines = DOC.split('\n').map((l) => l.trim());
  const start = lines.findIndex((l) => l.startsWith('| HS chapters | group |'));
  if (start < 0) throw new Error('docs/utilities.md: no duty table');
  const cells = (l: string) =>
    l
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((c) => c.trim());
  const profiles = cells(lines[start]).slice(2);
  const rows: DutyTable['rows'] = [];
  let means: Record<string, number> | undefined;
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const c = cells(line);
    const rates = Object.fromEntries(profiles.map((p, i) => [p, Number(c[i + 2])]));
    if (c[0] === '—') {
      means = rates;
      continue;
    }
    const chapters = c[0].split(',').map((r) => {
      const [a, b] = r.trim().split('–').map(Number);
      return [a, b ?? a] as [number, number];
    });
    rows.push({ chapters, group: c[1], rates });
  }
  if (!means) throw new Error('docs/utilities.md: no "no HS code" row');
  return { profiles, rows, means };
}

const table = dutyTable();

describe('the duty table of docs/utilities.md and tariffs.ts agree', () => {
  it('the parser found 17 profiles and 24 chapter groups', () => {
    expect(table.profiles).toEqual(['EU', 'US', 'GB', 'CA', 'AU', 'JP', 'CN', 'IN', 'EAC', 'SACU', 'ECOWAS', 'GCC', 'MERCOSUR', 'MX', 'CH', 'FREE', 'DEFAULT']);
    expect(table.rows).toHaveLength(24);
  });

  it("every profile of the doc exists with exactly the doc's rates, group by group", () => {
    expect(Object.keys(DUTY_PROFILES).sort()).toEqual([...table.profiles].sort());
    for (const row of table.rows) {
      const group = Object.entries(CHAPTER_GROUPS).find(([, g]) => g.name === row.group)?.[0] as ChapterGroup | undefined;
      expect(group, row.group).toBeDefined();
      for (const p of table.profiles) expect(DUTY_PROFILES[p].rates[group!], `${p} ${row.group}`).toBe(row.rates[p]);
    }
  });

  it("every chapter of a row belongs to that row's group; 77, 0 and 98 belong to none", () => {
    let chapters = 0;
    for (const row of table.rows) {
      for (const [a, b] of row.chapters) {
        for (let ch = a; ch <= b; ch++) {
          chapters++;
          const group = groupOfChapter(ch);
          expect(group && CHAPTER_GROUPS[group].name, `chapter ${ch}`).toBe(row.group);
        }
      }
    }
    expect(chapters).toBe(96); // 01–97 without 77
    expect(groupOfChapter(77)).toBeUndefined();
    expect(groupOfChapter(0)).toBeUndefined();
    expect(groupOfChapter(98)).toBeUndefined();
  });

  it("without an HS code the duty is the profile's mean, 1 decimal, as the doc's last row says", () => {
    for (const p of table.profiles) expect(generalRate(p), p).toBe(table.means[p]);
  });
});

describe('which profile a destination uses', () => {
  /** "Members: EU (27 states), EAC (KE UG …), …" from the doc. */
  const members = (profile: string) => {
    const m = new RegExp(`${profile} \\(([A-Z ]+)\\)`).exec(DOC.replace(/\s+/g, ' '));
    if (!m) throw new Error(`docs/utilities.md: no member list of ${profile}`);
    return m[1].trim().split(' ');
  };

  it.each(['EAC', 'SACU', 'ECOWAS', 'GCC', 'MERCOSUR', 'FREE'])('every member the doc lists for %s uses %s', (profile) => {
    const list = members(profile);
    expect(list.length).toBeGreaterThan(1);
    for (const c of list) expect(dutyProfileOf(c), c).toEqual({ key: profile, known: true });
  });

  it('the 27 EU member states (ISO 3166-1 codes; Greece is GR) use EU; Liechtenstein and Switzerland use CH', () => {
    const eu27 = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'];
    expect([...EU_MEMBERS].sort()).toEqual(eu27);
    for (const c of eu27) expect(dutyProfileOf(c), c).toEqual({ key: 'EU', known: true });
    for (const c of ['GB', 'NO', 'CH', 'IS']) expect(dutyProfileOf(c).key, c).not.toBe('EU');
    expect(dutyProfileOf('LI')).toEqual({ key: 'CH', known: true });
    expect(dutyProfileOf('CH')).toEqual({ key: 'CH', known: true });
  });

  it('a country with a profile of its own uses it; any other destination uses DEFAULT, marked unknown', () => {
    for (const c of ['US', 'GB', 'CA', 'AU', 'JP', 'CN', 'IN', 'MX']) expect(dutyProfileOf(c), c).toEqual({ key: c, known: true });
    expect(dutyProfileOf('TH')).toEqual({ key: 'DEFAULT', known: false });
    expect(dutyProfileOf('NO')).toEqual({ key: 'DEFAULT', known: false });
    expect(dutyProfileOf('toString')).toEqual({ key: 'DEFAULT', known: false });
  });
});

describe('de minimis, valuation and unions (docs/utilities.md)', () => {
  it("thresholds in the destination's currency", () => {
    expect(DE_MINIMIS.US).toMatchObject({ currency: 'USD', duty: null, tax: null });
    expect(DE_MINIMIS.GB).toMatchObject({ currency: 'GBP', duty: 135, tax: null });
    expect(DE_MINIMIS.CA).toMatchObject({ currency: 'CAD', duty: 20, tax: 20 });
    expect(DE_MINIMIS.AU).toMatchObject({ currency: 'AUD', duty: 1000, tax: null });
    expect(DE_MINIMIS.JP).toMatchObject({ currency: 'JPY', duty: 10000, tax: 10000 });
    expect(DE_MINIMIS.SG).toMatchObject({ currency: 'SGD', duty: 400, tax: null });
    expect(DE_MINIMIS.AE).toMatchObject({ currency: 'AED', duty: 1000 });
    for (const c of EU_MEMBERS) expect(DE_MINIMIS[c], c).toMatchObject({ currency: 'EUR', duty: 150, tax: null });
    expect(DE_MINIMIS.TH).toBeUndefined();
  });

  it('NZ 1,000 NZD duty; CH VAT waived up to about CHF 62; SA 1,000 SAR; CUSMA: CAD 150 duty / 40 tax for US and MX origins', () => {
    expect(DE_MINIMIS.NZ).toMatchObject({ currency: 'NZD', duty: 1000, tax: null });
    expect(DE_MINIMIS.CH).toMatchObject({ currency: 'CHF', duty: null, tax: 62 });
    expect(DE_MINIMIS.SA).toMatchObject({ currency: 'SAR', duty: 1000, tax: null });
    expect(CA_CUSMA).toEqual({ origins: ['US', 'MX'], duty: 150, tax: 40 });
  });

  it('clearance days by destination, as the doc lists them: 0–1, 2–5, others 1–3', () => {
    const para = DOC.slice(DOC.indexOf('**Clearance time**')).split('\n\n')[0].replace(/\s+/g, ' ');
    const list = (days: string) => new RegExp(`:? ((?:[A-Z]{2}, )+[A-Z]{2}) ${days}`).exec(para)![1].split(', ');
    const fast = list('0–1');
    const slow = list('2–5');
    expect(fast[0]).toBe('EU');
    expect(slow).toHaveLength(19);
    for (const c of [...fast.slice(1), ...EU_MEMBERS]) expect(clearanceDays(c, false, false), c).toEqual({ min: 0, max: 1 });
    for (const c of slow) expect(clearanceDays(c, false, false), c).toEqual({ min: 2, max: 5 });
    for (const c of ['TH', 'MY', 'ZA', 'CN', 'RU']) expect(clearanceDays(c, false, false), c).toEqual({ min: 1, max: 3 });
  });

  it('documents: the transport document per mode, export and import declarations, chapter certificates (doc, "Documents")', () => {
    expect(TRANSPORT_DOCUMENT).toEqual({ AIR: 'Air waybill (AWB)', SEA: 'Bill of lading (B/L)', ROAD: 'CMR consignment note', RAIL: 'CIM/SMGS rail consignment note' });
    expect(Object.keys(EXPORT_DECLARATION).sort()).toEqual(['CN', 'EU', 'GB', 'IN', 'KE', 'US']);
    expect(Object.values(EXPORT_DECLARATION).every((d) => d.length > 0)).toBe(true);
    expect(IMPORT_DOCUMENTS.US.join(' | ')).toMatch(/7501.*\| .*bond/i);
    expect(IMPORT_DOCUMENTS.EU.join(' | ')).toMatch(/SAD \/ H1.*\| .*EORI/);
    expect(IMPORT_DOCUMENTS.GB.join(' | ')).toMatch(/CDS.*\| GB EORI/);
    expect(IMPORT_DOCUMENTS.KE.join(' | ')).toMatch(/IDF.*KenTrade.*\| .*KEBS PVoC/);
    expect(IMPORT_DOCUMENTS.IN.join(' | ')).toMatch(/Bill of entry.*\| .*IEC/);
    expect(IMPORT_DOCUMENTS.CN.length).toBe(2);
    expect(IMPORT_DOCUMENTS.CA.join(' | ')).toMatch(/B3.*CARM.*\| .*[Bb]usiness number/);
    expect(IMPORT_DOCUMENTS.AU).toEqual(['Import declaration (ICS)']);
    expect(IMPORT_DOCUMENTS.JP).toEqual(['Import declaration (NACCS)']);
    expect(CHAPTER_DOCUMENTS.map((c) => [c.chapters, c.document.split(' ')[0]])).toEqual([
      [[1, 24], 'Phytosanitary'],
      [[30, 30], 'Import'],
      [[93, 93], 'Export'],
      [[71, 71], 'Kimberley'],
    ]);
    expect(CHAPTER_DOCUMENTS[1].document).toMatch(/permit/);
    expect(CHAPTER_DOCUMENTS[2].document).toMatch(/licences for arms/);
  });

  it('FOB valuation: US, CA, AU, NZ and SACU; every other destination is CIF', () => {
    expect([...FOB_VALUATION].sort()).toEqual(['AU', 'BW', 'CA', 'LS', 'NA', 'NZ', 'SZ', 'US', 'ZA']);
  });

  it('customs unions: EU without formalities; EAC, SACU and GCC with a certificate of origin', () => {
    expect(CUSTOMS_UNIONS.map((u) => [u.name, u.noFormalities, u.certificate ?? null])).toEqual([
      ['European Union', true, null],
      ['East African Community', false, 'EAC Certificate of Origin'],
      ['Southern African Customs Union', false, 'SACU certificate of origin'],
      ['Gulf Cooperation Council', false, 'GCC certificate of origin'],
    ]);
  });
});
