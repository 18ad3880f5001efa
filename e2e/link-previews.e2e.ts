import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, dataDir, launch, newPage, shot } from "./browser.js";

/**
 * Web journeys #17, link previews: a chat bot fetches a page's HTML without running JavaScript
 * and reads its Open Graph / Twitter tags; a browser loading the same URL still gets the app.
 * Reads the demo data only.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** One read of the running server's SQLite file (ids and titles of the demo data are not assumed). */
function query<T>(sql: string): T | undefined {
  const db = new Database(join(dataDir(), "site.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get() as T | undefined;
  } finally {
    db.close();
  }
}

/** The page's HTML as a bot gets it: a plain GET, no cookies, no JavaScript. */
async function botFetch(path: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    headers: { "user-agent": "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)" },
  });
  return { status: res.status, html: await res.text() };
}

/** The `content` of each meta tag by name or property, unescaped. */
function metaTags(html: string): Record<string, string> {
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&");
  const tags: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)) tags[m[1]!] = unescape(m[2]!);
  return tags;
}

describe("link previews", () => {
  it("a published tournament's HTML carries its tags for bots; Chromium still renders the page with a sensible title", async () => {
    const t = query<{ id: number; title: string; has_logo: number }>(
      "select id, title, logo_upload_id is not null as has_logo from tournaments where published = 1 order by logo_upload_id is null, id limit 1",
    );
    expect(t).toBeDefined();
    const { status, html } = await botFetch(`/tournaments/${t!.id}`);
    expect(status).toBe(200);
    const tags = metaTags(html);
    const site = tags["og:site_name"]!;
    expect(site).toBeTruthy();
    expect(tags["og:title"]).toBe(t!.title);
    expect(tags["twitter:title"]).toBe(t!.title);
    expect(tags["og:type"]).toBe("website");
    expect(tags["twitter:card"]).toMatch(/^summary/);
    expect(tags["og:url"]).toMatch(new RegExp(`^https?://[^/]+/tournaments/${t!.id}$`));
    // When · format · game: 'Sat Dec 26 2026, 19:00 UTC · Squad · Mario Kart 8 Deluxe 150cc' or 'Ongoing · …'.
    expect(tags["og:description"]).toMatch(/^(Ongoing|Until .+|\w{3} \w{3} \d{1,2} \d{4}, \d{2}:\d{2} UTC.*) · (Solo|Squad|Team) · \S/);
    expect(tags.description).toBe(tags["og:description"]);
    expect(html).toContain(`<title>`);
    if (t!.has_logo) {
      expect(tags["og:image"]).toMatch(/^https?:\/\/[^/]+\/uploads\/[0-9a-f]+\.webp$/);
      const image = await fetch(`${baseUrl()}${new URL(tags["og:image"]!).pathname}`);
      expect(image.status).toBe(200);
    }

    const { context, page } = await newPage(browser);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`/tournaments/${t!.id}`);
    await page.getByRole("heading", { level: 1, name: t!.title }).waitFor();
    expect(await page.title()).toBe(`${t!.title} - ${site}`);
    // The tags stay in the live document's head.
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe(t!.title);
    await page.screenshot({ path: shot("link-preview-tournament") });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an unpublished tournament, an unknown one and other pages get the generic tags", async () => {
    const hidden = query<{ id: number; title: string }>("select id, title from tournaments where published = 0 limit 1");
    const ids = [...(hidden ? [hidden.id] : []), 987654];
    for (const id of ids) {
      const { status, html } = await botFetch(`/tournaments/${id}`);
      expect(status).toBe(200);
      const tags = metaTags(html);
      expect(tags["og:title"]).toBe("Tournament");
      expect(tags["og:image"]).toBeUndefined();
      if (hidden) expect(html).not.toContain(hidden.title);
    }
    const list = await botFetch("/tournaments");
    expect(metaTags(list.html)["og:title"]).toBe("Tournaments");
    const missing = await botFetch("/no/such/page");
    expect(missing.status).toBe(404);
    expect(metaTags(missing.html)["og:title"]).toBe("Page not found");
  });
});
