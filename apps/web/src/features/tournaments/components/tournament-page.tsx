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
import { isUtcZone } from "@/lib/time-format";
import { useViewerTimeZone } from "@/hooks/use-viewer-time-zone";
import { useTournament } from "../api/get-tournament";
import { entrantCountLabel, entrantCountNumber } from "./entrant-count";
import { LiveTournamentSchedule } from "./tournament-schedule";
import { GeneratedArt } from "@/components/ui/generated-art";
import { useLiveTopics } from "@/features/live/api/use-live-topics";

/** What a page shows when its tournament does not exist or is hidden from the viewer (a 404). */
export function TournamentNotFound() {
  return (
    <div className="access-note" role="status">
      <p>Tournament not found.</p>
      <Link to={paths.tournaments}>Back to tournaments</Link>
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
  if (!t.can_administrate) return null;
  return (
    <nav className="admin-actions" aria-label="Tournament administration">
      <LinkButton to={paths.tournamentEdit(t.id)} variant="secondary" size="sm">
        Edit Tournament
      </LinkButton>
      <LinkButton to={paths.tournamentRegistrations(t.id)} variant="secondary" size="sm">
        Registrations ({entrantCountNumber(t)})
      </LinkButton>
      {!isTeamEvent(t.event_format) && (
        <LinkButton to={paths.tournamentRounds(t.id)} variant="secondary" size="sm">
          Rounds
        </LinkButton>
      )}
      <LinkButton to={paths.tournamentPlacementsEdit(t.id)} variant="secondary" size="sm">
        Edit Placements
      </LinkButton>
      <LinkButton to={paths.tournamentControls(t.id)} variant="secondary" size="sm">
        Controls
      </LinkButton>
      <LinkButton to={paths.tournamentLogs(t.id)} variant="secondary" size="sm">
        Logs
      </LinkButton>
      <LinkButton to={paths.webhooks("tournament", t.id)} variant="secondary" size="sm">
        Webhooks
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
          {!t.published && <span className="badge badge--muted">Unpublished</span>}
          {connected && (
            <span className="badge badge--live" title="This page updates by itself as things change">
              Live
            </span>
          )}
        </div>
      </div>
    </header>
  );
}

/** The info list (001 §2 Team tournament page): When, deadline, game, mode, format, sizes, location, series. */
function InfoList({ t }: { t: TournamentDetail }) {
  const viewerZone = useViewerTimeZone();
  const seriesVisible = t.tournament_series_id !== null && (t.series_published || t.can_administrate);
  return (
    <dl className="info-list">
      <div>
        <dt>When</dt>
        <dd>
          <DateRangeLabel
            startDate={t.start_date}
            endDate={t.end_date}
            startDateHuman={t.start_date_human}
            endDateHuman={t.end_date_human}
          />
        </dd>
      </div>
      {t.transfer_deadline_human && (
        <div>
          <dt>Player Transfer Deadline</dt>
          <dd>
            {/* The spec's words (001 §2: '23:59:59 UTC'), then the same instant in the viewer's zone. */}
            {t.transfer_deadline_human}
            {t.transfer_deadline && !isUtcZone(viewerZone) && (
              <span className="info-list__local">
                <LocalTime at={`${t.transfer_deadline}T23:59:59Z`} seconds /> <span className="muted">(your time)</span>
              </span>
            )}
          </dd>
        </div>
      )}
      <div>
        <dt>Game</dt>
        <dd>{t.game_human}</dd>
      </div>
      <div>
        <dt>Game Mode</dt>
        <dd>{t.game_mode_human}</dd>
      </div>
      <div>
        <dt>Registration Format</dt>
        <dd>{t.event_format_human}</dd>
      </div>
      <div>
        <dt>Entrants</dt>
        <dd>
          {/* Everyone may see who entered (the public lists of 001 §2); staff manage them there. */}
          <Link to={paths.tournamentRegistrations(t.id)}>
            Registrations ({entrantCountNumber(t)}) <span className="muted">· {entrantCountLabel(t)}</span>
          </Link>
        </dd>
      </div>
      {/* Solo and squad tournaments run their FFA rounds on the site (issue #19); the rounds page says when none is published yet. */}
      {!isTeamEvent(t.event_format) && (
        <div>
          <dt>Rounds</dt>
          <dd>
            <Link to={paths.tournamentRounds(t.id)}>Rounds and rooms</Link> · <Link to={paths.tournamentLive(t.id)}>Live board</Link>
          </dd>
        </div>
      )}
      {isTeamEvent(t.event_format) && (
        <div>
          <dt>Minimum Team Size</dt>
          <dd>{t.minimum_team_size}</dd>
        </div>
      )}
      {isSquadEvent(t.event_format) && (
        <div>
          <dt>Squad Size</dt>
          <dd>{t.minimum_team_size === t.maximum_team_size ? t.minimum_team_size : `${t.minimum_team_size}–${t.maximum_team_size}`}</dd>
        </div>
      )}
      {t.organizer === "lan" && t.location && (
        <div>
          <dt>Location</dt>
          <dd>
            <LocationLink location={t.location} url={t.location_url} />
          </dd>
        </div>
      )}
      {seriesVisible && (
        <div>
          <dt>Part of a Series</dt>
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
            <section className="panel tournament-page__info" aria-label="Tournament info">
              <div className="panel__body">
                <InfoList t={t} />
              </div>
            </section>
            <div className="tournament-page__main">
              {t.description_formatted && (
                <section className="panel" aria-labelledby={`details-${t.id}`}>
                  <header className="panel__header">
                    <h2 className="panel__title" id={`details-${t.id}`}>
                      Tournament Details
                    </h2>
                  </header>
                  <div className="panel__body markdown-body" dangerouslySetInnerHTML={{ __html: t.description_formatted }} />
                </section>
              )}
              {t.rules_formatted && (
                <details className="panel collapsible">
                  <summary className="panel__header">
                    <h2 className="panel__title">Tournament Rules</h2>
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
