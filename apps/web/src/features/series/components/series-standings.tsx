import { Link } from "react-router";
import { type SeriesStandings, seriesStandingsCsvUrl } from "@site/contract";
import { paths } from "@/config/paths";
import { PlacementLabel } from "@/components/ui/placement-label";
import { useT } from "@/lib/i18n/use-t";

/** Points of a result or total: whole numbers plain, fractions with up to 2 decimals. */
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ""));

/**
 * The Standings tab of a series (issue #22 §4): rank, player / team / squad, total, then one
 * column per counted tournament with the result's points (dropped results by "best N of M"
 * struck through and labelled), and the adjustments. The rule is summarised above the table,
 * with a link to the standings CSV.
 */
export function SeriesStandingsTable({ data }: { data: SeriesStandings }) {
  const _ = useT();
  const rule = data.rule;
  if (!rule) return null;
  const href = (key: number | string) =>
    data.aggregation_field === "player_id"
      ? paths.player(Number(key))
      : data.aggregation_field === "team_id"
        ? paths.team(Number(key))
        : null;
  const who =
    data.aggregation_field === "team_id"
      ? _("format.team")
      : data.aggregation_field === "squad_name"
        ? _("format.squad")
        : _("series.standings.player");
  const hasAdjustments = data.rows.some((r) => r.adjustments !== 0);
  return (
    <div className="series-standings">
      <p className="muted series-standings__rule">
        {_("series.standings.rule", {
          ranges: rule.ranges.map((r) => `${r.from === r.to ? `${r.from}` : `${r.from}–${r.to}`}: ${fmt(r.points)}`).join(", "),
          tie: rule.tie_rule,
        })}
        {rule.best_n !== null && ` ${_("series.standings.bestN", { n: rule.best_n })}`}
      </p>
      {/* The same standings as CSV for spreadsheets and bots (issue #22 §3). */}
      <p className="series-standings__export">
        <a href={seriesStandingsCsvUrl(data.series_id)} download>
          {_("series.standings.csv")}
        </a>
      </p>
      {data.rows.length === 0 ? (
        <p className="empty">{_("series.standings.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="table series-standings__table">
            <thead>
              <tr>
                <th scope="col">{_("series.standings.rank")}</th>
                <th scope="col">{who}</th>
                <th scope="col">{_("series.standings.total")}</th>
                {data.tournaments.map((t) => (
                  <th scope="col" key={t.id}>
                    <Link to={paths.tournament(t.id)}>{t.title}</Link>
                    {t.multiplier !== 1 && <span className="muted"> ×{fmt(t.multiplier)}</span>}
                  </th>
                ))}
                {hasAdjustments && <th scope="col">{_("series.adjustments.title")}</th>}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => {
                const to = href(r.key);
                const byT = new Map(r.results.map((x) => [x.tournament_id, x]));
                return (
                  <tr key={String(r.key)}>
                    <td>{r.rank}</td>
                    <th scope="row">{to ? <Link to={to}>{r.name}</Link> : r.name}</th>
                    <td className="series-standings__total">{fmt(r.total)}</td>
                    {data.tournaments.map((t) => {
                      const x = byT.get(t.id);
                      if (!x)
                        return (
                          <td key={t.id} className="muted">
                            –
                          </td>
                        );
                      return (
                        <td key={t.id} className={x.counted ? undefined : "series-standings__dropped"}>
                          {x.counted ? (
                            fmt(x.points)
                          ) : (
                            <s aria-label={_("series.standings.dropped", { points: fmt(x.points) })}>{fmt(x.points)}</s>
                          )}
                          {x.placement !== null && (
                            <span className="muted">
                              {" "}
                              (<PlacementLabel placement={x.placement} upperBound={x.placement_upper_bound} />)
                            </span>
                          )}
                        </td>
                      );
                    })}
                    {hasAdjustments && (
                      <td>{r.adjustments === 0 ? "" : r.adjustments > 0 ? `+${fmt(r.adjustments)}` : fmt(r.adjustments)}</td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
