import { useEffect, useId, useRef } from "react";
import type { FcError } from "@site/contract";
import { useT } from "@/lib/i18n/use-t";

/** The server's words for a hidden player the viewer may not see named (issue #15 §7). */
const ANOTHER_PLAYER = "another player";

/**
 * The friend-code conflict confirmation (000 §4, §8): the codes and the players who last used
 * them, then 'Do you still want to continue?' with Yes (resubmit with override_fc_warning) and
 * No (cancel; the form keeps what was typed). Escape answers No.
 */
export function FcConflictDialog({
  conflicts,
  onYes,
  onNo,
  busy,
}: {
  conflicts: FcError[];
  onYes: () => void;
  onNo: () => void;
  busy?: boolean;
}) {
  const _ = useT();
  const titleId = useId();
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    yes.current?.focus();
  }, []);
  return (
    <div className="modal-backdrop">
      <div
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === "Escape") onNo();
        }}
      >
        <p id={titleId} className="modal__text">
          {_("players.fcConflict.text")}
        </p>
        <ul className="modal__list">
          {conflicts.map((c) => (
            <li key={c.fc_label}>
              <strong>{c.fc_label}</strong> – {c.player_name === ANOTHER_PLAYER ? _("players.fcConflict.anotherPlayer") : c.player_name}
            </li>
          ))}
        </ul>
        <p className="modal__text">{_("players.fcConflict.question")}</p>
        <div className="modal__actions">
          <button ref={yes} type="button" className="btn btn--primary" onClick={onYes} disabled={busy}>
            {_("common.yes")}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onNo} disabled={busy}>
            {_("common.no")}
          </button>
        </div>
      </div>
    </div>
  );
}
