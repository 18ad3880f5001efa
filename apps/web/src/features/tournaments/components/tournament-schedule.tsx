import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { tournamentCalendarUrl, type TournamentDetail } from "@site/contract";
import { LocalTime } from "@/components/ui/local-time";
import { paths } from "@/config/paths";
import { useNow } from "@/hooks/use-now";
import { googleCalendarUrl } from "@/lib/calendar-link";
import { formatCountdown, nextTickDelay, upcomingMilestones, type Milestone } from "@/lib/countdown";
import { toMs } from "@/lib/time-format";
import { useRefreshTournament } from "../api/get-tournament";
import type { MessageId } from "@lingui/core";
import { useI18n, useT } from "@/lib/i18n/use-t";

type ScheduleView = Pick<
  TournamentDetail,
  | "start_date"
  | "registrations_open"
  | "registrations_close_at"
  | "checkin_required"
  | "checkin_status"
  | "checkin_opens_at"
  | "checkin_closes_at"
>;

/**
 * The moments a tournament page counts down to (issue 17 §2): the scheduled registration close
 * while registrations are open, the check-in window's opening while it is not open and its
 * closing until it closes (check-ins enabled), and the start. A switch flipped by hand clears its
 * time on the server (docs/decisions.md, "#17 scheduled registration close and check-in window").
 */
/**
 * Each milestone's countdown label ("Starts in") as a message (#21); the milestones keep their
 * English names as keys (tests and the React keys use them).
 */
const MILESTONE_IDS: Record<string, MessageId> = {
  "Registration closes": "schedule.in.registrationCloses",
  "Check-in opens": "schedule.in.checkinOpens",
  "Check-in closes": "schedule.in.checkinCloses",
  Starts: "schedule.in.starts",
};

/* eslint-disable lingui/no-unlocalized-strings -- the milestones' English names are keys (tests, React keys), shown through MILESTONE_IDS */
export function tournamentMilestones(t: ScheduleView): Milestone[] {
  const out: Milestone[] = [];
  if (t.registrations_open && t.registrations_close_at) out.push({ label: "Registration closes", at: toMs(t.registrations_close_at) });
  if (t.checkin_required && t.checkin_status === 0 && t.checkin_opens_at)
    out.push({ label: "Check-in opens", at: toMs(t.checkin_opens_at) });
  if (t.checkin_required && t.checkin_status !== 2 && t.checkin_closes_at)
    out.push({ label: "Check-in closes", at: toMs(t.checkin_closes_at) });
  if (t.start_date) out.push({ label: "Starts", at: toMs(t.start_date) });
  return out;
}
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * Countdowns to the milestones still ahead ('Starts in 2 d 04 h'), ticking each minute, each
 * second in the last hour; the value has a fixed width (tabular digits, reserved space) so the
 * page does not shift as it changes. A countdown that reaches zero goes and `onPassed` runs (the
 * page re-reads the tournament, whose switches have just flipped). Renders nothing once every
 * milestone has passed.
 */
export function Countdowns({ milestones, onPassed }: { milestones: readonly Milestone[]; onPassed?: (() => void) | undefined }) {
  const _ = useT();
  const { locale } = useI18n();
  const now = useNow((current) => {
    const next = upcomingMilestones(milestones, current)[0];
    return next ? nextTickDelay(next.at - current) : 60_000;
  });
  const ahead = upcomingMilestones(milestones, now);
  const count = ahead.length;
  const before = useRef(count);
  useEffect(() => {
    if (count < before.current) onPassed?.();
    before.current = count;
  }, [count, onPassed]);
  if (ahead.length === 0) return null;
  return (
    <ul className="countdowns" aria-label={_("schedule.countdowns")}>
      {ahead.map((m) => (
        <li key={m.label} className="countdown">
          <span className="countdown__label">{MILESTONE_IDS[m.label] ? _(MILESTONE_IDS[m.label]!) : `${m.label} in`}</span>{" "}
          {/* The server drew it a moment earlier (#17 §6): the browser's value replaces it. */}
          <span className="countdown__value" role="timer" suppressHydrationWarning>
            {formatCountdown(m.at - now, locale)}
          </span>
        </li>
      ))}
    </ul>
  );
}

const never = () => () => {};

/** Plain-text details for a calendar entry: game and mode, format, and the page's address. */
function calendarDetails(t: TournamentDetail, pageUrl: string): string {
  return `${t.game_human_full} · ${t.event_format_human}\n${pageUrl}`;
}

/**
 * "Add to calendar" (issue 17 §2): the .ics download (GET /api/events/{id}/calendar.ics, a stable
 * UID so a second import updates the event) and a Google Calendar link. Shown while the
 * tournament has a start and has not ended.
 */
export function AddToCalendar({ t }: { t: TournamentDetail }) {
  const _ = useT();
  // The page's own address; a page drawn on the server has no location (#17 §6), so the link is
  // completed right after hydration.
  const origin = useSyncExternalStore(
    never,
    () => window.location.origin,
    () => "",
  );
  const pageUrl = `${origin}${paths.tournament(t.id)}`;
  if (!t.start_date) return null;
  const google = googleCalendarUrl({
    title: t.title,
    start: t.start_date,
    end: t.end_date,
    details: calendarDetails(t, pageUrl),
    ...(t.organizer === "lan" && t.location ? { location: t.location } : {}),
  });
  return (
    <div className="add-to-calendar" role="group" aria-label={_("schedule.addToCalendar")}>
      <span className="add-to-calendar__label">{_("schedule.addToCalendarLabel")}</span>
      <a className="btn btn--secondary btn--sm" href={tournamentCalendarUrl(t.id)} download={`tournament-${t.id}.ics`}>
        {_("schedule.icsFile")}
      </a>
      {/* eslint-disable-next-line lingui/no-unlocalized-strings -- the service's name */}
      <a className="btn btn--secondary btn--sm" href={google} target="_blank" rel="noopener noreferrer">
        Google Calendar
      </a>
    </div>
  );
}

/**
 * The schedule strip under the tournament's header: the start in the viewer's zone, the
 * countdowns and "Add to calendar". Nothing for tournaments already over, or without dates and
 * nothing scheduled ahead. `onMilestone` runs when a countdown reaches zero.
 */
export function TournamentSchedule({ t, onMilestone }: { t: TournamentDetail; onMilestone?: () => void }) {
  const _ = useT();
  const [now] = useState(Date.now);
  const milestones = tournamentMilestones(t);
  if (t.start_date ? toMs(t.end_date ?? t.start_date) < now : upcomingMilestones(milestones, now).length === 0) return null;
  return (
    <section className="tournament-schedule" aria-label={_("schedule.label")}>
      {t.start_date && (
        <p className="tournament-schedule__start">
          <span className="muted">{_("schedule.starts")}</span> <LocalTime at={t.start_date} />
        </p>
      )}
      <Countdowns milestones={milestones} onPassed={onMilestone} />
      <AddToCalendar t={t} />
    </section>
  );
}

/** The tournament page's strip: re-reads the tournament when a scheduled moment passes (issue #17 §2). */
export function LiveTournamentSchedule({ t }: { t: TournamentDetail }) {
  return <TournamentSchedule t={t} onMilestone={useRefreshTournament(t.id)} />;
}
