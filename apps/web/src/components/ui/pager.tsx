import { useT } from "@/lib/i18n/use-t";

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
  const _ = useT();
  if (page <= 1 && !hasNextPage) return null;
  return (
    <nav className="pager" aria-label={_("ui.pager.label")}>
      <button type="button" className="btn btn--secondary btn--sm" disabled={busy || page <= 1} onClick={() => onPageChange(page - 1)}>
        {_("ui.pager.previous")}
      </button>
      <span className="pager__page" aria-current="page">
        {_("ui.pager.page", { page })}
      </span>
      <button type="button" className="btn btn--secondary btn--sm" disabled={busy || !hasNextPage} onClick={() => onPageChange(page + 1)}>
        {_("ui.pager.next")}
      </button>
    </nav>
  );
}
