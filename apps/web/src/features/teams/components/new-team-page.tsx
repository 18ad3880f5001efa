import { Link, useNavigate } from "react-router";
import { FailurePanel } from "@/components/ui/failure-panel";
import { Loading } from "@/components/ui/loading";
import { paths } from "@/config/paths";
import { useSession } from "@/features/session/api/get-session";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { TeamForm } from "./team-form";

/** `/registry/new_team` (000 §2 New team page): signed-in players (and staff) create a team; success opens its page. */
export function NewTeamPage() {
  useDocumentTitle("New Team");
  const session = useSession();
  const navigate = useNavigate();

  const body = () => {
    if (session.isError) return <FailurePanel onRetry={() => void session.refetch()} />;
    if (!session.data) return <Loading />;
    const { user, permissions } = session.data;
    if (!user) {
      return (
        <p className="access-note">
          You need to <Link to={paths.login(paths.newTeam)}>log in</Link> to create a team.
        </p>
      );
    }
    const staff = permissions.canAdministrate || permissions.canModerate;
    if (user.player_id === null && !staff) {
      return (
        <p className="access-note">
          You must <Link to={paths.editProfile}>create a registry profile</Link> before you create a team.
        </p>
      );
    }
    return <TeamForm mode="new" isStaff={staff} target={{ kind: "new" }} onSaved={(teamId) => void navigate(paths.team(teamId))} />;
  };

  return (
    <div className="page page--form">
      <h1>New Team</h1>
      {body()}
    </div>
  );
}
