import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { type EditTeamRegistration, type TeamMoveStatus, teamRegistrationEndpoints as e, type TournamentDetail } from "@site/contract";
import { Flag } from "@/components/ui/flag";
import { QueryState } from "@/components/ui/query-state";
import { useErrorText } from "@/lib/i18n/error-text";
import { useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";
import { useEligiblePlayers, useTeamAction, useTeamEdit } from "../api/team-registrations";

/** The roster's order: registration date ascending (001 §9). */
const ROSTER_ORDER = "RA";

/** `/tournaments/{id}/teams/{teamId}/eligible_players` (001 §2 Team eligible players). */
export function EligiblePlayersPage({ t, teamId }: { t: TournamentDetail; teamId: number }) {
  const _ = useT();
  const { locale } = useI18n();
  const { errorText } = useErrorText();
  const q = useEligiblePlayers(t.id, teamId, ROSTER_ORDER);
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
              <Link to={`/tournaments/${t.id}/registrations`}>{_("registration.backToRegistrationsArrow")}</Link>
            </p>
            <h2>
              <span className="tag-badge">{d.team_tag}</span>{" "}
              {d.secondary_team_name ? _("registration.team.pair", { team: d.team_name, second: d.secondary_team_name }) : d.team_name}
            </h2>
            {unverified && <p className="notice">{_("registration.team.unverified")}</p>}
            {d.status === "withdrawn" && <p className="notice">{_("registration.team.withdrawn")}</p>}
            {d.status === "rejected" && <p className="notice">{_("registration.team.rejected")}</p>}
            {admin && (
              <p className="admin-actions">
                {unverified && (
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    onClick={() => action.call(e.moveTeam, { params: { id: t.id }, body: { status: "registered", team_id: d.team_id } })}
                  >
                    {_("registration.team.verify")}
                  </button>
                )}{" "}
                <Link className="btn btn--secondary btn--sm" to={`/tournaments/${t.id}/registrations/teams/${d.team_id}/edit`}>
                  {_("registration.edit")}
                </Link>
              </p>
            )}
            {action.isError && <p className="form-error">{errorText(action.error)}</p>}
            <div className="table-scroll">
              <table className="stats-table registrations-table">
                <thead>
                  <tr>
                    <th>{_("registration.col.player")}</th>
                    {d.custom_field_name && <th>{d.custom_field_name}</th>}
                    <th>{_("registration.col.registeredSince")}</th>
                    {admin && <th>{_("registration.col.actions")}</th>}
                  </tr>
                </thead>
                <tbody>
                  {d.members.map((m) => (
                    <tr key={m.player_id} className={m.opted_out ? "is-muted" : undefined}>
                      <td>
                        <Flag code={m.country_code} name={m.country_name} />{" "}
                        <Link to={`/registry/players/${m.player_id}`}>{m.display_name}</Link>{" "}
                        {m.opted_out && <span className="badge badge--muted">{_("registration.roster.withdrawn")}</span>}{" "}
                        {m.team_manager && <span className="badge">{_("registration.roster.manager")}</span>}{" "}
                        {m.team_leader && <span className="badge">{_("registration.roster.leader")}</span>}{" "}
                        {m.team_representative && <span className="badge">{_("registration.roster.representative")}</span>}
                      </td>
                      {d.custom_field_name && <td>{m.custom_field}</td>}
                      <td>{formatDay(m.registered_since, locale)}</td>
                      {admin && (
                        <td>
                          {!m.team_leader &&
                            (m.team_representative ? (
                              <button
                                type="button"
                                className="link-button"
                                onClick={() => action.call(e.removeRepresentative, { params: { id: t.id, playerId: m.player_id } })}
                              >
                                {_("registration.roster.removeRep")}
                              </button>
                            ) : (
                              reps < 3 &&
                              !m.opted_out && (
                                <button
                                  type="button"
                                  className="link-button"
                                  onClick={() => action.call(e.addRepresentative, { params: { id: t.id, playerId: m.player_id } })}
                                >
                                  {_("registration.roster.setRep")}
                                </button>
                              )
                            ))}{" "}
                          {m.opted_out ? (
                            <button
                              type="button"
                              className="link-button"
                              onClick={() => action.call(e.adminOptin, { params: { id: t.id, teamId: d.team_id, playerId: m.player_id } })}
                            >
                              {_("registration.roster.reRegister")}
                            </button>
                          ) : (
                            <button
                              type="button"
                              className="link-button danger"
                              onClick={() => action.call(e.adminOptout, { params: { id: t.id, teamId: d.team_id, playerId: m.player_id } })}
                            >
                              {_("registration.roster.withdrawPlayer")}
                            </button>
                          )}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {d.members.length === 0 && <p className="empty">{_("registration.noPlayers")}</p>}
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
  const _ = useT();
  const { errorText } = useErrorText();
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
          {_("registration.col.status")}
          <select value={status} onChange={(x) => setStatus(x.target.value as TeamMoveStatus)}>
            <option value="registered">{_("registration.state.registered")}</option>
            <option value="withdrawn">{_("registration.state.withdrawn")}</option>
            <option value="rejected">{_("registration.state.rejected")}</option>
          </select>
        </label>
        <label>
          {_("registration.team.secondary")}
          <select value={team2} onChange={(x) => setTeam2(Number(x.target.value))}>
            <option value={0}>{_("registration.team.none")}</option>
            {d.secondary_options.map((o) => (
              <option key={o.team_id} value={o.team_id}>
                {o.team_name}
              </option>
            ))}
          </select>
        </label>
        {action.isError && (
          <p className="form-error" role="alert">
            {errorText(action.error)}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={action.isPending}>
          {_("registration.update")}
        </button>{" "}
        <Link to={`/tournaments/${t.id}/registrations`}>{_("registration.backToRegistrations")}</Link>
      </div>
    </form>
  );
}
