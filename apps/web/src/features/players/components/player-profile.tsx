import type { CSSProperties } from "react";
import { Link, useLocation } from "react-router";
import { colorHex, displayFriendCode, FC_FIELDS, type FcField, type FriendCodeType, type PlayerProfile } from "@site/contract";
import { Flag } from "@/components/ui/flag";
import { LinkButton } from "@/components/ui/link-button";
import { Panel } from "@/components/ui/panel";
import { QueryState } from "@/components/ui/query-state";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import { PlacementLabel } from "@/components/ui/placement-label";
import { useSession } from "@/features/session/api/get-session";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { ApiError } from "@/lib/api-client";
import { Trans, useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";
import { usePlayer } from "../api/get-player";
import { friendCodeLabel, type SaveFlash, useCountryNames, useSaveMessage } from "../texts";
import "./players.css";

/** The codes in the profile's order (Switch, 3DS, Mario Kart Tour, NNID), each with its field. */
const CODES = (Object.entries(FC_FIELDS) as Array<[FcField, FriendCodeType]>).map(([field, type]) => [type, field] as const);

function PlayerMissing() {
  const _ = useT();
  return (
    <div className="page page--narrow">
      <h1>{_("players.notFound.title")}</h1>
      <p>{_("players.notFound.text")}</p>
      <p>
        <Link to={paths.players}>{_("players.backToList")}</Link>
      </p>
    </div>
  );
}

/** Friend codes with their prefixes (SW-, 3DS-, MKT-; the NNID has none) and the Discord tag. */
function ContactPanel({ p }: { p: PlayerProfile }) {
  const _ = useT();
  const codes = CODES.filter(([, field]) => p[field]);
  return (
    <Panel title={_("players.profile.friendCodes")}>
      {/* Outside the list: a <dl> may hold only dt/dd groups (axe definition-list). */}
      {codes.length === 0 && <p className="empty">{_("players.profile.noFriendCodes")}</p>}
      <dl className="fc-list">
        {codes.map(([type, field]) => (
          <div key={type} className="fc-list__row">
            <dt>{friendCodeLabel(_, type)}</dt>
            <dd className="fc-list__code">{displayFriendCode(type, p[field]!)}</dd>
          </div>
        ))}
        <div className="fc-list__row">
          <dt>{_("players.profile.discord")}</dt>
          <dd>
            {p.discord_tag ??
              (p.discord_privacy === "private" ? (
                <span className="muted">{_("players.profile.private")}</span>
              ) : (
                <span className="muted">–</span>
              ))}
          </dd>
        </div>
      </dl>
    </Panel>
  );
}

function TeamsPanel({ p }: { p: PlayerProfile }) {
  const _ = useT();
  const { locale } = useI18n();
  return (
    <Panel title={_("players.profile.teams")}>
      {p.current_teams.length === 0 ? (
        <p className="empty">{_("players.profile.notInTeam")}</p>
      ) : (
        <ul className="rows">
          {p.current_teams.map((t) => (
            <li key={t.team_id} className="row player-team">
              {t.team_logo ? <img className="team-row__logo" src={t.team_logo} alt="" /> : null}
              <span className="player-team__body">
                <span className="player-team__name">
                  <TeamTag tag={t.team_tag} color={t.team_color} name={t.team_name} /> <Link to={paths.team(t.team_id)}>{t.team_name}</Link>
                  {t.is_leader && <span className="badge">{_("players.profile.leader")}</span>}
                  {!t.is_leader && t.is_manager && <span className="badge">{_("players.profile.manager")}</span>}
                </span>
                <span className="row__meta">
                  {_("players.profile.teamSince", { category: t.category_title, date: formatDay(t.joined_at, locale) })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function HistoryPanel({ p }: { p: PlayerProfile }) {
  const _ = useT();
  const { locale } = useI18n();
  return (
    <Panel title={_("players.profile.history")}>
      {p.team_history.length === 0 ? (
        <p className="empty">{_("players.profile.noHistory")}</p>
      ) : (
        <div className="table-scroll">
          <table className="stats-table">
            <thead>
              <tr>
                <th scope="col">{_("players.profile.col.team")}</th>
                <th scope="col" className="hide-narrow">
                  {_("players.profile.col.category")}
                </th>
                <th scope="col">{_("players.profile.col.joined")}</th>
                <th scope="col">{_("players.profile.col.left")}</th>
              </tr>
            </thead>
            <tbody>
              {p.team_history.map((h, i) => (
                <tr key={`${h.team_id}-${i}`}>
                  <td>
                    <TeamTag tag={h.team_tag} color={h.team_color} name={h.team_name} />{" "}
                    <Link to={paths.team(h.team_id)}>{h.team_name}</Link>
                    <span className="show-narrow row__meta">{h.category_title}</span>
                  </td>
                  <td className="hide-narrow">{h.category_title}</td>
                  <td className="nowrap">{formatDay(h.joined_at, locale)}</td>
                  <td className="nowrap">{h.left_at ? formatDay(h.left_at, locale) : _("players.profile.current")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

function ResultsPanel({ p }: { p: PlayerProfile }) {
  const _ = useT();
  const { locale } = useI18n();
  return (
    <Panel title={_("players.profile.results")} testId="player-results">
      {p.results.length === 0 ? (
        <p className="empty">{_("players.profile.noResults")}</p>
      ) : (
        <div className="table-scroll">
          <table className="stats-table">
            <thead>
              <tr>
                <th scope="col" className="num">
                  {_("players.profile.col.place")}
                </th>
                <th scope="col">{_("players.profile.col.tournament")}</th>
                <th scope="col">{_("players.profile.col.entry")}</th>
                <th scope="col" className="hide-narrow">
                  {_("players.profile.col.date")}
                </th>
              </tr>
            </thead>
            <tbody>
              {p.results.map((r) => (
                <tr key={`${r.tournament_id}-${r.entrant_type}`}>
                  <td className="num">
                    <PlacementLabel placement={r.placement} upperBound={r.placement_upper_bound} dq={r.dq} />
                  </td>
                  <td>
                    <Link to={paths.tournament(r.tournament_id)}>{r.tournament_title}</Link>
                    <span className="row__meta"> {r.mode_abbrev}</span>
                    {r.title && <span className="badge badge--muted">{r.title}</span>}
                    {r.date && <span className="show-narrow row__meta">{formatDay(r.date, locale)}</span>}
                  </td>
                  <td>{r.entrant_name ?? _("players.profile.solo")}</td>
                  <td className="nowrap hide-narrow">{r.date ? formatDay(r.date, locale) : "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

/** The profile itself, in the player's theme, border colour and background when they are a supporter. */
export function PlayerProfileView({ p }: { p: PlayerProfile }) {
  const _ = useT();
  const { locale } = useI18n();
  const saveMessage = useSaveMessage();
  const country = useCountryNames()(p.country_code, p.country_name);
  const session = useSession();
  const location = useLocation();
  const flash = (location.state as { flash?: SaveFlash } | null)?.flash;
  const user = session.data?.user ?? null;
  const perms = session.data?.permissions;
  const isOwn = user !== null && user.player_id === p.id;
  const canStaffEdit = Boolean(perms?.canModerate || perms?.canAdministrate);
  const border = colorHex(p.profile_picture_border_color);
  const heroStyle: CSSProperties = p.background
    ? // eslint-disable-next-line lingui/no-unlocalized-strings -- CSS
      { backgroundImage: `linear-gradient(to top, var(--surface) 8%, transparent 70%), url("${p.background}")` }
    : {};

  return (
    <div className="player-page" data-theme={p.site_theme} data-testid="player-page">
      <header
        className={`player-hero${p.background ? " player-hero--bg" : ""}`}
        style={heroStyle}
        data-background={p.background ?? undefined}
      >
        <div
          className="player-hero__avatar"
          style={{ borderColor: border }}
          data-border={p.profile_picture_border_color}
          aria-hidden="true"
        >
          {p.display_name.slice(0, 1).toUpperCase()}
        </div>
        <div className="player-hero__body">
          <h1 className="player-hero__name">{p.display_name}</h1>
          <p className="player-hero__meta">
            <Flag code={p.country_code} name={country} /> {country}
            <span aria-hidden="true"> · </span>
            {_("players.profile.joined", { date: formatDay(p.joined_at, locale) })}
          </p>
          <p className="player-hero__badges">
            {p.is_supporter && <span className="badge badge--supporter">{_("players.badge.supporter")}</span>}
            {p.is_shadow && <span className="badge badge--muted">{_("players.badge.shadowPlayer")}</span>}
            {p.is_hidden === 1 && <span className="badge badge--muted">{_("players.badge.hidden")}</span>}
            {p.is_banned && <span className="badge badge--danger">{_("players.badge.banned")}</span>}
          </p>
        </div>
        <div className="player-hero__actions">
          {isOwn && (
            <LinkButton to={paths.editProfile} size="sm">
              {_("players.editProfile")}
            </LinkButton>
          )}
          {canStaffEdit && (
            <LinkButton to={paths.playerEdit(p.id)} size="sm" variant="secondary">
              {_("players.editPlayer")}
            </LinkButton>
          )}
        </div>
      </header>

      {flash && (
        <p className="form-success" role="status">
          {saveMessage(flash)}
        </p>
      )}
      {p.pending_display_name && (
        <p className="player-page__notice" role="status">
          <Trans id="players.profile.namePending" values={{ name: p.pending_display_name }} components={{ 0: <strong /> }} />
        </p>
      )}

      <div className="player-grid">
        <div className="player-grid__side">
          <ContactPanel p={p} />
          <TeamsPanel p={p} />
        </div>
        <div className="player-grid__main">
          <Panel title={_("players.profile.about")}>
            {p.profile_message_html ? (
              <div className="markdown-body" dangerouslySetInnerHTML={{ __html: p.profile_message_html }} />
            ) : (
              <p className="empty">{_("players.profile.noMessage")}</p>
            )}
          </Panel>
          <ResultsPanel p={p} />
          <HistoryPanel p={p} />
        </div>
      </div>
    </div>
  );
}

/** `/registry/players/{id}` (000 §2 Player registry page): loading, not found (404, hidden), failure, the profile. */
export function PlayerProfilePage({ id }: { id: number }) {
  const _ = useT();
  const query = usePlayer(id);
  const missing = !query.isEnabled || (query.error instanceof ApiError && query.error.status === 404);
  useDocumentTitle(missing ? _("players.notFound.title") : (query.data?.display_name ?? _("players.documentTitle")));
  if (missing) return <PlayerMissing />;
  return <QueryState query={query}>{(p) => <PlayerProfileView p={p} />}</QueryState>;
}
