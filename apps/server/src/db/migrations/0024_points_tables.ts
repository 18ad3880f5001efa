import { type Kysely, sql } from "kysely";
import type { Database } from "../database.js";

/**
 * Custom points tables (issue #19: "Points tables are data (the tournament picks one;
 * administrators can add one)"). A round refers to one as `custom-<id>` in
 * `ffa_rounds.points_table`, next to the built-in keys of the contract.
 *
 * - `games`: JSON array of `GAMES` keys the table suits (a hint for the draw form).
 * - `points`: JSON object `{ "n": [points of positions 1..n] }` for n = 1..room_size.
 * - Names are unique ignoring case; tables are never edited once a round may use them (a new
 *   table is added instead), so a closed round's scores keep meaning what they meant.
 */
export async function up(db: Kysely<unknown>, dialect: Database["dialect"]): Promise<void> {
  await db.schema
    .createTable("ffa_points_tables")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) =>
      dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("games", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("room_size", "integer", (c) => c.notNull())
    .addColumn("points", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ffa_points_tables_name")
    .on("ffa_points_tables")
    .unique()
    .expression(sql`lower(name)`)
    .execute();
}
