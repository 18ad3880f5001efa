import { useEffect, useRef, useState } from "react";
import type { MessageId } from "@lingui/core";
import type { MoveStatus } from "@site/contract";
import { useT } from "@/lib/i18n/use-t";
import "./move-menu.css";

/** The move targets as the popups name them (001 §4). */
const MOVE_LABELS: Record<MoveStatus, MessageId> = {
  registered: "ui.move.registered",
  withdrawn: "ui.move.withdrawn",
  rejected: "ui.move.rejected",
};

/**
 * The Move action of a registration table row (001 §4 Moves): a Move link that opens a small
 * popup named `label` ('Move squad to:', 'Move player to:', 'Move team to:') offering `targets`
 * in order; choosing one closes the popup and calls `onMove`. Escape or a click elsewhere
 * closes it; `disabled` (a move in flight) keeps it shut.
 */
export function MoveMenu({
  label,
  targets,
  onMove,
  disabled = false,
}: {
  label: string;
  targets: readonly MoveStatus[];
  onMove: (s: MoveStatus) => void;
  disabled?: boolean;
}) {
  const _ = useT();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", away);
    return () => document.removeEventListener("mousedown", away);
  }, [open]);
  return (
    <span
      className="move-menu"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button ref={toggle} type="button" className="link-button" aria-expanded={open} disabled={disabled} onClick={() => setOpen(!open)}>
        {_("ui.move.toggle")}
      </button>
      {open && (
        <span role="dialog" aria-label={label} className="move-menu__popup">
          <span className="move-menu__label">{label}</span>
          {targets.map((s) => (
            <button key={s} type="button" className="btn btn--secondary btn--sm" onClick={() => (setOpen(false), onMove(s))}>
              {_(MOVE_LABELS[s])}
            </button>
          ))}
        </span>
      )}
    </span>
  );
}
