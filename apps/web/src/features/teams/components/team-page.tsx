import { useState } from "react";
import { Link } from "react-router";
import { teamCalendarUrl, type TeamDetail, type TeamViewer } from "@site/contract";
import { CalendarSubscribe } from "@/components/ui/calendar-subscribe";
import { LinkButton } from "@/components/ui/link-button";
import { Panel } from "@/components/ui/panel";
import { QueryState } from "@/components/ui/query-state";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { ApiError } from "@/lib/api-client";
import { useErrorText } from "@/lib/i18n/error-text";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";
import { useTeam } from "../api/get-team";
import { useTeamViewer } from "../api/get-team-viewer";
import { useRosterAction } from "../api/roster-actions";
import type { RosterRunner } from "./roster-runner";
import { ConfirmLeaveDialog, type LeaveFirstAction } from "./confirm-leave-dialog";
import { rosterDoneText } from "./roster-messages";
import { recruitmentLabel, teamLanguageLabel, teamStatusLabel } from "../api/team-labels";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { TeamActions } from "./team-actions";
import { TeamClaimsPanel } from "./team-claims-panel";
import { TeamLogo } from "./team-logo";
import { TeamManagePanel } from "./team-manage-panel";
import { TeamResults } from "./team-results";
import { TeamRoster } from "./team-roster";
import { TeamTransfers } from "./team-transfers";
import "./teams.css";

function TeamMissing() {
  const _ = useT();
  return (
    <div className="page page--narrow">
      <h1>{_("teams.notFound.title")}</h1>
      <p>{_("teams.notFound.text")}</p>
      <p>
        <Link to={paths.teams()}>{_("teams.notFound.back")}</Link>
      </p>
    </div>
  );
}

function languageLabel(_: ReturnType<typeof useT>, t: TeamDetail): string | null {
  if (t.main_language === "other") return t.language_name || teamLanguageLabel(_, "other");
  return teamLanguageLabel(_, t.main_language);
}

/** Status notices above the page: waiting for approval, disapproved, banned, historical. */
function StatusNotice({ team, viewer, runner }: { team: TeamDetail; viewer: TeamViewer | undefined; runner: RosterRunner }) {
  const _ = useT();
  const confirm = useConfirm();
  const disapprove = async () => {
    const ok = await confirm({
      title: _("teams.disapprove.title", { team: team.team_name }),
      body: <p>{_("teams.disapprove.body", { team: team.team_name })}</p>,
      confirmLabel: _("teams.disapprove.confirm"),
      destructive: true,
    });
    if (ok) void runner.run({ kind: "approve", teamId: team.id, approve: false });
  };
  const notes: string[] = [];
  if (team.team_status === "unapproved") notes.push(_("teams.notice.unapproved"));
  if (team.team_status === "disapproved") notes.push(_("teams.notice.disapproved"));
  if (team.team_status === "banned") notes.push(_("teams.notice.banned"));
  if (team.is_historical) notes.push(_("teams.notice.historical"));
  if (notes.length === 0 && !viewer?.can_approve) return null;
  return (
    <div className="team-notice" role="note">
      {notes.map((n) => (
        <p key={n}>{n}</p>
      ))}
      {viewer?.can_approve && (
        <p className="team-notice__actions">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={runner.busy}
            onClick={() => void runner.run({ kind: "approve", teamId: team.id, approve: true })}
          >
            {_("teams.approve")}
          </button>
          <button type="button" className="btn btn--secondary btn--sm" disabled={runner.busy} onClick={() => void disapprove()}>
            {_("teams.disapprove")}
          </button>
        </p>
      )}
    </div>
  );
}

