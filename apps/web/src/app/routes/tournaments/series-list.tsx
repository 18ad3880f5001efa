import { LinkButton } from "@/components/ui/link-button";
import { paths } from "@/config/paths";
import { useSession } from "@/features/session/api/get-session";
import { SeriesListing } from "@/features/series/components/series-listing";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";

/**
 * `/tournaments/series` (001 §2 Series listing). Event administrators get the 'New Tournament
 * Series' action; the server checks the permission again when the series is saved.
 */
export default function SeriesListRoute() {
  const _ = useT();
  useDocumentTitle(_("series.list.title"));
  const session = useSession();
  const canCreate = session.data?.permissions.canEventAdministrate ?? false;
  return (
    <div className="page">
      <div className="page-header">
        <h1>{_("series.list.title")}</h1>
        {canCreate && <LinkButton to={paths.seriesEdit("new")}>{_("series.new")}</LinkButton>}
      </div>
      <SeriesListing />
    </div>
  );
}
