import { type ReactNode, useRef, useState } from "react";
import { Link } from "react-router";
import { type SeriesDetail, SERIES_TOURNAMENTS_PAGE_SIZE } from "@site/contract";
import { BadgeGroup } from "@/components/ui/badge-group";
import { DateRangeLabel } from "@/components/ui/date-range-label";
import { FailurePanel } from "@/components/ui/failure-panel";
import { LinkButton } from "@/components/ui/link-button";
import { LocationLink } from "@/components/ui/location-link";
import { Loading } from "@/components/ui/loading";
import { Pager } from "@/components/ui/pager";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { useSeries } from "../api/get-series";
import { HistoryMedals, SeriesStatsPanel } from "./series-stats";
import { GeneratedArt } from "@/components/ui/generated-art";
import { useT } from "@/lib/i18n/use-t";

export function SeriesNotFound() {
  const _ = useT();
  return (
    <div className="access-note" role="status">
      <p>{_("series.notFound")}</p>
      <Link to={paths.series}>{_("series.backToList")}</Link>
    </div>
  );
}

/**
 * Loads a series (by URL ID or id) for a screen: spinner, 'Series not found.' on 404, failure
 * panel. `page` is the Tournament History page; "all" loads every tournament (the edit form).
 */
export function WithSeries({
  slugOrId,
  page = 1,
  children,
}: {
  slugOrId: string | number;
  page?: number | "all";
  children: (s: SeriesDetail) => ReactNode;
}) {
  const query = useSeries(slugOrId, slugOrId !== "", page);
  if (query.data) return <>{children(query.data)}</>;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <SeriesNotFound />;
    return <FailurePanel onRetry={() => void query.refetch()} />;
  }
  return <Loading />;
}

/** Logo and name of a series, with its markers; the head of the series screens. */
export function SeriesHeader({ s, title }: { s: SeriesDetail; title?: string }) {
  const _ = useT();
  return (
    <header className="tournament-hero">
      {s.logo_url ? (
        <img className="tournament-hero__logo" src={s.logo_url} alt="" width={96} height={96} />
      ) : (
        <GeneratedArt className="tournament-hero__logo" name={s.series_name} />
      )}
      <div className="tournament-hero__text">
        <h1 className="tournament-hero__title">
          {title ?? s.series_name}
          {s.historical && <span className="series-card__marker"> {_("series.marker.historical")}</span>}
          {!s.published && <span className="series-card__marker"> {_("series.marker.unpublished")}</span>}
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
  const _ = useT();
  // Tournament History pages by SERIES_TOURNAMENTS_PAGE_SIZE, newest first; the Stats stay whole.
  const [page, setPage] = useState(1);
  const busy = useSeries(slugOrId, slugOrId !== "", page).isPlaceholderData;
  const historyTop = useRef<HTMLElement>(null);
  const goToPage = (n: number) => {
    setPage(n);
    historyTop.current?.scrollIntoView?.({ block: "start" });
  };
  return (
    <WithSeries slugOrId={slugOrId} page={page}>
      {(s) => {
        const history = s.tournaments.filter((t) => t.published);
        const first = (s.page - 1) * SERIES_TOURNAMENTS_PAGE_SIZE + 1;
        return (
          <article className="series-page">
            <SeriesHeader s={s} />
            {(s.can_edit || s.can_manage_roles || s.can_manage_templates) && (
              <nav className="admin-actions" aria-label={_("series.admin.label")}>
                {s.can_edit && (
                  <LinkButton to={paths.seriesEdit(s.id)} variant="secondary" size="sm">
                    {_("series.admin.edit")}
                  </LinkButton>
                )}
                {s.can_manage_roles && (
                  <LinkButton to={paths.seriesRoles(s.id)} variant="secondary" size="sm">
                    {_("series.admin.roles")}
                  </LinkButton>
                )}
                {s.can_manage_templates && (
                  <LinkButton to={paths.seriesTemplates(s.id)} variant="secondary" size="sm">
                    {_("series.admin.templates")}
                  </LinkButton>
                )}
                {s.can_edit && (
                  <LinkButton to={paths.webhooks("series", s.id)} variant="secondary" size="sm">
                    {_("tournament.admin.webhooks")}
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
            {s.historical && <p className="series-card__note">{_("series.historicalNote")}</p>}
            <section className="panel">
              <div
                className="panel__body markdown-body"
                {...(s.full_description_formatted
                  ? { dangerouslySetInnerHTML: { __html: s.full_description_formatted } }
                  : { children: <p>{s.short_description}</p> })}
              />
            </section>
            <SeriesStatsPanel s={s} />
            <section className="panel" aria-labelledby="series-history" ref={historyTop}>
              <header className="panel__header">
                <h2 className="panel__title" id="series-history">
                  {_("series.history.title")}
                </h2>
                {s.page_count > 1 && (
                  <span className="muted">
                    {_("series.history.range", { first, last: first + s.tournaments.length - 1, total: s.tournaments_count })}
                  </span>
                )}
              </header>
              {history.length === 0 ? (
                <p className="empty panel__body">{_("series.history.empty")}</p>
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
                          {_("series.registerNow")}
                        </LinkButton>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <div className="panel__body">
                <Pager page={s.page} hasNextPage={s.page < s.page_count} onPageChange={goToPage} busy={busy} />
              </div>
            </section>
          </article>
        );
      }}
    </WithSeries>
  );
}
