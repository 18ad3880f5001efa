import { useId, type ReactNode } from "react";

export interface PanelProps {
  title: ReactNode;
  children: ReactNode;
  /** `data-testid` of the section (the e2e suite counts rows per panel, e.g. `panel-news`). */
  testId?: string;
  /** Something at the right of the title bar, e.g. a "View all" link. */
  action?: ReactNode;
  className?: string;
}

/**
 * A titled box. The body scrolls when the panel is given a fixed height (home page ≥ 900 px,
 * 000 §2), so long content never spills over a neighbour.
 */
export function Panel({ title, children, testId, action, className }: PanelProps) {
  const titleId = useId();
  return (
    <section className={["panel", className ?? ""].filter(Boolean).join(" ")} data-testid={testId} aria-labelledby={titleId}>
      <header className="panel__header">
        <h2 className="panel__title" id={titleId}>
          {title}
        </h2>
        {action && <div className="panel__action">{action}</div>}
      </header>
      <div className="panel__body">{children}</div>
    </section>
  );
}
