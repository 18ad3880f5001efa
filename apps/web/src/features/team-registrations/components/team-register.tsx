import { useRef, useState } from "react";
import { Link } from "react-router";
import type { I18n, MessageId } from "@lingui/core";
import {
  representativeRule,
  type TeamMemberOption,
  type TeamRegisterBody,
  type TeamRegisterStatus,
  type TeamRegisterTeam,
  teamRegistrationEndpoints as e,
  type TournamentDetail,
} from "@site/contract";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { FailurePanel } from "@/components/ui/failure-panel";
import { Loading } from "@/components/ui/loading";
import { NoProfile } from "@/components/ui/no-profile";
import { useToast } from "@/components/ui/toast";
import { paths } from "@/config/paths";
import { useHere } from "@/hooks/use-here";
import { useErrorText } from "@/lib/i18n/error-text";
import { Trans, useT } from "@/lib/i18n/use-t";
import { useTeamAction, useTeamRegisterStatus } from "../api/team-registrations";

/** The body fields of representatives 1–3 (001 §7 Teams). */
const REP_FIELDS = ["rep1", "rep2", "rep3"] as const;

/** Blocking messages of 001 §5 by own status (team wording for no_profile). */
export const TEAM_BLOCKING: Record<string, MessageId> = {
  rejected: "error.registration.rejected",
  pending_email: "error.registration.pending_email",
  user_invalid: "error.registration.user_invalid",
  banned: "error.registration.banned",
  no_profile: "registration.noProfileTeam",
};

/** The game mode as the 'no teams available' message names it. */
export const modeLabel = (t: TournamentDetail) => `${t.game_human} ${t.game_mode_human}`;

const byName = (a: TeamMemberOption, b: TeamMemberOption) => a.name.toLowerCase().localeCompare(b.name.toLowerCase());

/**
 * Whether the viewer may register this team (or use it as the secondary team) now: it has never
 * been registered, or it withdrew, and a withdrawn team may come back while registrations are
 * open (001 §4 lets staff move a team back to registered; decisions.md "#17 §3"). A rejected
 * team may not: 'rejected' blocks as 001 §5 says.
 */
export const canRegisterTeam = (x: { status: string }) => x.status === "unregistered" || x.status === "withdrawn";

/** REGISTERED or PENDING APPROVAL (001 §2 status block) of one registered team. */
export const teamStatusLabel = (
  _: I18n["_"],
  t: TournamentDetail,
  x: { verified: number; status?: string; waitlist_position?: number | null | undefined },
) =>
  x.status === "waitlisted"
    ? _("registration.team.waitlisted", { position: x.waitlist_position ?? 1 })
    : x.verified < t.verification_required
      ? _("registration.status.pendingApproval")
      : _("registration.status.registered");

/** A primary team with its secondary team: "Alpha with Beta". */
const pairName = (_: I18n["_"], team: string, second: string | null | undefined) =>
  second ? _("registration.team.pair", { team, second }) : team;

/**
 * The team registration form (001 §5 Team self-registration): primary team, optional secondary
 * team (only when the primary has unregistered secondary teams), representatives by the
 * leader-count rule, the Register button only when the combined eligible members reach the
 * minimum team size, one submission in flight.
 */
