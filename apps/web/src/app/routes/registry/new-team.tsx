import { NewTeamPage } from "@/features/teams/components/new-team-page";

/** `/registry/new_team` (000 §2 New team creation). */
export default function NewTeamRoute() {
  return <NewTeamPage />;
}
