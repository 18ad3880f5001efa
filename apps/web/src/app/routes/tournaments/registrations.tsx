import { useParams } from "react-router";
import type { TournamentDetail } from "@site/contract";
import { DateRangeLabel } from "@/components/ui/date-range-label";
import { RegistrationStatusBlock } from "@/features/registrations/components/registration-status";
import { RegistrationsPage } from "@/features/registrations/components/registrations-list";
import { TeamRegistrationsPage } from "@/features/team-registrations/components/team-registrations-list";
import { EditPlayerRegistration, EditSquadRegistration, SquadPage } from "@/features/registrations/components/squad-page";
import { LocationLink, TournamentHeader, WithTournament } from "@/features/tournaments/components/tournament-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { idParam } from "./tournament";
import "@/features/tournaments/components/tournaments.css";
import "@/features/registrations/components/registrations.css";

function Shell({ title, admin, children }: { title: string; admin?: boolean; children: (t: TournamentDetail) => React.ReactNode }) {
  const id = idParam(useParams().id);
  useDocumentTitle(title);
  return (
    <div className="page">
      <WithTournament id={id}>
        {(t) =>
          admin && !t.can_administrate ? (
            <p className="access-note">You do not have permission to view this page.</p>
          ) : (
            <>
              <TournamentHeader t={t} />
              {children(t)}
            </>
          )
        }
      </WithTournament>
    </div>
  );
}

/**
 * `/tournaments/{id}/register` (001 §2 register page): info (logo, title, game and mode in the header;
 * dates and, for LAN events, the location link), collapsible details and rules, the registration component.
 */
export function RegisterRoute() {
  return (
    <Shell title="Register">
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
          <RegistrationStatusBlock t={t} showForm />
          {t.description_formatted && (
            <details className="panel">
              <summary className="panel__title">Tournament Details</summary>
              <div className="panel__body markdown-body" dangerouslySetInnerHTML={{ __html: t.description_formatted }} />
            </details>
          )}
          {t.rules_formatted && (
            <details className="panel">
              <summary className="panel__title">Tournament Rules</summary>
              <div className="panel__body markdown-body" dangerouslySetInnerHTML={{ __html: t.rules_formatted }} />
            </details>
          )}
        </>
      )}
    </Shell>
  );
}

export function RegistrationsRoute() {
  return (
    <Shell title="Registrations">{(t) => (t.event_format === 0 ? <TeamRegistrationsPage t={t} /> : <RegistrationsPage t={t} />)}</Shell>
  );
}

export function SquadRoute() {
  const squadId = idParam(useParams().squadId);
  return <Shell title="Squad">{(t) => <SquadPage t={t} squadId={squadId} />}</Shell>;
}

export function EditSquadRoute() {
  const squadId = idParam(useParams().squadId);
  return (
    <Shell title="Edit Squad Registration" admin>
      {(t) => <EditSquadRegistration t={t} squadId={squadId} />}
    </Shell>
  );
}

export function EditSquadPlayerRoute() {
  const playerId = idParam(useParams().playerId);
  return (
    <Shell title="Edit Registration" admin>
      {(t) => <EditPlayerRegistration t={t} playerId={playerId} squad />}
    </Shell>
  );
}

export function EditPlayerRoute() {
  const playerId = idParam(useParams().playerId);
  return (
    <Shell title="Edit Registration" admin>
      {(t) => <EditPlayerRegistration t={t} playerId={playerId} squad={false} />}
    </Shell>
  );
}

export default RegistrationsRoute;
