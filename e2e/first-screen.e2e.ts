import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { awaitReady, baseUrl, dataDir, launch, login, newPage } from "./browser.js";

/**
 * Web journeys #17 §6, a fast first paint: the server embeds the first screen's API answers in
 * the page's HTML, so loading the home page, a squad tournament, the player list, the
 * tournaments list or a series page makes no API call before the page is drawn, and nothing
 * moves once it is (cumulative layout shift measured by the browser). Reads the demo data only.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

function one<T>(sql: string): T {
  const db = new Database(join(dataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get() as T;
  } finally {
    db.close();
  }
}

/** Loads `path` fresh and returns the API calls the page made and its layout shift. */
async function load(page: Page, path: string): Promise<{ calls: string[]; cls: number }> {
  const calls: string[] = [];
  const onRequest = (r: { url: () => string; method: () => string }) => {
    const u = new URL(r.url());
    // The live-updates stream (issue #20 §1) opens after the page is drawn and carries no data of its own.
    if (u.pathname.startsWith("/api/") && u.pathname !== "/api/live") calls.push(`${r.method()} ${u.pathname}${u.search}`);
  };
  // Leave the previous page first, so its late calls are not counted as this one's.
  await page.goto("about:blank");
  page.on("request", onRequest);
  await page.goto(path, { waitUntil: "networkidle" });
  // Drawn: no loading state left (a busy machine may still be running the route's code).
  await page.waitForFunction(() => !document.body.innerText.includes("Loading"), null, { timeout: 20_000 });
  await page.waitForTimeout(500);
  page.off("request", onRequest);
  const cls = await page.evaluate(
    () =>
      new Promise<number>((done) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!e.hadRecentInput) sum += e.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => done(sum), 100);
      }),
  );
  return { calls, cls };
}

describe("first screen: no API round trip and no layout shift on the busiest pages", () => {
  const pages = () => {
    const squad = one<{ id: number }>(
      "SELECT id FROM tournaments WHERE event_format = 2 AND published = 1 AND is_historical = 0 ORDER BY id LIMIT 1",
    );
    const series = one<{ url_slug: string }>("SELECT url_slug FROM tournament_series WHERE published = 1 ORDER BY id LIMIT 1");
    return ["/", `/tournaments/${squad.id}`, "/registry/players", "/tournaments", `/tournaments/series/${series.url_slug}`];
  };

  for (const width of [1280, 375]) {
    it(`anonymous at ${width} px`, async () => {
      const { context, page } = await newPage(browser, width);
      for (const path of pages()) {
        const { calls, cls } = await load(page, path);
        expect(calls, path).toEqual([]);
        expect(cls, path).toBeLessThan(0.05);
      }
      await context.close();
    });
  }

  it("signed in: the embedded answers are the player's own (header, registration status)", async () => {
    const { context, page } = await newPage(browser, 1280);
    await login(page, "player@example.com");
    await page.waitForLoadState("networkidle"); // the page login lands on has made its calls
    for (const path of pages()) {
      const { calls } = await load(page, path);
      expect(calls, path).toEqual([]);
    }
    // The header shows the signed-in state (no "Log In") without asking the server again.
    expect(await page.getByRole("link", { name: "Log In", exact: true }).count()).toBe(0);
    await context.close();
  });
});

describe("pages drawn on the server (#17 §6): visible before any script runs, hydrated without a mismatch", () => {
  const pages = () => {
    const squad = one<{ id: number; title: string }>(
      "SELECT id, title FROM tournaments WHERE event_format = 2 AND published = 1 AND is_historical = 0 ORDER BY id LIMIT 1",
    );
    const series = one<{ url_slug: string; series_name: string }>(
      "SELECT url_slug, series_name FROM tournament_series WHERE published = 1 ORDER BY id LIMIT 1",
    );
    return [
      { path: "/", text: "Latest News" },
      { path: `/tournaments/${squad.id}`, text: squad.title },
      { path: "/registry/players", text: "Players" },
      { path: `/tournaments/series/${series.url_slug}`, text: series.series_name },
    ];
  };

  it("with JavaScript off, each page already shows its content", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport: { width: 375, height: 900 } });
    const page = await context.newPage();
    for (const { path, text } of pages()) {
      await page.goto(path);
      await expect.poll(() => page.locator("#main").textContent(), { timeout: 5_000 }).toContain(text);
      expect(await page.locator("#main .loading").count(), path).toBe(0);
    }
    await context.close();
  });

  for (const timezoneId of ["UTC", "Asia/Tokyo"]) {
    it(`hydrates with no error in the console (${timezoneId}), and local times follow`, async () => {
      const context = await browser.newContext({ baseURL: baseUrl(), timezoneId, viewport: { width: 1280, height: 900 } });
      const page = awaitReady(await context.newPage());
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));
      for (const { path } of pages()) {
        await page.goto(path, { waitUntil: "networkidle" });
        expect(errors, path).toEqual([]);
      }
      // The tournament page's times were drawn in UTC on the server and follow the viewer's zone now.
      await page.goto(pages()[1]!.path);
      const label = timezoneId === "UTC" ? "UTC" : "GMT+9";
      await expect.poll(() => page.locator("time.local-time").first().innerText()).toContain(label);
      await context.close();
    });
  }
});
