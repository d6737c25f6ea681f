import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { dimensionsCm3, kmMi, minuteHour, unitOf, volumeM3, weightKg } from '../../subgraphs/utilities/common/units.js';
import { round } from '../../domain/numbers.js';
import type { DimensionsInput, VolumeInput, WeightInput } from '../../subgraphs/utilities/common/types.js';
import { thrown } from './support.js';

/**
 * subgraphs/utilities/common/units.ts (docs/utilities.md, "Units and money"). Expected factors are the published exact
 * definitions: 1 lb = 0.45359237 kg and 1 in = 2.54 cm (international yard and pound agreement, 1959), 1 ft = 0.3048 m
 * (so 1 ft³ = 0.028316846592 m³), 1 international mile = 1.609344 km, 1 t = 1000 kg, 1 L = 0.001 m³.
 */
const w = (value: unknown, unit: string) => ({ value, unit }) as unknown as WeightInput;
const v = (value: unknown, unit: string) => ({ value, unit }) as unknown as VolumeInput;
const d = (length: unknown, width: unknown, height: unknown, unit: string) => ({ length, width, height, unit }) as unknown as DimensionsInput;

const expectInvalid = (fn: () => unknown, field: string, message: string) => {
  const err = thrown(fn);
  expect({ code: err.code, field: err.field, message: err.message }).toEqual({ code: 'UTILITY::VALIDATION_FAILED', field, message: `${field}: ${message}` });
};

describe('weights → kilograms', () => {
  it.each([
    [1, 'kg', 1],
    [500, 'g', 0.5],
    [10, 'lb', 4.5359237],
    [1, 'lb', 0.45359237],
    [2.5, 't', 2500],
  ])('%d %s = %d kg', (value, unit, kg) => {
    expect(weightKg(w(value, unit), 'weight')).toBeCloseTo(kg, 12);
  });

  it('an unknown unit, or a name of Object.prototype used as a unit, names weight.unit', () => {
    expectInvalid(() => weightKg(w(1, 'oz'), 'weight'), 'weight.unit', 'unknown unit oz');
    expectInvalid(() => weightKg(w(1, 'toString'), 'weight'), 'weight.unit', 'unknown unit toString');
    expectInvalid(() => weightKg(w(1, '__proto__'), 'cargo.weight'), 'cargo.weight.unit', 'unknown unit __proto__');
  });

  it('a missing weight, a value of 0, a negative or non-numeric value names the field', () => {
    expectInvalid(() => weightKg(undefined, 'weight'), 'weight', 'is required');
    expectInvalid(() => weightKg(null, 'shipment.weight'), 'shipment.weight', 'is required');
    expectInvalid(() => weightKg(w(0, 'kg'), 'weight'), 'weight.value', 'must be greater than 0');
    expectInvalid(() => weightKg(w(-1, 'kg'), 'weight'), 'weight.value', 'must be greater than 0');
    expectInvalid(() => weightKg(w('5', 'kg'), 'weight'), 'weight.value', 'must be a number');
  });

  it('values up to 1,000,000,000 in the unit are accepted, above is refused', () => {
    expect(weightKg(w(1_000_000_000, 'g'), 'weight')).toBeCloseTo(1_000_000, 6);
    expectInvalid(() => weightKg(w(1_000_000_001, 'g'), 'weight'), 'weight.value', 'must be at most 1,000,000,000');
  });

  it("a service's largest weight is compared in kilograms after conversion (1000 kg: 2204 lb passes, 2205 lb does not)", () => {
    // 2204 lb = 999.718 kg; 2205 lb = 1000.172 kg
    expect(weightKg(w(2204, 'lb'), 'weight', 1000)).toBeCloseTo(999.71758348, 6);
    expect(weightKg(w(1000, 'kg'), 'weight', 1000)).toBe(1000);
    expectInvalid(() => weightKg(w(2205, 'lb'), 'weight', 1000), 'weight.value', 'must be at most 1,000 kg for this service');
    expectInvalid(() => weightKg(w(40_001, 'kg'), 'weight', 40_000), 'weight.value', 'must be at most 40,000 kg for this service');
  });
});

