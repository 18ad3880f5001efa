import { createRequire } from "node:module";
import { prepareTeamRegistrationBench, teamRegistrationRoutes } from "./bench-team-registrations.js";
const autocannon = createRequire("/work/main/scripts/bench.ts")("autocannon");
const b = prepareTeamRegistrationBench("/tmp/b8-bench.db");
console.log("prepared", b.tournamentId, b.teamIds.length);
if (process.argv[2] === "prepare") process.exit(0);
const BASE = "http://127.0.0.1:3912";
for (const route of teamRegistrationRoutes(b)) {
  const headers = { "accept-encoding": "gzip, deflate, br" };
  await autocannon({ url: BASE + route, headers, connections: 10, duration: 2 });
  const r = await autocannon({ url: BASE + route, headers, connections: 50, duration: 8 });
  console.log(`${route.padEnd(64)} ${r.requests.average.toFixed(0).padStart(6)} req/s p50 ${r.latency.p50} p99 ${r.latency.p99} non2xx ${r.non2xx} err ${r.errors + r.timeouts} bytes ${Math.round(r.throughput.average / Math.max(1, r.requests.average))}`);
}
