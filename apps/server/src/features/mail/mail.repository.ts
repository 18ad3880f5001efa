import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

/** Stores one outgoing mail; returns its id. */
export async function insertOutbox(db: Kysely<DB>, row: { to: string; subject: string; text: string; now: number }): Promise<number> {
  const r = await db
    .insertInto("outbox")
    .values({ to_address: row.to, subject: row.subject, body_text: row.text, created_at: row.now, sent_at: null, error: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function markOutbox(db: Kysely<DB>, id: number, result: { sentAt: number | null; error: string | null }): Promise<void> {
  await db.updateTable("outbox").set({ sent_at: result.sentAt, error: result.error }).where("id", "=", id).execute();
}

/** Newest mails to an address (tests and the demo's mail viewer). */
export async function outboxFor(db: Kysely<DB>, to: string, limit = 20) {
  return db.selectFrom("outbox").selectAll().where("to_address", "=", to).orderBy("id", "desc").limit(limit).execute();
}
