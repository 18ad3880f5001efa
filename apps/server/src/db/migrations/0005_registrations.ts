import type { Kysely } from "kysely";
import type { Database } from "../database.js";

/**
 * Solo and squad registration (issue 7): squad invitations. An invitation is not a
 * registration (a player may hold invitations from several squads of a tournament); accepting
 * one inserts the registration, whose UNIQUE(tournament_id, player_id) keeps a player in at
 * most one squad even when two accepts race.
 */
export async function up(db: Kysely<unknown>, dialect: Database["dialect"]): Promise<void> {
  await db.schema
    .createTable("squad_invitations")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) =>
      dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("tournament_id", "integer", (c) => c.notNull().references("tournaments.id").onDelete("cascade"))
    .addColumn("squad_id", "integer", (c) => c.notNull().references("squads.id").onDelete("cascade"))
    .addColumn("player_id", "integer", (c) => c.notNull().references("players.id").onDelete("cascade"))
    .addColumn("invited_by", "integer", (c) => c.references("players.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("squad_invitations_unique", ["squad_id", "player_id"])
    .execute();
  await db.schema.createIndex("squad_invitations_player").on("squad_invitations").columns(["tournament_id", "player_id"]).execute();
}
