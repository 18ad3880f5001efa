import type { MouseEvent } from "react";
import { getSiteConfig } from "@/config/site";
import { useT } from "@/lib/i18n/use-t";

export interface FailurePanelProps {
  /** Retry the failed load (usually `query.refetch`); without it the link reloads the page. */
  onRetry?: () => void;
  className?: string;
}

/**
 * What a panel shows when its load fails (000 §2 Home page, §8): the text 'Something went
 * wrong...', a reload link and a link to the support forum. Used by every panel so failures
 * look and behave the same site-wide.
 */
export function FailurePanel({ onRetry, className }: FailurePanelProps) {
  const _ = useT();
  const { supportForumUrl } = getSiteConfig();
  const external = /^https?:\/\//i.test(supportForumUrl);
  const reload = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (onRetry) onRetry();
    else window.location.reload();
  };
  return (
    <div className={["failure-panel", className ?? ""].filter(Boolean).join(" ")} role="alert">
      <p className="failure-panel__text">{_("failure.text")}</p>
      <p className="failure-panel__actions">
        {/* A real href keeps it a link (and usable without JS); the handler avoids a full reload when a retry is possible. */}
        <a href={typeof window === "undefined" ? "/" : window.location.href} onClick={reload}>
          {_("failure.reload")}
        </a>
        <span aria-hidden="true"> · </span>
        <a href={supportForumUrl} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
          {_("failure.supportForum")}
        </a>
      </p>
    </div>
  );
}
