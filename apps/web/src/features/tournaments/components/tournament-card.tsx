import { Link } from "react-router";
import type { TournamentListItem } from "@site/contract";
import { BadgeGroup, tournamentBadges } from "@/components/ui/badge-group";
import { DateRangeLabel, tournamentDates } from "@/components/ui/date-range-label";
import { LinkButton } from "@/components/ui/link-button";
import { paths } from "@/config/paths";
import { entrantRegisteredText } from "./entrant-count";
import { RegisteredMark, useIsMine } from "./registered-mark";
import { GeneratedArt } from "@/components/ui/generated-art";
import { useT } from "@/lib/i18n/use-t";

/**
 * A tournament card (001 §2 Tournament listing): logo, title, badges, date range, series, the LAN
 * location, the entrants so far (a link to the registrations), and Register Now while
 * registrations are open, or "Registered ✓" when the viewer is in it. Unpublished tournaments (visible to
 * staff only) are drawn at half opacity and marked.
 */
export function TournamentCard({ tournament: t }: { tournament: TournamentListItem }) {
  const _ = useT();
  const mine = useIsMine(t.id);
  return (
    <article className={["tournament-card", t.published ? "" : "is-unpublished"].filter(Boolean).join(" ")}>
      {t.logo_url ? (
        <img className="tournament-card__logo" src={t.logo_url} alt="" width={64} height={64} loading="lazy" />
      ) : (
        <GeneratedArt className="tournament-card__logo" name={t.title} />
      )}
      <div className="tournament-card__body">
        <h3 className="tournament-card__title">
          <Link to={paths.tournament(t.id)}>{t.title}</Link>
          {!t.published && <span className="badge badge--muted">{_("tournament.unpublished")}</span>}
        </h3>
        <BadgeGroup {...tournamentBadges(t)} />
        <p className="tournament-card__meta">
          <DateRangeLabel {...tournamentDates(t)} />
          {t.organizer === "lan" && t.location && (
            <>
              {" · "}
              {t.location_url ? (
                <a href={t.location_url} target="_blank" rel="noopener noreferrer">
                  {t.location}
                </a>
              ) : (
                t.location
              )}
            </>
          )}
          {t.series_name && (
            <>
              {" · "}
              <Link to={paths.seriesDetail(t.series_url_slug ?? t.tournament_series_id ?? "")}>{t.series_name}</Link>
            </>
          )}
          {!t.is_historical && (
            <>
              {" · "}
              <Link to={paths.tournamentRegistrations(t.id)} className="tournament-card__entrants">
                {entrantRegisteredText(_, t)}
              </Link>
            </>
          )}
        </p>
      </div>
      {mine ? (
        <RegisteredMark id={t.id} className="tournament-card__register" />
      ) : (
        t.registrations_open && (
          <LinkButton to={paths.tournamentRegister(t.id)} size="sm" className="tournament-card__register">
            {_("home.tournaments.register")}
          </LinkButton>
        )
      )}
    </article>
  );
}
