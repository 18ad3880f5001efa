import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { awaitReady, baseUrl, dataDir, launch, login, newPage, shot } from "./browser.js";

/**
 * Issue #20 §2 in Chromium: the live room board and the stream overlays.
 *
 * A fresh 48-player solo FFA (a copy of the demo's Showdown #1 row, started an hour ago) is
 * drawn by event-admin@ into 4 rooms in the `staff` tie mode and published; then room 1 loses
 * its host and room code (waiting for host), room 2 keeps both (racing), room 3's table comes in by the
 * per-race grid (table in) and room 4's by totals with two equal last places (tie to decide).
 * A visitor's board shows the four states at 1280 and 375 px and takes room 2's table without a
 * reload. The room overlay (per-race points) and the standings overlay of the demo's finished
 * 200cc Duos Showdown (squads: tags in their colours, the final placements) are drawn without
 * the site's chrome on a transparent page: screenshots with the page's background omitted (a
 * real alpha channel) and over a checkerboard, and with JavaScript off (drawn on the server).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const TITLE = `E2E Live Board ${stamp}`;
const RACES = 4;
/** MK8DX points of a 12-racer race, 1st to 12th. */
const P12 = [15, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];

function withDb<T>(f: (db: Database.Database) => T, readonly = true): T {
  const db = new Database(join(dataDir(), "site.db"), { readonly, fileMustExist: true });
  try {
    if (!readonly) db.pragma("busy_timeout = 5000");
    return f(db);
  } finally {
    db.close();
  }
}

/** The tournament: Showdown #1's row under a new title, started an hour ago; 48 registered players, 4 able to host. */
function setUpTournament(): number {
  return withDb((db) => {
    const row = db.prepare("select * from tournaments where title = 'MK8DX FFA Showdown #1'").get() as Record<string, unknown>;
    const now = Date.now();
    const { id: _id, ...copy } = row;
    Object.assign(copy, {
      title: TITLE,
      start_date: now - 3_600_000,
      end_date: now + 3 * 3_600_000,
      created_at: now - 86_400_000,
      published: 1,
      registrations_open: 0,
      checkin_required: 0,
      is_historical: 0,
      total_registrations_override: null,
    });
    const cols = Object.keys(copy);
    const id = Number(
      db.prepare(`insert into tournaments (${cols.join(", ")}) values (${cols.map(() => "?").join(", ")})`).run(...cols.map((c) => copy[c]))
        .lastInsertRowid,
    );
    const players = db
      .prepare(
        `select p.id from players p join users u on u.id = p.user_id
         where u.state = 'active' and p.is_banned = 0 and p.is_hidden = 0 and p.is_shadow = 0 order by p.id limit 48`,
      )
      .all() as Array<{ id: number }>;
    expect(players).toHaveLength(48);
    const ins = db.prepare(
      "insert into registrations (tournament_id, player_id, status, can_host, verified, registered_at) values (?, ?, 'registered', ?, 1, ?)",
    );
    players.forEach((p, i) => ins.run(id, p.id, i < 4 ? 1 : 0, now - 86_400_000 + i * 60_000));
    return id;
  }, false);
}

type RoomWire = { number: number; host_player_id: number | null; sides: Array<{ racers: Array<{ player_id: number }> }> };

