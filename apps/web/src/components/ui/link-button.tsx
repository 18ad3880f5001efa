import type { ReactNode } from "react";
import { Link } from "react-router";

export interface LinkButtonProps {
  /** In-app path, or an absolute URL when `external` is set. */
  to: string;
  children: ReactNode;
  variant?: "primary" | "secondary" | "ghost";
  size?: "sm" | "md";
  /** Render a plain <a> (outside links, server-rendered files). */
  external?: boolean;
  /** Open in a new window; implies a plain <a> with rel=noopener. */
  newWindow?: boolean;
  className?: string;
  "aria-label"?: string;
}

/**
 * A link that looks like a button (000 §2 Shared widgets: "Link button"). It stays a link so
 * middle-click, copy-link and screen readers treat it as navigation.
 */
export function LinkButton({ to, children, variant = "primary", size = "md", external, newWindow, className, ...rest }: LinkButtonProps) {
  const cls = ["btn", `btn--${variant}`, size === "sm" ? "btn--sm" : "", className ?? ""].filter(Boolean).join(" ");
  if (external || newWindow) {
    return (
      <a href={to} className={cls} {...(newWindow ? { target: "_blank", rel: "noopener noreferrer" } : {})} aria-label={rest["aria-label"]}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={cls} aria-label={rest["aria-label"]}>
      {children}
    </Link>
  );
}
