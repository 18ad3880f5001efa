import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import ICAL from "ical.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatLocalDateTime, formatUtcDateTime } from "../apps/web/src/lib/time-format.js";
import { awaitReady, baseUrl, dataDir, launch } from "./browser.js";

/**
 * Web journeys #17 §2, times people can read: in Chromium with a fixed time zone
 * (Europe/Berlin, so the expected texts are computed, not guessed) the tournament page shows
 * the start with the zone's label and the UTC time on hover and focus, a countdown and "Add to
 * calendar" (an .ics that parses, a Google Calendar link); the transfer deadline keeps its UTC
 * text and adds the local one; notifications say how long ago; the tournament form previews a
 * UTC date in the admin's zone. Reads the demo data; saves nothing.
 */
const ZONE = "Europe/Berlin";
const SHOTS = "/tmp/times-shots";
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A page in a context whose clock reads Berlin time. */
async function berlinPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height: 900 }, timezoneId: ZONE, locale: "en-US" });
  return awaitReady(await context.newPage());
}

async function login(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("password");
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
}

/** One read of the running server's SQLite file. */
function query<T>(sql: string, ...params: unknown[]): T | undefined {
  const db = new Database(join(dataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}

interface Upcoming {
  id: number;
  title: string;
  start_date: number;
  end_date: number | null;
}

/**
 * The published multi-day tournament starting soonest (the demo has one 36 hours after the
 * seed). Multi-day, because a range within one day reads 'Wed Nov 25, 06:30 – 11:00 CET' (the
 * zone once, at the end), which the assertions below do not expect: the demo's FFA event
 * starting within the hour is such a range.
 */
function soonest(): Upcoming {
  const t = query<Upcoming>(
    "select id, title, start_date, end_date from tournaments where published = 1 and start_date > ? and (end_date is null or end_date - start_date >= 86400000) order by start_date limit 1",
    Date.now() + 60_000,
  );
  expect(t).toBeDefined();
  return t!;
}

describe("times people can read", () => {
  it("the tournament page shows the start in the viewer's zone with its label, UTC on hover and focus, and a countdown", async () => {
    const t = soonest();
    const local = formatLocalDateTime(t.start_date, { timeZone: ZONE, now: Date.now() });
    const utc = `UTC: ${formatUtcDateTime(t.start_date)}`;
    expect(local).toMatch(/ CES?T$/);
    for (const width of [1280, 375]) {
      const page = await berlinPage(width);
      await page.goto(`/tournaments/${t.id}`);
      const schedule = page.getByRole("region", { name: "Schedule" });
      const start = schedule.locator("time.local-time").first();
      await expect.poll(() => start.innerText()).toBe(local);
      expect(await start.getAttribute("datetime")).toBe(new Date(t.start_date).toISOString());
      // Hover: the title; assistive technology: the description.
      expect(await start.getAttribute("title")).toBe(utc);
      const describedBy = await start.getAttribute("aria-describedby");
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(utc);
      // The When row of the info list says the same.
      expect(await page.getByRole("region", { name: "Tournament info" }).locator("time.local-time").first().innerText()).toContain(local);
      await page.screenshot({ path: join(SHOTS, `tournament-times-${width}.png`) });
      // Keyboard: the time takes focus and shows the UTC time beside it.
      await page.keyboard.press("Tab");
      await start.focus();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("TIME");
      const tooltip = await start.evaluate((el) => getComputedStyle(el, "::after").content);
      expect(tooltip).toBe(JSON.stringify(utc));
      // The countdown: '1 d 11 h' and the like, fixed-width digits.
      const timer = schedule.getByRole("timer");
      expect(await timer.innerText()).toMatch(/^(\d+ d \d{2} h|\d+ h \d{2} m|\d+ m \d{2} s)$/);
      expect(await timer.evaluate((el) => getComputedStyle(el).fontVariantNumeric)).toBe("tabular-nums");
      expect(await schedule.innerText()).toContain("Starts in");
      // Nothing overflows the viewport.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: join(SHOTS, `tournament-times-focused-${width}.png`) });
      await page.context().close();
    }
  });

  it("tournament cards on the list and the home panel show the start time with the zone label and UTC on hover", async () => {
    const t = soonest();
    const local = formatLocalDateTime(t.start_date, { timeZone: ZONE, now: Date.now() });
    for (const width of [1280, 375]) {
      const page = await berlinPage(width);
      await page.goto("/tournaments");
      const card = page.locator("article.tournament-card", { has: page.getByRole("link", { name: t.title, exact: true }) }).first();
      const when = card.locator("time.date-range");
      await expect.poll(() => when.innerText()).toContain(local);
      expect(await when.getAttribute("title")).toMatch(/^UTC: .+ UTC$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `tournament-list-${width}.png`) });
      // The home panel lists ongoing tournaments first, then upcoming ones, seven in all: the
      // soonest multi-day tournament may not fit (at some hours only ongoing ones do), so check
      // the first row the panel shows that has a start (a range within one day names the zone
      // once, at its end: 'Wed Nov 25, 06:45 – 11:15 CET').
      const panel = (await (await page.request.get("/api/tournaments?limit=7&tab=latest&published_only=true")).json()) as Record<
        "ongoing" | "upcoming",
        Array<{ title: string; start_date: string | null }>
      >;
      const first = [...panel.ongoing, ...panel.upcoming].slice(0, 7).find((x) => x.start_date !== null);
      expect(first, "a tournament with a start on the home panel").toBeDefined();
      const start = formatLocalDateTime(Date.parse(first!.start_date!), { timeZone: ZONE, now: Date.now() }).replace(/ CES?T$/, "");
      await page.goto("/");
      const row = page.getByTestId("panel-tournaments").locator("li", { has: page.getByRole("link", { name: first!.title, exact: true }) });
      await expect
        .poll(() => row.locator("time.date-range").innerText())
        .toMatch(new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.* CES?T$`));
      await page.context().close();
    }
  });

  it("Add to calendar downloads a parseable .ics with a stable UID and links Google Calendar", async () => {
    const t = soonest();
    const page = await berlinPage();
    await page.goto(`/tournaments/${t.id}`);
    const ics = page.getByRole("link", { name: "Calendar file (.ics)" });
    const [download] = await Promise.all([page.waitForEvent("download"), ics.click()]);
    expect(download.suggestedFilename()).toBe(`tournament-${t.id}.ics`);
    const body = readFileSync((await download.path())!, "utf8");
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent("vevent")!);
    expect(event.summary).toBe(t.title);
    // iCalendar times are whole seconds.
    expect(event.startDate.toJSDate().getTime()).toBe(Math.floor(t.start_date / 1000) * 1000);
    // tournament-{id}@<host of PUBLIC_URL> (localhost when unset, as here).
    expect(event.uid).toMatch(new RegExp(`^tournament-${t.id}@[\\w.-]+$`));
    // A second download carries the same UID.
    const again = await page.request.get(`/api/events/${t.id}/calendar.ics`);
    expect(again.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await again.text()).toContain(`UID:${event.uid}`);

    const google = new URL((await page.getByRole("link", { name: "Google Calendar" }).getAttribute("href"))!);
    expect(google.origin + google.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(google.searchParams.get("action")).toBe("TEMPLATE");
    expect(google.searchParams.get("text")).toBe(t.title);
    expect(google.searchParams.get("dates")).toMatch(
      new RegExp(
        `^${new Date(t.start_date)
          .toISOString()
          .replace(/\.\d{3}Z$/, "Z")
          .replace(/[-:]/g, "")}/\\d{8}T\\d{6}Z$`,
      ),
    );
    await page.context().close();
  });

  it("the transfer deadline keeps '23:59:59 UTC' and adds the local time", async () => {
    const t = query<{ id: number; transfer_deadline: number }>(
      "select id, transfer_deadline from tournaments where published = 1 and transfer_deadline is not null order by start_date desc limit 1",
    );
    expect(t).toBeDefined();
    // The deadline is the end of its UTC day (the demo stores a time within the day).
    const day = 24 * 3600_000;
    const end = Math.floor(t!.transfer_deadline / day) * day + day - 1000;
    const page = await berlinPage();
    await page.goto(`/tournaments/${t!.id}`);
    const info = page.getByRole("region", { name: "Tournament info" });
    const dd = info.locator("dt", { hasText: "Player Transfer Deadline" }).locator("xpath=following-sibling::dd[1]");
    await expect.poll(() => dd.innerText()).toContain("23:59:59 UTC");
    const localTime = dd.locator("time.local-time");
    expect(await localTime.innerText()).toBe(formatLocalDateTime(end, { timeZone: ZONE, now: Date.now(), seconds: true }));
    expect(await localTime.getAttribute("title")).toBe(`UTC: ${formatUtcDateTime(end, { seconds: true })}`);
    await page.context().close();
  });

  it("notifications say how long ago, with the exact time on hover and focus", async () => {
    const page = await berlinPage();
    await login(page, "player@example.com");
    await page.goto("/notifications");
    await page.getByRole("tab", { name: "All" }).click();
    const first = page.locator(".notification time.local-time").first();
    await expect
      .poll(() => first.innerText())
      .toMatch(/^(just now|yesterday|last (month|year)|\d+ (minutes?|hours?|days?|months?|years?) ago)$/);
    const iso = (await first.getAttribute("datetime"))!;
    const exact = `${formatLocalDateTime(iso, { timeZone: ZONE, now: Date.now() })} (${formatUtcDateTime(iso)})`;
    expect(await first.getAttribute("title")).toBe(exact);
    // Keyboard focus (the tab was clicked with the mouse): the exact time shows beside it.
    await page.keyboard.press("Tab");
    await first.focus();
    expect(await first.evaluate((el) => getComputedStyle(el, "::after").content)).toBe(JSON.stringify(exact));
    await page.screenshot({ path: join(SHOTS, "notifications-1280.png") });
    // On a phone the exact time still fits: its tooltip grows leftwards from the row's end.
    await page.setViewportSize({ width: 375, height: 900 });
    await page.keyboard.press("Tab");
    await first.focus();
    // The tooltip box: from the time's left (narrow screens) with its own width.
    const box = await first.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const tip = getComputedStyle(el, "::after");
      return { left: r.left + parseFloat(tip.left), width: parseFloat(tip.width), viewport: window.innerWidth };
    });
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.left + box.width).toBeLessThanOrEqual(box.viewport);
    await page.screenshot({ path: join(SHOTS, "notifications-375.png") });
    await page.context().close();
  });

  it("an administrator's date field previews the entered UTC time in their zone and in UTC", async () => {
    const t = soonest();
    const page = await berlinPage();
    await login(page, "admin@example.com");
    await page.goto(`/tournaments/${t.id}/edit`);
    const start = page.getByLabel("Start Date (UTC)");
    await start.fill("2030-01-10T18:00");
    const previewId = (await start.getAttribute("aria-describedby"))!;
    const preview = page.locator(`[id="${previewId}"]`);
    await expect.poll(() => preview.innerText()).toBe("Your time (CET): Thu Jan 10 2030, 19:00 CET · UTC: Thu Jan 10 2030, 18:00 UTC");
    const deadline = page.getByLabel("Player Transfer Deadline (ends 23:59:59 UTC)");
    await deadline.fill("2030-07-01");
    const deadlinePreview = page.locator(`[id="${(await deadline.getAttribute("aria-describedby"))!}"]`);
    await expect
      .poll(() => deadlinePreview.innerText())
      .toBe("Your time (CEST): Tue Jul 2 2030, 01:59:59 CEST · UTC: Mon Jul 1 2030, 23:59:59 UTC");
    await start.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, "admin-date-preview-1280.png") });
    await page.context().close();
  });
});
