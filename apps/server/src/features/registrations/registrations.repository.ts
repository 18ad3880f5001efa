import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Dialect } from "../../db/database.js";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

export function findPlayer(db: Db, playerId: number) {
  return db
    .selectFrom("players")
    .select(["id", "user_id", "display_name", "country_code", "is_banned", "discord_tag", "switch_fc", "fc_3ds", "mktour_fc", "nnid"])
    .where("id", "=", playerId)
    .executeTakeFirst();
}

export function findPlayerOfUser(db: Db, userId: number) {
  return db
    .selectFrom("players")
    .select(["id", "user_id", "display_name", "is_banned", "discord_tag"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export function userState(db: Db, userId: number) {
  return db.selectFrom("users").select(["state"]).where("id", "=", userId).executeTakeFirst();
}

export function findRegistration(db: Db, tournamentId: number, playerId: number) {
  return db
    .selectFrom("registrations")
    .selectAll()
    .where("tournament_id", "=", tournamentId)
    .where("player_id", "=", playerId)
    .executeTakeFirst();
}
export type RegistrationRow = NonNullable<Awaited<ReturnType<typeof findRegistration>>>;

export function findSquad(db: Db, tournamentId: number, squadId: number) {
  return db.selectFrom("squads").selectAll().where("id", "=", squadId).where("tournament_id", "=", tournamentId).executeTakeFirst();
}
export type SquadRowDb = NonNullable<Awaited<ReturnType<typeof findSquad>>>;

/** Inserts a squad, registered or (past the cap, issue #22) waitlisted at `waitlistPosition`. */
export async function insertSquad(
  db: Db,
  v: { tournamentId: number; name: string; tag: string; color: number; now: number; waitlistPosition?: number | null },
) {
  const r = await db
    .insertInto("squads")
    .values({
      tournament_id: v.tournamentId,
      squad_name: v.name,
      squad_tag: v.tag,
      squad_color: v.color,
      status: v.waitlistPosition ? "waitlisted" : "registered",
      waitlist_position: v.waitlistPosition ?? null,
      created_at: v.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export function updateSquad(
  db: Db,
  squadId: number,
  v: Partial<{ squad_name: string; squad_tag: string; squad_color: number; status: string; verified: number }>,
) {
  // A status written here ends any wait (issue #22): waitlisting goes through insertSquad.
  const set = v.status === undefined ? v : { ...v, waitlist_position: null };
  return db.updateTable("squads").set(set).where("id", "=", squadId).execute();
}

export interface NewRegistration {
  tournamentId: number;
  playerId: number;
  squadId: number | null;
  isCaptain: boolean;
  canHost: boolean;
  miiName: string | null;
  now: number;
  /**
   * `registered`, or `waitlisted` past the cap (issue #22); default registered. A solo player
   * waits at `waitlistPosition`; a squad member waits with their squad (no position of their own).
   */
  status?: "registered" | "waitlisted";
  waitlistPosition?: number | null;
}

/** Inserts the registration; throws on UNIQUE(tournament_id, player_id). */
export async function insertRegistration(db: Db, r: NewRegistration) {
  await db
    .insertInto("registrations")
    .values({
      tournament_id: r.tournamentId,
      player_id: r.playerId,
      status: r.status ?? "registered",
      waitlist_position: r.waitlistPosition ?? null,
      squad_id: r.squadId,
      is_captain: r.isCaptain ? 1 : 0,
      can_host: r.canHost ? 1 : 0,
      mii_name: r.miiName,
      registered_at: r.now,
    })
    .execute();
}

/** Turns a withdrawn registration back into a registered one; 0 rows when it was not withdrawn (a race lost). */
export async function reRegister(db: Db, r: NewRegistration): Promise<boolean> {
  const res = await db
    .updateTable("registrations")
    .set({
      status: r.status ?? "registered",
      waitlist_position: r.waitlistPosition ?? null,
      squad_id: r.squadId,
      is_captain: r.isCaptain ? 1 : 0,
      can_host: r.canHost ? 1 : 0,
      mii_name: r.miiName,
      checked_in: 0,
      verified: 0,
      withdrawn_at_checkin: 0,
      registered_at: r.now,
    })
    .where("tournament_id", "=", r.tournamentId)
    .where("player_id", "=", r.playerId)
    .where("status", "=", "withdrawn")
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function updateRegistration(
  db: Db,
  tournamentId: number,
  playerId: number,
  v: Partial<{
    status: string;
    can_host: number;
    mii_name: string | null;
    checked_in: number;
    verified: number;
    is_captain: number;
    squad_id: number | null;
  }>,
) {
  // A status written here is never the check-in close's, so it clears that mark, and it ends
  // any wait (issue #22: waitlisting goes through insertRegistration/reRegister).
  const set = v.status === undefined ? v : { ...v, withdrawn_at_checkin: 0, waitlist_position: null };
  return db.updateTable("registrations").set(set).where("tournament_id", "=", tournamentId).where("player_id", "=", playerId).execute();
}

/** Members of a squad with their account ids (notifications). */
export function squadMembers(db: Db, squadId: number) {
  return db
    .selectFrom("registrations as r")
    .innerJoin("players as p", "p.id", "r.player_id")
    .select([
      "r.player_id",
      "r.status",
      "r.is_captain",
      "r.mii_name",
      "r.can_host",
      "r.checked_in",
      "r.custom_field",
      "r.registered_at",
      "p.display_name",
      "p.country_code",
      "p.user_id",
      "p.is_hidden",
    ])
    .where("r.squad_id", "=", squadId)
    .execute();
}

export function invitations(db: Db, squadId: number) {
  return db
    .selectFrom("squad_invitations as i")
    .innerJoin("players as p", "p.id", "i.player_id")
    .select(["i.player_id", "p.display_name", "p.country_code", "p.user_id"])
    .where("i.squad_id", "=", squadId)
    .orderBy("i.created_at")
    .execute();
}

export function invitationsOfPlayer(db: Db, tournamentId: number, playerId: number) {
  return (
    db
      .selectFrom("squad_invitations as i")
      .innerJoin("squads as s", "s.id", "i.squad_id")
      .leftJoin("registrations as c", (j) => j.onRef("c.squad_id", "=", "s.id").on("c.is_captain", "=", 1))
      .leftJoin("players as cp", "cp.id", "c.player_id")
      .select(["s.id as squad_id", "s.squad_name", "s.squad_tag", "cp.display_name as captain_name"])
      .where("i.tournament_id", "=", tournamentId)
      .where("i.player_id", "=", playerId)
      // A waitlisted squad still invites (issue #22): it needs its members to be promoted.
      .where("s.status", "in", ["registered", "waitlisted"])
      .execute()
  );
}

export function findInvitation(db: Db, squadId: number, playerId: number) {
  return db
    .selectFrom("squad_invitations")
    .select(["id", "tournament_id"])
    .where("squad_id", "=", squadId)
    .where("player_id", "=", playerId)
    .executeTakeFirst();
}

export function insertInvitation(
  db: Db,
  v: { tournamentId: number; squadId: number; playerId: number; invitedBy: number | null; now: number },
) {
  return db
    .insertInto("squad_invitations")
    .values({ tournament_id: v.tournamentId, squad_id: v.squadId, player_id: v.playerId, invited_by: v.invitedBy, created_at: v.now })
    .execute();
}

export async function deleteInvitation(db: Db, squadId: number, playerId: number): Promise<boolean> {
  const r = await db.deleteFrom("squad_invitations").where("squad_id", "=", squadId).where("player_id", "=", playerId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export function deleteInvitationsOfPlayer(db: Db, tournamentId: number, playerId: number) {
  return db.deleteFrom("squad_invitations").where("tournament_id", "=", tournamentId).where("player_id", "=", playerId).execute();
}

export function deleteInvitationsOfSquad(db: Db, squadId: number) {
  return db.deleteFrom("squad_invitations").where("squad_id", "=", squadId).execute();
}

/** Players with a profile, not banned, not registered (any status) nor invited by this squad; by name prefix. */
export function invitable(db: Db, tournamentId: number, squadId: number, search: string, limit: number) {
  let q = db
    .selectFrom("players as p")
    .select(["p.id as player_id", "p.display_name as player_name", "p.country_code"])
    .where("p.is_banned", "=", 0)
    .where("p.is_hidden", "=", 0)
    .where("p.user_id", "is not", null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("registrations as r")
            .select("r.id")
            .whereRef("r.player_id", "=", "p.id")
            .where("r.tournament_id", "=", tournamentId)
            .where("r.status", "in", ["registered", "waitlisted", "rejected"]),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("squad_invitations as i").select("i.id").whereRef("i.player_id", "=", "p.id").where("i.squad_id", "=", squadId),
        ),
      ),
    );
  if (search) q = q.where(sql<string>`lower(p.display_name)`, "like", `${search.toLowerCase().replace(/[%_\\]/g, "")}%`);
  return q
    .orderBy(sql`lower(p.display_name)`)
    .limit(limit)
    .execute();
}

/**
 * Holds the squad's row lock until the transaction ends, so size and invitation caps counted
 * next cannot be passed by a concurrent request (issue #15 §8). PostgreSQL only: SQLite runs
 * one transaction at a time on its single connection, which serializes these writes already.
 */
export async function lockSquad(db: Db, dialect: Dialect, squadId: number): Promise<void> {
  if (dialect !== "postgres") return;
  await db.selectFrom("squads").select("id").where("id", "=", squadId).forNoKeyUpdate().execute();
}

/** Counts of a squad: its members (registered, or waiting with it), checked-in members and open invitations. */
export async function squadCounts(db: Db, squadId: number) {
  const r = await db
    .selectFrom("registrations")
    .select([sql<number>`count(*)`.as("members"), sql<number>`coalesce(sum(checked_in), 0)`.as("checkins")])
    .where("squad_id", "=", squadId)
    // Members share their squad's status: registered, or waitlisted while the squad waits (issue #22).
    .where("status", "in", ["registered", "waitlisted"])
    .executeTakeFirstOrThrow();
  const inv = await db
    .selectFrom("squad_invitations")
    .select(sql<number>`count(*)`.as("n"))
    .where("squad_id", "=", squadId)
    .executeTakeFirstOrThrow();
  return { members: Number(r.members), checkins: Number(r.checkins), invited: Number(inv.n) };
}

// ---------------------------------------------------------------------------------------
// Lists (001 §7 Registrations; sort codes 001 §9)
// ---------------------------------------------------------------------------------------

export interface ListFilter {
  status: "registered" | "withdrawn" | "rejected";
  checkedIn?: boolean;
  verified?: boolean;
  minTeamSize: number;
  verificationRequired: number;
  /** Leave hidden players' rows out of player lists (issue 15 C: everyone but staff). */
  hideHidden?: boolean;
}

const dir = (d: "A" | "D") => (d === "A" ? "asc" : "desc");

/** Squads of a tournament with their aggregates, ordered by a sort code. */
export function squadList(db: Db, tournamentId: number, f: ListFilter, field: string, d: "A" | "D") {
  const agg = db
    .selectFrom("registrations")
    .select([
      "squad_id",
      sql<number>`count(*)`.as("player_count"),
      sql<number>`max(can_host)`.as("can_host"),
      sql<number>`sum(checked_in)`.as("checkin_count"),
    ])
    .where("tournament_id", "=", tournamentId)
    .where("status", "=", f.status === "registered" ? "registered" : f.status)
    .where("squad_id", "is not", null)
    .groupBy("squad_id")
    .as("a");
  let q = db
    .selectFrom("squads as s")
    .leftJoin(agg, "a.squad_id", "s.id")
    .select([
      "s.id as squad_id",
      "s.squad_name",
      "s.squad_tag",
      "s.squad_color",
      "s.verified",
      "s.created_at",
      sql<number>`coalesce(a.player_count, 0)`.as("player_count"),
      sql<number>`coalesce(a.can_host, 0)`.as("can_host"),
      sql<number>`coalesce(a.checkin_count, 0)`.as("checkin_count"),
    ])
    .where("s.tournament_id", "=", tournamentId)
    .where("s.status", "=", f.status);
  if (f.verified !== undefined) q = q.where("s.verified", f.verified ? ">=" : "<", Math.max(1, f.verificationRequired));
  if (f.checkedIn !== undefined) q = q.where(sql`coalesce(a.checkin_count, 0)`, f.checkedIn ? ">" : "=", 0);
  const o = dir(d);
  const count = sql`coalesce(a.player_count, 0)`;
  switch (field) {
    case "N":
      q = q.orderBy(sql`lower(s.squad_name)`, o);
      break;
    case "C":
    case "E":
      q = q.orderBy(count, o);
      break;
    case "H":
      q = q.orderBy(sql`coalesce(a.can_host, 0)`, o);
      break;
    case "CH":
      q = q.orderBy(sql`coalesce(a.checkin_count, 0)`, o);
      break;
    default:
      q = q.orderBy("s.created_at", o);
  }
  return q.orderBy("s.id", o).execute();
}

/** The registrations a player list shows (solo, or the squad player table), before sorting. */
function playerListBase(db: Db, tournamentId: number, f: ListFilter) {
  let q = db
    .selectFrom("registrations as r")
    .where("r.tournament_id", "=", tournamentId)
    .where("r.status", "=", f.status)
    .where("r.team_id", "is", null);
  if (f.checkedIn !== undefined) q = q.where("r.checked_in", "=", f.checkedIn ? 1 : 0);
  if (f.verified !== undefined) q = q.where("r.verified", f.verified ? ">=" : "<", Math.max(1, f.verificationRequired));
  // Probed per row by primary key: `player_id not in (select id … where is_hidden = 1)` built
  // the hidden list by scanning an index of every player (100,000) on each request.
  if (f.hideHidden)
    q = q.where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("players as h").select("h.id").whereRef("h.id", "=", "r.player_id").where("h.is_hidden", "=", 1))),
    );
  return q;
}

/** How many rows `playerList` has under the filter (the pager's total). */
export async function playerCount(db: Db, tournamentId: number, f: ListFilter): Promise<number> {
  const r = await playerListBase(db, tournamentId, f)
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * The sort keys of a player list by sort code, over `r`, `p` (the player) and `s` (the squad);
 * `size` is the squad's registered member count (it differs between the two statements of
 * `playerList`). Nulls sort as they always did (a solo player has no squad name; its count is 0).
 */
function playerSortKeys(field: string, size: RawBuilder<unknown>) {
  switch (field) {
    case "P":
      return [sql`lower(p.display_name)`];
    case "N":
    case "T":
      return [sql`lower(s.squad_name)`, sql`r.squad_id`];
    case "M":
      return [sql`lower(coalesce(r.mii_name, ''))`];
    case "F":
      return [sql`coalesce(r.custom_field, '')`];
    case "E":
    case "C":
      return [size];
    case "H":
      return [sql`r.can_host`];
    case "CH":
      return [sql`r.checked_in`];
    default:
      return [sql`r.registered_at`];
  }
}

/**
 * Players of a tournament (solo, or the squad player table), ordered by a sort code across the
 * whole list, then cut to `page` ({limit, offset}) when given (the FFA sheet takes every row).
 *
 * Page first (issue #16): the page's registration ids are sorted and cut with only the joins
 * the sort needs (player, squad, and the squad sizes for a sort by size), and only those rows
 * then get their details, squad size and team-leader probe. Probing all 2,000 rows of a big
 * tournament before cutting 100 cost ≈ 2–5 ms of a 4–10 ms statement (docs/decisions.md).
 */
export function playerList(
  db: Db,
  tournamentId: number,
  f: ListFilter,
  field: string,
  d: "A" | "D",
  page?: { limit: number; offset: number },
) {
  const o = dir(d);
  const bySize = field === "E" || field === "C";
  const counts = db
    .selectFrom("registrations")
    .select(["squad_id", sql<number>`count(*)`.as("n")])
    .where("tournament_id", "=", tournamentId)
    .where("status", "=", "registered")
    .where("squad_id", "is not", null)
    .groupBy("squad_id")
    .as("sc");
  const joined = playerListBase(db, tournamentId, f)
    .innerJoin("players as p", "p.id", "r.player_id")
    .leftJoin("squads as s", "s.id", "r.squad_id");
  // The squad sizes (one pass over the tournament's registrations) only when sorting by them;
  // the sort keys are raw SQL, so the join's type is not needed.
  const from = bySize ? (joined.leftJoin(counts, "sc.squad_id", "r.squad_id") as unknown as typeof joined) : joined;
  let ids = from.select("r.id");
  for (const k of playerSortKeys(field, sql`coalesce(sc.n, 0)`)) ids = ids.orderBy(k, o);
  ids = ids.orderBy("r.id", o);
  if (page) ids = ids.limit(page.limit).offset(page.offset);
  const size = sql`(select count(*) from registrations x where x.squad_id = r.squad_id and x.status = ${"registered"})`;
  let q = db
    .selectFrom("registrations as r")
    .innerJoin("players as p", "p.id", "r.player_id")
    .leftJoin("squads as s", "s.id", "r.squad_id")
    .select([
      "r.player_id",
      "p.display_name",
      "p.country_code",
      "p.discord_tag",
      "p.discord_privacy",
      // A current team leader's tag is always shown (000 §6), whatever their privacy setting.
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom("team_memberships as tm")
              .select("tm.id")
              .whereRef("tm.player_id", "=", "r.player_id")
              .where("tm.is_leader", "=", 1)
              .where("tm.left_at", "is", null),
          )
          .as("is_team_leader"),
      "r.squad_id",
      "s.squad_name",
      "s.squad_tag",
      "s.squad_color",
      "r.mii_name",
      "r.custom_field",
      "r.can_host",
      "r.checked_in",
      "r.verified",
      "r.registered_at",
      // Registered members of the player's squad; null without a squad (or none registered).
      sql<number | null>`(select nullif(count(*), 0) from registrations x where x.squad_id = r.squad_id and x.status = ${"registered"})`.as(
        "squad_members",
      ),
    ])
    .where("r.id", "in", ids);
  for (const k of playerSortKeys(field, size)) q = q.orderBy(k, o);
  return q.orderBy("r.id", o).execute();
}

/** Registered players who did not check in (solo, or squad members), for closing check-ins. */
export function notCheckedIn(db: Db, tournamentId: number) {
  return db
    .selectFrom("registrations as r")
    .innerJoin("players as p", "p.id", "r.player_id")
    .select(["r.player_id", "r.squad_id", "p.user_id", "p.display_name"])
    .where("r.tournament_id", "=", tournamentId)
    .where("r.status", "=", "registered")
    .where("r.checked_in", "=", 0)
    .where("r.team_id", "is", null)
    .execute();
}

/** Registered squads with their check-in counts. */
export function squadCheckins(db: Db, tournamentId: number) {
  return db
    .selectFrom("squads as s")
    .leftJoin("registrations as r", (j) => j.onRef("r.squad_id", "=", "s.id").on("r.status", "=", "registered"))
    .select(["s.id", "s.squad_name", sql<number>`coalesce(sum(r.checked_in), 0)`.as("checkins")])
    .where("s.tournament_id", "=", tournamentId)
    .where("s.status", "=", "registered")
    .groupBy(["s.id", "s.squad_name"])
    .execute();
}

/**
 * Moves a squad's registered (or, for a waitlisted squad, waiting) members to `status`;
 * `atCheckinClose` marks them as withdrawn by closing check-ins (the squad fell short of the
 * minimum), which the register call reports.
 */
export function withdrawSquadMembers(db: Db, squadId: number, status: string, atCheckinClose = false) {
  return db
    .updateTable("registrations")
    .set({ status, withdrawn_at_checkin: atCheckinClose ? 1 : 0, waitlist_position: null })
    .where("squad_id", "=", squadId)
    .where("status", "in", ["registered", "waitlisted"])
    .execute();
}

/** Withdraws registered solo players at the close of check-ins (marked as such). */
export function withdrawPlayersAtCheckinClose(db: Db, tournamentId: number, playerIds: number[]) {
  if (playerIds.length === 0) return Promise.resolve([]);
  return db
    .updateTable("registrations")
    .set({ status: "withdrawn", withdrawn_at_checkin: 1 })
    .where("tournament_id", "=", tournamentId)
    .where("player_id", "in", playerIds)
    .where("status", "=", "registered")
    .execute();
}

/** Latest registrations (the admin previews of 10, 001 §9). */
export function latestRegistrations(db: Db, tournamentId: number, limit: number) {
  return db
    .selectFrom("registrations")
    .select(["player_id", "squad_id"])
    .where("tournament_id", "=", tournamentId)
    .orderBy("registered_at", "desc")
    .limit(limit)
    .execute();
}

/** Friend codes of players (FFA sheet). */
export function friendCodes(db: Db, playerIds: number[]) {
  if (playerIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("players").select(["id", "switch_fc", "fc_3ds", "mktour_fc", "nnid"]).where("id", "in", playerIds).execute();
}
