import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/** The one word-filter row (id 1); empty when never saved. */
export async function getWords(db: Db): Promise<string> {
  const r = await db.selectFrom("word_filter").select("words").where("id", "=", 1).executeTakeFirst();
  return r?.words ?? "";
}

export async function saveWords(db: Db, words: string, now: number): Promise<void> {
  const r = await db.updateTable("word_filter").set({ words, updated_at: now }).where("id", "=", 1).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) await db.insertInto("word_filter").values({ id: 1, words, updated_at: now }).execute();
}
