import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

export async function insertUpload(
  db: Kysely<DB>,
  row: {
    filename: string;
    purpose: string;
    contentType: string;
    bytes: number;
    width: number;
    height: number;
    userId: number;
    now: number;
  },
): Promise<number> {
  const r = await db
    .insertInto("uploads")
    .values({
      filename: row.filename,
      purpose: row.purpose,
      content_type: row.contentType,
      bytes: row.bytes,
      width: row.width,
      height: row.height,
      user_id: row.userId,
      created_at: row.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}
