import { type ReactNode, useEffect, useId, useRef } from "react";
import { useT } from "@/lib/i18n/use-t";

/**
 * A modal panel for the rounds' longer tools (a room's table): role="dialog", labelled by its
 * title; focus moves into it when it opens and back to the opener when it closes; Escape and
 * the Close button close it. Full screen on narrow screens (rounds.css). The short yes/no
 * questions use the site's `useConfirm` instead.
 */
export function RoundsDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const _ = useT();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <div className="rounds-dialog-backdrop">
      <div
        ref={box}
        className="rounds-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(e) => {
          // A select or input handles its own Escape first (a dropdown closes); only a bare Escape closes the dialog.
          if (e.key === "Escape" && !e.defaultPrevented) {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <header className="rounds-dialog__header">
          <h2 className="rounds-dialog__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="btn btn--secondary btn--sm" onClick={onClose}>
            {_("rounds.dialog.close")}
          </button>
        </header>
        <div className="rounds-dialog__body">{children}</div>
      </div>
    </div>
  );
}
