import type { AppContext } from "../../context.js";
import { dataVersion } from "../../db/data-version.repository.js";
import { KEEP_MAX_AGE_MS } from "../../lib/cache.js";
import { cacheKeys } from "../../lib/cache-keys.js";
import { GzipSlot } from "../../lib/gzip-slot.js";
import { clockChangeAfter } from "../access/tournament-access.service.js";
import { CSRF_COOKIE } from "../auth/session.js";

/**
 * Pages kept whole for visitors without a session (issue #16): their first-screen answers are
 * public lists (the home page's panels, the tournament list, the players list), the same for
 * every such visitor in one language but for the session answer's CSRF token. A page whose
 * answers depend on anything else (a tournament page: its registration status and check-in
 * windows; a page with a query string) is not listed and is drawn per request.
 */
export const KEPT_PAGE_PATHS: ReadonlySet<string> = new Set(["/", "/tournaments", "/registry/players"]);

/** A page drawn for one request, as `keptPage` takes it. */
export interface DrawnPage {
  /** The whole HTML answer. */
  html: string;
  /** The CSRF token the page's session answer carries (null when it has none). */
  token: string | null;
  /** Every first-screen call answered 200 (`FirstScreen.complete`). */
  complete: boolean;
  /** The `Set-Cookie` values the first-screen calls made. */
  cookies: string[];
}

/**
 * The key of a page that may be kept (`cacheKeys.pages.anonymous`), or null: only the paths of
 * `KEPT_PAGE_PATHS`, without a query string, for a request without a session cookie (a cookie
 * that no longer names a session is still drawn per request; it costs only that visitor).
 */
export function keptPageKey(pathname: string, search: string, hasSessionCookie: boolean, lang: string): string | null {
  if (hasSessionCookie || (search !== "" && search !== "?") || !KEPT_PAGE_PATHS.has(pathname)) return null;
  return cacheKeys.pages.anonymous(pathname, lang);
}

/**
 * The page compressed around its token, or null when it cannot be shared: an answer was
 * missing, a call set a cookie other than the CSRF one, or the token is not in the page exactly
 * once (then splitting on it could cut something else).
 */
export function shareablePage(page: DrawnPage): GzipSlot | null {
  if (!page.complete || page.token === null || page.token.length < 16) return null;
  if (page.cookies.some((c) => !c.startsWith(`${CSRF_COOKIE}=`))) return null;
  const parts = page.html.split(page.token);
  if (parts.length !== 2) return null;
  return new GzipSlot(parts[0]!, parts[1]!);
}

/**
 * The kept page of `key`, drawn by `draw` when there is none yet, or null when the page drawn
 * cannot be shared (the caller then draws it for the request). Each caller puts its own CSRF
 * token in the slot (`GzipSlot.gzip` / `fillText`).
 *
 * Kept (`TtlCache.keepSized` under `pages:`) while the database's data version read before
 * drawing holds (any committed write, by a service, a script or another node, draws it again,
 * like the player and team pages), until the next instant the clock changes a tournament list
 * (`clockChangeAfter`: a start, an end, a scheduled registration close), at most
 * `KEEP_MAX_AGE_MS` (the bound of the kept answers it is drawn from), and never while the cache
 * is suspended (the bus is down). Concurrent first requests share one drawing.
 */
export async function keptPage(ctx: AppContext, key: string, draw: () => Promise<DrawnPage>, now = Date.now()): Promise<GzipSlot | null> {
  const version = await dataVersion(ctx.db, ctx.dialect);
  const kept = await ctx.cache.keepSized(
    key,
    async () => {
      // Read before drawing: answers drawn after `now` change no earlier than this.
      const until = await clockChangeAfter(ctx, now);
      return { slot: shareablePage(await draw()), until };
    },
    (v) => (v.slot ? (v.slot.text.prefix.length + v.slot.text.suffix.length) * 3 : 0),
    KEEP_MAX_AGE_MS,
    now,
    // One that cannot be shared is not kept: the next request draws again.
    (v) => (v.slot ? v.until : 0),
    version,
  );
  return kept.slot;
}
