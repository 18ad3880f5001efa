import { Link } from "react-router";
import { BadgeGroup, tournamentBadges } from "@/components/ui/badge-group";
import { DateRangeLabel, tournamentDates } from "@/components/ui/date-range-label";
import { LinkButton } from "@/components/ui/link-button";
import { Panel } from "@/components/ui/panel";
import { QueryState } from "@/components/ui/query-state";
import { paths } from "@/config/paths";
import { useHomeTournaments } from "../api/get-tournaments";
import { RegisteredMark, useIsMine } from "./registered-mark";
import { useT } from "@/lib/i18n/use-t";

/** "Registered ✓" when the viewer is in the tournament, else Register Now while registrations are open. */
function HomeTournamentAction({ id, open }: { id: number; open: boolean }) {
  const _ = useT();
  if (useIsMine(id)) return <RegisteredMark id={id} />;
  return open ? (
    <LinkButton to={paths.tournamentRegister(id)} size="sm">
      {_("home.tournaments.register")}
    </LinkButton>
  ) : null;
}

/** Home "Latest Tournaments" (000 §2): ongoing then upcoming published tournaments, first 7. */
export function LatestTournamentsPanel() {
  const _ = useT();
  const query = useHomeTournaments();
  return (
    <Panel
      title={_("home.tournaments.title")}
      testId="panel-tournaments"
      action={<Link to={paths.tournaments}>{_("common.viewAll")}</Link>}
    >
      <QueryState query={query} isEmpty={(d) => d.length === 0} empty={<p className="empty">{_("home.tournaments.empty")}</p>}>
        {(list) => (
          <ul className="rows home-tournaments">
            {list.map((t) => (
              <li key={t.id} className="home-tournament">
                <div className="home-tournament__main">
                  <Link className="home-tournament__title" to={paths.tournament(t.id)}>
                    {t.title}
                  </Link>
                  <BadgeGroup {...tournamentBadges(t)} />
                  <DateRangeLabel {...tournamentDates(t)} className="row__meta" />
                </div>
                <HomeTournamentAction id={t.id} open={t.registrations_open} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}
