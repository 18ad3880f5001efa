import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.js";

/** Resolves when the database answers a trivial query; throws otherwise. */
export async function ping(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
