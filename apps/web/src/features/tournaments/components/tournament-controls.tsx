import type { ReactNode } from "react";
import type { TournamentDetail } from "@site/contract";
import { Link } from "react-router";
import { LocalTime } from "@/components/ui/local-time";
import { paths } from "@/config/paths";
import { useErrorText } from "@/lib/i18n/error-text";
import { Trans, useT } from "@/lib/i18n/use-t";
import { type ControlsInput, useSetControls } from "../api/set-controls";

function Control({
  label,
  state,
  group,
  note,
  children,
}: {
  label: string;
  state: string;
  group?: string;
  /** What the schedule will do (issue #17 §2), under the state. */
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="control-row">
      <div className="control-row__text">
        <span className="control-row__label">{label}</span>
        <span className="control-row__state">{state}</span>
        {note && <span className="control-row__note muted">{note}</span>}
      </div>
      <div className="control-row__actions" role={group ? "group" : undefined} aria-label={group}>
        {children}
      </div>
    </div>
  );
}

/** "On schedule: opens … closes …. Changing it here clears the scheduled times." (issue #17 §2). */
function CheckinScheduleNote({ opens, closes }: { opens: string | null; closes: string | null }) {
  if (opens && closes)
    return (
      <Trans id="tournaments.controls.checkin.scheduleBoth" components={{ 0: <LocalTime at={opens} />, 1: <LocalTime at={closes} /> }} />
    );
  if (opens) return <Trans id="tournaments.controls.checkin.scheduleOpens" components={{ 0: <LocalTime at={opens} /> }} />;
  return closes ? <Trans id="tournaments.controls.checkin.scheduleCloses" components={{ 0: <LocalTime at={closes} /> }} /> : null;
}

/**
 * `/tournaments/{id}/controls` (001 §2, §4): publish or hide, open or close registrations,
 * check-in status 0 / 1 / 2 shown by name only (Not Open, Open, Closed: the codes meant nothing to
 * staff, #17 §8), show or hide results on profiles.
 * Each change is one call, logged by the server.
 */
export function TournamentControlsPanel({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const checkinLabels: Record<number, string> = {
    0: _("tournaments.controls.checkin.0"),
    1: _("tournaments.controls.checkin.1"),
    2: _("tournaments.controls.checkin.2"),
  };
  const set = useSetControls();
  const change = (body: ControlsInput) => set.mutate({ id: t.id, body });
  const busy = set.isPending;
  return (
    <section className="panel controls-panel" aria-label={_("tournament.admin.controls")}>
      <div className="panel__body">
        {set.isError && (
          <p className="form-error" role="alert">
            {errorText(set.error)}
          </p>
        )}
        <Control
          label={_("tournaments.controls.visibility")}
          state={t.published ? _("tournaments.controls.published") : _("tournaments.controls.hidden")}
        >
          <button type="button" className="btn btn--secondary btn--sm" disabled={busy} onClick={() => change({ published: !t.published })}>
            {t.published ? _("tournaments.controls.hide") : _("tournaments.controls.publish")}
          </button>
        </Control>
        <Control
          label={_("tournaments.controls.registrations")}
          state={t.registrations_open ? _("tournaments.controls.open") : _("tournaments.controls.closed")}
          note={
            t.registrations_open &&
            t.registrations_close_at && (
              <Trans id="tournaments.controls.registrations.schedule" components={{ 0: <LocalTime at={t.registrations_close_at} /> }} />
            )
          }
        >
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={busy}
            onClick={() => change({ registrations_open: !t.registrations_open })}
          >
            {t.registrations_open ? _("tournaments.controls.closeRegistrations") : _("tournaments.controls.openRegistrations")}
          </button>
        </Control>
        <Control
          label={_("tournaments.controls.checkin")}
          state={checkinLabels[t.checkin_status] ?? "?"}
          group={_("tournaments.controls.checkin.group")}
          note={
            t.checkin_status !== 2 &&
            (t.checkin_opens_at || t.checkin_closes_at) && <CheckinScheduleNote opens={t.checkin_opens_at} closes={t.checkin_closes_at} />
          }
        >
          {([0, 1, 2] as const).map((s) => (
            <button
              key={s}
              type="button"
              className={s === t.checkin_status ? "btn btn--primary btn--sm" : "btn btn--secondary btn--sm"}
              aria-pressed={s === t.checkin_status}
              disabled={busy || s === t.checkin_status}
              onClick={() => change({ checkin_status: s })}
            >
              {checkinLabels[s]}
            </button>
          ))}
        </Control>
        <Control
          label={_("tournaments.controls.results")}
          state={t.show_on_profiles ? _("tournaments.controls.shown") : _("tournaments.controls.hidden")}
        >
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={busy}
            onClick={() => change({ show_on_profiles: !t.show_on_profiles })}
          >
            {t.show_on_profiles ? _("tournaments.controls.hideResults") : _("tournaments.controls.showResults")}
          </button>
        </Control>
        <p className="muted controls-panel__note">
          <Trans id="tournaments.controls.logsNote" components={{ 0: <Link to={paths.tournamentLogs(t.id)} /> }} />
        </p>
      </div>
    </section>
  );
}
