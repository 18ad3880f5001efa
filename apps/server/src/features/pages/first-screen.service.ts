import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { firstScreenCalls, followUpCalls, isAccountOnlyCall } from "@site/contract";
import { SESSION_COOKIE } from "../auth/session.js";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** What the first screen of a page needs: answers by API path, and cookies those calls set. */
export interface FirstScreen {
  /** API path with query string → the JSON answer (only 200 answers are kept). */
  answers: Record<string, unknown>;
  /** `Set-Cookie` values of the calls (the session call issues the CSRF cookie on a first visit). */
  cookies: string[];
  /** Every call answered 200 with JSON (a page missing none of its answers may be kept, `kept-pages.ts`). */
  complete: boolean;
}

/**
 * Runs the first-screen calls of `pathname` (`firstScreenCalls` of the contract, web-journeys
 * #17 §6) in process, as the requesting browser: its cookies are forwarded, so every answer is
 * exactly what the browser's own call would get (permissions, hidden players, its registration
 * status), and the route-access table, the micro-cache and the rate limits apply as usual.
 * A call that fails or answers anything but 200 is left out: the web then makes it itself and
 * shows its usual error. Never throws.
 */
export async function collectFirstScreen(
  app: FastifyInstance,
  req: FastifyRequest,
  pathname: string,
  search: string,
): Promise<FirstScreen> {
  // A call that needs an account would only answer 401 to a browser without a session.
  const signedIn = Boolean(req.cookies?.[SESSION_COOKIE]);
  const calls = firstScreenCalls(pathname, search).filter((url) => signedIn || !isAccountOnlyCall(url));
  const headers: Record<string, string> = { accept: "application/json" };
  if (req.headers.cookie) headers.cookie = req.headers.cookie;
  if (req.headers["user-agent"]) headers["user-agent"] = req.headers["user-agent"];
  // Server-made texts in the answers (notifications, #21 §3) follow the page's language.
  if (req.headers["accept-language"]) headers["accept-language"] = req.headers["accept-language"];
  const answers: Record<string, unknown> = {};
  const cookies: string[] = [];
  let complete = true;
  const inject = (list: string[]) =>
    Promise.all(
      list.map((url) =>
        app
          .inject({ method: "GET", url, headers, remoteAddress: req.ip })
          .then((res) => ({ url, res }))
          .catch((err: unknown) => {
            req.log.warn({ err, url }, "first-screen call failed; the page will make it itself");
            return null;
          }),
      ),
    );
  const first = await inject(calls);
  // Calls that need an earlier answer (a series page's standings need the series' id).
  const more = first.flatMap((r) => {
    if (!r || r.res.statusCode !== 200) return [];
    try {
      return followUpCalls(r.url, r.res.json());
    } catch {
      return [];
    }
  });
  const results = more.length ? [...first, ...(await inject(more))] : first;
  for (const r of results) {
    if (!r) {
      complete = false;
      continue;
    }
    const setCookie = r.res.headers["set-cookie"];
    if (setCookie) cookies.push(...(Array.isArray(setCookie) ? setCookie : [String(setCookie)]));
    if (r.res.statusCode !== 200) {
      complete = false;
      continue;
    }
    try {
      answers[r.url] = r.res.json();
    } catch {
      // Not JSON: leave it to the browser.
      complete = false;
    }
  }
  return { answers, cookies, complete };
}

/**
 * The `<script>` element carrying the answers (`answersJson`: `JSON.stringify` of them, made
 * once per page and shared with the server render's memo key), to go before `</body>`. JSON in
 * a script element ends at the first `</script`, so every `<` is written as `\u003c` (also
 * U+2028/2029 for old parsers); the web reads it with `JSON.parse` of the element's text.
 */
export function firstScreenScript(answersJson: string): string {
  const json = answersJson
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `<script id="first-screen" type="application/json">${json}</script>`;
}

/** A route's own code beyond the entry's: site paths of its JS chunks and stylesheets. */
export type RouteChunks = Record<string, { js: string[]; css: string[] }>;

/**
 * `route-chunks.json` of the web build (written by apps/web/route-chunks.ts), keyed by route
 * pattern (`/tournaments/:id`); {} when the build has none. Read once at start.
 */
export function readRouteChunks(webDist: string): RouteChunks {
  const file = join(webDist, "route-chunks.json");
  if (!existsSync(file)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    return parsed && typeof parsed === "object" ? (parsed as RouteChunks) : {};
  } catch {
    return {};
  }
}

/**
 * The head tags that fetch `route`'s own code together with the entry (#17 §6): a
 * `modulepreload` per chunk (unless `scripts` is false: a page drawn on the server loads its
 * scripts after its first paint) and the route's stylesheets (as stylesheets, so nothing reflows
 * when the screen draws; the web's loader sees them and does not add them twice).
 */
export function routePreloadTags(chunks: RouteChunks, route: string, { scripts = true }: { scripts?: boolean } = {}): string {
  // "*" is the app every page loads (the web's app-main.tsx), then the route's own code.
  const parts = [chunks["*"], chunks[route]].filter((p) => p !== undefined);
  const safe = (p: string) => /^\/assets\/[\w.-]+$/.test(p);
  const css = [...new Set(parts.flatMap((p) => p.css))].filter(safe);
  const js = scripts ? [...new Set(parts.flatMap((p) => p.js))].filter(safe) : [];
  return [
    ...css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join("");
}
