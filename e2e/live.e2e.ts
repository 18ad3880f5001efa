import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, launch, login, newPage, shot } from "./browser.js";

/**
 * Issue #20 §1 in Chromium, two browsers: player@ keeps a tournament page open while
 * event-admin@ acts in another browser (registers player@, opens check-in, checks player@ in,
 * draws and publishes a round with player@ hosting room 1, enters its table). The player's page
 * follows each step over the live stream — the registration count, the check-in state, "Your
 * room" and its table — with no reload (a marker set on the window survives) and no polling.
 * Screenshots of the player's page at 1280 and 375 px.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const TITLE = `E2E Live Cup ${stamp}`;
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

/** A solo FFA tournament (Showdown #1's row, starting in two hours, check-ins required, not yet open) with 11 others registered and checked in. */
function setUp(): { T: number; playerId: number } {
  return withDb((db) => {
    const row = db.prepare("select * from tournaments where title = 'MK8DX FFA Showdown #1'").get() as Record<string, unknown>;
    const playerId = (
      db.prepare("select p.id from players p join users u on u.id = p.user_id where u.email = 'player@example.com'").get() as { id: number }
    ).id;
    const now = Date.now();
    const { id: _id, ...copy } = row;
    Object.assign(copy, {
      title: TITLE,
      start_date: now + 2 * 3_600_000,
      end_date: now + 5 * 3_600_000,
      created_at: now - 86_400_000,
      published: 1,
      registrations_open: 1,
      checkin_required: 1,
      checkin_status: 0,
      checkin_opens_at: null,
      checkin_closes_at: null,
      registrations_close_at: null,
      max_entrants: null,
      is_historical: 0,
      total_registrations_override: null,
    });
    const cols = Object.keys(copy);
    const T = Number(
      db.prepare(`insert into tournaments (${cols.join(", ")}) values (${cols.map(() => "?").join(", ")})`).run(...cols.map((c) => copy[c]))
        .lastInsertRowid,
    );
    const others = db
      .prepare(
        `select p.id from players p join users u on u.id = p.user_id
         where u.state = 'active' and p.is_banned = 0 and p.is_hidden = 0 and p.is_shadow = 0 and p.id <> ? order by p.id desc limit 11`,
      )
      .all(playerId) as Array<{ id: number }>;
    const ins = db.prepare(
      "insert into registrations (tournament_id, player_id, status, can_host, verified, checked_in, registered_at) values (?, ?, 'registered', 0, 1, 1, ?)",
    );
    others.forEach((p, i) => ins.run(T, p.id, now - 86_400_000 + i * 60_000));
    return { T, playerId };
  }, false);
}

/** The administrator's API calls from its own browser (CSRF header from its session). */
async function api(page: Page, path: string, body?: unknown): Promise<unknown> {
  const csrf = ((await (await page.request.get("/api/session")).json()) as { csrfToken: string }).csrfToken;
  const res =
    body === undefined ? await page.request.get(path) : await page.request.post(path, { data: body, headers: { "X-CSRF-TOKEN": csrf } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return res.json();
}

type RoomWire = { number: number; sides: Array<{ racers: Array<{ player_id: number }> }> };

describe("live updates across two browsers", () => {
  it("updates a player's tournament page while an administrator acts, with no reload", async () => {
    const { T, playerId } = setUp();
    const admin = await newPage(browser, 1280);
    const player = await newPage(browser, 1280);
    try {
      await login(admin.page, "event-admin@example.com");
      await login(player.page, "player@example.com");
      const page = player.page;
      // No polling: count the API calls the page makes while nothing happens.
      const calls: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/api/") && !r.url().includes("/api/live")) calls.push(r.url());
      });
      await page.goto(`/tournaments/${T}`);
      await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same page"));
      const live = page.locator(".badge--live");
      await live.waitFor({ timeout: 10_000 });
      const info = page.getByRole("region", { name: "Tournament info" });
      await expect.poll(() => info.textContent()).toContain("11 players");
      const quietFrom = calls.length;
      await page.waitForTimeout(1500);
      expect(calls.slice(quietFrom), "no request while nothing changes").toEqual([]);

      const step = async (what: string, act: () => Promise<unknown>, seen: () => Promise<boolean>) => {
        const started = Date.now();
        await act();
        await expect.poll(seen, { timeout: 10_000, message: what }).toBe(true);
        console.log(`live: ${what} shown ${Date.now() - started} ms after the administrator's call`);
      };

      await step(
        "registration count and own registration",
        () => api(admin.page, `/api/events/${T}/register_player`, { player_id: playerId, can_host: true }),
        async () => ((await info.textContent()) ?? "").includes("12 players"),
      );
      await step(
        "check-in opened",
        () => api(admin.page, `/api/events/${T}/controls`, { checkin_status: 1 }),
        () => page.getByRole("button", { name: "Check In Now" }).isVisible(),
      );
      await step(
        "checked in by staff",
        () => api(admin.page, `/api/events/${T}/checkins/players/${playerId}/checkin`, {}),
        () => page.getByText("CHECKED IN", { exact: true }).isVisible(),
      );

      const yourRoom = page.getByRole("region", { name: "Your room" });
      await step(
        "Your room after the draw is published",
        async () => {
          await api(admin.page, `/api/events/${T}/rounds`, { races: 4, room_size: 12, seed: 7 });
          await api(admin.page, `/api/events/${T}/rounds/1/publish`, {});
          await api(admin.page, `/api/events/${T}/rounds/1/rooms/1/settings`, { room_code: "0420-1234", host_player_id: playerId });
        },
        // Only the room's racers see its code: player@ races (and hosts) here.
        async () => (await yourRoom.isVisible()) && /Published[\s\S]*0420-1234/.test((await yourRoom.textContent()) ?? ""),
      );
      await page.screenshot({ path: shot("live-player-room-1280"), fullPage: true });

      await step(
        "the room's table",
        async () => {
          const { rooms } = (await api(admin.page, `/api/events/${T}/rounds/1`)) as { rooms: RoomWire[] };
          const ids = rooms[0]!.sides.flatMap((s) => s.racers.map((r) => r.player_id));
          await api(admin.page, `/api/events/${T}/rounds/1/rooms/1/table`, {
            mode: "totals",
            totals: ids.map((player_id, k) => ({ player_id, total: 4 * P12[k]! })),
          });
        },
        async () => ((await yourRoom.textContent()) ?? "").includes("Racing"),
      );
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: shot("live-player-1280"), fullPage: true });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.screenshot({ path: shot("live-player-375"), fullPage: true });
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
      const out = process.env.LIVE_SHOTS;
      if (out) {
        mkdirSync(out, { recursive: true });
        for (const n of ["live-player-room-1280", "live-player-1280", "live-player-375"]) copyFileSync(shot(n), join(out, `${n}.png`));
      }
    } finally {
      await admin.context.close();
      await player.context.close();
    }
  });
});
