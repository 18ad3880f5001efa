import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SeriesDetail } from "@site/contract";
import { BadgeGroup } from "@/components/ui/badge-group";
import { DateRangeLabel } from "@/components/ui/date-range-label";
import { FailurePanel } from "@/components/ui/failure-panel";
import { LinkButton } from "@/components/ui/link-button";
import { Loading } from "@/components/ui/loading";
import { paths } from "@/config/paths";
import { LocationLink } from "@/features/tournaments/components/tournament-page";
import { ApiError } from "@/lib/api-client";
import { useSeries } from "../api/get-series";
import { HISTORICAL_NOTE } from "./series-card";
import { HistoryMedals, SeriesStatsPanel } from "./series-stats";
import "@/features/placements/components/placements.css";

export function SeriesNotFound() {
  return (
    <div className="access-note" role="status">
      <p>Series not found.</p>
      <Link to={paths.series}>Back to the series</Link>
    </div>
  );
}

/** Loads a series (by URL ID or id) for a screen: spinner, 'Series not found.' on 404, failure panel. */
export function WithSeries({ slugOrId, children }: { slugOrId: string | number; children: (s: SeriesDetail) => ReactNode }) {
  const query = useSeries(slugOrId, slugOrId !== "");
  if (query.data) return <>{children(query.data)}</>;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <SeriesNotFound />;
    return <FailurePanel onRetry={() => void query.refetch()} />;
  }
  return <Loading />;
}

/** Logo and name of a series, with its markers; the head of the series screens. */
export function SeriesHeader({ s, title }: { s: SeriesDetail; title?: string }) {
  return (
    <header className="tournament-hero">
      {s.logo_url && <img className="tournament-hero__logo" src={s.logo_url} alt="" width={96} height={96} />}
      <div className="tournament-hero__text">
        <h1 className="tournament-hero__title">
          {title ?? s.series_name}
          {s.historical && <span className="series-card__marker"> (Historical)</span>}
          {!s.published && <span className="series-card__marker"> (Unpublished)</span>}
        </h1>
        {title && (
          <p className="muted">
            <Link to={paths.seriesDetail(s.url_slug)}>{s.series_name}</Link>
          </p>
        )}
      </div>
    </header>
  );
}

/**
 * `/tournaments/series/{slugOrId}` (001 §2 Series detail): admin actions (Edit, Manage Roles,
 * Manage Templates), logo and title, location, description, and the Tournament History of
 * published tournaments with their medal placements (1 to 3, linked members) and Register Now!
 * while open, and the Stats panel (Podium Finishes, Finals Appearances, Tournament Appearances).
 */
export function SeriesDetailPage({ slugOrId }: { slugOrId: string }) {
  return (
    <WithSeries slugOrId={slugOrId}>
      {(s) => {
        const history = s.tournaments.filter((t) => t.published);
        return (
          <article className="series-page">
            <SeriesHeader s={s} />
            {(s.can_edit || s.can_manage_roles || s.can_manage_templates) && (
              <nav className="admin-actions" aria-label="Series administration">
                {s.can_edit && (
                  <LinkButton to={paths.seriesEdit(s.id)} variant="secondary" size="sm">
                    Edit
                  </LinkButton>
                )}
                {s.can_manage_roles && (
                  <LinkButton to={paths.seriesRoles(s.id)} variant="secondary" size="sm">
                    Manage Roles
                  </LinkButton>
                )}
                {s.can_manage_templates && (
                  <LinkButton to={paths.seriesTemplates(s.id)} variant="secondary" size="sm">
                    Manage Templates
                  </LinkButton>
                )}
              </nav>
            )}
            <div className="series-page__meta">
              <BadgeGroup
                gameMode={s.game_mode}
                gameModeHuman={s.game_mode_human}
                eventFormatHuman={s.event_format_human}
                organizer={s.organizer}
              />
              {s.organizer === "lan" && s.location && (
                <span className="series-page__location">
                  <LocationLink location={s.location} url={s.location_url} />
                </span>
              )}
            </div>
            {s.historical && <p className="series-card__note">{HISTORICAL_NOTE}</p>}
            <section className="panel">
              <div
                className="panel__body markdown-body"
                {...(s.full_description_formatted
                  ? { dangerouslySetInnerHTML: { __html: s.full_description_formatted } }
                  : { children: <p>{s.short_description}</p> })}
              />
            </section>
            <SeriesStatsPanel s={s} />
            <section className="panel" aria-labelledby="series-history">
              <header className="panel__header">
                <h2 className="panel__title" id="series-history">
                  Tournament History
                </h2>
              </header>
              {history.length === 0 ? (
                <p className="empty panel__body">No tournaments yet.</p>
              ) : (
                <ul className="rows series-history">
                  {history.map((t) => (
                    <li key={t.id} className="row series-history__row">
                      <div className="series-history__main">
                        <Link to={paths.tournament(t.id)} className="series-history__title">
                          {t.title}
                        </Link>
                        <span className="row__meta">
                          <DateRangeLabel
                            startDate={t.start_date}
                            endDate={t.end_date}
                            startDateHuman={t.start_date_human}
                            endDateHuman={t.end_date_human}
                          />
                          {t.organizer === "lan" && t.location && (
                            <>
                              {" · "}
                              <LocationLink location={t.location} url={t.location_url} />
                            </>
                          )}
                        </span>
                        <BadgeGroup
                          game={t.game}
                          gameHuman={t.game_human}
                          gameModeHuman={t.game_mode_human}
                          eventFormatHuman={t.event_format_human}
                        />
                        <HistoryMedals t={t} />
                      </div>
                      {t.registrations_open && (
                        <LinkButton to={paths.tournamentRegister(t.id)} size="sm">
                          Register Now!
                        </LinkButton>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </article>
        );
      }}
    </WithSeries>
  );
}
