import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useT } from "@/lib/i18n/use-t";
import "./feedback.css";

export type ToastTone = "success" | "info" | "error";

interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

export type ToastFn = (message: string, options?: { tone?: ToastTone }) => void;

/** How long a message stays before it goes by itself. */
export const TOAST_MS = 5000;

const ToastContext = createContext<ToastFn | null>(null);

/**
 * Short messages after an action ('Squad withdrawn.'), in two live regions that are always in
 * the page (so screen readers announce what is added): aria-live polite for success and info,
 * assertive for errors. They carry no status/alert role, so a screen's own inline status and
 * error lines stay the only ones of those roles. Each message goes after ~5 s or with its Dismiss button.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const _ = useT();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);
  const toast = useCallback<ToastFn>(
    (message, options) => {
      const id = next.current++;
      setToasts((list) => [...list.slice(-3), { id, message, tone: options?.tone ?? "success" }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_MS),
      );
    },
    [dismiss],
  );
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);
  const region = (assertive: boolean) => (
    <div
      className="toast-region__list"
      aria-live={assertive ? "assertive" : "polite"}
      aria-atomic="false"
      data-testid={assertive ? "toast-errors" : "toast-messages"}
    >
      {toasts
        .filter((t) => (t.tone === "error") === assertive)
        .map((t) => (
          <div key={t.id} className={`toast toast--${t.tone}`}>
            <span className="toast__text">{t.message}</span>
            <button
              type="button"
              className="toast__close"
              aria-label={_("ui.toast.dismiss", { message: t.message })}
              onClick={() => dismiss(t.id)}
            >
              ×
            </button>
          </div>
        ))}
    </div>
  );
  return (
    <ToastContext.Provider value={toast}>
      {children}
      <div className="toast-region">
        {region(false)}
        {region(true)}
      </div>
    </ToastContext.Provider>
  );
}

/** `toast(message, {tone})`: a short, announced message; a no-op outside the provider. */
export function useToast(): ToastFn {
  const toast = useContext(ToastContext);
  return useMemo(() => toast ?? (() => undefined), [toast]);
}
