import { type Kysely, sql } from "kysely";

/**
 * Player registry (issue 3): indexes for the player list and the picker at 100,000 players.
 * Both lead with the list's own filter (not banned, not hidden), so a name prefix search, the
 * name order and the country filter with newest order each walk one index range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index players_listed_name on players (is_banned, is_hidden, lower(display_name))`.execute(db);
  await db.schema
    .createIndex("players_listed_country")
    .on("players")
    .columns(["is_banned", "is_hidden", "country_code", "created_at"])
    .execute();
}
