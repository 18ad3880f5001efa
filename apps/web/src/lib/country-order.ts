/**
 * The reader's order of a country list (`GET /api/countries`, code → English name): by name,
 * ignoring case and accents ('Åland Islands' among the A's, 'Côte d'Ivoire' after 'Costa Rica').
 *
 * Done by hand rather than with `localeCompare`: the first comparison builds Intl's collator,
 * which loads the runtime's collation data, ~15 ms of a phone's main thread while the player list
 * hydrates (#17 §6); the key below gives the same order for every country name (tested against
 * the collator).
 */
export function countriesByName(countries: Record<string, string> | undefined, leaveOut: (code: string) => boolean = () => false) {
  return Object.entries(countries ?? {})
    .filter(([code]) => !leaveOut(code))
    .map((entry) => [sortKey(entry[1]), entry] as const)
    .sort((a, b) => compare(a[0], b[0]) || compare(a[1][1], b[1][1]))
    .map(([, entry]) => entry);
}

/** Code-unit order; the unaccented name first when two differ only by accents ('Aland' < 'Åland'). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Lower case without combining marks: 'Åland' → 'aland'. */
function sortKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}
