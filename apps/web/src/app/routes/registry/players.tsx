import { LinkButton } from "@/components/ui/link-button";
import { paths } from "@/config/paths";
import { PlayerList } from "@/features/registry/components/player-list";
import { useSession } from "@/features/session/api/get-session";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/** `/registry/players` (000 §2 Player list); staff who may create players get a New Player link. */
export default function PlayersRoute() {
  const _ = useT();
  useDocumentTitle(_("players.list.title"));
  const perms = useSession().data?.permissions;
  return (
    <div className="page">
      <div className="page-header">
        <h1>{_("players.list.title")}</h1>
        {(perms?.canAdministrate || perms?.canEventAdministrate) && (
          <LinkButton to={paths.playerEdit("new")} size="sm">
            {_("players.newPlayer")}
          </LinkButton>
        )}
      </div>
      <PlayerList />
    </div>
  );
}
