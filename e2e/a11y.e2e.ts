import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { awaitReady, baseUrl, launch, login } from "./browser.js";

/**
 * Web journeys #17 §7: axe-core (WCAG 2.0 A/AA, 2.1 AA, 2.2 AA — target-size is 2.2 AA) on every
 * route of the spec (000 §2, 001 §2, plus the site's own admin and account pages), once as an
 * anonymous visitor and once signed in as the demo administrator, at 1280 px; a handful again at
 * 375 px; and a few pages on each of the six themes. Every page load must have 0 serious and 0
 * critical violations; the totals per load go to .e2e/results/axe.md. Ids come from the running
 * demo data, never assumed. Reads only.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const THEMES = ["forest", "ocean", "volcano", "velvet", "blossom", "storm"] as const;
const RESULTS = resolve(import.meta.dirname, "../.e2e/results");

/** A cookie-less context; CSP is bypassed only so the test can inject axe's script into the page. */
async function newAuditPage(width = 1280, theme?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height: 900 }, bypassCSP: true });
  if (theme) await context.addInitScript((t) => window.localStorage.setItem("site_theme", t), theme);
  return { context, page: awaitReady(await context.newPage()) };
}

/** Ids of the demo data the routes are built from. */
interface Ids {
  solo: number;
  squad: number;
  team: number;
  pastSquad: number;
  squadId: number;
  squadPlayer: number;
  soloPlayer: number;
  teamInTournament: number;
  seriesId: number;
  seriesSlug: string;
  templateId: number;
  newsId: number;
  player: number;
  teamId: number;
}

type Role = "anonymous" | "admin";
interface RouteCase {
  name: string;
  path: (ids: Ids) => string;
  /** Which sessions visit it (both when absent). */
  roles?: Role[];
}

