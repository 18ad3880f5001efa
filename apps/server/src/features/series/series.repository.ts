import { type Insertable, type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.js";

/**
 * Every series in listing order with its latest published tournament (by start date), in one
 * query: the latest event is a correlated subquery per series, and there are few series.
 */
export function listSeries(db: Kysely<DB>, includeUnpublished: boolean, alsoIds: number[] = []) {
  let q = db
    .selectFrom("tournament_series as s")
    .leftJoin("uploads as u", "u.id", "s.logo_upload_id")
    .select([
      "s.id",
      "s.series_name",
      "s.url_slug",
      "s.display_order",
      "u.filename as logo_filename",
      "s.organizer",
      "s.location",
      "s.game_mode",
      "s.default_event_format",
      "s.short_description",
      "s.published",
      "s.historical",
      (eb) =>
        eb
          .selectFrom("tournaments as t")
          .select("t.id")
          .whereRef("t.tournament_series_id", "=", "s.id")
          .where("t.published", "=", 1)
          .orderBy("t.start_date", "desc")
          .orderBy("t.id", "desc")
          .limit(1)
          .as("latest_event_id"),
    ]);
  // Series staff also see their own unpublished series.
  if (!includeUnpublished) {
    q = q.where((eb) => (alsoIds.length > 0 ? eb.or([eb("s.published", "=", 1), eb("s.id", "in", alsoIds)]) : eb("s.published", "=", 1)));
  }
  return q.orderBy("s.display_order", "asc").orderBy("s.series_name", "asc").execute();
}

/** The series' latest published tournament, ordered as the listing's `latest_event_id` (start date, then id, newest first), or undefined. */
export function latestSeriesEvent(db: Kysely<DB>, seriesId: number) {
  return db
    .selectFrom("tournaments as t")
    .select(["t.id", "t.title", "t.registrations_open", "t.registrations_close_at"])
    .where("t.tournament_series_id", "=", seriesId)
    .where("t.published", "=", 1)
    .orderBy("t.start_date", "desc")
    .orderBy("t.id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function tournamentsByIds(db: Kysely<DB>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("tournaments")
    .select(["id", "title", "registrations_open", "registrations_close_at"])
    .where("id", "in", ids)
    .execute();
}

// ---------------------------------------------------------------------------------------
// One series, its roles and its tournaments (001 §2 Series detail, edit, roles)
// ---------------------------------------------------------------------------------------

type Db = Kysely<DB>;

function seriesQuery(db: Db) {
  return db
    .selectFrom("tournament_series as s")
    .leftJoin("uploads as u", "u.id", "s.logo_upload_id")
    .selectAll("s")
    .select("u.filename as logo_filename");
}
export type SeriesRow = NonNullable<Awaited<ReturnType<ReturnType<typeof seriesQuery>["executeTakeFirst"]>>>;

/**
 * How many tournaments the series holds and the highest id among them ("count:maxId"), by the
 * series index: part of the kept series page's key (issue #16), so a tournament added to or
 * moved out of the series without a service changes the key.
 */
export async function seriesTournamentsMark(db: Db, seriesId: number): Promise<string> {
  const r = await db
    .selectFrom("tournaments")
    .select((eb) => [eb.fn.countAll().as("n"), eb.fn.max("id").as("top")])
    .where("tournament_series_id", "=", seriesId)
    .executeTakeFirst();
  return `${Number(r?.n ?? 0)}:${Number(r?.top ?? 0)}`;
}

export function findSeriesById(db: Db, id: number) {
  return seriesQuery(db).where("s.id", "=", id).executeTakeFirst();
}

export function findSeriesBySlug(db: Db, slug: string) {
  return seriesQuery(db).where("s.url_slug", "=", slug).executeTakeFirst();
}

/** True when another series already uses `slug` (URL IDs are unique, case-insensitively). */
export async function slugTaken(db: Db, slug: string, exceptId: number | null): Promise<boolean> {
  let q = db
    .selectFrom("tournament_series")
    .select("id")
    .where(sql<boolean>`lower(url_slug) = ${slug.toLowerCase()}`);
  if (exceptId !== null) q = q.where("id", "<>", exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

export type SeriesValues = Omit<Insertable<DB["tournament_series"]>, "id" | "created_at">;

export async function insertSeries(db: Db, values: SeriesValues, now: number): Promise<number> {
  const r = await db
    .insertInto("tournament_series")
    .values({ ...values, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateSeries(db: Db, id: number, values: Partial<SeriesValues>): Promise<void> {
  await db.updateTable("tournament_series").set(values).where("id", "=", id).execute();
}

/** A series' tournaments, newest first (dateless ones first: they are 'Ongoing'). */
export function seriesTournaments(db: Db, seriesId: number, includeUnpublished: boolean, pageOf?: { limit: number; offset: number }) {
  let q = db
    .selectFrom("tournaments")
    .select([
      "id",
      "title",
      "start_date",
      "end_date",
      "organizer",
      "location",
      "location_url",
      "game",
      "game_mode",
      "event_format",
      "registrations_open",
      "registrations_close_at",
      "published",
    ])
    .where("tournament_series_id", "=", seriesId);
  if (!includeUnpublished) q = q.where("published", "=", 1);
  q = q
    .orderBy(sql`case when start_date is null then 0 else 1 end`)
    .orderBy("start_date", "desc")
    .orderBy("id", "desc");
  if (pageOf) q = q.limit(pageOf.limit).offset(pageOf.offset);
  return q.execute();
}

/** How many tournaments seriesTournaments lists in all (the Tournament History pager). */
export async function seriesTournamentCount(db: Db, seriesId: number, includeUnpublished: boolean): Promise<number> {
  let q = db
    .selectFrom("tournaments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("tournament_series_id", "=", seriesId);
  if (!includeUnpublished) q = q.where("published", "=", 1);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/** Tournaments by id with the series they belong to (the series form's tournament list). */
export function tournamentSeriesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("tournaments").select(["id", "tournament_series_id"]).where("id", "in", ids).execute();
}

/** Makes `ids` exactly the tournaments of the series: others of the series leave it, `ids` join it. */
export async function setSeriesTournaments(db: Db, seriesId: number, ids: number[]): Promise<void> {
  let leave = db.updateTable("tournaments").set({ tournament_series_id: null }).where("tournament_series_id", "=", seriesId);
  if (ids.length > 0) leave = leave.where("id", "not in", ids);
  await leave.execute();
  if (ids.length > 0) await db.updateTable("tournaments").set({ tournament_series_id: seriesId }).where("id", "in", ids).execute();
}

/** Every series' id and name (the tournament form's series menu), in listing order. */
export function seriesNames(db: Db, includeUnpublished: boolean, alsoIds: number[]) {
  let q = db.selectFrom("tournament_series").select(["id", "series_name", "organizer", "game_mode", "default_event_format"]);
  if (!includeUnpublished) {
    q = q.where((eb) => (alsoIds.length > 0 ? eb.or([eb("published", "=", 1), eb("id", "in", alsoIds)]) : eb("published", "=", 1)));
  }
  return q.orderBy("display_order", "asc").orderBy("series_name", "asc").execute();
}

/** Holders of a series role with their registry profile (001 §3 Series role holder), by name. */
export function roleHolders(db: Db, seriesId: number, role: string) {
  return db
    .selectFrom("series_roles as r")
    .innerJoin("players as p", "p.user_id", "r.user_id")
    .select(["p.id as player_id", "p.display_name", "p.country_code"])
    .where("r.series_id", "=", seriesId)
    .where("r.role", "=", role)
    .orderBy(sql`lower(p.display_name)`)
    .orderBy("p.id")
    .execute();
}

export function playerAccount(db: Db, playerId: number) {
  return db.selectFrom("players").select(["id", "user_id", "display_name"]).where("id", "=", playerId).executeTakeFirst();
}

export async function hasSeriesRole(db: Db, seriesId: number, userId: number, role: string): Promise<boolean> {
  const r = await db
    .selectFrom("series_roles")
    .select("id")
    .where("series_id", "=", seriesId)
    .where("user_id", "=", userId)
    .where("role", "=", role)
    .executeTakeFirst();
  return r !== undefined;
}

export async function addSeriesRole(db: Db, seriesId: number, userId: number, role: string, now: number): Promise<void> {
  await db
    .insertInto("series_roles")
    .values({ series_id: seriesId, user_id: userId, role, created_at: now })
    .onConflict((oc) => oc.columns(["series_id", "user_id", "role"]).doNothing())
    .execute();
}

export async function removeSeriesRole(db: Db, seriesId: number, userId: number, role: string): Promise<void> {
  await db.deleteFrom("series_roles").where("series_id", "=", seriesId).where("user_id", "=", userId).where("role", "=", role).execute();
}

// ---------------------------------------------------------------------------------------
// Stats and Tournament History medals (001 §2 Series detail, §3 stats)
// ---------------------------------------------------------------------------------------

/**
 * Every placement of the series' published tournaments, with the tournament's
 * series_stats_include flag (the history shows medals of every published tournament; the stats
 * count only included ones).
 */
export function seriesPlacements(db: Kysely<DB>, seriesId: number) {
  return db
    .selectFrom("placements as p")
    .innerJoin("tournaments as t", "t.id", "p.tournament_id")
    .select([
      "p.id",
      "p.tournament_id",
      "p.entrant_type",
      "p.entrant_id",
      "p.placement",
      "p.placement_upper_bound",
      "p.dq",
      "p.title",
      "t.series_stats_include",
    ])
    .where("t.tournament_series_id", "=", seriesId)
    .where("t.published", "=", 1)
    .execute();
}

/**
 * Registered members of the given placed squads and teams (opted-out team members excluded),
 * by the indexes registrations_squad and registrations_list.
 */
export async function entrantMembers(db: Kysely<DB>, squadIds: number[], teams: Array<{ tournament_id: number; team_id: number }>) {
  const out: Array<{ tournament_id: number; squad_id: number | null; team_id: number | null; player_id: number }> = [];
  out.push(
    ...(await chunked(squadIds, (part) =>
      db
        .selectFrom("registrations")
        .select(["tournament_id", "squad_id", "team_id", "player_id"])
        .where("squad_id", "in", part)
        .where("status", "=", "registered")
        .execute(),
    )),
  );
  const byTournament = new Map<number, number[]>();
  for (const t of teams) byTournament.set(t.tournament_id, [...(byTournament.get(t.tournament_id) ?? []), t.team_id]);
  for (const [tournamentId, teamIds] of byTournament) {
    out.push(
      ...(await db
        .selectFrom("registrations")
        .select(["tournament_id", "squad_id", "team_id", "player_id"])
        .where("tournament_id", "=", tournamentId)
        .where("team_id", "in", teamIds)
        .where("status", "=", "registered")
        .where("opted_out", "=", 0)
        .execute()),
    );
  }
  return out;
}

/**
 * Per-player counts of a series (aggregation player_id), aggregated in SQL so a long series
 * costs one pass over its placements and their members rather than shipping every member row:
 * gold/silver/bronze by the better rank of a tie, finals by `finalist` (top_2: rank ≤ 2;
 * top_3_or_finalist: rank ≤ 3 or a title containing 'finalist'), and distinct tournaments
 * (DQ included). Only published tournaments with series_stats_include. Squad and team entrants
 * count their registered members (opted-out team members excluded); solo entrants the player.
 */
export async function playerStats(db: Kysely<DB>, seriesId: number, finalist: string) {
  const rank = sql`coalesce(p.placement_upper_bound, p.placement)`;
  const isFinal =
    finalist === "top_2"
      ? sql`p.dq = 0 and ${rank} <= 2`
      : finalist === "top_3_or_finalist"
        ? sql`p.dq = 0 and (${rank} <= 3 or lower(coalesce(p.title, '')) like '%finalist%')`
        : sql`1 = 0`;
  // Driven by the series' tournaments (IN subquery → the placements unique index), not by
  // entrant_type, which SQLite would otherwise pick and scan every squad placement.
  const inSeries = sql`p.tournament_id in (select id from tournaments where tournament_series_id = ${seriesId} and published = 1 and series_stats_include = 1)`;
  const placed = sql`
    select p.tournament_id, p.dq, p.placement, p.placement_upper_bound, p.title, r.player_id
      from placements p
      join registrations r on r.squad_id = p.entrant_id and r.status = 'registered'
     where p.entrant_type = 'squad' and ${inSeries}
    union all
    select p.tournament_id, p.dq, p.placement, p.placement_upper_bound, p.title, r.player_id
      from placements p
      join registrations r on r.tournament_id = p.tournament_id and r.team_id = p.entrant_id
                          and r.status = 'registered' and r.opted_out = 0
     where p.entrant_type = 'team' and ${inSeries}
    union all
    select p.tournament_id, p.dq, p.placement, p.placement_upper_bound, p.title, p.entrant_id as player_id
      from placements p
     where p.entrant_type = 'player' and ${inSeries}`;
  const rows = await sql<{
    player_id: number;
    gold: number | string;
    silver: number | string;
    bronze: number | string;
    finals: number | string;
    appearances: number | string;
  }>`
    select p.player_id,
           sum(case when p.dq = 0 and ${rank} = 1 then 1 else 0 end) as gold,
           sum(case when p.dq = 0 and ${rank} = 2 then 1 else 0 end) as silver,
           sum(case when p.dq = 0 and ${rank} = 3 then 1 else 0 end) as bronze,
           sum(case when ${isFinal} then 1 else 0 end) as finals,
           count(distinct p.tournament_id) as appearances
      from (${placed}) p
     group by p.player_id`.execute(db);
  // PostgreSQL answers sums and counts as bigint strings.
  return rows.rows.map((r) => ({
    player_id: Number(r.player_id),
    gold: Number(r.gold),
    silver: Number(r.silver),
    bronze: Number(r.bronze),
    finals: Number(r.finals),
    appearances: Number(r.appearances),
  }));
}

async function chunked<T>(ids: number[], f: (part: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 500) out.push(...(await f(ids.slice(i, i + 500))));
  return out;
}

export function playerNames(db: Kysely<DB>, ids: number[]) {
  return chunked(ids, (part) =>
    db.selectFrom("players").select(["id", "display_name", "country_code", "is_hidden"]).where("id", "in", part).execute(),
  );
}

export function squadNames(db: Kysely<DB>, ids: number[]) {
  return chunked(ids, (part) =>
    db.selectFrom("squads").select(["id", "squad_name", "squad_tag", "squad_color"]).where("id", "in", part).execute(),
  );
}

export function teamNames(db: Kysely<DB>, ids: number[]) {
  return chunked(ids, (part) =>
    db
      .selectFrom("teams as t")
      .leftJoin("uploads as u", "u.id", "t.logo_upload_id")
      .select(["t.id", "t.team_name", "t.team_tag", "t.team_color", "u.filename as logo_filename"])
      .where("t.id", "in", part)
      .execute(),
  );
}
