import { type ComponentProps, Suspense, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import type { MessageId } from "@lingui/core";
import {
  COUNTS,
  isSoloEvent,
  isSquadEvent,
  type RegisterStatus,
  registrationEndpoints as e,
  soloSquadRegistrationEndpoints as soloSquad,
  type TournamentDetail,
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
import { useErrorText, useServerText } from "@/lib/i18n/error-text";
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

/** The refusals of 001 §5 by own status: the same words as the server's coded refusals. */
const BLOCKING: Record<string, MessageId> = {
  rejected: "error.registration.rejected",
  pending_email: "error.registration.pending_email",
  user_invalid: "error.registration.user_invalid",
  banned: "error.registration.banned",
  no_profile: "error.registration.no_profile",
};

/**
 * When the check-in window opens and closes, beside 'Remember to check in' (issue 17 §2): the
 * scheduled times in the viewer's zone when the organizers set them; without them the start is
 * the time to plan by, as the window opens before it and closes when the organizers close it.
 */
function CheckinWindow({ t }: { t: TournamentDetail }) {
  const opens = t.checkin_opens_at;
  const closes = t.checkin_closes_at;
  if (opens && closes)
    return (
      <span className="reg-checkin__when">
        <Trans id="registration.checkin.window" components={{ 0: <LocalTime at={opens} />, 1: <LocalTime at={closes} /> }} />
      </span>
    );
  if (opens)
    return (
      <span className="reg-checkin__when">
        <Trans id="registration.checkin.windowOpens" components={{ 0: <LocalTime at={opens} /> }} />
      </span>
    );
  if (closes)
    return (
      <span className="reg-checkin__when">
        <Trans id="registration.checkin.windowCloses" components={{ 0: <LocalTime at={closes} /> }} />
      </span>
    );
  if (!t.start_date) return null;
  return (
    <span className="reg-checkin__when">
      <Trans id="registration.checkin.windowStart" components={{ 0: <LocalTime at={t.start_date} /> }} />
    </span>
  );
}

/** Check-in block (001 §4 Check-in status). */
function CheckinBlock({ t, s }: { t: TournamentDetail; s: RegisterStatus }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const action = useRegistrationAction();
  const toast = useToast();
  const d = s.registration_details!;
  if (!t.checkin_required) return null;
  if (t.checkin_status === 0) {
    return (
      <p className="reg-checkin">
        <strong>{_("registration.checkin.remember")}</strong>
        <CheckinWindow t={t} />
      </p>
    );
  }
  if (t.checkin_status === 2) return null;
  return (
    <div className="reg-checkin">
      {t.checkin_closes_at && (
        <span className="reg-checkin__when">
          <Trans id="registration.checkin.closes" components={{ 0: <LocalTime at={t.checkin_closes_at} /> }} />
        </span>
      )}
      {d.checked_in ? (
        <>
          <strong>{_("registration.checkin.checkedIn")}</strong>{" "}
          <button
            type="button"
            className="link-button"
            disabled={action.isPending}
            onClick={() =>
              action.call(e.checkout, { params: { id: t.id } }, { onSuccess: () => toast(_("registration.checkin.checkOutDone")) })
            }
          >
            {action.isPending ? _("registration.checkin.checkingOut") : _("registration.checkin.checkOut")}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn--primary"
          disabled={action.isPending}
          onClick={() =>
            action.call(e.checkin, { params: { id: t.id } }, { onSuccess: () => toast(_("registration.checkin.checkInDone")) })
          }
        >
          {action.isPending ? _("registration.checkin.checkingIn") : _("registration.checkin.checkInNow")}
        </button>
      )}
      {action.isError && <p className="form-error">{errorText(action.error)}</p>}
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
  if (s.status === "no_profile") return <NoProfile message={_("error.registration.no_profile")} next={here} />;
  const blocking = BLOCKING[s.status];
  if (blocking)
    return (
      <p className="reg-blocking" role="alert">
        {_(blocking)}
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
          <strong>
            {waiting
              ? _("registration.status.waitlisted")
              : pending
                ? _("registration.status.pendingApproval")
                : _("registration.status.registered")}
          </strong>
          {squad && d.squad_id && (
            <>
              {" "}
              —{" "}
              <Link to={`/tournaments/${t.id}/squads/${d.squad_id}`}>
                {d.squad_tag ? `[${d.squad_tag}] ` : ""}
                {d.squad_name}
              </Link>
              {d.is_captain && <> {_("registration.status.captain")}</>}
            </>
          )}
        </p>
        {pending && <p>{_("registration.pendingApproval")}</p>}
        {waiting && (
          <div className="reg-waitlist" role="status">
            <p>
              <strong>{_("registration.waitlist.position", { position: d.waitlist_position ?? 1 })}</strong>
            </p>
            <p className="muted">
              {squad
                ? t.checkin_required
                  ? _("registration.waitlist.explainSquadCheckin")
                  : _("registration.waitlist.explainSquad")
                : t.checkin_required
                  ? _("registration.waitlist.explainPlayerCheckin")
                  : _("registration.waitlist.explainPlayer")}
            </p>
          </div>
        )}
        {needMembers > 0 && (
          <p className="reg-hint">
            {_("registration.squad.needsMembers", { count: needMembers })}
            {d.is_captain && d.squad_id && (
              <>
                {" "}
                <Link to={`/tournaments/${t.id}/squads/${d.squad_id}`}>{_("registration.squad.invitePlayers")}</Link>
              </>
            )}
          </p>
        )}
        {needCheckins > 0 && <p className="reg-hint">{_("registration.squad.needsCheckins", { count: needCheckins })}</p>}
        <CheckinBlock t={t} s={s} />
        {t.registrations_open ? (
          <p className="reg-actions">
            <button type="button" className="btn btn--secondary btn--sm" aria-expanded={editing} onClick={() => setEditing(!editing)}>
              {_("registration.edit")}
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
      {withdrawnAtClose && (
        <p className="reg-blocking">{squad ? _("registration.withdrawnCheckinSquad") : _("registration.withdrawnCheckin")}</p>
      )}
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
  const _ = useT();
  const { errorText } = useErrorText();
  const serverText = useServerText();
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
          title: _("registration.withdraw.squadTitle", { squad: squadName, tournament: t.title }),
          body: (
            <>
              <p>
                <Trans id="registration.withdraw.captainBody" components={{ 0: <strong /> }} />
              </p>
              {mates.length > 0 ? (
                <>
                  <p>{_("registration.withdraw.mates")}</p>
                  <ul data-testid="withdraw-mates">
                    {mates.map((name) => (
                      <li key={name}>{name}</li>
                    ))}
                  </ul>
                </>
              ) : (
                <p>{_("registration.withdraw.noMates")}</p>
              )}
            </>
          ),
          confirmLabel: _("registration.withdraw.squadConfirm"),
          destructive: true,
        });
      } else {
        ok = await confirm({
          title: _("registration.withdraw.title", { tournament: t.title }),
          body: d.squad_id ? (
            <p>{_("registration.withdraw.memberBody", { squad: squadName })}</p>
          ) : (
            <p>{_("registration.withdraw.soloBody")}</p>
          ),
          confirmLabel: _("registration.withdraw.button"),
          destructive: true,
        });
      }
      if (ok)
        action.call(
          soloSquad.withdraw,
          { params: { id: t.id }, body: {} },
          { onSuccess: (r) => toast(serverText(r.message, "registration.withdraw.done")) },
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
        {action.isPending ? _("registration.withdraw.busy") : _("registration.withdraw.button")}
      </button>
      {action.isError && (
        <span className="form-error" role="alert">
          {" "}
          {errorText(action.error)}
        </span>
      )}
    </>
  );
}

const squadLabel = (inv: { squad_tag: string; squad_name: string }) => `${inv.squad_tag ? `[${inv.squad_tag}] ` : ""}${inv.squad_name}`;

/** Declining a squad invitation, after the shared confirmation (001 §4 Squad invitations). */
function useDeclineInvitation(t: TournamentDetail, inv: RegisterStatus["invitations"][number]) {
  const _ = useT();
  const action = useRegistrationAction();
  const confirm = useConfirm();
  const toast = useToast();
  const name = squadLabel(inv);
  const decline = async () => {
    const ok = await confirm({
      title: _("registration.decline.title", { squad: name }),
      body: (
        <p>{inv.captain_name ? _("registration.decline.bodyCaptain", { captain: inv.captain_name }) : _("registration.decline.body")}</p>
      ),
      confirmLabel: _("registration.decline.confirm"),
      destructive: true,
    });
    if (ok)
      action.call(
        e.declineInvite,
        { params: { id: t.id, squadId: inv.squad_id } },
        { onSuccess: () => toast(_("registration.decline.done", { squad: name })) },
      );
  };
  return { decline, action };
}

/** "DemoCaptain invited you to their squad [TAG] Name." — the invitation as a sentence. */
function InvitationText({ inv }: { inv: RegisterStatus["invitations"][number] }) {
  return inv.captain_name ? (
    <Trans
      id="registration.invitation.fromCaptain"
      values={{ captain: inv.captain_name, squad: squadLabel(inv) }}
      components={{ 0: <strong /> }}
    />
  ) : (
    <Trans id="registration.invitation.text" values={{ squad: squadLabel(inv) }} components={{ 0: <strong /> }} />
  );
}

/**
 * An open squad invitation on the tournament page, so an invited player need not find it on the
 * register page: Accept opens the register page on that squad's join form, Decline asks first.
 */
function InvitationNotice({ t, inv }: { t: TournamentDetail; inv: RegisterStatus["invitations"][number] }) {
  const _ = useT();
  const { errorText } = useErrorText();
  const { decline, action } = useDeclineInvitation(t, inv);
  return (
    <div className="reg-invitation" role="group" aria-label={_("registration.invitation.label", { squad: squadLabel(inv) })}>
      <p>
        <InvitationText inv={inv} />
      </p>
      <p className="reg-invitation__actions">
        <Link className="btn btn--primary btn--sm" to={`${paths.tournamentRegister(t.id)}?join=${inv.squad_id}`}>
          {_("registration.invitation.accept")}
        </Link>
        <button type="button" className="btn btn--secondary btn--sm" disabled={action.isPending} onClick={() => void decline()}>
          {action.isPending ? _("registration.decline.busy") : _("registration.decline.button")}
        </button>
      </p>
      {action.isError && (
        <p className="form-error" role="alert">
          {errorText(action.error)}
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
        <legend>{_("registration.choice.legend")}</legend>
        {s.invitations.map((i) => (
          <label key={i.squad_id} className={`reg-choice__option${choice === i.squad_id ? " is-selected" : ""}`}>
            <input type="radio" name={name} checked={choice === i.squad_id} onChange={() => setChoice(i.squad_id)} />
            <span>
              <Trans id="registration.choice.join" values={{ squad: squadLabel(i) }} components={{ 0: <strong /> }} />
              {i.captain_name && <span className="reg-choice__sub">{_("registration.choice.invitedBy", { captain: i.captain_name })}</span>}
            </span>
          </label>
        ))}
        <label className={`reg-choice__option${choice === "create" ? " is-selected" : ""}`}>
          <input type="radio" name={name} checked={choice === "create"} onChange={() => setChoice("create")} />
          <span>
            {_("registration.choice.create")}
            <span className="reg-choice__sub">{_("registration.choice.createHint")}</span>
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
  const { errorText } = useErrorText();
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
          {action.isPending ? _("registration.decline.busy") : _("registration.decline.this")}
        </button>
      </p>
      {action.isError && (
        <p className="form-error" role="alert">
          {errorText(action.error)}
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
  const _ = useT();
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
        <section className="panel registration-status" aria-label={_("registration.panelLabel")}>
          <div className="panel__body">
            <RegistrationStatusView t={t} s={q.data} showForm={showForm} />
          </div>
        </section>
      )}
    </>
  );
}

/** The Top 12 preview's order (placement ascending), so this query is the preview's. */
const PLACEMENT_ORDER = "PA";

/**
 * The tournament page's status block for solo and squad tournaments: once placements exist and
 * the tournament has started, the placements feature shows 'You placed' or 'This tournament has
 * concluded.' instead (001 §2), so the registration status gives way. Before the start it stays,
 * placements entered ahead of time or not (#17 §8). Same query as the Top 12 preview, so no extra call.
 */
function SoloSquadStatusUntilPlacements({ t, q }: { t: TournamentDetail; q: ReturnType<typeof useRegisterStatus> }) {
  const _ = useT();
  const placements = usePlacements(t.id, PLACEMENT_ORDER, COUNTS.placementsPreview);
  const now = useNow();
  if (placements.data && placements.data.data.length > 0 && hasStarted(t, now)) return null;
  if (q.isError) return <FailurePanel onRetry={() => void q.refetch()} />;
  if (!q.data) return <Loading />;
  return (
    <section className="panel registration-status" aria-label={_("registration.panelLabel")}>
      <div className="panel__body">
        <RegistrationStatusView t={t} s={q.data} showForm={false} />
      </div>
    </section>
  );
}
