// TEMP private bench (helper a) — deleted before report.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { prepareRegistrationBench, registrationRoutes } from "./bench-registrations.js";
const autocannon = createRequire(import.meta.url)("autocannon") as (o: unknown) => Promise<any>;
const DB = "/tmp/a-bench.db";
const PORT = 3177;
const BASE = `http://127.0.0.1:${PORT}`;
const extra = process.argv.slice(2);
const b = prepareRegistrationBench(DB);
const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
  env: { ...process.env, DATABASE_URL: `sqlite:${DB}`, PORT: String(PORT), HOST: "127.0.0.1", NODE_ENV: "production", DEMO: "0", LOG_LEVEL: "warn", BENCH: "1" },
  stdio: ["ignore", "inherit", "inherit"],
});
try {
  for (let i = 0; i < 200; i++) { try { if ((await fetch(`${BASE}/api/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 250)); }
  const routes = [...registrationRoutes(b.listTournamentId), ...extra.map((x) => x.replace("ID", String(b.listTournamentId)))];
  const headers = { "accept-encoding": "gzip, deflate, br" };
  await autocannon({ url: `${BASE}/__bench/hello`, connections: 10, duration: 2 });
  for (const r of routes) {
    const url = BASE + r;
    const sz = (await (await fetch(url, { headers })).arrayBuffer()).byteLength;
    await autocannon({ url, headers, connections: 10, duration: 2 });
    const res = await autocannon({ url, headers, connections: 50, duration: Number(process.env.DUR ?? 5) });
    console.log(`${r.padEnd(60)} ${res.requests.average.toFixed(0).padStart(6)} rps p50 ${res.latency.p50} p99 ${res.latency.p99} non2xx ${res.non2xx} err ${res.errors} bytes ${sz}`);
  }
} finally { child.kill("SIGTERM"); }
process.exit(0);
