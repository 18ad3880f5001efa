/**
 * `npm run bench -- --db postgres --nodes N` (issue #18 §10): the read routes through Debian's
 * nginx (deploy/nginx.conf, scripts/cluster.ts) in front of N production nodes on the bench
 * database, with GET /__bench/hello through nginx in the same run as the reference, and hello
 * straight to one node for nginx's own cost. For every route: req/s, latency, the ratio to
 * hello through nginx, and the CPU each node and nginx spent per request and in % of one core
 * during the run (Linux /proc). Then, unless --no-burst, the registration burst through nginx.
 * Writes bench-results/nodes.md. Cache on (PUBLIC_CACHE_SECONDS=5) only: the cross-node
 * question is what several processes behind one balancer do with the site as it is deployed.
 */
import { spawnSync } from "node:child_process";
import { cpus } from "node:os";
import { createRequire } from "node:module";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BenchDb } from "./bench-db.js";
import { burstReport, registrationBurst, type RegistrationBench } from "./bench-registrations.js";
import { HELLO } from "./bench-routes.js";
import {
  type AppNode,
  freePort,
  type Nginx,
  nginxMissing,
  processCpuMs,
  ROOT,
  startNginx,
  startNode,
  stopNode,
  waitReady,
} from "./cluster.js";

// autocannon ships no type declarations; the parts used here.
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

export interface NodesBenchOptions {
  nodes: number;
  databaseUrl: string;
  webDist: string;
  connections: number;
  duration: number;
  /** Measure only routes containing this text (and hello). */
  only: string | null;
  /** DATABASE_POOL_SIZE per node (default 5). */
  pool: number | null;
  /** Every anonymous read route of the bench (bench-routes.ts), hello first. */
  routes: string[];
  burst: { db: BenchDb; bench: RegistrationBench } | null;
  dbLabel: string;
}

interface Row {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  total: number;
  /** CPU ms per request of each node, then nginx's (master and workers). */
  cpuPerRequest: (number | null)[];
  /** % of one core each node, then nginx, used during the run. */
  cpuPct: (number | null)[];
  clientPct: number;
}

/**
 * nginx's master and worker pids (Linux /proc). The cache manager and the cache loader are
 * left out: the loader exits a minute after the start, and its CPU time would vanish from a sum.
 */
