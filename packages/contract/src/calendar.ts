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
