import { Link } from "react-router";
import { COUNTS, type ResultRow } from "@site/contract";
import { Panel } from "@/components/ui/panel";
import { PlayerName } from "@/components/ui/player-name";
import { QueryState } from "@/components/ui/query-state";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import { useLatestResults } from "../api/get-latest-results";
import { PlacementLabel } from "@/components/ui/placement-label";
import { useT } from "@/lib/i18n/use-t";

/** Rows of up to 4 members name the players instead of the squad/team (000 §2 Results panel). */
const MAX_MEMBERS_SHOWN = 4;

function EntrantName({ row }: { row: ResultRow }) {
  if (row.members.length > 0 && row.members.length <= MAX_MEMBERS_SHOWN) {
    return (
      <span className="result__members">
        {row.members.map((m, i) => (
          <span key={m.player_id}>
            {i > 0 && ", "}
            <PlayerName id={m.player_id} name={m.display_name} countryCode={m.country_code} />
          </span>
        ))}
      </span>
    );
  }
  return (
    <span className="team-name">
      {row.tag && <TeamTag tag={row.tag} color={row.color} />}
      {row.team_id ? <Link to={paths.team(row.team_id)}>{row.name}</Link> : <span>{row.name}</span>}
    </span>
  );
}

/**
 * Home "Latest Results" (000 §2): the latest past published tournament with placements and its
 * first 12 rows; medals for places 1–3.
 */
export function LatestResultsPanel() {
  const _ = useT();
  const query = useLatestResults();
  return (
    <Panel title={_("home.results.title")} testId="panel-results">
      <QueryState
        query={query}
        isEmpty={(d) => !d.tournament || d.placements.length === 0}
        empty={<p className="empty">{_("home.results.empty")}</p>}
      >
        {(d) => (
          <>
            <h3 className="results__title">
              <Link to={paths.tournament(d.tournament!.id)}>{d.tournament!.title}</Link>
            </h3>
            <ul className="rows results-list">
              {d.placements.slice(0, COUNTS.homeResults).map((row, i) => (
                <li key={`${row.team_id ?? ""}-${row.squad_id ?? ""}-${row.members[0]?.player_id ?? ""}-${i}`} className="row result">
                  <PlacementLabel placement={row.placement} upperBound={row.placement_upper_bound} dq={row.dq} />
                  <EntrantName row={row} />
                  {row.title && <span className="row__meta">{row.title}</span>}
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </Panel>
  );
}
