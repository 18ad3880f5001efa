import { LinkButton } from "@/components/ui/link-button";
import { paths } from "@/config/paths";
import { useSession } from "@/features/session/api/get-session";
import { useT } from "@/lib/i18n/use-t";
import "./teams.css";

/** The teams list's header links: New Team (signed-in users) and New Shadow Team (moderators, administrators). */
export function TeamListActions() {
  const _ = useT();
  const session = useSession();
  const s = session.data;
  if (!s?.user) return null;
  return (
    <div className="page-header__actions">
      <LinkButton to={paths.newTeam} size="sm">
        {_("teams.new")}
      </LinkButton>
      {(s.permissions.canModerate || s.permissions.canAdministrate) && (
        <LinkButton to={paths.newShadowTeam} variant="secondary" size="sm">
          {_("teams.newShadow")}
        </LinkButton>
      )}
    </div>
  );
}
