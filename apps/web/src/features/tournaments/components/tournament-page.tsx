import type { ReactNode } from "react";
import { Link } from "react-router";
import { isSquadEvent, isTeamEvent, tournamentTopic, type TournamentDetail } from "@site/contract";
import { BadgeGroup } from "@/components/ui/badge-group";
import { DateRangeLabel } from "@/components/ui/date-range-label";
import { LocalTime } from "@/components/ui/local-time";
import { FailurePanel } from "@/components/ui/failure-panel";
import { LinkButton } from "@/components/ui/link-button";
import { LocationLink } from "@/components/ui/location-link";
import { Loading } from "@/components/ui/loading";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { formatDay, isUtcZone } from "@/lib/time-format";
import { useViewerTimeZone } from "@/hooks/use-viewer-time-zone";
import { useTournament } from "../api/get-tournament";
import { entrantCountNumber, entrantCountText, formatName } from "./entrant-count";
import { LiveTournamentSchedule } from "./tournament-schedule";
import { GeneratedArt } from "@/components/ui/generated-art";
import { useLiveTopics } from "@/features/live/api/use-live-topics";
import { gameModeTitle, gameTitle } from "@/lib/i18n/contract-labels";
import { useI18n, useT } from "@/lib/i18n/use-t";

/** What a page shows when its tournament does not exist or is hidden from the viewer (a 404). */
export function TournamentNotFound() {
  const _ = useT();
  return (
    <div className="access-note" role="status">
      <p>{_("tournament.notFound")}</p>
      <Link to={paths.tournaments}>{_("tournament.backToList")}</Link>
    </div>
  );
}

/**
 * Loads one tournament for a screen: the spinner, 'Tournament not found.' on a 404 (unpublished
 * tournaments answer 404 to those who may not see them), the failure panel otherwise.
 */
export function WithTournament({ id, children }: { id: number; children: (t: TournamentDetail) => ReactNode }) {
  const query = useTournament(id, Number.isInteger(id) && id > 0);
  if (!Number.isInteger(id) || id <= 0) return <TournamentNotFound />;
  if (query.data) return <>{children(query.data)}</>;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <TournamentNotFound />;
    return <FailurePanel onRetry={() => void query.refetch()} />;
  }
  return <Loading />;
}

/** The admin actions of the tournament pages (001 §2 Team tournament page; §6 canAdministrate). */
function AdminActions({ t }: { t: TournamentDetail }) {
  const _ = useT();
  if (!t.can_administrate) return null;
  return (
    <nav className="admin-actions" aria-label={_("tournament.admin.label")}>
      <LinkButton to={paths.tournamentEdit(t.id)} variant="secondary" size="sm">
        {_("tournament.admin.edit")}
      </LinkButton>
      <LinkButton to={paths.tournamentRegistrations(t.id)} variant="secondary" size="sm">
        {_("tournament.registrations", { count: entrantCountNumber(t) })}
      </LinkButton>
      {!isTeamEvent(t.event_format) && (
        <LinkButton to={paths.tournamentRounds(t.id)} variant="secondary" size="sm">
          {_("tournament.admin.rounds")}
        </LinkButton>
      )}
      <LinkButton to={paths.tournamentPlacementsEdit(t.id)} variant="secondary" size="sm">
        {_("tournament.admin.editPlacements")}
      </LinkButton>
      <LinkButton to={paths.tournamentControls(t.id)} variant="secondary" size="sm">
        {_("tournament.admin.controls")}
      </LinkButton>
      <LinkButton to={paths.tournamentLogs(t.id)} variant="secondary" size="sm">
        {_("tournament.admin.logs")}
      </LinkButton>
      <LinkButton to={paths.webhooks("tournament", t.id)} variant="secondary" size="sm">
        {_("tournament.admin.webhooks")}
      </LinkButton>
    </nav>
  );
}

