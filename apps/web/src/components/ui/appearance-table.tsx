import { Fragment } from "react";
import { Link } from "react-router";
import { COUNTS } from "@site/contract";
import { useT } from "@/lib/i18n/use-t";
import { RowIcon } from "./row-icon";

/** One row of an appearance table (000 §2 Shared widgets). `key` is the aggregated id. */
export interface AppearanceRow {
  key: string | number;
  placement: number;
  /** Country code (player rows) or logo URL (team rows). */
  icon: string | null;
  name: string;
  count: number;
}

/** What the series stats were aggregated by (001 §3 series aggregation_field). */
export type Aggregation = "player_id" | "team_id" | "squad_name" | "none";

export interface AppearanceTableProps {
  rows: ReadonlyArray<AppearanceRow>;
  aggregation: Aggregation;
  /** The signed-in player's id; their row is highlighted and, if outside the top 25, appended. */
  currentPlayerId?: number | null;
  getHref?: (row: AppearanceRow) => string | null;
  /** Header of the count column; 'Appearances' by default. */
  countLabel?: string;
  caption?: string;
}

/**
 * Appearance table (000 §2 Shared widgets; series stats "Finals/Tournament Appearances"): the
 * top 25 rows (COUNTS.appearanceTable). When aggregating by player_id and the current player
 * ranks below the top 25, their own row is added after a gap so they can still see it.
 */
export function AppearanceTable({ rows, aggregation, currentPlayerId, getHref, countLabel, caption }: AppearanceTableProps) {
  const _ = useT();
  const top = rows.slice(0, COUNTS.appearanceTable);
  const isCurrent = (row: AppearanceRow) =>
    aggregation === "player_id" && currentPlayerId != null && String(row.key) === String(currentPlayerId);
  const own =
    aggregation === "player_id" && currentPlayerId != null && !top.some(isCurrent)
      ? rows.slice(COUNTS.appearanceTable).find(isCurrent)
      : undefined;

  const renderRow = (row: AppearanceRow) => {
    const href = getHref?.(row);
    return (
      <tr key={row.key} className={isCurrent(row) ? "is-highlighted" : undefined} data-key={row.key}>
        <td className="num">{row.placement}</td>
        <td className="icon-cell">
          <RowIcon icon={row.icon} name={row.name} />
        </td>
        <td>{href ? <Link to={href}>{row.name}</Link> : row.name}</td>
        <td className="num">{row.count}</td>
      </tr>
    );
  };

  return (
    <div className="table-scroll">
      <table className="stats-table appearance-table">
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
              {countLabel ?? _("ui.stats.appearances")}
            </th>
          </tr>
        </thead>
        <tbody>
          {top.map(renderRow)}
          {own && (
            <Fragment key="own">
              {/* Visual gap only; hidden from assistive tech so row counts stay honest. */}
              <tr className="stats-table__gap" aria-hidden="true">
                <td colSpan={4}>⋯</td>
              </tr>
              {renderRow(own)}
            </Fragment>
          )}
        </tbody>
      </table>
    </div>
  );
}
