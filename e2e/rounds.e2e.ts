import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, launch, login, newPage, shot } from "./browser.js";

/**
 * Issue #19 in Chromium, on the demo's FFA tournaments: a racer sees "Your room"; the room's
 * host enters their room's table by totals, is warned of a mismatch and saves anyway; an
 * event administrator pastes another room's table as Lorenzi text with a penalty; the rounds
 * and round pages at 1280 and 375 px; and the finished demo event's placements, written from
 * its rounds, on the placements page and the winner's profile.
 *
 * Drawing and closing rounds through to the final on screen is rounds-journey.e2e.ts. Here
 * also: an event administrator adds a points table from the account menu's Points Tables.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

function tournamentId(title: string): number {
  const db = new Database(join(dataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("select id from tournaments where title = ?").get(title) as { id: number }).id;
  } finally {
    db.close();
  }
}

type Racer = { player_id: number; name: string; mii_name: string | null };
type RoomWire = { number: number; host_name: string | null; sides: Array<{ racers: Racer[] }> };

async function roomsOf(page: Page, id: number): Promise<RoomWire[]> {
  return ((await (await page.request.get(`/api/events/${id}/rounds/1`)).json()) as { rooms: RoomWire[] }).rooms;
}

/** MK8DX points for 12 racers: the racer seated k-th finishes k-th in all 8 races. */
const P12 = [15, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];

