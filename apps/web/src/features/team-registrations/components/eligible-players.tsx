import { useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  type EditTeamRegistration,
  REGISTRATION_MESSAGES as RM,
  TEAM_REGISTRATION_MESSAGES as M,
  type TeamMoveStatus,
  teamRegistrationEndpoints as e,
  type TournamentDetail,
} from "@site/contract";
import { Flag } from "@/components/ui/flag";
import { QueryState } from "@/components/ui/query-state";
import { useEligiblePlayers, useTeamAction, useTeamEdit } from "../api/team-registrations";

/** `/tournaments/{id}/teams/{teamId}/eligible_players` (001 §2 Team eligible players). */
export function EligiblePlayersPage({ t, teamId }: { t: TournamentDetail; teamId: number }) {
  const q = useEligiblePlayers(t.id, teamId, "RA");
  const action = useTeamAction();
  const admin = t.can_administrate;
  return (
    <QueryState query={q}>
      {(d) => {
        const unverified = d.status === "registered" && d.verified < Math.max(1, t.verification_required);
        const reps = d.members.filter((m) => m.team_representative).length;
        return (
          <div className="eligible-players">
            <p>
              <Link to={`/tournaments/${t.id}/registrations`}>← Back to registrations</Link>
            </p>
            <h2>
              <span className="tag-badge">{d.team_tag}</span> {d.team_name}
              {d.secondary_team_name && ` with ${d.secondary_team_name}`}
            </h2>
            {unverified && <p className="notice">{M.teamUnverified}</p>}
            {d.status === "withdrawn" && <p className="notice">{M.teamWithdrawn}</p>}
            {d.status === "rejected" && <p className="notice">{M.teamRejected}</p>}
            {admin && (
              <p className="admin-actions">
                {unverified && (
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    onClick={() => action.call(e.moveTeam, { params: { id: t.id }, body: { status: "registered", team_id: d.team_id } })}
                  >
                    Verify Team
                  </button>
                )}{" "}
                <Link className="btn btn--secondary btn--sm" to={`/tournaments/${t.id}/registrations/teams/${d.team_id}/edit`}>
                  Edit Registration
                </Link>
              </p>
            )}
            {action.isError && <p className="form-error">{action.error.message}</p>}
            <div className="table-scroll">
              <table className="stats-table registrations-table">
                <thead>
                  <tr>
                    <th>Player</th>
                    {d.custom_field_name && <th>{d.custom_field_name}</th>}
                    <th>Registered Since</th>
                    {admin && <th>Actions</th>}
                  </tr>
                </thead>
                <tbody>
                  {d.members.map((m) => (
                    <tr key={m.player_id} className={m.opted_out ? "is-muted" : undefined}>
                      <td>
                        <Flag code={m.country_code} name={m.country_name} />{" "}
                        <Link to={`/registry/players/${m.player_id}`}>{m.display_name}</Link>{" "}
                        {m.opted_out && <span className="badge badge--muted">Withdrawn</span>}{" "}
                        {m.team_manager && <span className="badge">Manager</span>} {m.team_leader && <span className="badge">Leader</span>}{" "}
                        {m.team_representative && <span className="badge">Representative</span>}
                      </td>
                      {d.custom_field_name && <td>{m.custom_field}</td>}
                      <td>{m.registered_since_human}</td>
                      {admin && (
                        <td>
                          {!m.team_leader &&
                            (m.team_representative ? (
                              <button
                                type="button"
                                className="link-button"
                                onClick={() => action.call(e.removeRepresentative, { params: { id: t.id, playerId: m.player_id } })}
                              >
                                Remove Representative
                              </button>
                            ) : (
                              reps < 3 &&
                              !m.opted_out && (
                                <button
                                  type="button"
                                  className="link-button"
                                  onClick={() => action.call(e.addRepresentative, { params: { id: t.id, playerId: m.player_id } })}
                                >
                                  Set as Representative
                                </button>
                              )
                            ))}{" "}
                          {m.opted_out ? (
                            <button
                              type="button"
                              className="link-button"
                              onClick={() => action.call(e.adminOptin, { params: { id: t.id, teamId: d.team_id, playerId: m.player_id } })}
                            >
                              Re-Register Player
                            </button>
                          ) : (
                            <button
                              type="button"
                              className="link-button danger"
                              onClick={() => action.call(e.adminOptout, { params: { id: t.id, teamId: d.team_id, playerId: m.player_id } })}
                            >
                              Withdraw Player
                            </button>
                          )}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {d.members.length === 0 && <p className="empty">{RM.noPlayers}</p>}
          </div>
        );
      }}
    </QueryState>
  );
}

/** `/tournaments/{id}/registrations/teams/{teamId}/edit` (001 §2 Edit team registration). */
export function EditTeamRegistrationPage({ t, teamId }: { t: TournamentDetail; teamId: number }) {
  const q = useTeamEdit(t.id, teamId);
  // The form mounts once the registration is loaded, so its fields start from it.
  return <QueryState query={q}>{(d) => <EditTeamForm t={t} teamId={teamId} d={d} />}</QueryState>;
}

function EditTeamForm({ t, teamId, d }: { t: TournamentDetail; teamId: number; d: EditTeamRegistration }) {
  const action = useTeamAction();
  const navigate = useNavigate();
  const [status, setStatus] = useState<TeamMoveStatus>(d.status);
  const [team2, setTeam2] = useState(d.team2_id ?? 0);
  return (
    <form
      className="panel registration-form edit-team-registration"
      onSubmit={(ev) => {
        ev.preventDefault();
        action.call(
          e.saveTeam,
          { params: { id: t.id, teamId }, body: { status, team2_id: team2 } },
          { onSuccess: () => void navigate(`/tournaments/${t.id}/registrations`) },
        );
      }}
    >
      <div className="panel__body">
        <h2>{d.team_name}</h2>
        <label>
          Status
          <select value={status} onChange={(x) => setStatus(x.target.value as TeamMoveStatus)}>
            <option value="registered">Registered</option>
            <option value="withdrawn">Withdrawn</option>
            <option value="rejected">Rejected</option>
          </select>
        </label>
        <label>
          Secondary Team
          <select value={team2} onChange={(x) => setTeam2(Number(x.target.value))}>
            <option value={0}>None</option>
            {d.secondary_options.map((o) => (
              <option key={o.team_id} value={o.team_id}>
                {o.team_name}
              </option>
            ))}
          </select>
        </label>
        {action.isError && (
          <p className="form-error" role="alert">
            {action.error.message}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={action.isPending}>
          Update Registration
        </button>{" "}
        <Link to={`/tournaments/${t.id}/registrations`}>Back to registrations</Link>
      </div>
    </form>
  );
}
