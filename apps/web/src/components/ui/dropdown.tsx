import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from "react";

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

/** The panel's focusable items (links and enabled buttons), in document order. */
function menuItems(panel: HTMLElement | null): HTMLElement[] {
  return panel ? Array.from(panel.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")) : [];
}

/**
 * A disclosure menu of navigation links (header Registry and user menus). It is a disclosure,
 * not an ARIA menu, because its items are ordinary links (Tab still walks through them). Keyboard
 * (#17 §7): ArrowDown/ArrowUp on the toggle open the panel on its first/last item; inside it they
 * move focus to the next/previous item (wrapping), Home/End to the first/last; Escape closes and
 * returns focus to the toggle. Closes on outside click and when a link inside is followed. In the
 * mobile menu the panel expands inline (CSS).
 */
export function Dropdown({ label, ariaLabel, children, className, alignEnd }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  // Which item to focus once the panel has rendered open (set by an arrow key on the toggle).
  const focusOnOpen = useRef<"first" | "last" | null>(null);

  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const items = menuItems(panelRef.current);
    (focusOnOpen.current === "first" ? items[0] : items[items.length - 1])?.focus();
    focusOnOpen.current = null;
  }, [open]);

  const onToggleKey = (e: ReactKeyboardEvent) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    e.preventDefault();
    focusOnOpen.current = e.key === "ArrowDown" ? "first" : "last";
    if (open) {
      const items = menuItems(panelRef.current);
      (e.key === "ArrowDown" ? items[0] : items[items.length - 1])?.focus();
      focusOnOpen.current = null;
    } else setOpen(true);
  };

  const onPanelKey = (e: ReactKeyboardEvent) => {
    const items = menuItems(panelRef.current);
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    let next: number;
    if (e.key === "ArrowDown") next = at < 0 ? 0 : (at + 1) % items.length;
    else if (e.key === "ArrowUp") next = at < 0 ? items.length - 1 : (at - 1 + items.length) % items.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = items.length - 1;
    else return;
    e.preventDefault();
    items[next]!.focus();
  };

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
        onKeyDown={onToggleKey}
      >
        {label}
        <span className="dropdown__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        onKeyDown={onPanelKey}
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
