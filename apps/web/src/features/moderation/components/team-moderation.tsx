import { useState } from "react";
import { Link } from "react-router";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import type { MessageId } from "@lingui/core";
import { useErrorText } from "@/lib/i18n/error-text";
import { Trans, useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";
import { useTeamClaims, useTeamDecision, useUnapprovedTeams } from "../api/team-moderation";
import "@/styles/moderation.css";

/**
 * `/registry/team_approvals` (moderators, administrators): teams awaiting approval (Approve,
 * Disapprove) and claims of historical teams (Approve, Decline). The server notifies the team's
 * leaders or the claimant; each decision reloads both lists.
 */
export function TeamModeration() {
  const _ = useT();
  const i18n = useI18n();
  const { errorText } = useErrorText();
  const [claimant, setClaimant] = useState("");
  const [page, setPage] = useState(1);
  const teams = useUnapprovedTeams(page);
  const claims = useTeamClaims();
  const decide = useTeamDecision();
  const confirm = useConfirm();
  const v = decide.isPending ? decide.variables : undefined;
  /** The pressed button's progress label while its decision is in flight. */
  const label = (kind: "team" | "claim", id: number, approve: boolean, idle: MessageId, progress: MessageId) =>
    _(v && v.kind === kind && v.id === id && v.approve === approve ? progress : idle);
  /** The server's answer in English (the spec's words), else the same in the page's language. */
  const doneText = (message: string) => {
    const d = decide.variables;
    if (i18n.locale === "en" || !d) return message;
    if (d.kind === "team") return _(d.approve ? "moderation.teams.approved" : "moderation.teams.disapproved");
    return d.approve ? _("moderation.teams.claimApproved", { name: claimant }) : _("moderation.teams.claimDeclined");
  };
  const disapprove = async (id: number, name: string) => {
    if (
      await confirm({
        title: _("moderation.teams.disapproveTitle", { name }),
        body: <p>{_("moderation.teams.disapproveBody", { name })}</p>,
        confirmLabel: _("moderation.teams.disapproveConfirm"),
        destructive: true,
      })
    )
      decide.mutate({ kind: "team", id, approve: false });
  };
  const declineClaim = async (id: number, who: string, team: string) => {
    if (
      await confirm({
        title: _("moderation.teams.declineClaimTitle", { who, team }),
        body: <p>{_("moderation.teams.declineClaimBody", { who, team })}</p>,
        confirmLabel: _("moderation.teams.declineClaimConfirm"),
        destructive: true,
      })
    )
      decide.mutate({ kind: "claim", id, approve: false });
  };
  return (
    <div className="team-moderation">
      {decide.isError && (
        <p className="form-error" role="alert">
          {errorText(decide.error)}
        </p>
      )}
      {decide.isSuccess && (
        <p className="form-success" role="status">
          {doneText(decide.data.message)}
        </p>
      )}
      <h2>{_("moderation.teams.awaiting")}</h2>
      <QueryState query={teams} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("moderation.teams.awaitingEmpty")}</p>}>
        {(d) => (
          <>
            <ul className="mod-list" aria-label={_("moderation.teams.awaiting")}>
              {d.data.map((t) => (
                <li key={t.id} className="mod-item">
                  <div className="mod-item__change">
                    <TeamTag tag={t.team_tag} color={t.team_color} name={t.team_name} />
                    <Link to={paths.team(t.id)}>{t.team_name}</Link>
                    <span className="mod-item__arrow">{t.category_title}</span>
                  </div>
                  <div className="mod-item__actions">
                    <span>{formatDay(t.created_at, i18n.locale)}</span>
                    <button
                      type="button"
                      className="btn btn--primary btn--sm"
                      disabled={decide.isPending}
                      aria-label={_("moderation.teams.approveLabel", { name: t.team_name })}
                      onClick={() => decide.mutate({ kind: "team", id: t.id, approve: true })}
                    >
                      {label("team", t.id, true, "moderation.approve", "moderation.approving")}
                    </button>
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      disabled={decide.isPending}
                      aria-label={_("moderation.teams.disapproveLabel", { name: t.team_name })}
                      onClick={() => void disapprove(t.id, t.team_name)}
                    >
                      {label("team", t.id, false, "moderation.teams.disapprove", "moderation.teams.disapproving")}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <Pager page={page} hasNextPage={d.has_next_page} onPageChange={setPage} busy={teams.isFetching} />
          </>
        )}
      </QueryState>
      <h2>{_("moderation.teams.claimsTitle")}</h2>
      <QueryState query={claims} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">{_("moderation.teams.claimsEmpty")}</p>}>
        {(d) => (
          <ul className="mod-list" aria-label={_("moderation.teams.claimsTitle")}>
            {d.data.map((c) => (
              <li key={c.id} className="mod-item">
                <div className="mod-item__change">
                  <Trans
                    id="moderation.teams.claimLine"
                    values={{ who: c.display_name, team: c.team.team_name }}
                    components={{
                      0: c.player_id !== null ? <Link to={paths.player(c.player_id)} /> : <span />,
                      1: <span className="mod-item__arrow" />,
                      2: <TeamTag tag={c.team.team_tag} color={c.team.team_color} name={c.team.team_name} />,
                      3: <Link to={paths.team(c.team.team_id)} />,
                    }}
                  />
                </div>
                <div className="mod-item__actions">
                  <span>{formatDay(c.created_at, i18n.locale)}</span>
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    disabled={decide.isPending}
                    aria-label={_("moderation.teams.approveClaimLabel", { who: c.display_name, team: c.team.team_name })}
                    onClick={() => {
                      setClaimant(c.display_name);
                      decide.mutate({ kind: "claim", id: c.id, approve: true });
                    }}
                  >
                    {label("claim", c.id, true, "moderation.approve", "moderation.approving")}
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    disabled={decide.isPending}
                    aria-label={_("moderation.teams.declineClaimLabel", { who: c.display_name, team: c.team.team_name })}
                    onClick={() => void declineClaim(c.id, c.display_name, c.team.team_name)}
                  >
                    {label("claim", c.id, false, "moderation.decline", "moderation.declining")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
