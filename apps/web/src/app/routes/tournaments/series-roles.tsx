import { Link, useParams } from "react-router";
import { paths } from "@/config/paths";
import { SeriesHeader, SeriesNotFound, WithSeries } from "@/features/series/components/series-detail";
import { SeriesRoles } from "@/features/series/components/series-roles";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import { idParam } from "./tournament";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/series/{id}/roles` (001 §2 Series roles). */
export default function SeriesRolesRoute() {
  const _ = useT();
  const id = idParam(useParams().id);
  useDocumentTitle(_("series.roles.title"));
  return (
    <div className="page page--form">
      {Number.isNaN(id) ? (
        <SeriesNotFound />
      ) : (
        <WithSeries slugOrId={id}>
          {(s) =>
            s.can_manage_roles ? (
              <>
                <SeriesHeader s={s} title={_("series.roles.title")} />
                <SeriesRoles series={s} canAssignSeriesAdmin={s.can_assign_series_admin} />
                <p>
                  <Link to={paths.seriesDetail(s.url_slug)}>{_("series.backToSeries")}</Link>
                </p>
              </>
            ) : (
              <>
                <SeriesHeader s={s} title={_("series.roles.title")} />
                <p className="access-note">{_("series.roles.noPermission")}</p>
              </>
            )
          }
        </WithSeries>
      )}
    </div>
  );
}
