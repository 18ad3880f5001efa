import type { Kysely } from "kysely";
import type { Database } from "../database.js";

/**
 * Index for the moderators' pending counts (issue #17 §8, `GET /api/moderation/pending_counts`):
 * accounts waiting for activation are counted with `users.state = 'inactive'`, and the Bans
 * page lists them oldest first. The other queues already have theirs (profile_changes_status,
 * teams_status_newest, team_claims_status, tournament_proposals_queue).
 */
export async function up(db: Kysely<unknown>, _dialect: Database["dialect"]): Promise<void> {
  await db.schema.createIndex("users_state").on("users").columns(["state", "created_at"]).execute();
}
