import { useEffect, useId, useRef } from "react";
import { TeamTag } from "@/components/ui/team-tag";
import "@/components/ui/feedback.css";

export interface ConfirmLeaveDialogProps {
  /** The team of the same category the player is on now (000 §4). */
  current: { team_name: string; team_tag?: string; team_color?: number };
  /** What happens on Yes, e.g. 'join Blue Shells'. */
  action: string;
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
          Leave your current team first?
        </h2>
        <p className="confirm-dialog__text">
          You are already on{" "}
          <strong>
            {current.team_tag && <TeamTag tag={current.team_tag} color={current.team_color} />} {current.team_name}
          </strong>{" "}
          in this category. A player can be on one team per category, so you need to leave that team first.
        </p>
        <p className="confirm-dialog__text">
          Leave {current.team_name} and {action}?
        </p>
        <div className="confirm-dialog__actions">
          <button ref={yes} type="button" className="btn btn--primary" onClick={onYes} disabled={busy}>
            Leave and continue
          </button>
          <button type="button" className="btn btn--secondary" onClick={onNo} disabled={busy}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
