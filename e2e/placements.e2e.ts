import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, launch, login, newPage, shot } from "./browser.js";

/**
 * Issue 9 in Chromium: an event administrator enters the placements of a squad tournament
 * (drag, a 3rd–4th tie, a DQ, a title, then the bulk text mode); the placements page with
 * 'You placed' for a winner, a tied player and the DQ'd player; the Top 12 preview; the home
 * results panel; the player's profile; and the series stats of a series whose second
 * tournament this test writes by hand, against hand-computed counts.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const TITLE = `E2E Placements ${stamp}`;
const SLUG = `e2e-pl-${stamp}`;

type Account = { email: string; name: string; id: number };

function withDb<T>(f: (db: Database.Database) => T, readonly = true): T {
  const db = new Database(join(dataDir(), "site.db"), { readonly, fileMustExist: true });
  try {
    if (!readonly) db.pragma("busy_timeout = 5000");
    return f(db);
  } finally {
    db.close();
  }
}

/** Ordinary active demo accounts with plain names, not registered anywhere yet. */
function players(n: number): Account[] {
  return withDb(
    (db) =>
      db
        .prepare(
          `select u.email as email, p.display_name as name, p.id as id from users u join players p on p.user_id = u.id
           where u.state = 'active' and p.is_banned = 0 and p.is_hidden = 0 and u.email like '%@example.org'
             and u.id not in (select user_id from user_roles) and p.display_name not glob '*[^A-Za-z0-9]*'
             and length(p.display_name) >= 5
           order by u.id asc limit ?`,
        )
        .all(n) as Account[],
  );
}

/** Squads written straight into the running server's database (registration has its own journey). */
function addSquad(tournamentId: number, name: string, members: Account[]): number {
  return withDb((db) => {
    const now = Date.now();
    const id = Number(
      db
        .prepare(
          "insert into squads (tournament_id, squad_name, squad_tag, squad_color, status, verified, created_at) values (?, ?, ?, 3, 'registered', 1, ?)",
        )
        .run(tournamentId, name, name.slice(0, 3).toUpperCase(), now).lastInsertRowid,
    );
    members.forEach((m, i) =>
      db
        .prepare(
          "insert into registrations (tournament_id, player_id, status, squad_id, is_captain, verified, registered_at) values (?, ?, 'registered', ?, ?, 1, ?)",
        )
        .run(tournamentId, m.id, id, i === 0 ? 1 : 0, now + i),
    );
    return id;
  }, false);
}

async function csrf(page: Page): Promise<string> {
  return (await (await page.request.get("/api/session")).json()).csrfToken as string;
}

const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);

