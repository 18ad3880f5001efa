import { useParams } from "react-router";
import { isTeamEvent } from "@site/contract";
import { DateRangeLabel } from "@/components/ui/date-range-label";
import { RegistrationsPage } from "@/features/registrations/components/registrations-list";
import { TeamRegistrationsPage } from "@/features/team-registrations/components/team-registrations-list";
import { WaitlistPanel } from "@/features/registrations/components/waitlist-panel";
import { EditPlayerRegistration, EditSquadRegistration, SquadPage } from "@/features/registrations/components/squad-page";
import { LocationLink } from "@/components/ui/location-link";
import { idParam } from "./tournament";
import { TournamentRegistrationBlock } from "./registration-block";
import { TournamentScreen } from "./tournament-screen";
import "@/features/tournaments/components/tournaments.css";
import "@/features/registrations/components/registrations.css";
import { useT } from "@/lib/i18n/use-t";

/**
 * `/tournaments/{id}/register` (001 §2 register page): info (logo, title, game and mode in the header;
 * dates and, for LAN events, the location link), collapsible details and rules, the registration component.
 */
export function RegisterRoute() {
  const _ = useT();
  return (
    <TournamentScreen title={_("registration.register")}>
      {(t) => (
        <>
          <p className="register-info">
            <DateRangeLabel
              startDate={t.start_date}
              endDate={t.end_date}
              startDateHuman={t.start_date_human}
              endDateHuman={t.end_date_human}
            />
            {t.organizer === "lan" && t.location && (
              <>
                {" · "}
                <LocationLink location={t.location} url={t.location_url} />
              </>
            )}
          </p>
          <TournamentRegistrationBlock t={t} showForm />
          {t.description_formatted && (
            <details className="panel">
              <summary className="panel__title">{_("tournament.details")}</summary>
              <div className="panel__body markdown-body" dangerouslySetInnerHTML={{ __html: t.description_formatted }} />
            </details>
          )}
          {t.rules_formatted && (
            <details className="panel">
              <summary className="panel__title">{_("tournament.rules")}</summary>
              <div className="panel__body markdown-body" dangerouslySetInnerHTML={{ __html: t.rules_formatted }} />
            </details>
          )}
        </>
      )}
    </TournamentScreen>
  );
}

export function RegistrationsRoute() {
  const _ = useT();
  return (
    <TournamentScreen title={_("registration.title.list")}>
      {(t) =>
        isTeamEvent(t.event_format) ? <TeamRegistrationsPage t={t} waitlist={<WaitlistPanel t={t} />} /> : <RegistrationsPage t={t} />
      }
    </TournamentScreen>
  );
}

export function SquadRoute() {
  const _ = useT();
  const squadId = idParam(useParams().squadId);
  return <TournamentScreen title={_("registration.col.squad")}>{(t) => <SquadPage t={t} squadId={squadId} />}</TournamentScreen>;
}

export function EditSquadRoute() {
  const _ = useT();
  const squadId = idParam(useParams().squadId);
  return (
    <TournamentScreen title={_("registration.title.editSquad")} moderate>
      {(t) => <EditSquadRegistration t={t} squadId={squadId} />}
    </TournamentScreen>
  );
}

export function EditSquadPlayerRoute() {
  const _ = useT();
  const playerId = idParam(useParams().playerId);
  return (
    <TournamentScreen title={_("registration.edit")} moderate>
      {(t) => <EditPlayerRegistration t={t} playerId={playerId} squad />}
    </TournamentScreen>
  );
}

export function EditPlayerRoute() {
  const _ = useT();
  const playerId = idParam(useParams().playerId);
  return (
    <TournamentScreen title={_("registration.edit")} moderate>
      {(t) => <EditPlayerRegistration t={t} playerId={playerId} squad={false} />}
    </TournamentScreen>
  );
}

export default RegistrationsRoute;
