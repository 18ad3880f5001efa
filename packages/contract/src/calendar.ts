import { z } from "zod";
import { endpoint } from "./common.js";
import { GAME_KEYS, GAME_MODE_KEYS, type GameKey } from "./reference.js";

/**
 * "Add to calendar" (issue 17 §2): one tournament as an iCalendar file. Not JSON, so not an
 * `endpoint`: the browser downloads it from this path. Visible exactly when the tournament is
 * (`GET /api/events/{id}`: 404 'Tournament not found.' otherwise); a tournament without a start
 * date answers 404 'This tournament has no start date.'. Content type text/calendar; one VEVENT
 * with UID `tournament-{id}@{host of PUBLIC_URL}`, the same on every download, so importing it
 * again updates the event instead of adding a second one.
 */
export const TOURNAMENT_CALENDAR_PATH = "/api/events/:id/calendar.ics";

/** The calendar file's URL for one tournament. */
export const tournamentCalendarUrl = (id: number): string => TOURNAMENT_CALENDAR_PATH.replace(":id", String(id));

/** The 404 message of a tournament without dates ('Ongoing'): there is nothing to put in a calendar. */
export const NO_START_DATE_MESSAGE = "This tournament has no start date.";

// ---------------------------------------------------------------------------------------
// Calendar feeds (issue #20 §4): subscribable iCalendar feeds, not JSON, so plain paths.
// ---------------------------------------------------------------------------------------

/**
 * `GET /api/calendar/tournaments.ics`: the public feed of published tournaments with dates, from
 * 60 days ago on (at most `CALENDAR_FEED_MAX_EVENTS`), filtered by `CalendarFeedQuerySchema`.
 * Anyone; cached (`public, max-age=300`). One VEVENT per tournament with the same UID and SEQUENCE
 * as "Add to calendar".
 */
export const CALENDAR_FEED_PATH = "/api/calendar/tournaments.ics";
/**
 * `GET /api/calendar/u/{token}.ics`: the personal feed at a secret URL (no session: calendar apps
 * fetch without cookies): the account's registrations, check-in windows (with a reminder when
 * check-in opens) and transfer deadlines. An unknown or rotated token answers 404.
 */
export const PERSONAL_CALENDAR_PATH = "/api/calendar/u/:token.ics";
/** `GET /api/calendar/teams/{id}.ics`: a team's published tournaments and their transfer deadlines; visible when the team page is. */
export const TEAM_CALENDAR_PATH = "/api/calendar/teams/:id.ics";

/** How far back the feeds reach: calendars keep what they saw, older events need not be sent again. */
export const CALENDAR_FEED_PAST_DAYS = 60;
/** The most tournaments one feed carries (soonest first from `CALENDAR_FEED_PAST_DAYS` ago). */
export const CALENDAR_FEED_MAX_EVENTS = 500;

/** The 404 message of a personal feed whose token is unknown (never made, or rotated away). */
export const CALENDAR_FEED_NOT_FOUND_MESSAGE = "This calendar link does not exist. It may have been replaced by a newer one.";

/** The registration formats the feed filters on, as the tournament listing's `registration_format` (0 team, 1 solo, 2 squad). */
export const CALENDAR_FORMAT_VALUES = ["all", "0", "1", "2"] as const;

/**
 * Filters of the public feed, validated like the tournament listing's (400 naming the field for
 * an unknown value): `game` a game key (`GAMES`), `mode` a game mode key (`GAME_MODES`, the
 * listing's `game_mode`), `format` 'all' | '0' team | '1' solo | '2' squad (the listing's
 * `registration_format`), `series` a series id (404 'Series not found.' for an unknown or
 * unpublished one).
 */
export const CalendarFeedQuerySchema = z.object({
  game: z.enum(GAME_KEYS as [GameKey, ...GameKey[]], { error: "Unknown game." }).optional(),
  mode: z.enum(GAME_MODE_KEYS, { error: "Unknown game mode." }).optional(),
  format: z.enum(CALENDAR_FORMAT_VALUES, { error: "Unknown format: use all, 0 (team), 1 (solo) or 2 (squad)." }).optional(),
  series: z.coerce.number({ error: "A series is given by its number." }).int().positive().optional(),
});
export type CalendarFeedQuery = z.input<typeof CalendarFeedQuerySchema>;

/** The public feed's URL with these filters ('all' and empty values left out). */
export function calendarFeedUrl(q: {
  game?: string | undefined;
  mode?: string | undefined;
  format?: string | undefined;
  series?: number | undefined;
}): string {
  const params = new URLSearchParams();
  if (q.game) params.set("game", q.game);
  if (q.mode) params.set("mode", q.mode);
  if (q.format && q.format !== "all") params.set("format", q.format);
  if (q.series !== undefined) params.set("series", String(q.series));
  const query = params.toString();
  return query ? `${CALENDAR_FEED_PATH}?${query}` : CALENDAR_FEED_PATH;
}

/** A team's feed URL. */
export const teamCalendarUrl = (id: number): string => TEAM_CALENDAR_PATH.replace(":id", String(id));

/**
 * The signed-in account's personal feed (issue #20 §4). The token is stored hashed, so its URL can
 * be shown only by the call that made it: `url`/`webcal_url` are null in `GET` answers. `created_at`
 * (ISO, null: no feed yet) says when the current link was made.
 */
export const MyCalendarFeedSchema = z.object({
  created_at: z.string().nullable(),
  /** The https URL of the feed (absolute, on PUBLIC_URL); only in the answer of the call that made the link. */
  url: z.string().nullable(),
  /** The same URL with `webcal://`, which calendar apps open as a subscription. */
  webcal_url: z.string().nullable(),
});
export type MyCalendarFeed = z.infer<typeof MyCalendarFeedSchema>;

export const calendarEndpoints = {
  myFeed: endpoint({
    method: "GET",
    path: "/api/calendar/me",
    response: MyCalendarFeedSchema,
    summary: "Whether the signed-in account has a personal calendar link, and since when (account only)",
  }),
  rotateMyFeed: endpoint({
    method: "POST",
    path: "/api/calendar/me/rotate",
    response: MyCalendarFeedSchema,
    summary: "Make the account's personal calendar link, replacing the old one (which then answers 404); account only",
  }),
};
