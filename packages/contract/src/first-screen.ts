/**
 * The first screen of a page (web-journeys #17 §6, the spec's "page name plus server-provided
 * props"): the GET calls whose answers the page needs to draw what is above the fold. The
 * server runs them while answering the page's HTML and embeds their answers in it, so the first
 * render needs no further round trip; the web seeds its query cache from them before it renders
 * (`apps/web/src/app/first-screen.ts`).
 *
 * Each entry is an API path with its query string exactly as the web's fetchers write it (same
 * parameters, same order), because the web looks answers up by that string. A page whose
 * address carries a query string (filters, another page of a list) embeds only the calls that do
 * not depend on it. Zod-free on purpose: this module is part of every page's first load.
 */

/** Every page's first call: who is signed in, for the header. */
export const SESSION_CALL = "/api/session";

/** The home page's panels (000 §2.1), in the order the page asks for them. */
export const HOME_CALLS = [
  "/api/media/news/latest",
  "/api/tournaments?limit=7&tab=latest&published_only=true",
  "/api/tournaments/latest_results",
  "/api/registry/players?order=newest&limit=10",
  "/api/registry/teams/category/all?order=newest&limit=10",
  "/api/registry/recent_transactions?limit=5",
  "/api/media/youtube/latest",
  "/api/media/stream/latest",
  "/api/media/social/latest",
] as const;

/**
 * The viewer's own tournaments (the "Registered ✓" marks on cards, 001 §2 / #17 §3): asked only
 * by a signed-in browser, so the server runs it only for a request with a session.
 */
export const MY_TOURNAMENTS_CALL = "/api/tournaments/mine";

/** Calls that answer 401 without a session: the server skips them for anonymous requests. */
/** Whether a signed-in viewer may start a tournament from a template ("New Tournament" on the list). */
export const TEMPLATE_CHOICES_CALL = "/api/tournaments/template_choices";

export const ACCOUNT_ONLY_CALLS: ReadonlySet<string> = new Set([MY_TOURNAMENTS_CALL, TEMPLATE_CHOICES_CALL]);

/** A tournament's "You placed" line asks for the viewer's own placement (signed in only). */
const myPlacementCall = (id: string) => `/api/events/${id}/my_placement`;
/** Its "Your room" panel (FFA rounds, issue #19) asks for the viewer's room (signed in only). */
const myRoomCall = (id: string) => `/api/events/${id}/my_room`;

const ID = /^[1-9][0-9]{0,9}$/;

/** True for calls that answer 401 without a session (the server skips them for anonymous requests). */
export function isAccountOnlyCall(url: string): boolean {
  return ACCOUNT_ONLY_CALLS.has(url) || /^\/api\/events\/[0-9]+\/(my_placement|my_room)$/.test(url);
}

/**
 * The API calls of the first screen of `pathname` (no query string; `search` is the page's own
 * query string, "" or "?…"). Returns [] for a path that is not a page. Always starts with the
 * session call.
 */
export function firstScreenCalls(pathname: string, search = ""): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const plain = search === "" || search === "?";
  const calls: string[] = [SESSION_CALL];
  if (path === "/") return [...calls, ...HOME_CALLS, MY_TOURNAMENTS_CALL];
  if (path === "/tournaments/mine") return [...calls, MY_TOURNAMENTS_CALL];
  if (path === "/tournaments") {
    if (plain) calls.push("/api/tournaments?tab=latest&registration_format=all&page=1");
    return [...calls, MY_TOURNAMENTS_CALL, TEMPLATE_CHOICES_CALL];
  }
  if (path === "/registry/players") {
    calls.push("/api/countries");
    if (plain) calls.push("/api/registry/players?order=newest&page=1&limit=50");
    return calls;
  }
  const tournament = /^\/tournaments\/([^/]+)$/.exec(path);
  if (tournament && ID.test(tournament[1]!)) {
    const id = tournament[1]!;
    return [
      ...calls,
      `/api/events/${id}`,
      `/api/events/${id}/placements?order=PA&limit=12`,
      `/api/events/${id}/register`,
      myPlacementCall(id),
      myRoomCall(id),
    ];
  }
  // The live board and the stream overlays (issue #20 §2): an overlay's first paint in the
  // streaming software is its content, not an empty frame.
  const live = /^\/tournaments\/([^/]+)\/live$/.exec(path);
  if (live && ID.test(live[1]!)) return [...calls, `/api/events/${live[1]}`, `/api/events/${live[1]}/live`];
  const roomOverlay = /^\/overlay\/rooms\/([^/]+)$/.exec(path);
  if (roomOverlay && ID.test(roomOverlay[1]!)) return [...calls, `/api/rooms/${roomOverlay[1]}`];
  const standingsOverlay = /^\/overlay\/tournaments\/([^/]+)\/standings$/.exec(path);
  if (standingsOverlay && ID.test(standingsOverlay[1]!)) return [...calls, `/api/events/${standingsOverlay[1]}/live`];
  const series = /^\/tournaments\/series\/([^/]+)$/.exec(path);
  if (series && series[1] !== "" && plain) {
    return [...calls, `/api/tournaments/series/${series[1]}?page=1`, MY_TOURNAMENTS_CALL];
  }
  return calls;
}

/**
 * Calls the first screen makes once an earlier answer is in: a series page (by URL slug) asks
 * for its standings by the series' id (issue #22 §4: the Stats panel decides from them whether
 * it has a Standings tab). `url` is a call of `firstScreenCalls`, `answer` its JSON answer.
 */
export function followUpCalls(url: string, answer: unknown): string[] {
  if (/^\/api\/tournaments\/series\/[^/?]+\?page=1$/.test(url) && answer && typeof answer === "object") {
    const id = (answer as { id?: unknown }).id;
    if (typeof id === "number" && Number.isInteger(id) && id > 0) return [`/api/tournaments/series/${id}/standings`];
  }
  return [];
}
