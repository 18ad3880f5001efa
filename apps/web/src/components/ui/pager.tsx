export interface PagerProps {
  /** Current page, counted from 1 (000 §9). */
  page: number;
  hasNextPage: boolean;
  onPageChange: (page: number) => void;
  /** Disable both buttons while a page is loading. */
  busy?: boolean;
}

/** Previous / Next paging for lists that answer `{data, has_next_page}` (000 §7). */
export function Pager({ page, hasNextPage, onPageChange, busy }: PagerProps) {
  if (page <= 1 && !hasNextPage) return null;
  return (
    <nav className="pager" aria-label="Pagination">
      <button type="button" className="btn btn--secondary btn--sm" disabled={busy || page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </button>
      <span className="pager__page" aria-current="page">
        Page {page}
      </span>
      <button type="button" className="btn btn--secondary btn--sm" disabled={busy || !hasNextPage} onClick={() => onPageChange(page + 1)}>
        Next
      </button>
    </nav>
  );
}
