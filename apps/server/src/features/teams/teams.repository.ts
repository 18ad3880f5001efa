import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { DB } from "../../db/schema.js";
import type { Dialect } from "../../db/database.js";
import { containsInsensitive } from "../../lib/sql.js";

/**
 * All SQL of the team registry: teams, memberships (rosters), transfers (joins, leaves,
 * invitations with status 'invited' and join requests with status 'requested'), claims and
 * team name/tag change requests. Functions take the database or a transaction first.
 */
type Db = Kysely<DB>;

// --- teams -------------------------------------------------------------------------------------

const TEAM_COLUMNS = [
  "t.id",
  "t.team_name",
  "t.team_tag",
  "t.team_color",
  "t.logo_upload_id",
  "t.recruitment_status",
  "t.team_description",
  "t.main_language",
  "t.language_name",
  "t.category",
  "t.primary_team_id",
  "t.team_status",
  "t.is_historical",
  "t.is_shadow",
  "t.created_at",
  "t.name_changed_at",
] as const;

export function findTeam(db: Db, id: number) {
  return db
    .selectFrom("teams as t")
    .leftJoin("uploads as u", "u.id", "t.logo_upload_id")
    .leftJoin("teams as p", "p.id", "t.primary_team_id")
    .select([...TEAM_COLUMNS, "u.filename as logo_filename", "p.team_name as primary_team_name"])
    .where("t.id", "=", id)
    .executeTakeFirst();
}
export type TeamRow = NonNullable<Awaited<ReturnType<typeof findTeam>>>;

/** Locks the team row until the transaction ends (PostgreSQL; SQLite transactions are serialized). */
export async function lockTeam(db: Db, dialect: Dialect, id: number): Promise<void> {
  if (dialect !== "postgres") return;
  await db.selectFrom("teams").select("id").where("id", "=", id).forNoKeyUpdate().execute();
}

/** Locks the player row: every roster change of a player runs under it, so two joins cannot interleave. */
export async function lockPlayer(db: Db, dialect: Dialect, id: number): Promise<void> {
  if (dialect !== "postgres") return;
  await db.selectFrom("players").select("id").where("id", "=", id).forNoKeyUpdate().execute();
}

export async function insertTeam(db: Db, row: Insertable<DB["teams"]>): Promise<number> {
  const r = await db.insertInto("teams").values(row).returning("id").executeTakeFirstOrThrow();
  return r.id;
}

export async function updateTeam(db: Db, id: number, patch: Updateable<DB["teams"]>): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable("teams").set(patch).where("id", "=", id).execute();
}

/** The organisation of a team: its primary team and every team pointing at that primary, except `exceptId`. */
export function linkedTeams(db: Db, primaryId: number, exceptId: number) {
  return db
    .selectFrom("teams")
    .select(["id", "team_name", "team_tag", "team_color", "category"])
    .where((eb) => eb.or([eb("id", "=", primaryId), eb("primary_team_id", "=", primaryId)]))
    .where("id", "!=", exceptId)
    .where("team_status", "!=", "disapproved")
    .orderBy("created_at", "asc")
    .execute();
}

/** A team of the category with this name (case-insensitive), historical or not as asked; disapproved teams do not count. */
export function teamByName(db: Db, category: string, name: string, historical: boolean, exceptId?: number) {
  let q = db
    .selectFrom("teams")
    .select(["id", "team_name"])
    .where(sql<string>`lower(team_name)`, "=", name.toLowerCase())
    .where("category", "=", category)
    .where("is_historical", "=", historical ? 1 : 0)
    .where("team_status", "!=", "disapproved");
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  return q.orderBy("id", "asc").executeTakeFirst();
}

