import { type ComponentProps, Suspense, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import {
  COUNTS,
  isSoloEvent,
  isSquadEvent,
  REGISTRATION_MESSAGES as M,
  type RegisterStatus,
  registrationEndpoints as e,
  soloSquadRegistrationEndpoints as soloSquad,
  squadNeedsCheckins,
  squadNeedsMembers,
  type TournamentDetail,
  waitlistMessage,
} from "@site/contract";
import { BackToTournament } from "@/components/ui/back-to-tournament";
import { LocalTime } from "@/components/ui/local-time";
import { NoProfile } from "@/components/ui/no-profile";
import { paths } from "@/config/paths";
import { useHere } from "@/hooks/use-here";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { lazyPart } from "@/lib/lazy-part";
import { FailurePanel } from "@/components/ui/failure-panel";
import { Loading } from "@/components/ui/loading";
import { usePlacements } from "@/features/placements/api/get-placements";
import { registrationQueries, useRegisterStatus, useRegistrationAction } from "../api/registrations";
import "./registrations.css";
import { useNow } from "@/hooks/use-now";
import { hasStarted } from "@/lib/has-started";
import { Trans, useT } from "@/lib/i18n/use-t";

// The form brings react-hook-form and the contract's schemas: only screens that show it load them
// (the tournament page shows the status, the register page the form; #17 §6).
const RegistrationFormPart = lazyPart(() => import("./registration-form"));

function RegistrationForm(props: ComponentProps<typeof RegistrationFormPart>) {
  return (
    <Suspense fallback={<Loading />}>
      <RegistrationFormPart {...props} />
    </Suspense>
  );
}

const BLOCKING: Record<string, string> = {
  rejected: M.rejected,
  pending_email: M.pending_email,
  user_invalid: M.user_invalid,
  banned: M.banned,
  no_profile: M.no_profile,
};

/**
 * When the check-in window opens and closes, beside 'Remember to check in' (issue 17 §2): the
 * scheduled times in the viewer's zone when the organizers set them; without them the start is
 * the time to plan by, as the window opens before it and closes when the organizers close it.
 */
function CheckinWindow({ t }: { t: TournamentDetail }) {
  if (t.checkin_opens_at || t.checkin_closes_at)
    return (
      <span className="reg-checkin__when">
        {t.checkin_opens_at ? (
          <>
            Check-in opens <LocalTime at={t.checkin_opens_at} />
          </>
        ) : (
          "Check-in opens when the organizers open it"
        )}
        {t.checkin_closes_at ? (
          <>
            {" "}
            and closes <LocalTime at={t.checkin_closes_at} />.
          </>
        ) : (
          " and closes when the organizers close it."
        )}
      </span>
    );
  if (!t.start_date) return null;
  return (
    <span className="reg-checkin__when">
      The check-in window opens before the start, <LocalTime at={t.start_date} />, and closes when the organizers close it.
    </span>
  );
}

/** Check-in block (001 §4 Check-in status). */
function CheckinBlock({ t, s }: { t: TournamentDetail; s: RegisterStatus }) {
  const action = useRegistrationAction();
  const toast = useToast();
  const d = s.registration_details!;
  if (!t.checkin_required) return null;
  if (t.checkin_status === 0) {
    return (
      <p className="reg-checkin">
        <strong>{M.rememberCheckin}</strong>
        <CheckinWindow t={t} />
      </p>
    );
  }
  if (t.checkin_status === 2) return null;
  return (
    <div className="reg-checkin">
      {t.checkin_closes_at && (
        <span className="reg-checkin__when">
          Check-in closes <LocalTime at={t.checkin_closes_at} />.
        </span>
      )}
      {d.checked_in ? (
        <>
          <strong>CHECKED IN</strong>{" "}
          <button
            type="button"
            className="link-button"
            disabled={action.isPending}
            onClick={() => action.call(e.checkout, { params: { id: t.id } }, { onSuccess: () => toast("Check-out done.") })}
          >
            {action.isPending ? "Checking out…" : "Check Out"}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn--primary"
          disabled={action.isPending}
          onClick={() => action.call(e.checkin, { params: { id: t.id } }, { onSuccess: () => toast("Check-in done.") })}
        >
          {action.isPending ? "Checking in…" : "Check In Now"}
        </button>
      )}
      {action.isError && <p className="form-error">{action.error.message}</p>}
    </div>
  );
}

/** The own status block of 001 §2/§4, rendered from the register call. */
export function RegistrationStatusView({ t, s, showForm }: { t: TournamentDetail; s: RegisterStatus; showForm: boolean }) {
  const _ = useT();
  const [editing, setEditing] = useState(false);
  const here = useHere();
  const d = s.registration_details;
  const squad = isSquadEvent(t.event_format);
  if (s.status === "anonymous") {
    // The tournament page offers 'Register Now!' as team tournaments do (001 §2); the register
    // page then asks to log in.
    if (!t.registrations_open) return <p className="reg-closed">{_("error.registration.closed")}</p>;
    return showForm ? (
      <p>
        <Trans id="registration.logInToRegister" components={{ 0: <Link to={paths.login(here)} /> }} />
      </p>
    ) : (
      <Link className="btn btn--primary" to={`/tournaments/${t.id}/register`}>
        {_("registration.registerNow")}
      </Link>
    );
  }
  if (s.status === "no_profile") return <NoProfile message={M.no_profile} next={here} />;
  if (BLOCKING[s.status])
    return (
      <p className="reg-blocking" role="alert">
        {BLOCKING[s.status]}
      </p>
    );
  if ((s.status === "registered" || s.status === "waitlisted") && d) {
    // Past the cap the entrant waits (issue #22): same block, its place in the queue instead of REGISTERED.
    const waiting = s.status === "waitlisted";
    const pending = !waiting && d.verified < t.verification_required;
    const needMembers = squad ? Math.max(0, t.minimum_team_size - d.register_count) : 0;
    const needCheckins =
      squad && t.checkin_required && t.checkin_status === 1
        ? Math.max(0, Math.max(1, t.checkin_minimum || t.minimum_team_size) - d.checkin_count)
        : 0;
    return (
      <div className="reg-status">
        {t.post_registration_message_formatted && (
          <div className="reg-post-message markdown-body" dangerouslySetInnerHTML={{ __html: t.post_registration_message_formatted }} />
        )}
        <p className="reg-status__label">
          <strong>{waiting ? "WAITLISTED" : pending ? "PENDING APPROVAL" : "REGISTERED"}</strong>
          {squad && d.squad_id && (
            <>
              {" "}
              —{" "}
              <Link to={`/tournaments/${t.id}/squads/${d.squad_id}`}>
                {d.squad_tag ? `[${d.squad_tag}] ` : ""}
                {d.squad_name}
              </Link>
              {d.is_captain && " (Captain)"}
            </>
          )}
        </p>
        {pending && <p>{M.pendingApproval}</p>}
        {waiting && (
          <div className="reg-waitlist" role="status">
            <p>
              <strong>{waitlistMessage(d.waitlist_position ?? 1)}</strong>
            </p>
            <p className="muted">
              The tournament is full. When a place opens, the first {squad ? "squad" : "player"} on the waitlist that is eligible
              {squad ? " (enough members" : " (not banned"}
              {t.checkin_required ? ", checked in once check-ins close" : ""}) is registered automatically and notified.
            </p>
          </div>
        )}
        {needMembers > 0 && (
          <p className="reg-hint">
            {squadNeedsMembers(needMembers)}
            {d.is_captain && d.squad_id && (
              <>
                {" "}
                <Link to={`/tournaments/${t.id}/squads/${d.squad_id}`}>Invite players</Link>
              </>
            )}
          </p>
        )}
        {needCheckins > 0 && <p className="reg-hint">{squadNeedsCheckins(needCheckins)}</p>}
        <CheckinBlock t={t} s={s} />
        {t.registrations_open ? (
          <p className="reg-actions">
            <button type="button" className="btn btn--secondary btn--sm" aria-expanded={editing} onClick={() => setEditing(!editing)}>
              Edit Registration
            </button>{" "}
            <WithdrawButton t={t} d={d} />
          </p>
        ) : (
          <p className="reg-closed">{_("error.registration.closed")}</p>
        )}
        {editing && (
          <RegistrationForm
            t={t}
            status={s}
            target={{ kind: "update" }}
            squadFields={d.is_captain}
            submitLabel={_("registration.update")}
            initial={{
              squad_name: d.squad_name ?? "",
              squad_tag: d.squad_tag ?? "",
              squad_color: d.squad_color ?? 1,
              can_host: d.can_host,
              mii_name: d.ign ?? "",
            }}
            onDone={() => setEditing(false)}
          />
        )}
      </div>
    );
  }
  const withdrawnAtClose = d?.status === "withdrawn" && d.withdrawn_at_checkin;
  return (
    <div className="reg-status">
      {withdrawnAtClose && <p className="reg-blocking">{squad ? M.withdrawnCheckinSquad : M.withdrawnCheckin}</p>}
      {!t.registrations_open && !s.can_administrate ? (
        <p className="reg-closed">{_("error.registration.closed")}</p>
      ) : showForm ? (
        s.invitations.length > 0 ? (
          <JoinOrCreate t={t} s={s} />
        ) : (
          <RegistrationForm
            t={t}
            status={s}
            target={{ kind: "register" }}
            squadFields={squad}
            submitLabel={squad ? _("registration.registerSquad") : _("registration.register")}
          />
        )
      ) : (
        <>
          {s.invitations.map((inv) => (
            <InvitationNotice key={inv.squad_id} t={t} inv={inv} />
          ))}
          <Link className="btn btn--primary" to={`/tournaments/${t.id}/register`}>
            {_("registration.registerNow")}
          </Link>
        </>
      )}
    </div>
  );
}

