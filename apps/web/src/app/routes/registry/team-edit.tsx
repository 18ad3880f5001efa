import { useParams } from "react-router";
import { TeamEditPage } from "@/features/teams/components/team-edit-page";

/** `/registry/teams/{id}/edit` (000 §2 Team edit, leaders). */
export default function TeamEditRoute() {
  const { id = "" } = useParams();
  return <TeamEditPage key={id} id={/^\d+$/.test(id) ? Number(id) : Number.NaN} admin={false} />;
}
