import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, launch, login, newPage } from "./browser.js";

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
    if (u.pathname.startsWith("/api/")) calls.push(`${r.method()} ${u.pathname}${u.search}`);
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
