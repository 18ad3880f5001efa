import type { Kysely } from "kysely";
import type { Database } from "../database.js";

/**
 * Account hardening (issue 15 B):
 * - `player_bans.prior_state`: the account's `users.state` when the ban was made (active,
 *   pending_email or inactive; null for a shadow player or a ban from before this migration),
 *   so lifting the ban restores it instead of making every account active;
 * - `sessions_expires (expires_at)`: logging in prunes expired sessions with one indexed delete;
 * - `auth_tokens_user (user_id, kind)`: a new reset link or a reset revokes the account's other
 *   open links.
 */
export async function up(db: Kysely<unknown>, _dialect: Database["dialect"]): Promise<void> {
  await db.schema.alterTable("player_bans").addColumn("prior_state", "text").execute();
  await db.schema.createIndex("sessions_expires").on("sessions").column("expires_at").execute();
  await db.schema.createIndex("auth_tokens_user").on("auth_tokens").columns(["user_id", "kind"]).execute();
}
