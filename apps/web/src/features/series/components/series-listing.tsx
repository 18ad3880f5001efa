import { QueryState } from "@/components/ui/query-state";
import { useSeriesList } from "../api/get-series-list";
import { useT } from "@/lib/i18n/use-t";
import { SeriesCard } from "./series-card";

/** The series listing (001 §2 Series listing): one card per series in the server's display order. */
export function SeriesListing() {
  const _ = useT();
  const query = useSeriesList();
  return (
    <QueryState query={query} isEmpty={(d) => d.all_series.length === 0} empty={<p className="empty">{_("series.list.empty")}</p>}>
      {(d) => (
        <div className="series-grid">
          {d.all_series.map((s) => (
            <SeriesCard key={s.id} series={s} />
          ))}
        </div>
      )}
    </QueryState>
  );
}