function InfoPanel({ team }: { team: TeamDetail }) {
  const _ = useT();
  const { locale } = useI18n();
  const language = languageLabel(_, team);
  return (
    <Panel title={_("teams.info.title")}>
      <dl className="team-info">
        <div className="team-info__row">
          <dt>{_("teams.info.category")}</dt>
          <dd>{team.category_title}</dd>
        </div>
        <div className="team-info__row">
          <dt>{_("teams.info.recruitment")}</dt>
          <dd>{recruitmentLabel(_, team.recruitment_status)}</dd>
        </div>
        <div className="team-info__row">
          <dt>{_("teams.info.language")}</dt>
          <dd>{language ?? <span className="muted">{_("teams.language.none")}</span>}</dd>
        </div>
        <div className="team-info__row">
          <dt>{_("teams.info.founded")}</dt>
          <dd>{formatDay(team.created_at, locale)}</dd>
        </div>
        {team.primary_team_id !== null && (
          <div className="team-info__row">
            <dt>{_("teams.info.primaryTeam")}</dt>
            <dd>
              <Link to={paths.team(team.primary_team_id)}>{team.primary_team_name}</Link>
            </dd>
          </div>
        )}
      </dl>
      {team.linked_teams.length > 0 && (
        <>
          <h3 className="team-subtitle">{_("teams.info.linkedTeams")}</h3>
          <ul className="rows">
            {team.linked_teams.map((l) => (
              <li key={l.team_id} className="row">
                <span className="team-name">
                  <TeamTag tag={l.team_tag} color={l.team_color} name={l.team_name} />
                  <Link to={paths.team(l.team_id)}>{l.team_name}</Link>
                </span>
                <span className="badge badge--mode">{l.category_title}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

/**
 * The team registry page (000 §2 /registry/teams/{id}): logo or 'No Logo Available', name and
 * tag in its colour, category, status, recruitment, language, the sanitized description,
 * primary and linked teams, the roster (leaders, managers, members with join dates and flags),
 * transfers and results, and the actions the viewer may take (edit, admin edit, approve,
 * invite, accept or decline an invitation, request to join, leave, remove, promote, claim).
 */
export function TeamPage({ id }: { id: number }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const i18n = useI18n();
  const team = useTeam(id);
  const viewer = useTeamViewer(id);
  const mutation = useRosterAction();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [prompt, setPrompt] = useState<{
    current: { team_name: string; team_tag?: string; team_color?: number };
    action: LeaveFirstAction;
    retry: () => void;
  } | null>(null);
  useDocumentTitle(team.data?.team_name ?? _("teams.title"));

  /** The prompt's question for the join that asked it (TeamActions passes "join" or "request"). */
  const leaveFirstAction = (joinLabel: string | undefined): LeaveFirstAction => {
    const name = team.data?.team_name;
    if (name && (joinLabel === "join" || joinLabel === "request")) return { kind: joinLabel, team: name };
    return { kind: "continue" };
  };

  const runner: RosterRunner = {
    busy: mutation.isPending,
    run: async (action, joinLabel) => {
      setNotice(null);
      try {
        const res = await mutation.mutateAsync(action);
        if (res.status === "confirm_leave" && res.current_team && (action.kind === "invitation" || action.kind === "join_request")) {
          setPrompt({
            current: res.current_team,
            action: leaveFirstAction(joinLabel),
            retry: () => {
              setPrompt(null);
              const leaving = res.current_team!.team_name;
              void runner.run(
                action.kind === "join_request" ? { ...action, leaveCurrent: true, leaving } : { ...action, leaveCurrent: true },
                joinLabel,
              );
            },
          });
          return;
        }
        setNotice({ ok: true, text: rosterDoneText(i18n, action, team.data?.team_name ?? "", res.message) });
      } catch (err) {
        setNotice({ ok: false, text: errorText(err) });
      }
    },
  };

  if (!(Number.isInteger(id) && id > 0) || (team.error instanceof ApiError && team.error.status === 404)) return <TeamMissing />;

  return (
    <div className="page team-page">
      <QueryState query={team}>
        {(t) => (
          <>
            <header className="team-hero">
              <TeamLogo url={t.team_logo} name={t.team_name} />
              <div className="team-hero__body">
                <h1 className="team-hero__name">
                  <TeamTag tag={t.team_tag} color={t.team_color} className="team-hero__tag" /> <span>{t.team_name}</span>
                </h1>
                <p className="team-hero__badges">
                  <span className="badge badge--mode">{t.category_title}</span>
                  {t.team_status !== "approved" && (
                    <span className={`badge team-status team-status--${t.team_status}`}>{teamStatusLabel(_, t.team_status)}</span>
                  )}
                  {t.is_historical && <span className="badge badge--muted">{_("teams.badge.historical")}</span>}
                  {t.is_shadow && <span className="badge badge--muted">{_("teams.badge.shadow")}</span>}
                  <span className="badge">{recruitmentLabel(_, t.recruitment_status)}</span>
                </p>
              </div>
              {viewer.data && (viewer.data.can_edit || viewer.data.can_admin_edit) && (
                <div className="team-hero__actions">
                  {viewer.data.can_edit && (
                    <LinkButton to={paths.teamEdit(t.id)} variant="secondary" size="sm">
                      {_("teams.edit")}
                    </LinkButton>
                  )}
                  {viewer.data.can_admin_edit && (
                    <LinkButton to={paths.teamAdminEdit(t.id)} variant="secondary" size="sm">
                      {_("teams.adminEdit")}
                    </LinkButton>
                  )}
                  <LinkButton to={paths.webhooks("team", t.id)} variant="secondary" size="sm">
                    {_("teams.webhooks")}
                  </LinkButton>
                </div>
              )}
            </header>

            {notice && (
              <p className={notice.ok ? "form-success" : "form-error"} role={notice.ok ? "status" : "alert"}>
                {notice.text}
              </p>
            )}
            <StatusNotice team={t} viewer={viewer.data} runner={runner} />
            {viewer.data && <TeamActions team={t} viewer={viewer.data} runner={runner} />}

            <div className="team-grid">
              <div className="team-grid__main">
                <Panel title={_("teams.about.title")}>
                  {t.team_description_html ? (
                    // Rendered and sanitized by the server (markdown-it without raw HTML, then sanitize-html).
                    <div className="team-description markdown" dangerouslySetInnerHTML={{ __html: t.team_description_html }} />
                  ) : (
                    <p className="empty">{_("teams.about.empty")}</p>
                  )}
                </Panel>
                <TeamRoster team={t} viewer={viewer.data} runner={runner} />
                <TeamTransfers teamId={t.id} />
                <TeamResults results={t.results} />
              </div>
              <div className="team-grid__side">
                <InfoPanel team={t} />
                <Panel title={_("teams.calendar.title")}>
                  <CalendarSubscribe
                    path={teamCalendarUrl(t.id)}
                    label={_("teams.calendar.subscribe")}
                    description={_("teams.calendar.description")}
                  />
                </Panel>
                {viewer.data?.can_manage_roster && <TeamManagePanel team={t} viewer={viewer.data} runner={runner} />}
                {viewer.data && viewer.data.claims.length > 0 && <TeamClaimsPanel claims={viewer.data.claims} runner={runner} />}
              </div>
            </div>
          </>
        )}
      </QueryState>
      {prompt && (
        <ConfirmLeaveDialog
          current={prompt.current}
          action={prompt.action}
          busy={runner.busy}
          onYes={prompt.retry}
          onNo={() => setPrompt(null)}
        />
      )}
    </div>
  );
}
