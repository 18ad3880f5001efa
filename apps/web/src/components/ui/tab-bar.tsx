import "./tab-bar.css";

export interface TabBarProps<T extends string> {
  /** Accessible name of the tab list. */
  label: string;
  tabs: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  /** Extra class, e.g. `tab-bar--inline` inside a toolbar that draws its own rule. */
  className?: string;
}

/**
 * A row of tabs (listing tabs, series role tabs). Each is a button with role tab; the panel
 * below is whatever the caller renders for the chosen value. Arrow keys move between tabs.
 */
export function TabBar<T extends string>({ label, tabs, value, onChange, className }: TabBarProps<T>) {
  const move = (delta: number) => {
    const i = tabs.findIndex((t) => t.value === value);
    const next = tabs[(i + delta + tabs.length) % tabs.length];
    if (next) onChange(next.value);
  };
  return (
    <div className={className ? `tab-bar ${className}` : "tab-bar"} role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t.value}
          type="button"
          role="tab"
          aria-selected={t.value === value}
          tabIndex={t.value === value ? 0 : -1}
          className={t.value === value ? "tab-bar__tab is-active" : "tab-bar__tab"}
          onClick={() => onChange(t.value)}
          onKeyDown={(e) => {
            if (e.key === "ArrowRight") move(1);
            else if (e.key === "ArrowLeft") move(-1);
          }}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
