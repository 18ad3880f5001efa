import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, login, newPage, shot } from "./browser.js";

/**
 * Issue #17 §8, two of the "smaller things", in Chromium on the demo data:
 * - the tournament form shows only the fields of the chosen registration format (solo vs
 *   squad, the check-in minimum only with check-ins on), screenshots at 1280 and 375 px;
 * - a tournament still to come never reads as finished: with placements entered ahead of its
 *   start, a registered player's page keeps REGISTERED (no 'You placed', no 'This tournament has
 *   concluded.'), the card says "Registered ✓", and a visitor's page does not say it concluded.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const TITLE = `E2E Future Solo ${stamp}`;
const CONCLUDED = "This tournament has concluded.";

async function csrf(page: Page): Promise<string> {
  return (await (await page.request.get("/api/session")).json()).csrfToken as string;
}

async function postJson(page: Page, path: string, data: unknown): Promise<void> {
  const res = await page.request.post(path, { headers: { "X-CSRF-TOKEN": await csrf(page) }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
}

const visible = async (page: Page, name: string) =>
  (await page.getByRole("checkbox", { name, exact: true }).count()) + (await page.getByRole("textbox", { name, exact: true }).count());

describe("#17 §8 finish", () => {
  let tournamentId = 0;

  for (const width of [1280, 375]) {
    it(`the tournament form shows the fields of the chosen format only (${width} px)`, async () => {
      const { context, page } = await newPage(browser, width);
      await login(page, "event-admin@example.com");
      await page.goto("/tournaments/new/edit");
      const format = page.getByLabel("Registration Format");
      await format.selectOption("1");
      await page.getByRole("checkbox", { name: "Host Required" }).waitFor();
      for (const name of ["In-Game Name Required", "Check-ins Enabled", "Verification Required"]) expect(await visible(page, name)).toBe(1);
      for (const name of ["Squad Tag Required", "Squad Name Required", "Minimum Players per Squad", "Minimum Check-ins per Squad"])
        expect(await visible(page, name)).toBe(0);
      await page.getByLabel("Registration Format").scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`form-format-solo-${width}`) });

      await format.selectOption("2");
      await page.getByRole("checkbox", { name: "Squad Tag Required" }).waitFor();
      expect(await visible(page, "Minimum Check-ins per Squad")).toBe(0);
      await page.getByRole("checkbox", { name: "Check-ins Enabled" }).check();
      await page.getByRole("textbox", { name: "Minimum Check-ins per Squad" }).waitFor();
      await page.getByLabel("Registration Format").scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`form-format-squad-${width}`) });

      await format.selectOption("0");
      await page.getByRole("textbox", { name: "Minimum Team Size" }).waitFor();
      for (const name of ["Host Required", "Check-ins Enabled", "Squad Tag Required", "Minimum Check-ins per Squad"])
        expect(await visible(page, name)).toBe(0);
      await context.close();
    });
  }

  it("creates a future solo tournament after typing squad values, and none of them is saved", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    await page.goto("/tournaments/new/edit");
    await page.getByLabel("Tournament Title", { exact: true }).fill(TITLE);
    await page.getByLabel("Game Mode").selectOption("mk8dx_150");
    await page.getByLabel("Registration Format").selectOption("2");
    await page.getByRole("textbox", { name: "Maximum Players per Squad" }).fill("x");
    await page.getByRole("checkbox", { name: "Squad Tag Required" }).check();
    await page.getByLabel("Registration Format").selectOption("1");
    await page.getByLabel("Start Date (UTC)").fill("2031-03-10T18:00");
    await page.getByLabel("End Date (UTC)").fill("2031-03-10T22:00");
    await page.getByRole("checkbox", { name: "Public" }).check();
    await page.getByRole("checkbox", { name: "Registrations Open" }).check();
    await page.getByRole("button", { name: "Create Tournament" }).click();
    await page.waitForURL(/\/tournaments\/\d+$/);
    tournamentId = Number(/\/tournaments\/(\d+)$/.exec(page.url())?.[1]);
    const t = await (await page.request.get(`/api/events/${tournamentId}`)).json();
    expect(t.event_format).toBe(1);
    expect(t.team_tag_required).toBe(false);
    expect(t.maximum_team_size).toBe(1);
    await context.close();
  });

  it("a future tournament with placements entered ahead keeps REGISTERED and never says it concluded", async () => {
    expect(tournamentId).toBeGreaterThan(0);
    const player = await newPage(browser);
    await login(player.page, "player@example.com");
    await postJson(player.page, `/api/events/${tournamentId}/register`, {});

    const admin = await newPage(browser);
    await login(admin.page, "event-admin@example.com");
    const editor = await (await admin.page.request.get(`/api/events/${tournamentId}/placements/edit`)).json();
    const entrants = editor.entrants as { entrant_id: number }[];
    expect(entrants.length).toBeGreaterThan(0);
    await postJson(admin.page, `/api/events/${tournamentId}/placements`, {
      placements: entrants.map((e, i) => ({ entrant_id: e.entrant_id, placement: i + 1 })),
      total_registrations_override: null,
    });
    await admin.context.close();

    await player.page.goto(`/tournaments/${tournamentId}`);
    await player.page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    await player.page.getByText("Showing Top 12").waitFor();
    await player.page.getByText("REGISTERED", { exact: true }).waitFor();
    expect(await player.page.getByText(CONCLUDED).count()).toBe(0);
    expect(await player.page.getByText(/You placed/).count()).toBe(0);
    await player.page.screenshot({ path: shot("future-with-placements-registered-1280"), fullPage: true });
    await player.page.goto(`/tournaments?search=${encodeURIComponent(TITLE)}`);
    await player.page.getByRole("article").filter({ hasText: TITLE }).getByText("Registered ✓").waitFor();
    await player.context.close();

    // A visitor sees the preview but no past-tense status either.
    const anon = await newPage(browser);
    await anon.page.goto(`/tournaments/${tournamentId}`);
    await anon.page.getByText("Showing Top 12").waitFor();
    expect(await anon.page.getByText(CONCLUDED).count()).toBe(0);
    expect(await anon.page.getByText("REGISTERED", { exact: true }).count()).toBe(0);
    await anon.context.close();
  });
});
