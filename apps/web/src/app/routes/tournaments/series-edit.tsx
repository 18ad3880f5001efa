import { useParams } from "react-router";
import { SeriesForm } from "@/features/series/components/series-form";
import { SeriesPointsForm } from "@/features/series/components/series-points-form";
import { SeriesNotFound, WithSeries } from "@/features/series/components/series-detail";
import { RequirePermission } from "@/features/session/components/require-permission";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import { idParam } from "./tournament";
import "@/features/tournaments/components/tournaments.css";

/**
 * `/tournaments/series/{id}/edit` (id may be 'new'): event administrators create; they and the
 * series' administrators edit. Loads every tournament (page "all"): the save replaces the list.
 */
export default function SeriesEditRoute() {
  const _ = useT();
  const raw = useParams().id;
  const id = raw === "new" ? "new" : idParam(raw);
  const title = id === "new" ? _("series.new") : _("series.edit.title");
  useDocumentTitle(title);
  return (
    <div className="page page--form">
      <h1>{title}</h1>
      {id === "new" ? (
        <RequirePermission permission="canEventAdministrate">
          <SeriesForm series={null} />
        </RequirePermission>
      ) : Number.isNaN(id) ? (
        <SeriesNotFound />
      ) : (
        <WithSeries slugOrId={id} page="all">
          {(s) =>
            s.can_edit ? (
              <>
                <SeriesForm key={s.id} series={s} />
                <SeriesPointsForm seriesId={s.id} />
              </>
            ) : (
              <p className="access-note">{_("series.edit.noPermission")}</p>
            )
          }
        </WithSeries>
      )}
    </div>
  );
}
