import type { Kysely } from "kysely";
import type { Database } from "../database.js";

/**
 * FFA rounds (issue #19): rounds of a tournament, their rooms, the sides drawn into each room
 * and each racer's score. Every change is also written to `tournament_logs` (the audit).
 *
 * - `ffa_rounds`: one per (tournament, number); the draw's seed and method are stored so a
 *   draw can be explained; `plan_*` is the advancement chosen at close; `tie_decisions` is the
 *   staff's orders of tied sides (JSON array of arrays of entrant ids, best first).
 * - `ffa_rooms`: one per (round, number); host (a player), room code, table metadata, lock.
 * - `ffa_room_entries`: one per (round, entrant): a side can be in one room of a round.
 * - `ffa_scores`: one per (room, player): per-race points or GP subtotals (JSON) or a total,
 *   the penalty (points, ≥ 0) and the resulting total.
 */
export async function up(db: Kysely<unknown>, dialect: Database["dialect"]): Promise<void> {
  const id = (t: ReturnType<Kysely<unknown>["schema"]["createTable"]>) =>
    t.addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) =>
      dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
  await id(db.schema.createTable("ffa_rounds"))
    .addColumn("tournament_id", "integer", (c) => c.notNull().references("tournaments.id").onDelete("cascade"))
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("races", "integer", (c) => c.notNull())
    .addColumn("room_size", "integer", (c) => c.notNull())
    .addColumn("sides_per_room", "integer", (c) => c.notNull())
    .addColumn("points_table", "text", (c) => c.notNull())
    .addColumn("seed_method", "text", (c) => c.notNull())
    .addColumn("seed", "bigint", (c) => c.notNull())
    .addColumn("tie_mode", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("plan_per_room", "integer")
    .addColumn("plan_wildcards", "integer")
    .addColumn("tie_decisions", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("closed_at", "bigint")
    .addUniqueConstraint("ffa_rounds_number", ["tournament_id", "number"])
    .execute();
  await id(db.schema.createTable("ffa_rooms"))
    .addColumn("round_id", "integer", (c) => c.notNull().references("ffa_rounds.id").onDelete("cascade"))
    .addColumn("tournament_id", "integer", (c) => c.notNull())
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("host_player_id", "integer", (c) => c.references("players.id").onDelete("set null"))
    .addColumn("room_code", "text")
    .addColumn("table_mode", "text")
    .addColumn("table_submitted_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("table_submitted_at", "bigint")
    .addColumn("mismatch_expected", "integer")
    .addColumn("mismatch_actual", "integer")
    .addColumn("locked_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("locked_at", "bigint")
    .addUniqueConstraint("ffa_rooms_number", ["round_id", "number"])
    .execute();
  await id(db.schema.createTable("ffa_room_entries"))
    .addColumn("room_id", "integer", (c) => c.notNull().references("ffa_rooms.id").onDelete("cascade"))
    .addColumn("round_id", "integer", (c) => c.notNull().references("ffa_rounds.id").onDelete("cascade"))
    .addColumn("entrant_id", "integer", (c) => c.notNull())
    .addColumn("seed", "integer", (c) => c.notNull())
    .addColumn("rank", "integer")
    .addColumn("total", "integer")
    .addColumn("advanced", "text")
    .addColumn("decided_by", "text")
    .addUniqueConstraint("ffa_room_entries_one", ["round_id", "entrant_id"])
    .execute();
  await db.schema.createIndex("ffa_room_entries_room").on("ffa_room_entries").columns(["room_id", "seed"]).execute();
  await id(db.schema.createTable("ffa_scores"))
    .addColumn("room_id", "integer", (c) => c.notNull().references("ffa_rooms.id").onDelete("cascade"))
    .addColumn("player_id", "integer", (c) => c.notNull())
    .addColumn("entrant_id", "integer", (c) => c.notNull())
    .addColumn("races", "text")
    .addColumn("gp", "text")
    .addColumn("penalty", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total", "integer", (c) => c.notNull())
    .addUniqueConstraint("ffa_scores_one", ["room_id", "player_id"])
    .execute();
}
