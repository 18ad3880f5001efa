import { Fragment, useState } from "react";
import type { MoveStatus } from "@site/contract";
import "./move-menu.css";

/** The move targets as the popups name them (001 §4). */
const MOVE_LABELS: Record<MoveStatus, string> = { registered: "Registered", withdrawn: "Withdrawn", rejected: "Rejected" };

/**
 * The Move action of a registration table row (001 §4 Moves): a Move link that opens a small
 * popup named `label` ('Move squad to:', 'Move player to:', 'Move team to:') offering `targets`
 * in order; choosing one closes the popup and calls `onMove`.
 */
export function MoveMenu({ label, targets, onMove }: { label: string; targets: readonly MoveStatus[]; onMove: (s: MoveStatus) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <span className="move-menu">
      <button type="button" className="link-button" onClick={() => setOpen(!open)}>
        Move
      </button>
      {open && (
        <span role="dialog" aria-label={label} className="move-menu__popup">
          {label}
          {targets.map((s) => (
            <Fragment key={s}>
              {" "}
              <button type="button" className="link-button" onClick={() => (setOpen(false), onMove(s))}>
                {MOVE_LABELS[s]}
              </button>
            </Fragment>
          ))}
        </span>
      )}
    </span>
  );
}
