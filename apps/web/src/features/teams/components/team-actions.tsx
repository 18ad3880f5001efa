import { type ReactNode, useState } from "react";
import { Link, useLocation } from "react-router";
import type { TeamDetail, TeamViewer } from "@site/contract";
import { paths } from "@/config/paths";
import type { RosterRunner } from "./roster-runner";

/**
 * What the viewer can do about their own place on the team: answer an invitation, ask to join
 * a recruiting team (or cancel the request), leave, or claim a historical team. Joining may
 * bring up the leave-first prompt (see RosterRunner).
 */
export function TeamActions({ team, viewer, runner }: { team: TeamDetail; viewer: TeamViewer; runner: RosterRunner }) {
  const location = useLocation();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const joinLabel = `join ${team.team_name}`;
  const items: ReactNode[] = [];

  if (viewer.invitation) {
    const invitationId = viewer.invitation.id;
    items.push(
      <div key="invitation" className="team-action team-action--highlight">
        <p>
          You have been invited to join <strong>{team.team_name}</strong> ({viewer.invitation.created_human}).
        </p>
        <div className="team-action__buttons">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={runner.busy}
            onClick={() => void runner.run({ kind: "invitation", id: invitationId, action: "accept" }, joinLabel)}
          >
            Accept Invitation
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={runner.busy}
            onClick={() => void runner.run({ kind: "invitation", id: invitationId, action: "decline" })}
          >
            Decline
          </button>
        </div>
      </div>,
    );
  }
  if (viewer.join_request) {
    const requestId = viewer.join_request.id;
    items.push(
      <div key="request" className="team-action">
        <p>Your request to join this team is waiting for its leaders ({viewer.join_request.created_human}).</p>
        <div className="team-action__buttons">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={runner.busy}
            onClick={() => void runner.run({ kind: "answer_request", id: requestId, action: "cancel" })}
          >
            Cancel Request
          </button>
        </div>
      </div>,
    );
  }
  if (viewer.can_request_join) {
    items.push(
      <div key="join" className="team-action">
        <p>This team is recruiting.</p>
        <div className="team-action__buttons">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={runner.busy}
            onClick={() => void runner.run({ kind: "join_request", teamId: team.id }, `ask to join ${team.team_name}`)}
          >
            Request to Join
          </button>
        </div>
      </div>,
    );
  } else if (!viewer.logged_in && team.recruitment_status === "recruiting" && !team.is_historical && !team.is_shadow) {
    items.push(
      <p key="login" className="team-action">
        This team is recruiting. <Link to={paths.login(location.pathname + location.search)}>Log in</Link> to ask to join.
      </p>,
    );
  } else if (viewer.logged_in && !viewer.has_profile && !viewer.is_member && team.recruitment_status === "recruiting") {
    items.push(
      <p key="profile" className="team-action">
        This team is recruiting. <Link to={paths.editProfile}>Create your registry profile</Link> to ask to join.
      </p>,
    );
  }
  if (viewer.can_leave) {
    items.push(
      <div key="leave" className="team-action">
        <p>You are {viewer.is_leader ? "a leader" : viewer.is_manager ? "a manager" : "a member"} of this team.</p>
        <div className="team-action__buttons">
          {confirmLeave ? (
            <>
              <span>Leave {team.team_name}?</span>
              <button
                type="button"
                className="btn btn--danger btn--sm"
                disabled={runner.busy}
                onClick={() => {
                  setConfirmLeave(false);
                  void runner.run({ kind: "leave", teamId: team.id });
                }}
              >
                Yes, Leave
              </button>
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => setConfirmLeave(false)}>
                No
              </button>
            </>
          ) : (
            <button type="button" className="btn btn--secondary btn--sm" disabled={runner.busy} onClick={() => setConfirmLeave(true)}>
              Leave Team
            </button>
          )}
        </div>
      </div>,
    );
  }
  if (viewer.can_claim) {
    items.push(
      <div key="claim" className="team-action">
        <p>Did you run this team? Ask the moderators to give you its leadership.</p>
        <div className="team-action__buttons">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={runner.busy}
            onClick={() => void runner.run({ kind: "claim", teamId: team.id })}
          >
            Claim This Team
          </button>
        </div>
      </div>,
    );
  } else if (viewer.claim_pending) {
    items.push(
      <p key="claimed" className="team-action">
        Your claim of this team is waiting for a moderator.
      </p>,
    );
  }
  if (items.length === 0) return null;
  return (
    <section className="team-actions" aria-label="Your membership">
      {items}
    </section>
  );
}
