import { PAGE_ROUTES, type PlayerProfile, type SeriesDetail, type TeamDetail, type TournamentDetail } from "@site/contract";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.js";
import { cacheKeys } from "../../lib/cache-keys.js";
import { RawHtml, RawJson } from "../../lib/cache.js";
import { AppError } from "../../lib/errors.js";
import { ANONYMOUS } from "../permissions/permissions.js";
import { getProfile } from "../players/players.service.js";
import { getSeries } from "../series/series.service.js";
import { getTeam } from "../teams/teams.service.js";
import { getTournament } from "../tournaments/tournament-events.service.js";

/**
 * Link previews (web-journeys #17): the shell every page route is answered with carries the
 * page's own `<title>`, description and Open Graph / Twitter tags, so a link pasted in a chat
 * shows what it is. Bots run no JavaScript, so the tags must be in the first HTML.
 *
 * - Each route pattern of `PAGE_ROUTES` has one generic shell (its page name, the site's
 *   description), built and gzipped once at start; unknown paths get the 'Page not found' one.
 * - Tournament, series, player and team pages get a shell of their own, built from the same
 *   public answers an anonymous visitor's API calls get (so nothing the anonymous API hides can
 *   leak: unpublished tournaments and series, hidden players) plus one rule of its own: only
 *   approved teams are previewed. Those shells live in the micro-cache under the scope whose
 *   writes change them (`tournaments:` or `registry:`), gzip included (`RawHtml`).
 * - A hidden, unknown or failing entity gets its route's generic shell; the status stays 200.
 */

type PageRoute = (typeof PAGE_ROUTES)[number];

/** What the head of one page says. `path` is the canonical path (og:url); `image` a site path or null. */
export interface PageMeta {
  /** The page's own name (og:title); `<title>` adds the site's name as the web app does. */
  title: string | null;
  description: string;
  path: string;
  type: "website" | "profile";
  image: string | null;
}

/** Page names of the generic shells, as the web app's `useDocumentTitle` names them; others are derived from the path. */
const PAGE_NAMES: Partial<Record<PageRoute, string>> = {
  "/login": "Log In",
  "/signup": "Sign Up",
  "/verify_email": "Verify Email",
  "/forgot_password": "Forgot Password",
  "/reset_password": "Reset Password",
  "/news": "News",
  "/news/:id": "News",
  "/news/:id/edit": "Edit Post",
  "/admin/media": "Media",
  "/admin/word_filter": "Word Filter",
  "/admin/roles": "Roles",
  "/admin/bans": "Bans",
  "/admin/audit": "Audit Log",
  "/admin/points-tables": "Points Tables",
  "/registry/profile_changes": "Profile Changes",
  "/registry/team_approvals": "Team Approvals",
  "/registry/players": "Players",
  "/registry/players/:id": "Player",
  "/registry/players/:id/edit": "Edit Player",
  "/registry/edit_profile": "Edit Profile",
  "/registry/teams/category/:cat": "Teams",
  "/registry/teams/:id": "Team",
  "/registry/teams/:id/edit": "Edit Team",
  "/registry/teams/:id/admin_edit": "Admin Team Edit",
  "/registry/new_team": "New Team",
  "/registry/teams/shadow/new": "New Shadow Team",
  "/registry/recent_transactions": "Recent Transfers",
  "/tournaments": "Tournaments",
  "/tournaments/series": "Tournament Series",
  "/tournaments/choose_template": "New Tournament",
  "/tournaments/mine": "My Tournaments",
  "/tournaments/:id": "Tournament",
  "/tournaments/:id/edit": "Edit Tournament",
  "/tournaments/:id/controls": "Tournament Controls",
  "/tournaments/:id/logs": "Tournament Logs",
  "/tournaments/:id/squads/:squadId": "Squad",
  "/tournaments/series/:slugOrId": "Tournament Series",
  "/tournaments/series/:id/edit": "Edit Tournament Series",
  "/tournaments/series/:id/roles": "Series Roles",
  "/webhooks/:scope/:id": "Webhooks",
  "/tournaments/series/:id/templates": "Series Templates",
  "/tournaments/series/:id/templates/:templateId/edit": "Edit Template",
};

