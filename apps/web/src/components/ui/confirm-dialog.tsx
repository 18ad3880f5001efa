import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from "react";
import { useT } from "@/lib/i18n/use-t";
import "./feedback.css";

/** What a confirmation says: the title names the action, the body says exactly what will happen. */
export interface ConfirmOptions {
  title: string;
  body?: ReactNode;
  /** The confirm button's label, a verb naming the action ('Withdraw squad', 'Remove role'). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Styles the confirm button as a danger button (the action removes or cannot be undone). */
  destructive?: boolean;
}

export type ConfirmFn = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<ConfirmFn | null>(null);

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The site's one confirmation dialog: a modal (role="dialog", aria-modal, labelled by its title,
 * described by its body). Focus moves to Cancel when it opens — the safe choice — and back to
 * the element that opened it when it closes; Escape or a click on the backdrop cancels; Tab and
 * Shift+Tab stay inside.
 */
export function ConfirmDialog({ options, onAnswer }: { options: ConfirmOptions; onAnswer: (yes: boolean) => void }) {
  const _ = useT();
  const titleId = useId();
  const bodyId = useId();
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      onAnswer(false);
      return;
    }
    if (e.key !== "Tab" || !box.current) return;
    const items = Array.from(box.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && (document.activeElement === first || !box.current.contains(document.activeElement))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (document.activeElement === last || !box.current.contains(document.activeElement))) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div
      className="confirm-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onAnswer(false);
      }}
    >
      <div
        ref={box}
        className="confirm-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={options.body ? bodyId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="confirm-dialog__title">
          {options.title}
        </h2>
        {options.body && (
          <div id={bodyId} className="confirm-dialog__body">
            {options.body}
          </div>
        )}
        <div className="confirm-dialog__actions">
          <button ref={cancel} type="button" className="btn btn--secondary" onClick={() => onAnswer(false)}>
            {options.cancelLabel ?? _("ui.confirm.cancel")}
          </button>
          <button
            type="button"
            className={options.destructive ? "btn btn--danger-solid" : "btn btn--primary"}
            onClick={() => onAnswer(true)}
          >
            {options.confirmLabel ?? _("ui.confirm.confirm")}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Provides `useConfirm()` to everything below; one dialog at a time (a second ask cancels the first). */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<{ options: ConfirmOptions; resolve: (yes: boolean) => void } | null>(null);
  // The pending question's resolver, so a second ask can answer the first one 'no'.
  const pending = useRef<((yes: boolean) => void) | null>(null);
  const confirm = useCallback<ConfirmFn>(
    (options) =>
      new Promise<boolean>((resolve) => {
        pending.current?.(false);
        pending.current = resolve;
        setOpen({ options, resolve });
      }),
    [],
  );
  const answer = (yes: boolean) => {
    if (pending.current === open?.resolve) pending.current = null;
    open?.resolve(yes);
    setOpen(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {open && <ConfirmDialog options={open.options} onAnswer={answer} />}
    </ConfirmContext.Provider>
  );
}

/** `confirm({title, body, confirmLabel, destructive})` resolves true when the user confirms. */
export function useConfirm(): ConfirmFn {
  const confirm = useContext(ConfirmContext);
  return useMemo(() => {
    if (confirm) return confirm;
    // Outside the provider (a widget rendered alone) nothing can be asked: refuse, never act unasked.
    return () => Promise.resolve(false);
  }, [confirm]);
}
