import { Link } from "react-router";
import { Panel } from "@/components/ui/panel";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { useNewestPlayers } from "../api/get-players";
import { PlayerName } from "@/components/ui/player-name";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";

/** Home "Newest Players" (000 §2): the 10 newest, banned players excluded by the server. */
export function NewestPlayersPanel() {
  const _ = useT();
  const { locale } = useI18n();
  const query = useNewestPlayers();
  return (
    <Panel title={_("home.players.title")} testId="panel-players" action={<Link to={paths.players}>{_("common.viewAll")}</Link>}>
      <QueryState query={query} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("home.players.empty")}</p>}>
        {(d) => (
          <ul className="rows">
            {d.data.map((p) => (
              <li key={p.id} className="row">
                <PlayerName id={p.id} name={p.display_name} countryCode={p.country_code} countryName={p.country_name} />
                <span className="row__meta">{formatDay(p.joined_at, locale)}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}
