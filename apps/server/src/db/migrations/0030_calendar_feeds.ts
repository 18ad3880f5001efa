import type { Kysely } from "kysely";
import type { Database } from "../database.js";

/**
 * Calendar feeds (issue #20 §4, docs/decisions.md "#20 calendar feeds").
 *
 * - `tournaments.calendar_sequence`: the iCalendar SEQUENCE of every event the tournament gives
 *   (the tournament, its check-in window, its transfer deadline), raised by one in the same
 *   transaction as each write that changes what a calendar shows, so subscribed calendars update
 *   the events instead of adding copies. `calendar_modified_at` (ms UTC, null until the first such
 *   write) is their LAST-MODIFIED.
 * - `calendar_feed_tokens`: one secret personal-feed token per account (the primary key is the
 *   account), stored as the hex SHA-256 of the token (unique: the feed URL is looked up by it), so a
 *   database copy does not give anyone's feed away. Rotating replaces the row.
 */
export async function up(db: Kysely<unknown>, _dialect: Database["dialect"]): Promise<void> {
  await db.schema
    .alterTable("tournaments")
    .addColumn("calendar_sequence", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("tournaments").addColumn("calendar_modified_at", "bigint").execute();
  await db.schema
    .createTable("calendar_feed_tokens")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}
