import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

export async function insertAudit(
  db: Db,
  row: {
    actorUserId: number | null;
    action: string;
    targetType: string;
    targetId: number | null;
    before: string | null;
    after: string | null;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      actor_user_id: row.actorUserId,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      before_value: row.before,
      after_value: row.after,
      created_at: row.now,
    })
    .execute();
}

/** One page of the log, newest first (index audit_log_latest), with the actor's player name or email. */
export function listAudit(db: Db, limit: number, offset: number) {
  return db
    .selectFrom("audit_log as a")
    .leftJoin("users as u", "u.id", "a.actor_user_id")
    .leftJoin("players as p", "p.user_id", "a.actor_user_id")
    .select([
      "a.id",
      "a.action",
      "a.target_type",
      "a.target_id",
      "a.before_value",
      "a.after_value",
      "a.created_at",
      "p.display_name",
      "u.email",
    ])
    .orderBy("a.created_at", "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}
