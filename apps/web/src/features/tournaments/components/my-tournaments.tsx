import { Link } from "react-router";
import type { MyTournament } from "@site/contract";
import { BadgeGroup, tournamentBadges } from "@/components/ui/badge-group";
import { DateRangeLabel, tournamentDates } from "@/components/ui/date-range-label";
import { FailurePanel } from "@/components/ui/failure-panel";
import { LinkButton } from "@/components/ui/link-button";
import { Loading } from "@/components/ui/loading";
import { NoProfile } from "@/components/ui/no-profile";
import { paths } from "@/config/paths";
import { useSession } from "@/features/session/api/get-session";
import { useHere } from "@/hooks/use-here";
import { Trans, useT } from "@/lib/i18n/use-t";
import { useMyTournaments } from "../api/get-my-tournaments";
import { myStatusLabel } from "./registered-mark";
import "./registered-mark.css";

/** One of the viewer's tournaments: title, badges, dates, the squad or team they entered with, their status. */
function MyTournamentRow({ m }: { m: MyTournament }) {
  const _ = useT();
  const t = m.tournament;
  const status = myStatusLabel(_, m);
  return (
    <li className="my-tournament">
      <div className="my-tournament__main">
        <Link className="my-tournament__title" to={paths.tournament(t.id)}>
          {t.title}
        </Link>
        <BadgeGroup {...tournamentBadges(t)} />
        <p className="my-tournament__meta">
          <DateRangeLabel {...tournamentDates(t)} />
          {m.squad_id !== null && (
            <>
              {" · "}
              <Trans
                id="tournaments.mine.squad"
                values={{ squad: `${m.squad_tag ? `[${m.squad_tag}] ` : ""}${m.squad_name ?? ""}` }}
                components={{ 0: <Link to={`/tournaments/${t.id}/squads/${m.squad_id}`} /> }}
              />
            </>
          )}
          {m.team_id !== null && (
            <>
              {" · "}
              <Trans
                id="tournaments.mine.team"
                values={{ team: m.team_name ?? "" }}
                components={{ 0: <Link to={paths.teamEligiblePlayers(t.id, m.team_id)} /> }}
              />
            </>
          )}
        </p>
      </div>
      <span
        className={`registered-mark registered-mark--${m.status}`}
        title={m.status === "waitlisted" ? _("tournaments.mine.waitlistTitle", { position: m.waitlist_position ?? "?" }) : undefined}
      >
        {status}
      </span>
    </li>
  );
}

function Section({ title, items, empty }: { title: string; items: MyTournament[]; empty: string }) {
  return (
    <section className="panel" aria-label={title}>
      <h2 className="panel__title">{title}</h2>
      <div className="panel__body">
        {items.length === 0 ? (
          <p className="empty">{empty}</p>
        ) : (
          <ul className="my-tournaments">
            {items.map((m) => (
              <MyTournamentRow key={m.tournament.id} m={m} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/**
 * `/tournaments/mine` ("My Tournaments", from the account menu): the tournaments the signed-in
 * player is in, ongoing and upcoming first, then past, as the server orders them. Signed out: a
 * log-in link that comes back here; no profile: the create-profile button.
 */
export function MyTournamentsPage() {
  const _ = useT();
  const session = useSession();
  const here = useHere();
  const q = useMyTournaments();
  const user = session.data?.user ?? null;
  if (session.data === undefined) return session.isError ? <FailurePanel onRetry={() => void session.refetch()} /> : <Loading />;
  if (!user)
    return (
      <p className="access-note">
        <Trans id="tournaments.mine.logIn" components={{ 0: <Link to={paths.login(here)} /> }} />
      </p>
    );
  if (user.player_id === null) return <NoProfile message={_("tournaments.mine.noProfile")} next={here} />;
  if (q.isError && !q.data) return <FailurePanel onRetry={() => void q.refetch()} />;
  if (!q.data) return <Loading />;
  const current = q.data.data.filter((m) => m.when !== "past");
  const past = q.data.data.filter((m) => m.when === "past");
  return (
    <>
      <Section title={_("tournaments.mine.current")} items={current} empty={_("tournaments.mine.current.empty")} />
      {current.length === 0 && (
        <p>
          <LinkButton to={paths.tournaments} variant="secondary" size="sm">
            {_("tournaments.mine.browse")}
          </LinkButton>
        </p>
      )}
      <Section title={_("tournaments.list.tab.past")} items={past} empty={_("tournaments.mine.past.empty")} />
    </>
  );
}
