import { DEFAULT_SUPPORT_FORUM_URL } from "@site/contract";

/** What the server may inject into index.html before the bundle runs. */
export interface InjectedSite {
  siteName?: string;
  supportForumUrl?: string;
}

declare global {
  interface Window {
    /** Set by the server in index.html: `window.__SITE__ = {siteName, supportForumUrl}`. */
    __SITE__?: InjectedSite;
  }
}

export const DEFAULT_SITE_NAME = "Racing Central";

/**
 * Site-wide settings. Read on every call (not cached at import) so tests and a server that
 * injects late both see the current value; the lookup is two property reads.
 */
export function getSiteConfig(): { siteName: string; supportForumUrl: string } {
  const injected = typeof window === "undefined" ? undefined : window.__SITE__;
  return {
    siteName: injected?.siteName || DEFAULT_SITE_NAME,
    supportForumUrl: injected?.supportForumUrl || DEFAULT_SUPPORT_FORUM_URL,
  };
}
