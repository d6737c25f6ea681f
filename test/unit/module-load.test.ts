import { describe, expect, it } from 'vitest';

/**
 * Every pure module evaluates without throwing (the tariff tables check their own shape when they load, for example).
 * Imported inside the tests, so a module that fails to load fails a test here rather than only breaking the imports
 * of other test files.
 */
const MODULES: [string, () => Promise<Record<string, unknown>>, string][] = [
  ['subgraphs/utilities/fares/tariffs.ts', () => import('../../subgraphs/utilities/fares/tariffs.js'), 'DUTY_PROFILES'],
  ['subgraphs/utilities/common/constants.ts', () => import('../../subgraphs/utilities/common/constants.js'), 'TRANSPORT_RATES'],
  ['domain/money.ts', () => import('../../domain/money.js'), 'roundMoney'],
  ['subgraphs/workspace/common/permissions.ts', () => import('../../subgraphs/workspace/common/permissions.js'), 'PERMISSIONS'],
  ['kernel/config.ts', () => import('../../kernel/config.js'), 'loadConfig'],
  ['kernel/logger.ts', () => import('../../kernel/logger.js'), 'createLogger'],
  ['kernel/errors.ts', () => import('../../kernel/errors.js'), 'ERROR_CODES'],
  ['kernel/input.ts', () => import('../../kernel/input.js'), 'INPUT_LIMITS'],
  ['kernel/operation-limits.ts', () => import('../../kernel/operation-limits.js'), 'FIELD_LIMITS'],
];

describe('the pure modules load', () => {
  it.each(MODULES)('%s evaluates and exports what it is for', async (_, load, name) => {
    const mod = await load();
    expect(mod[name]).toBeDefined();
  });

  it('the tariff tables have one profile per documented tariff, each with a rate for each of the 24 chapter groups', async () => {
    const { DUTY_PROFILES, CHAPTER_GROUPS } = await import('../../subgraphs/utilities/fares/tariffs.js');
    expect(Object.keys(CHAPTER_GROUPS)).toHaveLength(24);
    expect(Object.keys(DUTY_PROFILES)).toHaveLength(17);
    for (const [key, p] of Object.entries(DUTY_PROFILES)) {
      expect(Object.keys(p.rates), key).toEqual(Object.keys(CHAPTER_GROUPS));
      expect(p.name.length, key).toBeGreaterThan(5);
    }
  });
});
