import { Link } from "react-router";
import { COUNTS, type TeamRegisterStatus, type TournamentDetail } from "@site/contract";
import { FailurePanel } from "@/components/ui/failure-panel";
import { LinkButton } from "@/components/ui/link-button";
import { usePlacements } from "@/features/placements/api/get-placements";
import { useNow } from "@/hooks/use-now";
import { hasStarted } from "@/lib/has-started";
import { Loading } from "@/components/ui/loading";
import { useT } from "@/lib/i18n/use-t";
import { useTeamRegisterStatus } from "../api/team-registrations";

/** The Top 12 preview's order (placement ascending), so this query is the preview's. */
const PLACEMENT_ORDER = "PA";

/**
 * The team tournament page's status block (001 §2 Team tournament page, §4): the 'Thanks for
 * Registering!' panel (message exists, registered, not opted out), REGISTERED / OPTED OUT /
 * PENDING APPROVAL with 'Verification Pending', Edit Registration while open, 'Register Now!',
 * or 'Registrations for this tournament have closed.'
 */
export function TeamStatusView({ t, s }: { t: TournamentDetail; s: TeamRegisterStatus }) {
  const _ = useT();
  const open = t.registrations_open;
  if (s.status === "rejected") return <p className="reg-blocking">{_("registration.removedByStaff")}</p>;
  if (s.status === "registered") {
    const pending = (s.my_team_verified ?? 0) < t.verification_required;
    const label = s.opted_out
      ? _("registration.status.optedOut")
      : pending
        ? _("registration.status.pendingApproval")
        : _("registration.status.registered");
    return (
      <div className="reg-status">
        {t.post_registration_message_formatted && !s.opted_out && (
          <div className="reg-post-message">
            <h2 className="panel__title">{_("registration.team.thanks")}</h2>
            <div className="markdown-body" dangerouslySetInnerHTML={{ __html: t.post_registration_message_formatted }} />
          </div>
        )}
        <p className="reg-status__label">
          <strong>{label}</strong>
          {s.my_team_id !== null && (
            <>
              {" "}
              — <Link to={`/tournaments/${t.id}/teams/${s.my_team_id}/eligible_players`}>{s.my_team_name}</Link>
            </>
          )}
        </p>
        {pending && !s.opted_out && (
          <>
            <p>{_("registration.pendingApproval")}</p>
            <p className="badge badge--muted">{_("registration.team.verificationPending")}</p>
          </>
        )}
        {open ? (
          <p className="reg-actions">
            <LinkButton to={`/tournaments/${t.id}/register`} variant="secondary" size="sm">
              {_("registration.edit")}
            </LinkButton>
          </p>
        ) : (
          <p className="reg-closed">{_("error.registration.closed")}</p>
        )}
      </div>
    );
  }
  return (
    <div className="reg-status">
      {open ? (
        <Link className="btn btn--primary" to={`/tournaments/${t.id}/register`}>
          {_("registration.registerNow")}
        </Link>
      ) : (
        <p className="reg-closed">{_("error.registration.closed")}</p>
      )}
    </div>
  );
}

/** The status block for the tournament page slot (team events). */
export function TeamRegistrationStatusBlock({ t }: { t: TournamentDetail }) {
  const _ = useT();
  const q = useTeamRegisterStatus(t.id);
  // Once placements exist and the tournament has started, the placements feature shows 'You
  // placed' / concluded instead (001 §2); before the start the status stays (#17 §8). Same query
  // as its block, so no extra call.
  const placements = usePlacements(t.id, PLACEMENT_ORDER, COUNTS.placementsPreview);
  const now = useNow();
  if (placements.data && placements.data.data.length > 0 && hasStarted(t, now)) return null;
  if (q.isError) return <FailurePanel onRetry={() => void q.refetch()} />;
  if (!q.data) return <Loading />;
  return (
    <section className="panel registration-status" aria-label={_("registration.panelLabel")}>
      <div className="panel__body">
        <TeamStatusView t={t} s={q.data} />
      </div>
    </section>
  );
}
