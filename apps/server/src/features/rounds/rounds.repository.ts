import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/**
 * SQL of FFA rounds (issue #19): rounds, rooms, room entries (sides) and scores, and the
 * registrations a draw reads. Callers pass a transaction where a change spans several rows.
 */

/** Every round of a tournament, by number, with its room count, side count and tables in. */
export function roundsOf(db: Db, tournamentId: number) {
  return db
    .selectFrom("ffa_rounds as r")
    .selectAll("r")
    .select((eb) => [
      eb.selectFrom("ffa_rooms as m").whereRef("m.round_id", "=", "r.id").select(eb.fn.countAll<number>().as("n")).as("room_count"),
      eb.selectFrom("ffa_room_entries as e").whereRef("e.round_id", "=", "r.id").select(eb.fn.countAll<number>().as("n")).as("side_count"),
      eb
        .selectFrom("ffa_rooms as m")
        .whereRef("m.round_id", "=", "r.id")
        .where("m.table_submitted_at", "is not", null)
        .select(eb.fn.countAll<number>().as("n"))
        .as("tables_in"),
    ])
    .where("r.tournament_id", "=", tournamentId)
    .orderBy("r.number", "asc")
    .execute();
}
export type RoundRecord = Awaited<ReturnType<typeof roundsOf>>[number];

/** One round by (tournament, number), or undefined. */
export function roundByNumber(db: Db, tournamentId: number, number: number) {
  return db.selectFrom("ffa_rounds").selectAll().where("tournament_id", "=", tournamentId).where("number", "=", number).executeTakeFirst();
}
export type RoundRow = NonNullable<Awaited<ReturnType<typeof roundByNumber>>>;

/** One room by id (issue #20 §2: overlays address rooms by id), or undefined. */
export function roomById(db: Db, roomId: number) {
  return db.selectFrom("ffa_rooms").selectAll().where("id", "=", roomId).executeTakeFirst();
}

/** One round by id, or undefined. */
export function roundById(db: Db, roundId: number) {
  return db.selectFrom("ffa_rounds").selectAll().where("id", "=", roundId).executeTakeFirst();
}

/** The rooms of a round by number. */
export function roomsOf(db: Db, roundId: number) {
  return db.selectFrom("ffa_rooms").selectAll().where("round_id", "=", roundId).orderBy("number", "asc").execute();
}
export type RoomRow = Awaited<ReturnType<typeof roomsOf>>[number];

/** The sides of a round (every room), by room then seed. */
export function entriesOf(db: Db, roundId: number) {
  return db
    .selectFrom("ffa_room_entries")
    .selectAll()
    .where("round_id", "=", roundId)
    .orderBy("room_id", "asc")
    .orderBy("seed", "asc")
    .execute();
}
export type EntryRow = Awaited<ReturnType<typeof entriesOf>>[number];

