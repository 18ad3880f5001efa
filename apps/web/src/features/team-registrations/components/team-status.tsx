import { Link } from "react-router";
import {
  COUNTS,
  REGISTRATION_MESSAGES as RM,
  TEAM_REGISTRATION_MESSAGES as M,
  type TeamRegisterStatus,
  type TournamentDetail,
} from "@site/contract";
import { FailurePanel } from "@/components/ui/failure-panel";
import { LinkButton } from "@/components/ui/link-button";
import { usePlacements } from "@/features/placements/api/get-placements";
import { useNow } from "@/hooks/use-now";
import { hasStarted } from "@/lib/has-started";
import { Loading } from "@/components/ui/loading";
import { useTeamRegisterStatus } from "../api/team-registrations";

/**
 * The team tournament page's status block (001 §2 Team tournament page, §4): the 'Thanks for
 * Registering!' panel (message exists, registered, not opted out), REGISTERED / OPTED OUT /
 * PENDING APPROVAL with 'Verification Pending', Edit Registration while open, 'Register Now!',
 * or 'Registrations for this tournament have closed.'
 */
export function TeamStatusView({ t, s }: { t: TournamentDetail; s: TeamRegisterStatus }) {
  const open = t.registrations_open;
  if (s.status === "rejected") return <p className="reg-blocking">{RM.removedByStaff}</p>;
  if (s.status === "registered") {
    const pending = (s.my_team_verified ?? 0) < t.verification_required;
    const label = s.opted_out ? "OPTED OUT" : pending ? "PENDING APPROVAL" : "REGISTERED";
    return (
      <div className="reg-status">
        {t.post_registration_message_formatted && !s.opted_out && (
          <div className="reg-post-message">
            <h2 className="panel__title">{M.thanks}</h2>
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
            <p>{M.pendingApproval}</p>
            <p className="badge badge--muted">{M.verificationPending}</p>
          </>
        )}
        {open ? (
          <p className="reg-actions">
            <LinkButton to={`/tournaments/${t.id}/register`} variant="secondary" size="sm">
              Edit Registration
            </LinkButton>
          </p>
        ) : (
          <p className="reg-closed">{M.closed}</p>
        )}
      </div>
    );
  }
  return (
    <div className="reg-status">
      {open ? (
        <Link className="btn btn--primary" to={`/tournaments/${t.id}/register`}>
          Register Now!
        </Link>
      ) : (
        <p className="reg-closed">{M.closed}</p>
      )}
    </div>
  );
}

/** The status block for the tournament page slot (team events). */
export function TeamRegistrationStatusBlock({ t }: { t: TournamentDetail }) {
  const q = useTeamRegisterStatus(t.id);
  // Once placements exist and the tournament has started, the placements feature shows 'You
  // placed' / concluded instead (001 §2); before the start the status stays (#17 §8). Same query
  // as its block, so no extra call.
  const placements = usePlacements(t.id, "PA", COUNTS.placementsPreview);
  const now = useNow();
  if (placements.data && placements.data.data.length > 0 && hasStarted(t, now)) return null;
  if (q.isError) return <FailurePanel onRetry={() => void q.refetch()} />;
  if (!q.data) return <Loading />;
  return (
    <section className="panel registration-status" aria-label="Registration">
      <div className="panel__body">
        <TeamStatusView t={t} s={q.data} />
      </div>
    </section>
  );
}
