/**
 * `npm run bench [-- --duration N --connections N --reseed]`
 *
 * Builds the web app, makes sure ./data/bench.db holds the large dataset (seeding it when
 * missing or with --reseed), starts the production server on port 3100 with BENCH=1, and
 * measures the home page's calls with autocannon against GET /__bench/hello (a route that
 * does nothing, so the ratio shows the cost of each route over the framework's floor). Then
 * sums the gzip size of the JS and CSS that `/` loads. Prints a Markdown report and writes it
 * to bench-results/latest.md. Exits 1 when any request failed (socket error, timeout or a
 * non-2xx answer), 2 on bad arguments.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpus } from "node:os";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import Database from "better-sqlite3";
import { placementRoutes, placementSignedInRoutes, preparePlacementBench } from "./bench-placements.js";
import { burstReport, prepareRegistrationBench, registrationBurst, registrationRoutes } from "./bench-registrations.js";
import { prepareTeamRegistrationBench, teamRegistrationRoutes } from "./bench-team-registrations.js";

// autocannon ships no type declarations and none are installed; these are the parts we use.
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}
interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
}
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: AutocannonOptions) => Promise<AutocannonResult>;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DB_PATH = join(ROOT, "data", "bench.db");
const PORT = 3100;
const BASE = `http://127.0.0.1:${PORT}`;
const WARMUP_SECONDS = 2;

const ROUTES = [
  "/__bench/hello",
  "/api/media/news/latest",
  "/api/media/youtube/latest",
  "/api/media/stream/latest",
  "/api/media/social/latest",
  "/api/tournaments?limit=7&tab=latest&published_only=1",
  "/api/tournaments/latest_results",
  // Tournaments (issue 6): each listing tab, with filters, and a tournament page.
  "/api/tournaments?tab=latest",
  "/api/tournaments?tab=past",
  "/api/tournaments?tab=historical",
  "/api/tournaments?tab=latest&registration_format=2&game_mode=mkworld_150",
  "/api/tournaments?tab=past&registration_format=1&search=cup&page=3",
  "/api/tournaments?tab=historical&game_mode=mkw_vs_race&page=2",
  "/api/events/1844",
  "/api/registry/players?order=newest&limit=10",
  // Player registry (issue 3): list with search, with a country filter, page 50; picker; a player page.
  "/api/registry/players?search=kart&limit=50",
  "/api/registry/players?country=FR&order=name&limit=50",
  "/api/registry/players?page=50&limit=50",
  "/api/registry/players/all?search=ka",
  "/api/registry/players/1000",
  "/api/registry/teams/category/all?order=newest&limit=10",
  "/api/registry/recent_transactions?limit=5",
  // Team registry (issue 4): the teams list, a team page (and its transfers), the transfers page.
  "/api/registry/teams/category/all?page=1",
  "/api/registry/teams/category/mk8dx_150?order=name&page=2",
  "/api/registry/teams/5000",
  "/api/registry/teams/5000/transfers",
  "/api/registry/recent_transactions?page=1&mode=all",
  "/api/session",
  "/",
];

interface Args {
  duration: number;
  connections: number;
  reseed: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { duration: 10, connections: 50, reseed: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.split("=", 2) as [string, string | undefined];
    const value = () => Number(inline ?? argv[++i]);
    if (flag === "--reseed") args.reseed = true;
    else if (flag === "--duration") args.duration = value();
    else if (flag === "--connections") args.connections = value();
    else {
      console.error(`Unknown argument '${a}'. Usage: npm run bench -- [--duration N] [--connections N] [--reseed]`);
      process.exit(2);
    }
  }
  if (!(args.duration > 0) || !(args.connections > 0)) {
    console.error("--duration and --connections must be positive numbers.");
    process.exit(2);
  }
  return args;
}

/** Runs a command in the repo root with inherited output; throws on a non-zero exit. */
function run(cmd: string, argv: string[], env: NodeJS.ProcessEnv = process.env): void {
  console.log(`\n$ ${cmd} ${argv.join(" ")}`);
  const r = spawnSync(cmd, argv, { cwd: ROOT, stdio: "inherit", env });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} failed with exit code ${r.status ?? r.signal}`);
}

let server: ChildProcess | null = null;

/** Stops the server child (SIGTERM, then SIGKILL after 5 s); safe to call twice. */
async function stopServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((res) => child.once("exit", () => res()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

async function startServer(): Promise<void> {
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite:${DB_PATH}`,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    DEMO: "0",
    LOG_LEVEL: "warn",
    BENCH: "1",
  };
  console.log(`\nStarting the server on ${BASE} (NODE_ENV=production, ${DB_PATH})`);
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  server = child;
  let exitCode: number | null | undefined;
  child.once("exit", (code) => (exitCode = code));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited during start-up (code ${exitCode})`);
    try {
      const res = await fetch(`${BASE}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not answer /api/health within 60 s");
}

