import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileRule, formatReport } from '../../subgraphs/iot/rules/compile.js';
import { measuredAt, nest } from '../../subgraphs/iot/rules/telemetry-values.js';
import { checkRule } from '../../subgraphs/iot/rules/check.js';
import {
  FIELD_NAMES,
  FIELD_TYPES,
  InvalidRuleError,
  RULE_LIMITS,
  UNITS,
  type FieldType,
  type ParseResult,
  type RuleDefinition,
  type SchemaField,
  type TelemetryValue,
  type TelemetryValues,
} from '../../subgraphs/iot/rules/vocabulary.js';

/** IoT rules (spec "IoT rule"): checkRule's problems, the compiled parser, formatReport, nest and measuredAt. */

/** A Queclink-style rule: `+RESP,<imei>,<lat>,<lng>,<speed>,$`. */
const RESP: RuleDefinition = {
  head: ['+RESP', '+BUFF'],
  struct: 'HEAD,{device.id},{position.latitude},{position.longitude},{position.speed},$',
  schema: {
    'device.id': { type: 'string', description: 'IMEI' },
    'position.latitude': { type: 'number', unit: 'degrees' },
    'position.longitude': { type: 'number', unit: 'degrees' },
    'position.speed': { type: 'number', unit: 'km/h' },
  },
};

/** A Concox-style text report with cell data, battery and ECU fields. */
const HQ: RuleDefinition = {
  head: ['*HQ'],
  struct:
    'HEAD,{device.id},{report.type},{device.time},{position.latitude},{position.longitude},{position.speed},{position.direction},{gsm.mcc},{gsm.mnc},{gsm.lac},{gsm.cellid},{gsm.csq},{battery.level},{battery.voltage},{ecu.lock.status},{ecu.error.code},$',
  schema: {
    'device.id': { type: 'string' },
    'report.type': { type: 'string' },
    'device.time': { type: 'string', description: 'YYMMDDhhmmss, UTC' },
    'position.latitude': { type: 'number', unit: 'degrees' },
    'position.longitude': { type: 'number', unit: 'degrees' },
    'position.speed': { type: 'number', unit: 'km/h' },
    'position.direction': { type: 'number', unit: 'degrees' },
    'gsm.mcc': { type: 'string' },
    'gsm.mnc': { type: 'string' },
    'gsm.lac': { type: 'number' },
    'gsm.cellid': { type: 'number' },
    'gsm.csq': { type: 'number' },
    'battery.level': { type: 'number', unit: 'percentage' },
    'battery.voltage': { type: 'number', unit: 'volts' },
    'ecu.lock.status': { type: 'boolean' },
    'ecu.error.code': { type: 'string' },
  },
};

const rule = (struct: string, schema: Record<string, unknown>, head: unknown[] = ['H']) => ({ head, struct, schema }) as unknown as RuleDefinition;
const one = (field: string, entry: Record<string, unknown>) => rule(`HEAD,{${field}},$`, { [field]: entry });
const problemsOf = (def: unknown) => checkRule(def as RuleDefinition);
/** The single problem of `def`, asserting there is exactly one. */
function onlyProblem(def: unknown) {
  const problems = problemsOf(def);
  expect(problems, JSON.stringify(problems)).toHaveLength(1);
  return problems[0];
}
const errorOf = (r: ParseResult) => {
  if (r.ok) throw new Error(`expected an error, got ${JSON.stringify(r)}`);
  return r.error;
};

describe('the vocabulary', () => {
  it('has the spec’s 29 field names in order, three types and six units', () => {
    expect(FIELD_NAMES).toHaveLength(29);
    expect(FIELD_NAMES[0]).toBe('protocol.version');
    expect(FIELD_NAMES.at(-1)).toBe('ecu.info');
    expect(new Set(FIELD_NAMES).size).toBe(29);
    expect(FIELD_TYPES).toEqual(['string', 'number', 'boolean']);
    expect(UNITS).toEqual(['meters', 'degrees', 'km/h', 'seconds', 'percentage', 'volts']);
  });
});

