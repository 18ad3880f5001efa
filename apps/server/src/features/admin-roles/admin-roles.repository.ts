import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/** Holders of a role that have a registry profile, by name (index user_roles_role). */
export function roleHolders(db: Db, role: string) {
  return db
    .selectFrom("user_roles as r")
    .innerJoin("players as p", "p.user_id", "r.user_id")
    .select(["p.id as player_id", "p.display_name", "p.country_code"])
    .where("r.role", "=", role)
    .orderBy("p.display_name")
    .orderBy("p.id")
    .execute();
}

/** Players with an account whose name starts with `search` (case-insensitive), banned ones excluded. */
export function searchPlayersWithAccount(db: Db, search: string, limit: number) {
  const pattern = `${search.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
  return db
    .selectFrom("players as p")
    .select(["p.id as player_id", "p.display_name", "p.country_code"])
    .where("p.user_id", "is not", null)
    .where("p.is_banned", "=", 0)
    .where(sql<boolean>`lower(${sql.ref("p.display_name")}) like ${pattern} escape '\\'`)
    .orderBy("p.display_name")
    .orderBy("p.id")
    .limit(limit)
    .execute();
}

export function findPlayer(db: Db, playerId: number) {
  return db.selectFrom("players").select(["id", "user_id", "display_name"]).where("id", "=", playerId).executeTakeFirst();
}

/** Adds a role; false when the account already had it. */
export async function addRole(db: Db, userId: number, role: string, now: number): Promise<boolean> {
  const has = await db.selectFrom("user_roles").select("id").where("user_id", "=", userId).where("role", "=", role).executeTakeFirst();
  if (has) return false;
  await db.insertInto("user_roles").values({ user_id: userId, role, created_at: now }).execute();
  return true;
}

/** Removes a role; false when the account did not have it. */
export async function removeRole(db: Db, userId: number, role: string): Promise<boolean> {
  const r = await db.deleteFrom("user_roles").where("user_id", "=", userId).where("role", "=", role).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
