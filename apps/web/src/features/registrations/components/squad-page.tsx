import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { LIMITS, registrationEndpoints as e, type TournamentDetail } from "@site/contract";
import { MoveStatusSchema } from "@site/contract/schemas";
import { ColorField } from "@/components/ui/color-select";
import { Flag } from "@/components/ui/flag";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { QueryState } from "@/components/ui/query-state";
import { useToast } from "@/components/ui/toast";
import { useErrorText } from "@/lib/i18n/error-text";
import { useT } from "@/lib/i18n/use-t";
import { registrationQueries, useRegistrationAction } from "../api/registrations";
import { AdminRegisterSquadPlayer } from "./admin-register-squad-player";
import { MiiNameHint } from "./mii-name-hint";
import { VerifyButton } from "./verify-button";

/** `/tournaments/{id}/squads/{squadId}` (001 §3 Squad view, Invited players, Invitable player; §6 administrators register squad players). */
export function SquadPage({ t, squadId }: { t: TournamentDetail; squadId: number }) {
  const _ = useT();
  const { errorText } = useErrorText();
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
            title: _("registration.kick.title", { name, squad: squadName }),
            body: <p>{_("registration.kick.body", { name, tournament: t.title })}</p>,
            confirmLabel: _("registration.kick.confirm", { name }),
            destructive: true,
          });
          if (ok)
            run(
              `kick-${playerId}`,
              (onSuccess, onSettled) =>
                action.call(e.kick, { params: { id: t.id, squadId }, body: { player_id: playerId } }, { onSuccess, onSettled }),
              _("registration.kick.done", { name, squad: squadName }),
            );
        };
        const cancelInvite = async (playerId: number, name: string) => {
          const ok = await confirm({
            title: _("registration.cancelInvite.title", { name }),
            body: <p>{_("registration.cancelInvite.body", { name, squad: squadName })}</p>,
            confirmLabel: _("registration.cancelInvite.confirm"),
            cancelLabel: _("registration.cancelInvite.keep"),
            destructive: true,
          });
          if (ok)
            run(
              `cancel-${playerId}`,
              (onSuccess, onSettled) =>
                action.call(e.kick, { params: { id: t.id, squadId }, body: { player_id: playerId } }, { onSuccess, onSettled }),
              _("registration.cancelInvite.done", { name }),
            );
        };
        // Not destructive (nobody leaves and it can be changed back), so it does not ask first.
        const makeCaptain = (playerId: number, name: string) =>
          run(
            `captain-${playerId}`,
            (onSuccess, onSettled) =>
              action.call(e.changeCaptain, { params: { id: t.id, squadId }, body: { player_id: playerId } }, { onSuccess, onSettled }),
            _("registration.makeCaptain.done", { name }),
          );
        return (
          <div className="squad-page">
            <p className="squad-page__back">
              <Link to={`/tournaments/${t.id}/registrations`}>{_("registration.backToRegistrations")}</Link>
            </p>
            <h2 className="squad-page__title">
              {s.squad_tag && <span className="tag-badge">{s.squad_tag}</span>} {s.squad_name}
            </h2>
            {s.status === "withdrawn" && <p className="reg-blocking">{_("registration.squad.withdrawn")}</p>}
            {s.status === "rejected" && <p className="reg-blocking">{_("registration.squad.rejected")}</p>}
            {s.status === "registered" && s.verified < t.verification_required && (
              <p className="reg-hint">
                {_("registration.squad.unverified")}
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
                        _("registration.verified", { name: squadName }),
                      )
                    }
                  />
                )}
              </p>
            )}
            {s.status === "registered" && need > 0 && <p className="reg-hint">{_("registration.squad.needsMembers", { count: need })}</p>}
            {s.status === "registered" && needCheckins > 0 && (
              <p className="reg-hint">{_("registration.squad.needsCheckins", { count: needCheckins })}</p>
            )}
            {action.isError && (
              <p className="form-error" role="alert">
                {errorText(action.error)}
              </p>
            )}
            <section className="panel squad-page__panel" aria-labelledby="squad-members-title">
              <header className="panel__header">
                <h3 className="panel__title" id="squad-members-title">
                  {_("registration.squad.members", { count: members.length })}
                </h3>
              </header>
              <div className="panel__body">
                <div className="table-scroll">
                  <table className="stats-table squad-members">
                    <thead>
                      <tr>
                        <th>{_("registration.col.flag")}</th>
                        <th>{_("registration.col.name")}</th>
                        {s.mii_name_active && <th>{_("registration.inGameName")}</th>}
                        {t.player_host_required && <th>{_("registration.canHost")}</th>}
                        {t.checkin_required && <th>{_("registration.col.checkedIn")}</th>}
                        {canManage && <th>{_("registration.col.actions")}</th>}
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
                                <span className="badge squad-members__captain">{_("registration.captain")}</span>
                              </>
                            )}
                          </td>
                          {s.mii_name_active && <td>{m.mii_name}</td>}
                          {t.player_host_required && <td>{m.can_host ? _("common.yes") : _("common.no")}</td>}
                          {t.checkin_required && <td>{m.checked_in ? _("common.yes") : _("common.no")}</td>}
                          {canManage && (
                            <td className="squad-members__actions">
                              {!m.team_leader && (
                                <button
                                  type="button"
                                  className="btn btn--secondary btn--sm btn--danger"
                                  disabled={busy}
                                  onClick={() => void kick(m.player_id, m.display_name)}
                                >
                                  {label(`kick-${m.player_id}`, _("registration.kick.button"), _("registration.kick.busy"))}
                                </button>
                              )}
                              {s.can_administrate && !m.team_leader && (
                                <button
                                  type="button"
                                  className="btn btn--secondary btn--sm"
                                  disabled={busy}
                                  onClick={() => makeCaptain(m.player_id, m.display_name)}
                                >
                                  {label(`captain-${m.player_id}`, _("registration.makeCaptain.button"), _("registration.saving"))}
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
                  {_("registration.invited.title")}
                </h3>
              </header>
              <div className="panel__body">
                {invited.data && invited.data.member_count === 0 && <p className="empty">{_("registration.invited.empty")}</p>}
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
                          {label(`cancel-${m.player_id}`, _("registration.cancelInvite.button"), _("registration.cancelInvite.busy"))}
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
                    {_("registration.squad.invitePlayers")}
                  </h3>
                </header>
                <div className="panel__body">
                  {full ? (
                    <p className="reg-hint">{_("registration.squad.maxInvited")}</p>
                  ) : (
                    <>
                      <div className="field">
                        <label htmlFor="squad-invite-search" className="visually-hidden">
                          {_("registration.invite.label")}
                        </label>
                        <input
                          id="squad-invite-search"
                          className="input"
                          value={search}
                          placeholder={_("registration.invite.search")}
                          onChange={(x) => setSearch(x.target.value)}
                        />
                      </div>
                      {search.length > 0 && invitable.data && invitable.data.data.length === 0 && (
                        <p className="empty">{_("registration.invite.none")}</p>
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
                                  _("registration.invite.done", { name: p.player_name, squad: squadName }),
                                )
                              }
                            >
                              {label(`invite-${p.player_id}`, _("registration.invite.button"), _("registration.invite.busy"))}
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
  const _ = useT();
  const { errorText } = useErrorText();
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
          {_("registration.squadName")}{" "}
          <input value={v.squad_name} maxLength={LIMITS.squadName} onChange={(x) => setV({ ...v, squad_name: x.target.value })} />
        </label>
      )}
      {t.team_tag_required && (
        <>
          <label>
            {_("registration.squadTag")}{" "}
            <input value={v.squad_tag} maxLength={LIMITS.squadTag} onChange={(x) => setV({ ...v, squad_tag: x.target.value })} />
          </label>
          <ColorField
            label={_("registration.squadColor")}
            value={v.squad_color}
            tag={v.squad_tag}
            onChange={(c) => setV({ ...v, squad_color: c })}
          />
        </>
      )}
      {action.isError && (
        <p className="form-error" role="alert">
          {errorText(action.error)}
        </p>
      )}
      <button type="submit" className="btn btn--primary">
        {_("registration.update")}
      </button>{" "}
      <Link to={`/tournaments/${t.id}/registrations`}>{_("registration.backToRegistrations")}</Link>
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
  const _ = useT();
  const { errorText } = useErrorText();
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
          {_("registration.col.status")}{" "}
          <select value={v.status ?? d.status} onChange={(x) => setV({ ...v, status: MoveStatusSchema.parse(x.target.value) })}>
            <option value="registered">{_("registration.state.registered")}</option>
            <option value="withdrawn">{_("registration.state.withdrawn")}</option>
            <option value="rejected">{_("registration.state.rejected")}</option>
          </select>
        </label>
      )}
      {t.player_host_required && (
        <label>
          {_("registration.canHost")}{" "}
          <select value={v.can_host ? "1" : "0"} onChange={(x) => setV({ ...v, can_host: x.target.value === "1" })}>
            <option value="1">{_("common.yes")}</option>
            <option value="0">{_("common.no")}</option>
          </select>
        </label>
      )}
      {t.player_mii_name_required && (
        <>
          <label>
            {_("registration.inGameName")}{" "}
            <input value={v.ign} maxLength={t.player_mii_name_max_length} onChange={(x) => setV({ ...v, ign: x.target.value })} />
          </label>
          <MiiNameHint max={t.player_mii_name_max_length} />
        </>
      )}
      {action.isError && (
        <p className="form-error" role="alert">
          {errorText(action.error)}
        </p>
      )}
      <button type="submit" className="btn btn--primary">
        {_("registration.update")}
      </button>
    </form>
  );
}
