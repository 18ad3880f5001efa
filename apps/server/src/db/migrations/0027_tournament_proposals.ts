import { type Kysely, sql } from "kysely";
import type { Database } from "../database.js";

/**
 * Player-hosted tournaments (issue #22 §5).
 *
 * - `tournament_proposals`: one row per proposed tournament: who proposed it (account and
 *   registry player), pending | approved | declined, the decision's reason, who decided and
 *   when. The partial unique index `tournament_proposals_one_pending` allows one pending
 *   proposal per player (the database enforces it even under concurrent submits).
 * - `tournament_admins`: per-tournament administrators (the approved proposer), honoured by
 *   every tournament-admin check of `features/access`.
 */
export async function up(db: Kysely<unknown>, dialect: Database["dialect"]): Promise<void> {
  const id = dialect === "postgres" ? "serial" : "integer";
  await db.schema
    .createTable("tournament_proposals")
    .addColumn("id", id, (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("tournament_id", "integer", (c) => c.notNull().unique().references("tournaments.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("player_id", "integer", (c) => c.notNull().references("players.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("reason", "text")
    .addColumn("decided_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("decided_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("tournament_proposals_one_pending")
    .on("tournament_proposals")
    .column("player_id")
    .unique()
    .where(sql.ref("status"), "=", "pending")
    .execute();
  await db.schema.createIndex("tournament_proposals_queue").on("tournament_proposals").columns(["status", "created_at"]).execute();
  await db.schema
    .createTable("tournament_admins")
    .addColumn("tournament_id", "integer", (c) => c.notNull().references("tournaments.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("tournament_admins_pk", ["tournament_id", "user_id"])
    .execute();
  await db.schema.createIndex("tournament_admins_user").on("tournament_admins").column("user_id").execute();
}
