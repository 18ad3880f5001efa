import {
  CALENDAR_FEED_MAX_EVENTS,
  CALENDAR_FEED_NOT_FOUND_MESSAGE,
  CALENDAR_FEED_PAST_DAYS,
  type CalendarFeedQuerySchema,
  isTeamEvent,
  MY_TOURNAMENT_STATUS_LABELS,
  type MyCalendarFeed,
  NO_START_DATE_MESSAGE,
  PERSONAL_CALENDAR_PATH,
} from "@site/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { cacheKeys } from "../../lib/cache-keys.js";
import { iso } from "../../lib/dates.js";
import { notFound, unauthorized } from "../../lib/errors.js";
import { loadVisibleTournament } from "../access/tournament-access.service.js";
import { randomToken, sha256 } from "../auth/session.js";
import { ANONYMOUS, type Actor } from "../permissions/permissions.js";
import { getTeam } from "../teams/teams.service.js";
import { myTournaments } from "../tournaments/my-tournaments.service.js";
import * as repo from "./calendar.repository.js";
import { buildCalendar, type CalendarSite, type FeedEntry, tournamentUid } from "./ical-events.js";

export { tournamentUid };

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often calendar apps are asked to read a feed again (REFRESH-INTERVAL; most poll on their own schedule anyway). */
const REFRESH_HOURS = 6;

/** An iCalendar file: its download name and text. */
export interface CalendarFile {
  filename: string;
  body: string;
}

/** The codes of the calendar's refusals (#21): the web catalogue's `error.<code>` (the tournament's and series' shared ones). */
const CODES = {
  tournamentNotFound: { code: "tournaments.not_found" },
  noStartDate: { code: "calendar.no_start_date" },
  seriesNotFound: { code: "series.not_found" },
  feedNotFound: { code: "calendar.feed_not_found" },
} as const;

const site = (ctx: AppContext): CalendarSite => ({ publicUrl: ctx.config.publicUrl, siteName: ctx.config.siteName });
const since = (now: number) => now - CALENDAR_FEED_PAST_DAYS * DAY_MS;

/**
 * `GET /api/events/{id}/calendar.ics` (issue 17 §2 "Add to calendar"): the tournament as an
 * iCalendar file with one event: the UID and SEQUENCE the feeds give it (issue #20 §4), summary (the
 * title), start and end in UTC, the page's URL, and a plain-text description (game and mode, format,
 * the page's URL, the details' markdown, clipped). Visible exactly when the tournament is
 * (`loadVisibleTournament`: 404 'Tournament not found.'); 404 NO_START_DATE_MESSAGE for a
 * tournament without dates.
 */
export async function tournamentCalendar(ctx: AppContext, actor: Actor, id: number): Promise<CalendarFile> {
  await loadVisibleTournament(ctx, actor, id, { cached: true });
  const t = await repo.findCalendarTournament(ctx.db, id);
  if (!t) throw notFound("Tournament not found.", CODES.tournamentNotFound);
  if (t.start_date === null) throw notFound(NO_START_DATE_MESSAGE, CODES.noStartDate);
  return { filename: `tournament-${id}.ics`, body: buildCalendar(site(ctx), ctx.config.siteName, [{ tournament: t }]) };
}

/**
 * `GET /api/calendar/tournaments.ics` (issue #20 §4): published tournaments with a start, from
 * `CALENDAR_FEED_PAST_DAYS` ago on, soonest first, at most `CALENDAR_FEED_MAX_EVENTS`, filtered by
 * game, mode, format (0 team, 1 solo, 2 squad) and series. The same for everyone (drafts never):
 * kept in the micro-cache under `tournaments:`, which every tournament write clears. 404
 * 'Series not found.' for an unknown or unpublished series.
 */
export async function publicFeed(ctx: AppContext, q: z.output<typeof CalendarFeedQuerySchema>, now = Date.now()): Promise<CalendarFile> {
  const filter: repo.FeedFilter = {
    game: q.game,
    gameMode: q.mode,
    eventFormat: q.format === undefined || q.format === "all" ? undefined : Number(q.format),
    seriesId: q.series,
  };
  const body = await ctx.cache.get(cacheKeys.tournaments.calendarFeed(filter), async () => {
    if (filter.seriesId !== undefined && !(await repo.publishedSeriesExists(ctx.db, filter.seriesId)))
      throw notFound("Series not found.", CODES.seriesNotFound);
    const rows = await repo.feedTournaments(ctx.db, filter, since(now), CALENDAR_FEED_MAX_EVENTS);
    return buildCalendar(
      site(ctx),
      `${ctx.config.siteName} tournaments`,
      rows.map((tournament) => ({ tournament })),
      REFRESH_HOURS,
    );
  });
  return { filename: "tournaments.ics", body };
}