/**
 * Withdraw of one's own registration. A captain's withdraw takes the whole squad out (the server
 * withdraws every member and drops the invitations), so the confirmation says so and names the
 * squad mates it takes with it; a member's says the squad stays.
 */
function WithdrawButton({ t, d }: { t: TournamentDetail; d: NonNullable<RegisterStatus["registration_details"]> }) {
  const action = useRegistrationAction();
  const confirm = useConfirm();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const squadName = `${d.squad_tag ? `[${d.squad_tag}] ` : ""}${d.squad_name ?? ""}`;
  const withdraw = async () => {
    setAsking(true);
    try {
      let ok: boolean;
      if (d.squad_id && d.is_captain) {
        const squad = await queryClient.fetchQuery(registrationQueries.squad(t.id, d.squad_id)).catch(() => null);
        const mates = (squad?.members ?? [])
          .filter((m) => (m.status === "registered" || m.status === "waitlisted") && !m.team_leader)
          .map((m) => m.display_name);
        ok = await confirm({
          title: `Withdraw ${squadName} from ${t.title}?`,
          body: (
            <>
              <p>
                You are the captain: withdrawing removes the <strong>whole squad</strong> from this tournament and cancels its invitations.
              </p>
              {mates.length > 0 ? (
                <>
                  <p>These squad mates will be withdrawn too and notified:</p>
                  <ul data-testid="withdraw-mates">
                    {mates.map((name) => (
                      <li key={name}>{name}</li>
                    ))}
                  </ul>
                </>
              ) : (
                <p>No one else is registered in the squad.</p>
              )}
            </>
          ),
          confirmLabel: "Withdraw squad",
          destructive: true,
        });
      } else {
        ok = await confirm({
          title: `Withdraw from ${t.title}?`,
          body: d.squad_id ? (
            <p>You will leave {squadName}; the squad stays registered and its captain is notified.</p>
          ) : (
            <p>Your registration will be moved to Withdrawn.</p>
          ),
          confirmLabel: "Withdraw",
          destructive: true,
        });
      }
      if (ok)
        action.call(
          soloSquad.withdraw,
          { params: { id: t.id }, body: {} },
          { onSuccess: (r) => toast(r.message ?? "You have withdrawn from this tournament.") },
        );
    } finally {
      setAsking(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary btn--sm btn--danger"
        disabled={action.isPending || asking}
        onClick={() => void withdraw()}
      >
        {action.isPending ? "Withdrawing…" : "Withdraw"}
      </button>
      {action.isError && (
        <span className="form-error" role="alert">
          {" "}
          {action.error.message}
        </span>
      )}
    </>
  );
}

const squadLabel = (inv: { squad_tag: string; squad_name: string }) => `${inv.squad_tag ? `[${inv.squad_tag}] ` : ""}${inv.squad_name}`;

/** Declining a squad invitation, after the shared confirmation (001 §4 Squad invitations). */
function useDeclineInvitation(t: TournamentDetail, inv: RegisterStatus["invitations"][number]) {
  const action = useRegistrationAction();
  const confirm = useConfirm();
  const toast = useToast();
  const name = squadLabel(inv);
  const decline = async () => {
    const ok = await confirm({
      title: `Decline the invitation to ${name}?`,
      body: (
        <p>
          The invitation is removed{inv.captain_name ? ` and ${inv.captain_name} is told` : ""}; you would need a new invitation to join.
        </p>
      ),
      confirmLabel: "Decline invitation",
      destructive: true,
    });
    if (ok)
      action.call(
        e.declineInvite,
        { params: { id: t.id, squadId: inv.squad_id } },
        { onSuccess: () => toast(`Invitation to ${name} declined.`) },
      );
  };
  return { decline, action };
}

/** "DemoCaptain invited you to their squad [TAG] Name." — the invitation as a sentence. */
function InvitationText({ inv }: { inv: RegisterStatus["invitations"][number] }) {
  return (
    <>
      {inv.captain_name ? `${inv.captain_name} invited you to their squad ` : "You have been invited to join "}
      <strong>{squadLabel(inv)}</strong>.
    </>
  );
}

/**
 * An open squad invitation on the tournament page, so an invited player need not find it on the
 * register page: Accept opens the register page on that squad's join form, Decline asks first.
 */
function InvitationNotice({ t, inv }: { t: TournamentDetail; inv: RegisterStatus["invitations"][number] }) {
  const { decline, action } = useDeclineInvitation(t, inv);
  return (
    <div className="reg-invitation" role="group" aria-label={`Invitation to ${squadLabel(inv)}`}>
      <p>
        <InvitationText inv={inv} />
      </p>
      <p className="reg-invitation__actions">
        <Link className="btn btn--primary btn--sm" to={`${paths.tournamentRegister(t.id)}?join=${inv.squad_id}`}>
          Accept
        </Link>
        <button type="button" className="btn btn--secondary btn--sm" disabled={action.isPending} onClick={() => void decline()}>
          {action.isPending ? "Declining…" : "Decline"}
        </button>
      </p>
      {action.isError && (
        <p className="form-error" role="alert">
          {action.error.message}
        </p>
      )}
    </div>
  );
}

/**
 * The register page of an invited player: one choice (join a squad that invited them, or create
 * their own), then the one form that choice needs, never both forms at once. `?join={squadId}`
 * (the tournament page's Accept) preselects that invitation; otherwise the first one.
 */
function JoinOrCreate({ t, s }: { t: TournamentDetail; s: RegisterStatus }) {
  const _ = useT();
  const [params] = useSearchParams();
  const asked = Number(params.get("join"));
  const initial = s.invitations.some((i) => i.squad_id === asked) ? asked : s.invitations[0]!.squad_id;
  const [choice, setChoice] = useState<number | "create">(initial);
  const name = useId();
  const inv = choice === "create" ? undefined : s.invitations.find((i) => i.squad_id === choice);
  return (
    <div className="reg-choice">
      <fieldset className="reg-choice__options">
        <legend>How do you want to enter?</legend>
        {s.invitations.map((i) => (
          <label key={i.squad_id} className={`reg-choice__option${choice === i.squad_id ? " is-selected" : ""}`}>
            <input type="radio" name={name} checked={choice === i.squad_id} onChange={() => setChoice(i.squad_id)} />
            <span>
              Join <strong>{squadLabel(i)}</strong>
              {i.captain_name && <span className="reg-choice__sub">Invited by {i.captain_name}</span>}
            </span>
          </label>
        ))}
        <label className={`reg-choice__option${choice === "create" ? " is-selected" : ""}`}>
          <input type="radio" name={name} checked={choice === "create"} onChange={() => setChoice("create")} />
          <span>
            Create my own squad
            <span className="reg-choice__sub">You will be its captain and can invite players</span>
          </span>
        </label>
      </fieldset>
      {inv ? (
        <JoinForm key={inv.squad_id} t={t} s={s} inv={inv} />
      ) : (
        <RegistrationForm t={t} status={s} target={{ kind: "register" }} squadFields submitLabel={_("registration.registerSquad")} />
      )}
    </div>
  );
}

/** Joining the squad of one invitation (its Decline beside it). */
function JoinForm({ t, s, inv }: { t: TournamentDetail; s: RegisterStatus; inv: RegisterStatus["invitations"][number] }) {
  const _ = useT();
  const { decline, action } = useDeclineInvitation(t, inv);
  return (
    <div className="reg-join">
      <p>
        <InvitationText inv={inv} />
      </p>
      <RegistrationForm
        t={t}
        status={s}
        target={{ kind: "accept", squadId: inv.squad_id }}
        squadFields={false}
        submitLabel={_("registration.joinSquad")}
      />
      <p>
        <button type="button" className="link-button" disabled={action.isPending} onClick={() => void decline()}>
          {action.isPending ? "Declining…" : "Decline this invitation"}
        </button>
      </p>
      {action.isError && (
        <p className="form-error" role="alert">
          {action.error.message}
        </p>
      )}
    </div>
  );
}

/**
 * The solo and squad status block for the tournament page slot and the register page (team
 * tournaments are features/team-registrations'; the app picks by format). Renders nothing for
 * another format.
 */
export function RegistrationStatusBlock({ t, showForm = false }: { t: TournamentDetail; showForm?: boolean }) {
  const soloOrSquad = isSoloEvent(t.event_format) || isSquadEvent(t.event_format);
  const q = useRegisterStatus(t.id, soloOrSquad);
  if (!soloOrSquad) return null;
  if (!showForm) return <SoloSquadStatusUntilPlacements t={t} q={q} />;
  return (
    <>
      <BackToTournament t={t} />
      {q.isError ? (
        <FailurePanel onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Loading />
      ) : (
        <section className="panel registration-status" aria-label="Registration">
          <div className="panel__body">
            <RegistrationStatusView t={t} s={q.data} showForm={showForm} />
          </div>
        </section>
      )}
    </>
  );
}

/**
 * The tournament page's status block for solo and squad tournaments: once placements exist and
 * the tournament has started, the placements feature shows 'You placed' or 'This tournament has
 * concluded.' instead (001 §2), so the registration status gives way. Before the start it stays,
 * placements entered ahead of time or not (#17 §8). Same query as the Top 12 preview, so no extra call.
 */
function SoloSquadStatusUntilPlacements({ t, q }: { t: TournamentDetail; q: ReturnType<typeof useRegisterStatus> }) {
  const placements = usePlacements(t.id, "PA", COUNTS.placementsPreview);
  const now = useNow();
  if (placements.data && placements.data.data.length > 0 && hasStarted(t, now)) return null;
  if (q.isError) return <FailurePanel onRetry={() => void q.refetch()} />;
  if (!q.data) return <Loading />;
  return (
    <section className="panel registration-status" aria-label="Registration">
      <div className="panel__body">
        <RegistrationStatusView t={t} s={q.data} showForm={false} />
      </div>
    </section>
  );
}
