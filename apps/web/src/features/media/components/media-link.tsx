import type { ReactNode } from "react";
import { Link } from "react-router";

/** Absolute http(s) URLs leave the site, so they open in a new window without an opener. */
export function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * A link to media content: new window for outside URLs; the site's own pages (news posts are
 * `/news/{id}`) go through the router so the app is not reloaded.
 */
export function MediaLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return isExternal(href) ? (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}
