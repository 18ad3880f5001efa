import type { Kysely } from "kysely";
import type { Database } from "../database.js";

/**
 * Check-in withdrawals (001 §4 Check-in status 2): marks the registrations that closing
 * check-ins withdrew, so the 'withdrawn … during the check-in window' message goes to exactly
 * those players. Before, the screen guessed from `checked_in`, which told nothing to a squad
 * member who had checked in while their squad fell short, and told it to players withdrawn
 * earlier for another reason. Any later status change clears the mark.
 */
export async function up(db: Kysely<unknown>, _dialect: Database["dialect"]): Promise<void> {
  await db.schema
    .alterTable("registrations")
    .addColumn("withdrawn_at_checkin", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