describe('golden reports', () => {
  it('reads a Queclink-style +RESP line', () => {
    const p = compileRule(RESP);
    expect(p.fields).toEqual(['device.id', 'position.latitude', 'position.longitude', 'position.speed']);
    expect(p.parse('+RESP,862010000000001,22.5431,114.0579,45km/h,$')).toEqual({
      ok: true,
      head: '+RESP',
      values: { 'device.id': '862010000000001', 'position.latitude': 22.5431, 'position.longitude': 114.0579, 'position.speed': 45 },
    });
  });

  it('accepts the unit’s spellings in any case, spaces around values, empty fields and a CRLF or LF line end', () => {
    const p = compileRule(RESP);
    for (const speed of ['45', '45km/h', '45 KM/H', '45kmh', '45 kph', '45KPH', '  45 km/h ', '+45', '4.5e1', '0x2D']) {
      expect(p.parse(`+BUFF,A1,-1.5,2.25,${speed},$\r\n`)).toEqual({
        ok: true,
        head: '+BUFF',
        values: { 'device.id': 'A1', 'position.latitude': -1.5, 'position.longitude': 2.25, 'position.speed': 45 },
      });
    }
    expect(p.parse('+RESP, ,,\t,,$\n')).toEqual({ ok: true, head: '+RESP', values: { 'device.id': null, 'position.latitude': null, 'position.longitude': null, 'position.speed': null } });
    expect(p.parse('+RESP,a\tb,1deg,2°,0,$')).toEqual({ ok: true, head: '+RESP', values: { 'device.id': 'a\tb', 'position.latitude': 1, 'position.longitude': 2, 'position.speed': 0 } });
  });

  it('reads a Concox-style *HQ line: hex cell ids, MNC with its leading zero, CSQ 99 as unknown, LOCKED, an upper-cased error code', () => {
    const r = compileRule(HQ).parse('*HQ,4109179024,V1,240131120000,-33.8688,151.2093,0,270.5,505,01,0x1A2B,0XfffE,99,87%,3.7 V,LOCKED,p0301,$');
    expect(r).toEqual({
      ok: true,
      head: '*HQ',
      values: {
        'device.id': '4109179024',
        'report.type': 'V1',
        'device.time': '240131120000',
        'position.latitude': -33.8688,
        'position.longitude': 151.2093,
        'position.speed': 0,
        'position.direction': 270.5,
        'gsm.mcc': '505',
        'gsm.mnc': '01',
        'gsm.lac': 6699,
        'gsm.cellid': 65534,
        'gsm.csq': null,
        'battery.level': 87,
        'battery.voltage': 3.7,
        'ecu.lock.status': true,
        'ecu.error.code': 'P0301',
      },
    });
    if (r.ok) expect(measuredAt(r.values)).toEqual(new Date('2024-01-31T12:00:00Z'));
  });

  it('reads the boolean words in any case (and LOCKED/UNLOCKED only for ecu.lock.status)', () => {
    const lock = compileRule(one('ecu.lock.status', { type: 'boolean' }));
    const other = compileRule(one('device.state', { type: 'boolean' }));
    for (const [word, value] of [
      ['true', true],
      ['TRUE', true],
      ['1', true],
      ['Yes', true],
      ['on', true],
      ['false', false],
      ['0', false],
      ['NO', false],
      ['Off', false],
    ] as const) {
      expect(other.parse(`H,${word},$`)).toEqual({ ok: true, head: 'H', values: { 'device.state': value } });
      expect(lock.parse(`H,${word},$`)).toEqual({ ok: true, head: 'H', values: { 'ecu.lock.status': value } });
    }
    expect(lock.parse('H,locked,$')).toEqual({ ok: true, head: 'H', values: { 'ecu.lock.status': true } });
    expect(lock.parse('H,UNLOCKED,$')).toEqual({ ok: true, head: 'H', values: { 'ecu.lock.status': false } });
    expect(errorOf(other.parse('H,LOCKED,$'))).toMatchObject({ code: 'BAD_VALUE', position: 2, field: 'device.state' });
  });

  it('formats a report that parses back, numbers exactly (-0 included) and null as an empty field', () => {
    const values: TelemetryValues = { 'device.id': '862010000000001', 'position.latitude': 0.1 + 0.2, 'position.longitude': -0, 'position.speed': null };
    const line = formatReport(RESP, '+RESP', values);
    expect(line).toBe('+RESP,862010000000001,0.30000000000000004,-0,,$');
    expect(compileRule(RESP).parse(line)).toEqual({ ok: true, head: '+RESP', values });
    expect(formatReport(RESP, '+BUFF', { 'device.id': 'x', extra: 1 })).toBe('+BUFF,x,,,,$');
  });

  it('formatReport refuses what a line cannot carry', () => {
    expect(() => formatReport(RESP, '+NOPE', {})).toThrow(/not one of the rule's header markers/);
    expect(() => formatReport(RESP, '+RESP', { 'device.id': 'a,b' })).toThrow(/comma/);
    expect(() => formatReport(RESP, '+RESP', { 'device.id': 'a\nb' })).toThrow(/control character U\+000A/);
    expect(() => formatReport(RESP, '+RESP', { 'position.speed': '45' })).toThrow(/number field/);
    expect(() => formatReport(RESP, '+RESP', { 'position.speed': Infinity })).toThrow(/finite/);
    expect(() => formatReport({ ...RESP, head: [] }, '+RESP', {})).toThrow(InvalidRuleError);
  });

  it('compileRule throws an InvalidRuleError listing every problem', () => {
    const bad = rule('HEAD,{nope},x', {}, []);
    expect(() => compileRule(bad)).toThrow(InvalidRuleError);
    try {
      compileRule(bad);
    } catch (e) {
      expect((e as InvalidRuleError).problems).toEqual(checkRule(bad));
      expect((e as Error).message).toMatch(/^Invalid IoT rule: head: .*; struct: .*nope/);
    }
  });

  it('nests the flat values', () => {
    expect(nest({ 'position.latitude': 1, 'position.longitude': 2, 'gsm.network.type': '4G', 'device.id': null })).toEqual({
      position: { latitude: 1, longitude: 2 },
      gsm: { network: { type: '4G' } },
      device: { id: null },
    });
    expect(nest({})).toEqual({});
    const polluted = nest({ '__proto__.x': 1 });
    expect(Object.getPrototypeOf(polluted)).toBe(Object.prototype);
    expect(Object.keys(polluted)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(() => nest({ a: 1, 'a.b': 2 })).toThrow(/a value/);
    expect(() => nest({ 'a.b': 2, a: 1 })).toThrow(/both a value and the parent/);
  });
});

describe('measuredAt', () => {
  const at = (values: TelemetryValues) => measuredAt(values)?.toISOString() ?? null;
  it('reads Unix seconds, epoch milliseconds, ISO-8601 and YYMMDDhhmmss (UTC)', () => {
    expect(at({ 'position.time': 1_700_000_000 })).toBe('2023-11-14T22:13:20.000Z');
    expect(at({ 'position.time': 1_700_000_000_123 })).toBe('2023-11-14T22:13:20.123Z');
    expect(at({ 'position.time': '2024-02-29T23:59:59.5+02:00' })).toBe('2024-02-29T21:59:59.500Z');
    expect(at({ 'position.time': '2024-02-29T23:59:59-0130' })).toBe('2024-03-01T01:29:59.000Z');
    expect(at({ 'position.time': '2024-02-29T10:00' })).toBe('2024-02-29T10:00:00.000Z');
    expect(at({ 'position.time': '2024-02-29' })).toBe('2024-02-29T00:00:00.000Z');
    expect(at({ 'device.time': '991231235959' })).toBe('2099-12-31T23:59:59.000Z');
  });
  it('prefers position.time and falls back to device.time only when position.time is absent', () => {
    expect(at({ 'position.time': 0, 'device.time': 1_700_000_000 })).toBe('1970-01-01T00:00:00.000Z');
    expect(at({ 'position.time': null, 'device.time': 1_700_000_000 })).toBe('2023-11-14T22:13:20.000Z');
    expect(at({ 'position.time': 'garbage', 'device.time': 1_700_000_000 })).toBeNull();
  });
  it('is null for no time or an invalid one', () => {
    for (const v of ['2023-02-29', '2024-13-01', '2024-01-01T24:00', '2024-01-01T10:60', '240230120000', '000000000000', '1700000000', '', 'yesterday', true, 1e300]) {
      expect(at({ 'position.time': v }), String(v)).toBeNull();
    }
    expect(at({})).toBeNull();
  });
});

describe('checkRule', () => {
  it('accepts the golden rules and a minimal one', () => {
    expect(checkRule(RESP)).toEqual([]);
    expect(checkRule(HQ)).toEqual([]);
    expect(checkRule(one('device.id', { type: 'string', unit: null, description: null, sources: null }))).toEqual([]);
    expect(checkRule(one('device.id', { type: 'string', sources: [{ doc: 'GT06 protocol' }] }))).toEqual([]);
  });

  it('refuses a rule that is not an object', () => {
    for (const def of [null, undefined, 'rule', 3, []]) expect(onlyProblem(def)).toMatchObject({ field: 'rule', message: expect.stringContaining('must be an object') as unknown });
  });

  describe('head', () => {
    const withHead = (head: unknown) => ({ ...RESP, head });
    it('must be an array of 1 to 16 markers', () => {
      expect(onlyProblem(withHead('+RESP'))).toMatchObject({ field: 'head', message: expect.stringContaining('must be an array') as unknown });
      expect(onlyProblem(withHead([]))).toMatchObject({ field: 'head', message: expect.stringContaining('at least one') as unknown });
      const many = Array.from({ length: 17 }, (_, i) => `M${i}`);
      expect(onlyProblem(withHead(many))).toMatchObject({ field: 'head', message: expect.stringContaining('at most 16') as unknown });
      expect(checkRule(withHead(many.slice(0, 16)) as RuleDefinition)).toEqual([]);
    });
    it('each marker is a string of 1 to 32 allowed characters', () => {
      expect(onlyProblem(withHead(['A', 7]))).toMatchObject({ field: 'head.1', message: expect.stringContaining('must be a string') as unknown });
      expect(onlyProblem(withHead(['']))).toMatchObject({ field: 'head.0', message: expect.stringContaining('must not be empty') as unknown });
      expect(onlyProblem(withHead(['x'.repeat(33)]))).toMatchObject({ field: 'head.0', message: expect.stringContaining('at most 32') as unknown });
      expect(checkRule(withHead(['x'.repeat(32), 'aZ09_+*#@!:.-']) as RuleDefinition)).toEqual([]);
      for (const [bad, shown] of [
        ['+RE,SP', 'U+002C'],
        ['+RE SP', 'U+0020'],
        ['$GPRMC', 'U+0024'],
        ['A\u0000', 'U+0000'],
        ['é', 'U+00E9'],
        ['A😀', 'U+1F600'],
      ]) {
        const p = onlyProblem(withHead(['OK', bad]));
        expect(p.field).toBe('head.1');
        expect(p.message).toContain(shown);
        expect(p.message).toContain('A-Z a-z 0-9 _ + * # @ ! : . -');
      }
    });
    it('no marker twice (case-sensitive)', () => {
      expect(onlyProblem(withHead(['+RESP', '+BUFF', '+RESP']))).toEqual({ field: 'head.2', message: 'repeats head.0 ("+RESP"); each header marker appears once' });
      expect(checkRule(withHead(['+resp', '+RESP']) as RuleDefinition)).toEqual([]);
    });
  });

  describe('struct', () => {
    const s = (struct: unknown) => ({ ...one('device.id', { type: 'string' }), struct });
    it('must be a non-empty string of at most 4096 characters', () => {
      expect(onlyProblem(s(42))).toMatchObject({ field: 'struct', message: expect.stringContaining('must be a string') as unknown });
      expect(problemsOf(s(''))[0]).toMatchObject({ field: 'struct', message: expect.stringContaining('must not be empty') as unknown });
      const long = `HEAD,{device.id}${','.repeat(4096)}$`;
      expect(onlyProblem(s(long))).toMatchObject({ field: 'struct', message: expect.stringContaining('at most 4096') as unknown });
    });
    it('starts with HEAD and ends with $', () => {
      expect(onlyProblem(s('head,{device.id},$'))).toMatchObject({ field: 'struct', message: expect.stringContaining('must start with HEAD') as unknown });
      expect(onlyProblem(s('HEAD,{device.id}'))).toMatchObject({ field: 'struct', message: expect.stringContaining('must end with $') as unknown });
      expect(onlyProblem(s('HEAD,{device.id},#'))).toMatchObject({ field: 'struct', message: expect.stringContaining('must end with $') as unknown });
    });
    it('between them only placeholders: a literal names its 1-based position', () => {
      const p = onlyProblem(s('HEAD,{device.id},GPS,$'));
      expect(p.field).toBe('struct');
      expect(p.message).toMatch(/^field 3 \("GPS"\) is not a \{field\.name\} placeholder/);
      expect(onlyProblem(s('HEAD,HEAD,{device.id},$')).message).toContain('field 2');
    });
    it('at least one placeholder, none empty, none twice, each a known field', () => {
      expect(problemsOf(s('HEAD,$'))).toContainEqual({ field: 'struct', message: expect.stringContaining('has no {field.name} placeholder') as unknown });
      expect(onlyProblem(s('HEAD,{device.id},{},$')).message).toContain('field 3 ({}) names no field');
      expect(onlyProblem(s('HEAD,{device.id},{device.id},$')).message).toBe('field 3 repeats {device.id} (first at field 2); each field appears once');
      const unknown = problemsOf(s('HEAD,{device.id},{device.idd},$'));
      expect(unknown).toHaveLength(1);
      expect(unknown[0].message).toContain('field 3 ({device.idd}) is not a known field name; see the list');
    });
    it('no whitespace around a token', () => {
      const p = onlyProblem(s('HEAD, {device.id},$'));
      expect(p.field).toBe('struct');
      expect(p.message).toContain('field 2');
      expect(p.message).toContain('whitespace');
      expect(onlyProblem(s('HEAD,{device.id},$ ')).message).toContain('whitespace');
    });
  });

  describe('schema', () => {
    it('must be an object', () => {
      for (const schema of [null, [], 'x'])
        expect(onlyProblem(rule('HEAD,{device.id},$', schema as never))).toMatchObject({ field: 'schema', message: expect.stringContaining('must be an object') as unknown });
    });
    it('every placeholder has an entry, every key is a field name used in struct', () => {
      expect(onlyProblem(rule('HEAD,{device.id},{device.name},$', { 'device.id': { type: 'string' } }))).toMatchObject({
        field: 'schema.device.name',
        message: expect.stringContaining('is missing') as unknown,
      });
      const unknown = onlyProblem(rule('HEAD,{device.id},$', { 'device.id': { type: 'string' }, foo: { type: 'string' } }));
      expect(unknown.field).toBe('schema.foo');
      expect(unknown.message).toContain('"foo" is not a known field name; see the list');
      expect(unknown.message).toContain('ecu.info');
      expect(onlyProblem(rule('HEAD,{device.id},$', { 'device.id': { type: 'string' }, 'device.name': { type: 'string' } }))).toEqual({
        field: 'schema.device.name',
        message: 'is not in struct; add {device.name} to struct or remove this entry',
      });
    });
    it('each entry an object with a known type and known properties', () => {
      expect(onlyProblem(one('device.id', 'string' as never))).toMatchObject({ field: 'schema.device.id', message: expect.stringContaining('must be an object') as unknown });
      const t = onlyProblem(one('device.id', { type: 'int' }));
      expect(t.field).toBe('schema.device.id.type');
      expect(t.message).toContain('must be one of string, number, boolean');
      expect(onlyProblem(one('device.id', {})).field).toBe('schema.device.id.type');
      expect(onlyProblem(one('device.id', { type: 'string', typ: 'x' }))).toMatchObject({
        field: 'schema.device.id.typ',
        message: expect.stringContaining('allowed: type, unit, description, sources') as unknown,
      });
    });
    it('a unit among UNITS, only on a number field', () => {
      const u = onlyProblem(one('position.speed', { type: 'number', unit: 'mph' }));
      expect(u.field).toBe('schema.position.speed.unit');
      expect(u.message).toContain('must be one of meters, degrees, km/h, seconds, percentage, volts');
      expect(onlyProblem(one('position.speed', { type: 'number', unit: 5 })).field).toBe('schema.position.speed.unit');
      expect(onlyProblem(one('device.name', { type: 'string', unit: 'meters' }))).toMatchObject({
        field: 'schema.device.name.unit',
        message: expect.stringContaining('only allowed on a number field') as unknown,
      });
    });
    it('a description of at most 500 characters, sources an array', () => {
      expect(checkRule(one('device.id', { type: 'string', description: 'd'.repeat(500) }))).toEqual([]);
      expect(onlyProblem(one('device.id', { type: 'string', description: 'd'.repeat(501) }))).toMatchObject({
        field: 'schema.device.id.description',
        message: expect.stringContaining('at most 500') as unknown,
      });
      expect(onlyProblem(one('device.id', { type: 'string', description: 7 })).field).toBe('schema.device.id.description');
      expect(onlyProblem(one('device.id', { type: 'string', sources: 'doc' }))).toMatchObject({ field: 'schema.device.id.sources', message: expect.stringContaining('must be an array') as unknown });
    });
    it('field-specific types: latitude and longitude are numbers, MCC and MNC strings (leading zeros)', () => {
      expect(onlyProblem(one('position.latitude', { type: 'string' }))).toMatchObject({ field: 'schema.position.latitude.type', message: expect.stringContaining('must be number') as unknown });
      expect(onlyProblem(one('position.longitude', { type: 'boolean' }))).toMatchObject({ field: 'schema.position.longitude.type', message: expect.stringContaining('must be number') as unknown });
      expect(onlyProblem(one('gsm.mcc', { type: 'number' }))).toMatchObject({ field: 'schema.gsm.mcc.type', message: expect.stringContaining('leading zeros') as unknown });
      const mnc = onlyProblem(one('gsm.mnc', { type: 'number' }));
      expect(mnc.field).toBe('schema.gsm.mnc.type');
      expect(mnc.message).toContain('must be string');
      expect(mnc.message).toContain('MNC 01 is not 1');
    });
    it('field-specific units: degrees for positions and direction, seconds for times', () => {
      for (const f of ['position.latitude', 'position.longitude', 'position.direction']) {
        expect(onlyProblem(one(f, { type: 'number', unit: 'meters' }))).toMatchObject({ field: `schema.${f}.unit`, message: expect.stringContaining('must be degrees') as unknown });
      }
      for (const f of ['position.time', 'device.time']) {
        expect(onlyProblem(one(f, { type: 'number', unit: 'meters' }))).toMatchObject({ field: `schema.${f}.unit`, message: expect.stringContaining('must be seconds') as unknown });
        expect(checkRule(one(f, { type: 'number', unit: 'seconds' }))).toEqual([]);
      }
    });
  });

  it('returns every problem, in a stable order: head, struct, then schema', () => {
    const def = rule('HEAD,{device.id},LIT,{position.latitude},x', { 'position.latitude': { type: 'string', unit: 'degrees' }, zzz: {} }, ['A', 'A', 1]);
    const fields = checkRule(def).map((p) => p.field);
    expect(fields).toEqual(['head.1', 'head.2', 'struct', 'struct', 'schema.device.id', 'schema.position.latitude.type', 'schema.position.latitude.unit', 'schema.zzz']);
    expect(checkRule(def)).toEqual(checkRule(def));
  });
});

describe('parse errors', () => {
  const p = compileRule(RESP); // 6 fields: the head, 4 values, $
  const codeAt = (line: string) => {
    const e = errorOf(p.parse(line));
    return [e.code, e.position, e.field];
  };

  it('EMPTY at 0 (after one line break is stripped)', () => {
    for (const line of ['', '\n', '\r\n']) expect(codeAt(line)).toEqual(['EMPTY', 0, undefined]);
    expect(codeAt('\n\n')).toEqual(['BAD_CHARACTER', 1, undefined]);
  });

  it('TOO_LONG at 0 beyond 4096 characters', () => {
    const line = `+RESP,${'1'.repeat(RULE_LIMITS.lineLength)},1,1,1,$`;
    expect(codeAt(line)).toEqual(['TOO_LONG', 0, undefined]);
    const fits = `+RESP,${'1'.repeat(256)},1,1,1,$`;
    expect(p.parse(`${fits}\n`).ok).toBe(true);
  });

  it('BAD_CHARACTER at the field holding it (NUL, CR, DEL, C1; a tab is fine)', () => {
    expect(codeAt('+RESP,86\u00002,1,1,1,$')).toEqual(['BAD_CHARACTER', 2, 'device.id']);
    expect(codeAt('+RE\rSP,1,1,1,1,$')).toEqual(['BAD_CHARACTER', 1, undefined]);
    expect(codeAt('+RESP,1,1,\u007f1,1,$')).toEqual(['BAD_CHARACTER', 4, 'position.longitude']);
    expect(codeAt('+RESP,1,1,1,1,$\u0085')).toEqual(['BAD_CHARACTER', 6, undefined]);
    expect(codeAt('+RESP,1,1,1,1,$\r')).toEqual(['BAD_CHARACTER', 6, undefined]);
    expect(codeAt('+RESP,1,1,1,1,$,\u0000')).toEqual(['BAD_CHARACTER', 7, undefined]);
    expect(codeAt('+RESP,1,1,1,1,$,,\u0000')).toEqual(['FIELD_COUNT', 7, undefined]);
    expect(errorOf(p.parse('+RESP,\u0000,1,1,1,$')).message).toContain('U+0000');
  });

  it('HEAD_MISMATCH at 1, listing at most 5 expected markers', () => {
    expect(codeAt('+resp,1,1,1,1,$')).toEqual(['HEAD_MISMATCH', 1, undefined]);
    expect(codeAt(' +RESP,1,1,1,1,$')).toEqual(['HEAD_MISMATCH', 1, undefined]);
    expect(errorOf(p.parse('X,$')).message).toBe('the head "X" is not one of "+RESP", "+BUFF"');
    const seven = compileRule({ ...RESP, head: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] });
    expect(errorOf(seven.parse('Z,1,1,1,1,$')).message).toBe('the head "Z" is not one of "A", "B", "C", "D", "E" (and 2 more)');
  });

  it('FIELD_COUNT at the line’s count when short, at N+1 when long', () => {
    expect(codeAt('+RESP')).toEqual(['FIELD_COUNT', 1, undefined]);
    expect(codeAt('+RESP,1,1,1,$')).toEqual(['FIELD_COUNT', 5, undefined]);
    expect(errorOf(p.parse('+RESP,1,1,1,$')).message).toBe('expected 6 fields (the head, 4 values and $), got 5');
    expect(codeAt('+RESP,1,1,1,1,1,$')).toEqual(['FIELD_COUNT', 7, undefined]);
    expect(codeAt('+RESP,1,1,1,1,$,,,,')).toEqual(['FIELD_COUNT', 7, undefined]);
  });

  it('NO_TERMINATOR at N', () => {
    expect(codeAt('+RESP,1,1,1,1,#')).toEqual(['NO_TERMINATOR', 6, undefined]);
    expect(codeAt('+RESP,1,1,1,1, $')).toEqual(['NO_TERMINATOR', 6, undefined]);
  });

  it('BAD_VALUE at the value’s position, naming the field', () => {
    const bad: [string, number, string, string][] = [
      ['+RESP,1,abc,1,1,$', 3, 'position.latitude', 'is not a number in degrees'],
      ['+RESP,1,1.,1,1,$', 3, 'position.latitude', 'is not a number'],
      ['+RESP,1,.5,1,1,$', 3, 'position.latitude', 'is not a number'],
      ['+RESP,1,0x,1,1,$', 3, 'position.latitude', 'is not a number'],
      ['+RESP,1,1,1,45mph,$', 5, 'position.speed', 'the unit after the number must be km/h, kmh, kph or none'],
      ['+RESP,1,1,1,45 m,$', 5, 'position.speed', 'km/h'],
      ['+RESP,1,1,1,1e999,$', 5, 'position.speed', 'not a finite number'],
      ['+RESP,1,90.0001,1,1,$', 3, 'position.latitude', 'out of range: a latitude is −90 to 90 degrees'],
      ['+RESP,1,-90.5,1,1,$', 3, 'position.latitude', 'out of range'],
      ['+RESP,1,1,180.5,1,$', 4, 'position.longitude', 'out of range: a longitude is −180 to 180 degrees'],
      ['+RESP,1,1,1,-1,$', 5, 'position.speed', 'out of range: a speed is 0 or more'],
      [`+RESP,${'x'.repeat(257)},1,1,1,$`, 2, 'device.id', 'at most 256'],
    ];
    for (const [line, position, field, words] of bad) {
      const e = errorOf(p.parse(line));
      expect([e.code, e.position, e.field], line).toEqual(['BAD_VALUE', position, field]);
      expect(e.message, line).toContain(words);
    }
    expect(p.parse('+RESP,1,90,-180,0,$').ok).toBe(true);
  });

  it('BAD_VALUE for the field-specific ranges and forms', () => {
    const hq = compileRule(HQ);
    const line = (patch: Record<number, string>) => {
      const parts = '*HQ,1,V1,240131120000,1,1,0,0,505,01,1,1,20,50,3.7,0,E1,$'.split(',');
      for (const [i, v] of Object.entries(patch)) parts[Number(i)] = v;
      return parts.join(',');
    };
    expect(hq.parse(line({})).ok).toBe(true);
    const cases: [Record<number, string>, number, string][] = [
      [{ 7: '360.5' }, 8, 'position.direction'],
      [{ 7: '-1' }, 8, 'position.direction'],
      [{ 8: '50' }, 9, 'gsm.mcc'],
      [{ 8: '5050' }, 9, 'gsm.mcc'],
      [{ 9: '1' }, 10, 'gsm.mnc'],
      [{ 9: '0a1' }, 10, 'gsm.mnc'],
      [{ 12: '32' }, 13, 'gsm.csq'],
      [{ 12: '15.5' }, 13, 'gsm.csq'],
      [{ 13: '100.5%' }, 14, 'battery.level'],
      [{ 14: '3.7 mV' }, 15, 'battery.voltage'],
      [{ 15: 'maybe' }, 16, 'ecu.lock.status'],
    ];
    for (const [patch, position, field] of cases) {
      expect(errorOf(hq.parse(line(patch))), JSON.stringify(patch)).toMatchObject({ code: 'BAD_VALUE', position, field });
    }
    for (const ok of <Record<number, string>[]>[{ 7: '360' }, { 9: '001' }, { 12: '31' }, { 12: '0' }, { 13: '100 percentage' }, { 14: '12volts' }])
      expect(hq.parse(line(ok)).ok, JSON.stringify(ok)).toBe(true);
    // a level without the percentage unit has no range
    const level = compileRule(one('battery.level', { type: 'number' }));
    expect(level.parse('H,4100,$')).toEqual({ ok: true, head: 'H', values: { 'battery.level': 4100 } });
    expect(errorOf(level.parse('H,41%,$'))).toMatchObject({ code: 'BAD_VALUE', position: 2, field: 'battery.level', message: expect.stringContaining('nothing after it') as unknown });
  });
});

// ───────────────────────────── properties ─────────────────────────────

const MARKER_CHARS = 'ABCZaz09_+*#@!:.-'.split('');
const markerArb = fc.string({ unit: fc.constantFrom(...MARKER_CHARS), minLength: 1, maxLength: 32 });

/** The types and units a field may declare (checkRule's table). */
function fieldSpecArb(field: string): fc.Arbitrary<SchemaField> {
  if (field === 'gsm.mcc' || field === 'gsm.mnc') return fc.constant({ type: 'string' as const });
  const degrees = ['position.latitude', 'position.longitude', 'position.direction'];
  const seconds = ['position.time', 'device.time'];
  const units = degrees.includes(field) ? ['degrees'] : seconds.includes(field) ? ['seconds'] : UNITS;
  const number = fc.option(fc.constantFrom(...units), { nil: null }).map((unit) => ({ type: 'number' as const, unit }));
  if (field === 'position.latitude' || field === 'position.longitude') return number;
  return fc.oneof(
    number,
    fc.constantFrom<FieldType>('string', 'boolean').map((type) => ({ type })),
  );
}

/** A value the parser reads back unchanged, for a field of this spec. */
function valueArb(field: string, spec: SchemaField): fc.Arbitrary<TelemetryValue> {
  const d = (min: number, max: number) => fc.double({ min, max, noNaN: true });
  let arb: fc.Arbitrary<TelemetryValue>;
  if (spec.type === 'boolean') arb = fc.boolean();
  else if (spec.type === 'number') {
    const ranges: Record<string, fc.Arbitrary<number>> = {
      'position.latitude': d(-90, 90),
      'position.longitude': d(-180, 180),
      'position.speed': d(0, Number.MAX_VALUE),
      'position.direction': d(0, 360),
      'gsm.csq': fc.integer({ min: 0, max: 31 }),
    };
    const level = (field === 'battery.level' || field === 'backup.battery.level') && spec.unit === 'percentage';
    arb = level ? d(0, 100) : (ranges[field] ?? d(-Number.MAX_VALUE, Number.MAX_VALUE));
  } else if (field === 'gsm.mcc') arb = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 3, maxLength: 3 });
  else if (field === 'gsm.mnc') arb = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 2, maxLength: 3 });
  else if (field === 'ecu.error.code') arb = fc.string({ unit: fc.constantFrom(...'ABCPU0123456789'), minLength: 1, maxLength: 8 });
  else
    arb = fc
      .string({ unit: 'binary', maxLength: 40 })
      .map((s) =>
        [...s]
          .filter((ch) => {
            const c = ch.codePointAt(0) ?? 0;
            return c !== 0x2c && !(c < 0x20 && c !== 0x09) && !(c >= 0x7f && c <= 0x9f);
          })
          .join('')
          .replace(/^[ \t]+|[ \t]+$/g, ''),
      )
      .filter((s) => s.length > 0);
  return fc.option(arb, { nil: null, freq: 5 });
}

