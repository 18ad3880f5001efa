import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export async function findUserById(db: Db, id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertUser(db: Db, row: { email: string; passwordHash: string; state: string; now: number }): Promise<number> {
  const r = await db
    .insertInto("users")
    .values({ email: row.email, password_hash: row.passwordHash, state: row.state, created_at: row.now, email_verified_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateUser(
  db: Db,
  id: number,
  set: Partial<{ password_hash: string; state: string; site_theme: string; language: string; email_verified_at: number }>,
): Promise<void> {
  await db.updateTable("users").set(set).where("id", "=", id).execute();
}

export async function insertSession(db: Db, row: { idHash: string; userId: number; now: number; expiresAt: number }): Promise<void> {
  await db.insertInto("sessions").values({ id: row.idHash, user_id: row.userId, created_at: row.now, expires_at: row.expiresAt }).execute();
}

/**
 * The user behind a session id hash, with their player, unread count and site roles, when
 * unexpired; undefined otherwise. One statement (#16): every signed-in request runs it, and on
 * PostgreSQL a second round trip for the roles cost a pool turn and an event-loop turn each
 * time (a write under read load spent most of its time waiting for such turns). The roles come
 * as one joined row per role (none: one row with `role` null).
 */
export async function findSessionUser(db: Db, idHash: string, now: number) {
  const rows = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .leftJoin("players", "players.user_id", "users.id")
    .leftJoin("user_roles", "user_roles.user_id", "users.id")
    .select([
      "users.id as id",
      "users.email as email",
      "users.state as state",
      "users.site_theme as site_theme",
      "users.language as language",
      "sessions.expires_at as expires_at",
      "players.id as player_id",
      "players.display_name as display_name",
      "user_roles.role as role",
      (eb) =>
        eb
          .selectFrom("notifications")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("notifications.user_id", "=", "users.id")
          .where("notifications.is_read", "=", 0)
          .as("unread"),
    ])
    .where("sessions.id", "=", idHash)
    .where("sessions.expires_at", ">", now)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  const { role: _role, ...user } = first;
  return { ...user, roles: rows.flatMap((r) => (r.role === null ? [] : [r.role])) };
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", idHash).execute();
}

/** Deletes every session whose time is up; the number deleted (index sessions_expires). */
export async function deleteExpiredSessions(db: Db, now: number): Promise<number> {
  const r = await db.deleteFrom("sessions").where("expires_at", "<=", now).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

export async function rolesOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute();
  return rows.map((r) => r.role);
}

export async function addRole(db: Db, userId: number, role: string, now: number): Promise<void> {
  const existing = await db.selectFrom("user_roles").select("id").where("user_id", "=", userId).where("role", "=", role).executeTakeFirst();
  if (!existing) await db.insertInto("user_roles").values({ user_id: userId, role, created_at: now }).execute();
}

export async function removeRole(db: Db, userId: number, role: string): Promise<void> {
  await db.deleteFrom("user_roles").where("user_id", "=", userId).where("role", "=", role).execute();
}

export async function insertToken(
  db: Db,
  row: { tokenHash: string; userId: number; kind: string; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto("auth_tokens")
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      kind: row.kind,
      created_at: row.now,
      expires_at: row.expiresAt,
      used_at: null,
    })
    .execute();
}

/** An unused, unexpired token of `kind`. */
export async function findValidToken(db: Db, tokenHash: string, kind: string, now: number) {
  return db
    .selectFrom("auth_tokens")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("kind", "=", kind)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

export async function markTokenUsed(db: Db, tokenHash: string, now: number): Promise<void> {
  await db.updateTable("auth_tokens").set({ used_at: now }).where("token_hash", "=", tokenHash).execute();
}

/**
 * Marks an unused, unexpired token of `kind` used, in one conditional update; true when this
 * call spent it (false when it was already used, expired or unknown), so concurrent callers
 * cannot both succeed.
 */
export async function claimValidToken(db: Db, tokenHash: string, kind: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable("auth_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("kind", "=", kind)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Spends every open (unused, unexpired) token of `kind` of the account, so its links stop
 * working; the number revoked.
 */
export async function revokeOpenTokens(db: Db, userId: number, kind: string, now: number): Promise<number> {
  const r = await db
    .updateTable("auth_tokens")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
