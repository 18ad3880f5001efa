import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import type { CalendarTournament } from "./ical-events.js";

type Db = Kysely<DB>;

/** The columns of `CalendarTournament`. */
const COLUMNS = [
  "t.id",
  "t.title",
  "t.start_date",
  "t.end_date",
  "t.description",
  "t.organizer",
  "t.location",
  "t.game",
  "t.game_mode",
  "t.event_format",
  "t.checkin_required",
  "t.checkin_opens_at",
  "t.checkin_closes_at",
  "t.transfer_deadline",
  "t.calendar_sequence",
  "t.calendar_modified_at",
  "t.created_at",
] as const;

/** Filters of the public feed, applied in SQL. */
export interface FeedFilter {
  game?: string | undefined;
  gameMode?: string | undefined;
  eventFormat?: number | undefined;
  seriesId?: number | undefined;
}

/**
 * Published, non-historical tournaments with a start that end (or, without an end, start) at or
 * after `since`, soonest first, at most `limit`.
 */
export function feedTournaments(db: Db, f: FeedFilter, since: number, limit: number): Promise<CalendarTournament[]> {
  return db
    .selectFrom("tournaments as t")
    .select(COLUMNS)
    .where("t.published", "=", 1)
    .where("t.is_historical", "=", 0)
    .where("t.start_date", "is not", null)
    .where((eb) => eb.or([eb("t.start_date", ">=", since), eb("t.end_date", ">=", since)]))
    .$if(!!f.game, (q) => q.where("t.game", "=", f.game!))
    .$if(!!f.gameMode, (q) => q.where("t.game_mode", "=", f.gameMode!))
    .$if(f.eventFormat !== undefined, (q) => q.where("t.event_format", "=", f.eventFormat!))
    .$if(f.seriesId !== undefined, (q) => q.where("t.tournament_series_id", "=", f.seriesId!))
    .orderBy("t.start_date", "asc")
    .orderBy("t.id", "asc")
    .limit(limit)
    .execute();
}

/** The published tournaments among `ids` (any dates), soonest first. */
export function publishedTournaments(db: Db, ids: number[]): Promise<CalendarTournament[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("tournaments as t")
    .select(COLUMNS)
    .where("t.id", "in", ids)
    .where("t.published", "=", 1)
    .orderBy("t.start_date", "asc")
    .orderBy("t.id", "asc")
    .execute();
}

/**
 * The published team tournaments a team is entered in (as primary or secondary team, registered or
 * waitlisted), ending at or after `since` (or without dates), soonest first, at most `limit`.
 */
export function teamTournaments(
  db: Db,
  teamId: number,
  since: number,
  limit: number,
): Promise<Array<CalendarTournament & { entry_status: string }>> {
  return db
    .selectFrom("team_registrations as tr")
    .innerJoin("tournaments as t", "t.id", "tr.tournament_id")
    .select(COLUMNS)
    .select("tr.status as entry_status")
    .where((eb) => eb.or([eb("tr.team_id", "=", teamId), eb("tr.secondary_team_id", "=", teamId)]))
    .where("tr.status", "in", ["registered", "waitlisted"])
    .where("t.published", "=", 1)
    .where("t.is_historical", "=", 0)
    .where((eb) =>
      eb.or([
        eb("t.start_date", "is", null),
        eb("t.start_date", ">=", since),
        eb("t.end_date", ">=", since),
        eb("t.transfer_deadline", ">=", since),
      ]),
    )
    .orderBy("t.start_date", "asc")
    .orderBy("t.id", "asc")
    .limit(limit)
    .execute();
}

/** Whether the series exists and is published (the public feed filters on published series only). */
export async function publishedSeriesExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom("tournament_series").select("id").where("id", "=", id).where("published", "=", 1).executeTakeFirst();
  return !!row;
}

/** The team's name and status (for the feed's name; visibility is the team page's). */
export function findTeamName(db: Db, id: number) {
  return db.selectFrom("teams").select(["team_name"]).where("id", "=", id).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------
// Personal feed tokens (one per account, stored as SHA-256)
// ---------------------------------------------------------------------------------------

/** The account whose token hashes to `tokenHash`, with its registry player; undefined when none. */
export function findTokenOwner(db: Db, tokenHash: string) {
  return db
    .selectFrom("calendar_feed_tokens as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select(["u.id as user_id", "u.state"])
    .where("c.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** The account's token row (its creation time), if it has one. */
export function findToken(db: Db, userId: number) {
  return db.selectFrom("calendar_feed_tokens").select(["created_at"]).where("user_id", "=", userId).executeTakeFirst();
}

/** Makes or replaces the account's token (the old hash stops matching at once). */
export async function putToken(db: Db, userId: number, tokenHash: string, now: number): Promise<void> {
  await db
    .insertInto("calendar_feed_tokens")
    .values({ user_id: userId, token_hash: tokenHash, created_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ token_hash: tokenHash, created_at: now }))
    .execute();
}

/** One tournament's calendar columns, whatever its state (the caller checked visibility). */
export function findCalendarTournament(db: Db, id: number): Promise<CalendarTournament | undefined> {
  return db.selectFrom("tournaments as t").select(COLUMNS).where("t.id", "=", id).executeTakeFirst();
}