/** 'registrations/squads/players/:playerId/edit' → 'Edit'; 'eligible_players' → 'Eligible Players'. */
function derivedName(route: string): string {
  const last =
    route
      .split("/")
      .filter((s) => s && !s.startsWith(":"))
      .pop() ?? "";
  return last.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

interface CompiledRoute {
  route: PageRoute;
  re: RegExp;
  params: string[];
  /** Per segment, whether it is fixed text: at the first segment where two matches differ, the fixed one wins. */
  fixed: boolean[];
}

/** True when `a` is more specific than `b` ('/tournaments/series/edit' is a series, not a tournament's edit page). */
function moreSpecific(a: CompiledRoute, b: CompiledRoute): boolean {
  const i = a.fixed.findIndex((f, k) => f !== b.fixed[k]);
  return i >= 0 && a.fixed[i] === true;
}

const ROUTES: CompiledRoute[] = PAGE_ROUTES.map((route) => ({
  route,
  re: new RegExp(`^${route.replace(/:[A-Za-z_]+/g, "([^/]+)")}/?$`),
  params: [...route.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!),
  fixed: route.split("/").map((s) => !s.startsWith(":")),
}));

/** The route pattern `pathname` (no query string) belongs to and its raw parameters, or null (a 404). */
export function matchPageRoute(pathname: string): { route: PageRoute; params: Record<string, string> } | null {
  let best: { c: CompiledRoute; m: RegExpExecArray } | null = null;
  for (const c of ROUTES) {
    const m = c.re.exec(pathname);
    if (m && (!best || moreSpecific(c, best.c))) best = { c, m };
  }
  if (!best) return null;
  const params = Object.fromEntries(best.c.params.map((name, i) => [name, best.m[i + 1]!]));
  return { route: best.c.route, params };
}

/** The site's description: the generic pages' description and the fallback of entity pages. */
export const siteDescription = (siteName: string) =>
  `${siteName}: the tournament calendar and results, and the registry of players and teams of the competitive racing-game scene.`;

/** The generic meta of a route pattern (null: the 404 page). */
export function genericMeta(siteName: string, route: PageRoute | null): PageMeta {
  const title = route === null ? "Page not found" : route === "/" ? null : (PAGE_NAMES[route] ?? derivedName(route));
  // A pattern with parameters has no one URL: its generic shell points at the site.
  const path = route !== null && !route.includes(":") ? route : "/";
  return { title, description: siteDescription(siteName), path, type: "website", image: null };
}

// ---------------------------------------------------------------------------------------
// Entity pages
// ---------------------------------------------------------------------------------------

/** A public answer as its wire object (the anonymous answers come serialized). */
const wire = <T>(r: T | RawJson): T => (r instanceof RawJson ? (JSON.parse(r.json) as T) : r);

/** An id the database can hold (a longer one would overflow PostgreSQL's integer, not find nothing). */
const asId = (s: string | undefined): number | null => (s !== undefined && /^\d{1,9}$/.test(s) ? Number(s) : null);

/** null when the service refuses with 404 (unknown, or not visible to anonymous visitors). */
async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return null;
    throw err;
  }
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");
/** 'Sat Dec 28 2026' (UTC). */
const dayText = (d: Date) => `${WEEKDAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()} ${d.getUTCFullYear()}`;

/**
 * When a tournament runs, in UTC: 'Sat Dec 28 2026, 19:00 UTC', with ' – Sun Dec 29 2026' when
 * it ends on a later day; 'Until …' with only an end; 'Ongoing' without dates (000 §2 date range).
 */
export function tournamentWhen(startIso: string | null, endIso: string | null): string {
  if (startIso === null && endIso === null) return "Ongoing";
  if (startIso === null) return `Until ${dayText(new Date(endIso!))}`;
  const start = new Date(startIso);
  const text = `${dayText(start)}, ${pad(start.getUTCHours())}:${pad(start.getUTCMinutes())} UTC`;
  if (endIso === null) return text;
  const end = dayText(new Date(endIso));
  return end === dayText(start) ? text : `${text} – ${end}`;
}

function tournamentMeta(t: TournamentDetail): PageMeta {
  const parts = [tournamentWhen(t.start_date, t.end_date), t.event_format_human, t.game_human_full];
  if (t.series_name) parts.push(t.series_name);
  if (t.registrations_open) parts.push("Registrations open");
  return { title: t.title, description: parts.join(" · "), path: `/tournaments/${t.id}`, type: "website", image: t.logo_url };
}

function seriesMeta(s: SeriesDetail, siteName: string): PageMeta {
  return {
    title: s.series_name,
    description: s.short_description?.trim() || siteDescription(siteName),
    path: `/tournaments/series/${encodeURIComponent(s.url_slug || String(s.id))}`,
    type: "website",
    image: s.logo_url,
  };
}

const KNOWN_COUNTRY = (code: string) => code !== "XX" && code !== "ZZ";

function playerMeta(p: PlayerProfile): PageMeta {
  const where = KNOWN_COUNTRY(p.country_code) ? `Player from ${p.country_name}.` : "Player.";
  const teams = p.current_teams.map((m) => `${m.team_name} [${m.team_tag}] (${m.category_title})`);
  const team = teams.length === 0 ? "No current team." : `${teams.length === 1 ? "Team" : "Teams"}: ${teams.join(", ")}.`;
  return { title: p.display_name, description: `${where} ${team}`, path: `/registry/players/${p.id}`, type: "profile", image: null };
}

function teamMeta(t: TeamDetail): PageMeta {
  const members = `${t.roster.length} ${t.roster.length === 1 ? "player" : "players"}`;
  return {
    title: t.team_name,
    description: `Team [${t.team_tag}] · ${t.category_title}${t.is_historical ? " (historical)" : ""} · ${members}`,
    path: `/registry/teams/${t.id}`,
    type: "website",
    image: t.team_logo,
  };
}

