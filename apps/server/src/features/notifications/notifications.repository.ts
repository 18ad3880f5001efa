import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/** Inserts one notification row per user (an empty list is a no-op). */
export async function insertNotifications(
  db: Db,
  rows: Array<{ userId: number; level: string; message: string }>,
  now: number,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("notifications")
    .values(rows.map((r) => ({ user_id: r.userId, level: r.level, message: r.message, is_read: 0, created_at: now })))
    .execute();
}