describe('volumes → cubic metres', () => {
  it.each([
    [2, 'm3', 2],
    [1, 'ft3', 0.028316846592],
    [100, 'ft3', 2.8316846592],
    [1000, 'L', 1],
  ])('%d %s = %d m³', (value, unit, m3) => {
    expect(volumeM3(v(value, unit), 'cargo.volume')).toBeCloseTo(m3, 12);
  });

  it('no volume is undefined; a bad value or unit names the field', () => {
    expect(volumeM3(undefined, 'cargo.volume')).toBeUndefined();
    expect(volumeM3(null, 'cargo.volume')).toBeUndefined();
    expectInvalid(() => volumeM3(v(0, 'm3'), 'cargo.volume'), 'cargo.volume.value', 'must be greater than 0');
    expectInvalid(() => volumeM3(v(1, 'gal'), 'cargo.volume'), 'cargo.volume.unit', 'unknown unit gal');
    expectInvalid(() => volumeM3(v(2e9, 'L'), 'cargo.volume'), 'cargo.volume.value', 'must be at most 1,000,000,000');
  });
});

describe('package dimensions → cubic centimetres', () => {
  it('10 × 10 × 10 in = 16,387.064 cm³ (1 in³ = 16.387064 cm³)', () => {
    expect(dimensionsCm3(d(10, 10, 10, 'in'), 'dimensions')).toBeCloseTo(16_387.064, 9);
  });

  it('1 × 2 × 0.5 m = 1,000,000 cm³; 50 × 40 × 30 cm = 60,000 cm³', () => {
    expect(dimensionsCm3(d(1, 2, 0.5, 'm'), 'dimensions')).toBeCloseTo(1_000_000, 6);
    expect(dimensionsCm3(d(50, 40, 30, 'cm'), 'dimensions')).toBe(60_000);
  });

  it('no dimensions are undefined', () => {
    expect(dimensionsCm3(undefined, 'dimensions')).toBeUndefined();
    expect(dimensionsCm3(null, 'dimensions')).toBeUndefined();
  });

  it('each side is checked by name: greater than 0, at most 100,000 in its unit', () => {
    expectInvalid(() => dimensionsCm3(d(0, 1, 1, 'cm'), 'dimensions'), 'dimensions.length', 'must be greater than 0');
    expectInvalid(() => dimensionsCm3(d(1, -2, 1, 'cm'), 'dimensions'), 'dimensions.width', 'must be greater than 0');
    expectInvalid(() => dimensionsCm3(d(1, 1, 100_001, 'cm'), 'dimensions'), 'dimensions.height', 'must be at most 100,000');
    expect(dimensionsCm3(d(100_000, 1, 1, 'cm'), 'dimensions')).toBe(100_000);
    expectInvalid(() => dimensionsCm3(d(1, 1, 1, 'ft'), 'dimensions'), 'dimensions.unit', 'unknown unit ft');
  });
});

describe('unitOf', () => {
  it("answers the table's own factor and refuses inherited names", () => {
    expect(unitOf('b', { a: 1, b: 2.5 }, 'f')).toBe(2.5);
    expectInvalid(() => unitOf('hasOwnProperty', { a: 1 }, 'f.unit'), 'f.unit', 'unknown unit hasOwnProperty');
  });
});

describe('two-unit answers', () => {
  it('kmMi: 1.609344 km is 1 mile; 100 km is 62.14 miles; 2 decimals each', () => {
    expect(kmMi(1.609344)).toEqual({ kilometer: 1.61, mile: 1 });
    expect(kmMi(100)).toEqual({ kilometer: 100, mile: 62.14 });
    expect(kmMi(0)).toEqual({ kilometer: 0, mile: 0 });
    expect(kmMi(12.345678)).toEqual({ kilometer: 12.35, mile: 7.67 });
  });

  it('minuteHour: whole minutes rounded up, hours to 2 decimals', () => {
    expect(minuteHour(1.5)).toEqual({ minute: 90, hour: 1.5 });
    expect(minuteHour(0.5001)).toEqual({ minute: 31, hour: 0.5 });
    expect(minuteHour(2 / 3)).toEqual({ minute: 40, hour: 0.67 });
    expect(minuteHour(0)).toEqual({ minute: 0, hour: 0 });
  });

  it('minuteHour: 31/60 h is 31 minutes, not 32 (floating-point noise is not a started minute)', () => {
    // 31 / 60 * 60 = 31.000000000000004 in binary floating point
    expect((31 / 60) * 60).toBeGreaterThan(31);
    expect(minuteHour(31 / 60)).toEqual({ minute: 31, hour: 0.52 });
    expect(minuteHour(62 / 60)).toEqual({ minute: 62, hour: 1.03 });
  });

  it('round: to 2 decimals by default, to the digits given otherwise', () => {
    expect(round(62.137119)).toBe(62.14);
    expect(round(62.137119, 1)).toBe(62.1);
    expect(round(62.137119, 0)).toBe(62);
    expect(round(0.0004, 3)).toBe(0);
    expect(round(0.0005, 3)).toBe(0.001);
  });
});