/**
 * `GET /api/calendar/teams/{id}.ics` (issue #20 §4): the published team tournaments the team is
 * entered in (registered, or waitlisted: 'waitlisted' in the summary), with their transfer
 * deadlines, from `CALENDAR_FEED_PAST_DAYS` ago on. Visible exactly when the team page is
 * (`getTeam`: a disapproved team only to its members and staff, 404 'Team not found.' otherwise);
 * the feed itself is the same for everyone who may see it.
 */
export async function teamFeed(ctx: AppContext, auth: () => Promise<Actor>, id: number, now = Date.now()): Promise<CalendarFile> {
  await getTeam(ctx, auth, id);
  const body = await ctx.cache.get(cacheKeys.tournaments.teamCalendarFeed(id), async () => {
    const [team, rows] = await Promise.all([
      repo.findTeamName(ctx.db, id),
      repo.teamTournaments(ctx.db, id, since(now), CALENDAR_FEED_MAX_EVENTS),
    ]);
    const entries: FeedEntry[] = rows.map(({ entry_status, ...tournament }) => ({
      tournament,
      deadline: true,
      note: entry_status === "waitlisted" ? "waitlisted" : null,
    }));
    return buildCalendar(site(ctx), `${team?.team_name ?? "Team"} · ${ctx.config.siteName}`, entries, REFRESH_HOURS);
  });
  return { filename: `team-${id}.ics`, body };
}

/**
 * `GET /api/calendar/u/{token}.ics` (issue #20 §4): the personal feed of the account whose token
 * this is, without a session (calendar apps send no cookies): the published tournaments of its
 * player (as My Tournaments lists them: solo, in a squad, on a team; opted-out ones left out,
 * waitlisted and pending ones marked in the summary), each check-in window as its own event with a
 * reminder when it opens, and the transfer deadline of team tournaments. Unpublished tournaments
 * never show, whoever owns the token (a leaked link must not leak drafts). The token is looked up by
 * its SHA-256 (an index lookup: no string comparison to time); unknown → 404
 * CALENDAR_FEED_NOT_FOUND_MESSAGE. Never cached: the answer is one account's own.
 */
export async function personalFeed(ctx: AppContext, token: string, now = Date.now()): Promise<CalendarFile> {
  const owner = await repo.findTokenOwner(ctx.db, sha256(token));
  if (!owner) throw notFound(CALENDAR_FEED_NOT_FOUND_MESSAGE, CODES.feedNotFound);
  // The owner without any site role: myTournaments then lists published tournaments only.
  const actor: Actor = { ...ANONYMOUS, userId: owner.user_id, state: owner.state };
  const mine = (await myTournaments(ctx, actor, now)).data.filter((m) => m.status !== "opted_out");
  const rows = new Map(
    (
      await repo.publishedTournaments(
        ctx.db,
        mine.map((m) => m.tournament.id),
      )
    ).map((r) => [r.id, r]),
  );
  const from = since(now);
  const entries: FeedEntry[] = [];
  for (const m of mine) {
    const t = rows.get(m.tournament.id);
    if (!t) continue;
    const last = Math.max(Number(t.end_date ?? 0), Number(t.start_date ?? 0), Number(t.transfer_deadline ?? 0));
    if (t.start_date !== null && last < from) continue;
    entries.push({
      tournament: t,
      checkin: true,
      deadline: isTeamEvent(t.event_format),
      note: m.status === "registered" ? null : MY_TOURNAMENT_STATUS_LABELS[m.status].toLowerCase(),
    });
  }
  return {
    filename: "my-tournaments.ics",
    body: buildCalendar(site(ctx), `My tournaments · ${ctx.config.siteName}`, entries, REFRESH_HOURS),
  };
}

/** The personal feed's URLs (https and webcal) on PUBLIC_URL for a token. */
function feedUrls(ctx: AppContext, token: string): { url: string; webcal_url: string } {
  const url = `${ctx.config.publicUrl}${PERSONAL_CALENDAR_PATH.replace(":token", token)}`;
  return { url, webcal_url: url.replace(/^https?:/, "webcal:") };
}

/**
 * `GET /api/calendar/me` (account only, issue #20 §4): whether the account has a personal feed link
 * and since when. The link itself is not shown again (only its hash is stored): `url` is null.
 */
export async function myFeed(ctx: AppContext, actor: Actor): Promise<MyCalendarFeed> {
  if (actor.userId === null) throw unauthorized();
  const row = await repo.findToken(ctx.db, actor.userId);
  return { created_at: row ? iso(Number(row.created_at)) : null, url: null, webcal_url: null };
}

/**
 * `POST /api/calendar/me/rotate` (account only, issue #20 §4): makes the account's personal feed
 * link, a fresh random 32-byte token (base64url), replacing any old one, whose URL then answers 404.
 * Answers the new URLs; this is the only answer that carries them.
 */
export async function rotateMyFeed(ctx: AppContext, actor: Actor, now = Date.now()): Promise<MyCalendarFeed> {
  if (actor.userId === null) throw unauthorized();
  const token = randomToken();
  await repo.putToken(ctx.db, actor.userId, sha256(token), now);
  return { created_at: iso(now), ...feedUrls(ctx, token) };
}
