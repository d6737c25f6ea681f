/** VAT and GST rates of countries, offline: the utilities family's cross-border fares and the queries family's taxes. */
import { createRequire } from 'node:module';
import { round } from './numbers.js';

const require = createRequire(import.meta.url);

interface SalesTaxModule {
  getSalesTax(country: string): Promise<{ type: string; rate: number }>;
}
let salesTax: { module: SalesTaxModule; known: Set<string> } | undefined;
function vatModule() {
  if (!salesTax) {
    const module = require('sales-tax') as SalesTaxModule;
    const rates = require('sales-tax/res/sales_tax_rates.json') as Record<string, unknown>;
    salesTax = { module, known: new Set(Object.keys(rates)) };
  }
  return salesTax;
}

/**
 * VAT/GST rate of a country (percent, 3 decimals; an ISO 3166-1 alpha-2 code) from the sales-tax package; `known` false
 * when it has no entry. The utilities family's cross-border fares and the queries family's pricing taxes use it.
 */
export async function vatRateOf(country: string): Promise<{ rate: number; type: string; known: boolean }> {
  const { module, known } = vatModule();
  const r = await module.getSalesTax(country);
  return { rate: round(r.rate * 100, 3), type: r.type, known: known.has(country) };
}
