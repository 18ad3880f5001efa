import { useParams } from "react-router";
import { EditTeamRegistrationPage, EligiblePlayersPage } from "@/features/team-registrations/components/eligible-players";
import { idParam } from "./tournament";
import { TournamentScreen } from "./tournament-screen";
import "@/features/tournaments/components/tournaments.css";
import "@/features/registrations/components/registrations.css";
import { useT } from "@/lib/i18n/use-t";

/** `/tournaments/{id}/teams/{teamId}/eligible_players` (001 §2 Team eligible players). */
export function EligiblePlayersRoute() {
  const _ = useT();
  const teamId = idParam(useParams().teamId);
  return (
    <TournamentScreen title={_("registration.col.eligiblePlayers")}>
      {(t) => <EligiblePlayersPage t={t} teamId={teamId} />}
    </TournamentScreen>
  );
}

/** `/tournaments/{id}/registrations/teams/{teamId}/edit` (001 §2 Edit team registration; registration moderators, 000 §6). */
export function EditTeamRegistrationRoute() {
  const _ = useT();
  const teamId = idParam(useParams().teamId);
  return (
    <TournamentScreen title={_("registration.title.editTeam")} moderate>
      {(t) => <EditTeamRegistrationPage t={t} teamId={teamId} />}
    </TournamentScreen>
  );
}
