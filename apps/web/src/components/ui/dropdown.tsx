import { useEffect, useId, useRef, useState, type ReactNode } from "react";

export interface DropdownProps {
  /** Content of the toggle button. */
  label: ReactNode;
  /** Accessible name of the toggle when `label` is not plain text. */
  ariaLabel?: string;
  children: ReactNode;
  className?: string;
  /** Align the panel to the right edge of the toggle (user menu at the header's end). */
  alignEnd?: boolean;
}

/**
 * A disclosure menu of navigation links (header Registry and user menus). It is a disclosure,
 * not an ARIA menu, because its items are ordinary links. Closes on Escape, outside click and
 * when a link inside is followed. In the mobile menu the panel expands inline (CSS).
 */
export function Dropdown({ label, ariaLabel, children, className, alignEnd }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className={["dropdown", open ? "is-open" : "", className ?? ""].filter(Boolean).join(" ")} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="dropdown__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        <span className="dropdown__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <div
        id={panelId}
        className={["dropdown__panel", alignEnd ? "dropdown__panel--end" : ""].filter(Boolean).join(" ")}
        hidden={!open}
        onClick={(e) => {
          if ((e.target as Element).closest("a,button")) setOpen(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}
