/**
 * `node --import tsx scripts/bench-profile.ts [--db URL] [--n N] [--cache SECONDS] [route ...]`
 *
 * Service time of single requests, in process (no sockets): builds the app on the bench
 * database (default data/bench.db, the micro-cache off), injects each route N times one after
 * another after a warm-up, and prints per route the mean, p50 and p99 in milliseconds and how
 * many SQL statements one request ran. Without routes it measures the bench's read routes.
 * Run it under `node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx ...` to see where the
 * time goes; `--sql` also prints each distinct statement of the last request of every route.
 *
 * Sign in as the placement bench player with `--signed-in` (adds my_placement).
 */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { buildApp } from "../apps/server/src/app.js";
import { loadConfig } from "../apps/server/src/config.js";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { openDatabase, withStatementCache } from "../apps/server/src/db/database.js";
import type { DB } from "../apps/server/src/db/schema.js";
import { migrateToLatest } from "../apps/server/src/db/migrate.js";
import { benchReadRoutes } from "./bench-routes.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Counts the statements Kysely runs (and keeps their SQL when asked). */
class CountingPlugin implements KyselyPlugin {
  count = 0;
  statements: string[] = [];
  keep = false;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count++;
    if (this.keep) this.statements.push(args.node.kind);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  let url = `sqlite:${join(ROOT, "data", "bench.db")}`;
  let n = 200;
  let cacheSeconds = 0;
  let signedIn = false;
  let showSql = false;
  const routes: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--db") url = argv[++i]!;
    else if (a === "--n") n = Number(argv[++i]);
    else if (a === "--cache") cacheSeconds = Number(argv[++i]);
    else if (a === "--signed-in") signedIn = true;
    else if (a === "--sql") showSql = true;
    else routes.push(a);
  }
  process.env.DATABASE_URL = url;
  process.env.LOG_LEVEL = "warn";
  process.env.PUBLIC_CACHE_SECONDS = String(cacheSeconds);
  const config = loadConfig();
  const opened = openDatabase(url);
  await migrateToLatest(opened);
  const counter = new CountingPlugin();
  // SQL timings (SQLite): Kysely's log reports each statement's duration.
  const timings = new Map<string, { n: number; ms: number; params: readonly unknown[] }>();
  let explainDb: SQLite.Database | undefined;
  let db = opened.db;
  if (showSql && opened.dialect === "sqlite") {
    const sqlite = new SQLite(url.replace(/^sqlite:/, ""));
    explainDb = sqlite;
    sqlite.pragma("foreign_keys = ON");
    db = new Kysely<DB>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      log: (e) => {
        const t = timings.get(e.query.sql) ?? { n: 0, ms: 0, params: e.query.parameters };
        t.n++;
        t.ms += e.queryDurationMillis;
        timings.set(e.query.sql, t);
      },
    });
  }
  const database = { ...opened, db: db.withPlugin(counter) };
  const app = await buildApp({ config, database, bench: true, logger: false });
  await app.ready();

  // The bench tournaments exist only once `npm run bench` ran; routes given by hand do not need them.
  const needsBench = routes.length === 0 || signedIn;
  const bench = needsBench ? await benchReadRoutes(opened.db) : undefined;
  const list: Array<{ route: string; headers: Record<string, string> }> = (routes.length ? routes : bench!.anonymous).map((route) => ({
    route,
    headers: {},
  }));
  if (signedIn) {
    const jar = new Map<string, string>();
    const keep = (set: string | string[] | undefined) => {
      for (const c of ([] as string[]).concat(set ?? [])) {
        const [pair] = c.split(";");
        const i = pair!.indexOf("=");
        jar.set(pair!.slice(0, i), pair!.slice(i + 1));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const s = await app.inject({ method: "GET", url: "/api/session" });
    keep(s.headers["set-cookie"]);
    const csrf = (s.json() as { csrfToken: string }).csrfToken;
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { cookie: cookie(), "x-csrf-token": csrf },
      payload: { email: bench!.signedInEmail, password: "password" },
    });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    keep(login.headers["set-cookie"]);
    for (const route of bench!.signedIn) list.push({ route, headers: { cookie: cookie() } });
  }

  console.log(`| route | mean ms | p50 ms | p99 ms | CPU ms | SQL/request | bytes |\n|---|---:|---:|---:|---:|---:|---:|`);
  for (const { route, headers } of list) {
    for (let i = 0; i < Math.min(20, n); i++) await app.inject({ method: "GET", url: route, headers });
    const times: number[] = [];
    let bytes = 0;
    let status = 0;
    counter.count = 0;
    timings.clear();
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const res = await app.inject({ method: "GET", url: route, headers });
      times.push(performance.now() - t);
      bytes = res.rawPayload.length;
      status = res.statusCode;
    }
    const cpu = process.cpuUsage(cpu0);
    // CPU time per request: less disturbed than wall time when other processes share the cores.
    const cpuMs = (cpu.user + cpu.system) / 1000 / n;
    times.sort((a, b) => a - b);
    const mean = times.reduce((s, x) => s + x, 0) / n;
    const q = (p: number) => times[Math.min(n - 1, Math.floor(p * n))]!;
    console.log(
      `| \`${route}\`${headers.cookie ? " (signed in)" : ""}${status === 200 ? "" : ` **${status}**`} | ${mean.toFixed(2)} | ${q(0.5).toFixed(2)} | ${q(0.99).toFixed(2)} | ${cpuMs.toFixed(2)} | ${(counter.count / n).toFixed(1)} | ${bytes} |`,
    );
    if (showSql) {
      for (const [text, t] of [...timings].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8)) {
        console.log(`    ${(t.ms / n).toFixed(2).padStart(7)} ms ×${(t.n / n).toFixed(1)}  ${text.replace(/\s+/g, " ").slice(0, 220)}`);
        if (t.ms / n > 1 && explainDb) {
          console.log(`      ${text.replace(/\s+/g, " ")}`);
          const plan = explainDb.prepare(`explain query plan ${text}`).all(...(t.params as unknown[])) as Array<{ detail: string }>;
          for (const row of plan) console.log(`        plan: ${row.detail}`);
        }
      }
      timings.clear();
    }
  }
  await app.close();
  await opened.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