/** Unapproved teams the player currently leads (one pending team per user). */
export async function unapprovedTeamsLedBy(db: Db, playerId: number): Promise<number> {
  const r = await db
    .selectFrom("team_memberships as m")
    .innerJoin("teams as t", "t.id", "m.team_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("m.player_id", "=", playerId)
    .where("m.left_at", "is", null)
    .where("m.is_leader", "=", 1)
    .where("t.team_status", "=", "unapproved")
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Primary-team picker: approved, active teams by name (optionally only those `leaderPlayerId` leads). */
export function pickTeams(db: Db, f: { search?: string | undefined; leaderPlayerId?: number | undefined; limit: number }) {
  let q = db
    .selectFrom("teams as t")
    .select(["t.id", "t.team_name", "t.team_tag", "t.category"])
    .where("t.is_historical", "=", 0)
    .where("t.team_status", "in", ["approved", "unapproved"]);
  if (f.leaderPlayerId === undefined) q = q.where("t.team_status", "=", "approved");
  else {
    const pid = f.leaderPlayerId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("team_memberships as m")
          .select("m.id")
          .whereRef("m.team_id", "=", "t.id")
          .where("m.player_id", "=", pid)
          .where("m.left_at", "is", null)
          .where("m.is_leader", "=", 1),
      ),
    );
  }
  if (f.search) q = q.where(containsInsensitive("t.team_name", f.search));
  return q
    .orderBy((eb) => eb.fn("lower", ["t.team_name"]), "asc")
    .orderBy("t.id", "asc")
    .limit(f.limit)
    .execute();
}

