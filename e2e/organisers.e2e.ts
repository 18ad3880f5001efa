import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, launch, login, newPage, shot } from "./browser.js";

/**
 * Issue #22 §4–5 in Chromium: a series' standings tab against a hand-computed example (the rule
 * set on the series edit page), its CSV link and one manual adjustment added from the tab, and a player's proposed tournament approved by a moderator,
 * then run by the player (opens and closes registrations, verifies an entrant).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
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

/** Active demo players with plain names and no roles, from the end of the list (other journeys take the start). */
function players(n: number): Account[] {
  return withDb(
    (db) =>
      db
        .prepare(
          `select u.email as email, p.display_name as name, p.id as id from users u join players p on p.user_id = u.id
           where u.state = 'active' and p.is_banned = 0 and p.is_hidden = 0 and u.email like '%@example.org'
             and u.id not in (select user_id from user_roles) and p.display_name not glob '*[^A-Za-z0-9]*'
             and length(p.display_name) >= 5
           order by u.id desc limit ?`,
        )
        .all(n) as Account[],
  );
}

async function csrf(page: Page): Promise<string> {
  return (await (await page.request.get("/api/session")).json()).csrfToken as string;
}
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);

describe("series standings", () => {
  it("matches the hand-computed standings after the rule is set on the series edit page", async () => {
    const p = players(4);
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    const token = await csrf(page);
    const series = await page.request.post("/api/tournaments/series/new", {
      headers: { "X-CSRF-TOKEN": token },
      multipart: {
        series_title: `E2E Points ${stamp}`,
        url_slug: `e2e-points-${stamp}`,
        display_order: "6",
        organizer: "mkc",
        game_mode: "mk8dx_150",
        registration_format: "1",
        short_description: "Standings journey.",
        aggregation_field: "player_id",
        finalist_criteria: "none",
        published: "1",
      },
    });
    expect(series.status(), await series.text()).toBe(200);
    const seriesId = (await series.json()).id as number;
    const event = async (title: string, daysAgo: number) => {
      const res = await page.request.post("/api/events/new", {
        headers: { "X-CSRF-TOKEN": token },
        multipart: {
          tournament_title: title,
          series: String(seriesId),
          series_stats_include: "1",
          date: "specify",
          start_date: local(Date.now() - daysAgo * 86_400_000),
          end_date: local(Date.now() - daysAgo * 86_400_000 + 3_600_000),
          use_logo: "none",
          game_mode: "mk8dx_150",
          registration_format: "1",
          public: "1",
          registrations_open: "0",
          show_on_profiles: "1",
        },
      });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).id as number;
    };
    const t1 = await event(`Points Cup ${stamp}`, 20);
    const t2 = await event(`Points Major ${stamp}`, 10);
    // T1: p0 1st, p1 and p2 tied 2nd–3rd, p3 4th. T2 (×2): p1 1st, p3 2nd, p0 5th.
    withDb((db) => {
      const ins = db.prepare(
        "insert into placements (tournament_id, entrant_type, entrant_id, placement, placement_upper_bound) values (?, 'player', ?, ?, ?)",
      );
      ins.run(t1, p[0]!.id, 1, null);
      ins.run(t1, p[1]!.id, 2, 3);
      ins.run(t1, p[2]!.id, 2, 3);
      ins.run(t1, p[3]!.id, 4, null);
      ins.run(t2, p[1]!.id, 1, null);
      ins.run(t2, p[3]!.id, 2, null);
      ins.run(t2, p[0]!.id, 5, null);
    }, false);

    await page.goto(`/tournaments/series/${seriesId}/edit`);
    const panel = page.getByRole("region", { name: "Points and standings" });
    await panel.getByLabel("Points by placement (one range per line)").fill("1: 100\n2: 80\n3-4: 60\n5-8: 40");
    await panel.getByLabel("Ties").selectOption("average");
    await panel.getByLabel("Multipliers (tournament id: multiplier, one per line)").fill(`${t2}: 2`);
    await panel.getByRole("button", { name: "Save points rule" }).click();
    await panel.getByText("Points rule saved.").waitFor();
    await page.screenshot({ path: shot("series-points-edit-1280"), fullPage: true });

    await page.goto(`/tournaments/series/${seriesId}`);
    const tabs = page.getByRole("tablist", { name: "Series stats" });
    await tabs.getByRole("tab", { name: "Standings" }).waitFor();
    const rows = await page
      .getByRole("tabpanel")
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td, th")].slice(0, 3).map((c) => c.textContent?.trim() ?? "")));
    // By hand (ties share the average of 80 and 60 = 70; the major doubles):
    // p1 70 + 200 = 270; p3 60 + 160 = 220; p0 100 + 80 = 180; p2 70.
    expect(rows).toEqual([
      ["1", p[1]!.name, "270"],
      ["2", p[3]!.name, "220"],
      ["3", p[0]!.name, "180"],
      ["4", p[2]!.name, "70"],
    ]);

    // The CSV link of the tab is the standings export, with the same totals.
    const csvLink = page.getByRole("tabpanel").getByRole("link", { name: "Download CSV" });
    expect(await csvLink.getAttribute("href")).toBe(`/api/tournaments/series/${seriesId}/standings.csv`);
    const csv = await (await page.request.get(`/api/tournaments/series/${seriesId}/standings.csv`)).text();
    expect(csv).toContain(p[1]!.name);

    // One manual adjustment from the tab (series editors): p2 +15 for fair play, then 85 and second to last.
    const form = page.getByRole("form", { name: "Add an adjustment" });
    await form.getByLabel("Who").selectOption({ label: p[2]!.name });
    await form.getByLabel("Points").fill("15");
    await form.getByLabel("Reason").fill("Fair play award");
    await form.getByRole("button", { name: "Add adjustment" }).click();
    await page.getByText(`Adjustment of +15 for ${p[2]!.name} added.`).waitFor();
    const standingsTable = page.locator(".series-standings__table");
    await standingsTable.locator("tbody tr", { hasText: p[2]!.name }).getByText("85").waitFor();
    const adj = page.locator(".series-adjustments__table tbody tr", { hasText: "Fair play award" });
    await adj.getByText("+15").waitFor();
    expect(await adj.locator("td").nth(2).innerText()).not.toBe("—");
    expect(await page.request.get(`/api/tournaments/series/${seriesId}/standings.csv`).then((r) => r.text())).toContain("15");
    await page.screenshot({ path: shot("series-standings-1280"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: shot("series-standings-375"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});

describe("player-hosted tournament", () => {
  it("is proposed by a player, approved by a moderator, and the player runs its registrations", async () => {
    const host = await newPage(browser);
    await login(host.page, "player@example.com");
    const title = `Hosted Cup ${stamp}`;
    // The proposal form (account menu: Propose a Tournament).
    await host.page.goto("/tournaments/propose");
    const form = host.page.getByRole("form", { name: "Propose a tournament" });
    await form.getByLabel("Tournament title").fill(title);
    await form.getByLabel("Registration format").selectOption("1");
    await form.getByLabel("Start (UTC)").fill(local(Date.now() + 7 * 86_400_000));
    await form.getByLabel("End (UTC)").fill(local(Date.now() + 7 * 86_400_000 + 7_200_000));
    await form.getByLabel("Entrants need my verification").check();
    await form.getByRole("button", { name: "Send for approval" }).click();
    await form.getByText("Your tournament was sent for approval.").waitFor();
    await host.page.getByRole("listitem").filter({ hasText: title }).getByText("Waiting for approval").waitFor();
    await host.page.screenshot({ path: shot("propose-tournament-1280"), fullPage: true });
    const mine = (await (await host.page.request.get("/api/tournaments/proposals/mine")).json()).data as Array<{
      tournament_id: number;
      tournament_title: string;
    }>;
    const tid = mine.find((x) => x.tournament_title === title)!.tournament_id;

    // A moderator approves it from the queue (account menu: Proposed Tournaments).
    const mod = await newPage(browser);
    await login(mod.page, "mod@example.com");
    await mod.page.goto("/admin/tournament-proposals");
    const item = mod.page.getByRole("listitem", { name: title });
    await item.waitFor();
    await mod.page.screenshot({ path: shot("tournament-proposals-queue-1280"), fullPage: true });
    await item.getByRole("button", { name: "Approve" }).click();
    await item.waitFor({ state: "detached" });
    await mod.context.close();

    // An entrant registered while the host prepares (written straight into the database).
    const entrant = players(6)[5]!;
    withDb((db) => {
      db.prepare("insert into registrations (tournament_id, player_id, registered_at) values (?, ?, ?)").run(tid, entrant.id, Date.now());
    }, false);

    const page = host.page;
    await page.goto(`/tournaments/${tid}/controls`);
    const controls = page.getByRole("region", { name: "Controls" });
    await controls.getByRole("button", { name: "Open Registrations" }).click();
    await controls.getByRole("button", { name: "Close Registrations" }).waitFor();
    await page.screenshot({ path: shot("hosted-tournament-1280"), fullPage: true });
    await controls.getByRole("button", { name: "Close Registrations" }).click();
    await controls.getByRole("button", { name: "Open Registrations" }).waitFor();
    await page.goto(`/tournaments/${tid}/registrations`);
    const row = page.locator(".registrations-table tbody tr", { hasText: entrant.name });
    await page.screenshot({ path: shot("hosted-registrations-1280"), fullPage: true });
    await row.waitFor();
    await row.getByRole("button", { name: "Verify" }).click();
    await row.getByRole("button", { name: "Verify" }).waitFor({ state: "detached" });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: shot("hosted-tournament-375"), fullPage: true });
    await page.goto("/tournaments/mine");
    await page.getByRole("region", { name: "Hosting" }).getByRole("link", { name: title }).waitFor();
    const logs = (await (await page.request.get(`/api/events/${tid}/logs`)).json()).data as Array<{ action: string }>;
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(["tournament.propose", "tournament.proposal.approve"]));
    await host.context.close();
  });
});
