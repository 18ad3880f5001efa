import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, launch, login, newPage, shot } from "./browser.js";

/**
 * Issue #19's journey in Chromium, on screen from the draw to the final: an event
 * administrator runs a fresh 48-player solo FFA of the demo series "Kart Krew LAN Circuit"
 * (stats by player). Round 1 is drawn at random into 4 rooms and published; its tables come
 * in four ways — pasted Lorenzi text, the per-race grid (with a −15 penalty), totals with a
 * mismatch confirmed ("Save anyway"), and totals by the room's host (leader@) signed in as
 * themselves — while a racer (player@) sees "Your room" on the tournament page. Round 1
 * closes with "Top 6 → 2 rooms" (previewed), round 2 is drawn by previous score and closes
 * with "Top 6 → 1 room", the final (12 races) closes as the final, and the placements are
 * written from the rounds. The placements page, the winner's profile and the series page
 * (Tournament History podium and the Podium Finishes stats tab) then show the result, without
 * anyone typing a placement.
 *
 * The tournament and its 48 registrations are written straight into the server's SQLite
 * (registration has its own journeys): a copy of the demo's finished Showdown #1 row, started
 * an hour ago. Screenshots at 1280 and 375 px: the rounds page, a round page with its close
 * panel, the table dialog (grid) and "Your room".
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const TITLE = `E2E FFA Journey ${stamp}`;
const SERIES_SLUG = "kart-krew-lan";
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

type Player = { id: number; name: string };

/**
 * The tournament: the demo's Showdown #1 row (solo MK8DX, Kart Krew LAN Circuit, series stats
 * on) under a new title, started an hour ago, published, registrations closed. 48 registered:
 * player@ (a racer), leader@ and three others able to host (one host per room), 43 more.
 */
function setUpTournament(): { id: number; player: Player; leader: Player; seriesId: number } {
  return withDb((db) => {
    const row = db.prepare("select * from tournaments where title = 'MK8DX FFA Showdown #1'").get() as Record<string, unknown>;
    const now = Date.now();
    const { id: _id, ...copy } = row;
    Object.assign(copy, {
      title: TITLE,
      start_date: now - 3_600_000,
      end_date: now + 3 * 3_600_000,
      created_at: now - 7 * 86_400_000,
      published: 1,
      registrations_open: 0,
      checkin_required: 0,
      series_stats_include: 1,
      show_on_profiles: 1,
      is_historical: 0,
      total_registrations_override: null,
    });
    const cols = Object.keys(copy);
    const id = Number(
      db.prepare(`insert into tournaments (${cols.join(", ")}) values (${cols.map(() => "?").join(", ")})`).run(...cols.map((c) => copy[c]))
        .lastInsertRowid,
    );
    const account = (email: string) =>
      db
        .prepare("select p.id, p.display_name as name from players p join users u on u.id = p.user_id where u.email = ?")
        .get(email) as Player;
    const player = account("player@example.com");
    const leader = account("leader@example.com");
    // Plain names (Lorenzi text carries them as they are), active accounts, nobody hidden.
    const others = db
      .prepare(
        `select p.id, p.display_name as name from players p join users u on u.id = p.user_id
         where u.state = 'active' and p.is_banned = 0 and p.is_hidden = 0 and p.is_shadow = 0
           and p.display_name not glob '*[^A-Za-z0-9]*' and p.display_name glob '*[A-Za-z]*' and length(p.display_name) >= 5
           and p.id not in (?, ?)
         order by p.id limit 46`,
      )
      .all(player.id, leader.id) as Player[];
    expect(others).toHaveLength(46);
    const ins = db.prepare(
      "insert into registrations (tournament_id, player_id, status, can_host, verified, registered_at) values (?, ?, 'registered', ?, 1, ?)",
    );
    const hosts = new Set([leader.id, others[0]!.id, others[1]!.id, others[2]!.id]);
    [player, leader, ...others].forEach((p, i) => ins.run(id, p.id, hosts.has(p.id) ? 1 : 0, now - 5 * 86_400_000 + i * 60_000));
    return { id, player, leader, seriesId: Number(row.tournament_series_id) };
  }, false);
}

