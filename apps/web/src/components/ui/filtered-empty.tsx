import "./filtered-empty.css";
import { activeFiltersSentence, type ActiveFilter } from "@/lib/list-summary";

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
 * "Clear filters" button, so a filtered-out list is not mistaken for an empty registry.
 */
export function FilteredEmpty({ message, filters, onClear }: FilteredEmptyProps) {
  const sentence = activeFiltersSentence(filters);
  return (
    <div className="empty filtered-empty">
      <p>{message}</p>
      {sentence && (
        <p className="filtered-empty__filters">
          {sentence}{" "}
          <button type="button" className="btn btn--secondary btn--sm" onClick={onClear}>
            Clear filters
          </button>
        </p>
      )}
    </div>
  );
}
