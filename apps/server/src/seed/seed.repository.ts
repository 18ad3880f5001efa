import type { Database } from "../db/database.js";

/** True when the database has neither accounts nor players (a fresh install). */
export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const u = await database.db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  const p = await database.db.selectFrom("players").select("id").limit(1).executeTakeFirst();
  return !u && !p;
}

/** Which of `emails` have an account here (the demo accounts share a well-known password). */
export async function existingAccounts(database: Database, emails: readonly string[]): Promise<string[]> {
  if (!emails.length) return [];
  const rows = await database.db
    .selectFrom("users")
    .select("email")
    .where("email", "in", [...emails])
    .execute();
  return rows.map((r) => r.email);
}
