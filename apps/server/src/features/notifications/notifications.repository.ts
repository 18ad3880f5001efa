import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/** A notification as written (#21 §3): its level, catalogue key, parameters (JSON text) and English HTML. */
export interface StoredNotification {
  level: string;
  key: string;
  params: string;
  html: string;
}

/** Inserts one notification row per user (an empty list is a no-op). */
export async function insertNotifications(db: Db, rows: Array<{ userId: number } & StoredNotification>, now: number): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("notifications")
    .values(
      rows.map((r) => ({
        user_id: r.userId,
        level: r.level,
        message: r.html,
        message_key: r.key,
        message_params: r.params,
        is_read: 0,
        created_at: now,
      })),
    )
    .execute();
}

/**
 * Of `userIds`, those who already have an unread notification with this level, key and
 * parameters (or, written before migration 0033, no key and this exact English message); its
 * time is moved to `now` so it shows as new again (issue #15 §4: repeated invite/kick cycles
 * must not flood a victim's list; #21 §3).
 */
export async function refreshUnreadDuplicates(db: Db, userIds: number[], n: StoredNotification, now: number): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("notifications")
    .select(["id", "user_id"])
    .where("user_id", "in", userIds)
    .where("is_read", "=", 0)
    .where("level", "=", n.level)
    .where((eb) =>
      eb.or([
        eb.and([eb("message_key", "=", n.key), eb("message_params", "=", n.params)]),
        eb.and([eb("message_key", "is", null), eb("message", "=", n.html)]),
      ]),
    )
    .execute();
  if (rows.length)
    await db
      .updateTable("notifications")
      .set({ created_at: now })
      .where(
        "id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Levels the Important tab shows (000 §4: warning and critical). */
export const IMPORTANT_LEVELS = ["warning", "critical"];

/**
 * One page of a user's notifications, newest first, fetching one extra row to learn whether
 * another page follows (indexes notifications_user and notifications_user_level).
 */
export function listNotifications(db: Db, userId: number, filter: "unread" | "important" | "all", limit: number, offset: number) {
  let q = db
    .selectFrom("notifications")
    .select(["id", "level", "message", "message_key", "message_params", "is_read", "created_at"])
    .where("user_id", "=", userId);
  if (filter === "unread") q = q.where("is_read", "=", 0);
  if (filter === "important") q = q.where("level", "in", IMPORTANT_LEVELS);
  return q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
}

/** Marks one notification of `userId` read; false when it is not theirs or does not exist. */
export async function markRead(db: Db, userId: number, id: number): Promise<boolean> {
  const r = await db.updateTable("notifications").set({ is_read: 1 }).where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function markAllRead(db: Db, userId: number): Promise<void> {
  await db.updateTable("notifications").set({ is_read: 1 }).where("user_id", "=", userId).where("is_read", "=", 0).execute();
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .where("is_read", "=", 0)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
