/**
 * Bus latency (issue #18 §1): how long an invalidation written on node A takes to clear node
 * B's cache, over PostgreSQL LISTEN/NOTIFY. Two apps (the real `buildApp`, each with its own
 * pool and listener connection) run on one fresh schema of the database; A calls
 * `cache.invalidate(prefix)` 1,000 times and the time is taken from that call until B's bus
 * has applied the prefix to B's cache (a probe subscribed after the cache's own handler).
 *
 * Two runs: `sequential` (one invalidation at a time: the latency a single write sees) and
 * `burst` (1,000 back to back: the latency when writes pile up). Both apps share this
 * process's event loop, as two nodes on one 2-core machine share its CPUs.
 *
 *   node --import tsx scripts/measure-bus.ts [--url postgres://…] [--n 1000]
 *
 * Prints a table and writes bench-results/bus.md.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.js";
import { loadConfig } from "../apps/server/src/config.js";
import { openDatabase } from "../apps/server/src/db/database.js";
import { migrateToLatest } from "../apps/server/src/db/migrate.js";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const URL = arg("url", process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
const N = Number(arg("n", "1000"));

interface Stats {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

function stats(ms: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { n: s.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: s.at(-1)!, mean: s.reduce((a, b) => a + b, 0) / s.length };
}

async function main(): Promise<void> {
  const schema = `bus_measure_${process.pid}`;
  const admin = new pg.Client({ connectionString: URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const dataDir = mkdtempSync(join(tmpdir(), "measure-bus-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, WEB_DIST: join(dataDir, "no-web"), PUBLIC_CACHE_SECONDS: "60" });
  const dbA = openDatabase(URL, { searchPath: schema, poolSize: 4 });
  const dbB = openDatabase(URL, { searchPath: schema, poolSize: 4 });
  await migrateToLatest(dbA);
  const a = await buildApp({ config, database: dbA, logger: false });
  const b = await buildApp({ config, database: dbB, logger: false });
  try {
    // Resolves the wait for prefix p once B's cache has applied it.
    const waiting = new Map<string, () => void>();
    b.ctx.bus.subscribe("cache:invalidate", (payload, meta) => {
      if (meta.fromSelf) return;
      for (const p of payload.prefixes) waiting.get(p)?.();
    });
    const arrival = (prefix: string) => new Promise<void>((resolve) => waiting.set(prefix, resolve));

    // Warm up connections and prepared paths.
    for (let i = 0; i < 50; i++) {
      const got = arrival(`warm:${i}`);
      a.ctx.cache.invalidate(`warm:${i}`);
      await got;
    }

    const sequential: number[] = [];
    for (let i = 0; i < N; i++) {
      const prefix = `seq:${i}:`;
      const got = arrival(prefix);
      const t0 = performance.now();
      a.ctx.cache.invalidate(prefix);
      await got;
      sequential.push(performance.now() - t0);
    }

    const burst: number[] = [];
    const pending: Promise<void>[] = [];
    for (let i = 0; i < N; i++) {
      const prefix = `burst:${i}:`;
      const t0 = performance.now();
      pending.push(arrival(prefix).then(() => void burst.push(performance.now() - t0)));
      a.ctx.cache.invalidate(prefix);
      // One message per tick: yield so each invalidation is its own NOTIFY, as separate writes are.
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(pending);

    const rows: Array<[string, Stats]> = [
      ["sequential", stats(sequential)],
      ["burst", stats(burst)],
    ];
    const f = (v: number) => v.toFixed(2);
    const header = "| run | n | p50 ms | p90 ms | p99 ms | max ms | mean ms |\n|---|---:|---:|---:|---:|---:|---:|";
    const table = [
      header,
      ...rows.map(([name, s]) => `| ${name} | ${s.n} | ${f(s.p50)} | ${f(s.p90)} | ${f(s.p99)} | ${f(s.max)} | ${f(s.mean)} |`),
    ].join("\n");
    console.log(table);
    const pgVersion = (await admin.query<{ v: string }>("show server_version")).rows[0]!.v;
    const md = `# Bus latency (issue #18 §1)

\`node --import tsx scripts/measure-bus.ts\` on ${new Date().toISOString().slice(0, 10)}: two apps (\`buildApp\`, each with its
own pool and LISTEN connection) on one PostgreSQL ${pgVersion} schema at ${URL.replace(/\/\/[^@]*@/, "//…@")}, in one Node ${process.version}
process, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at the end (other work shares the machine). Time from \`cache.invalidate(prefix)\` on
A until B's cache has dropped the prefix (B's bus handler ran), ${N} invalidations per run.

${table}

- **sequential**: one invalidation at a time, the latency one write sees.
- **burst**: ${N} invalidations back to back (one per event-loop turn, each its own NOTIFY).

The issue asks for an invalidation to take effect on every node within 100 ms.
`;
    mkdirSync("bench-results", { recursive: true });
    writeFileSync("bench-results/bus.md", md);
    console.log("wrote bench-results/bus.md");
  } finally {
    await a.close();
    await b.close();
    await dbA.destroy();
    await dbB.destroy();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
