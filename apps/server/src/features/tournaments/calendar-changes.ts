/**
 * The tournament columns a calendar shows (issue #20 §4): the tournament event (title, dates,
 * description, game, mode, format, LAN location), the check-in window event and the transfer
 * deadline event, and whether it is in the public feeds at all (`published`). A write changing
 * one of them raises `calendar_sequence` (migration 0030), so subscribed calendars replace their
 * copy of the events instead of keeping the old one.
 */
export const CALENDAR_COLUMNS = [
  "title",
  "start_date",
  "end_date",
  "description",
  "organizer",
  "location",
  "game",
  "game_mode",
  "event_format",
  "checkin_required",
  "checkin_opens_at",
  "checkin_closes_at",
  "transfer_deadline",
  "published",
] as const;

type Value = string | number | bigint | boolean | null | undefined;

/** One stored value as compared: PostgreSQL may hand bigints back as strings, booleans are 0/1. */
const norm = (v: Value): string => (v === null || v === undefined ? "" : typeof v === "boolean" ? (v ? "1" : "0") : String(v));

/**
 * Whether writing `values` over the row `before` changes what a calendar shows: a column of
 * `CALENDAR_COLUMNS` present in `values` with another value. Pure.
 */
export function changesCalendar(before: Partial<Record<string, unknown>>, values: Partial<Record<string, unknown>>): boolean {
  return CALENDAR_COLUMNS.some((c) => c in values && norm(values[c] as Value) !== norm(before[c] as Value));
}
