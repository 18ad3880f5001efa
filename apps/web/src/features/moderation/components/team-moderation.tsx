import { useState } from "react";
import { Link } from "react-router";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Pager } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { TeamTag } from "@/components/ui/team-tag";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useTeamClaims, useTeamDecision, useUnapprovedTeams } from "../api/team-moderation";
import "@/styles/moderation.css";

/**
 * `/registry/team_approvals` (moderators, administrators): teams awaiting approval (Approve,
 * Disapprove) and claims of historical teams (Approve, Decline). The server notifies the team's
 * leaders or the claimant; each decision reloads both lists.
 */
export function TeamModeration() {
  const [page, setPage] = useState(1);
  const teams = useUnapprovedTeams(page);
  const claims = useTeamClaims();
  const decide = useTeamDecision();
  const confirm = useConfirm();
  const v = decide.isPending ? decide.variables : undefined;
  /** The pressed button's progress label while its decision is in flight. */
  const label = (kind: "team" | "claim", id: number, approve: boolean, idle: string, progress: string) =>
    v && v.kind === kind && v.id === id && v.approve === approve ? progress : idle;
  const disapprove = async (id: number, name: string) => {
    if (
      await confirm({
        title: `Disapprove ${name}?`,
        body: <p>{name} is not approved for the registry and its leaders are notified of the decision.</p>,
        confirmLabel: "Disapprove team",
        destructive: true,
      })
    )
      decide.mutate({ kind: "team", id, approve: false });
  };
  const declineClaim = async (id: number, who: string, team: string) => {
    if (
      await confirm({
        title: `Decline ${who}'s claim to ${team}?`,
        body: (
          <p>
            The claim is removed, {team} stays as it is and {who} is notified.
          </p>
        ),
        confirmLabel: "Decline claim",
        destructive: true,
      })
    )
      decide.mutate({ kind: "claim", id, approve: false });
  };
  return (
    <div className="team-moderation">
      {decide.isError && (
        <p className="form-error" role="alert">
          {errorMessage(decide.error)}
        </p>
      )}
      {decide.isSuccess && (
        <p className="form-success" role="status">
          {decide.data.message}
        </p>
      )}
      <h2>Teams awaiting approval</h2>
      <QueryState query={teams} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">No teams awaiting approval.</p>}>
        {(d) => (
          <>
            <ul className="mod-list" aria-label="Teams awaiting approval">
              {d.data.map((t) => (
                <li key={t.id} className="mod-item">
                  <div className="mod-item__change">
                    <TeamTag tag={t.team_tag} color={t.team_color} name={t.team_name} />
                    <Link to={paths.team(t.id)}>{t.team_name}</Link>
                    <span className="mod-item__arrow">{t.category_title}</span>
                  </div>
                  <div className="mod-item__actions">
                    <span>{t.created_human}</span>
                    <button
                      type="button"
                      className="btn btn--primary btn--sm"
                      disabled={decide.isPending}
                      aria-label={`Approve ${t.team_name}`}
                      onClick={() => decide.mutate({ kind: "team", id: t.id, approve: true })}
                    >
                      {label("team", t.id, true, "Approve", "Approving…")}
                    </button>
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      disabled={decide.isPending}
                      aria-label={`Disapprove ${t.team_name}`}
                      onClick={() => void disapprove(t.id, t.team_name)}
                    >
                      {label("team", t.id, false, "Disapprove", "Disapproving…")}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <Pager page={page} hasNextPage={d.has_next_page} onPageChange={setPage} busy={teams.isFetching} />
          </>
        )}
      </QueryState>
      <h2>Team claims</h2>
      <QueryState query={claims} isEmpty={(d) => d.data.length === 0} empty={<p className="empty">No pending team claims.</p>}>
        {(d) => (
          <ul className="mod-list" aria-label="Team claims">
            {d.data.map((c) => (
              <li key={c.id} className="mod-item">
                <div className="mod-item__change">
                  {c.player_id !== null ? <Link to={paths.player(c.player_id)}>{c.display_name}</Link> : <span>{c.display_name}</span>}
                  <span className="mod-item__arrow">claims</span>
                  <TeamTag tag={c.team.team_tag} color={c.team.team_color} name={c.team.team_name} />
                  <Link to={paths.team(c.team.team_id)}>{c.team.team_name}</Link>
                </div>
                <div className="mod-item__actions">
                  <span>{c.created_human}</span>
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    disabled={decide.isPending}
                    aria-label={`Approve ${c.display_name}'s claim to ${c.team.team_name}`}
                    onClick={() => decide.mutate({ kind: "claim", id: c.id, approve: true })}
                  >
                    {label("claim", c.id, true, "Approve", "Approving…")}
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    disabled={decide.isPending}
                    aria-label={`Decline ${c.display_name}'s claim to ${c.team.team_name}`}
                    onClick={() => void declineClaim(c.id, c.display_name, c.team.team_name)}
                  >
                    {label("claim", c.id, false, "Decline", "Declining…")}
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
