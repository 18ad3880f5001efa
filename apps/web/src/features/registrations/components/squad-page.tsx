import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useQuery } from "@tanstack/react-query";
import {
  LIMITS,
  REGISTRATION_MESSAGES as M,
  registrationEndpoints as e,
  squadNeedsCheckins,
  squadNeedsMembers,
  type TournamentDetail,
} from "@site/contract";
import { MoveStatusSchema } from "@site/contract/schemas";
import { ColorField } from "@/components/ui/color-select";
import { Flag } from "@/components/ui/flag";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { QueryState } from "@/components/ui/query-state";
import { useToast } from "@/components/ui/toast";
import { registrationQueries, useRegistrationAction } from "../api/registrations";
import { AdminRegisterSquadPlayer } from "./admin-register-squad-player";
import { MiiNameHint } from "./mii-name-hint";
import { VerifyButton } from "./verify-button";

/** `/tournaments/{id}/squads/{squadId}` (001 §3 Squad view, Invited players, Invitable player; §6 administrators register squad players). */
export function SquadPage({ t, squadId }: { t: TournamentDetail; squadId: number }) {
  const q = useQuery(registrationQueries.squad(t.id, squadId));
  const invited = useQuery(registrationQueries.invited(t.id, squadId));
  const [search, setSearch] = useState("");
  const action = useRegistrationAction();
  const confirm = useConfirm();
  const toast = useToast();
  // Which button started the request in flight, so only it says what is happening.
  const [running, setRunning] = useState<string | null>(null);
  const canManage = q.data?.can_manage ?? false;
  const invitable = useQuery({ ...registrationQueries.invitable(t.id, squadId, search), enabled: canManage && search.length > 0 });
  const busy = action.isPending;
  /** One request of the page at a time; `done` is the announced success message. */
  const run = (key: string, call: (onSuccess: () => void, onSettled: () => void) => void, done: string) => {
    if (busy) return;
    setRunning(key);
    call(
      () => toast(done),
      () => setRunning(null),
    );
  };
  const label = (key: string, idle: string, progress: string) => (busy && running === key ? progress : idle);
  return (
    <QueryState query={q}>
      {(s) => {
        const members = s.members.filter((m) => m.status === "registered");
        const need = Math.max(0, t.minimum_team_size - members.length);
        const checkins = members.filter((m) => m.checked_in).length;
        const needCheckins =
          t.checkin_required && t.checkin_status === 1 ? Math.max(0, Math.max(1, t.checkin_minimum || t.minimum_team_size) - checkins) : 0;
        const full = members.length + (invited.data?.member_count ?? 0) >= t.maximum_team_size;
        const squadName = `${s.squad_tag ? `[${s.squad_tag}] ` : ""}${s.squad_name}`;
        const kick = async (playerId: number, name: string) => {
          const ok = await confirm({
            title: `Kick ${name} from ${squadName}?`,
            body: (
              <p>
                {name} is removed from the squad and withdrawn from {t.title}. {M.confirmKick}
              </p>
            ),
            confirmLabel: `Kick ${name}`,
            destructive: true,
          });
          if (ok)
            run(
              `kick-${playerId}`,
              (onSuccess, onSettled) =>
                action.call(e.kick, { params: { id: t.id, squadId }, body: { player_id: playerId } }, { onSuccess, onSettled }),
              `${name} was kicked from ${squadName}.`,
            );
        };
        const cancelInvite = async (playerId: number, name: string) => {
          const ok = await confirm({
            title: `Cancel ${name}'s invitation?`,
            body: (
              <p>
                {name} will no longer be able to join {squadName} with this invitation.
              </p>
            ),
            confirmLabel: "Cancel invitation",
            cancelLabel: "Keep invitation",
            destructive: true,
          });
          if (ok)
            run(
              `cancel-${playerId}`,
              (onSuccess, onSettled) =>
                action.call(e.kick, { params: { id: t.id, squadId }, body: { player_id: playerId } }, { onSuccess, onSettled }),
              `Invitation to ${name} cancelled.`,
            );
        };
        // Not destructive (nobody leaves and it can be changed back), so it does not ask first.
        const makeCaptain = (playerId: number, name: string) =>
          run(
            `captain-${playerId}`,
            (onSuccess, onSettled) =>
              action.call(e.changeCaptain, { params: { id: t.id, squadId }, body: { player_id: playerId } }, { onSuccess, onSettled }),
            `${name} is now the captain.`,
          );
        return (
          <div className="squad-page">
            <p className="squad-page__back">
              <Link to={`/tournaments/${t.id}/registrations`}>Back to registrations</Link>
            </p>
            <h2 className="squad-page__title">
              {s.squad_tag && <span className="tag-badge">{s.squad_tag}</span>} {s.squad_name}
            </h2>
            {s.status === "withdrawn" && <p className="reg-blocking">{M.squadWithdrawn}</p>}
            {s.status === "rejected" && <p className="reg-blocking">{M.squadRejected}</p>}
            {s.status === "registered" && s.verified < t.verification_required && (
              <p className="reg-hint">
                {M.squadUnverified}
                {s.can_administrate && (
                  <VerifyButton
                    disabled={busy}
                    onVerify={() =>
                      run(
                        "verify",
                        (onSuccess, onSettled) =>
                          action.call(
                            e.moveSquad,
                            { params: { id: t.id }, body: { status: "registered", squad_id: squadId } },
                            { onSuccess, onSettled },
                          ),
                        `${squadName} verified.`,
                      )
                    }
                  />
                )}
              </p>
            )}
            {s.status === "registered" && need > 0 && <p className="reg-hint">{squadNeedsMembers(need)}</p>}
            {s.status === "registered" && needCheckins > 0 && <p className="reg-hint">{squadNeedsCheckins(needCheckins)}</p>}
            {action.isError && (
              <p className="form-error" role="alert">
                {action.error.message}
              </p>
            )}
            <section className="panel squad-page__panel" aria-labelledby="squad-members-title">
              <header className="panel__header">
                <h3 className="panel__title" id="squad-members-title">
                  Members ({members.length})
                </h3>
              </header>
              <div className="panel__body">
                <div className="table-scroll">
                  <table className="stats-table squad-members">
                    <thead>
                      <tr>
                        <th>Flag</th>
                        <th>Name</th>
                        {s.mii_name_active && <th>In-Game Name</th>}
                        {t.player_host_required && <th>Can Host</th>}
                        {t.checkin_required && <th>Checked In</th>}
                        {canManage && <th>Actions</th>}
                      </tr>
                    </thead>
                    <tbody>
                      {members.map((m) => (
                        <tr key={m.player_id}>
                          <td>
                            <Flag code={m.country} />
                          </td>
                          <td>
                            <Link to={`/registry/players/${m.player_id}`}>{m.display_name}</Link>
                            {m.team_leader && (
                              <>
                                {" "}
                                <span className="badge squad-members__captain">Captain</span>
                              </>
                            )}
                          </td>
                          {s.mii_name_active && <td>{m.mii_name}</td>}
                          {t.player_host_required && <td>{m.can_host ? "Yes" : "No"}</td>}
                          {t.checkin_required && <td>{m.checked_in ? "Yes" : "No"}</td>}
                          {canManage && (
                            <td className="squad-members__actions">
                              {!m.team_leader && (
                                <button
                                  type="button"
                                  className="btn btn--secondary btn--sm btn--danger"
                                  disabled={busy}
                                  onClick={() => void kick(m.player_id, m.display_name)}
                                >
                                  {label(`kick-${m.player_id}`, "Kick", "Kicking…")}
                                </button>
                              )}
                              {s.can_administrate && !m.team_leader && (
                                <button
                                  type="button"
                                  className="btn btn--secondary btn--sm"
                                  disabled={busy}
                                  onClick={() => makeCaptain(m.player_id, m.display_name)}
                                >
                                  {label(`captain-${m.player_id}`, "Make Captain", "Saving…")}
                                </button>
                              )}
                            </td>
                          )}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            </section>
            <section className="panel squad-page__panel" aria-labelledby="squad-invited-title">
              <header className="panel__header">
                <h3 className="panel__title squad-page__invited-title" id="squad-invited-title">
                  Invited Players
                </h3>
              </header>
              <div className="panel__body">
                {invited.data && invited.data.member_count === 0 && <p className="empty">No invitations.</p>}
                <ul className="rows invited-list">
                  {invited.data?.members.map((m) => (
                    <li key={m.player_id} className="row">
                      <Flag code={m.country_code} /> {m.display_name}
                      {canManage && (
                        <button
                          type="button"
                          className="btn btn--secondary btn--sm row__action"
                          disabled={busy}
                          onClick={() => void cancelInvite(m.player_id, m.display_name)}
                        >
                          {label(`cancel-${m.player_id}`, "Cancel", "Cancelling…")}
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            </section>
            {canManage && s.status === "registered" && (
              <section className="panel squad-page__panel invite-panel" aria-labelledby="squad-invite-title">
                <header className="panel__header">
                  <h3 className="panel__title" id="squad-invite-title">
                    Invite players
                  </h3>
                </header>
                <div className="panel__body">
                  {full ? (
                    <p className="reg-hint">{M.maxInvited}</p>
                  ) : (
                    <>
                      <div className="field">
                        <label htmlFor="squad-invite-search" className="visually-hidden">
                          Invite a player
                        </label>
                        <input
                          id="squad-invite-search"
                          className="input"
                          value={search}
                          placeholder="Search players"
                          onChange={(x) => setSearch(x.target.value)}
                        />
                      </div>
                      {search.length > 0 && invitable.data && invitable.data.data.length === 0 && (
                        <p className="empty">No players found.</p>
                      )}
                      <ul className="rows invite-panel__results">
                        {invitable.data?.data.map((p) => (
                          <li key={p.player_id} className="row">
                            <Flag code={p.country_code} /> {p.player_name}
                            <button
                              type="button"
                              className="btn btn--primary btn--sm row__action"
                              disabled={busy}
                              onClick={() =>
                                run(
                                  `invite-${p.player_id}`,
                                  (onSuccess, onSettled) =>
                                    action.call(
                                      e.invite,
                                      { params: { id: t.id, squadId }, body: { player_id: p.player_id } },
                                      {
                                        onSuccess: () => {
                                          setSearch("");
                                          onSuccess();
                                        },
                                        onSettled,
                                      },
                                    ),
                                  `${p.player_name} was invited to ${squadName}.`,
                                )
                              }
                            >
                              {label(`invite-${p.player_id}`, "Invite", "Inviting…")}
                            </button>
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                </div>
              </section>
            )}
            {s.can_administrate && s.status === "registered" && <AdminRegisterSquadPlayer t={t} squadId={squadId} full={full} />}
          </div>
        );
      }}
    </QueryState>
  );
}

/** Edit squad registration (001 §2): Squad Name / Tag / Color when required; Update Registration. */
export function EditSquadRegistration({ t, squadId }: { t: TournamentDetail; squadId: number }) {
  const q = useQuery(registrationQueries.squadEdit(t.id, squadId));
  return <QueryState query={q}>{(d) => <EditSquadForm t={t} squadId={squadId} initial={d.registration_details} />}</QueryState>;
}

function EditSquadForm({
  t,
  squadId,
  initial,
}: {
  t: TournamentDetail;
  squadId: number;
  initial: { squad_name: string; squad_tag: string; color_number: number };
}) {
  const [v, setV] = useState({ squad_name: initial.squad_name, squad_tag: initial.squad_tag, squad_color: initial.color_number });
  const action = useRegistrationAction();
  const navigate = useNavigate();
  return (
    <form
      className="registration-form"
      onSubmit={(ev) => {
        ev.preventDefault();
        action.call(
          e.saveSquad,
          { params: { id: t.id, squadId }, body: v },
          { onSuccess: () => void navigate(`/tournaments/${t.id}/registrations`) },
        );
      }}
    >
      {t.team_name_required && (
        <label>
          Squad Name{" "}
          <input value={v.squad_name} maxLength={LIMITS.squadName} onChange={(x) => setV({ ...v, squad_name: x.target.value })} />
        </label>
      )}
      {t.team_tag_required && (
        <>
          <label>
            Squad Tag <input value={v.squad_tag} maxLength={LIMITS.squadTag} onChange={(x) => setV({ ...v, squad_tag: x.target.value })} />
          </label>
          <ColorField label="Squad Color" value={v.squad_color} tag={v.squad_tag} onChange={(c) => setV({ ...v, squad_color: c })} />
        </>
      )}
      {action.isError && (
        <p className="form-error" role="alert">
          {action.error.message}
        </p>
      )}
      <button type="submit" className="btn btn--primary">
        Update Registration
      </button>{" "}
      <Link to={`/tournaments/${t.id}/registrations`}>Back to registrations</Link>
    </form>
  );
}

/** Edit squad player / solo registration (001 §2): can host, in-game name (and status for solo). */
export function EditPlayerRegistration({ t, playerId, squad }: { t: TournamentDetail; playerId: number; squad: boolean }) {
  const q = useQuery(registrationQueries.playerEdit(t.id, playerId));
  return <QueryState query={q}>{(d) => <EditPlayerForm t={t} playerId={playerId} squad={squad} d={d} />}</QueryState>;
}

function EditPlayerForm({
  t,
  playerId,
  squad,
  d,
}: {
  t: TournamentDetail;
  playerId: number;
  squad: boolean;
  d: { status: string; player_name: string; squad_id: number | null; registration_details: { can_host: boolean; ign: string } };
}) {
  // The edit answer carries the status as text; the body takes one of the three move statuses.
  const [v, setV] = useState({
    status: MoveStatusSchema.safeParse(d.status).data,
    can_host: d.registration_details.can_host,
    ign: d.registration_details.ign,
  });
  const action = useRegistrationAction();
  const navigate = useNavigate();
  return (
    <form
      className="registration-form"
      onSubmit={(ev) => {
        ev.preventDefault();
        const body = squad ? { can_host: v.can_host, ign: v.ign } : v;
        action.call(
          squad ? e.saveSquadPlayer : e.savePlayer,
          { params: { id: t.id, playerId }, body },
          {
            onSuccess: () =>
              void navigate(squad && d.squad_id ? `/tournaments/${t.id}/squads/${d.squad_id}` : `/tournaments/${t.id}/registrations`),
          },
        );
      }}
    >
      <p>
        <strong>{d.player_name}</strong>
      </p>
      {!squad && (
        <label>
          Status{" "}
          <select value={v.status ?? d.status} onChange={(x) => setV({ ...v, status: MoveStatusSchema.parse(x.target.value) })}>
            <option value="registered">Registered</option>
            <option value="withdrawn">Withdrawn</option>
            <option value="rejected">Rejected</option>
          </select>
        </label>
      )}
      {t.player_host_required && (
        <label>
          Can Host{" "}
          <select value={v.can_host ? "1" : "0"} onChange={(x) => setV({ ...v, can_host: x.target.value === "1" })}>
            <option value="1">Yes</option>
            <option value="0">No</option>
          </select>
        </label>
      )}
      {t.player_mii_name_required && (
        <>
          <label>
            In-Game Name{" "}
            <input value={v.ign} maxLength={t.player_mii_name_max_length} onChange={(x) => setV({ ...v, ign: x.target.value })} />
          </label>
          <MiiNameHint max={t.player_mii_name_max_length} />
        </>
      )}
      {action.isError && (
        <p className="form-error" role="alert">
          {action.error.message}
        </p>
      )}
      <button type="submit" className="btn btn--primary">
        Update Registration
      </button>
    </form>
  );
}
