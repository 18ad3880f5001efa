import { useParams, useSearchParams } from "react-router";
import { SeriesNotFound, WithSeries } from "@/features/series/components/series-detail";
import { TemplateEditor } from "@/features/templates/components/template-form";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import { idParam } from "./tournament";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/series/{id}/templates/{templateId}/edit` (templateId may be 'new'; `?from_template=` copies). */
export default function TemplateEditRoute() {
  const _ = useT();
  const params = useParams();
  const [search] = useSearchParams();
  const seriesId = idParam(params.id);
  const templateId = params.templateId === "new" ? "new" : idParam(params.templateId);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a URL parameter
  const from = search.get("from_template");
  const fromTemplate = from && /^\d+$/.test(from) ? Number(from) : null;
  const title =
    templateId === "new"
      ? fromTemplate !== null
        ? _("series.templates.duplicateTitle")
        : _("series.templates.new")
      : _("series.templates.editTitle");
  useDocumentTitle(title);
  return (
    <div className="page page--form">
      <h1>{title}</h1>
      {Number.isNaN(seriesId) || (templateId !== "new" && Number.isNaN(templateId)) ? (
        <SeriesNotFound />
      ) : (
        <TemplateEditor
          withSeries={(render) => <WithSeries slugOrId={seriesId}>{render}</WithSeries>}
          templateId={templateId}
          fromTemplate={fromTemplate}
        />
      )}
    </div>
  );
}
