/**
 * A sortable column header for the registration and placements lists (001 §9 sort codes):
 * `code` is the column's letter(s) (N, C, E, H, CH, R, P, M, F, T), `order` the current code
 * with its direction (e.g. 'RA'). Clicking the active column flips A/D; another column starts
 * at A. `className` goes on the `th` (e.g. 'num').
 */
export function SortHeader({
  code,
  label,
  order,
  setOrder,
  className,
}: {
  className?: string;
  code: string;
  label: string;
  order: string;
  setOrder: (o: string) => void;
}) {
  const active = order.slice(0, -1) === code;
  const dir = active ? order.slice(-1) : "";
  return (
    <th scope="col" className={className} aria-sort={active ? (dir === "A" ? "ascending" : "descending") : "none"}>
      <button type="button" className="link-button" onClick={() => setOrder(`${code}${active && dir === "A" ? "D" : "A"}`)}>
        {label}
        {active ? (dir === "A" ? " ▲" : " ▼") : ""}
      </button>
    </th>
  );
}