/** A loader of one entity route: its cache key and its meta (null: serve the generic shell). */
interface EntityLoader {
  key: string;
  load: () => Promise<PageMeta | null>;
}

function entityLoader(ctx: AppContext, route: PageRoute, params: Record<string, string>): EntityLoader | null {
  if (route === "/tournaments/series/:slugOrId") {
    let slug: string;
    try {
      slug = decodeURIComponent(params.slugOrId ?? "");
    } catch {
      return null;
    }
    if (slug.length === 0 || slug.length > 100) return null;
    return {
      key: cacheKeys.tournaments.seriesPageHtml(slug),
      load: async () => {
        const s = await orNull(getSeries(ctx, ANONYMOUS, slug));
        return s && seriesMeta(wire<SeriesDetail>(s), ctx.config.siteName);
      },
    };
  }
  const id = asId(params.id);
  if (id === null) return null;
  switch (route) {
    case "/tournaments/:id":
      return {
        key: cacheKeys.tournaments.pageHtml(id),
        load: async () => {
          const t = await orNull(getTournament(ctx, ANONYMOUS, id));
          return t && tournamentMeta(wire(t));
        },
      };
    case "/registry/players/:id":
      return {
        key: cacheKeys.registry.playerPageHtml(id),
        load: async () => {
          const p = await orNull(getProfile(ctx, ANONYMOUS, id));
          // The anonymous answer already refuses hidden players; the check stays explicit.
          return p && wire(p).is_hidden !== 1 ? playerMeta(wire(p)) : null;
        },
      };
    case "/registry/teams/:id":
      return {
        key: cacheKeys.registry.teamPageHtml(id),
        load: async () => {
          const t = await orNull(getTeam(ctx, async () => ANONYMOUS, id));
          const team = t && wire(t);
          // Unapproved (pending), disapproved and banned teams are not previewed.
          return team && team.team_status === "approved" ? teamMeta(team) : null;
        },
      };
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------
// The head tags and the shells
// ---------------------------------------------------------------------------------------

/** Text for an HTML attribute or element: `&`, `<`, `>`, both quotes escaped. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Descriptions are cut to what previews show, on a word boundary. */
function clip(s: string, max = 300): string {
  const flat = s.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2))}…`;
}

/** `template` (the web app's index.html with the site config) with `meta`'s title and tags in its head. */
export function renderShell(template: string, meta: PageMeta, site: { siteName: string; publicUrl: string }): string {
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${site.publicUrl}${path}`);
  const title = meta.title ? `${meta.title} - ${site.siteName}` : site.siteName;
  const description = clip(meta.description);
  const tags: [string, string, string][] = [
    ["name", "description", description],
    ["property", "og:title", meta.title ?? site.siteName],
    ["property", "og:description", description],
    ["property", "og:type", meta.type],
    ["property", "og:url", absolute(meta.path)],
    ["property", "og:site_name", site.siteName],
    ...(meta.image ? ([["property", "og:image", absolute(meta.image)]] as [string, string, string][]) : []),
    ["name", "twitter:card", "summary"],
    ["name", "twitter:title", meta.title ?? site.siteName],
    ["name", "twitter:description", description],
  ];
  const head = tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`).join("");
  const titleTag = `<title>${escapeHtml(title)}</title>`;
  // Functions as replacements: a `$&` in a title must stay text.
  const withTitle = /<title>[\s\S]*?<\/title>/.test(template)
    ? template.replace(/<title>[\s\S]*?<\/title>/, () => titleTag)
    : template.replace("</head>", () => `${titleTag}</head>`);
  return withTitle.replace("</head>", () => `${head}</head>`);
}

/** The answer to one page request: its status and its shell. */
export interface PageAnswer {
  status: 200 | 404;
  shell: RawHtml;
}

/**
 * The page shells of the site: the generic ones built once from `template`, the entity ones per
 * request through the micro-cache. `answer` never throws: a failing read logs and falls back to
 * the generic shell.
 */
export class PageShells {
  private readonly generic = new Map<PageRoute | null, RawHtml>();

  constructor(
    private readonly ctx: AppContext,
    private readonly template: string,
  ) {
    for (const route of [null, ...PAGE_ROUTES]) {
      const shell = new RawHtml(renderShell(template, genericMeta(ctx.config.siteName, route), ctx.config));
      shell.gzip();
      this.generic.set(route, shell);
    }
  }

  async answer(pathname: string, log: FastifyBaseLogger): Promise<PageAnswer> {
    const match = matchPageRoute(pathname);
    if (!match) return { status: 404, shell: this.generic.get(null)! };
    const fallback = { status: 200 as const, shell: this.generic.get(match.route)! };
    const loader = entityLoader(this.ctx, match.route, match.params);
    if (!loader) return fallback;
    try {
      const own = await this.ctx.cache.get(loader.key, async () => {
        const meta = await loader.load();
        return meta && new RawHtml(renderShell(this.template, meta, this.ctx.config));
      });
      return own ? { status: 200, shell: own } : fallback;
    } catch (err) {
      log.warn({ err, pathname }, "link preview tags failed; serving the generic shell");
      return fallback;
    }
  }
}