/**
 * Logo, title, badges and the Unpublished marker: the head of every tournament screen. It also
 * keeps the screen live (issue #20 §1): while shown, the tournament's topic is on the tab's SSE
 * connection, so the page, its registration lists, rounds, rooms and placements refetch when
 * they change; a small "Live" badge says so while the connection is open.
 */
export function TournamentHeader({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const { connected } = useLiveTopics([tournamentTopic(t.id)]);
  return (
    <header className="tournament-hero">
      {t.logo_url ? (
        <img className="tournament-hero__logo" src={t.logo_url} alt="" width={96} height={96} />
      ) : (
        <GeneratedArt className="tournament-hero__logo" name={t.title} />
      )}
      <div className="tournament-hero__text">
        <h1 className="tournament-hero__title">{t.title}</h1>
        <div className="tournament-hero__badges">
          <BadgeGroup
            game={t.game}
            gameHuman={t.game_human}
            gameMode={t.game_mode}
            gameModeHuman={t.game_mode_human}
            eventFormatHuman={t.event_format_human}
            organizer={t.organizer}
          />
          {!t.published && <span className="badge badge--muted">{_("tournament.unpublished")}</span>}
          {connected && (
            <span className="badge badge--live" title={_("tournament.liveTitle")}>
              {_("tournament.live")}
            </span>
          )}
        </div>
      </div>
    </header>
  );
}

/** The info list (001 §2 Team tournament page): When, deadline, game, mode, format, sizes, location, series. */
function InfoList({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const { locale } = useI18n();
  const viewerZone = useViewerTimeZone();
  // The spec's words (001 §2: 'Nov 22, 2026 23:59:59 UTC', `transfer_deadline_human`) with the
  // deadline's UTC day in the page's language (#21 §4).
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an ISO time and '23:59:59 UTC', written alike in every language
  const deadline = t.transfer_deadline && `${formatDay(`${t.transfer_deadline}T00:00:00Z`, locale)} 23:59:59 UTC`;
  const seriesVisible = t.tournament_series_id !== null && (t.series_published || t.can_administrate);
  return (
    <dl className="info-list">
      <div>
        <dt>{_("tournament.info.when")}</dt>
        <dd>
          <DateRangeLabel
            startDate={t.start_date}
            endDate={t.end_date}
            startDateHuman={t.start_date_human}
            endDateHuman={t.end_date_human}
          />
        </dd>
      </div>
      {t.transfer_deadline && (
        <div>
          <dt>{_("tournament.info.transferDeadline")}</dt>
          <dd>
            {/* The deadline in UTC, then the same instant in the viewer's zone. */}
            {deadline}
            {!isUtcZone(viewerZone) && (
              <span className="info-list__local">
                <LocalTime at={`${t.transfer_deadline}T23:59:59Z`} seconds /> <span className="muted">{_("tournament.info.yourTime")}</span>
              </span>
            )}
          </dd>
        </div>
      )}
      <div>
        <dt>{_("tournament.info.game")}</dt>
        <dd>{gameTitle(_, t.game)}</dd>
      </div>
      <div>
        <dt>{_("tournament.info.gameMode")}</dt>
        <dd>{gameModeTitle(_, t.game_mode)}</dd>
      </div>
      <div>
        <dt>{_("tournament.info.format")}</dt>
        <dd>{formatName(_, t.event_format, t.event_format_human)}</dd>
      </div>
      <div>
        <dt>{_("tournament.info.entrants")}</dt>
        <dd>
          {/* Everyone may see who entered (the public lists of 001 §2); staff manage them there. */}
          <Link to={paths.tournamentRegistrations(t.id)}>
            {_("tournament.registrations", { count: entrantCountNumber(t) })} <span className="muted">· {entrantCountText(_, t)}</span>
          </Link>
        </dd>
      </div>
      {/* Solo and squad tournaments run their FFA rounds on the site (issue #19); the rounds page says when none is published yet. */}
      {!isTeamEvent(t.event_format) && (
        <div>
          <dt>{_("tournament.info.rounds")}</dt>
          <dd>
            <Link to={paths.tournamentRounds(t.id)}>{_("tournament.info.roundsLink")}</Link> ·{" "}
            <Link to={paths.tournamentLive(t.id)}>{_("tournament.info.liveBoard")}</Link>
          </dd>
        </div>
      )}
      {isTeamEvent(t.event_format) && (
        <div>
          <dt>{_("tournament.info.minTeamSize")}</dt>
          <dd>{t.minimum_team_size}</dd>
        </div>
      )}
      {isSquadEvent(t.event_format) && (
        <div>
          <dt>{_("tournament.info.squadSize")}</dt>
          <dd>{t.minimum_team_size === t.maximum_team_size ? t.minimum_team_size : `${t.minimum_team_size}–${t.maximum_team_size}`}</dd>
        </div>
      )}
      {t.organizer === "lan" && t.location && (
        <div>
          <dt>{_("tournament.info.location")}</dt>
          <dd>
            <LocationLink location={t.location} url={t.location_url} />
          </dd>
        </div>
      )}
      {seriesVisible && (
        <div>
          <dt>{_("tournament.info.series")}</dt>
          <dd>
            <Link to={paths.seriesDetail(t.series_url_slug ?? t.tournament_series_id!)}>{t.series_name}</Link>
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * What other features put on the tournament page; the route composes them (app/).
 * - `registration`: the post-registration message panel and the status block (REGISTERED /
 *   OPTED OUT / PENDING APPROVAL, Register Now!, 'Registrations for this tournament have
 *   closed.', check-in) of 001 §2 and §4, from the registration features by format;
 * - `placementStatus`: once placements exist, the 'You placed' block or 'This tournament has
 *   concluded.' under the header (features/placements);
 * - `placementsPreview`: the Top 12 preview ('Showing Top 12', link to the full placements);
 * - `yourRoom`: the signed-in entrant's room in the latest published round (features/rounds).
 * Each renders nothing until it applies.
 */
export interface TournamentPageSlots {
  registration: (t: TournamentDetail) => ReactNode;
  placementStatus: (t: TournamentDetail) => ReactNode;
  placementsPreview: (t: TournamentDetail) => ReactNode;
  yourRoom?: (t: TournamentDetail) => ReactNode;
}

/**
 * `/tournaments/{id}` for solo, squad and team formats (001 §2): header, admin actions, the
 * registration and placement status slots, the info list, details and collapsible rules from
 * markdown, and the placements preview slot.
 */
export function TournamentPage({ id, slots }: { id: number; slots: TournamentPageSlots }) {
  const _ = useT();
  return (
    <WithTournament id={id}>
      {(t) => (
        <article className="tournament-page" data-format={t.event_format}>
          <TournamentHeader t={t} />
          <AdminActions t={t} />
          <LiveTournamentSchedule t={t} />
          {slots.registration(t)}
          {slots.placementStatus(t)}
          {slots.yourRoom?.(t)}
          <div className="tournament-page__grid">
            <section className="panel tournament-page__info" aria-label={_("tournament.info.label")}>
              <div className="panel__body">
                <InfoList t={t} />
              </div>
            </section>
            <div className="tournament-page__main">
              {t.description_formatted && (
                <section className="panel" aria-labelledby={`details-${t.id}`}>
                  <header className="panel__header">
                    <h2 className="panel__title" id={`details-${t.id}`}>
                      {_("tournament.details")}
                    </h2>
                  </header>
                  <div className="panel__body markdown-body" dangerouslySetInnerHTML={{ __html: t.description_formatted }} />
                </section>
              )}
              {t.rules_formatted && (
                <details className="panel collapsible">
                  <summary className="panel__header">
                    <h2 className="panel__title">{_("tournament.rules")}</h2>
                  </summary>
                  <div className="panel__body markdown-body" dangerouslySetInnerHTML={{ __html: t.rules_formatted }} />
                </details>
              )}
              {slots.placementsPreview(t)}
            </div>
          </div>
        </article>
      )}
    </WithTournament>
  );
}
