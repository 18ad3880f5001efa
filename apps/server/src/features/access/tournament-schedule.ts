import { CHECKIN_STATUS } from "@site/contract";
import type { MessageCode } from "../../lib/errors.js";

/**
 * Scheduled registration close and check-in window (issue #17 §2, migration 0028,
 * docs/decisions.md "#17 scheduled registration close and check-in window"), as pure rules:
 * every reader that answers `registrations_open` / `checkin_status` and every writer that
 * refuses on them goes through `effectiveSwitches`, so the page, the lists and the endpoints
 * never disagree (the 5 s micro-cache aside, which only readers use).
 */

/** The stored switches and times of a tournament row (times: ms UTC, null when unscheduled). */
export interface ScheduleRow {
  registrations_open: number;
  checkin_status: number;
  registrations_close_at: number | null;
  checkin_opens_at: number | null;
  checkin_closes_at: number | null;
}

/** What the site acts on at one moment: 0/1 registrations, check-in status 0/1/2. */
export interface EffectiveSwitches {
  registrations_open: 0 | 1;
  checkin_status: number;
}

/**
 * The switches in force at `nowMs`:
 * - registrations are open iff the switch is on and there is no close time or now is before it;
 * - with a check-in window time set: at or after `checkin_closes_at` → Closed (2); before
 *   `checkin_opens_at` → Not Open (0); at or after `checkin_opens_at` → Open (1); with only a
 *   close time, before it → the manual `checkin_status`. Without times: the manual status.
 */
export function effectiveSwitches(t: ScheduleRow, nowMs: number): EffectiveSwitches {
  const registrationsOpen = registrationsOpenAt(t, nowMs);
  let checkin = t.checkin_status;
  if (t.checkin_closes_at !== null && nowMs >= Number(t.checkin_closes_at)) checkin = CHECKIN_STATUS.CLOSED;
  else if (t.checkin_opens_at !== null) checkin = nowMs < Number(t.checkin_opens_at) ? CHECKIN_STATUS.NOT_OPEN : CHECKIN_STATUS.OPEN;
  return { registrations_open: registrationsOpen ? 1 : 0, checkin_status: checkin };
}

/** The registrations half of `effectiveSwitches`, for rows that carry only that switch (cards, series). */
export function registrationsOpenAt(t: Pick<ScheduleRow, "registrations_open" | "registrations_close_at">, nowMs: number): boolean {
  return t.registrations_open === 1 && (t.registrations_close_at === null || nowMs < Number(t.registrations_close_at));
}

/** The row with its switches replaced by the effective ones at `nowMs` (a copy; times kept). */
export function withEffectiveSwitches<T extends ScheduleRow>(t: T, nowMs: number): T {
  return { ...t, ...effectiveSwitches(t, nowMs) };
}

/** Validation messages of the schedule (shown as the form's error). */
export const SCHEDULE_MESSAGES = {
  checkinOrder: "Check-in must open before it closes.",
  afterEnd: (field: string) => `The ${field} must be before the tournament ends.`,
  invalid: (field: string) => `The ${field} is not a valid date and time.`,
} as const;

/**
 * The schedule's times by their form field (the `field` select value of the codes, #21) → the
 * English label the messages name them by.
 */
export const SCHEDULE_FIELDS = {
  registrations_close_at: "registration close time",
  checkin_opens_at: "check-in opening time",
  checkin_closes_at: "check-in closing time",
} as const;
export type ScheduleField = keyof typeof SCHEDULE_FIELDS;

/** A schedule refusal: the English message (SCHEDULE_MESSAGES) and its translation code (#21). */
export interface ScheduleRefusal {
  message: string;
  code: MessageCode;
}

/** The refusal of a schedule time that is not a date and time: `tournaments.schedule_invalid` `{field}`. */
export const invalidScheduleTime = (field: ScheduleField): ScheduleRefusal => ({
  message: SCHEDULE_MESSAGES.invalid(SCHEDULE_FIELDS[field]),
  code: { code: "tournaments.schedule_invalid", params: { field } },
});

/**
 * Checks a schedule against the tournament's end (ms, null when the tournament has no dates):
 * check-in opens before it closes (`tournaments.schedule_checkin_order`); every time before the
 * end (`tournaments.schedule_after_end` `{field}`). Returns the first refusal, or null.
 */
export function scheduleRefusal(
  s: Pick<ScheduleRow, "registrations_close_at" | "checkin_opens_at" | "checkin_closes_at">,
  endMs: number | null,
): ScheduleRefusal | null {
  if (s.checkin_opens_at !== null && s.checkin_closes_at !== null && s.checkin_opens_at >= s.checkin_closes_at)
    return { message: SCHEDULE_MESSAGES.checkinOrder, code: { code: "tournaments.schedule_checkin_order" } };
  if (endMs === null) return null;
  for (const field of Object.keys(SCHEDULE_FIELDS) as ScheduleField[]) {
    const at = s[field];
    if (at !== null && at > endMs)
      return {
        message: SCHEDULE_MESSAGES.afterEnd(SCHEDULE_FIELDS[field]),
        code: { code: "tournaments.schedule_after_end", params: { field } },
      };
  }
  return null;
}

/** `scheduleRefusal`'s English message alone, or null. */
export function scheduleProblem(
  s: Pick<ScheduleRow, "registrations_close_at" | "checkin_opens_at" | "checkin_closes_at">,
  endMs: number | null,
): string | null {
  return scheduleRefusal(s, endMs)?.message ?? null;
}
