import { Link } from "react-router";
import { Panel } from "@/components/ui/panel";
import { QueryState } from "@/components/ui/query-state";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import { useNewestTeams } from "../api/get-teams";
import { useT } from "@/lib/i18n/use-t";

/** Home "Newest Teams" (000 §2): the 10 newest approved teams with tag, name and category. */
export function NewestTeamsPanel() {
  const _ = useT();
  const query = useNewestTeams();
  return (
    <Panel title={_("home.teams.title")} testId="panel-teams" action={<Link to={paths.teams()}>{_("common.viewAll")}</Link>}>
      <QueryState query={query} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("home.teams.empty")}</p>}>
        {(d) => (
          <ul className="rows">
            {d.data.map((t) => (
              <li key={t.id} className="row">
                <span className="team-name">
                  <TeamTag tag={t.team_tag} color={t.team_color} />
                  <Link to={paths.team(t.id)}>{t.team_name}</Link>
                </span>
                <span className="row__meta">{t.category_title}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}