/** The scores of the given rooms. */
export function scoresOf(db: Db, roomIds: number[]) {
  if (roomIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("ffa_scores").selectAll().where("room_id", "in", roomIds).orderBy("id", "asc").execute();
}
export type ScoreRow = Awaited<ReturnType<typeof scoresOf>>[number];

/** A tournament's registrations with their player and squad: the columns a room's racer shows. */
function racerQuery(db: Db, tournamentId: number) {
  return db
    .selectFrom("registrations as g")
    .innerJoin("players as p", "p.id", "g.player_id")
    .leftJoin("squads as s", "s.id", "g.squad_id")
    .select([
      "g.player_id",
      "g.squad_id",
      "g.mii_name",
      "g.can_host",
      "g.registered_at",
      "p.display_name",
      "p.country_code",
      "p.switch_fc",
      "p.fc_3ds",
      "p.mktour_fc",
      "p.nnid",
      "p.is_hidden",
      "s.squad_name",
      "s.squad_tag",
      "s.squad_color",
      "s.created_at as squad_created_at",
    ])
    .where("g.tournament_id", "=", tournamentId);
}

/**
 * Registered players of a solo or squad tournament who can race: status registered (checked
 * in when `checkedIn`), with their squad (squads registered only), in-game name, host flag,
 * registration time and friend codes.
 */
export function racersOf(db: Db, tournamentId: number, opts: { squads: boolean; checkedIn: boolean }) {
  let q = racerQuery(db, tournamentId).where("g.status", "=", "registered");
  if (opts.checkedIn) q = q.where("g.checked_in", "=", 1);
  if (opts.squads) q = q.where("g.squad_id", "is not", null).where("s.status", "=", "registered");
  return q.orderBy("g.registered_at", "asc").orderBy("g.player_id", "asc").execute();
}
export type RacerRow = Awaited<ReturnType<typeof racersOf>>[number];

/** Racers (players) of the given entrants, whatever their status now: a withdrawn racer keeps their place in a drawn room. */
export function racersOfEntrants(db: Db, tournamentId: number, squads: boolean, entrantIds: number[]) {
  if (entrantIds.length === 0) return Promise.resolve([] as RacerRow[]);
  return racerQuery(db, tournamentId)
    .where(squads ? "g.squad_id" : "g.player_id", "in", entrantIds)
    .where((eb) => (squads ? eb("g.status", "=", "registered") : eb("g.status", "in", ["registered", "withdrawn", "rejected"])))
    .orderBy("g.registered_at", "asc")
    .orderBy("g.player_id", "asc")
    .execute();
}

/** The viewer's registration (any status) in a tournament. */
export function registrationOf(db: Db, tournamentId: number, playerId: number) {
  return db
    .selectFrom("registrations")
    .select(["player_id", "squad_id", "status"])
    .where("tournament_id", "=", tournamentId)
    .where("player_id", "=", playerId)
    .executeTakeFirst();
}

/** The room (id, number) holding an entrant in a round, or undefined. */
export function roomOfEntrant(db: Db, roundId: number, entrantId: number) {
  return db
    .selectFrom("ffa_room_entries as e")
    .innerJoin("ffa_rooms as m", "m.id", "e.room_id")
    .select(["m.id", "m.number"])
    .where("e.round_id", "=", roundId)
    .where("e.entrant_id", "=", entrantId)
    .executeTakeFirst();
}

/** Inserts a round; returns its id. */
export async function insertRound(
  db: Db,
  r: {
    tournament_id: number;
    number: number;
    name: string;
    races: number;
    room_size: number;
    sides_per_room: number;
    points_table: string;
    seed_method: string;
    seed: number;
    tie_mode: string;
    created_at: number;
  },
): Promise<number> {
  const row = await db.insertInto("ffa_rounds").values(r).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces the rooms (and their sides) of a round: the draw. Scores go with the old rooms. */
export async function replaceRooms(
  db: Db,
  round: { id: number; tournament_id: number },
  rooms: Array<{ number: number; host_player_id: number | null; sides: Array<{ entrant_id: number; seed: number }> }>,
): Promise<void> {
  await db.deleteFrom("ffa_room_entries").where("round_id", "=", round.id).execute();
  await db.deleteFrom("ffa_rooms").where("round_id", "=", round.id).execute();
  if (rooms.length === 0) return;
  // Rooms in chunks, then every side in chunks of 500 (a draw of 2,000 entrants is a few statements).
  const ids: number[] = [];
  for (let i = 0; i < rooms.length; i += 500) {
    const made = await db
      .insertInto("ffa_rooms")
      .values(
        rooms.slice(i, i + 500).map((room) => ({
          round_id: round.id,
          tournament_id: round.tournament_id,
          number: room.number,
          host_player_id: room.host_player_id,
        })),
      )
      .returning(["id", "number"])
      .execute();
    const byNumber = new Map(made.map((m) => [m.number, m.id]));
    for (const room of rooms.slice(i, i + 500)) ids.push(byNumber.get(room.number)!);
  }
  const sides = rooms.flatMap((room, k) =>
    room.sides.map((s) => ({ room_id: ids[k]!, round_id: round.id, entrant_id: s.entrant_id, seed: s.seed })),
  );
  for (let i = 0; i < sides.length; i += 500)
    await db
      .insertInto("ffa_room_entries")
      .values(sides.slice(i, i + 500))
      .execute();
}

/** Sets a round's status (and, when closing, the plan and time). */
export async function updateRound(
  db: Db,
  roundId: number,
  values: Partial<{
    status: string;
    plan_per_room: number | null;
    plan_wildcards: number | null;
    tie_decisions: string;
    closed_at: number | null;
  }>,
): Promise<void> {
  await db.updateTable("ffa_rounds").set(values).where("id", "=", roundId).execute();
}

/** Deletes a round (rooms, sides and scores cascade). */
export async function deleteRound(db: Db, roundId: number): Promise<void> {
  // SQLite enforces cascades only with foreign_keys on; delete children explicitly to be sure.
  const roomIds = (await db.selectFrom("ffa_rooms").select("id").where("round_id", "=", roundId).execute()).map((r) => r.id);
  if (roomIds.length) await db.deleteFrom("ffa_scores").where("room_id", "in", roomIds).execute();
  await db.deleteFrom("ffa_room_entries").where("round_id", "=", roundId).execute();
  await db.deleteFrom("ffa_rooms").where("round_id", "=", roundId).execute();
  await db.deleteFrom("ffa_rounds").where("id", "=", roundId).execute();
}

/** Updates one room's settings, table metadata or lock. */
export async function updateRoom(
  db: Db,
  roomId: number,
  values: Partial<{
    host_player_id: number | null;
    room_code: string | null;
    table_mode: string | null;
    table_submitted_by: number | null;
    table_submitted_at: number | null;
    mismatch_expected: number | null;
    mismatch_actual: number | null;
    locked_by: number | null;
    locked_at: number | null;
  }>,
): Promise<void> {
  await db.updateTable("ffa_rooms").set(values).where("id", "=", roomId).execute();
}

/** Locks every unlocked room of a round (closing it). */
export async function lockRooms(db: Db, roundId: number, userId: number | null, at: number): Promise<void> {
  await db
    .updateTable("ffa_rooms")
    .set({ locked_by: userId, locked_at: at })
    .where("round_id", "=", roundId)
    .where("locked_at", "is", null)
    .execute();
}

/** Replaces a room's scores. */
export async function replaceScores(
  db: Db,
  roomId: number,
  rows: Array<{ player_id: number; entrant_id: number; races: string | null; gp: string | null; penalty: number; total: number }>,
): Promise<void> {
  await db.deleteFrom("ffa_scores").where("room_id", "=", roomId).execute();
  if (rows.length)
    await db
      .insertInto("ffa_scores")
      .values(rows.map((r) => ({ ...r, room_id: roomId })))
      .execute();
}

/**
 * Writes each side's rank, total and advancement in a round. One statement per chunk rather
 * than one UPDATE per side: closing a round of 170 rooms writes ~2,000 sides, and row-by-row
 * updates cost a round trip each on PostgreSQL. The round's rows are rewritten (delete, then
 * insert in chunks of 500) inside the caller's transaction; nothing references their ids.
 */
export async function updateEntries(
  db: Db,
  roundId: number,
  rows: Array<{ entrant_id: number; rank: number | null; total: number | null; advanced: string | null; decided_by: string | null }>,
): Promise<void> {
  const by = new Map(rows.map((r) => [r.entrant_id, r]));
  const current = await db
    .selectFrom("ffa_room_entries")
    .select(["room_id", "round_id", "entrant_id", "seed", "rank", "total", "advanced", "decided_by"])
    .where("round_id", "=", roundId)
    .execute();
  const next = current.map((e) => {
    const r = by.get(e.entrant_id);
    return r ? { ...e, rank: r.rank, total: r.total, advanced: r.advanced, decided_by: r.decided_by } : e;
  });
  await db.deleteFrom("ffa_room_entries").where("round_id", "=", roundId).execute();
  for (let i = 0; i < next.length; i += 500)
    await db
      .insertInto("ffa_room_entries")
      .values(next.slice(i, i + 500))
      .execute();
}

/** User display names (the player's name, else the account's) for "submitted by". */
export function userNames(db: Db, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users as u")
    .leftJoin("players as p", "p.user_id", "u.id")
    .select(["u.id", sql<string>`coalesce(p.display_name, 'Staff')`.as("name")])
    .where("u.id", "in", userIds)
    .execute();
}

/** The player of an account, if any. */
export function playerOfUser(db: Db, userId: number) {
  return db.selectFrom("players").select("id").where("user_id", "=", userId).executeTakeFirst();
}

/** Every custom points table, by name (case-insensitive), with the name of the player of the account that added it. */
export function pointsTables(db: Db) {
  return db
    .selectFrom("ffa_points_tables as t")
    .leftJoin("players as p", "p.user_id", "t.created_by")
    .select(["t.id", "t.name", "t.games", "t.room_size", "t.points", "t.created_at", "p.display_name as created_by_name"])
    .orderBy(sql`lower(t.name)`)
    .orderBy("t.id")
    .execute();
}
export type PointsTableRow = Awaited<ReturnType<typeof pointsTables>>[number];

/** One custom points table by id, or undefined. */
export function pointsTableById(db: Db, id: number) {
  return db
    .selectFrom("ffa_points_tables as t")
    .leftJoin("players as p", "p.user_id", "t.created_by")
    .select(["t.id", "t.name", "t.games", "t.room_size", "t.points", "t.created_at", "p.display_name as created_by_name"])
    .where("t.id", "=", id)
    .executeTakeFirst();
}

/** Adds a custom points table; a name taken (ignoring case) fails on the unique index. Returns the id. */
export async function insertPointsTable(
  db: Db,
  row: { name: string; games: string; room_size: number; points: string; created_by: number | null; created_at: number },
): Promise<number> {
  const r = await db.insertInto("ffa_points_tables").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}