describe("FFA rounds", () => {
  it("shows a racer their room, takes the host's table with a mismatch warning, and a pasted table from staff", async () => {
    const upcoming = tournamentId("MK8DX FFA Showdown #2");

    // A racer: "Your room" on the tournament page, with the host.
    const racer = await newPage(browser);
    await login(racer.page, "player@example.com");
    await racer.page.goto(`/tournaments/${upcoming}`);
    const panel = racer.page.getByRole("region", { name: "Your room" });
    await expect.poll(() => panel.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await panel.textContent()).toContain("DemoLeader");
    await racer.page.screenshot({ path: shot("rounds-your-room-1280"), fullPage: true });
    await racer.page.setViewportSize({ width: 375, height: 900 });
    await racer.page.screenshot({ path: shot("rounds-your-room-375"), fullPage: true });
    await racer.context.close();

    // The room's host enters their room's table by totals, 10 points short: warned, then saved anyway.
    const host = await newPage(browser);
    await login(host.page, "leader@example.com");
    await host.page.goto(`/tournaments/${upcoming}/rounds/1`);
    const rooms = await roomsOf(host.page, upcoming);
    const hostRoom = rooms.find((r) => r.host_name === "DemoLeader")!;
    const card = host.page.getByRole("article", { name: `Room ${hostRoom.number}` });
    await card.getByRole("button", { name: "Enter table" }).click();
    const dialog = host.page.getByRole("dialog", { name: `Room ${hostRoom.number} table` });
    await dialog.getByRole("tab", { name: "Totals" }).click();
    const racers = hostRoom.sides.flatMap((s) => s.racers);
    for (const [k, r] of racers.entries()) {
      const points = 8 * (P12[k] ?? 0) - (k === 0 ? 10 : 0);
      await dialog.getByLabel(`Total of ${r.name}`, { exact: true }).fill(String(points));
    }
    const expected = 8 * P12.slice(0, racers.length).reduce((a, b) => a + b, 0);
    await dialog.getByRole("button", { name: "Save table" }).click();
    await dialog.getByText(`The table adds up to ${expected - 10} points; ${expected} were expected.`).waitFor();
    const anyway = dialog.getByRole("button", { name: "Save anyway" });
    await anyway.click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(async () => (await card.textContent()) ?? "").toContain(String(8 * 15 - 10));
    await host.context.close();

    // Staff paste another room's table as Lorenzi text, with a 15-point penalty on its last racer.
    const admin = await newPage(browser);
    await login(admin.page, "event-admin@example.com");
    await admin.page.goto(`/tournaments/${upcoming}/rounds/1`);
    const other = (await roomsOf(admin.page, upcoming)).find((r) => r.number !== hostRoom.number)!;
    const otherRacers = other.sides.flatMap((s) => s.racers);
    const text = [
      `#title Round 1 Room ${other.number}`,
      ...otherRacers.map((r, k) => `${r.name} [us] ${8 * (P12[k] ?? 0)}${k === otherRacers.length - 1 ? " -15" : ""}`),
    ].join("\n");
    const otherCard = admin.page.getByRole("article", { name: `Room ${other.number}` });
    await otherCard.getByRole("button", { name: "Enter table" }).click();
    const pasteDialog = admin.page.getByRole("dialog", { name: `Room ${other.number} table` });
    await pasteDialog.getByRole("tab", { name: "Paste" }).click();
    await pasteDialog.getByRole("textbox").first().fill(text);
    await pasteDialog.getByRole("button", { name: "Preview" }).click();
    await pasteDialog.getByRole("region", { name: "Preview" }).waitFor();
    await pasteDialog.getByRole("button", { name: "Save table" }).click();
    await pasteDialog.waitFor({ state: "hidden" });
    await expect.poll(async () => (await otherCard.textContent()) ?? "").toContain("Table in");
    await admin.page.screenshot({ path: shot("rounds-round-1280"), fullPage: true });
    await admin.page.setViewportSize({ width: 375, height: 900 });
    await admin.page.screenshot({ path: shot("rounds-round-375"), fullPage: true });
    await admin.context.close();
  });

  it("lets an event administrator add a points table, which every rounds page then offers", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("link", { name: "Points Tables" }).click();
    await page.waitForURL("**/admin/points-tables");
    await page.getByLabel("Name", { exact: true }).fill("Club 8 (E2E)");
    await page.getByLabel("Room size (racers)").fill("8");
    const rows = Array.from({ length: 8 }, (_, k) => `${k + 1}: ${Array.from({ length: k + 1 }, (_, i) => 2 * (k + 1 - i)).join(" ")}`);
    await page.getByLabel("Points per race, one line per number of racers").fill(rows.join("\n"));
    await page.getByRole("checkbox", { name: "Mario Kart 8 Deluxe" }).check();
    await page.getByRole("button", { name: "Add points table" }).click();
    await page.getByText('Points table "Club 8 (E2E)" added.').waitFor();
    const item = page.locator(".points-tables__item").filter({ hasText: "Club 8 (E2E)" });
    await expect.poll(async () => (await item.textContent()) ?? "").toContain("8 racers · 72 points per race when full");
    await page.locator("button.toast__close").click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shot("rounds-points-tables-1280"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 900 });
    await page.screenshot({ path: shot("rounds-points-tables-375"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const overview = (await (await page.request.get(`/api/events/${tournamentId("MK8DX FFA Showdown #2")}/rounds`)).json()) as {
      points_tables: Array<{ name: string }>;
    };
    expect(overview.points_tables.map((t) => t.name)).toContain("Club 8 (E2E)");
    await context.close();
  });

  it("shows a finished FFA event's rounds and the placements written from them", async () => {
    const finished = tournamentId("MK8DX FFA Showdown #1");
    const { context, page } = await newPage(browser);
    await page.goto(`/tournaments/${finished}`);
    await page.getByRole("link", { name: "Rounds" }).first().click();
    await page.waitForURL(`**/tournaments/${finished}/rounds`);
    await page
      .getByRole("link", { name: /Round 1/ })
      .first()
      .waitFor();
    await page.screenshot({ path: shot("rounds-overview-1280"), fullPage: true });
    const api = (await (await page.request.get(`/api/events/${finished}/placements?limit=48`)).json()) as {
      data: Array<{ placement: number; placement_upper_bound: number | null; name: string }>;
    };
    expect(api.data).toHaveLength(48);
    expect(api.data.slice(0, 12).map((p) => p.placement)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(api.data.some((p) => p.placement_upper_bound !== null)).toBe(true);
    await page.goto(`/tournaments/${finished}/placements`);
    await page.getByText(api.data[0]!.name).first().waitFor();
    await context.close();
  });
});
