import { LinkButton } from "@/components/ui/link-button";
import { paths } from "@/config/paths";
import { useSession } from "@/features/session/api/get-session";
import { useTemplateChoices } from "@/features/tournaments/api/get-template-choices";
import { TournamentListing } from "@/features/tournaments/components/tournament-listing";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import "@/features/tournaments/components/tournaments.css";

/**
 * `/tournaments` (001 §2 Tournament listing). 'New Tournament' shows to event administrators
 * and to series staff who have a template to start from (the server checks again on save).
 */
export default function TournamentsRoute() {
  const _ = useT();
  useDocumentTitle(_("tournaments.list.title"));
  const session = useSession();
  const eventAdmin = session.data?.permissions.canEventAdministrate ?? false;
  const choices = useTemplateChoices(!!session.data?.user && !eventAdmin);
  const canCreate = eventAdmin || (choices.data?.data.length ?? 0) > 0;
  return (
    <div className="page">
      <div className="page-header">
        <h1>{_("tournaments.list.title")}</h1>
        {canCreate && <LinkButton to={paths.chooseTemplate}>{_("tournaments.new")}</LinkButton>}
      </div>
      <TournamentListing />
    </div>
  );
}
