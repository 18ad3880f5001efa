import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, launch, login, newPage, shot } from "./browser.js";

/**
 * Issue #22 §2–§3 in Chromium: an event administrator selects all 20 entrants of a solo
 * tournament and verifies them in one go, then checks them all in (one confirmation naming the
 * count, the summary line), bulk-adds 10 players from pasted names (one name fitting two
 * players, picked in the preview; one unknown name made a new shadow player), and downloads the
 * registrations CSV with the staff columns. Screenshots at 1280 and 375 px.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const TITLE = `E2E Bulk ${stamp}`;
const TWIN = `Twin${stamp}`;
const NEWBIE = `New${stamp}`;

type Account = { name: string; id: number };

function withDb<T>(f: (db: Database.Database) => T, readonly = true): T {
  const db = new Database(join(dataDir(), "site.db"), { readonly, fileMustExist: true });
  try {
    if (!readonly) db.pragma("busy_timeout = 5000");
    return f(db);
  } finally {
    db.close();
  }
}

/** Listed, unbanned demo players whose (plain) name no other player has, `offset` rows in. */
function players(n: number, offset: number): Account[] {
  return withDb(
    (db) =>
      db
        .prepare(
          `select p.display_name as name, p.id as id from players p
           where p.is_banned = 0 and p.is_hidden = 0 and p.display_name not glob '*[^A-Za-z0-9]*' and length(p.display_name) >= 5
             and (select count(*) from players q where lower(q.display_name) = lower(p.display_name)) = 1
           order by p.id asc limit ? offset ?`,
        )
        .all(n, offset) as Account[],
  );
}

async function csrf(page: Page): Promise<string> {
  return (await (await page.request.get("/api/session")).json()).csrfToken as string;
}

