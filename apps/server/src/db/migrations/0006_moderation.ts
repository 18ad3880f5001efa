import type { Kysely } from "kysely";
import type { Database } from "../database.js";

/**
 * Moderation and administration (issue 5): the audit log of every moderator and administrator
 * action — who, what, on which row, when, and the values before and after (JSON text).
 */
export async function up(db: Kysely<unknown>, dialect: Database["dialect"]): Promise<void> {
  await db.schema
    .createTable("audit_log")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) =>
      dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("actor_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text", (c) => c.notNull())
    .addColumn("target_id", "integer")
    .addColumn("before_value", "text")
    .addColumn("after_value", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_latest").on("audit_log").columns(["created_at", "id"]).execute();
}
