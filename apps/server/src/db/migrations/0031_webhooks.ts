import { type Kysely, sql } from "kysely";
import type { Database } from "../database.js";

/**
 * Outgoing webhooks (issue #20 §5, docs/decisions.md "#20 outgoing webhooks").
 *
 * - `webhooks`: one registered URL owned by exactly one of a tournament, a series or a team
 *   (check `webhooks_one_scope`); format discord | json; the json format's signing secret
 *   (kept to sign, shown once); the subscribed events as a JSON array; enabled; deliveries
 *   given up in a row and why the site disabled it.
 * - `webhook_deliveries`: the durable queue and the log in one table. One row per hook and
 *   event (`webhook_deliveries_once`: an event key is enqueued once per hook even if two nodes
 *   observe it). `next_attempt_at` is when a pending or failed row is due, and while a node
 *   holds it (`delivering`) the end of that node's lease: a row still delivering after its
 *   lease (the node died) is due again. The claim reads `webhook_deliveries_due`.
 */
export async function up(db: Kysely<unknown>, dialect: Database["dialect"]): Promise<void> {
  const id = dialect === "postgres" ? "serial" : "integer";
  await db.schema
    .createTable("webhooks")
    .addColumn("id", id, (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("tournament_id", "integer", (c) => c.references("tournaments.id").onDelete("cascade"))
    .addColumn("series_id", "integer", (c) => c.references("tournament_series.id").onDelete("cascade"))
    .addColumn("team_id", "integer", (c) => c.references("teams.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("secret", "text")
    .addColumn("events", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("consecutive_failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("disabled_reason", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addCheckConstraint(
      "webhooks_one_scope",
      sql`(case when tournament_id is null then 0 else 1 end) + (case when series_id is null then 0 else 1 end) + (case when team_id is null then 0 else 1 end) = 1`,
    )
    .addCheckConstraint("webhooks_format", sql`format in ('discord', 'json')`)
    .execute();
  for (const col of ["tournament_id", "series_id", "team_id"]) {
    await db.schema
      .createIndex(`webhooks_${col.replace("_id", "")}`)
      .on("webhooks")
      .column(col)
      .execute();
  }
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", id, (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("webhook_id", "integer", (c) => c.notNull().references("webhooks.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("event_key", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint")
    .addColumn("last_status_code", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("delivered_at", "bigint")
    .addCheckConstraint("webhook_deliveries_status", sql`status in ('pending', 'delivering', 'delivered', 'failed', 'dead')`)
    .execute();
  await db.schema.createIndex("webhook_deliveries_once").on("webhook_deliveries").columns(["webhook_id", "event_key"]).unique().execute();
  await db.schema.createIndex("webhook_deliveries_due").on("webhook_deliveries").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_log").on("webhook_deliveries").columns(["webhook_id", "id"]).execute();
}
