import type { Kysely } from "kysely";

/**
 * Notifications stored as a message key with parameters (#21 §3, docs/decisions.md "#21
 * notifications and mails per reader"): `message_key` names a message of the server's
 * catalogue (`src/i18n/messages/<lang>.json`) and `message_params` holds its parameters as JSON
 * text, so each reader sees the notification in their own language. Both are null for rows
 * written before this migration: those keep rendering their stored English `message`, which
 * new rows still fill with the English HTML (anything reading the column keeps working).
 * Plain text columns on both dialects (no jsonb: the parameters are only read back whole, and
 * the dedupe rule compares them as text).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("notifications").addColumn("message_key", "text").execute();
  await db.schema.alterTable("notifications").addColumn("message_params", "text").execute();
}
