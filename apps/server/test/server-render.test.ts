import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTournament } from "./factories.js";
import { Client, createTestApp, dialects, type TestApp } from "./helpers.js";

const D = await dialects();

/**
 * A stand-in for the web build's server bundle (apps/web/src/entry-server.tsx): it draws what it
 * was given, so the test sees exactly which answers and settings the server passed, and throws
 * for one path to show the fallback.
 */
const BUNDLE = `
let prepared = false;
export const calls = [];
export async function prepare() { await new Promise((r) => setTimeout(r, 5)); prepared = true; }
export function renderPage(url, answers, site) {
  if (!prepared) throw new Error("not prepared");
  globalThis.__renders = (globalThis.__renders ?? 0) + 1;
  if (url.startsWith("/news")) throw new Error("boom");
  const title = answers[Object.keys(answers).find((k) => /^\\/api\\/events\\/\\d+$/.test(k))]?.title ?? "none";
  return '<div class="app" data-site="' + site.siteName + '">' + url.replace(/</g, "&lt;") + ' · ' + title.replace(/</g, "&lt;") + '</div>';
}
`;

function webBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), "web-ssr-"));
  mkdirSync(join(dir, "assets"));
  mkdirSync(join(dir, "ssr"));
  writeFileSync(join(dir, "index.html"), `<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>`);
  writeFileSync(join(dir, "ssr", "entry-server.js"), BUNDLE);
  writeFileSync(join(dir, "route-chunks.json"), JSON.stringify({ "*": { js: ["/assets/app-1.js"], css: ["/assets/app-1.css"] } }));
  return dir;
}

/** What is inside `<div id="root">` (the first-screen script follows it). */
const root = (html: string) => /<div id="root">([\s\S]*?)<\/div>(?:<div id="hydrating"><\/div>)?<script id="first-screen"/.exec(html)?.[1];

describe.each(D)("pages drawn on the server (#17 §6) (%s)", (dialect) => {
  let t: TestApp;
  let off: TestApp;
  let dir: string;
  let id: number;

  beforeAll(async () => {
    dir = webBuild();
    t = await createTestApp(dialect, { WEB_DIST: dir, SITE_NAME: "Kart Hub" });
    off = await createTestApp(dialect, { WEB_DIST: dir, SERVER_RENDER: "0" });
    id = await createTournament(t.database, { title: "Drawn <Cup>" });
  });
  afterAll(async () => {
    await t.close();
    await off.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("draws the page inside #root from the same answers it embeds, with the site's settings", async () => {
    const page = await new Client(t.app).get(`/tournaments/${id}`);
    expect(page.statusCode).toBe(200);
    expect(root(page.body)).toBe(`<div class="app" data-site="Kart Hub">/tournaments/${id} · Drawn &lt;Cup></div>`);
    expect(page.body).toContain('<script id="first-screen"');
    // Drawn: a layer takes taps until hydration; the app's stylesheet is in the head, its scripts
    // load after the first paint (no modulepreload).
    expect(page.body).toContain('</div><div id="hydrating"></div><script id="first-screen"');
    expect(page.body).toContain('<link rel="stylesheet" crossorigin href="/assets/app-1.css">');
    expect(page.body).not.toContain("modulepreload");
  });

  it("draws a page with identical answers once per 30 s", async () => {
    const g = globalThis as { __renders?: number };
    const before = g.__renders ?? 0;
    const anon = new Client(t.app);
    await anon.get("/registry/players?x=1");
    await anon.get("/registry/players?x=1");
    expect((g.__renders ?? 0) - before).toBe(1);
  });

  it("draws the page once for visitors who differ only by their CSRF token (#16)", async () => {
    const g = globalThis as { __renders?: number };
    const before = g.__renders ?? 0;
    const first = await new Client(t.app).get("/registry/players?x=2");
    const second = await new Client(t.app).get("/registry/players?x=2");
    const token = (body: string) => /"csrfToken":"([^"]+)"/.exec(body)?.[1];
    // Two cookie-less visitors: two tokens, each embedded in its own page, one render.
    expect(token(first.body)).toBeTruthy();
    expect(token(second.body)).toBeTruthy();
    expect(token(first.body)).not.toBe(token(second.body));
    expect((g.__renders ?? 0) - before).toBe(1);
    expect(root(first.body)).toBe(root(second.body));
  });

  it("leaves the page to the browser when a render throws, and never sends the bundle", async () => {
    const news = await new Client(t.app).get("/news");
    expect(news.statusCode).toBe(200);
    expect(root(news.body)).toBe("");
    const bundle = await new Client(t.app).get("/ssr/entry-server.js");
    expect(bundle.statusCode).toBe(404);
    expect(bundle.body).not.toContain("renderPage");
  });

  it("SERVER_RENDER=0 serves the empty shell", async () => {
    const page = await new Client(off.app).get(`/tournaments/${id}`);
    expect(page.statusCode).toBe(200);
    expect(root(page.body)).toBe("");
    expect(page.body).not.toContain("hydrating");
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/app-1.js">');
  });
});
