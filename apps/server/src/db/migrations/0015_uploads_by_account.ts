import type { Kysely } from "kysely";
import type { Database } from "../database.js";

/**
 * Upload limits per account (issue #15): the upload rate (uploads of the last 10 minutes) and
 * the storage quota (bytes of the account's stored files) read an account's uploads by
 * `user_id` and `created_at`.
 */
export async function up(db: Kysely<unknown>, _dialect: Database["dialect"]): Promise<void> {
  await db.schema.createIndex("uploads_user").on("uploads").columns(["user_id", "created_at"]).execute();
}
