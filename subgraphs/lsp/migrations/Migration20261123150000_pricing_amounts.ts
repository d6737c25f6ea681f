import { Migration } from '@mikro-orm/migrations';

/**
 * Repairs pricing rules written before amounts had a range (issue 10, cause 1): an amount of 1e308 was rounded to
 * Infinity, stored as JSON `null`, and every read of the facility then failed (`Money.amount` is not nullable). A rule
 * whose `rate.amount` is not a number cannot be priced with and is removed; a `minimumCharge` whose amount is not a
 * number is cleared; a weight condition that is not a number is cleared. Rows without such values are not touched.
 */
export class Migration20261123150000_pricing_amounts extends Migration {
  override name = 'Migration20261123150000_pricing_amounts';

  override up(): void | Promise<void> {
    const bad = `'$[*] ? (!(@.rate.amount.type() == "number")'
      || ' || (@.minimumCharge.type() == "object" && !(@.minimumCharge.amount.type() == "number"))'
      || ' || (@.conditions.type() == "object" && ((exists(@.conditions.minWeightKg) && !(@.conditions.minWeightKg.type() == "number" || @.conditions.minWeightKg.type() == "null"))'
      || ' || (exists(@.conditions.maxWeightKg) && !(@.conditions.maxWeightKg.type() == "number" || @.conditions.maxWeightKg.type() == "null")))))'`;
    for (const table of ['warehouse', 'hub']) {
      this.addSql(`update "lsp"."${table}" set "pricing" = coalesce((
        select jsonb_agg(
          case when jsonb_typeof(r -> 'conditions') = 'object' then jsonb_set(r, '{conditions}', (r -> 'conditions')
              || case when jsonb_typeof(r -> 'conditions' -> 'minWeightKg') not in ('number', 'null') then '{"minWeightKg": null}'::jsonb else '{}'::jsonb end
              || case when jsonb_typeof(r -> 'conditions' -> 'maxWeightKg') not in ('number', 'null') then '{"maxWeightKg": null}'::jsonb else '{}'::jsonb end)
            else r end
          || case when jsonb_typeof(r -> 'minimumCharge') = 'object' and jsonb_typeof(r -> 'minimumCharge' -> 'amount') is distinct from 'number'
            then '{"minimumCharge": null}'::jsonb else '{}'::jsonb end
          order by i)
        from jsonb_array_elements("pricing") with ordinality as e(r, i)
        where jsonb_typeof(r -> 'rate' -> 'amount') = 'number'
      ), '[]'::jsonb)
      where jsonb_typeof("pricing") = 'array' and jsonb_path_exists("pricing", (${bad})::jsonpath);`);
    }
  }

  override down(): void | Promise<void> {
    // a repair: nothing to undo
  }
}
