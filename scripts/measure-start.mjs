// Measures how the server starts (issue #18 §5): `node --import tsx` on the sources against the
// esbuild bundle of `npm run start:prod` (scripts/build-server.mjs), each started RUNS times on
// one already-migrated SQLite database with NODE_ENV=production: milliseconds from spawn until
// GET /api/ready answers 200, and the process's RSS then and after 500 requests to a few routes.
// Usage: node scripts/measure-start.mjs [RUNS]   (build the bundle first; WEB_DIST optional)
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.argv[2] ?? 5);
const dataDir = mkdtempSync(join(tmpdir(), "measure-start-"));
let port = 3900 + Math.floor(Math.random() * 500);

const VARIANTS = {
  tsx: ["--import", "tsx", "apps/server/src/server.ts"],
  bundle: ["apps/server/dist/server.js"],
  "bundle + source maps": ["--enable-source-maps", "apps/server/dist/server.js"],
};

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;

async function once(args) {
  const p = port++;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(p), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${p}`;
  let exited = false;
  child.on("exit", () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`${args.join(" ")} exited before it was ready`);
    try {
      if ((await fetch(`${base}/api/ready`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const readyMs = performance.now() - started;
  const rssReady = rssMb(child.pid);
  const urls = ["/api/health", "/api/countries", "/api/tournaments/game_modes", "/", "/registry/players"];
  for (let i = 0; i < 500; i++) await (await fetch(base + urls[i % urls.length])).arrayBuffer();
  const rssAfter = rssMb(child.pid);
  child.kill("SIGTERM");
  await new Promise((r) => child.on("exit", r));
  return { readyMs, rssReady, rssAfter };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// Migrate once (and warm tsx's transform cache) before measuring.
await once(VARIANTS.tsx);
console.log(`| how | start → ready (ms, median of ${RUNS}) | RSS at ready (MB) | RSS after 500 requests (MB) |`);
console.log("|---|---|---|---|");
for (const [name, args] of Object.entries(VARIANTS)) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(args));
  const f = (k) => median(runs.map((r) => r[k])).toFixed(0);
  console.log(`| ${name} | ${f("readyMs")} | ${f("rssReady")} | ${f("rssAfter")} |`);
}
rmSync(dataDir, { recursive: true, force: true });
