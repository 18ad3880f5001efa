import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { DB } from "../../db/schema.js";
import { containsInsensitive } from "../../lib/sql.js";

type Db = Kysely<DB>;

/** `lower(display_name) LIKE 'term%'` with the term's % and _ escaped. */
function startsWithInsensitive(column: string, term: string) {
  const pattern = `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

interface PlayerListFilter {
  search?: string | undefined;
  country?: string | undefined;
  includeHidden: boolean;
}

/** Players the list shows: banned never; hidden only when `includeHidden`; then the filters. */
function listedPlayers(db: Db, f: PlayerListFilter) {
  let q = db.selectFrom("players").where("is_banned", "=", 0);
  q = f.includeHidden ? q.where("is_hidden", "in", [0, 1]) : q.where("is_hidden", "=", 0);
  if (f.search) q = q.where(containsInsensitive("display_name", f.search));
  if (f.country) q = q.where("country_code", "=", f.country);
  return q;
}

/**
 * The player list (000 §2): banned players never appear; hidden ones only when `includeHidden`
 * (staff). One extra row tells has_next_page. The filters lead the indexes players_listed_name
 * and players_listed_country (migration 0002).
 */
export function listPlayers(
  db: Db,
  f: PlayerListFilter & {
    order: "newest" | "name";
    limit: number;
    offset: number;
  },
) {
  let q = listedPlayers(db, f).select(["id", "display_name", "country_code", "is_shadow", "is_hidden", "created_at"]);
  q =
    f.order === "name"
      ? q.orderBy((eb) => eb.fn("lower", ["display_name"]), "asc").orderBy("id", "asc")
      : q.orderBy("created_at", "desc").orderBy("id", "desc");
  return q
    .limit(f.limit + 1)
    .offset(f.offset)
    .execute();
}

/** How many players the list shows over all its pages with these filters. */
export async function countPlayers(db: Db, f: PlayerListFilter): Promise<number> {
  const row = await listedPlayers(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function pickerBase(db: Db) {
  return db
    .selectFrom("players")
    .select(["id", "display_name", "country_code", "is_shadow"])
    .where("is_banned", "=", 0)
    .where("is_hidden", "=", 0);
}

/**
 * Picker rows whose name starts with `term` (case-insensitive), by name: one range of the
 * index players_listed_name. The LIKE keeps the answer exact under any collation.
 */
export function pickerByPrefix(db: Db, term: string, limit: number) {
  const lo = term.toLowerCase();
  return pickerBase(db)
    .where(sql<string>`lower(display_name)`, ">=", lo)
    .where(sql<string>`lower(display_name)`, "<", `${lo}\uffff`)
    .where(startsWithInsensitive("display_name", term))
    .orderBy(sql`lower(display_name)`)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Picker rows containing `term` anywhere, other than `exclude`, by name (fills up the prefix matches). */
export function pickerByContains(db: Db, term: string, exclude: number[], limit: number) {
  let q = pickerBase(db).where(containsInsensitive("display_name", term));
  if (exclude.length) q = q.where("id", "not in", exclude);
  return q
    .orderBy(sql`lower(display_name)`)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The first `limit` listed players by name (an empty picker search). */
export function pickerFirst(db: Db, limit: number) {
  return pickerBase(db)
    .orderBy(sql`lower(display_name)`)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/**
 * One player with what the profile needs besides teams and results: the account's theme,
 * whether the account is a supporter, the background file, and whether the player currently
 * leads a team (their Discord tag is then always shown, 000 §6).
 */
export function findPlayer(db: Db, id: number) {
  return db
    .selectFrom("players as p")
    .leftJoin("users as u", "u.id", "p.user_id")
    .leftJoin("uploads as b", "b.id", "p.background_upload_id")
    .selectAll("p")
    .select([
      "u.site_theme as account_theme",
      "b.filename as background_filename",
      (eb) =>
        eb
          .selectFrom("user_roles as r")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("r.user_id", "=", "p.user_id")
          .where("r.role", "=", "supporter")
          .as("supporter_roles"),
      (eb) =>
        eb
          .selectFrom("user_roles as r")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("r.user_id", "=", "p.user_id")
          .where("r.role", "=", "administrate")
          .as("admin_roles"),
      (eb) =>
        eb
          .selectFrom("team_memberships as m")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("m.player_id", "=", "p.id")
          .where("m.left_at", "is", null)
          .where("m.is_leader", "=", 1)
          .as("leader_memberships"),
    ])
    .where("p.id", "=", id)
    .executeTakeFirst();
}
export type PlayerRow = NonNullable<Awaited<ReturnType<typeof findPlayer>>>;

export function findPlayerIdByUser(db: Db, userId: number) {
  return db.selectFrom("players").select("id").where("user_id", "=", userId).executeTakeFirst();
}

/** Every membership of the player (current ones have left_at null), newest first. */
export function memberships(db: Db, playerId: number) {
  return db
    .selectFrom("team_memberships as m")
    .innerJoin("teams as t", "t.id", "m.team_id")
    .leftJoin("uploads as u", "u.id", "t.logo_upload_id")
    .select([
      "m.team_id",
      "m.is_leader",
      "m.is_manager",
      "m.joined_at",
      "m.left_at",
      "t.team_name",
      "t.team_tag",
      "t.team_color",
      "t.category",
      "t.team_status",
      "u.filename as logo_filename",
    ])
    .where("m.player_id", "=", playerId)
    .orderBy("m.joined_at", "desc")
    .orderBy("m.id", "desc")
    .execute();
}

/** The player's registered entries (their squads and teams per tournament), for results. */
export function registrationsOf(db: Db, playerId: number) {
  return db
    .selectFrom("registrations")
    .select(["tournament_id", "squad_id", "team_id"])
    .where("player_id", "=", playerId)
    .where("status", "=", "registered")
    .execute();
}

/**
 * Placements in published tournaments shown on profiles of the player (solo), of any of
 * `squadIds`, or of any of `teamIds` (the caller keeps the team rows of tournaments the player
 * played for that team). Each branch is one range of the index placements_entrant.
 */
export function placementsFor(db: Db, f: { playerId: number; squadIds: number[]; teamIds: number[] }) {
  return db
    .selectFrom("placements as p")
    .innerJoin("tournaments as t", "t.id", "p.tournament_id")
    .leftJoin("squads as s", (j) => j.onRef("s.id", "=", "p.entrant_id").on("p.entrant_type", "=", "squad"))
    .leftJoin("teams as tm", (j) => j.onRef("tm.id", "=", "p.entrant_id").on("p.entrant_type", "=", "team"))
    .select([
      "p.tournament_id",
      "p.entrant_type",
      "p.entrant_id",
      "p.placement",
      "p.placement_upper_bound",
      "p.dq",
      "p.title",
      "t.title as tournament_title",
      "t.start_date",
      "t.end_date",
      "t.game_mode",
      "s.squad_name",
      "tm.team_name",
    ])
    .where("t.show_on_profiles", "=", 1)
    .where("t.published", "=", 1)
    .where((eb) =>
      eb.or([
        eb.and([eb("p.entrant_type", "=", "player"), eb("p.entrant_id", "=", f.playerId)]),
        ...(f.squadIds.length ? [eb.and([eb("p.entrant_type", "=", "squad"), eb("p.entrant_id", "in", f.squadIds)])] : []),
        ...(f.teamIds.length ? [eb.and([eb("p.entrant_type", "=", "team"), eb("p.entrant_id", "in", f.teamIds)])] : []),
      ]),
    )
    .execute();
}

/** The latest pending name request of a player, if any. */
export function pendingNameChange(db: Db, playerId: number) {
  return db
    .selectFrom("profile_changes")
    .select(["id", "to_value", "created_at"])
    .where("table_name", "=", "players")
    .where("field_name", "=", "display_name")
    .where("row_id", "=", playerId)
    .where("status", "=", "pending")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** When the player last asked for a name change that is pending or was approved (declined ones do not count). */
export async function lastNameRequestAt(db: Db, playerId: number): Promise<number | null> {
  const r = await db
    .selectFrom("profile_changes")
    .select((eb) => eb.fn.max("created_at").as("at"))
    .where("table_name", "=", "players")
    .where("field_name", "=", "display_name")
    .where("row_id", "=", playerId)
    .where("status", "in", ["pending", "approved"])
    .executeTakeFirst();
  return r?.at == null ? null : Number(r.at);
}

/**
 * Uses of any of `codes` by players other than `playerId` in the friend-code history, newest
 * first, with the user's current name (index fc_history_code).
 */
export function friendCodeUses(db: Db, playerId: number | null, codes: Array<{ type: string; fc: string }>) {
  if (codes.length === 0) return Promise.resolve([]);
  let q = db
    .selectFrom("friend_code_history as h")
    .innerJoin("players as p", "p.id", "h.player_id")
    .select(["h.fc_type", "h.fc", "h.created_at", "h.id", "p.display_name", "p.is_hidden"])
    .where((eb) => eb.or(codes.map((c) => eb.and([eb("h.fc_type", "=", c.type), eb("h.fc", "=", c.fc)]))));
  if (playerId !== null) q = q.where("h.player_id", "!=", playerId);
  return q.orderBy("h.created_at", "desc").orderBy("h.id", "desc").execute();
}

export async function insertPlayer(db: Db, row: Insertable<DB["players"]>): Promise<number> {
  const r = await db.insertInto("players").values(row).returning("id").executeTakeFirstOrThrow();
  return r.id;
}

export async function updatePlayer(db: Db, id: number, set: Updateable<DB["players"]>): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await db.updateTable("players").set(set).where("id", "=", id).execute();
}

export async function insertFriendCodes(db: Db, playerId: number, codes: Array<{ type: string; fc: string }>, now: number) {
  if (codes.length === 0) return;
  await db
    .insertInto("friend_code_history")
    .values(codes.map((c) => ({ player_id: playerId, fc_type: c.type, fc: c.fc, created_at: now })))
    .execute();
}

export async function insertNameRequest(
  db: Db,
  row: { playerId: number; from: string; to: string; userId: number; now: number; status: "pending" | "approved" },
) {
  await db
    .insertInto("profile_changes")
    .values({
      table_name: "players",
      field_name: "display_name",
      row_id: row.playerId,
      from_value: row.from,
      to_value: row.to,
      status: row.status,
      requested_by_user_id: row.userId,
      decided_by_user_id: row.status === "approved" ? row.userId : null,
      created_at: row.now,
      decided_at: row.status === "approved" ? row.now : null,
    })
    .execute();
}

export async function insertNameHistory(db: Db, row: { playerId: number; from: string; to: string; now: number }) {
  await db
    .insertInto("name_history")
    .values({
      table_name: "players",
      field_name: "display_name",
      row_id: row.playerId,
      from_value: row.from,
      to_value: row.to,
      changed_at: row.now,
    })
    .execute();
}

export async function setUserTheme(db: Db, userId: number, theme: string): Promise<void> {
  await db.updateTable("users").set({ site_theme: theme }).where("id", "=", userId).execute();
}

export function findUpload(db: Db, id: number) {
  return db.selectFrom("uploads").select(["id", "purpose", "user_id", "filename"]).where("id", "=", id).executeTakeFirst();
}

export function findUser(db: Db, id: number) {
  return db.selectFrom("users").select(["id", "state"]).where("id", "=", id).executeTakeFirst();
}
