import type { Kysely } from "kysely";
import type { Database } from "../database.js";

/**
 * Registrations (issue 7): the tournament's custom field name. 001 §2 shows the player table's
 * custom field column "when the data has a custom field name", and 001 §3 lists
 * custom_field_name in the list responses, but the tournament fields (and so the edit form) have
 * no custom field input: the name is data only, set by seed or back-fill; null hides the column.
 * Each registration's value is the existing `registrations.custom_field`.
 */
export async function up(db: Kysely<unknown>, _dialect: Database["dialect"]): Promise<void> {
  await db.schema.alterTable("tournaments").addColumn("custom_field_name", "text").execute();
}
