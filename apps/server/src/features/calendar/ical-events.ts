import ical, { ICalAlarmType, ICalCalendarMethod, type ICalEventData } from "ical-generator";
import { asEventFormat, formatHuman, gameModeTitle, gameTitle } from "../reference/labels.js";

/**
 * The iCalendar events of tournaments (issue #17 §2 "Add to calendar", issue #20 §4 feeds), pure:
 * rows in, RFC 5545 text out (ical-generator). Every event kind has a stable UID, so a calendar
 * that reads the file again updates its copy; every event of a tournament carries the
 * tournament's `calendar_sequence` (raised by each write a calendar shows), so the update wins.
 */

/** Calendars need an end: a tournament without one (or ending before it starts) lasts an hour. */
export const DEFAULT_DURATION_MS = 60 * 60 * 1000;
/** The description carries at most this much of the tournament's details (calendars show little). */
const DESCRIPTION_MAX = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The tournament columns the events are made of (`calendar.repository.ts` selects them). */
export interface CalendarTournament {
  id: number;
  title: string;
  start_date: number | null;
  end_date: number | null;
  description: string;
  organizer: string;
  location: string | null;
  game: string;
  game_mode: string;
  event_format: number;
  checkin_required: number;
  checkin_opens_at: number | null;
  checkin_closes_at: number | null;
  /** 00:00 UTC of the deadline's date; the deadline itself is 23:59:59 UTC that day (001 §9). */
  transfer_deadline: number | null;
  calendar_sequence: number;
  calendar_modified_at: number | null;
  created_at: number;
}

/** Which events of a tournament a feed gives, and a note for its summaries (e.g. 'waitlisted'). */
export interface FeedEntry {
  tournament: CalendarTournament;
  /** The check-in window (personal feed; only when check-ins apply and the window has an opening time). */
  checkin?: boolean;
  /** The transfer deadline (team tournaments with one; personal and team feeds). */
  deadline?: boolean;
  /** Shown in brackets after the tournament's summary, e.g. 'waitlisted'. */
  note?: string | null;
}

/** Where the site is and what it is called: the UIDs' host and the events' links. */
export interface CalendarSite {
  publicUrl: string;
  siteName: string;
}

const host = (publicUrl: string) => new URL(publicUrl).hostname;

/** `tournament-{id}@{host}`: the same on every download and in every feed, so a second import updates the event. */
export function tournamentUid(publicUrl: string, id: number): string {
  return `tournament-${id}@${host(publicUrl)}`;
}
/** `tournament-{id}-checkin@{host}`: the tournament's check-in window. */
export function checkinUid(publicUrl: string, id: number): string {
  return `tournament-${id}-checkin@${host(publicUrl)}`;
}
/** `tournament-{id}-deadline@{host}`: the tournament's transfer deadline. */
export function deadlineUid(publicUrl: string, id: number): string {
  return `tournament-${id}-deadline@${host(publicUrl)}`;
}

/** The tournament's page on the site. */
export const tournamentPageUrl = (publicUrl: string, id: number) => `${publicUrl}/tournaments/${id}`;

/** The tournament's start and end in ms, or null without a start ('Ongoing'): an end not after the start becomes an hour. */
export function tournamentSpan(t: Pick<CalendarTournament, "start_date" | "end_date">): { start: number; end: number } | null {
  if (t.start_date === null) return null;
  const start = Number(t.start_date);
  const end = t.end_date !== null && Number(t.end_date) > start ? Number(t.end_date) : start + DEFAULT_DURATION_MS;
  return { start, end };
}

/**
 * The check-in window in ms, or null when there is none to show: check-ins off or no opening time
 * (a window with only a closing time has no moment to remind of). Without a closing time it ends at
 * the tournament's start, or an hour after opening.
 */
export function checkinSpan(t: CalendarTournament): { start: number; end: number } | null {
  if (t.checkin_required !== 1 || t.checkin_opens_at === null) return null;
  const start = Number(t.checkin_opens_at);
  const close = t.checkin_closes_at ?? t.start_date;
  const end = close !== null && Number(close) > start ? Number(close) : start + DEFAULT_DURATION_MS;
  return { start, end };
}

