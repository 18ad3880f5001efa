import { useState } from "react";
import { Link } from "react-router";
import { isSquadEvent, type MoveStatus, registrationsCsvUrl, type TournamentDetail } from "@site/contract";
import { BulkAdd } from "./bulk-add";
import { ManualRegister } from "./manual-register";
import { PlayerTable } from "./player-table";
import { SquadTable } from "./squad-table";
import { WaitlistPanel } from "./waitlist-panel";
import { useT } from "@/lib/i18n/use-t";

/** A list by status, or the waitlist past the cap (issue #22), shown to registration moderators. */
type Status = MoveStatus | "waitlisted";

/** `/tournaments/{id}/registrations` (001 §2 Squad registrations, solo list). */
export function RegistrationsPage({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const squad = isSquadEvent(t.event_format);
  const [view, setView] = useState<"squad" | "player">(squad ? "squad" : "player");
  const [status, setStatus] = useState<Status>("registered");
  const [checkin, setCheckin] = useState<"all" | "in" | "out">("all");
  const checkedIn = checkin === "all" ? undefined : checkin === "in";
  const showCheckinFilter = t.checkin_required && status === "registered";
  return (
    <div className="registrations-page">
      <p>
        <Link to={`/tournaments/${t.id}`}>{_("registration.backTo", { tournament: t.title })}</Link>
        {/* The list shown as CSV (issue #22 §3); staff get their columns from the server. */}
        {" · "}
        <a href={registrationsCsvUrl(t.id, status === "withdrawn" || status === "rejected" ? status : "registered")} download>
          {_("registration.downloadCsv")}
        </a>
        {t.can_administrate && t.maximum_team_size <= 4 && (
          <>
            {" · "}
            <a href={`/tournaments/${t.id}/mogi_sheet.tsv`} download>
              {_("registration.downloadFfaSheet")}
            </a>
          </>
        )}
      </p>
      <div className="registrations-filters">
        {squad && (
          <span role="group" aria-label={_("registration.viewBy.label")}>
            <button
              type="button"
              className={view === "squad" ? "btn btn--primary btn--sm" : "btn btn--secondary btn--sm"}
              aria-pressed={view === "squad"}
              onClick={() => setView("squad")}
            >
              {_("registration.viewBy.squad")}
            </button>
            <button
              type="button"
              className={view === "player" ? "btn btn--primary btn--sm" : "btn btn--secondary btn--sm"}
              aria-pressed={view === "player"}
              onClick={() => setView("player")}
            >
              {_("registration.viewBy.player")}
            </button>
          </span>
        )}
        {t.can_moderate && (
          <label>
            {_("registration.col.status")}{" "}
            <select className="input" value={status} onChange={(x) => setStatus(x.target.value as Status)}>
              <option value="registered">{_("registration.state.registered")}</option>
              <option value="withdrawn">{_("registration.state.withdrawn")}</option>
              <option value="rejected">{_("registration.state.rejected")}</option>
              {t.max_entrants !== null && <option value="waitlisted">{_("registration.state.waitlist")}</option>}
            </select>
          </label>
        )}
        {showCheckinFilter && (
          <label>
            {_("registration.filter.checkins")}{" "}
            <select className="input" value={checkin} onChange={(x) => setCheckin(x.target.value as "all" | "in" | "out")}>
              <option value="all">{_("registration.filter.all")}</option>
              <option value="in">{_("registration.col.checkedIn")}</option>
              <option value="out">{_("registration.filter.notCheckedIn")}</option>
            </select>
          </label>
        )}
      </div>
      {status === "waitlisted" ? (
        <WaitlistPanel t={t} />
      ) : view === "squad" ? (
        <SquadTable t={t} status={status} checkedIn={showCheckinFilter ? checkedIn : undefined} />
      ) : (
        <PlayerTable t={t} status={status} checkedIn={showCheckinFilter ? checkedIn : undefined} />
      )}
      {t.can_administrate && <ManualRegister t={t} />}
      {t.can_administrate && <BulkAdd t={t} />}
    </div>
  );
}
