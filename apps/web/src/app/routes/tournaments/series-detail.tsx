import { useParams } from "react-router";
import { SeriesDetailPage } from "@/features/series/components/series-detail";
import { useSeries } from "@/features/series/api/get-series";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n/use-t";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/series/{slugOrId}` (001 §2 Series detail). */
export default function SeriesDetailRoute() {
  const _ = useT();
  const slugOrId = useParams().slugOrId ?? "";
  const query = useSeries(slugOrId, slugOrId !== "");
  useDocumentTitle(query.data?.series_name ?? _("series.list.title"));
  return (
    <div className="page">
      <SeriesDetailPage slugOrId={slugOrId} />
    </div>
  );
}
