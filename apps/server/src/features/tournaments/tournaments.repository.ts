import { type Insertable, type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.js";
import { containsInsensitive } from "../../lib/sql.js";

type Db = Kysely<DB>;

/** Filters of the listing, applied in SQL. */
export interface TournamentFilter {
  includeUnpublished: boolean;
  /** Series whose unpublished tournaments are listed anyway (the viewer's series roles). */
  alsoSeriesIds?: number[] | undefined;
  gameMode?: string | undefined;
  eventFormat?: number | undefined;
  search?: string | undefined;
}

/**
 * Entrants registered so far (001 §2 tournament cards and page): registered players of a solo
 * tournament, registered squads of a squad tournament, registered teams of a team tournament.
 * One indexed count per tournament row.
 */
export const entrantCountSql = sql<number>`CASE t.event_format
  WHEN 0 THEN (SELECT count(*) FROM team_registrations tr WHERE tr.tournament_id = t.id AND tr.status = 'registered')
  WHEN 2 THEN (SELECT count(*) FROM squads q WHERE q.tournament_id = t.id AND q.status = 'registered')
  ELSE (SELECT count(*) FROM registrations r WHERE r.tournament_id = t.id AND r.status = 'registered')
END`;

/** The columns of a tournament card (listing, home panel, the viewer's own tournaments). */
export function cardQuery(db: Db) {
  return db
    .selectFrom("tournaments as t")
    .leftJoin("tournament_series as s", "s.id", "t.tournament_series_id")
    .leftJoin("uploads as u", "u.id", "t.logo_upload_id")
    .select([
      "t.id",
      "t.title",
      "u.filename as logo_filename",
      "t.start_date",
      "t.end_date",
      "t.game",
      "t.game_mode",
      "t.event_format",
      "t.organizer",
      "t.location",
      "t.location_url",
      "t.tournament_series_id",
      "s.series_name",
      "s.url_slug as series_url_slug",
      "s.published as series_published",
      "t.published",
      "t.registrations_open",
      "t.registrations_close_at",
      "t.is_historical",
      "t.max_entrants",
      entrantCountSql.as("registration_count"),
    ]);
}
export type TournamentCardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>["execute"]>>[number];

/** The card query with the listing's filters applied in SQL. */
function filtered(db: Db, f: TournamentFilter) {
  return cardQuery(db)
    .$if(!f.includeUnpublished, (q) =>
      f.alsoSeriesIds && f.alsoSeriesIds.length > 0
        ? q.where((eb) => eb.or([eb("t.published", "=", 1), eb("t.tournament_series_id", "in", f.alsoSeriesIds!)]))
        : q.where("t.published", "=", 1),
    )
    .$if(!!f.gameMode, (q) => q.where("t.game_mode", "=", f.gameMode!))
    .$if(f.eventFormat !== undefined, (q) => q.where("t.event_format", "=", f.eventFormat!))
    .$if(!!f.search, (q) => q.where(containsInsensitive("t.title", f.search!)));
}

/** Upcoming: start after `now`, soonest first. */
export function upcoming(db: Db, f: TournamentFilter, now: number, limit: number) {
  return filtered(db, f)
    .where("t.is_historical", "=", 0)
    .where("t.start_date", ">", now)
    .orderBy("t.start_date", "asc")
    .orderBy("t.id", "asc")
    .limit(limit)
    .execute();
}

/** Ongoing: started and not ended, or no date set (shown as 'Ongoing'). */
export function ongoing(db: Db, f: TournamentFilter, now: number, limit: number) {
  return filtered(db, f)
    .where("t.is_historical", "=", 0)
    .where((eb) =>
      eb.or([
        eb("t.start_date", "is", null),
        eb.and([eb("t.start_date", "<=", now), eb.or([eb("t.end_date", "is", null), eb("t.end_date", ">=", now)])]),
      ]),
    )
    .orderBy("t.start_date", "asc")
    .orderBy("t.id", "asc")
    .limit(limit)
    .execute();
}

/** Past: ended before `now`, newest first; one extra row tells whether a next page exists. */
export function past(db: Db, f: TournamentFilter, now: number, limit: number, offset: number) {
  return filtered(db, f)
    .where("t.is_historical", "=", 0)
    .where("t.end_date", "<", now)
    .orderBy("t.end_date", "desc")
    .orderBy("t.id", "desc")
    .limit(limit + 1)
    .offset(offset)
    .execute();
}

/** Historical (Pre-MKCentral) tournaments, newest first. */
export function historical(db: Db, f: TournamentFilter, limit: number, offset: number) {
  return filtered(db, f)
    .where("t.is_historical", "=", 1)
    .orderBy("t.start_date", "desc")
    .orderBy("t.id", "desc")
    .limit(limit + 1)
    .offset(offset)
    .execute();
}

/** The highest tournament id (0 without any): an index's last entry. */
export async function newestTournamentId(db: Db): Promise<number> {
  const r = await db
    .selectFrom("tournaments")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(r?.id ?? 0);
}

/** The newest past, published, non-historical tournament that has placements. */
export function latestWithPlacements(db: Db, now: number) {
  return cardQuery(db)
    .where("t.published", "=", 1)
    .where("t.is_historical", "=", 0)
    .where("t.end_date", "<", now)
    .where((eb) => eb.exists(eb.selectFrom("placements as p").select("p.id").whereRef("p.tournament_id", "=", "t.id")))
    .orderBy("t.end_date", "desc")
    .orderBy("t.id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The first `limit` placements of a tournament: ranked rows by placement, DQs last. */
export function topPlacements(db: Db, tournamentId: number, limit: number) {
  return db
    .selectFrom("placements")
    .selectAll()
    .where("tournament_id", "=", tournamentId)
    .orderBy("dq", "asc")
    .orderBy("placement", "asc")
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
}

/** Picker search: case-insensitive title match, newest first. */
export function pickerSearch(db: Db, search: string, includeUnpublished: boolean, limit: number) {
  let q = db.selectFrom("tournaments").select(["id", "title"]);
  if (!includeUnpublished) q = q.where("published", "=", 1);
  if (search) q = q.where(containsInsensitive("title", search));
  return q.orderBy("start_date", "desc").orderBy("id", "desc").limit(limit).execute();
}

// ---------------------------------------------------------------------------------------
// One tournament (001 §2 tournament pages, edit, controls)
// ---------------------------------------------------------------------------------------

function detailQuery(db: Db) {
  return db
    .selectFrom("tournaments as t")
    .leftJoin("tournament_series as s", "s.id", "t.tournament_series_id")
    .leftJoin("uploads as u", "u.id", "t.logo_upload_id")
    .selectAll("t")
    .select([
      "u.filename as logo_filename",
      "s.series_name",
      "s.url_slug as series_url_slug",
      "s.published as series_published",
      entrantCountSql.as("registration_count"),
    ]);
}
export type TournamentRow = NonNullable<Awaited<ReturnType<ReturnType<typeof detailQuery>["executeTakeFirst"]>>>;

export function findTournament(db: Db, id: number) {
  return detailQuery(db).where("t.id", "=", id).executeTakeFirst();
}

export type TournamentValues = Omit<Insertable<DB["tournaments"]>, "id" | "created_at">;

export async function insertTournament(db: Db, values: TournamentValues, now: number): Promise<number> {
  const r = await db
    .insertInto("tournaments")
    .values({ ...values, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

/**
 * Writes `values` to the tournament. With `calendarChangedAt` (ms UTC; the caller found that the
 * write changes what calendars show, `changesCalendar`) the same statement raises
 * `calendar_sequence` by one and sets `calendar_modified_at` (issue #20 §4).
 */
export async function updateTournament(
  db: Db,
  id: number,
  values: Partial<TournamentValues>,
  calendarChangedAt: number | null = null,
): Promise<void> {
  const bump =
    calendarChangedAt === null ? {} : { calendar_sequence: sql<number>`calendar_sequence + 1`, calendar_modified_at: calendarChangedAt };
  await db
    .updateTable("tournaments")
    .set({ ...values, ...bump })
    .where("id", "=", id)
    .execute();
}

// ---------------------------------------------------------------------------------------
// Schedule (issue #17 §2): check-in windows whose close time has passed
// ---------------------------------------------------------------------------------------

/** Ids of tournaments with check-ins whose scheduled window closed by `now` but are not yet marked closed (2). */
export async function dueCheckinCloses(db: Db, now: number): Promise<number[]> {
  const rows = await db
    .selectFrom("tournaments")
    .select("id")
    .where("checkin_required", "=", 1)
    .where("checkin_closes_at", "<=", now)
    .where("checkin_status", "<>", 2)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Marks one such tournament's check-ins closed (2) if it still is due; true when this call did it
 * (so of two nodes racing, one runs the withdrawals). Keeps the scheduled times.
 */
export async function claimCheckinClose(db: Db, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable("tournaments")
    .set({ checkin_status: 2 })
    .where("id", "=", id)
    .where("checkin_required", "=", 1)
    .where("checkin_closes_at", "<=", now)
    .where("checkin_status", "<>", 2)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
