#!/usr/bin/env node
// The JavaScript weight of the home page per interface language (#21 §1: "`/` does not grow by
// more than ~5 KB gzip for any language"): `node scripts/measure-home-weight.mjs [--web DIR]…`
// (after `npm run build`).
//
// Starts the server like `npm start` (DEMO=1, a fresh SQLite file) on each web build given
// (`--web DIR`, repeatable; default apps/web/dist — measure an older build beside the current
// one by building it elsewhere and naming both), opens `/` in Debian's chromium with the `lang`
// cookie of each language, waits until the page has hydrated and the network is idle, and sums
// the JS files it downloaded, each compressed with gzip -9 from the build's own file (what a
// browser is sent is the precompressed .gz/.br beside it; gzip -9 of the file is the stable
// number to compare). Prints the table and writes bench-results/home-weight.md.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const ROOT = resolve(import.meta.dirname, "..");
const LANGS = ["en", "fr", "de", "es", "pt", "ja"];
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const webs = [];
for (let i = 2; i < process.argv.length; i++) if (process.argv[i] === "--web") webs.push(resolve(process.argv[++i]));
if (webs.length === 0) webs.push(join(ROOT, "apps/web/dist"));

/** Starts the server on `webDist` and returns its base URL and a stop function. */
async function startServer(webDist) {
  const dataDir = mkdtempSync(join(tmpdir(), "site-weight-"));
  const port = 3600 + Math.floor(Math.random() * 300);
  const { DATABASE_URL: _unused, ...env } = process.env;
  const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, DEMO: "1", LOG_LEVEL: "warn", WEB_DIST: webDist },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    if (i > 480) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    stop: async () => {
      const exited = new Promise((done) => server.once("exit", done));
      server.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The JS files `/` downloads in `lang`, as site paths, and their gzip -9 sizes from `webDist`. */
async function measure(browser, base, webDist, lang) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: "lang", value: lang, url: base }]);
  const page = await context.newPage();
  const files = new Set();
  page.on("response", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith(".js")) files.add(path);
  });
  await page.goto(`${base}/`, { waitUntil: "networkidle" });
  // The shell marks the page once hydrated (app/layout/ready-marker.tsx).
  await page.waitForSelector("html[data-ready]", { state: "attached", timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  const htmlLang = await page.getAttribute("html", "lang");
  await context.close();
  let gzip = 0;
  let raw = 0;
  const each = [];
  for (const f of [...files].sort()) {
    const body = readFileSync(join(webDist, f));
    const packed = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gzip += packed;
    each.push({ file: f, raw: body.length, gzip: packed });
  }
  return { lang, htmlLang, files: files.size, raw, gzip, each };
}

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: FLAGS });
const rows = [];
try {
  for (const web of webs) {
    const server = await startServer(web);
    try {
      for (const lang of LANGS) rows.push({ web, ...(await measure(browser, server.base, web, lang)) });
    } finally {
      await server.stop();
    }
  }
} finally {
  await browser.close();
}

const kb = (n) => (n / 1024).toFixed(1);
const lines = [
  "# JS weight of `/` per language (#21 §1)",
  "",
  `Measured ${new Date().toISOString()} in Debian's chromium against the demo data; gzip -9 of each JS file the page downloaded.`,
  "",
  "| build | lang | `<html lang>` | files | KB raw | KB gzip -9 |",
  "|---|---|---|---:|---:|---:|",
  ...rows.map((r) => `| ${r.web.replace(ROOT + "/", "")} | ${r.lang} | ${r.htmlLang} | ${r.files} | ${kb(r.raw)} | ${kb(r.gzip)} |`),
  "",
  // Where the weight is: each file once per build (a language's own chunks appear under it).
  "| build | lang | file | KB raw | KB gzip -9 |",
  "|---|---|---|---:|---:|",
  ...rows.flatMap((r) => {
    const first = rows.find((o) => o.web === r.web);
    const shown = r === first ? r.each : r.each.filter((e) => !first.each.some((o) => o.file === e.file));
    return shown.map((e) => `| ${r.web.replace(ROOT + "/", "")} | ${r.lang} | ${e.file} | ${kb(e.raw)} | ${kb(e.gzip)} |`);
  }),
  "",
];
const text = lines.join("\n");
console.log(text);
mkdirSync(join(ROOT, "bench-results"), { recursive: true });
writeFileSync(join(ROOT, "bench-results/home-weight.md"), text);
