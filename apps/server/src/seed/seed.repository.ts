import type { Database } from "../db/database.js";

/** True when the database has neither accounts nor players (a fresh install). */
export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const u = await database.db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  const p = await database.db.selectFrom("players").select("id").limit(1).executeTakeFirst();
  return !u && !p;
}
