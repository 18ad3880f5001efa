import { Link, useParams } from "react-router";
import { paths } from "@/config/paths";
import { SeriesHeader, SeriesNotFound, WithSeries } from "@/features/series/components/series-detail";
import { SeriesRoles } from "@/features/series/components/series-roles";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { idParam } from "./tournament";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/series/{id}/roles` (001 §2 Series roles). */
export default function SeriesRolesRoute() {
  const id = idParam(useParams().id);
  useDocumentTitle("Series Roles");
  return (
    <div className="page page--form">
      {Number.isNaN(id) ? (
        <SeriesNotFound />
      ) : (
        <WithSeries slugOrId={id}>
          {(s) =>
            s.can_manage_roles ? (
              <>
                <SeriesHeader s={s} title="Series Roles" />
                <SeriesRoles series={s} canAssignSeriesAdmin={s.can_assign_series_admin} />
                <p>
                  <Link to={paths.seriesDetail(s.url_slug)}>Back to the series</Link>
                </p>
              </>
            ) : (
              <>
                <SeriesHeader s={s} title="Series Roles" />
                <p className="access-note">You do not have permission to manage this series' roles.</p>
              </>
            )
          }
        </WithSeries>
      )}
    </div>
  );
}