export function TeamRegisterForm({ t, teams }: { t: TournamentDetail; teams: TeamRegisterTeam[] }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const available = teams.filter(canRegisterTeam);
  const [teamId, setTeamId] = useState(available[0]?.team_id ?? 0);
  const [team2Id, setTeam2Id] = useState(0);
  const [reps, setReps] = useState<[number, number, number]>([0, 0, 0]);
  const action = useTeamAction();
  const toast = useToast();
  const inFlight = useRef(false);
  const primary = available.find((x) => x.team_id === teamId);
  const seconds = primary?.secondary_teams.filter(canRegisterTeam) ?? [];
  const second = seconds.find((s) => s.team_id === team2Id);
  const combined = [...(primary?.team_members ?? []), ...(second?.team_members ?? [])];
  const leaders = combined.filter((m) => m.leader).length;
  const rule = representativeRule(leaders);
  const options = combined.filter((m) => !m.leader).sort(byName);
  const enough = combined.length >= t.minimum_team_size;

  const choosePrimary = (id: number) => {
    setTeamId(id);
    setTeam2Id(0);
    setReps([0, 0, 0]);
  };
  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    if (inFlight.current || !primary) return;
    inFlight.current = true;
    const body: TeamRegisterBody = { team_id: primary.team_id };
    if (second) body.team2_id = second.team_id;
    rule.forEach((x, i) => {
      if (x.shown && reps[i]) body[REP_FIELDS[i]!] = reps[i]!;
    });
    const name = pairName(_, primary.team_name, second?.team_name);
    action.call(
      e.register,
      { params: { id: t.id }, body },
      {
        // Past the cap the server's answer gives the waitlist place (issue #22 §1): say that instead.
        onSuccess: (r) =>
          toast(
            typeof r.waitlist_position === "number"
              ? _("registration.team.waitlistedToast", { position: r.waitlist_position })
              : _("registration.team.registeredToast", { team: name, tournament: t.title }),
          ),
        onSettled: () => (inFlight.current = false),
      },
    );
  };

  return (
    <form className="registration-form team-register-form" onSubmit={submit} aria-label={_("registration.team.formLabel")}>
      <label>
        {_("registration.col.team")}
        <select value={teamId} onChange={(x) => choosePrimary(Number(x.target.value))} required>
          {available.map((x) => (
            <option key={x.team_id} value={x.team_id}>
              [{x.team_tag}] {x.team_name}
              {x.status === "withdrawn" ? ` ${_("registration.team.withdrawnSuffix")}` : ""}
            </option>
          ))}
        </select>
      </label>
      {seconds.length > 0 && (
        <label>
          {_("registration.team.secondaryOptional")}
          <select
            value={team2Id}
            onChange={(x) => {
              setTeam2Id(Number(x.target.value));
              setReps([0, 0, 0]);
            }}
          >
            <option value={0}>{_("registration.team.none")}</option>
            {seconds.map((s) => (
              <option key={s.team_id} value={s.team_id}>
                {s.team_name}
              </option>
            ))}
          </select>
        </label>
      )}
      {rule.map((x, i) =>
        x.shown ? (
          <label key={i}>
            {x.required ? _("registration.team.rep", { n: i + 1 }) : _("registration.team.repOptional", { n: i + 1 })}
            <select
              value={reps[i] || ""}
              required={x.required}
              onChange={(v) => {
                const next = [...reps] as [number, number, number];
                next[i] = Number(v.target.value);
                setReps(next);
              }}
            >
              <option value="">{x.required ? _("registration.team.choosePlayer") : _("registration.team.none")}</option>
              {options
                .filter((o) => o.id === reps[i] || !reps.includes(o.id))
                .map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
            </select>
          </label>
        ) : null,
      )}
      {action.isError && (
        <p className="form-error" role="alert">
          {errorText(action.error)}
        </p>
      )}
      {enough ? (
        <button type="submit" className="btn btn--primary" disabled={action.isPending}>
          {action.isPending ? _("registration.team.registering") : _("registration.register")}
        </button>
      ) : (
        <p className="reg-blocking" role="status">
          {_(second !== undefined ? "registration.team.notEnoughCombined" : "registration.team.notEnough", {
            count: combined.length,
            minimum: t.minimum_team_size,
          })}
        </p>
      )}
    </form>
  );
}

/** Opt In / Opt Out panel of a registered player (001 §4). */
function OptPanel({ t, s }: { t: TournamentDetail; s: TeamRegisterStatus }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const action = useTeamAction();
  const confirm = useConfirm();
  const toast = useToast();
  const optOut = async () => {
    const ok = await confirm({
      title: _("registration.opt.outTitle", { tournament: t.title }),
      body: <p>{_("registration.opt.outBody", { team: s.my_team_name ?? "" })}</p>,
      confirmLabel: _("registration.opt.outConfirm"),
      destructive: true,
    });
    if (ok)
      action.call(e.optout, { params: { id: t.id } }, { onSuccess: () => toast(_("registration.opt.outDone", { tournament: t.title })) });
  };
  return (
    <div className="team-opt">
      {s.opted_out ? (
        <>
          <p>
            <Trans id="registration.opt.optedOut" values={{ team: s.my_team_name ?? "" }} components={{ 0: <strong /> }} />
          </p>
          <button
            type="button"
            className="btn btn--primary"
            disabled={action.isPending}
            onClick={() =>
              action.call(
                e.optin,
                { params: { id: t.id } },
                { onSuccess: () => toast(_("registration.opt.inDone", { tournament: t.title })) },
              )
            }
          >
            {action.isPending ? _("registration.opt.inBusy") : _("registration.opt.in")}
          </button>
        </>
      ) : (
        <>
          <p>
            <Trans id="registration.opt.registeredWith" values={{ team: s.my_team_name ?? "" }} components={{ 0: <strong /> }} />
          </p>
          <button type="button" className="btn btn--secondary" disabled={action.isPending} onClick={() => void optOut()}>
            {action.isPending ? _("registration.opt.outBusy") : _("registration.opt.out")}
          </button>
        </>
      )}
      {action.isError && <p className="form-error">{errorText(action.error)}</p>}
    </div>
  );
}

