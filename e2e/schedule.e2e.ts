import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGISTRATION_MESSAGES as M } from "../packages/contract/src/registrations.js";
import { dataDir, launch, login, newPage } from "./browser.js";

/**
 * Web journey #17 §2, the schedule: an event administrator creates a solo tournament whose
 * registrations close a minute later and whose check-in window opens and closes later still; the
 * tournament page counts down to each; when the close time passes the page flips to closed by
 * itself and the server refuses a player's registration. Creates its own tournament (a unique
 * title); changes no demo data.
 */
const SHOTS = "/tmp/sched-shots";
mkdirSync(SHOTS, { recursive: true });
const TITLE = `Schedule Cup ${Date.now().toString(36)}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** 'YYYY-MM-DDTHH:mm:ss' in UTC, as the form's UTC datetime fields read it. */
const utcField = (ms: number) => new Date(ms).toISOString().slice(0, 19);
const minuteField = (ms: number) => new Date(ms).toISOString().slice(0, 16);

async function csrf(page: Page): Promise<string> {
  return (await (await page.request.get("/api/session")).json()).csrfToken as string;
}

describe("scheduled registration close and check-in window", () => {
  it("the demo has scheduled events whose pages count down to the close and the window", async () => {
    const db = new Database(join(dataDir(), "site.db"), { readonly: true, fileMustExist: true });
    const row = db
      .prepare("select id from tournaments where checkin_opens_at is not null and registrations_close_at > ? order by start_date limit 1")
      .get(Date.now()) as { id: number } | undefined;
    db.close();
    expect(row, "a demo tournament with a schedule").toBeDefined();
    const { context, page } = await newPage(browser, 1280);
    await page.goto(`/tournaments/${row!.id}`);
    const schedule = page.getByRole("region", { name: "Schedule" });
    for (const label of ["Registration closes in", "Check-in opens in", "Check-in closes in", "Starts in"])
      await schedule.getByText(label).waitFor();
    await page.screenshot({ path: join(SHOTS, "schedule-demo-1280.png") });
    await context.close();
  });

  let id = 0;
  let closeAt = 0;

  it("the admin sets the times (previewed in UTC) and the page counts down to each", { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    await page.goto("/tournaments/choose_template");
    await page.getByRole("link", { name: "Start from Scratch" }).click();
    await page.getByLabel("Tournament Title", { exact: true }).fill(TITLE);
    await page.getByLabel("Game Mode").selectOption("mk8dx_150");
    await page.getByLabel("Registration Format").selectOption("1");
    const now = Date.now();
    await page.getByLabel("Start Date (UTC)").fill(minuteField(now + 3 * 3600_000));
    await page.getByLabel("End Date (UTC)").fill(minuteField(now + 5 * 3600_000));
    await page.getByRole("checkbox", { name: "Check-ins Enabled" }).check();
    await page.getByRole("checkbox", { name: "Public" }).check();
    await page.getByRole("checkbox", { name: "Registrations Open" }).check();
    // Registrations close 75 s from now (seconds accepted); the check-in window later.
    closeAt = Math.ceil((Date.now() + 75_000) / 1000) * 1000;
    const close = page.getByLabel("Registrations Close (UTC)");
    await close.fill(utcField(closeAt));
    await page.getByLabel("Check-in Opens (UTC)").fill(minuteField(now + 3600_000));
    await page.getByLabel("Check-in Closes (UTC)").fill(minuteField(now + 2 * 3600_000));
    // The preview under the field says the same instant in UTC.
    const preview = page.locator(`[id="${(await close.getAttribute("aria-describedby"))!.split(" ")[0]}"]`);
    expect(await preview.innerText()).toContain("UTC:");
    await close.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, "schedule-form-1280.png") });
    await page.getByRole("button", { name: "Create Tournament" }).click();
    await page.waitForURL(/\/tournaments\/\d+$/);
    id = Number(/\/tournaments\/(\d+)$/.exec(page.url())?.[1]);
    expect(id).toBeGreaterThan(0);
    await context.close();

    for (const width of [1280, 375]) {
      const visitor = await newPage(browser, width);
      await visitor.page.goto(`/tournaments/${id}`);
      const schedule = visitor.page.getByRole("region", { name: "Schedule" });
      for (const label of ["Registration closes in", "Check-in opens in", "Check-in closes in", "Starts in"])
        await schedule.getByText(label).waitFor();
      const timers = schedule.getByRole("timer");
      expect(await timers.count()).toBe(4);
      expect(await timers.first().innerText()).toMatch(/^\d+ m \d{2} s$/);
      expect(await timers.first().evaluate((el) => getComputedStyle(el).fontVariantNumeric)).toBe("tabular-nums");
      // The check-in window's times beside 'Remember to check in' are for registered players;
      // visitors see the registration button while open.
      await visitor.page.getByRole("link", { name: "Register Now!" }).first().waitFor();
      expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await visitor.page.screenshot({ path: join(SHOTS, `schedule-page-${width}.png`) });
      await visitor.context.close();
    }
  });

  it("at the close time the page flips by itself and a player's registration is refused", { timeout: 150_000 }, async () => {
    expect(id).toBeGreaterThan(0);
    const { context, page } = await newPage(browser, 1280);
    await login(page, "player@example.com");
    await page.goto(`/tournaments/${id}`);
    const schedule = page.getByRole("region", { name: "Schedule" });
    await schedule.getByText("Registration closes in").waitFor();
    // No reload: the countdown reaches zero, the page re-reads the tournament.
    await expect.poll(() => schedule.getByText("Registration closes in").count(), { timeout: 120_000, interval: 1000 }).toBe(0);
    expect(Date.now()).toBeGreaterThanOrEqual(closeAt);
    await page.getByText(M.closed).first().waitFor({ timeout: 20_000 });
    expect(await page.getByRole("link", { name: "Register Now!" }).count()).toBe(0);
    expect(await schedule.getByText("Check-in opens in").count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, "schedule-closed-1280.png") });
    const res = await page.request.post(`/api/events/${id}/register`, { data: {}, headers: { "X-CSRF-TOKEN": await csrf(page) } });
    expect(res.status()).toBe(400);
    expect((await res.json()).message).toBe(M.closed);
    await context.close();
  });
});
