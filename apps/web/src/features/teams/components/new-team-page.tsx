import { Link, useNavigate } from "react-router";
import { FailurePanel } from "@/components/ui/failure-panel";
import { Loading } from "@/components/ui/loading";
import { paths } from "@/config/paths";
import { useSession } from "@/features/session/api/get-session";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { Trans, useT } from "@/lib/i18n/use-t";
import { TeamForm } from "./team-form";

/** `/registry/new_team` (000 §2 New team page): signed-in players (and staff) create a team; success opens its page. */
export function NewTeamPage() {
  const _ = useT();
  useDocumentTitle(_("teams.new"));
  const session = useSession();
  const navigate = useNavigate();

  const body = () => {
    if (session.isError) return <FailurePanel onRetry={() => void session.refetch()} />;
    if (!session.data) return <Loading />;
    const { user, permissions } = session.data;
    if (!user) {
      return (
        <p className="access-note">
          <Trans id="teams.newTeam.loginFirst" components={{ 0: <Link to={paths.login(paths.newTeam)} /> }} />
        </p>
      );
    }
    const staff = permissions.canAdministrate || permissions.canModerate;
    if (user.player_id === null && !staff) {
      return (
        <p className="access-note">
          <Trans id="teams.newTeam.profileFirst" components={{ 0: <Link to={paths.editProfile} /> }} />
        </p>
      );
    }
    return <TeamForm mode="new" isStaff={staff} target={{ kind: "new" }} onSaved={(teamId) => void navigate(paths.team(teamId))} />;
  };

  return (
    <div className="page page--form">
      <h1>{_("teams.new")}</h1>
      {body()}
    </div>
  );
}
