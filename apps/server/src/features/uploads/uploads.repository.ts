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

/**
 * An account's use of uploads: how many it stored since `since` (ms) and when the first of
 * those was, and the bytes of its distinct stored files (a file uploaded twice is stored once).
 */
export async function uploadUsage(
  db: Kysely<DB>,
  userId: number,
  since: number,
): Promise<{ recent: number; firstRecentAt: number | null; bytes: number }> {
  const recent = await db
    .selectFrom("uploads")
    .select((e) => [e.fn.countAll<number | string>().as("n"), e.fn.min("created_at").as("first")])
    .where("user_id", "=", userId)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  const files = db
    .selectFrom("uploads")
    .select((e) => ["filename", e.fn.max("bytes").as("bytes")])
    .where("user_id", "=", userId)
    .groupBy("filename")
    .as("f");
  const stored = await db
    .selectFrom(files)
    .select((e) => e.fn.sum<number | string | null>("f.bytes").as("total"))
    .executeTakeFirstOrThrow();
  return {
    recent: Number(recent.n),
    firstRecentAt: recent.first === null ? null : Number(recent.first),
    bytes: Number(stored.total ?? 0),
  };
}

/** Whether the account already has a stored upload of this file name (content-addressed). */
export async function hasUploadFile(db: Kysely<DB>, userId: number, filename: string): Promise<boolean> {
  const row = await db.selectFrom("uploads").select("id").where("user_id", "=", userId).where("filename", "=", filename).executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores an image's bytes under its SHA-256 (hex) and served name; bytes already stored (same
 * hash or name) are left as they are, since content-addressed bytes never change.
 */
export async function insertUploadBytes(
  db: Kysely<DB>,
  row: { sha256: string; name: string; contentType: string; data: Buffer; now: number },
): Promise<void> {
  await db
    .insertInto("upload_bytes")
    .values({
      sha256: row.sha256,
      name: row.name,
      content_type: row.contentType,
      byte_size: row.data.length,
      data: row.data,
      created_at: row.now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The stored bytes served as `/uploads/<name>`, or undefined. */
export async function uploadBytesByName(
  db: Kysely<DB>,
  name: string,
): Promise<{ sha256: string; content_type: string; data: Buffer } | undefined> {
  return db.selectFrom("upload_bytes").select(["sha256", "content_type", "data"]).where("name", "=", name).executeTakeFirst();
}
