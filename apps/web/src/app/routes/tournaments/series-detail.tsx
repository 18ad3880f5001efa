import { useParams } from "react-router";
import { SeriesDetailPage } from "@/features/series/components/series-detail";
import { useSeries } from "@/features/series/api/get-series";
import { useDocumentTitle } from "@/hooks/use-document-title";
import "@/features/tournaments/components/tournaments.css";

/** `/tournaments/series/{slugOrId}` (001 §2 Series detail). */
export default function SeriesDetailRoute() {
  const slugOrId = useParams().slugOrId ?? "";
  const query = useSeries(slugOrId, slugOrId !== "");
  useDocumentTitle(query.data?.series_name ?? "Tournament Series");
  return (
    <div className="page">
      <SeriesDetailPage slugOrId={slugOrId} />
    </div>
  );
}
