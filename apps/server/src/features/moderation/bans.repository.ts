import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/** Bans in force (not lifted), newest first, with the player and the banning account's player name. */
export function currentBans(db: Db) {
  return db
    .selectFrom("player_bans as b")
    .innerJoin("players as p", "p.id", "b.player_id")
    .leftJoin("players as by", "by.user_id", "b.banned_by_user_id")
    .select([
      "b.id",
      "b.player_id",
      "b.reason",
      "b.created_at",
      "b.ends_at",
      "p.display_name",
      "p.country_code",
      "by.display_name as banned_by",
    ])
    .where("b.lifted_at", "is", null)
    .orderBy("b.created_at", "desc")
    .orderBy("b.id", "desc")
    .execute();
}

/** The player with their account's state (null for a shadow player). */
export function findPlayer(db: Db, id: number) {
  return db
    .selectFrom("players as p")
    .leftJoin("users as u", "u.id", "p.user_id")
    .select(["p.id", "p.user_id", "p.display_name", "p.is_banned", "u.state as account_state"])
    .where("p.id", "=", id)
    .executeTakeFirst();
}

export async function insertBan(
  db: Db,
  row: { playerId: number; reason: string; byUserId: number; endsAt: number | null; priorState: string | null; now: number },
) {
  await db
    .insertInto("player_bans")
    .values({
      player_id: row.playerId,
      reason: row.reason,
      banned_by_user_id: row.byUserId,
      created_at: row.now,
      ends_at: row.endsAt,
      prior_state: row.priorState,
    })
    .execute();
}

/**
 * What lifting the player's open bans must restore: whether there is an open ban, the account
 * state stored by the oldest one (null when none was stored) and whether the account's email is
 * verified by now.
 */
export async function banRestoreInfo(db: Db, playerId: number, userId: number | null) {
  const ban = await db
    .selectFrom("player_bans")
    .select("prior_state")
    .where("player_id", "=", playerId)
    .where("lifted_at", "is", null)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .executeTakeFirst();
  const user =
    userId === null ? undefined : await db.selectFrom("users").select("email_verified_at").where("id", "=", userId).executeTakeFirst();
  return { hasOpenBan: ban !== undefined, priorState: ban?.prior_state ?? null, emailVerified: user?.email_verified_at != null };
}

/**
 * Marks the player banned (and their account, when they have one), or not banned: the account,
 * if still banned, takes `restoreState` back.
 */
export async function setBanned(db: Db, playerId: number, userId: number | null, banned: boolean, restoreState = "active"): Promise<void> {
  await db
    .updateTable("players")
    .set({ is_banned: banned ? 1 : 0 })
    .where("id", "=", playerId)
    .execute();
  if (userId === null) return;
  if (banned) await db.updateTable("users").set({ state: "banned" }).where("id", "=", userId).execute();
  else await db.updateTable("users").set({ state: restoreState }).where("id", "=", userId).where("state", "=", "banned").execute();
}

/** Lifts the player's open bans; the number lifted. */
export async function liftBans(db: Db, playerId: number, now: number): Promise<number> {
  const r = await db
    .updateTable("player_bans")
    .set({ lifted_at: now })
    .where("player_id", "=", playerId)
    .where("lifted_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Players whose every open ban has ended by `now` (and who have at least one open ban). */
export async function expiredBanPlayers(db: Db, now: number) {
  return db
    .selectFrom("player_bans as b")
    .innerJoin("players as p", "p.id", "b.player_id")
    .select(["b.player_id", "p.user_id", "p.display_name"])
    .where("b.lifted_at", "is", null)
    .where("b.ends_at", "is not", null)
    .where("b.ends_at", "<=", now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("player_bans as o")
            .select("o.id")
            .whereRef("o.player_id", "=", "b.player_id")
            .where("o.lifted_at", "is", null)
            .where((eb) => eb.or([eb("o.ends_at", "is", null), eb("o.ends_at", ">", now)])),
        ),
      ),
    )
    .groupBy(["b.player_id", "p.user_id", "p.display_name"])
    .execute();
}

export function inactiveAccounts(db: Db, limit: number) {
  return db
    .selectFrom("users as u")
    .leftJoin("players as p", "p.user_id", "u.id")
    .select(["u.id as user_id", "u.created_at", "p.id as player_id", "p.display_name", "p.country_code"])
    .where("u.state", "=", "inactive")
    .orderBy("u.created_at", "asc")
    .orderBy("u.id", "asc")
    .limit(limit)
    .execute();
}

/** inactive → active; false when the account was not inactive. */
export async function activate(db: Db, userId: number): Promise<boolean> {
  const r = await db
    .updateTable("users")
    .set({ state: "active" })
    .where("id", "=", userId)
    .where("state", "=", "inactive")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
