import { Migration } from '@mikro-orm/migrations';

/**
 * Stored positions widened to a cube 0.1 mm across (kernel/db.ts `earthPointSql`, docs/utilities.md "Storage and
 * indexes"): GiST places entries by volume, and bare points made inserts along a line degenerate.
 */
export class Migration20261129070000_widened_points extends Migration {
  override name = 'Migration20261129070000_widened_points';

  override up(): void | Promise<void> {
    // earthdistance's functions name `earth()` and `cube()` unqualified: they need public on the path
    this.addSql(`set local search_path to "utilities", public;`);
    this.addSql(`update "utilities"."live_vehicle_position" set "earth" = cube_enlarge(ll_to_earth("lat", "lng"), 0.0001, 3);`);
    this.addSql(`reindex index "utilities"."live_vehicle_position_earth_gist";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`set local search_path to "utilities", public;`);
    this.addSql(`update "utilities"."live_vehicle_position" set "earth" = ll_to_earth("lat", "lng")::cube;`);
  }
}