describe("organiser tools: bulk actions, bulk add, CSV", () => {
  let id = 0;
  let entrants: Account[] = [];
  let pasted: Account[] = [];

  it("an event administrator verifies and checks in 20 entrants with one action each", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    const res = await page.request.post("/api/events/new", {
      headers: { "X-CSRF-TOKEN": await csrf(page) },
      multipart: {
        tournament_title: TITLE,
        date: "specify",
        start_date: "2030-05-10T18:00",
        end_date: "2030-05-10T22:00",
        use_logo: "none",
        game_mode: "mk8dx_150",
        registration_format: "1",
        public: "1",
        registrations_open: "1",
        checkin_required: "1",
        verification_required: "1",
        show_on_profiles: "1",
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    id = (await res.json()).id as number;
    // 20 unverified registrations, written straight in (registering has its own journeys).
    entrants = players(20, 0);
    pasted = players(8, 20);
    expect(entrants).toHaveLength(20);
    expect(pasted).toHaveLength(8);
    withDb((db) => {
      const now = Date.now();
      const ins = db.prepare(
        "insert into registrations (tournament_id, player_id, status, verified, checked_in, registered_at) values (?, ?, 'registered', 0, 0, ?)",
      );
      entrants.forEach((p, i) => ins.run(id, p.id, now + i));
      // Two players share a name, so bulk add has to ask which one is meant.
      const shadow = db.prepare("insert into players (display_name, country_code, is_shadow, created_at) values (?, 'FR', 1, ?)");
      shadow.run(TWIN, now);
      shadow.run(TWIN, now + 1);
    }, false);

    await page.goto(`/tournaments/${id}/registrations`);
    await page.getByRole("checkbox", { name: `Select ${entrants[0]!.name}` }).waitFor();
    await page.getByRole("checkbox", { name: "Select all players on this page" }).check();
    const bar = page.getByRole("toolbar", { name: "Bulk actions" });
    await bar.getByText("20 selected").waitFor();
    await page.screenshot({ path: shot("bulk-selected-1280"), fullPage: false });
    await bar.getByRole("button", { name: "Verify" }).click();
    const verify = page.getByRole("dialog", { name: "Verify 20 players?" });
    await verify.waitFor();
    await page.screenshot({ path: shot("bulk-confirm-1280") });
    await verify.getByRole("button", { name: "Verify (20)" }).click();
    await page.locator(".bulk-result").getByText("20 verified").waitFor();
    // The table offers no single Verify any more: every row is verified.
    await expect.poll(() => page.getByRole("button", { name: "Verify", exact: true }).count()).toBe(0);

    // A shift-click range: the first row, then Shift+click the last (all 20), then check in.
    await page.getByRole("checkbox", { name: `Select ${entrants[0]!.name}` }).check();
    await page.getByRole("checkbox", { name: `Select ${entrants[19]!.name}` }).click({ modifiers: ["Shift"] });
    await bar.getByText("20 selected").waitFor();
    await bar.getByRole("button", { name: "Check in" }).click();
    await page.getByRole("dialog", { name: "Check in 20 players?" }).getByRole("button", { name: "Check in (20)" }).click();
    await page.locator(".bulk-result").getByText("20 checked in").waitFor();
    await page.screenshot({ path: shot("bulk-done-1280"), fullPage: false });
    const rows = withDb(
      (db) =>
        db.prepare("select count(*) as n from registrations where tournament_id = ? and verified = 1 and checked_in = 1").get(id) as {
          n: number;
        },
    );
    expect(rows.n).toBe(20);
    const logs = withDb(
      (db) =>
        db
          .prepare("select action, count(*) as n from tournament_logs where tournament_id = ? group by action order by action")
          .all(id) as Array<{
          action: string;
          n: number;
        }>,
    );
    expect(logs).toEqual(
      expect.arrayContaining([
        { action: "registration.checkin", n: 20 },
        { action: "registration.verify", n: 20 },
      ]),
    );
    await context.close();
  });

  it("bulk-adds 10 players from pasted names: a choice for a shared name, a new shadow player", async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width);
      await login(page, "event-admin@example.com");
      await page.goto(`/tournaments/${id}/registrations`);
      const box = page.getByLabel("One player per line: a registry id, a registry name or a friend code");
      if (width === 375) {
        // The narrow screen: the preview of one name that fits two players.
        await box.fill(TWIN);
        await page.getByRole("button", { name: "Preview" }).click();
        await page.getByText("Will register 0 player(s); 1 line(s) need a choice.").waitFor();
        await page.getByRole("heading", { name: "Bulk Add" }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot("bulk-add-375"), fullPage: false });
        await page.getByRole("checkbox", { name: "Select all players on this page" }).check();
        await page.getByRole("toolbar", { name: "Bulk actions" }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot("bulk-selected-375"), fullPage: false });
        await context.close();
        continue;
      }
      await box.fill([...pasted.map((p) => p.name.toLowerCase()), TWIN, NEWBIE].join("\n"));
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByText("Will register 9 player(s) (1 new shadow player(s)); 1 line(s) need a choice.").waitFor();
      const choice = page.getByRole("combobox", { name: new RegExp(`${TWIN}: 2 players match`) });
      const first = (await choice.locator("option").nth(1).getAttribute("value"))!;
      await choice.selectOption(first);
      await page.getByText("Will register 10 player(s) (1 new shadow player(s)).").waitFor();
      await page.screenshot({ path: shot("bulk-add-preview-1280"), fullPage: true });
      await page.getByRole("button", { name: "Add 10 player(s)" }).click();
      await page.locator("p[role=status]").getByText("Registered 10 player(s) (1 new shadow player(s)).").waitFor();
      const added = withDb(
        (db) =>
          db
            .prepare(
              `select p.display_name as name, p.is_shadow as shadow, r.verified as verified from registrations r join players p on p.id = r.player_id
               where r.tournament_id = ? and r.status = 'registered' order by r.id`,
            )
            .all(id) as Array<{ name: string; shadow: number; verified: number }>,
      );
      expect(added).toHaveLength(30);
      expect(added.slice(20).map((r) => r.name)).toEqual([...pasted.map((p) => p.name), TWIN, NEWBIE]);
      expect(added.slice(20).every((r) => r.verified === 1)).toBe(true);
      expect(added.at(-1)!.shadow).toBe(1);
      // The registrations CSV: every row, with the staff columns for the administrator.
      const csv = await page.request.get(`/api/events/${id}/registrations/export.csv?status=registered`);
      expect(csv.status()).toBe(200);
      const lines = (await csv.text()).trim().split("\r\n");
      expect(lines[0]).toBe(
        "Player ID,Player,Country,In-Game Name,Checked In,Registered On,Status,Verified,Discord,Switch FC,3DS FC,MKT FC,NNID",
      );
      expect(lines).toHaveLength(31);
      await context.close();
    }
  });

  it("the placements page offers its CSV with every placement row", async () => {
    // A finished demo tournament with placements.
    const t = withDb(
      (db) =>
        db.prepare("select tournament_id as id, count(*) as n from placements group by tournament_id order by n desc limit 1").get() as {
          id: number;
          n: number;
        },
    );
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width);
      await page.goto(`/tournaments/${t.id}/placements`);
      const link = page.getByRole("link", { name: "Download CSV" });
      await link.waitFor();
      await page.screenshot({ path: shot(`bulk-placements-csv-${width}`), fullPage: false });
      const csv = await page.request.get((await link.getAttribute("href"))!);
      expect(csv.status()).toBe(200);
      const lines = (await csv.text()).trim().split("\r\n");
      expect(lines[0]).toBe("Placement,Range,Name,Tag,Members,Title");
      expect(lines).toHaveLength(t.n + 1);
      await context.close();
    }
  });
});
