import { type ReactNode, useState } from "react";
import { Link, useLocation } from "react-router";
import type { TeamDetail, TeamViewer } from "@site/contract";
import { paths } from "@/config/paths";
import { Trans, useI18n, useT } from "@/lib/i18n/use-t";
import { formatDay } from "@/lib/time-format";
import type { RosterRunner } from "./roster-runner";

/**
 * What the viewer can do about their own place on the team: answer an invitation, ask to join
 * a recruiting team (or cancel the request), leave, or claim a historical team. Joining may
 * bring up the leave-first prompt (see RosterRunner).
 */
export function TeamActions({ team, viewer, runner }: { team: TeamDetail; viewer: TeamViewer; runner: RosterRunner }) {
  const _ = useT();
  const { locale } = useI18n();
  const location = useLocation();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const items: ReactNode[] = [];

  if (viewer.invitation) {
    const invitationId = viewer.invitation.id;
    items.push(
      <div key="invitation" className="team-action team-action--highlight">
        <p>
          <Trans
            id="teams.actions.invited"
            values={{ team: team.team_name, date: formatDay(viewer.invitation.created_at, locale) }}
            components={{ 0: <strong /> }}
          />
        </p>
        <div className="team-action__buttons">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={runner.busy}
            onClick={() => void runner.run({ kind: "invitation", id: invitationId, action: "accept" }, "join")}
          >
            {_("teams.actions.acceptInvitation")}
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={runner.busy}
            onClick={() => void runner.run({ kind: "invitation", id: invitationId, action: "decline" })}
          >
            {_("teams.actions.decline")}
          </button>
        </div>
      </div>,
    );
  }
  if (viewer.join_request) {
    const requestId = viewer.join_request.id;
    items.push(
      <div key="request" className="team-action">
        <p>{_("teams.actions.requestWaiting", { date: formatDay(viewer.join_request.created_at, locale) })}</p>
        <div className="team-action__buttons">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={runner.busy}
            onClick={() => void runner.run({ kind: "answer_request", id: requestId, action: "cancel" })}
          >
            {_("teams.actions.cancelRequest")}
          </button>
        </div>
      </div>,
    );
  }
  if (viewer.can_request_join) {
    items.push(
      <div key="join" className="team-action">
        <p>{_("teams.actions.recruiting")}</p>
        <div className="team-action__buttons">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={runner.busy}
            onClick={() => void runner.run({ kind: "join_request", teamId: team.id }, "request")}
          >
            {_("teams.actions.requestJoin")}
          </button>
        </div>
      </div>,
    );
  } else if (!viewer.logged_in && team.recruitment_status === "recruiting" && !team.is_historical && !team.is_shadow) {
    items.push(
      <p key="login" className="team-action">
        <Trans id="teams.actions.loginToJoin" components={{ 0: <Link to={paths.login(location.pathname + location.search)} /> }} />
      </p>,
    );
  } else if (viewer.logged_in && !viewer.has_profile && !viewer.is_member && team.recruitment_status === "recruiting") {
    items.push(
      <p key="profile" className="team-action">
        <Trans id="teams.actions.profileToJoin" components={{ 0: <Link to={paths.editProfile} /> }} />
      </p>,
    );
  }
  if (viewer.can_leave) {
    items.push(
      <div key="leave" className="team-action">
        <p>{_("teams.actions.youAre", { role: viewer.is_leader ? "leader" : viewer.is_manager ? "manager" : "member" })}</p>
        <div className="team-action__buttons">
          {confirmLeave ? (
            <>
              <span>{_("teams.actions.leaveQuestion", { team: team.team_name })}</span>
              <button
                type="button"
                className="btn btn--danger btn--sm"
                disabled={runner.busy}
                onClick={() => {
                  setConfirmLeave(false);
                  void runner.run({ kind: "leave", teamId: team.id });
                }}
              >
                {_("teams.actions.leaveYes")}
              </button>
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => setConfirmLeave(false)}>
                {_("teams.actions.leaveNo")}
              </button>
            </>
          ) : (
            <button type="button" className="btn btn--secondary btn--sm" disabled={runner.busy} onClick={() => setConfirmLeave(true)}>
              {_("teams.actions.leave")}
            </button>
          )}
        </div>
      </div>,
    );
  }
  if (viewer.can_claim) {
    items.push(
      <div key="claim" className="team-action">
        <p>{_("teams.actions.claimOffer")}</p>
        <div className="team-action__buttons">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={runner.busy}
            onClick={() => void runner.run({ kind: "claim", teamId: team.id })}
          >
            {_("teams.actions.claim")}
          </button>
        </div>
      </div>,
    );
  } else if (viewer.claim_pending) {
    items.push(
      <p key="claimed" className="team-action">
        {_("teams.actions.claimPending")}
      </p>,
    );
  }
  if (items.length === 0) return null;
  return (
    <section className="team-actions" aria-label={_("teams.actions.label")}>
      {items}
    </section>
  );
}
