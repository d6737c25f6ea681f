import { Migration } from '@mikro-orm/migrations';

/**
 * Registry points widened to a cube 0.1 mm across (kernel/db.ts `earthPointSql`, docs/utilities.md "Storage and
 * indexes"): GiST places entries by volume, and bare points made inserts along a line degenerate.
 */
export class Migration20261129070000_widened_points extends Migration {
  override name = 'Migration20261129070000_widened_points';

  override up(): void | Promise<void> {
    // earthdistance's functions name `earth()` and `cube()` unqualified: they need public on the path
    this.addSql(`set local search_path to "queries", public;`);
    this.addSql(`update "queries"."service_entry" set "earth" = cube_enlarge(ll_to_earth("lat", "lng"), 0.0001, 3) where "lat" is not null and "lng" is not null;`);
    this.addSql(`reindex index "queries"."service_entry_earth_gist";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`set local search_path to "queries", public;`);
    this.addSql(`update "queries"."service_entry" set "earth" = ll_to_earth("lat", "lng")::cube where "lat" is not null and "lng" is not null;`);
  }
}
