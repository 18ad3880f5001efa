import type { ReactNode } from "react";

/** Absolute http(s) URLs leave the site, so they open in a new window without an opener. */
export function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** A link to media content: new window for outside URLs, same tab for the site's own pages. */
export function MediaLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return isExternal(href) ? (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
