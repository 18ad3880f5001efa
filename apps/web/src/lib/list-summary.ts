/**
 * Wording of list headers and filtered empty states (#17 §8). Pure; the components only render
 * what these return.
 */

/** Number of pages for `total` rows at `pageSize` per page; an empty list still has page 1. */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * "1,234 players · Page 2 of 25" (en-US grouping); the singular for one row ("1 player"); the
 * page part only when there is more than one page.
 */
export function listSummary(total: number, page: number, pageSize: number, noun: { one: string; other: string }): string {
  // Grouped by hand: the first Intl number format of a page loads locale data (~30 ms of the
  // player list's hydration on a phone, #17 §6).
  const count = `${String(total).replace(/\B(?=(\d{3})+$)/g, ",")} ${total === 1 ? noun.one : noun.other}`;
  const pages = pageCount(total, pageSize);
  return pages > 1 ? `${count} · Page ${Math.min(page, pages)} of ${pages}` : count;
}

/** One active filter of a list: what it is and the value chosen ("Country", "France"). */
export interface ActiveFilter {
  label: string;
  value: string;
}

/**
 * The sentence under a filtered empty state: 'Filters: Search "kart", Country France.'; '' when no
 * filter is active (then the plain empty message is enough and no Clear filters is offered).
 */
export function activeFiltersSentence(filters: ReadonlyArray<ActiveFilter>): string {
  if (filters.length === 0) return "";
  const parts = filters.map((f) => (f.label === "Search" ? `Search "${f.value}"` : `${f.label} ${f.value}`));
  return `Filters: ${parts.join(", ")}.`;
}
