import { LinkButton } from "@/components/ui/link-button";
import { paths } from "@/config/paths";
import { useSession } from "@/features/session/api/get-session";
import { SeriesListing } from "@/features/series/components/series-listing";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * `/tournaments/series` (001 §2 Series listing). Event administrators get the 'New Tournament
 * Series' action; the server checks the permission again when the series is saved.
 */
export default function SeriesListRoute() {
  useDocumentTitle("Tournament Series");
  const session = useSession();
  const canCreate = session.data?.permissions.canEventAdministrate ?? false;
  return (
    <div className="page">
      <div className="page-header">
        <h1>Tournament Series</h1>
        {canCreate && <LinkButton to={paths.seriesEdit("new")}>New Tournament Series</LinkButton>}
      </div>
      <SeriesListing />
    </div>
  );
}