/** Active members of a team with an active team of `category` elsewhere (a category change would give them two). */
export async function membersWithOtherTeamIn(db: Db, teamId: number, category: string): Promise<number> {
  const r = await db
    .selectFrom("team_memberships as m")
    .innerJoin("team_memberships as o", (j) => j.onRef("o.player_id", "=", "m.player_id").on("o.left_at", "is", null))
    .innerJoin("teams as t", "t.id", "o.team_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("m.team_id", "=", teamId)
    .where("m.left_at", "is", null)
    .where("o.team_id", "!=", teamId)
    .where("t.category", "=", category)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

// --- roster ------------------------------------------------------------------------------------

export function roster(db: Db, teamId: number) {
  return db
    .selectFrom("team_memberships as m")
    .innerJoin("players as p", "p.id", "m.player_id")
    .select(["m.player_id", "p.display_name", "p.country_code", "p.is_hidden", "m.is_leader", "m.is_manager", "m.joined_at"])
    .where("m.team_id", "=", teamId)
    .where("m.left_at", "is", null)
    .orderBy("m.is_leader", "desc")
    .orderBy("m.is_manager", "desc")
    .orderBy("m.joined_at", "asc")
    .orderBy("m.id", "asc")
    .execute();
}

export function activeMembership(db: Db, teamId: number, playerId: number) {
  return db
    .selectFrom("team_memberships")
    .select(["id", "is_leader", "is_manager", "joined_at"])
    .where("team_id", "=", teamId)
    .where("player_id", "=", playerId)
    .where("left_at", "is", null)
    .executeTakeFirst();
}

/** The player's active memberships in teams of `category` (normally at most one). */
export function membershipsInCategory(db: Db, playerId: number, category: string) {
  return db
    .selectFrom("team_memberships as m")
    .innerJoin("teams as t", "t.id", "m.team_id")
    .select([
      "m.id as membership_id",
      "m.is_leader",
      "t.id as team_id",
      "t.team_name",
      "t.team_tag",
      "t.team_color",
      "t.category",
      "t.team_status",
    ])
    .where("m.player_id", "=", playerId)
    .where("m.left_at", "is", null)
    .where("t.category", "=", category)
    .orderBy("m.joined_at", "asc")
    .execute();
}

export async function countMembers(db: Db, teamId: number, onlyLeaders = false): Promise<number> {
  let q = db
    .selectFrom("team_memberships")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("team_id", "=", teamId)
    .where("left_at", "is", null);
  if (onlyLeaders) q = q.where("is_leader", "=", 1);
  const r = await q.executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function insertMembership(db: Db, teamId: number, playerId: number, leader: boolean, now: number): Promise<void> {
  await db
    .insertInto("team_memberships")
    .values({ team_id: teamId, player_id: playerId, is_leader: leader ? 1 : 0, is_manager: 0, joined_at: now, left_at: null })
    .execute();
}

export async function closeMembership(db: Db, membershipId: number, now: number): Promise<void> {
  await db.updateTable("team_memberships").set({ left_at: now }).where("id", "=", membershipId).where("left_at", "is", null).execute();
}

export async function setRole(db: Db, membershipId: number, leader: boolean, manager: boolean): Promise<void> {
  await db
    .updateTable("team_memberships")
    .set({ is_leader: leader ? 1 : 0, is_manager: manager ? 1 : 0 })
    .where("id", "=", membershipId)
    .execute();
}

/** Accounts of the team's current leaders (and managers when asked), for notifications. */
export async function staffUserIds(db: Db, teamId: number, withManagers: boolean): Promise<number[]> {
  const rows = await db
    .selectFrom("team_memberships as m")
    .innerJoin("players as p", "p.id", "m.player_id")
    .select("p.user_id")
    .where("m.team_id", "=", teamId)
    .where("m.left_at", "is", null)
    .where((eb) => (withManagers ? eb.or([eb("m.is_leader", "=", 1), eb("m.is_manager", "=", 1)]) : eb("m.is_leader", "=", 1)))
    .where("p.user_id", "is not", null)
    .execute();
  return rows.map((r) => r.user_id!);
}

// --- players -----------------------------------------------------------------------------------

export function findPlayer(db: Db, id: number) {
  return db
    .selectFrom("players")
    .select(["id", "user_id", "display_name", "country_code", "is_shadow", "is_banned"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export function playerOfUser(db: Db, userId: number) {
  return db
    .selectFrom("players")
    .select(["id", "user_id", "display_name", "country_code", "is_shadow", "is_banned"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

// --- transfers (joins, leaves, invitations, join requests) ------------------------------------

export async function insertTransfer(db: Db, row: Insertable<DB["transfers"]>): Promise<number> {
  const r = await db.insertInto("transfers").values(row).returning("id").executeTakeFirstOrThrow();
  return r.id;
}

export function findTransfer(db: Db, id: number) {
  return db
    .selectFrom("transfers")
    .select(["id", "player_id", "from_team_id", "to_team_id", "category", "status", "created_at", "decided_at", "leave_team_id"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The status of a transfer row, read inside the caller's transaction (a pending row's re-check under the player's lock). */
export async function transferStatus(db: Db, id: number): Promise<string | undefined> {
  return (await db.selectFrom("transfers").select("status").where("id", "=", id).executeTakeFirst())?.status;
}

/**
 * Ends the player's other pending invitations and join requests of `category` (status 'ended'),
 * except `exceptId`: they joined a team of the category. Returns the rows ended, with their team.
 */
export async function endPendingInCategory(db: Db, playerId: number, category: string, exceptId: number | null, now: number) {
  let q = db
    .selectFrom("transfers")
    .select(["id", "to_team_id", "status"])
    .where("player_id", "=", playerId)
    .where("category", "=", category)
    .where("status", "in", ["invited", "requested"]);
  if (exceptId !== null) q = q.where("id", "!=", exceptId);
  const rows = await q.execute();
  if (rows.length === 0) return rows;
  await db
    .updateTable("transfers")
    .set({ status: "ended", decided_at: now })
    .where(
      "id",
      "in",
      rows.map((r) => r.id),
    )
    .where("status", "in", ["invited", "requested"])
    .execute();
  return rows;
}

/** Records on a pending join request the team its player agreed to leave when it is accepted. */
export async function setLeaveConsent(db: Db, id: number, leaveTeamId: number | null): Promise<boolean> {
  const r = await db
    .updateTable("transfers")
    .set({ leave_team_id: leaveTeamId })
    .where("id", "=", id)
    .where("status", "=", "requested")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Moves a pending transfer (invited or requested) to its outcome, only if it is still pending;
 * returns false when another call decided it first.
 */
export async function decideTransfer(
  db: Db,
  id: number,
  fromStatus: string,
  patch: { status: string; from_team_id?: number | null; created_at?: number; decided_at: number },
): Promise<boolean> {
  const r = await db.updateTable("transfers").set(patch).where("id", "=", id).where("status", "=", fromStatus).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Pending invitations ('invited') or join requests ('requested') of a team, with their players. */
export function pendingForTeam(db: Db, teamId: number, status: "invited" | "requested") {
  return db
    .selectFrom("transfers as x")
    .innerJoin("players as p", "p.id", "x.player_id")
    .select(["x.id", "x.player_id", "p.display_name", "p.country_code", "p.is_hidden", "x.created_at"])
    .where("x.to_team_id", "=", teamId)
    .where("x.status", "=", status)
    .orderBy("x.created_at", "desc")
    .orderBy("x.id", "desc")
    .execute();
}

/** The player's pending transfer of this status to this team, if any. */
export function pendingOfPlayer(db: Db, teamId: number, playerId: number, status: "invited" | "requested") {
  return db
    .selectFrom("transfers")
    .select(["id", "created_at", "leave_team_id"])
    .where("player_id", "=", playerId)
    .where("to_team_id", "=", teamId)
    .where("status", "=", status)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** The player's pending invitations with their teams, newest first. */
export function invitationsOfPlayer(db: Db, playerId: number) {
  return db
    .selectFrom("transfers as x")
    .innerJoin("teams as t", "t.id", "x.to_team_id")
    .select(["x.id", "x.created_at", "t.id as team_id", "t.team_name", "t.team_tag", "t.team_color", "t.category"])
    .where("x.player_id", "=", playerId)
    .where("x.status", "=", "invited")
    .orderBy("x.created_at", "desc")
    .orderBy("x.id", "desc")
    .execute();
}

// --- results -----------------------------------------------------------------------------------

/**
 * Placements of the team (entrant type 'team') in published tournaments with show_on_profiles
 * (001 §4 'Results on profiles shown or hidden' applies to team pages too), newest first.
 */
export function teamResults(db: Db, teamId: number, limit: number) {
  return db
    .selectFrom("placements as pl")
    .innerJoin("tournaments as tr", "tr.id", "pl.tournament_id")
    .select([
      "tr.id as tournament_id",
      "tr.title",
      "tr.start_date",
      "tr.end_date",
      "tr.game_mode",
      "pl.placement",
      "pl.placement_upper_bound",
      "pl.dq",
      "pl.title as placement_title",
    ])
    .where("pl.entrant_type", "=", "team")
    .where("pl.entrant_id", "=", teamId)
    .where("tr.published", "=", 1)
    .where("tr.show_on_profiles", "=", 1)
    .orderBy("tr.start_date", "desc")
    .orderBy("tr.id", "desc")
    .limit(limit)
    .execute();
}

// --- name and tag changes ----------------------------------------------------------------------

/** Pending team_name / team_tag requests of a team. */
export function pendingChanges(db: Db, teamId: number) {
  return db
    .selectFrom("profile_changes")
    .select(["id", "field_name", "to_value", "created_at"])
    .where("table_name", "=", "teams")
    .where("row_id", "=", teamId)
    .where("status", "=", "pending")
    .orderBy("id", "asc")
    .execute();
}

/** The newest request of the team that was not declined (pending or approved), as a time. */
export async function lastChangeRequestAt(db: Db, teamId: number): Promise<number | null> {
  const r = await db
    .selectFrom("profile_changes")
    .select((eb) => eb.fn.max<number>("created_at").as("at"))
    .where("table_name", "=", "teams")
    .where("row_id", "=", teamId)
    .where("status", "in", ["pending", "approved"])
    .executeTakeFirst();
  return r?.at === null || r?.at === undefined ? null : Number(r.at);
}

export async function insertProfileChange(
  db: Db,
  row: { teamId: number; field: "team_name" | "team_tag"; from: string; to: string; userId: number | null; status: string; now: number },
): Promise<void> {
  await db
    .insertInto("profile_changes")
    .values({
      table_name: "teams",
      field_name: row.field,
      row_id: row.teamId,
      from_value: row.from,
      to_value: row.to,
      status: row.status,
      requested_by_user_id: row.userId,
      decided_by_user_id: row.status === "pending" ? null : row.userId,
      created_at: row.now,
      decided_at: row.status === "pending" ? null : row.now,
    })
    .execute();
}

export async function insertNameHistory(db: Db, row: { teamId: number; field: string; from: string; to: string; now: number }) {
  await db
    .insertInto("name_history")
    .values({ table_name: "teams", field_name: row.field, row_id: row.teamId, from_value: row.from, to_value: row.to, changed_at: row.now })
    .execute();
}

// --- claims ------------------------------------------------------------------------------------

export async function insertClaim(db: Db, teamId: number, userId: number, now: number): Promise<void> {
  await db
    .insertInto("team_claims")
    .values({ team_id: teamId, user_id: userId, status: "pending", created_at: now, decided_at: null })
    .execute();
}

export function pendingClaimOf(db: Db, teamId: number, userId: number) {
  return db
    .selectFrom("team_claims")
    .select("id")
    .where("team_id", "=", teamId)
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .executeTakeFirst();
}

export function findClaim(db: Db, id: number) {
  return db.selectFrom("team_claims").select(["id", "team_id", "user_id", "status"]).where("id", "=", id).executeTakeFirst();
}

/** Pending claims (of one team, or all), oldest first, with the team and the claimant's player. */
export function pendingClaims(db: Db, teamId?: number) {
  let q = db
    .selectFrom("team_claims as c")
    .innerJoin("teams as t", "t.id", "c.team_id")
    .innerJoin("users as u", "u.id", "c.user_id")
    .leftJoin("players as p", "p.user_id", "c.user_id")
    .select([
      "c.id",
      "c.user_id",
      "c.created_at",
      "u.email",
      "p.id as player_id",
      "p.display_name",
      "t.id as team_id",
      "t.team_name",
      "t.team_tag",
      "t.team_color",
      "t.category",
    ])
    .where("c.status", "=", "pending");
  if (teamId !== undefined) q = q.where("c.team_id", "=", teamId);
  return q.orderBy("c.created_at", "asc").orderBy("c.id", "asc").limit(500).execute();
}

export async function decideClaims(db: Db, ids: number[], status: "approved" | "declined", now: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("team_claims").set({ status, decided_at: now }).where("id", "in", ids).where("status", "=", "pending").execute();
}

/** Ids of the team's other pending claims. */
export async function otherPendingClaimIds(db: Db, teamId: number, exceptId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("team_claims")
    .select("id")
    .where("team_id", "=", teamId)
    .where("status", "=", "pending")
    .where("id", "!=", exceptId)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Clears the representative flag of `playerId` on the registration rows of every team
 * registration whose primary or secondary team is `teamId` (a new leader represents no more).
 */
export async function dropRepresentativeOfTeam(db: Db, playerId: number, teamId: number): Promise<void> {
  await db
    .updateTable("registrations")
    .set({ is_representative: 0 })
    .where("player_id", "=", playerId)
    .where("is_representative", "=", 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("team_registrations as tr")
          .select("tr.id")
          .whereRef("tr.tournament_id", "=", "registrations.tournament_id")
          .whereRef("tr.team_id", "=", "registrations.team_id")
          .where((w) => w.or([w("tr.team_id", "=", teamId), w("tr.secondary_team_id", "=", teamId)])),
      ),
    )
    .execute();
}