describe("placements and results", () => {
  let tournamentId = 0;
  let p: Account[] = [];
  const squads: Record<string, number> = {};

  it("an event administrator enters placements by drag, ties, DQ, title, then the bulk text mode", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    const token = await csrf(page);
    const series = await page.request.post("/api/tournaments/series/new", {
      headers: { "X-CSRF-TOKEN": token },
      multipart: {
        series_title: `E2E Stats ${stamp}`,
        url_slug: SLUG,
        display_order: "5",
        organizer: "mkc",
        game_mode: "mk8dx_150",
        registration_format: "2",
        short_description: "Series stats journey.",
        aggregation_field: "player_id",
        finalist_criteria: "top_3_or_finalist",
        published: "1",
      },
    });
    expect(series.status(), await series.text()).toBe(200);
    const seriesId = (await series.json()).id as number;
    const event = async (title: string, hoursAgo: number) => {
      const res = await page.request.post("/api/events/new", {
        headers: { "X-CSRF-TOKEN": token },
        multipart: {
          tournament_title: title,
          series: String(seriesId),
          series_stats_include: "1",
          date: "specify",
          start_date: local(Date.now() - (hoursAgo + 3) * 3_600_000),
          end_date: local(Date.now() - hoursAgo * 3_600_000),
          use_logo: "none",
          game_mode: "mk8dx_150",
          registration_format: "2",
          minimum_players: "1",
          maximum_players: "2",
          squad_tag_required: "1",
          squad_name_required: "1",
          public: "1",
          registrations_open: "0",
          show_on_profiles: "1",
        },
      });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).id as number;
    };
    tournamentId = await event(TITLE, 1);
    const second = await event(`${TITLE} II`, 48);

    p = players(8);
    expect(p).toHaveLength(8);
    // Registered in a scrambled order; the drag puts Bravo back above Charlie.
    squads.A = addSquad(tournamentId, "Alpha", [p[0]!, p[1]!]);
    squads.C = addSquad(tournamentId, "Charlie", [p[4]!]);
    squads.B = addSquad(tournamentId, "Bravo", [p[2]!, p[3]!]);
    squads.D = addSquad(tournamentId, "Delta", [p[5]!]);
    squads.E = addSquad(tournamentId, "Echo", [p[7]!]);
    squads.F = addSquad(tournamentId, "Foxtrot", [p[6]!]);
    // The second tournament, by hand: {p0, p2} 1st, {p1} 2nd, {p4} 3rd.
    const x = addSquad(second, "Xray", [p[0]!, p[2]!]);
    const y = addSquad(second, "Yankee", [p[1]!]);
    const z = addSquad(second, "Zulu", [p[4]!]);
    withDb((db) => {
      const ins = db.prepare(
        "insert into placements (tournament_id, entrant_type, entrant_id, placement, dq) values (?, 'squad', ?, ?, 0)",
      );
      ins.run(second, x, 1);
      ins.run(second, y, 2);
      ins.run(second, z, 3);
    }, false);

    await page.goto(`/tournaments/${tournamentId}/placements/edit`);
    await page.getByRole("button", { name: "Add all" }).click();
    const list = page.getByRole("list", { name: "Placements order" });
    const order = () => list.locator("li").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-entrant"))));
    expect(await order()).toEqual([squads.A, squads.C, squads.B, squads.D, squads.E, squads.F]);
    await list.locator(`li[data-entrant="${squads.B}"]`).dragTo(list.locator(`li[data-entrant="${squads.C}"]`));
    await expect
      .poll(async () => (await list.locator("li").evaluateAll((els) => els.map((e) => e.getAttribute("data-entrant")))).slice(0, 3))
      .toEqual([squads.A, squads.B, squads.C].map(String));
    // Keyboard: Foxtrot up above Echo with Alt+ArrowUp.
    await list.locator(`li[data-entrant="${squads.F}"]`).focus();
    await page.keyboard.press("Alt+ArrowUp");
    await expect
      .poll(async () => list.locator("li").evaluateAll((els) => els.map((e) => e.getAttribute("data-entrant"))))
      .toEqual([squads.A, squads.B, squads.C, squads.D, squads.F, squads.E].map(String));
    await list.locator(`li[data-entrant="${squads.D}"]`).getByRole("checkbox", { name: "Tied" }).check();
    await list.locator(`li[data-entrant="${squads.E}"]`).getByRole("checkbox", { name: "DQ" }).check();
    await page.getByRole("textbox", { name: "Title of Alpha" }).fill("Champion");
    await page.screenshot({ path: shot("placements-edit-1280"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: shot("placements-edit-375"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: "Save Placements" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Placements saved.");

    // Bulk text: the saved list, one line each; give Foxtrot (5th) a 'Finalist' title.
    await page.getByRole("tab", { name: "Bulk Text" }).click();
    const bulk = page.getByRole("textbox", { name: "Bulk placements" });
    const text = await bulk.inputValue();
    expect(text.split("\n")).toEqual([
      `${squads.A} 1 Champion`,
      `${squads.B} 2`,
      `${squads.C} 3-4`,
      `${squads.D} 3-4`,
      `${squads.F} 5`,
      `${squads.E} DQ`,
    ]);
    await bulk.fill(text.replace(`${squads.F} 5`, `${squads.F} 5 Finalist`));
    await page.screenshot({ path: shot("placements-bulk-1280"), fullPage: true });
    await page.getByRole("button", { name: "Save Bulk Placements" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Placements saved.");
    const saved = withDb((db) =>
      db
        .prepare(
          "select entrant_id, placement, placement_upper_bound, dq, title from placements where tournament_id = ? order by dq, placement, id",
        )
        .all(tournamentId),
    );
    expect(saved).toEqual([
      { entrant_id: squads.A, placement: 1, placement_upper_bound: null, dq: 0, title: "Champion" },
      { entrant_id: squads.B, placement: 2, placement_upper_bound: null, dq: 0, title: null },
      { entrant_id: squads.C, placement: 4, placement_upper_bound: 3, dq: 0, title: null },
      { entrant_id: squads.D, placement: 4, placement_upper_bound: 3, dq: 0, title: null },
      { entrant_id: squads.F, placement: 5, placement_upper_bound: null, dq: 0, title: "Finalist" },
      { entrant_id: squads.E, placement: null, placement_upper_bound: null, dq: 1, title: null },
    ]);
    await page.goto(`/tournaments/${tournamentId}/placements`);
    await page.getByRole("heading", { name: "Final Placements" }).waitFor();
    await page.getByText("Total entrants: 6").waitFor();
    await context.close();
  });

  it("shows 'You placed' to the winner, a tied player and the DQ'd player, and the Top 12 preview", async () => {
    const winner = await newPage(browser);
    await login(winner.page, p[0]!.email);
    await winner.page.goto(`/tournaments/${tournamentId}/placements`);
    const mine = winner.page.getByRole("region", { name: "Your placement" });
    await expect.poll(() => mine.textContent()).toContain("You placed 1st with Alpha");
    expect(await mine.textContent()).toContain("Champion");
    expect(await mine.getByRole("img", { name: "1st place" }).count()).toBe(1);
    await winner.page.screenshot({ path: shot("placements-page-1280"), fullPage: true });
    await winner.page.setViewportSize({ width: 375, height: 800 });
    await winner.page.screenshot({ path: shot("placements-page-375"), fullPage: true });
    expect(await winner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await winner.page.setViewportSize({ width: 1280, height: 900 });
    // The tournament page: 'You placed' and the Top 12 preview.
    await winner.page.goto(`/tournaments/${tournamentId}`);
    await winner.page.getByText("Showing Top 12").waitFor();
    expect(await winner.page.getByRole("region", { name: "Your placement" }).textContent()).toContain("You placed 1st");
    await winner.page.screenshot({ path: shot("placements-tournament-1280"), fullPage: true });
    // The home results panel and the player's profile.
    await winner.page.goto("/");
    const panel = winner.page.getByTestId("panel-results");
    await expect.poll(() => panel.textContent()).toContain(TITLE);
    expect(await panel.textContent()).toContain(p[0]!.name);
    await winner.page.goto(`/registry/players/${p[0]!.id}`);
    await expect.poll(() => winner.page.locator("main").textContent()).toContain(TITLE);
    await winner.context.close();

    const tied = await newPage(browser);
    await login(tied.page, p[4]!.email);
    await tied.page.goto(`/tournaments/${tournamentId}/placements`);
    await expect
      .poll(() => tied.page.getByRole("region", { name: "Your placement" }).textContent())
      .toContain("You placed 3rd (tied 3rd–4th) with Charlie");
    await tied.context.close();

    const dq = await newPage(browser);
    await login(dq.page, p[7]!.email);
    await dq.page.goto(`/tournaments/${tournamentId}/placements`);
    await expect.poll(() => dq.page.getByRole("region", { name: "Your placement" }).textContent()).toContain("Disqualified");
    await dq.context.close();

    const anon = await newPage(browser);
    await anon.page.goto(`/tournaments/${tournamentId}`);
    await anon.page.getByText("This tournament has concluded.").waitFor();
    await anon.page.getByText("Showing Top 12").waitFor();
    await anon.context.close();
  });

  it("shows the series stats with the hand-computed counts", async () => {
    const { context, page } = await newPage(browser);
    await login(page, p[0]!.email);
    await page.goto(`/tournaments/series/${SLUG}`);
    const tabs = page.getByRole("tablist", { name: "Series stats" });
    await tabs.waitFor();
    expect(await tabs.getByRole("tab").allTextContents()).toEqual(["Podium Finishes", "Finals Appearances", "Tournament Appearances"]);
    const rowsOf = async () =>
      page
        .getByRole("tabpanel")
        .locator("tbody tr")
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "")));
    const n = (i: number) => p[i]!.name;
    // Podium: p0 2 gold; p1, p2 1 gold 1 silver; p3 1 silver; p4 2 bronze (the 3rd–4th tie and a 3rd); p5 1 bronze.
    expect(await rowsOf()).toEqual([
      ["1", "", n(0), "2", "0", "0"],
      ...[
        ["2", "", n(1), "1", "1", "0"],
        ["2", "", n(2), "1", "1", "0"],
      ].sort((a, b) => a[2]!.localeCompare(b[2]!, "en", { sensitivity: "base" })),
      ["4", "", n(3), "0", "1", "0"],
      ["5", "", n(4), "0", "0", "2"],
      ["6", "", n(5), "0", "0", "1"],
    ]);
    await page.screenshot({ path: shot("series-stats-1280"), fullPage: true });
    await tabs.getByRole("tab", { name: "Finals Appearances" }).click();
    const finals = Object.fromEntries((await rowsOf()).map((r) => [r[2], Number(r[3])]));
    // Top 3 or a 'finalist' title: Foxtrot's p6 counts by title, the DQ'd p7 not at all.
    expect(finals).toEqual({ [n(0)]: 2, [n(1)]: 2, [n(2)]: 2, [n(4)]: 2, [n(3)]: 1, [n(5)]: 1, [n(6)]: 1 });
    await tabs.getByRole("tab", { name: "Tournament Appearances" }).click();
    const apps = Object.fromEntries((await rowsOf()).map((r) => [r[2], Number(r[3])]));
    expect(apps).toEqual({ [n(0)]: 2, [n(1)]: 2, [n(2)]: 2, [n(4)]: 2, [n(3)]: 1, [n(5)]: 1, [n(6)]: 1, [n(7)]: 1 });
    // The viewer's own row is highlighted; the history shows the medal placements.
    expect(await page.getByRole("tabpanel").locator("tr.is-highlighted").textContent()).toContain(n(0));
    const podium = page.getByRole("list", { name: `Podium of ${TITLE}`, exact: true });
    expect(await podium.locator("li").count()).toBe(4);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: shot("series-stats-375"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
