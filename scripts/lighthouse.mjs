#!/usr/bin/env node
// Lighthouse performance of the pages web-journeys #17 §6 names, on a production build against
// the demo data, mobile and desktop: `npm run lighthouse` (after `npm run build`).
//
// Starts the server like `npm start` (DEMO=1, a fresh SQLite file in a temporary DATA_DIR),
// runs Lighthouse 12.2.3 (the last line that runs on Node 20; fetched by npx, not a dependency:
// it is a measuring tool, not part of the site or its tests) in Debian's chromium, and prints
// and writes bench-results/lighthouse.md. Scores move with the machine's load: run it on a
// quiet machine and read the table as one run's numbers.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const PORT = 3300 + Math.floor(Math.random() * 300);
const BASE = `http://127.0.0.1:${PORT}`;
const FLAGS =
  "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";

const dataDir = mkdtempSync(join(tmpdir(), "site-lighthouse-"));
// The embedded SQLite database, like `npm start`, whatever the shell has set.
const { DATABASE_URL: _unused, ...env } = process.env;
const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
  cwd: ROOT,
  env: { ...env, PORT: String(PORT), DATA_DIR: dataDir, DEMO: "1", LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not start");
}

/** One page of each kind from the demo data: a squad tournament and a series by their ids. */
async function pages() {
  const list = await (await fetch(`${BASE}/api/tournaments?tab=latest&registration_format=all&page=1`)).json();
  const all = [...(list.ongoing ?? []), ...(list.upcoming ?? []), ...(list.past ?? []), ...(list.data ?? [])];
  const squad = all.find((t) => t.event_format === 2) ?? all[0];
  const series = (await (await fetch(`${BASE}/api/tournaments/series`)).json()).all_series[0];
  return [
    ["Home", "/"],
    ["Squad tournament", `/tournaments/${squad.id}`],
    ["Player list", "/registry/players"],
    ["Series", `/tournaments/series/${series.url_slug}`],
  ];
}

function lighthouse(url, preset, out) {
  const args = [
    "-y",
    "lighthouse@12.2.3",
    url,
    "--only-categories=performance",
    "--output=json",
    `--output-path=${out}`,
    "--quiet",
    `--chrome-flags=${FLAGS}`,
  ];
  if (preset === "desktop") args.push("--preset=desktop");
  const r = spawnSync("npx", args, {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    stdio: "inherit",
  });
  if (r.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(readFileSync(out, "utf8"));
  const a = report.audits;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: a["first-contentful-paint"].displayValue,
    lcp: a["largest-contentful-paint"].displayValue,
    tbt: a["total-blocking-time"].displayValue,
    cls: a["cumulative-layout-shift"].displayValue,
  };
}

try {
  await waitForServer();
  const rows = [];
  for (const [name, path] of await pages()) {
    for (const preset of ["mobile", "desktop"]) {
      const r = lighthouse(`${BASE}${path}`, preset, join(dataDir, `lh-${preset}.json`));
      rows.push(`| ${name} (\`${path}\`) | ${preset} | ${r.score} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`);
      console.log(rows.at(-1));
    }
  }
  const table = [
    `Lighthouse 12.2.3, performance, production build, demo data, ${new Date().toISOString()}`,
    "",
    "| page | preset | score | FCP | LCP | TBT | CLS |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
  mkdirSync(join(ROOT, "bench-results"), { recursive: true });
  writeFileSync(join(ROOT, "bench-results/lighthouse.md"), `${table}\n`);
  console.log(`\n${table}`);
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
