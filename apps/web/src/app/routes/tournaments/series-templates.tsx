import { useParams } from "react-router";
import { SeriesHeader, SeriesNotFound, WithSeries } from "@/features/series/components/series-detail";
import { TemplateList } from "@/features/templates/components/template-list";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { idParam } from "./tournament";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/series/{id}/templates` (001 §2 Series templates list). */
export default function SeriesTemplatesRoute() {
  const id = idParam(useParams().id);
  useDocumentTitle("Series Templates");
  return (
    <div className="page page--form">
      {Number.isNaN(id) ? (
        <SeriesNotFound />
      ) : (
        <WithSeries slugOrId={id}>
          {(s) =>
            s.can_manage_templates ? (
              <>
                <SeriesHeader s={s} title="Templates" />
                <TemplateList seriesId={s.id} />
              </>
            ) : (
              <>
                <SeriesHeader s={s} title="Templates" />
                <p className="access-note">You do not have permission to manage this series' templates.</p>
              </>
            )
          }
        </WithSeries>
      )}
    </div>
  );
}
