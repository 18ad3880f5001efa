import type { ReactNode } from "react";
import { CHECKIN_STATUS_LABELS, type TournamentDetail } from "@site/contract";
import { Link } from "react-router";
import { LocalTime } from "@/components/ui/local-time";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
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

/**
 * `/tournaments/{id}/controls` (001 §2, §4): publish or hide, open or close registrations,
 * check-in status 0 / 1 / 2 shown by name only (Not Open, Open, Closed: the codes meant nothing to
 * staff, #17 §8), show or hide results on profiles.
 * Each change is one call, logged by the server.
 */
export function TournamentControlsPanel({ t }: { t: TournamentDetail }) {
  const set = useSetControls();
  const change = (body: ControlsInput) => set.mutate({ id: t.id, body });
  const busy = set.isPending;
  return (
    <section className="panel controls-panel" aria-label="Controls">
      <div className="panel__body">
        {set.isError && (
          <p className="form-error" role="alert">
            {errorMessage(set.error)}
          </p>
        )}
        <Control label="Visibility" state={t.published ? "Published" : "Hidden"}>
          <button type="button" className="btn btn--secondary btn--sm" disabled={busy} onClick={() => change({ published: !t.published })}>
            {t.published ? "Hide Tournament" : "Publish Tournament"}
          </button>
        </Control>
        <Control
          label="Registrations"
          state={t.registrations_open ? "Open" : "Closed"}
          note={
            t.registrations_open &&
            t.registrations_close_at && (
              <>
                Closes on schedule <LocalTime at={t.registrations_close_at} />. Changing it here clears the scheduled time.
              </>
            )
          }
        >
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={busy}
            onClick={() => change({ registrations_open: !t.registrations_open })}
          >
            {t.registrations_open ? "Close Registrations" : "Open Registrations"}
          </button>
        </Control>
        <Control
          label="Check-in Status"
          state={CHECKIN_STATUS_LABELS[t.checkin_status] ?? "?"}
          group="Check-in status"
          note={
            t.checkin_status !== 2 &&
            (t.checkin_opens_at || t.checkin_closes_at) && (
              <>
                On schedule:
                {t.checkin_opens_at && (
                  <>
                    {" "}
                    opens <LocalTime at={t.checkin_opens_at} />
                  </>
                )}
                {t.checkin_closes_at && (
                  <>
                    {" "}
                    closes <LocalTime at={t.checkin_closes_at} />
                  </>
                )}
                . Changing it here clears the scheduled times.
              </>
            )
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
              {CHECKIN_STATUS_LABELS[s]}
            </button>
          ))}
        </Control>
        <Control label="Results on Profiles" state={t.show_on_profiles ? "Shown" : "Hidden"}>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={busy}
            onClick={() => change({ show_on_profiles: !t.show_on_profiles })}
          >
            {t.show_on_profiles ? "Hide Results on Profiles" : "Show Results on Profiles"}
          </button>
        </Control>
        <p className="muted controls-panel__note">
          Every change is written to the <Link to={paths.tournamentLogs(t.id)}>logs</Link>.
        </p>
      </div>
    </section>
  );
}