const ROUTES: RouteCase[] = [
  // Public pages (000 §2, 001 §2).
  { name: "home", path: () => "/" },
  { name: "tournaments (latest)", path: () => "/tournaments" },
  { name: "tournaments (past)", path: () => "/tournaments?tab=past" },
  { name: "tournaments (empty filter)", path: () => "/tournaments?search=zzzz-no-such-tournament" },
  { name: "series list", path: () => "/tournaments/series" },
  { name: "series detail", path: (i) => `/tournaments/series/${i.seriesSlug}` },
  { name: "solo tournament", path: (i) => `/tournaments/${i.solo}` },
  { name: "squad tournament", path: (i) => `/tournaments/${i.squad}` },
  { name: "team tournament", path: (i) => `/tournaments/${i.team}` },
  { name: "solo registrations", path: (i) => `/tournaments/${i.solo}/registrations` },
  { name: "squad registrations", path: (i) => `/tournaments/${i.squad}/registrations` },
  { name: "team registrations", path: (i) => `/tournaments/${i.team}/registrations` },
  { name: "solo register", path: (i) => `/tournaments/${i.solo}/register` },
  { name: "squad register", path: (i) => `/tournaments/${i.squad}/register` },
  { name: "team register", path: (i) => `/tournaments/${i.team}/register` },
  { name: "squad roster", path: (i) => `/tournaments/${i.squad}/squads/${i.squadId}` },
  { name: "team eligible players", path: (i) => `/tournaments/${i.team}/teams/${i.teamInTournament}/eligible_players` },
  { name: "placements", path: (i) => `/tournaments/${i.pastSquad}/placements` },
  { name: "news list", path: () => "/news" },
  { name: "news post", path: (i) => `/news/${i.newsId}` },
  { name: "player list", path: () => "/registry/players" },
  { name: "player", path: (i) => `/registry/players/${i.player}` },
  { name: "teams", path: () => "/registry/teams/category/all" },
  { name: "team", path: (i) => `/registry/teams/${i.teamId}` },
  { name: "recent transfers", path: () => "/registry/recent_transactions" },
  { name: "not found", path: () => "/no/such/page" },
  // Account pages (anonymous only: they redirect a signed-in user).
  { name: "login", path: () => "/login", roles: ["anonymous"] },
  { name: "signup", path: () => "/signup", roles: ["anonymous"] },
  { name: "forgot password", path: () => "/forgot_password", roles: ["anonymous"] },
  { name: "reset password", path: () => "/reset_password?token=invalid", roles: ["anonymous"] },
  { name: "verify email", path: () => "/verify_email?token=invalid", roles: ["anonymous"] },
  // Signed-in and staff pages; visitors are audited on three of them (log-in prompts and a
  // permission refusal), the rest only as the administrator.
  { name: "notifications", path: () => "/notifications" },
  { name: "edit own profile", path: () => "/registry/edit_profile" },
  { name: "admin edit player", path: (i) => `/registry/players/${i.player}/edit`, roles: ["admin"] },
  { name: "admin new player", path: () => "/registry/players/new/edit", roles: ["admin"] },
  { name: "team edit", path: (i) => `/registry/teams/${i.teamId}/edit`, roles: ["admin"] },
  { name: "team admin edit", path: (i) => `/registry/teams/${i.teamId}/admin_edit`, roles: ["admin"] },
  { name: "new team", path: () => "/registry/new_team", roles: ["admin"] },
  { name: "new shadow team", path: () => "/registry/teams/shadow/new", roles: ["admin"] },
  { name: "profile changes", path: () => "/registry/profile_changes" },
  { name: "team approvals", path: () => "/registry/team_approvals", roles: ["admin"] },
  { name: "word filter", path: () => "/admin/word_filter", roles: ["admin"] },
  { name: "roles", path: () => "/admin/roles", roles: ["admin"] },
  { name: "media", path: () => "/admin/media", roles: ["admin"] },
  { name: "bans", path: () => "/admin/bans", roles: ["admin"] },
  { name: "audit log", path: () => "/admin/audit", roles: ["admin"] },
  { name: "news edit", path: (i) => `/news/${i.newsId}/edit`, roles: ["admin"] },
  { name: "choose template", path: () => "/tournaments/choose_template", roles: ["admin"] },
  { name: "tournament edit", path: (i) => `/tournaments/${i.squad}/edit`, roles: ["admin"] },
  { name: "tournament new", path: () => "/tournaments/new/edit", roles: ["admin"] },
  { name: "tournament controls", path: (i) => `/tournaments/${i.squad}/controls`, roles: ["admin"] },
  { name: "tournament logs", path: (i) => `/tournaments/${i.squad}/logs`, roles: ["admin"] },
  { name: "placements edit", path: (i) => `/tournaments/${i.pastSquad}/placements/edit`, roles: ["admin"] },
  { name: "edit solo registration", path: (i) => `/tournaments/${i.solo}/registrations/players/${i.soloPlayer}/edit`, roles: ["admin"] },
  { name: "edit squad registration", path: (i) => `/tournaments/${i.squad}/registrations/squads/${i.squadId}/edit`, roles: ["admin"] },
  {
    name: "edit squad player registration",
    path: (i) => `/tournaments/${i.squad}/registrations/squads/players/${i.squadPlayer}/edit`,
    roles: ["admin"],
  },
  {
    name: "edit team registration",
    path: (i) => `/tournaments/${i.team}/registrations/teams/${i.teamInTournament}/edit`,
    roles: ["admin"],
  },
  { name: "series edit", path: (i) => `/tournaments/series/${i.seriesId}/edit`, roles: ["admin"] },
  { name: "series new", path: () => "/tournaments/series/new/edit", roles: ["admin"] },
  { name: "series roles", path: (i) => `/tournaments/series/${i.seriesId}/roles`, roles: ["admin"] },
  { name: "series templates", path: (i) => `/tournaments/series/${i.seriesId}/templates`, roles: ["admin"] },
  { name: "template edit", path: (i) => `/tournaments/series/${i.seriesId}/templates/${i.templateId}/edit`, roles: ["admin"] },
  { name: "template new", path: (i) => `/tournaments/series/${i.seriesId}/templates/new/edit`, roles: ["admin"] },
];

