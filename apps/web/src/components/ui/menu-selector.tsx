import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useT } from "@/lib/i18n/use-t";

export interface MenuOption<T extends string> {
  value: T;
  label: string;
  /** Optional decoration before the label (a colour swatch, a flag). */
  icon?: ReactNode;
}

export interface MenuSelectorProps<T extends string> {
  /** Accessible name of the control; shown before the value unless `hideLabel`. */
  label: string;
  options: ReadonlyArray<MenuOption<T>>;
  value: T;
  onChange: (value: T) => void;
  hideLabel?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * A select-like menu (000 §2 Shared widgets "menu selector"): a menu button showing the current
 * option; its menu lists the options as `menuitemradio`s with the current one checked (the ARIA
 * menu-button pattern, which the e2e journeys drive). Keyboard: ArrowDown/ArrowUp on the button
 * open it; arrows and Home/End move focus; Enter/Space choose; Escape and Tab close. Clicking
 * outside closes it.
 *
 * A native <select> cannot show icons (theme swatches) or match the themed header, which is
 * why this exists; plain form filters still use <select>.
 */
export function MenuSelector<T extends string>({ label, options, value, onChange, hideLabel, disabled, className }: MenuSelectorProps<T>) {
  const _ = useT();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLLIElement | null>>([]);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const current = options.find((o) => o.value === value);

  // Menu pattern: DOM focus follows the active item.
  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  const openMenu = () => {
    setActive(
      Math.max(
        0,
        options.findIndex((o) => o.value === value),
      ),
    );
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const choose = (index: number) => {
    const opt = options[index];
    if (opt) onChange(opt.value);
    close(true);
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      openMenu();
    }
  };
  const onListKey = (e: KeyboardEvent) => {
    const last = options.length - 1;
    switch (e.key) {
      case "ArrowDown":
        e.preventDefault();
        setActive((i) => Math.min(last, i + 1));
        break;
      case "ArrowUp":
        e.preventDefault();
        setActive((i) => Math.max(0, i - 1));
        break;
      case "Home":
        e.preventDefault();
        setActive(0);
        break;
      case "End":
        e.preventDefault();
        setActive(last);
        break;
      case "Enter":
      case " ":
        e.preventDefault();
        choose(active);
        break;
      case "Escape":
        e.preventDefault();
        close(true);
        break;
      case "Tab":
        close(false);
        break;
    }
  };

  return (
    <div className={["menu-selector", open ? "is-open" : "", className ?? ""].filter(Boolean).join(" ")} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="menu-selector__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={_("ui.menuSelector.current", { label, value: current?.label ?? value })}
        disabled={disabled}
        onClick={() => (open ? close(false) : openMenu())}
        onKeyDown={onButtonKey}
      >
        {!hideLabel && <span className="menu-selector__label">{_("ui.menuSelector.label", { label })}</span>}
        {current?.icon}
        <span className="menu-selector__value">{current?.label ?? value}</span>
        <span className="menu-selector__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <ul id={listId} className="menu-selector__list" role="menu" aria-label={label} onKeyDown={onListKey}>
          {options.map((o, i) => (
            <li
              key={o.value}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              tabIndex={-1}
              role="menuitemradio"
              aria-checked={o.value === value}
              className={["menu-selector__option", i === active ? "is-active" : ""].filter(Boolean).join(" ")}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(i)}
            >
              {o.icon}
              {o.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
