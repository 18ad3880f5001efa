import { useRef, useState } from "react";
import { Link } from "react-router";
import {
  notEnoughMembers,
  noTeamsAvailable,
  REGISTRATION_MESSAGES as RM,
  representativeRule,
  TEAM_REGISTRATION_MESSAGES as M,
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
import { useTeamAction, useTeamRegisterStatus } from "../api/team-registrations";

/** The body fields of representatives 1–3 (001 §7 Teams). */
const REP_FIELDS = ["rep1", "rep2", "rep3"] as const;

/** Blocking messages of 001 §5 by own status (team wording for no_profile). */
export const TEAM_BLOCKING: Record<string, string> = {
  rejected: RM.rejected,
  pending_email: RM.pending_email,
  user_invalid: RM.user_invalid,
  banned: RM.banned,
  no_profile: RM.no_profile_team,
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
  t: TournamentDetail,
  x: { verified: number; status?: string; waitlist_position?: number | null | undefined },
) =>
  x.status === "waitlisted"
    ? `WAITLISTED (position ${x.waitlist_position ?? 1})`
    : x.verified < t.verification_required
      ? "PENDING APPROVAL"
      : "REGISTERED";

/**
 * The team registration form (001 §5 Team self-registration): primary team, optional secondary
 * team (only when the primary has unregistered secondary teams), representatives by the
 * leader-count rule, the Register button only when the combined eligible members reach the
 * minimum team size, one submission in flight.
 */
export function TeamRegisterForm({ t, teams }: { t: TournamentDetail; teams: TeamRegisterTeam[] }) {
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
    const name = second ? `${primary.team_name} with ${second.team_name}` : primary.team_name;
    action.call(
      e.register,
      { params: { id: t.id }, body },
      {
        // Past the cap the server's answer names the waitlist place (issue #22 §1): say that instead.
        onSuccess: (r) => toast(r.message?.includes("waitlist") ? r.message : `${name} registered for ${t.title}.`),
        onSettled: () => (inFlight.current = false),
      },
    );
  };

  return (
    <form className="registration-form team-register-form" onSubmit={submit} aria-label="Register team">
      <label>
        Team
        <select value={teamId} onChange={(x) => choosePrimary(Number(x.target.value))} required>
          {available.map((x) => (
            <option key={x.team_id} value={x.team_id}>
              [{x.team_tag}] {x.team_name}
              {x.status === "withdrawn" ? " (withdrawn)" : ""}
            </option>
          ))}
        </select>
      </label>
      {seconds.length > 0 && (
        <label>
          Secondary Team (optional)
          <select
            value={team2Id}
            onChange={(x) => {
              setTeam2Id(Number(x.target.value));
              setReps([0, 0, 0]);
            }}
          >
            <option value={0}>None</option>
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
            Representative {i + 1}
            {x.required ? "" : " (optional)"}
            <select
              value={reps[i] || ""}
              required={x.required}
              onChange={(v) => {
                const next = [...reps] as [number, number, number];
                next[i] = Number(v.target.value);
                setReps(next);
              }}
            >
              <option value="">{x.required ? "Choose a player" : "None"}</option>
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
          {action.error.message}
        </p>
      )}
      {enough ? (
        <button type="submit" className="btn btn--primary" disabled={action.isPending}>
          {action.isPending ? "Registering…" : "Register"}
        </button>
      ) : (
        <p className="reg-blocking" role="status">
          {notEnoughMembers(combined.length, t.minimum_team_size, second !== undefined)}
        </p>
      )}
    </form>
  );
}

/** Opt In / Opt Out panel of a registered player (001 §4). */
function OptPanel({ t, s }: { t: TournamentDetail; s: TeamRegisterStatus }) {
  const action = useTeamAction();
  const confirm = useConfirm();
  const toast = useToast();
  const optOut = async () => {
    const ok = await confirm({
      title: `Opt out of ${t.title}?`,
      body: (
        <p>
          {M.confirmOptOut} You will not play for {s.my_team_name} in this tournament; the team stays registered and you can opt back in.
        </p>
      ),
      confirmLabel: "Opt out",
      destructive: true,
    });
    if (ok) action.call(e.optout, { params: { id: t.id } }, { onSuccess: () => toast(`You opted out of ${t.title}.`) });
  };
  return (
    <div className="team-opt">
      {s.opted_out ? (
        <>
          <p>
            <strong>OPTED OUT</strong> — you will not play for {s.my_team_name} in this tournament.
          </p>
          <button
            type="button"
            className="btn btn--primary"
            disabled={action.isPending}
            onClick={() => action.call(e.optin, { params: { id: t.id } }, { onSuccess: () => toast(`You opted in to ${t.title}.`) })}
          >
            {action.isPending ? "Opting in…" : "Opt In"}
          </button>
        </>
      ) : (
        <>
          <p>
            You are registered with <strong>{s.my_team_name}</strong>.
          </p>
          <button type="button" className="btn btn--secondary" disabled={action.isPending} onClick={() => void optOut()}>
            {action.isPending ? "Opting out…" : "Opt Out"}
          </button>
        </>
      )}
      {action.isError && <p className="form-error">{action.error.message}</p>}
    </div>
  );
}