/** Re-audited at phone width (the menu folds, tables scroll, targets shrink). */
const PHONE = [
  "home",
  "tournaments (latest)",
  "squad tournament",
  "squad registrations",
  "player list",
  "series detail",
  "team",
  "login",
  "profile changes",
];
/** Audited on every theme: team colours, tags, badges, links and muted text on each palette. */
const THEMED = ["home", "squad registrations", "team"];

interface Row {
  route: string;
  path: string;
  role: string;
  serious: number;
  critical: number;
  moderate: number;
  minor: number;
  h1: number;
  failures: string[];
}
const rows: Row[] = [];

let browser: Browser;
let anon: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };
let ids: Ids;

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  if (!res.ok()) throw new Error(`${path}: ${res.status()}`);
  return (await res.json()) as T;
}

interface ListItem {
  id: number;
  event_format: number;
  registration_count: number;
  tournament_series_id: number | null;
}

async function discover(page: Page): Promise<Ids> {
  const lists = await api<Record<string, ListItem[]>>(page, "/api/tournaments");
  const current = [...lists.ongoing!, ...lists.upcoming!];
  const pick = (list: ListItem[], format: number) => {
    const t = list.find((x) => x.event_format === format && x.registration_count > 0);
    if (!t) throw new Error(`no demo tournament of format ${format} with entrants`);
    return t.id;
  };
  const solo = pick(current, 1);
  const squad = pick(current, 2);
  const team = pick(current, 0);
  const pastSquad = pick(lists.past!, 2);
  const squads = await api<{ data: { squad_id: number }[] }>(page, `/api/events/${squad}/registrations`);
  const squadPlayers = await api<{ data: { player_id: number; squad_id: number | null }[] }>(
    page,
    `/api/events/${squad}/registered_players`,
  );
  const soloPlayers = await api<{ data: { player_id: number }[] }>(page, `/api/events/${solo}/registered_players`);
  const teams = await api<{ data: { team_id: number }[] }>(page, `/api/events/${team}/registrations`);
  const series = await api<{ all_series: { id: number; url_slug: string; latest_event_id: number | null }[] }>(
    page,
    "/api/tournaments/series",
  );
  const s = series.all_series.find((x) => x.latest_event_id !== null) ?? series.all_series[0]!;
  const templates = await api<{ data: { id: number }[] }>(page, `/api/tournaments/series/${s.id}/templates`);
  const news = await api<{ data: { id: number }[] }>(page, "/api/media/news/latest");
  const players = await api<{ data: { id: number }[] }>(page, "/api/registry/players");
  const registryTeams = await api<{ data: { id: number }[] }>(page, "/api/registry/teams/category/all");
  const squadId = squads.data[0]!.squad_id;
  return {
    solo,
    squad,
    team,
    pastSquad,
    squadId,
    squadPlayer: squadPlayers.data.find((p) => p.squad_id === squadId)?.player_id ?? squadPlayers.data[0]!.player_id,
    soloPlayer: soloPlayers.data[0]!.player_id,
    teamInTournament: teams.data[0]!.team_id,
    seriesId: s.id,
    seriesSlug: s.url_slug,
    templateId: templates.data[0]?.id ?? 0,
    newsId: news.data[0]!.id,
    player: players.data[0]!.id,
    teamId: registryTeams.data[0]!.id,
  };
}

