import type { Kysely } from "kysely";
import type { Database } from "../database.js";

/**
 * Join requests carry the player's consent to leave their team (000 §4 'Moving to a team in the
 * same category as the user's existing team … prompts to leave that team first'; issue 15 A).
 * `transfers.leave_team_id` is the established team of the category the player agreed to leave
 * when they sent (or re-confirmed) a join request; null when they agreed to nothing. A leader's
 * accept that would move the player off another established team is refused.
 */
export async function up(db: Kysely<unknown>, _dialect: Database["dialect"]): Promise<void> {
  await db.schema
    .alterTable("transfers")
    .addColumn("leave_team_id", "integer", (c) => c.references("teams.id").onDelete("set null"))
    .execute();
}
