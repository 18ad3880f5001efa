import type { APIRequestContext, Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, login, newPage, shot } from "./browser.js";

/**
 * Issue 6 in Chromium: an event administrator builds a series, a template and a squad
 * tournament from it; the listing, immutability, the 2MB logo cap, controls and logs, a series
 * organizer's rights, template duplication and deletion, and the invisibility of an
 * unpublished tournament. Everything it creates has unique names, and it never changes the
 * demo tournaments other journeys count.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const SERIES = `E2E Series ${stamp}`;
const SLUG = `e2e-${stamp}`;
const TEMPLATE = `E2E Squad Template ${stamp}`;
const TITLE = `E2E Squad Cup ${stamp}`;

/** The tournament form's fields for a raw multipart call (what the browser form sends). */
function formFields(o: Record<string, string>): Record<string, string> {
  return {
    tournament_title: TITLE,
    date: "specify",
    start_date: "2030-01-10T18:00",
    end_date: "2030-01-10T22:00",
    use_logo: "existing",
    game_mode: "mk8dx_150",
    registration_format: "2",
    minimum_players: "2",
    maximum_players: "4",
    squad_tag_required: "1",
    squad_name_required: "0",
    host_required: "0",
    ign_required: "0",
    public: "1",
    registrations_open: "1",
    show_on_profiles: "1",
    ...o,
  };
}

async function csrf(request: APIRequestContext): Promise<string> {
  return (await (await request.get("/api/session")).json()).csrfToken as string;
}

async function listingTitles(page: Page, tab: "latest" | "past") {
  await page.goto(`/tournaments?tab=${tab}&search=${encodeURIComponent(TITLE)}`);
  await page.getByRole("tab", { name: tab === "latest" ? "Latest" : "Past", selected: true }).waitFor();
  await page.locator(".loading").waitFor({ state: "detached" });
  return page.locator(".tournament-card");
}