interface Row {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(route: string, args: Args, extraHeaders: Record<string, string> = {}, label = route): Promise<Row> {
  const url = BASE + route;
  // Warm-up: JIT, SQLite page cache and the server's short public cache.
  // Browsers always offer gzip; the server answers large cached lists and the shell with it.
  const headers = { "accept-encoding": "gzip, deflate, br", ...extraHeaders };
  await autocannon({ url, headers, connections: Math.min(10, args.connections), duration: WARMUP_SECONDS });
  const r = await autocannon({ url, headers, connections: args.connections, duration: args.duration });
  const row = {
    route: label,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
  console.log(
    `  ${label.padEnd(56)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  non-2xx ${row.non2xx}  errors ${row.errors}`,
  );
  return row;
}

interface Asset {
  file: string;
  kind: "js" | "css";
  raw: number;
  gzip: number;
}

/** The JS and CSS `/` loads: script src, modulepreload and stylesheet links of dist/index.html. */
function bundleSizes(): Asset[] {
  const dist = join(ROOT, "apps", "web", "dist");
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const refs = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, "i").exec(tag)?.[1];
    if (/^<script/i.test(tag)) {
      const src = attr("src");
      if (src) refs.add(src);
    } else {
      const rel = (attr("rel") ?? "").toLowerCase().split(/\s+/);
      const href = attr("href");
      if (href && (rel.includes("modulepreload") || rel.includes("stylesheet"))) refs.add(href);
    }
  }
  const assets: Asset[] = [];
  for (const ref of refs) {
    if (/^(https?:)?\/\//.test(ref)) continue;
    const path = join(dist, ref.split(/[?#]/)[0]!.replace(/^\//, ""));
    const body = readFileSync(path);
    assets.push({ file: ref, kind: ref.endsWith(".css") ? "css" : "js", raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return assets;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

function report(rows: Row[], assets: Asset[], args: Args, dbBytes: number): string {
  const hello = rows.find((r) => r.route === "/__bench/hello")?.rps ?? 0;
  const lines = [
    `# Benchmark`,
    ``,
    `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} CPU (${cpus()[0]?.model ?? "?"}) · ` +
      `${args.connections} connections · ${args.duration} s per route after a ${WARMUP_SECONDS} s warm-up · ` +
      `SQLite large dataset (${(dbBytes / 1024 / 1024).toFixed(0)} MB)`,
    ``,
    `| Route | req/s | p50 (ms) | p99 (ms) | non-2xx | errors | vs hello |`,
    `|---|---:|---:|---:|---:|---:|---:|`,
    ...rows.map(
      (r) =>
        `| \`GET ${r.route}\` | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${hello > 0 ? `${((r.rps / hello) * 100).toFixed(0)}%` : "-"} |`,
    ),
    ``,
    `## JS and CSS loaded by \`/\` (gzip -9)`,
    ``,
    `| File | raw | gzip |`,
    `|---|---:|---:|`,
    ...assets.map((a) => `| \`${a.file}\` | ${kb(a.raw)} | ${kb(a.gzip)} |`),
  ];
  for (const kind of ["js", "css"] as const) {
    const of = assets.filter((a) => a.kind === kind);
    lines.push(
      `| **${kind.toUpperCase()} total** (${of.length} files) | ${kb(of.reduce((s, a) => s + a.raw, 0))} | **${kb(of.reduce((s, a) => s + a.gzip, 0))}** |`,
    );
  }
  lines.push(`| **All** | ${kb(assets.reduce((s, a) => s + a.raw, 0))} | **${kb(assets.reduce((s, a) => s + a.gzip, 0))}** |`, ``);
  return lines.join("\n");
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  run("npm", ["run", "build", "-w", "apps/web"]);

  if (args.reseed || !existsSync(DB_PATH)) {
    // The seed CLI refuses NODE_ENV=production; --reset deletes a stale file and its WAL.
    run(process.execPath, ["--import", "tsx", "apps/server/src/cli/seed.ts", "--scale", "large", "--reset"], {
      ...process.env,
      DATABASE_URL: `sqlite:${DB_PATH}`,
      NODE_ENV: "development",
    });
  } else console.log(`\nReusing ${DB_PATH} (pass --reseed to rebuild it).`);

  // Registrations (issue 7): a 2,000-player / 500-squad tournament (made once) and a fresh burst tournament.
  const regBench = prepareRegistrationBench(DB_PATH);
  ROUTES.splice(ROUTES.indexOf("/api/session"), 0, ...registrationRoutes(regBench.listTournamentId));
  // Team registrations (issue 8): a tournament with 300 teams of 12 (made once): list and eligible players.
  ROUTES.splice(ROUTES.indexOf("/api/session"), 0, ...teamRegistrationRoutes(prepareTeamRegistrationBench(DB_PATH)));
  // Placements (issue 9): a 500-squad placements page, a player with 200 results, a series of 100 tournaments.
  const plBench = preparePlacementBench(DB_PATH);
  ROUTES.splice(ROUTES.indexOf("/api/session"), 0, ...placementRoutes(plBench));

  await startServer();
  // A process-wide warm-up first, so the first route measured is not the one paying for JIT.
  await autocannon({ url: `${BASE}/__bench/hello`, connections: Math.min(10, args.connections), duration: 3 });
  const rows: Row[] = [];
  console.log(`\nMeasuring ${ROUTES.length} routes, ${args.connections} connections, ${args.duration} s each:`);
  for (const route of ROUTES) rows.push(await measure(route, args));
  for (const r of await placementSignedInRoutes(BASE, plBench))
    rows.push(await measure(r.route, args, r.headers, `${r.route} (signed in)`));
  console.log(`\nRegistration burst: ${regBench.burstEmails.length} accounts into tournament ${regBench.burstTournamentId}`);
  const burst = burstReport(await registrationBurst(BASE, DB_PATH, regBench));
  await stopServer();
  // The burst tournament only served the measurement: drop it (and its registrations) again.
  const cleanup = new Database(DB_PATH);
  cleanup.pragma("foreign_keys = ON");
  cleanup.prepare("delete from tournaments where id = ?").run(regBench.burstTournamentId);
  cleanup.close();

  const md = [report(rows, bundleSizes(), args, statSync(DB_PATH).size), ...burst.lines].join("\n");
  mkdirSync(join(ROOT, "bench-results"), { recursive: true });
  writeFileSync(join(ROOT, "bench-results", "latest.md"), md);
  console.log(`\n${md}\nWritten to bench-results/latest.md`);

  const failed = rows.filter((r) => r.errors > 0 || r.non2xx > 0);
  if (burst.lostOrDuplicated) {
    console.error("The registration burst lost or duplicated registrations.");
    return 1;
  }
  if (failed.length > 0) {
    console.error(`Requests failed on: ${failed.map((r) => r.route).join(", ")}`);
    return 1;
  }
  return 0;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void stopServer().finally(() => process.exit(130));
  });
}

main().then(
  (code) => process.exit(code),
  async (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    await stopServer();
    process.exit(1);
  },
);
