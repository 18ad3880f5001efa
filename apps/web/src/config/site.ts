import { DEFAULT_SUPPORT_FORUM_URL } from "@site/contract";

/** What the server may inject into index.html before the bundle runs. */
export interface InjectedSite {
  siteName?: string;
  supportForumUrl?: string;
}

declare global {
  interface Window {
    /** Optional inline injection: `window.__SITE__ = {siteName, supportForumUrl}`. */
    __SITE__?: InjectedSite;
  }
}

export const DEFAULT_SITE_NAME = "Racing Central";

/**
 * The server's injection. apps/server adds `<meta name="site-config" content="{json}">` to the
 * shell, because its CSP (script-src 'self') forbids an inline `window.__SITE__` script; the
 * global is still honoured first for hosts that can inject it.
 */
let provided: InjectedSite | undefined;

/** Server rendering: the server's own site settings (there is no document to read them from). */
export function provideSiteConfig(site: InjectedSite | undefined): void {
  provided = site;
}

function readInjected(): InjectedSite | undefined {
  if (typeof window === "undefined") return provided;
  if (window.__SITE__) return window.__SITE__;
  const content = document.querySelector('meta[name="site-config"]')?.getAttribute("content");
  if (!content) return undefined;
  try {
    const parsed: unknown = JSON.parse(content);
    return parsed && typeof parsed === "object" ? (parsed as InjectedSite) : undefined;
  } catch {
    return undefined; // a malformed tag must not take the page down; defaults apply
  }
}

/**
 * Site-wide settings: name and support-forum link (default '/support'). Read on every call (not
 * cached at import) so tests and late injection both see the current value; it is cheap.
 */
export function getSiteConfig(): { siteName: string; supportForumUrl: string } {
  const injected = readInjected();
  return {
    siteName: typeof injected?.siteName === "string" && injected.siteName ? injected.siteName : DEFAULT_SITE_NAME,
    supportForumUrl:
      typeof injected?.supportForumUrl === "string" && injected.supportForumUrl ? injected.supportForumUrl : DEFAULT_SUPPORT_FORUM_URL,
  };
}
