import { useParams } from "react-router";
import { RequirePermission } from "@/features/session/components/require-permission";
import { TeamEditPage } from "@/features/teams/components/team-edit-page";

/** `/registry/teams/{id}/admin_edit` (000 §2 'admin edit of a team by id', administrators). */
export default function TeamAdminEditRoute() {
  const { id = "" } = useParams();
  return (
    <TeamEditPage
      key={id}
      id={/^\d+$/.test(id) ? Number(id) : Number.NaN}
      admin
      gate={(body) => <RequirePermission permission="canAdministrate">{body}</RequirePermission>}
    />
  );
}