describe("tournaments, series and templates", () => {
  let tournamentId = 0;
  let seriesId = 0;

  it("event administrator creates a series, a template in it and a squad tournament from that template", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");

    // Series.
    await page.goto("/tournaments/series");
    await page.getByRole("link", { name: "New Tournament Series" }).click();
    await page.waitForURL("**/tournaments/series/new/edit");
    await page.getByLabel("Series Title (required)").fill(SERIES);
    await page.getByLabel("URL ID (required)").fill(SLUG);
    await page.getByLabel("Display Order (required)").fill("999");
    await page.getByLabel("Default Game Mode").selectOption("mk8dx_150");
    await page.getByLabel("Default Registration Format").selectOption("2");
    await page.getByLabel("Short Description (required)").fill("Made by the end-to-end journey.");
    await page.getByRole("radio", { name: "Show" }).check();
    await page.getByRole("button", { name: "Create Series" }).click();
    await page.waitForURL(`**/tournaments/series/${SLUG}`);
    await page.getByRole("heading", { level: 1, name: SERIES }).waitFor();
    seriesId = Number(/series\/(\d+)\/edit/.exec((await page.getByRole("link", { name: "Edit" }).getAttribute("href")) ?? "")?.[1]);
    expect(seriesId).toBeGreaterThan(0);

    // Template.
    await page.getByRole("link", { name: "Manage Templates" }).click();
    await page.getByText("No templates yet.").waitFor();
    await page.getByRole("link", { name: "New Template" }).click();
    await page.getByLabel("Template Name (required)").fill(TEMPLATE);
    await page.getByLabel("Tournament Title", { exact: true }).fill(TITLE);
    await expect.poll(() => page.getByLabel("Registration Format").inputValue()).toBe("2");
    await page.getByLabel("Minimum Players per Squad").fill("2");
    await page.getByLabel("Maximum Players per Squad").fill("4");
    await page.getByRole("checkbox", { name: "Squad Tag Required" }).check();
    await page.getByRole("button", { name: "Save Template" }).click();
    await page.waitForURL(`**/tournaments/series/${seriesId}/templates`);
    await page.getByRole("link", { name: TEMPLATE, exact: true }).waitFor();

    // Tournament from the template.
    await page.goto("/tournaments");
    await page.getByRole("link", { name: "New Tournament" }).click();
    await page.waitForURL("**/tournaments/choose_template");
    await page.getByRole("region", { name: SERIES }).getByRole("link", { name: TEMPLATE }).click();
    await page.waitForURL(/from_template=\d+/);
    expect(await page.getByLabel("Tournament Title", { exact: true }).inputValue()).toBe(TITLE);
    expect(await page.getByLabel("Registration Format").inputValue()).toBe("2");
    await page.getByLabel("Start Date (UTC)").fill("2030-01-10T18:00");
    await page.getByLabel("End Date (UTC)").fill("2030-01-10T22:00");
    await page.getByRole("checkbox", { name: "Public" }).check();
    await page.getByRole("checkbox", { name: "Registrations Open" }).check();
    await page.screenshot({ path: shot("tournament-new-1280"), fullPage: true });
    await page.getByRole("button", { name: "Create Tournament" }).click();
    await page.waitForURL(/\/tournaments\/\d+$/);
    tournamentId = Number(/\/tournaments\/(\d+)$/.exec(page.url())?.[1]);
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    const info = page.getByRole("region", { name: "Tournament info" });
    expect(await info.getByText("Squad", { exact: true }).count()).toBe(1);
    await info.getByRole("link", { name: SERIES }).waitFor();
    await page.screenshot({ path: shot("tournament-page-1280"), fullPage: true });

    // Latest, with Register Now while registrations are open.
    const cards = await listingTitles(page, "latest");
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    expect(await cards.first().getByRole("link", { name: "Register Now" }).count()).toBe(1);
    await context.close();
  });

  it("keeps the registration format after creation: read-only in the form, refused by the server", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    await page.goto(`/tournaments/${tournamentId}/edit`);
    expect(await page.getByLabel("Registration Format").isDisabled()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Squad Tag Required" }).isDisabled()).toBe(true);
    const res = await page.request.post(`/api/events/${tournamentId}`, {
      headers: { "X-CSRF-TOKEN": await csrf(page.request) },
      multipart: formFields({ registration_format: "1", series: String(seriesId) }),
    });
    expect(res.status()).toBe(400);
    expect((await res.json()).message).toBe("Registration Format cannot be changed after the tournament is created.");
    await context.close();
  });

  it("shows the 2MB message for a 3 MB logo", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    await page.goto(`/tournaments/${tournamentId}/edit`);
    await page.getByRole("radio", { name: "Upload logo" }).check();
    await page
      .getByLabel("Logo file (2MB at most)")
      .setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(3 * 1024 * 1024, 1) });
    await page.getByRole("button", { name: "Save Tournament" }).click();
    await page.getByText("The logo exceeds the maximum size of 2MB.").waitFor();
    await context.close();
  });

  it("moves the tournament to Past once its end date has passed", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    await page.goto(`/tournaments/${tournamentId}/edit`);
    await page.getByLabel("Start Date (UTC)").fill("2024-03-01T18:00");
    await page.getByLabel("End Date (UTC)").fill("2024-03-02T22:00");
    await page.getByRole("button", { name: "Save Tournament" }).click();
    await page.waitForURL(new RegExp(`/tournaments/${tournamentId}$`));
    await expect.poll(async () => (await listingTitles(page, "latest")).count(), { timeout: 15_000 }).toBe(0);
    const past = await listingTitles(page, "past");
    await past.first().waitFor();
    expect(await past.first().getByRole("link", { name: TITLE }).count()).toBe(1);
    await context.close();
  });

  it("lets a series organizer edit the series' tournament but not another series' (403)", async () => {
    const admin = await newPage(browser);
    await login(admin.page, "event-admin@example.com");
    await admin.page.goto(`/tournaments/series/${seriesId}/roles`);
    await admin.page.getByRole("tab", { name: "Series Organizer" }).click();
    await admin.page.getByText("No players yet.").waitFor();
    await admin.page.getByRole("combobox", { name: "Search Players" }).fill("DemoLeader");
    await admin.page
      .getByRole("option", { name: /DemoLeader/ })
      .first()
      .click();
    await admin.page.getByRole("button", { name: "Add Player" }).click();
    await admin.page.getByRole("link", { name: "DemoLeader" }).waitFor();
    await admin.page.screenshot({ path: shot("series-roles-1280") });
    await admin.context.close();

    const { context, page } = await newPage(browser);
    await login(page, "leader@example.com");
    await page.goto(`/tournaments/${tournamentId}/edit`);
    expect(await page.getByLabel("Series", { exact: true }).isDisabled()).toBe(true);
    const title = page.getByLabel("Tournament Title", { exact: true });
    await title.fill(`${TITLE} (organized)`);
    await page.getByRole("button", { name: "Save Tournament" }).click();
    await page.getByRole("heading", { level: 1, name: `${TITLE} (organized)` }).waitFor();

    // A tournament of another series: the form says no, and so does the server.
    const list = await (await page.request.get("/api/tournaments?tab=latest&limit=50")).json();
    const other = [...list.upcoming, ...list.ongoing].find(
      (t: { tournament_series_id: number | null }) => t.tournament_series_id !== null && t.tournament_series_id !== seriesId,
    );
    expect(other).toBeTruthy();
    await page.goto(`/tournaments/${other.id}/edit`);
    await page.getByText("You do not have permission to edit this tournament.").waitFor();
    const res = await page.request.post(`/api/events/${other.id}`, {
      headers: { "X-CSRF-TOKEN": await csrf(page.request) },
      multipart: formFields({ tournament_title: "Hijacked", series: String(other.tournament_series_id) }),
    });
    expect(res.status()).toBe(403);
    await context.close();
  });

  it("logs every control change, and hides the unpublished tournament from player@example.com (404)", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    await page.goto(`/tournaments/${tournamentId}/controls`);
    await page.getByRole("group", { name: "Check-in status" }).getByRole("button", { name: "Open", exact: true }).click();
    await page.getByRole("group", { name: "Check-in status" }).getByRole("button", { name: "Open", exact: true, pressed: true }).waitFor();
    await page.getByRole("button", { name: "Close Registrations" }).click();
    await page.getByRole("button", { name: "Open Registrations" }).waitFor();
    await page.getByRole("button", { name: "Hide Results on Profiles" }).click();
    await page.getByRole("button", { name: "Show Results on Profiles" }).waitFor();
    await page.getByRole("button", { name: "Hide Tournament" }).click();
    await page.getByRole("button", { name: "Publish Tournament" }).waitFor();
    await page.screenshot({ path: shot("tournament-controls-1280") });

    await page.goto(`/tournaments/${tournamentId}/logs`);
    const rows = page.locator(".logs-table tbody tr");
    await rows.first().waitFor();
    const text = await rows.allInnerTexts();
    const expected: Array<[string, string, string]> = [
      ["Changed visibility", "Published", "Hidden"],
      ["Changed results on profiles", "Shown", "Hidden"],
      ["Changed registrations", "Open", "Closed"],
      // The values as the log writes them from the catalogue (#21), in English too.
      ["Changed check-in status", "Not Open", "Open"],
    ];
    expected.forEach(([what, before, after], i) => {
      expect(text[i]).toContain(what);
      expect(text[i]).toContain(before);
      expect(text[i]).toContain(after);
      expect(text[i]).toContain("DemoEventAdmin");
    });
    expect(text.some((t) => t.includes("Created the tournament"))).toBe(true);
    await page.screenshot({ path: shot("tournament-logs-1280"), fullPage: true });

    // A phone: each line stacked (when · who, what, then the labelled values), nothing sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    const first = rows.first();
    const [when, what, before] = await Promise.all(
      [".logs-table__when", ".logs-table__what", ".logs-table__value"].map((c) => first.locator(c).first().boundingBox()),
    );
    expect(what!.y).toBeGreaterThan(when!.y + when!.height - 1);
    expect(before!.y).toBeGreaterThan(what!.y + what!.height - 1);
    expect(what!.width).toBeGreaterThan(300);
    const label = await first
      .locator(".logs-table__value")
      .first()
      .evaluate((td) => getComputedStyle(td, "::before").content);
    expect(label).toContain("Before");
    const sideways = await page.locator(".logs-table").evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: shot("tournament-logs-375"), fullPage: true });
    await context.close();

    const player = await newPage(browser);
    await login(player.page, "player@example.com");
    await player.page.goto(`/tournaments/${tournamentId}`);
    await player.page.getByText("Tournament not found.").waitFor();
    const api = await player.page.request.get(`/api/events/${tournamentId}`);
    expect(api.status()).toBe(404);
    await player.context.close();
  });

  it("duplicates a template with ' - Copy' appended and deletes after confirmation", async () => {
    const { context, page } = await newPage(browser);
    await login(page, "event-admin@example.com");
    await page.goto(`/tournaments/series/${seriesId}/templates`);
    await page.getByRole("link", { name: `Duplicate ${TEMPLATE}` }).click();
    const name = page.getByLabel("Template Name (required)");
    await expect.poll(() => name.inputValue()).toBe(`${TEMPLATE} - Copy`);
    await page.getByRole("button", { name: "Save Template" }).click();
    await page.waitForURL(`**/tournaments/series/${seriesId}/templates`);
    await page.getByRole("link", { name: `${TEMPLATE} - Copy`, exact: true }).waitFor();

    await page.getByRole("button", { name: `Delete ${TEMPLATE} - Copy` }).click();
    // The site's confirmation dialog (was an inline alertdialog with 'Yes, Delete').
    const dialog = page.getByRole("dialog", { name: `Delete the template ${TEMPLATE} - Copy?` });
    await dialog.getByText("Are you sure you wish to delete this template?").waitFor();
    await page.screenshot({ path: shot("templates-delete-375") });
    await dialog.getByRole("button", { name: "Delete template" }).click();
    await page.getByRole("link", { name: `${TEMPLATE} - Copy`, exact: true }).waitFor({ state: "detached" });
    expect(await page.getByRole("link", { name: TEMPLATE, exact: true }).count()).toBe(1);
    await context.close();
  });

  it("has no horizontal overflow on the new screens at 375 px", async () => {
    const { context, page } = await newPage(browser, 375);
    await login(page, "event-admin@example.com");
    for (const path of [
      "/tournaments",
      `/tournaments/${tournamentId}`,
      `/tournaments/${tournamentId}/edit`,
      `/tournaments/${tournamentId}/controls`,
      `/tournaments/${tournamentId}/logs`,
      `/tournaments/series/${SLUG}`,
      `/tournaments/series/${seriesId}/edit`,
      `/tournaments/series/${seriesId}/roles`,
      `/tournaments/series/${seriesId}/templates`,
      "/tournaments/choose_template",
    ]) {
      await page.goto(path);
      await page.locator("main h1, main .access-note").first().waitFor();
      await page.locator(".loading").first().waitFor({ state: "detached" });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    }
    await page.goto(`/tournaments/${tournamentId}/edit`);
    await page.screenshot({ path: shot("tournament-edit-375"), fullPage: true });
    await context.close();
  });
});