type Racer = { player_id: number; name: string };
type RoomWire = {
  number: number;
  host_name: string | null;
  sides: Array<{ entrant_id: number; name: string; rank: number | null; racers: Racer[] }>;
};

async function roomsOf(page: Page, id: number, n: number): Promise<RoomWire[]> {
  const res = await page.request.get(`/api/events/${id}/rounds/${n}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { rooms: RoomWire[] }).rooms;
}

const racersOf = (room: RoomWire) => room.sides.flatMap((s) => s.racers);

async function confirmDialog(page: Page, title: string, button: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.getByRole("button", { name: button }).click();
  await dialog.waitFor({ state: "hidden" });
}

/** Opens a room's table dialog on the round page. */
async function openTable(page: Page, room: number): Promise<{ card: Locator; dialog: Locator }> {
  const card = page.getByRole("article", { name: `Room ${room}` });
  await card.getByRole("button", { name: "Enter table" }).click();
  const dialog = page.getByRole("dialog", { name: `Room ${room} table` });
  await dialog.waitFor();
  return { card, dialog };
}

/** Types one total per racer (racer k finishes k-th in every race unless `totals` says otherwise) and saves. */
async function enterTotals(page: Page, room: RoomWire, races: number, adjust: (k: number, total: number) => number = (_, t) => t) {
  const { card, dialog } = await openTable(page, room.number);
  await dialog.getByRole("tab", { name: "Totals" }).click();
  for (const [k, r] of racersOf(room).entries()) {
    await dialog.getByLabel(`Total of ${r.name}`, { exact: true }).fill(String(adjust(k, races * P12[k]!)));
  }
  return { card, dialog };
}

async function saved(card: Locator, dialog: Locator): Promise<void> {
  await dialog.waitFor({ state: "hidden" });
  await expect.poll(async () => (await card.textContent()) ?? "").toContain("Table in");
}

/** Before a full-page screenshot: no toast over the content, scrolled to the top (a sticky header is drawn where the view was). */
async function readyForShot(page: Page): Promise<void> {
  for (const close of await page.locator("button.toast__close").all()) await close.click({ timeout: 1000 }).catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function noSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

describe("FFA journey: a 48-player solo tournament from the draw to the final placements", () => {
  let T = 0;
  let player: Player;
  let leader: Player;
  let admin: { context: BrowserContext; page: Page };
  let winner: { id: number; name: string };

  beforeAll(async () => {
    ({ id: T, player, leader } = setUpTournament());
    admin = await newPage(browser);
    await login(admin.page, "event-admin@example.com");
  });
  afterAll(async () => {
    await admin?.context.close();
  });

  it("draws round 1 at random into 4 rooms with a host each and publishes it", async () => {
    const { page } = admin;
    await page.goto(`/tournaments/${T}`);
    await page.getByRole("link", { name: "Rounds" }).first().click();
    await page.waitForURL(`**/tournaments/${T}/rounds`);
    await expect.poll(async () => (await page.getByText(/will be drawn/).textContent()) ?? "").toContain("48 players will be drawn");
    expect(await page.getByLabel("Seeding").inputValue()).toBe("random");
    expect(await page.getByRole("link", { name: "Add a points table" }).getAttribute("href")).toBe("/admin/points-tables");
    await page.screenshot({ path: shot("rounds-journey-draw-1280"), fullPage: true });
    await page.getByRole("button", { name: "Draw round 1" }).click();
    await page.waitForURL(`**/tournaments/${T}/rounds/1`);
    await page.getByRole("button", { name: "Publish round" }).click();
    await confirmDialog(page, "Publish Round 1?", "Publish round");
    await page.getByRole("article", { name: "Room 4" }).getByRole("button", { name: "Enter table" }).waitFor();
    const rooms = await roomsOf(page, T, 1);
    expect(rooms.map((r) => racersOf(r).length)).toEqual([12, 12, 12, 12]);
    expect(rooms.every((r) => r.host_name !== null)).toBe(true);
    expect(rooms.some((r) => r.host_name === leader.name)).toBe(true);
  });

  it("shows the racer their room on the tournament page", async () => {
    const racer = await newPage(browser);
    await login(racer.page, "player@example.com");
    await racer.page.goto(`/tournaments/${T}`);
    const panel = racer.page.getByRole("region", { name: "Your room" });
    await expect.poll(() => panel.isVisible(), { timeout: 15_000 }).toBe(true);
    const mine = (await roomsOf(racer.page, T, 1)).find((r) => racersOf(r).some((x) => x.player_id === player.id))!;
    const text = (await panel.textContent()) ?? "";
    expect(text).toContain(`Room ${mine.number}`);
    expect(text).toContain(mine.host_name!);
    await readyForShot(racer.page);
    await racer.page.screenshot({ path: shot("rounds-journey-your-room-1280"), fullPage: true });
    await racer.page.setViewportSize({ width: 375, height: 900 });
    await racer.page.screenshot({ path: shot("rounds-journey-your-room-375"), fullPage: true });
    await noSideScroll(racer.page);
    await racer.context.close();
  });

  it("takes round 1's tables: the host's totals, pasted Lorenzi text, the grid with a penalty, totals with a mismatch saved anyway", async () => {
    // The room's host, signed in as themselves: totals for their own room only.
    const hostPage = await newPage(browser);
    await login(hostPage.page, "leader@example.com");
    await hostPage.page.goto(`/tournaments/${T}/rounds/1`);
    const rooms = await roomsOf(hostPage.page, T, 1);
    const hostRoom = rooms.find((r) => r.host_name === leader.name)!;
    const others = rooms.filter((r) => r !== hostRoom);
    for (const r of others) {
      await expect(
        hostPage.page
          .getByRole("article", { name: `Room ${r.number}` })
          .getByRole("button")
          .count(),
      ).resolves.toBe(0);
    }
    const host = await enterTotals(hostPage.page, hostRoom, 8);
    await host.dialog.getByRole("button", { name: "Save table" }).click();
    await saved(host.card, host.dialog);
    expect(await host.card.textContent()).toContain(`by ${leader.name}`);
    await hostPage.context.close();

    const { page } = admin;
    await page.goto(`/tournaments/${T}/rounds/1`);
    const [pasteRoom, gridRoom, totalsRoom] = others as [RoomWire, RoomWire, RoomWire];

    // Paste: the Lorenzi text a host's table maker gives, previewed, then saved.
    const text = [
      `#title ${TITLE} Round 1 Room ${pasteRoom.number}`,
      ...racersOf(pasteRoom).map((r, k) => `${r.name} [us] ${8 * P12[k]!}`),
    ].join("\n");
    let { card, dialog } = await openTable(page, pasteRoom.number);
    await dialog.getByRole("tab", { name: "Paste" }).click();
    await dialog.getByLabel("Lorenzi table text").fill(text);
    await dialog.getByRole("button", { name: "Preview" }).click();
    await dialog.getByRole("region", { name: "Preview" }).waitFor();
    await dialog.getByRole("button", { name: "Save table" }).click();
    await saved(card, dialog);

    // Grid: racer k finishes k-th in every race; the last racer takes a 15-point penalty.
    await readyForShot(page);
    ({ card, dialog } = await openTable(page, gridRoom.number));
    await dialog.getByRole("tab", { name: "Grid" }).click();
    const gridRacers = racersOf(gridRoom);
    for (const [k, r] of gridRacers.entries()) {
      for (let race = 1; race <= 8; race++) await dialog.getByLabel(`${r.name}, race ${race}`, { exact: true }).fill(String(k + 1));
    }
    const last = gridRacers.at(-1)!;
    await dialog.getByLabel(`Penalty of ${last.name}`, { exact: true }).fill("15");
    const lastRow = dialog.getByRole("row", { name: new RegExp(`^${last.name}\\b`) });
    await expect.poll(async () => ((await lastRow.textContent()) ?? "").trim()).toMatch(/-7$/);
    await page.screenshot({ path: shot("rounds-journey-table-grid-1280") });
    await page.setViewportSize({ width: 375, height: 900 });
    await page.screenshot({ path: shot("rounds-journey-table-grid-375") });
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole("button", { name: "Save table" }).click();
    await saved(card, dialog);
    expect(await card.textContent()).toContain("−15 penalty");

    // Totals, the first racer 10 points short: warned, then saved anyway.
    ({ card, dialog } = await enterTotals(page, totalsRoom, 8, (k, t) => (k === 0 ? t - 10 : t)));
    await dialog.getByRole("button", { name: "Save table" }).click();
    await dialog.getByText("The table adds up to 646 points; 656 were expected.").waitFor();
    await dialog.getByRole("button", { name: "Save anyway" }).click();
    await saved(card, dialog);
    expect(await card.textContent()).toContain("The table adds up to 646 points; 656 were expected.");
  });

  it("closes round 1 with 'Top 6 → 2 rooms' after a preview", async () => {
    const { page } = admin;
    const panel = page.getByRole("region", { name: "Close the round" });
    await panel.waitFor();
    await readyForShot(page);
    await page.screenshot({ path: shot("rounds-journey-round-1280"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 900 });
    await page.screenshot({ path: shot("rounds-journey-round-375"), fullPage: true });
    await noSideScroll(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await panel.getByRole("radio", { name: "Top 6 → 2 rooms" }).check();
    await panel.getByRole("button", { name: "Preview" }).click();
    const preview = panel.getByRole("region", { name: "Close preview" });
    await expect.poll(async () => (await preview.textContent()) ?? "").toContain("24 advance");
    await panel.getByRole("button", { name: "Close round" }).click();
    await confirmDialog(page, "Close Round 1?", "Close round");
    await page.getByText("Round 1 closed: 24 advance.").waitFor();
    const rooms = await roomsOf(page, T, 1);
    expect(rooms.flatMap((r) => r.sides).filter((s) => s.rank !== null && s.rank <= 6)).toHaveLength(24);
  });

  it("draws round 2 by previous score, enters its tables by totals and closes it with 'Top 6 → 1 room'", async () => {
    const { page } = admin;
    await page.goto(`/tournaments/${T}/rounds`);
    await expect.poll(async () => (await page.getByText(/will be drawn/).textContent()) ?? "").toContain("24 players will be drawn");
    await page.getByLabel("Seeding").selectOption("score");
    await page.getByRole("button", { name: "Draw round 2" }).click();
    await page.waitForURL(`**/tournaments/${T}/rounds/2`);
    await page.getByRole("button", { name: "Publish round" }).click();
    await confirmDialog(page, "Publish Round 2?", "Publish round");
    const rooms = await roomsOf(page, T, 2);
    expect(rooms.map((r) => racersOf(r).length)).toEqual([12, 12]);
    for (const room of rooms) {
      const { card, dialog } = await enterTotals(page, room, 8);
      await dialog.getByRole("button", { name: "Save table" }).click();
      await saved(card, dialog);
    }
    const panel = page.getByRole("region", { name: "Close the round" });
    await panel.getByRole("radio", { name: "Top 6 → 1 room" }).check();
    await panel.getByRole("button", { name: "Close round" }).click();
    await confirmDialog(page, "Close Round 2?", "Close round");
    await page.getByText("Round 2 closed: 12 advance.").waitFor();
  });

  it("draws the final (12 races), enters its table and closes it as the final", async () => {
    const { page } = admin;
    await page.goto(`/tournaments/${T}/rounds`);
    await expect.poll(async () => (await page.getByText(/will be drawn/).textContent()) ?? "").toContain("12 players will be drawn");
    // 12 entrants fit one room: the form proposes a 12-race final.
    expect(await page.getByLabel("Races").inputValue()).toBe("12");
    await page.getByLabel("Name").fill("Final");
    await page.getByLabel("Seeding").selectOption("score");
    await page.getByRole("button", { name: "Draw round 3" }).click();
    await page.waitForURL(`**/tournaments/${T}/rounds/3`);
    await page.getByRole("button", { name: "Publish round" }).click();
    await confirmDialog(page, "Publish Final?", "Publish round");
    const [final] = await roomsOf(page, T, 3);
    const { card, dialog } = await enterTotals(page, final!, 12);
    expect(await dialog.textContent()).toContain("should add up to 984 points");
    await dialog.getByRole("button", { name: "Save table" }).click();
    await saved(card, dialog);
    const panel = page.getByRole("region", { name: "Close the round" });
    expect(await panel.getByRole("radio", { name: "Final (nobody advances)" }).isChecked()).toBe(true);
    await panel.getByRole("button", { name: "Close round" }).click();
    await confirmDialog(page, "Close Final?", "Close round");
    await page.getByText("Final closed.").waitFor();
    const ranked = (await roomsOf(page, T, 3))[0]!.sides;
    expect(ranked[0]!.rank).toBe(1);
    winner = { id: ranked[0]!.racers[0]!.player_id, name: ranked[0]!.name };
  });

  it("writes the final placements from the rounds", async () => {
    const { page } = admin;
    await page.goto(`/tournaments/${T}/rounds`);
    await page.getByRole("button", { name: "Write final placements" }).click();
    await confirmDialog(page, "Write the final placements?", "Write placements");
    await page.getByText("48 entrants placed.").waitFor();
    const list = page.getByRole("list").filter({ has: page.getByRole("link", { name: "Final" }) });
    expect(await list.textContent()).toContain("Round 1");
    await readyForShot(page);
    await page.screenshot({ path: shot("rounds-journey-rounds-1280"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 900 });
    await page.screenshot({ path: shot("rounds-journey-rounds-375"), fullPage: true });
    await noSideScroll(page);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("shows the result on the placements page, the winner's profile and the series page, nobody having typed a placement", async () => {
    const { context, page } = await newPage(browser);
    const api = (await (await page.request.get(`/api/events/${T}/placements?limit=48`)).json()) as {
      data: Array<{ placement: number; placement_upper_bound: number | null; name: string }>;
    };
    expect(api.data).toHaveLength(48);
    expect(api.data[0]).toMatchObject({ placement: 1, name: winner.name });
    // Round 1's 7th places of the four rooms share 25th–28th.
    expect(api.data.slice(24, 28).every((p) => p.placement === 28 && p.placement_upper_bound === 25)).toBe(true);

    await page.goto(`/tournaments/${T}/placements`);
    await page.getByRole("heading", { name: "Final Placements" }).waitFor();
    await page.getByText(winner.name).first().waitFor();
    await page.getByText("Total entrants: 48").waitFor();

    await page.goto(`/registry/players/${winner.id}`);
    await expect.poll(async () => (await page.locator("main").textContent()) ?? "").toContain(TITLE);

    await page.goto(`/tournaments/series/${SERIES_SLUG}`);
    const podium = page.getByRole("list", { name: `Podium of ${TITLE}`, exact: true });
    await expect.poll(async () => (await podium.textContent()) ?? "", { timeout: 15_000 }).toContain(winner.name);
    const tabs = page.getByRole("tablist", { name: "Series stats" });
    await tabs.getByRole("tab", { name: "Podium Finishes" }).click();
    const row = page.getByRole("tabpanel").locator("tbody tr").filter({ hasText: winner.name });
    // Gold is the first medal column after the rank, flag and name.
    const cells = await row.first().locator("td").allTextContents();
    expect(Number(cells[3])).toBeGreaterThanOrEqual(1);
    await context.close();
  });
});
