import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { FailurePanel } from "@/components/ui/failure-panel";
import { Loading } from "@/components/ui/loading";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { Trans, useT } from "@/lib/i18n/use-t";
import { useTeam } from "../api/get-team";
import { useTeamViewer } from "../api/get-team-viewer";
import { TeamForm } from "./team-form";

/**
 * `/registry/teams/{id}/edit` (leaders) and `/registry/teams/{id}/admin_edit` (administrators):
 * the team form filled with the team; success returns to the team page. `gate` wraps the body
 * under the heading (the admin route passes the session feature's administrator check).
 */
export function TeamEditPage({ id, admin, gate }: { id: number; admin: boolean; gate?: (body: ReactNode) => ReactNode }) {
  const _ = useT();
  const team = useTeam(id);
  const viewer = useTeamViewer(id);
  const navigate = useNavigate();
  const title = admin ? _("teams.edit.adminTitle") : _("teams.edit.title");
  useDocumentTitle(title);

  const body = () => {
    if (team.isError || viewer.isError) return <FailurePanel onRetry={() => void Promise.all([team.refetch(), viewer.refetch()])} />;
    if (!team.data || !viewer.data) return <Loading />;
    if (!viewer.data.logged_in) {
      return (
        <p className="access-note">
          <Trans
            id="teams.edit.loginFirst"
            components={{ 0: <Link to={paths.login(admin ? paths.teamAdminEdit(id) : paths.teamEdit(id))} /> }}
          />
        </p>
      );
    }
    if (admin ? !viewer.data.can_admin_edit : !viewer.data.can_edit) {
      return <p className="access-note">{admin ? _("teams.edit.adminOnly") : _("teams.edit.leadersOnly")}</p>;
    }
    return (
      <TeamForm
        key={team.data.id}
        mode={admin ? "admin" : "edit"}
        team={team.data}
        target={admin ? { kind: "admin", id } : { kind: "edit", id }}
        onSaved={(teamId) => void navigate(paths.team(teamId))}
      />
    );
  };

  return (
    <div className="page page--form">
      <h1>{title}</h1>
      {team.data && (
        <p>
          <Link to={paths.team(id)}>{team.data.team_name}</Link>
          {viewer.data && (viewer.data.can_edit || viewer.data.can_admin_edit) && (
            <>
              {" · "}
              <Link to={paths.webhooks("team", id)}>{_("teams.webhooks")}</Link>
            </>
          )}
        </p>
      )}
      {gate ? gate(body()) : body()}
    </div>
  );
}