/** The transfer deadline's last hour in ms (23:00 to 24:00 UTC of its date), or null without one. */
export function deadlineSpan(t: CalendarTournament): { start: number; end: number } | null {
  if (t.transfer_deadline === null) return null;
  const end = Math.floor(Number(t.transfer_deadline) / DAY_MS) * DAY_MS + DAY_MS;
  return { start: end - DEFAULT_DURATION_MS, end };
}

/** Plain text: game and mode · format, the page's URL, the details' markdown clipped at 2000 characters. */
export function tournamentDescription(t: CalendarTournament, url: string): string {
  const details = t.description.trim();
  return [
    `${gameTitle(t.game)} ${gameModeTitle(t.game_mode)} · ${formatHuman(asEventFormat(t.event_format) ?? -1)}`,
    url,
    details.length > DESCRIPTION_MAX ? `${details.slice(0, DESCRIPTION_MAX)}…` : details,
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** The event fields every event of a tournament shares: SEQUENCE, LAST-MODIFIED, URL. */
function common(site: CalendarSite, t: CalendarTournament): Pick<ICalEventData, "sequence" | "lastModified" | "url" | "created"> {
  return {
    sequence: Number(t.calendar_sequence),
    created: new Date(Number(t.created_at)),
    lastModified: new Date(Number(t.calendar_modified_at ?? t.created_at)),
    url: tournamentPageUrl(site.publicUrl, t.id),
  };
}

/** The VEVENTs of one feed entry: the tournament (when it has a start), then its check-in window and deadline when asked and set. */
export function entryEvents(site: CalendarSite, entry: FeedEntry): ICalEventData[] {
  const t = entry.tournament;
  const url = tournamentPageUrl(site.publicUrl, t.id);
  const title = entry.note ? `${t.title} (${entry.note})` : t.title;
  const out: ICalEventData[] = [];
  const span = tournamentSpan(t);
  if (span)
    out.push({
      ...common(site, t),
      id: tournamentUid(site.publicUrl, t.id),
      start: new Date(span.start),
      end: new Date(span.end),
      summary: title,
      description: tournamentDescription(t, url),
      ...(t.organizer === "lan" && t.location ? { location: t.location } : {}),
    });
  const checkin = entry.checkin ? checkinSpan(t) : null;
  if (checkin)
    out.push({
      ...common(site, t),
      id: checkinUid(site.publicUrl, t.id),
      start: new Date(checkin.start),
      end: new Date(checkin.end),
      summary: `Check-in: ${t.title}`,
      description: `Check in on the tournament page while the window is open: ${url}`,
      // A reminder the moment check-in opens (TRIGGER relative to the start, 0 s before it).
      alarms: [{ type: ICalAlarmType.display, trigger: 0, description: `Check-in is open: ${t.title}` }],
    });
  const deadline = entry.deadline ? deadlineSpan(t) : null;
  if (deadline)
    out.push({
      ...common(site, t),
      id: deadlineUid(site.publicUrl, t.id),
      start: new Date(deadline.start),
      end: new Date(deadline.end),
      summary: `Transfer deadline: ${t.title}`,
      description: `Players who join a team after 23:59:59 UTC do not play for it in this tournament.\n\n${url}`,
    });
  return out;
}

/**
 * One iCalendar file (METHOD:PUBLISH) with the entries' events. `name` is the calendar's name in the
 * subscriber's list (X-WR-CALNAME); `refreshHours` asks calendar apps to read a feed again that
 * often (REFRESH-INTERVAL / X-PUBLISHED-TTL), left out for a one-off download.
 */
export function buildCalendar(site: CalendarSite, name: string, entries: FeedEntry[], refreshHours?: number): string {
  const calendar = ical({
    name,
    prodId: { company: site.siteName, product: "tournaments" },
    method: ICalCalendarMethod.PUBLISH,
    ...(refreshHours ? { ttl: refreshHours * 60 * 60 } : {}),
  });
  for (const entry of entries) for (const event of entryEvents(site, entry)) calendar.createEvent(event);
  return calendar.toString();
}
