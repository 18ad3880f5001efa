import { Link } from "react-router";
import type { TeamResult } from "@site/contract";
import { Panel } from "@/components/ui/panel";
import { paths } from "@/config/paths";
import { PlacementLabel } from "@/components/ui/placement-label";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";

/** The team's placements in team tournaments, newest first. */
export function TeamResults({ results }: { results: TeamResult[] }) {
  const _ = useT();
  const { locale } = useI18n();
  return (
    <Panel title={_("teams.results.title")} testId="team-results">
      {results.length === 0 ? (
        <p className="empty">{_("teams.results.empty")}</p>
      ) : (
        <ul className="rows">
          {results.map((r) => (
            <li key={r.tournament_id} className="row team-result">
              <span className="team-result__place">
                <PlacementLabel placement={r.placement} upperBound={r.placement_upper_bound} dq={r.dq} />
              </span>
              <span className="team-result__title">
                <Link to={paths.tournament(r.tournament_id)}>{r.tournament_title}</Link>
                {r.title && <span className="row__meta"> · {r.title}</span>}
              </span>
              <span className="badge badge--mode">{r.mode_abbrev}</span>
              <span className="row__meta">{r.date ? formatDay(r.date, locale) : ""}</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
