import { LinkButton } from "@/components/ui/link-button";
import { paths } from "@/config/paths";
import { PlayerList } from "@/features/registry/components/player-list";
import { useSession } from "@/features/session/api/get-session";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** `/registry/players` (000 §2 Player list); staff who may create players get a New Player link. */
export default function PlayersRoute() {
  useDocumentTitle("Players");
  const perms = useSession().data?.permissions;
  return (
    <div className="page">
      <div className="page-header">
        <h1>Players</h1>
        {(perms?.canAdministrate || perms?.canEventAdministrate) && (
          <LinkButton to={paths.playerEdit("new")} size="sm">
            New Player
          </LinkButton>
        )}
      </div>
      <PlayerList />
    </div>
  );
}
