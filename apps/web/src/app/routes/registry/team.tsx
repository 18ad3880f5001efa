import { useParams } from "react-router";
import { TeamPage } from "@/features/teams/components/team-page";

/** `/registry/teams/{id}` (000 §2 Team registry page). */
export default function TeamRoute() {
  const { id = "" } = useParams();
  // Only plain digits are ids; anything else reaches the not-found text.
  const teamId = /^\d+$/.test(id) ? Number(id) : Number.NaN;
  return <TeamPage key={teamId} id={teamId} />;
}
