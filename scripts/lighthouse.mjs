#!/usr/bin/env node
// Lighthouse performance of the pages web-journeys #17 §6 names, on a production build against
// the demo data, mobile and desktop: `npm run lighthouse` (after `npm run build`).
//
// Starts the server like `npm start` (DEMO=1, a fresh SQLite file in a temporary DATA_DIR),
// runs Lighthouse 12.2.3 (the last line that runs on Node 20; fetched by npx, not a dependency:
// it is a measuring tool, not part of the site or its tests) in Debian's chromium, and prints
// and writes bench-results/lighthouse.md. Scores move with the machine's load: run it on a
// quiet machine. `--runs=N` (default 1) measures each page N times and reports the median run
// (by score) with the lowest and highest score beside it.
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
  // Lighthouse now and then loses its connection to Chromium at start: one retry.
  for (let attempt = 1; ; attempt++) {
    const r = spawnSync("npx", args, {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
      stdio: ["ignore", "inherit", "pipe"],
      encoding: "utf8",
    });
    if (r.status === 0) break;
    if (attempt === 2)
      throw new Error(
        `lighthouse failed on ${url}: ${r.stderr
          .split("\n")
          .filter((l) => !l.includes("npm warn"))
          .join("\n")}`,
      );
  }
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

const RUNS = Math.max(1, Number(process.argv.find((a) => a.startsWith("--runs="))?.slice(7) ?? 1));

try {
  await waitForServer();
  const rows = [];
  for (const [name, path] of await pages()) {
    for (const preset of ["mobile", "desktop"]) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(lighthouse(`${BASE}${path}`, preset, join(dataDir, `lh-${preset}.json`)));
      runs.sort((a, b) => a.score - b.score);
      const r = runs[Math.floor((runs.length - 1) / 2)];
      const range = RUNS > 1 ? ` (${runs[0].score}–${runs.at(-1).score})` : "";
      rows.push(`| ${name} (\`${path}\`) | ${preset} | ${r.score}${range} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`);
      console.log(rows.at(-1));
    }
  }
  const table = [
    `Lighthouse 12.2.3, performance, production build, demo data, ${new Date().toISOString()}` +
      (RUNS > 1 ? `; median of ${RUNS} runs per row (lowest–highest score in brackets)` : ""),
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
