import { Link } from "react-router";
import { Medal } from "./medal";
import { useT } from "@/lib/i18n/use-t";
import { RowIcon } from "./row-icon";

/** One row of a medal table (000 §2 Shared widgets). `key` is the aggregated player_id or team_id. */
export interface MedalRow {
  key: string | number;
  placement: number;
  /** Country code (player rows) or logo URL (team rows). */
  icon: string | null;
  name: string;
  gold: number;
  silver: number;
  bronze: number;
}

export interface MedalTableProps {
  rows: ReadonlyArray<MedalRow>;
  /** Where a row's name links (e.g. the player's or team's registry page). */
  getHref?: (row: MedalRow) => string | null;
  caption?: string;
  /** Row key to highlight (the current player). */
  highlightKey?: string | number | null;
}

/**
 * Medal table (000 §2 Shared widgets; series stats "Podium Finishes", 001 §2): placement, icon,
 * name and gold/silver/bronze counts, in the order given.
 */
export function MedalTable({ rows, getHref, caption, highlightKey }: MedalTableProps) {
  const _ = useT();
  return (
    <div className="table-scroll">
      <table className="stats-table medal-table">
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            <th scope="col" className="num">
              #
            </th>
            <th scope="col" colSpan={2}>
              {_("ui.stats.name")}
            </th>
            <th scope="col" className="num">
              <Medal place={1} label={_("ui.medal.gold")} />
            </th>
            <th scope="col" className="num">
              <Medal place={2} label={_("ui.medal.silver")} />
            </th>
            <th scope="col" className="num">
              <Medal place={3} label={_("ui.medal.bronze")} />
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const href = getHref?.(row);
            const highlighted = highlightKey != null && String(highlightKey) === String(row.key);
            return (
              <tr key={row.key} className={highlighted ? "is-highlighted" : undefined} data-key={row.key}>
                <td className="num">{row.placement}</td>
                <td className="icon-cell">
                  <RowIcon icon={row.icon} name={row.name} />
                </td>
                <td>{href ? <Link to={href}>{row.name}</Link> : row.name}</td>
                <td className="num">{row.gold}</td>
                <td className="num">{row.silver}</td>
                <td className="num">{row.bronze}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
