import { HOUR_MS, toMs, type Instant } from "./time-format";

/** An event to put in someone's calendar. */
export interface CalendarEvent {
  title: string;
  start: Instant;
  /** Missing, or not after the start: the event lasts one hour (calendars need an end). */
  end?: Instant | null;
  /** Plain text; the page's URL is a good first line. */
  details?: string;
  location?: string;
}

/** 20261228T180000Z: the instant in UTC, the basic format Google Calendar and iCalendar read. */
export function calendarStamp(at: Instant): string {
  return new Date(toMs(at))
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** The event's end in ms: its own when after the start, otherwise an hour after the start. */
export function calendarEnd(start: Instant, end: Instant | null | undefined): number {
  const s = toMs(start);
  const e = end === null || end === undefined ? NaN : toMs(end);
  return Number.isFinite(e) && e > s ? e : s + HOUR_MS;
}

/**
 * A Google Calendar "add event" link (calendar.google.com/calendar/render?action=TEMPLATE):
 * `text` the title, `dates` 'start/end' in UTC basic format, `details`, `location`; every value
 * URL-encoded. Empty details or location are left out.
 */
export function googleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${calendarStamp(event.start)}/${calendarStamp(calendarEnd(event.start, event.end))}`,
  });
  if (event.details) params.set("details", event.details);
  if (event.location) params.set("location", event.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
