import { useState, useSyncExternalStore } from "react";
import { tournamentCalendarUrl, type TournamentDetail } from "@site/contract";
import { LocalTime } from "@/components/ui/local-time";
import { paths } from "@/config/paths";
import { useNow } from "@/hooks/use-now";
import { googleCalendarUrl } from "@/lib/calendar-link";
import { formatCountdown, nextTickDelay, upcomingMilestones, type Milestone } from "@/lib/countdown";
import { toMs } from "@/lib/time-format";

/**
 * The moments a tournament page counts down to (issue 17 §2), those with a time: the start.
 * Registration close and the check-in window are switches the organizers flip (001 §3
 * `registrations_open`, `checkin_status` 0/1/2) with no scheduled time on the wire, so they
 * have no countdown (docs/decisions.md, "#17 times").
 */
export function tournamentMilestones(t: Pick<TournamentDetail, "start_date">): Milestone[] {
  return t.start_date ? [{ label: "Starts", at: toMs(t.start_date) }] : [];
}

/**
 * Countdowns to the milestones still ahead ('Starts in 2 d 04 h'), ticking each minute, each
 * second in the last hour; the value has a fixed width (tabular digits, reserved space) so the
 * page does not shift as it changes. Renders nothing once every milestone has passed.
 */
export function Countdowns({ milestones }: { milestones: readonly Milestone[] }) {
  const now = useNow((current) => {
    const next = upcomingMilestones(milestones, current)[0];
    return next ? nextTickDelay(next.at - current) : 60_000;
  });
  const ahead = upcomingMilestones(milestones, now);
  if (ahead.length === 0) return null;
  return (
    <ul className="countdowns" aria-label="Countdowns">
      {ahead.map((m) => (
        <li key={m.label} className="countdown">
          <span className="countdown__label">{m.label} in</span>{" "}
          {/* The server drew it a moment earlier (#17 §6): the browser's value replaces it. */}
          <span className="countdown__value" role="timer" suppressHydrationWarning>
            {formatCountdown(m.at - now)}
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
  // The page's own address; a page drawn on the server has no location (#17 §6), so the link is
  // completed right after hydration.
  const origin = useSyncExternalStore(never, () => window.location.origin, () => "");
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
    <div className="add-to-calendar" role="group" aria-label="Add to calendar">
      <span className="add-to-calendar__label">Add to calendar:</span>
      <a className="btn btn--secondary btn--sm" href={tournamentCalendarUrl(t.id)} download={`tournament-${t.id}.ics`}>
        Calendar file (.ics)
      </a>
      <a className="btn btn--secondary btn--sm" href={google} target="_blank" rel="noopener noreferrer">
        Google Calendar
      </a>
    </div>
  );
}

/**
 * The schedule strip under the tournament's header: the start in the viewer's zone, the
 * countdowns and "Add to calendar". Nothing for tournaments without dates or already over.
 */
export function TournamentSchedule({ t }: { t: TournamentDetail }) {
  const [now] = useState(Date.now);
  if (!t.start_date) return null;
  const over = toMs(t.end_date ?? t.start_date) < now;
  if (over) return null;
  return (
    <section className="tournament-schedule" aria-label="Schedule">
      <p className="tournament-schedule__start">
        <span className="muted">Starts</span> <LocalTime at={t.start_date} />
      </p>
      <Countdowns milestones={tournamentMilestones(t)} />
      <AddToCalendar t={t} />
    </section>
  );
}