/** Registered teams the viewer leads or manages, each with Withdraw (001 §2 Team register page). */
function WithdrawTable({ t, teams }: { t: TournamentDetail; teams: TeamRegisterTeam[] }) {
  const action = useTeamAction();
  const confirm = useConfirm();
  const toast = useToast();
  const [withdrawing, setWithdrawing] = useState<number | null>(null);
  const withdraw = async (x: TeamRegisterTeam) => {
    const name = x.secondary_team_name ? `${x.team_name} with ${x.secondary_team_name}` : x.team_name;
    const ok = await confirm({
      title: `Withdraw ${name} from ${t.title}?`,
      body: <p>The whole team registration is withdrawn: none of its players will play in this tournament.</p>,
      confirmLabel: "Withdraw team",
      destructive: true,
    });
    if (!ok) return;
    setWithdrawing(x.team_id);
    action.call(
      e.withdraw,
      { params: { id: t.id }, body: { team_id: x.team_id } },
      { onSuccess: () => toast(`${name} withdrawn from ${t.title}.`), onSettled: () => setWithdrawing(null) },
    );
  };
  if (teams.length === 0) return null;
  return (
    <div className="team-withdraw">
      <table className="stats-table">
        <thead>
          <tr>
            <th>Registered Team</th>
            <th>Status</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {teams.map((x) => (
            <tr key={x.team_id}>
              <td>
                <span className="tag-badge">{x.team_tag}</span> {x.team_name}
                {x.secondary_team_name && ` with ${x.secondary_team_name}`}{" "}
                <Link to={`/tournaments/${t.id}/teams/${x.team_id}/eligible_players`}>(View Roster)</Link>
              </td>
              <td>
                <strong className="team-reg-status">{teamStatusLabel(t, x)}</strong>
              </td>
              <td>
                <button
                  type="button"
                  className="btn btn--secondary btn--sm btn--danger"
                  disabled={action.isPending}
                  onClick={() => void withdraw(x)}
                >
                  {action.isPending && withdrawing === x.team_id ? "Withdrawing…" : "Withdraw"}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {action.isError && <p className="form-error">{action.error.message}</p>}
    </div>
  );
}

/** The register page body for a team tournament, from the register call's answer. */
export function TeamRegisterView({ t, s }: { t: TournamentDetail; s: TeamRegisterStatus }) {
  const here = useHere();
  if (s.status === "anonymous")
    return (
      <p>
        <Link to={paths.login(here)}>Log in</Link> to register.
      </p>
    );
  if (s.status === "no_profile") return <NoProfile message={RM.no_profile_team} next={here} />;
  if (TEAM_BLOCKING[s.status])
    return (
      <p className="reg-blocking" role="alert">
        {TEAM_BLOCKING[s.status]}
      </p>
    );
  if (!t.registrations_open && !s.can_administrate) return <p className="reg-closed">{RM.closed}</p>;
  // A waiting team (past the cap, issue #22 §1) is listed with its place and may withdraw too.
  const registeredTeams = s.teams.filter((x) => (x.status === "registered" || x.status === "waitlisted") && x.registered_with === null);
  const available = s.teams.filter(canRegisterTeam);
  let message: string | null = null;
  if (s.teams.length === 0) message = s.status === "registered" ? null : noTeamsAvailable(modeLabel(t));
  // Once a team of theirs is in, the table above says so (with its status); the blocking message
  // is for a leader who has nothing registered and nothing left to register.
  else if (available.length === 0 && registeredTeams.length === 0)
    message = s.teams.every((x) => x.status === "rejected") ? M.allRejected : M.allRegisteredOrRejected;
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
            {registeredTeams.length > 0 && <h2 className="team-register__another">Register another team</h2>}
            <TeamRegisterForm key={available.map((x) => x.team_id).join()} t={t} teams={s.teams} />
          </>
        )
      )}
    </div>
  );
}

/** `/tournaments/{id}/register` for teams: the registration panel. */
export function TeamRegisterPanel({ t }: { t: TournamentDetail }) {
  const q = useTeamRegisterStatus(t.id);
  if (q.isError) return <FailurePanel onRetry={() => void q.refetch()} />;
  if (!q.data) return <Loading />;
  return (
    <section className="panel registration-status" aria-label="Registration">
      <div className="panel__body">
        <TeamRegisterView t={t} s={q.data} />
      </div>
    </section>
  );
}