/** Waits until the screen has its data: no request in flight and no loading placeholder left. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector(".loading, [aria-busy='true']"), undefined, { timeout: 15_000 })
    .catch(() => undefined);
}

interface AxeNode {
  target: string[];
}
interface AxeViolation {
  id: string;
  impact: "minor" | "moderate" | "serious" | "critical" | null;
  help: string;
  nodes: AxeNode[];
}

/** Loads `path`, runs axe and records the totals; returns the serious/critical failures. */
async function audit(page: Page, route: string, path: string, role: string): Promise<string[]> {
  await page.goto(path);
  await settle(page);
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const res = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return res.violations;
  }, TAGS);
  // axe's page-has-heading-one is a best practice outside the WCAG tags; #17 §7 asks for exactly one.
  const h1 = await page.locator("h1").count();
  const row: Row = { route, path, role, serious: 0, critical: 0, moderate: 0, minor: 0, h1, failures: [] };
  if (h1 !== 1) row.failures.push(`h1-count: ${h1} h1 elements (expected exactly 1) on ${route} [${path}, ${role}]`);
  for (const v of violations as AxeViolation[]) {
    const n = v.nodes.length;
    if (v.impact === "serious" || v.impact === "critical") {
      row[v.impact] += n;
      for (const node of v.nodes)
        row.failures.push(`${v.impact} ${v.id} (${v.help}) at ${node.target.join(" ")} on ${route} [${path}, ${role}]`);
    } else if (v.impact === "moderate" || v.impact === "minor") {
      row[v.impact] += n;
    }
  }
  rows.push(row);
  return row.failures;
}

function writeReport(): void {
  mkdirSync(RESULTS, { recursive: true });
  const total = rows.reduce(
    (a, r) => ({ serious: a.serious + r.serious, critical: a.critical + r.critical, moderate: a.moderate + r.moderate }),
    {
      serious: 0,
      critical: 0,
      moderate: 0,
    },
  );
  const lines = [
    "# axe-core totals per page load",
    "",
    `axe-core 4.14.1, tags ${TAGS.join(", ")}; ${rows.length} page loads; generated by e2e/a11y.e2e.ts.`,
    "",
    "| route | path | role | serious | critical | moderate | h1 |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: |",
    ...rows.map((r) => `| ${r.route} | \`${r.path}\` | ${r.role} | ${r.serious} | ${r.critical} | ${r.moderate} | ${r.h1} |`),
    `| **total** | | | ${total.serious} | ${total.critical} | ${total.moderate} | |`,
    "",
  ];
  const failures = rows.flatMap((r) => r.failures);
  if (failures.length) lines.push("## Serious and critical nodes, and h1 counts", "", ...failures.map((f) => `- ${f}`), "");
  writeFileSync(resolve(RESULTS, "axe.md"), lines.join("\n"));
}

beforeAll(async () => {
  browser = await launch();
  anon = await newAuditPage();
  admin = await newAuditPage();
  await login(admin.page, "admin@example.com");
  ids = await discover(admin.page);
});

afterAll(async () => {
  writeReport();
  await browser?.close();
});

const byRole = (role: Role) => ROUTES.filter((r) => !r.roles || r.roles.includes(role));

describe("axe: no serious or critical violations", () => {
  describe.each(["anonymous", "admin"] as const)("%s at 1280 px", (role) => {
    it.each(byRole(role).map((r) => [r.name, r] as const))("%s", async (_name, r) => {
      const page = role === "admin" ? admin.page : anon.page;
      const failures = await audit(page, r.name, r.path(ids), `${role} 1280`);
      expect(failures, failures.join("\n")).toEqual([]);
    });
  });

  describe.each(["anonymous", "admin"] as const)("%s at 375 px", (role) => {
    it.each(
      PHONE.map((n) => ROUTES.find((r) => r.name === n)!)
        .filter((r) => !r.roles || r.roles.includes(role))
        .map((r) => [r.name, r] as const),
    )("%s", async (_name, r) => {
      const context = role === "admin" ? admin.context : anon.context;
      const page = awaitReady(await context.newPage());
      await page.setViewportSize({ width: 375, height: 800 });
      try {
        const failures = await audit(page, r.name, r.path(ids), `${role} 375`);
        expect(failures, failures.join("\n")).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });

  describe.each(THEMES)("theme %s (anonymous, 1280 px)", (theme) => {
    it.each(THEMED.map((n) => [n, ROUTES.find((r) => r.name === n)!] as const))("%s", async (_name, r) => {
      const { context, page } = await newAuditPage(1280, theme);
      try {
        const failures = await audit(page, r.name, r.path(ids), `anonymous ${theme}`);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        expect(failures, failures.join("\n")).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
