import { preloadGeo } from './geography.js';
import { preloadMoney } from './money.js';

/**
 * Loads the reference data sets a subgraph's answers use (exchange rates, countries, the gazetteer, time zones, the
 * maritime network), a step per turn of the event loop. A subgraph names it as its `preload` (kernel/subgraph.ts).
 */
export async function preloadReferenceData(): Promise<void> {
  preloadMoney();
  await preloadGeo();
}
