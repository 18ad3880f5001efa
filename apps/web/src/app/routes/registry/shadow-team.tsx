import { useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { RequirePermission } from "@/features/session/components/require-permission";
import { ShadowTeamForm } from "@/features/teams/components/shadow-team-form";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** `/registry/teams/shadow/new` (000 §2 Shadow team creation; moderators and administrators). */
export default function ShadowTeamRoute() {
  const _ = useT();
  useDocumentTitle(_("teams.newShadow"));
  const navigate = useNavigate();
  return (
    <div className="page page--form">
      <h1>{_("teams.newShadow")}</h1>
      <RequirePermission permission="canModerate">
        <ShadowTeamForm onCreated={(id) => void navigate(paths.team(id))} />
      </RequirePermission>
    </div>
  );
}
