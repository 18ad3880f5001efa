import { useParams } from "react-router";
import { SeriesHeader, SeriesNotFound, WithSeries } from "@/features/series/components/series-detail";
import { TemplateList } from "@/features/templates/components/template-list";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import { idParam } from "./tournament";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/series/{id}/templates` (001 §2 Series templates list). */
export default function SeriesTemplatesRoute() {
  const _ = useT();
  const id = idParam(useParams().id);
  useDocumentTitle(_("series.templates.pageTitle"));
  return (
    <div className="page page--form">
      {Number.isNaN(id) ? (
        <SeriesNotFound />
      ) : (
        <WithSeries slugOrId={id}>
          {(s) =>
            s.can_manage_templates ? (
              <>
                <SeriesHeader s={s} title={_("series.templates.title")} />
                <TemplateList seriesId={s.id} />
              </>
            ) : (
              <>
                <SeriesHeader s={s} title={_("series.templates.title")} />
                <p className="access-note">{_("series.templates.noPermission")}</p>
              </>
            )
          }
        </WithSeries>
      )}
    </div>
  );
}
