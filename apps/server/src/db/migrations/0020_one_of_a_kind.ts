import { type Kysely, sql } from "kysely";
import type { Database } from "../database.js";

/**
 * Where a rule says "one", the database says it too (issue #15 §8), so two requests racing
 * past the services' checks cannot both land (the loser's unique violation becomes the rule's
 * message):
 * - `teams_name_unique`: one team per name (case-insensitive) in a category among teams that
 *   are not disapproved, historical and current names apart (`teamByName` in the teams
 *   repository is the same rule);
 * - `transfers_one_pending`: one pending invitation or join request per player and team.
 *
 * Partial and expression indexes are written the same way in SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>, _dialect: Database["dialect"]): Promise<void> {
  await sql`CREATE UNIQUE INDEX teams_name_unique ON teams (category, is_historical, lower(team_name)) WHERE team_status <> 'disapproved'`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX transfers_one_pending ON transfers (player_id, to_team_id) WHERE status IN ('invited', 'requested')`.execute(
    db,
  );
}