function nginxPids(master: number): number[] {
  try {
    const kids = readFileSync(`/proc/${master}/task/${master}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    return [master, ...kids.filter((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("worker process"))];
  } catch {
    return [master];
  }
}

/**
 * Runs the whole --nodes benchmark and returns its Markdown and the labels of routes with
 * failed requests (socket errors, timeouts, non-2xx) and whether the burst lost or
 * duplicated a registration. Throws when nginx is missing.
 */
export async function nodesBenchmark(o: NodesBenchOptions): Promise<{ md: string; failed: string[]; lostOrDuplicated: boolean }> {
  const missing = nginxMissing();
  if (missing) throw new Error(`--nodes needs nginx: ${missing}`);
  const dir = mkdtempSync(join(tmpdir(), "bench-nodes-"));
  const nodes: AppNode[] = [];
  let nginx: Nginx | null = null;
  try {
    const ports: number[] = [];
    for (let i = 0; i < o.nodes; i++) ports.push(await freePort());
    for (let i = 0; i < o.nodes; i++) {
      nodes.push(
        startNode({
          name: String.fromCharCode(65 + i),
          port: ports[i]!,
          databaseUrl: o.databaseUrl,
          dataDir: join(dir, `node-${i}`),
          env: {
            NODE_ENV: "production",
            DEMO: "0",
            BENCH: "1",
            WEB_DIST: o.webDist,
            PUBLIC_CACHE_SECONDS: "5",
            ...(o.pool !== null ? { DATABASE_POOL_SIZE: String(o.pool) } : {}),
          },
        }),
      );
    }
    console.log(`\nStarting ${o.nodes} nodes (NODE_ENV=production, cache on) on ports ${ports.join(", ")} and nginx in front`);
    await Promise.all(nodes.map((n) => waitReady(n)));
    const port = await freePort();
    nginx = await startNginx({ dir: join(dir, "nginx"), port, upstreams: ports, webDist: o.webDist, workers: 1 });
    const base = nginx.url;
    const nginxAll = nginxPids(nginx.pid);
    const cpuOf = () => [
      ...nodes.map((n) => processCpuMs(n.child.pid)),
      nginxAll.reduce<number | null>((s, p) => {
        const v = processCpuMs(p);
        return s === null || v === null ? null : s + v;
      }, 0),
    ];

    const settle = async () => {
      const deadline = Date.now() + 30_000;
      let quick = 0;
      while (quick < 3 && Date.now() < deadline) {
        const t = performance.now();
        await fetch(base + HELLO).then((r) => r.arrayBuffer());
        quick = performance.now() - t < 20 ? quick + 1 : 0;
        if (quick === 0) await new Promise((r) => setTimeout(r, 100));
      }
    };
    const measure = async (url: string, label: string): Promise<Row> => {
      const headers = { "accept-encoding": "gzip, deflate, br" };
      await settle();
      await autocannon({ url, headers, connections: Math.min(10, o.connections), duration: 2 });
      await settle();
      const c0 = cpuOf();
      const client0 = process.cpuUsage();
      const t0 = performance.now();
      const r = await autocannon({ url, headers, connections: o.connections, duration: o.duration });
      const wall = performance.now() - t0;
      const c1 = cpuOf();
      const client = process.cpuUsage(client0);
      const delta = c1.map((v, i) => (v === null || c0[i] === null ? null : v - c0[i]!));
      const row: Row = {
        label,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        failed: r.errors + r.timeouts + r.non2xx,
        total: r.requests.total,
        cpuPerRequest: delta.map((d) => (d === null || r.requests.total === 0 ? null : d / r.requests.total)),
        cpuPct: delta.map((d) => (d === null ? null : (d / wall) * 100)),
        clientPct: ((client.user + client.system) / 1000 / wall) * 100,
      };
      console.log(
        `  ${label.padEnd(70)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  CPU ${row.cpuPct.map((p) => (p === null ? "?" : `${p.toFixed(0)}%`)).join(" / ")}  failed ${row.failed}`,
      );
      return row;
    };

    // Warm-up of every node through nginx (JIT, the page cache).
    await autocannon({ url: base + HELLO, connections: 10, duration: 3 });
    const routes = o.routes.filter((r) => r === HELLO || o.only === null || r.includes(o.only));
    console.log(`\n${routes.length} routes through nginx, ${o.connections} connections, ${o.duration} s each:`);
    const direct = await measure(nodes[0]!.url + HELLO, `${HELLO} (straight to node A, no nginx)`);
    const rows: Row[] = [];
    for (const route of routes) rows.push(await measure(base + route, route));

    let burst: ReturnType<typeof burstReport> | null = null;
    if (o.burst) {
      console.log(`\nRegistration burst through nginx: ${o.burst.bench.burstEmails.length} accounts`);
      const c0 = cpuOf();
      burst = burstReport(await registrationBurst(base, o.burst.db, o.burst.bench));
      const c1 = cpuOf();
      burst.lines.push(
        `CPU during the burst (logins included), ms: ${c1.map((v, i) => `${cpuLabel(i, o.nodes)} ${v === null || c0[i] === null ? "?" : (v - c0[i]!).toFixed(0)}`).join(", ")}.`,
        ``,
      );
    }
    const md = report(o, direct, rows, burst);
    const failed = rows.filter((r) => r.failed > 0).map((r) => r.label);
    return { md, failed, lostOrDuplicated: burst?.lostOrDuplicated ?? false };
  } finally {
    await nginx?.stop();
    await Promise.all(nodes.map((n) => stopNode(n, "SIGTERM", 10_000)));
    rmSync(dir, { recursive: true, force: true });
  }
}

const cpuLabel = (i: number, nodes: number) => (i < nodes ? `node ${String.fromCharCode(65 + i)}` : "nginx");

function report(o: NodesBenchOptions, direct: Row, rows: Row[], burst: ReturnType<typeof burstReport> | null): string {
  const hello = rows.find((r) => r.label === HELLO);
  const names = [...Array.from({ length: o.nodes }, (_, i) => cpuLabel(i, o.nodes)), "nginx"];
  const pct = (v: number | null) => (v === null ? "?" : `${v.toFixed(0)}%`);
  const ms = (v: number | null) => (v === null ? "?" : v.toFixed(2));
  const line = (r: Row, ratio: string) =>
    `| \`GET ${r.label}\` | ${r.rps.toFixed(0)}${r.failed ? ` ⚠ ${r.failed} failed` : ""} | ${r.p50} | ${r.p99} | ${ratio} | ${r.cpuPct.map(pct).join(" | ")} | ${r.cpuPerRequest.map(ms).join(" | ")} | ${r.clientPct.toFixed(0)}% |`;
  const nginxVersion = spawnSync("nginx", ["-v"], { encoding: "utf8" })
    .stderr.trim()
    .replace(/^nginx version: /, "");
  return [
    `# Benchmark across nodes (issue #18 §10)`,
    ``,
    `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} CPU (${cpus()[0]?.model ?? "?"}) · ${o.nodes} nodes behind ${nginxVersion} (1 worker, deploy/nginx.conf) · ` +
      `${o.connections} connections · ${o.duration} s per route after a 2 s warm-up · ${o.dbLabel} · cache on (PUBLIC_CACHE_SECONDS=5)`,
    ``,
    `Every request goes through nginx (round robin over the nodes) except the first row. "vs hello" is the route's req/s over`,
    `GET ${HELLO} through nginx in the same run. CPU: each process's user + system time during the measured run, as % of one`,
    `core and as ms per answered request; autocannon (the load generator, this process) shares the same ${cpus().length} cores.`,
    ``,
    `| Route | req/s | p50 ms | p99 ms | vs hello | ${names.map((n) => `${n} CPU`).join(" | ")} | ${names.map((n) => `${n} ms/req`).join(" | ")} | autocannon CPU |`,
    `|---|---:|---:|---:|---:|${names.map(() => "---:").join("|")}|${names.map(() => "---:").join("|")}|---:|`,
    line(direct, hello ? `${((direct.rps / hello.rps) * 100).toFixed(0)}%` : "-"),
    ...rows.map((r) => line(r, hello && hello.rps > 0 ? `${((r.rps / hello.rps) * 100).toFixed(0)}%` : "-")),
    ``,
    ...(burst?.lines ?? []),
  ].join("\n");
}

/** Writes the report to bench-results/nodes.md and prints it. */
export function writeNodesReport(md: string): void {
  mkdirSync(join(ROOT, "bench-results"), { recursive: true });
  writeFileSync(join(ROOT, "bench-results", "nodes.md"), md);
  console.log(`\n${md}\nWritten to bench-results/nodes.md`);
}