/** A valid rule (random fields in random order with fitting types and units), a head of it and values for it. */
const reportArb = fc
  .record({
    heads: fc.uniqueArray(markerArb, { minLength: 1, maxLength: 4 }),
    fields: fc.shuffledSubarray([...FIELD_NAMES], { minLength: 1 }),
  })
  .chain(({ heads, fields }) =>
    fc.record({
      heads: fc.constant(heads),
      head: fc.constantFrom(...heads),
      fields: fc.constant(fields),
      specs: fc.tuple(...fields.map(fieldSpecArb)),
    }),
  )
  .chain(({ heads, head, fields, specs }) => {
    const def: RuleDefinition = { head: heads, struct: ['HEAD', ...fields.map((f) => `{${f}}`), '$'].join(','), schema: Object.fromEntries(fields.map((f, i) => [f, specs[i]])) };
    return fc.record({
      def: fc.constant(def),
      head: fc.constant(head),
      values: fc.tuple(...fields.map((f, i) => valueArb(f, specs[i]))).map((vs) => Object.fromEntries(fields.map((f, i) => [f, vs[i]]))),
    });
  });

describe('properties', () => {
  it('parse(formatReport(values)) gives back exactly the head and values, for any valid rule', () => {
    fc.assert(
      fc.property(reportArb, ({ def, head, values }) => {
        expect(checkRule(def)).toEqual([]);
        const line = formatReport(def, head, values);
        expect(compileRule(def).parse(line)).toEqual({ ok: true, head, values });
        expect(compileRule(def).parse(`${line}\r\n`)).toEqual({ ok: true, head, values });
      }),
      { numRuns: 300 },
    );
  });

  it('checkRule never throws and always answers problems as data, whatever is in head, struct or schema', () => {
    const problemShape = (problems: unknown) => {
      expect(Array.isArray(problems)).toBe(true);
      for (const p of problems as { field: unknown; message: unknown }[]) {
        expect(typeof p.field).toBe('string');
        expect(typeof p.message).toBe('string');
      }
    };
    const entry = fc.oneof(
      fc.anything(),
      fc.record({ type: fc.oneof(fc.constantFrom('string', 'number', 'boolean'), fc.anything()), unit: fc.anything(), description: fc.anything(), sources: fc.anything() }, { requiredKeys: [] }),
    );
    const schema = fc.oneof(fc.anything(), fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string()), entry));
    const struct = fc.oneof(
      fc.anything(),
      fc.array(fc.oneof(fc.constantFrom('HEAD', '$', '{}', ' ', ...FIELD_NAMES.map((f) => `{${f}}`)), fc.string()), { maxLength: 8 }).map((t) => t.join(',')),
    );
    const head = fc.oneof(fc.anything(), fc.array(fc.oneof(markerArb, fc.anything()), { maxLength: 20 }));
    fc.assert(fc.property(head, struct, schema, (h, s, sc) => problemShape(problemsOf({ head: h, struct: s, schema: sc }))));
    fc.assert(fc.property(fc.anything(), (def) => problemShape(problemsOf(def))));
  });

  it('parse never throws: ok with every field, or an error at a position from 0 to the field count + 1', () => {
    const parsers = [compileRule(RESP), compileRule(HQ)];
    const tokens = fc.oneof(
      fc.constantFrom('+RESP', '*HQ', '$', '', ' ', '1', '-90', '0x1F', '45km/h', '99', 'LOCKED', '01', '\u0000', '\r', '\n', '1e999'),
      fc.string({ unit: 'binary', maxLength: 6 }),
    );
    const lines = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'binary-ascii' }),
      fc.array(tokens, { maxLength: 22 }).map((t) => t.join(',')),
    );
    fc.assert(
      fc.property(lines, fc.constantFrom(0, 1), (line, which) => {
        const parser = parsers[which];
        const r = parser.parse(line);
        if (r.ok) expect(Object.keys(r.values)).toEqual(parser.fields);
        else {
          expect(r.error.position).toBeGreaterThanOrEqual(0);
          expect(r.error.position).toBeLessThanOrEqual(parser.fields.length + 3);
          expect(r.error.message.length).toBeGreaterThan(0);
          if (r.error.code === 'BAD_VALUE') expect(r.error.field).toBe(parser.fields[r.error.position - 2]);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
