import { useParams } from "react-router";
import type { TournamentDetail } from "@site/contract";
import { EditTeamRegistrationPage, EligiblePlayersPage } from "@/features/team-registrations/components/eligible-players";
import { TournamentHeader, WithTournament } from "@/features/tournaments/components/tournament-page";
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

/** `/tournaments/{id}/teams/{teamId}/eligible_players` (001 §2 Team eligible players). */
export function EligiblePlayersRoute() {
  const teamId = idParam(useParams().teamId);
  return <Shell title="Eligible Players">{(t) => <EligiblePlayersPage t={t} teamId={teamId} />}</Shell>;
}

/** `/tournaments/{id}/registrations/teams/{teamId}/edit` (001 §2 Edit team registration; administrators). */
export function EditTeamRegistrationRoute() {
  const teamId = idParam(useParams().teamId);
  return (
    <Shell title="Edit Team Registration" admin>
      {(t) => <EditTeamRegistrationPage t={t} teamId={teamId} />}
    </Shell>
  );
}
