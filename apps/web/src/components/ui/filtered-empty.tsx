import "./filtered-empty.css";
import type { ActiveFilter } from "@/lib/list-summary";
import { useI18n, useT } from "@/lib/i18n/use-t";

export interface FilteredEmptyProps {
  /** The list's own empty text, verbatim from the spec where it has one ('No players.'). */
  message: string;
  /** The filters in force; none means a plain empty state. */
  filters: ReadonlyArray<ActiveFilter>;
  /** Drops every filter (the list's order and tab stay). */
  onClear: () => void;
}

/**
 * An empty list that says why (#17 §8): the empty text, then which filters are active and a
 * "Clear filters" button, so a filtered-out list is not mistaken for an empty registry. The
 * sentence is list-summary's `activeFiltersSentence` in the page's language: 'Filters: Search
 * "kart", Country France.' (a filter labelled 'Search', in English or translated, quotes its text).
 */
export function FilteredEmpty({ message, filters, onClear }: FilteredEmptyProps) {
  const _ = useT();
  const { locale } = useI18n();
  const search = _("ui.search.button");
  const parts = filters.map((f) =>
    // 'Search': the English label callers may still pass.
    f.label === "Search" || f.label === search
      ? _("ui.filters.search", { value: f.value })
      : _("ui.filters.item", { label: f.label, value: f.value }),
  );
  const sentence = parts.length === 0 ? "" : _("ui.filters.sentence", { filters: parts.join(locale === "ja" ? "、" : ", ") });
  return (
    <div className="empty filtered-empty">
      <p>{message}</p>
      {sentence && (
        <p className="filtered-empty__filters">
          {sentence}{" "}
          <button type="button" className="btn btn--secondary btn--sm" onClick={onClear}>
            {_("ui.filters.clear")}
          </button>
        </p>
      )}
    </div>
  );
}