/** An event administrator's API calls (CSRF header from the session). */
async function api(page: Page, path: string, body?: unknown): Promise<unknown> {
  const csrf = ((await (await page.request.get("/api/session")).json()) as { csrfToken: string }).csrfToken;
  const res =
    body === undefined ? await page.request.get(path) : await page.request.post(path, { data: body, headers: { "X-CSRF-TOKEN": csrf } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return res.json();
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's serious and critical violations on the loaded page (WCAG 2.x A/AA, as e2e/a11y.e2e.ts runs it), and the h1 count. */
async function axe(page: Page): Promise<{ failures: string[]; h1: number }> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const a = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const res = await a.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      resultTypes: ["violations"],
    });
    return res.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
  });
  const failures = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} at ${n.target.join(" ")}`));
  return { failures, h1: await page.locator("h1").count() };
}

const racerIds = (room: RoomWire) => room.sides.flatMap((s) => s.racers.map((r) => r.player_id));

/** Paints a checkerboard behind an overlay (its own page is transparent), as a streaming scene would show through. */
async function overCheckerboard(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.style.background = "repeating-conic-gradient(#6b7280 0 25%, #d1d5db 0 50%) 0 0 / 24px 24px";
  });
}

describe("live board and overlays", () => {
  let T = 0;
  let admin: { context: BrowserContext; page: Page };
  let roomIds: number[] = [];

  beforeAll(async () => {
    T = setUpTournament();
    admin = await newPage(browser);
    await login(admin.page, "event-admin@example.com");
    const { page } = admin;
    await api(page, `/api/events/${T}/rounds`, { races: RACES, room_size: 12, seed: 20, tie_mode: "staff" });
    await api(page, `/api/events/${T}/rounds/1/publish`, {});
    const { rooms } = (await api(page, `/api/events/${T}/rounds/1`)) as { rooms: RoomWire[] };
    expect(rooms).toHaveLength(4);
    // Room 1 has no host and no code (waiting for a host); room 2 has both (racing).
    await api(page, `/api/events/${T}/rounds/1/rooms/1/settings`, { room_code: null, host_player_id: null });
    await api(page, `/api/events/${T}/rounds/1/rooms/2/settings`, { room_code: "0420-7777", host_player_id: rooms[1]!.host_player_id });
    // Room 3 by the grid: racer k finishes k+1 in every race except race 2, where the first two swap.
    const grid = racerIds(rooms[2]!).map((player_id, k) => ({
      player_id,
      positions: Array.from({ length: RACES }, (_, race) => (race === 1 && k < 2 ? 2 - k : k + 1)),
    }));
    await api(page, `/api/events/${T}/rounds/1/rooms/3/table`, {
      mode: "grid",
      grid,
      penalties: [{ player_id: grid[5]!.player_id, penalty: 5 }],
    });
    // Room 4 by totals: the last two share a total (a tie staff must decide in this mode).
    const totals = racerIds(rooms[3]!).map((player_id, k) => ({ player_id, total: k >= 10 ? RACES : RACES * P12[k]! }));
    await api(page, `/api/events/${T}/rounds/1/rooms/4/table`, { mode: "totals", totals, confirm_mismatch: true });
    roomIds = ((await api(page, `/api/events/${T}/live`)) as { rooms: Array<{ id: number }> }).rooms.map((r) => r.id);
  });
  afterAll(async () => {
    await admin?.context.close();
  });

  it("shows every room's state to a visitor at 1280 and 375 px, reached from the tournament page", async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width);
      await page.goto(`/tournaments/${T}`);
      await page.getByRole("link", { name: "Live board" }).click();
      await page.waitForURL(`**/tournaments/${T}/live`);
      const card = (n: number) => page.getByRole("article", { name: `Room ${n}` });
      await expect.poll(() => card(4).getAttribute("data-state")).toBe("tie");
      expect(await card(1).getAttribute("data-state")).toBe("waiting");
      expect(await card(1).textContent()).toContain("Waiting for host");
      expect(await card(2).getAttribute("data-state")).toBe("racing");
      expect(await card(3).getAttribute("data-state")).toBe("table_in");
      expect(await card(3).getByLabel("Rank 1", { exact: true }).count()).toBe(1);
      expect(await card(4).getByLabel("Rank 11, tied").count()).toBe(2);
      // No room code on the public board.
      expect(await page.locator("main").textContent()).not.toContain("0420-7777");
      if (width === 375) {
        // One column: every card starts at the same x, and nothing scrolls sideways.
        const xs = await page.locator("article.live-room").evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().x)));
        expect(new Set(xs).size).toBe(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: shot(`live-board-${width}`), fullPage: true });
      // The round page and the rounds page link back to the board.
      await page.goto(`/tournaments/${T}/rounds/1`);
      await page.getByRole("link", { name: "Live board" }).waitFor();
      await page.screenshot({ path: shot(`live-board-round-page-${width}`) });
      await page.goto(`/tournaments/${T}/rounds`);
      await page.screenshot({ path: shot(`live-board-rounds-page-${width}`) });
      await page.getByRole("link", { name: "Live board" }).click();
      await page.waitForURL(`**/tournaments/${T}/live`);
      await context.close();
    }
  });

  it("takes a new table without a reload, also one saved before its live stream opened", async () => {
    const { context, page } = await newPage(browser, 1280);
    // The stream is held until the table is saved: the page was drawn before the table and its
    // stream opens after it, the moment a change could fall between the two (it asks for every
    // event since the page's drawing, LiveHub).
    let letStreamOpen = () => {};
    const held = new Promise<void>((done) => (letStreamOpen = done));
    await page.route("**/api/live?**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/tournaments/${T}/live`);
    const room2 = page.getByRole("article", { name: "Room 2" });
    await room2.waitFor();
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same page"));
    const { rooms } = (await api(admin.page, `/api/events/${T}/rounds/1`)) as { rooms: RoomWire[] };
    const totals = racerIds(rooms[1]!).map((player_id, k) => ({ player_id, total: RACES * P12[k]! }));
    const started = Date.now();
    await api(admin.page, `/api/events/${T}/rounds/1/rooms/2/table`, { mode: "totals", totals });
    expect(await room2.getAttribute("data-state")).toBe("racing");
    letStreamOpen();
    // Over the live stream (or, were it down, the board's 30 s refresh).
    await expect.poll(() => room2.getAttribute("data-state"), { timeout: 40_000 }).toBe("table_in");
    const took = Date.now() - started;
    const live = (await page.locator(".live-indicator").textContent()) ?? "";
    console.log(`live board: room 2's table shown ${took} ms after it was saved (indicator: "${live}")`);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
    await context.close();
  });

  it("draws a room overlay outside the site's chrome on a transparent page, with per-race points and its parameters", async () => {
    const { context, page } = await newPage(browser, 1280);
    await page.goto(`/overlay/rooms/${roomIds[2]}?accent=22d3ee&scale=1.25`);
    const panel = page.locator(".ov-panel");
    await expect.poll(() => panel.textContent()).toContain("Room 3");
    expect(await page.locator("header.site-header, footer, nav").count()).toBe(0);
    expect(await page.getByRole("link").count()).toBe(0);
    expect(await page.getByRole("button").count()).toBe(0);
    expect(await page.locator(".ov-state").textContent()).toBe("Table in");
    expect(await page.locator(".ov-row").first().getByLabel("Points per race").textContent()).toMatch(/^\d+/);
    // The page itself paints nothing: html and body are transparent.
    const backgrounds = await page.evaluate(() => [
      getComputedStyle(document.documentElement).backgroundColor,
      getComputedStyle(document.body).backgroundColor,
      getComputedStyle(document.body).backgroundImage,
    ]);
    expect(backgrounds).toEqual(["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)", "none"]);
    expect(await page.locator(".overlay-root").evaluate((e) => getComputedStyle(e).getPropertyValue("--ov-accent"))).toBe("#22d3ee");
    await page.screenshot({ path: shot("live-overlay-room-1280-alpha"), omitBackground: true, fullPage: true });
    await overCheckerboard(page);
    await page.screenshot({ path: shot("live-overlay-room-1280-checker"), fullPage: true });
    // Room 4 with totals only and no heading line.
    await page.goto(`/overlay/rooms/${roomIds[3]}?scores=total&title=0&bg=transparent&text=111111`);
    await expect.poll(() => page.locator(".ov-state").textContent()).toBe("Tie to decide");
    expect(await page.getByLabel("Points per race").count()).toBe(0);
    await page.setViewportSize({ width: 375, height: 900 });
    await overCheckerboard(page);
    await page.screenshot({ path: shot("live-overlay-room-375-checker"), fullPage: true });
    await context.close();
  });

  it("draws the standings overlay: the current round by total, and a finished squad event's final placements", async () => {
    const { context, page } = await newPage(browser, 1280);
    await page.goto(`/overlay/tournaments/${T}/standings?rows=8`);
    await expect.poll(() => page.locator(".ov-title__sub").textContent()).toBe("Round 1 standings");
    expect(await page.locator(".ov-row--standing").count()).toBe(8);
    // Rooms 2 and 3 ran the same clean races: their winners share the top total.
    expect(await page.locator(".ov-row--standing .ov-rank").first().textContent()).toBe("1");
    await page.screenshot({ path: shot("live-overlay-standings-1280-alpha"), omitBackground: true, fullPage: true });
    const duos = withDb((db) => (db.prepare("select id from tournaments where title = '200cc Duos Showdown'").get() as { id: number }).id);
    await page.goto(`/overlay/tournaments/${duos}/standings?accent=facc15&rows=6`);
    await expect.poll(() => page.locator(".ov-title__sub").textContent()).toBe("Final results");
    expect(await page.locator(".ov-row--standing").count()).toBe(6);
    expect(await page.locator(".ov-row--standing .team-tag").count()).toBe(6);
    await overCheckerboard(page);
    await page.screenshot({ path: shot("live-overlay-standings-duos-1280-checker"), fullPage: true });
    // Its final room: squads with their tags, each racer's points per GP.
    const final = (await (await page.request.get(`/api/events/${duos}/live`)).json()) as {
      round: { final: boolean };
      rooms: Array<{ id: number }>;
    };
    expect(final.round.final).toBe(true);
    await page.goto(`/overlay/rooms/${final.rooms[0]!.id}`);
    await expect.poll(() => page.locator(".ov-side").count()).toBe(6);
    expect(await page.locator(".ov-side .team-tag").count()).toBe(6);
    expect(await page.getByLabel("Points per GP").count()).toBe(12);
    await overCheckerboard(page);
    await page.screenshot({ path: shot("live-overlay-room-duos-1280-checker"), fullPage: true });
    await context.close();
  });

  it("has no serious or critical axe violations and one h1 on the board and the overlays", async () => {
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ baseURL: baseUrl(), bypassCSP: true, viewport: { width, height: 900 } });
      const page = awaitReady(await context.newPage());
      for (const path of [`/tournaments/${T}/live`, `/overlay/rooms/${roomIds[3]}`, `/overlay/tournaments/${T}/standings`]) {
        await page.goto(path);
        await page
          .locator(path.includes("overlay") ? ".ov-panel" : "article.live-room")
          .first()
          .waitFor();
        const { failures, h1 } = await axe(page);
        expect(failures, `${path} at ${width} px`).toEqual([]);
        expect(h1, `${path} at ${width} px`).toBe(1);
      }
      await context.close();
    }
  });

  it("draws an overlay on the server: with JavaScript off it shows its content on a transparent page", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(`/overlay/rooms/${roomIds[2]}`);
    expect(await page.locator(".ov-panel").textContent()).toContain("Room 3");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundImage)).toBe("none");
    await page.goto(`/tournaments/${T}/live`);
    expect(await page.getByRole("article", { name: "Room 4" }).getAttribute("data-state")).toBe("tie");
    await context.close();
  });
});
