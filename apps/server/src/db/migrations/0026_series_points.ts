import type { Kysely } from "kysely";
import type { Database } from "../database.js";

/**
 * Series points and standings (issue #22 §4).
 *
 * - `series_points_rules`: at most one rule per series. `ranges` is a JSON array
 *   `[{ "from": 1, "to": 1, "points": 100 }, …]` (places from..to each earn `points`);
 *   `tie_rule` is best | average | worst (what tied placements earn); `best_n` counts only an
 *   entrant's N best tournament results (null: all); `multipliers` is a JSON object
 *   `{ "<tournament id>": 2 }` (majors). Stored as JSON: a rule is read and written whole.
 * - `series_points_adjustments`: manual points for one standings key (a player or team id, or a
 *   lower-cased squad name, as text), with a reason, who and when. A CSV import writes one
 *   adjustment per row with the reason "import".
 */
export async function up(db: Kysely<unknown>, dialect: Database["dialect"]): Promise<void> {
  const id = dialect === "postgres" ? "serial" : "integer";
  await db.schema
    .createTable("series_points_rules")
    .addColumn("series_id", "integer", (c) => c.primaryKey().references("tournament_series.id").onDelete("cascade"))
    .addColumn("ranges", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("tie_rule", "text", (c) => c.notNull().defaultTo("best"))
    .addColumn("best_n", "integer")
    .addColumn("multipliers", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("series_points_adjustments")
    .addColumn("id", id, (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("series_id", "integer", (c) => c.notNull().references("tournament_series.id").onDelete("cascade"))
    .addColumn("entrant_key", "text", (c) => c.notNull())
    .addColumn("points", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("series_points_adjustments_series").on("series_points_adjustments").columns(["series_id", "id"]).execute();
}