/** Registered teams the viewer leads or manages, each with Withdraw (001 §2 Team register page). */
function WithdrawTable({ t, teams }: { t: TournamentDetail; teams: TeamRegisterTeam[] }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const action = useTeamAction();
  const confirm = useConfirm();
  const toast = useToast();
  const [withdrawing, setWithdrawing] = useState<number | null>(null);
  const withdraw = async (x: TeamRegisterTeam) => {
    const name = pairName(_, x.team_name, x.secondary_team_name);
    const ok = await confirm({
      title: _("registration.team.withdrawTitle", { team: name, tournament: t.title }),
      body: <p>{_("registration.team.withdrawBody")}</p>,
      confirmLabel: _("registration.team.withdrawConfirm"),
      destructive: true,
    });
    if (!ok) return;
    setWithdrawing(x.team_id);
    action.call(
      e.withdraw,
      { params: { id: t.id }, body: { team_id: x.team_id } },
      {
        onSuccess: () => toast(_("registration.team.withdrawDone", { team: name, tournament: t.title })),
        onSettled: () => setWithdrawing(null),
      },
    );
  };
  if (teams.length === 0) return null;
  return (
    <div className="team-withdraw">
      <table className="stats-table">
        <thead>
          <tr>
            <th>{_("registration.team.registeredTeam")}</th>
            <th>{_("registration.col.status")}</th>
            <th>{_("registration.col.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {teams.map((x) => (
            <tr key={x.team_id}>
              <td>
                <span className="tag-badge">{x.team_tag}</span> {pairName(_, x.team_name, x.secondary_team_name)}{" "}
                <Link to={`/tournaments/${t.id}/teams/${x.team_id}/eligible_players`}>{_("registration.team.viewRoster")}</Link>
              </td>
              <td>
                <strong className="team-reg-status">{teamStatusLabel(_, t, x)}</strong>
              </td>
              <td>
                <button
                  type="button"
                  className="btn btn--secondary btn--sm btn--danger"
                  disabled={action.isPending}
                  onClick={() => void withdraw(x)}
                >
                  {action.isPending && withdrawing === x.team_id ? _("registration.withdraw.busy") : _("registration.withdraw.button")}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {action.isError && <p className="form-error">{errorText(action.error)}</p>}
    </div>
  );
}

/** The register page body for a team tournament, from the register call's answer. */
export function TeamRegisterView({ t, s }: { t: TournamentDetail; s: TeamRegisterStatus }) {
  const _ = useT();
  const here = useHere();
  if (s.status === "anonymous")
    return (
      <p>
        <Trans id="registration.logInToRegister" components={{ 0: <Link to={paths.login(here)} /> }} />
      </p>
    );
  if (s.status === "no_profile") return <NoProfile message={_("registration.noProfileTeam")} next={here} />;
  const blocking = TEAM_BLOCKING[s.status];
  if (blocking)
    return (
      <p className="reg-blocking" role="alert">
        {_(blocking)}
      </p>
    );
  if (!t.registrations_open && !s.can_administrate) return <p className="reg-closed">{_("error.registration.closed")}</p>;
  // A waiting team (past the cap, issue #22 §1) is listed with its place and may withdraw too.
  const registeredTeams = s.teams.filter((x) => (x.status === "registered" || x.status === "waitlisted") && x.registered_with === null);
  const available = s.teams.filter(canRegisterTeam);
  let message: string | null = null;
  if (s.teams.length === 0) message = s.status === "registered" ? null : _("registration.team.noTeams", { mode: modeLabel(t) });
  // Once a team of theirs is in, the table above says so (with its status); the blocking message
  // is for a leader who has nothing registered and nothing left to register.
  else if (available.length === 0 && registeredTeams.length === 0)
    message = s.teams.every((x) => x.status === "rejected")
      ? _("registration.team.allRejected")
      : _("registration.team.allRegisteredOrRejected");
  return (
    <div className="team-register">
      {s.status === "registered" && <OptPanel t={t} s={s} />}
      <WithdrawTable t={t} teams={registeredTeams} />
      {message ? (
        <p className="reg-blocking" role="alert">
          {message}
        </p>
      ) : (
        available.length > 0 && (
          <>
            {registeredTeams.length > 0 && <h2 className="team-register__another">{_("registration.team.another")}</h2>}
            <TeamRegisterForm key={available.map((x) => x.team_id).join()} t={t} teams={s.teams} />
          </>
        )
      )}
    </div>
  );
}

/** `/tournaments/{id}/register` for teams: the registration panel. */
export function TeamRegisterPanel({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const q = useTeamRegisterStatus(t.id);
  if (q.isError) return <FailurePanel onRetry={() => void q.refetch()} />;
  if (!q.data) return <Loading />;
  return (
    <section className="panel registration-status" aria-label={_("registration.panelLabel")}>
      <div className="panel__body">
        <TeamRegisterView t={t} s={q.data} />
      </div>
    </section>
  );
}
