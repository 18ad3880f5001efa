import { useEffect, useId, useRef } from "react";
import { TeamTag } from "@/components/ui/team-tag";
import "@/components/ui/feedback.css";
import { Trans, useT } from "@/lib/i18n/use-t";

/** What Yes does after leaving: join a team, ask to join it, create the team being made, or just continue. */
export type LeaveFirstAction = { kind: "join" | "request"; team: string } | { kind: "create" | "continue" };

export interface ConfirmLeaveDialogProps {
  /** The team of the same category the player is on now (000 §4). */
  current: { team_name: string; team_tag?: string; team_color?: number };
  /** What happens on Yes, e.g. join Blue Shells ('Leave Red Shells and join Blue Shells?'). */
  action: LeaveFirstAction;
  onYes: () => void;
  onNo: () => void;
  busy?: boolean;
}

/**
 * The leave-first prompt (000 §4: 'Moving to a team in the same category as the user's existing
 * team … prompts to leave that team first'). Yes repeats the call with leave_current; No (or
 * Escape) cancels and nothing changes.
 */
export function ConfirmLeaveDialog({ current, action, onYes, onNo, busy }: ConfirmLeaveDialogProps) {
  const _ = useT();
  const titleId = useId();
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    yes.current?.focus();
  }, []);
  return (
    <div className="confirm-backdrop">
      <div
        className="confirm-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === "Escape") onNo();
        }}
      >
        <h2 id={titleId} className="confirm-dialog__title">
          {_("teams.leaveFirst.title")}
        </h2>
        <p className="confirm-dialog__text">
          <Trans
            id="teams.leaveFirst.text"
            values={{ team: current.team_name }}
            components={{
              0: <strong />,
              1: current.team_tag ? <TeamTag tag={current.team_tag} color={current.team_color} /> : <></>,
            }}
          />
        </p>
        <p className="confirm-dialog__text">
          {_("teams.leaveFirst.question", {
            current: current.team_name,
            action: action.kind,
            team: "team" in action ? action.team : "",
          })}
        </p>
        <div className="confirm-dialog__actions">
          <button ref={yes} type="button" className="btn btn--primary" onClick={onYes} disabled={busy}>
            {_("teams.leaveFirst.yes")}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onNo} disabled={busy}>
            {_("teams.leaveFirst.no")}
          </button>
        </div>
      </div>
    </div>
  );
}
