/**
 * Live updates under load (issue #20 §1, "Must show"): 2,000 concurrent SSE subscribers on one
 * node, one event fanned out to all, per-subscriber delivery latency p50/p99 and the server's
 * RSS. `npm run bench:sse [-- --subscribers N --events N --build]`; writes bench-results/sse.md.
 *
 * The server is the production bundle (`apps/server/dist/server.js`, built when missing or with
 * --build, as `npm run bench` does) on a fresh SQLite file, NODE_ENV=production, with the
 * per-address cap raised for the bench (all subscribers come from 127.0.0.1). The subscribers
 * are plain `http.get` streams in this process (no SSE parsing beyond spotting the event's
 * name, so the load generator stays cheap); each event is a real write through the API by an
 * event administrator: alternately a registration (`registrations`: written to every stream as
 * is) and a registrations switch (`tournament`: every subscriber's right to see the tournament
 * is checked again before it is written). Latency is from just before the administrator's POST
 * to the moment each subscriber's socket delivered the event's bytes, so it includes the write.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import http from "node:http";
import { loadavg, tmpdir, cpus } from "node:os";
import { join, resolve } from "node:path";
import { openDatabase } from "../apps/server/src/db/database.js";
import { addRole, insertSession, insertUser } from "../apps/server/src/features/auth/auth.repository.js";
import { createPlayer, createTournament } from "../apps/server/test/factories.js";

const ROOT = resolve(import.meta.dirname, "..");
const SERVER_JS = join(ROOT, "apps", "server", "dist", "server.js");
const PORT = 3300 + Math.floor(Math.random() * 300);
const BASE = `http://127.0.0.1:${PORT}`;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const SUBSCRIBERS = arg("subscribers", 2000);
const EVENTS = arg("events", 10);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid: number | undefined): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}

async function main(): Promise<void> {
  if (process.argv.includes("--build") || !existsSync(SERVER_JS)) {
    const r = spawnSync(process.execPath, ["scripts/build-server.mjs"], { cwd: ROOT, stdio: "inherit" });
    if (r.status !== 0) throw new Error("build-server failed");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "bench-sse-"));
  const databaseUrl = `sqlite:${join(dataDir, "site.db")}`;
  const load = loadavg().map((l) => l.toFixed(2));
  const server: ChildProcess = spawn(process.execPath, [SERVER_JS], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DEMO: "0",
      LOG_LEVEL: "warn",
      WEB_DIST: join(dataDir, "no-web"),
      SSE_MAX_PER_IP: String(SUBSCRIBERS + 10),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const sockets: http.ClientRequest[] = [];
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${BASE}/api/health`)).ok) break;
      } catch {
        // not yet
      }
      if (i > 240) throw new Error("the server did not start");
      await sleep(250);
    }

    // An event administrator with a session, a published solo tournament, players to register.
    const database = openDatabase(databaseUrl);
    const now = Date.now();
    const userId = await insertUser(database.db, { email: "bench-admin@example.com", passwordHash: "x", state: "active", now });
    await addRole(database.db, userId, "event_admin", now);
    const sid = randomBytes(32).toString("base64url");
    await insertSession(database.db, { idHash: createHash("sha256").update(sid).digest("hex"), userId, now, expiresAt: now + 86_400_000 });
    const T = await createTournament(database, { title: "SSE Bench Cup", event_format: 1, published: 1, registrations_open: 1 });
    const players: number[] = [];
    for (let i = 0; i < EVENTS; i++) players.push(await createPlayer(database, { display_name: `BenchRacer${i}` }));
    await database.destroy();

    const csrf = randomBytes(16).toString("hex");
    const cookie = `sid=${sid}; csrf=${csrf}`;
    const post = async (path: string, body: unknown) => {
      const res = await fetch(BASE + path, {
        method: "POST",
        headers: { cookie, "x-csrf-token": csrf, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    };

    const rssIdle = rssMb(server.pid);
    // The subscribers.
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    let waiting: { kind: string; t0: number; got: number[] } | null = null;
    let opened = 0;
    const openStarted = performance.now();
    await new Promise<void>((resolveAll, reject) => {
      for (let i = 0; i < SUBSCRIBERS; i++) {
        const req = http.get(`${BASE}/api/live?topics=tournament:${T}`, { agent }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`subscriber ${i}: ${res.statusCode}`));
          let seen = -1;
          res.on("data", (chunk: Buffer) => {
            if (seen < 0) {
              seen = 0;
              if (++opened === SUBSCRIBERS) resolveAll();
            }
            const w = waiting;
            if (w && chunk.includes(`event: ${w.kind}\n`)) w.got.push(performance.now() - w.t0);
          });
        });
        req.on("error", reject);
        sockets.push(req);
      }
    });
    const openMs = performance.now() - openStarted;
    await sleep(1000);
    const rssOpen = rssMb(server.pid);

    const rows: Array<{ kind: string; p50: number; p99: number; max: number; n: number; first: number; answer: number }> = [];
    const all: number[] = [];
    for (let e = 0; e < EVENTS; e++) {
      const kind = e % 2 === 0 ? "registrations" : "tournament";
      const w = { kind, t0: performance.now(), got: [] as number[] };
      waiting = w;
      if (kind === "registrations") await post(`/api/events/${T}/register_player`, { player_id: players[e] });
      else await post(`/api/events/${T}/controls`, { registrations_open: e % 4 !== 1 });
      const answer = performance.now() - w.t0;
      for (let i = 0; i < 200 && w.got.length < SUBSCRIBERS; i++) await sleep(25);
      waiting = null;
      const sorted = [...w.got].sort((a, b) => a - b);
      all.push(...sorted);
      rows.push({
        kind,
        p50: pct(sorted, 50),
        p99: pct(sorted, 99),
        max: sorted.at(-1) ?? NaN,
        n: sorted.length,
        first: sorted[0] ?? NaN,
        answer,
      });
      console.log(
        `event ${e + 1} (${kind}): ${sorted.length}/${SUBSCRIBERS} delivered, p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms`,
      );
      await sleep(500);
    }
    const rssAfter = rssMb(server.pid);
    all.sort((a, b) => a - b);
    const fmt = (n: number) => n.toFixed(1);
    const md = [
      "# SSE fan-out (issue #20 §1)",
      "",
      `\`npm run bench:sse\` — ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load average before the run ${load.join(" / ")}.`,
      `Production bundle on SQLite, one node; ${SUBSCRIBERS} subscribers to one tournament over HTTP/1.1 from this process; ${EVENTS} events, each a real write by an event administrator.`,
      "Latency: from just before the administrator's POST to each subscriber's receipt of the event (includes the write and its commit); *write answered* is when the POST's answer came back, *fan-out* the spread between the first and the last subscriber.",
      "",
      "| event | kind | delivered | write answered ms | first ms | p50 ms | p99 ms | max ms | fan-out (max − first) ms |",
      "|---:|---|---:|---:|---:|---:|---:|---:|---:|",
      ...rows.map(
        (r, i) =>
          `| ${i + 1} | ${r.kind} | ${r.n}/${SUBSCRIBERS} | ${fmt(r.answer)} | ${fmt(r.first)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${fmt(r.max - r.first)} |`,
      ),
      `| all | | ${all.length}/${SUBSCRIBERS * EVENTS} | | | ${fmt(pct(all, 50))} | ${fmt(pct(all, 99))} | ${fmt(all.at(-1) ?? NaN)} | |`,
      "",
      `Opening ${SUBSCRIBERS} streams took ${Math.round(openMs)} ms. Server RSS: ${rssIdle.toFixed(0)} MB idle, ${rssOpen.toFixed(0)} MB with ${SUBSCRIBERS} streams open, ${rssAfter.toFixed(0)} MB after the events.`,
      "",
    ].join("\n");
    mkdirSync(join(ROOT, "bench-results"), { recursive: true });
    writeFileSync(join(ROOT, "bench-results", "sse.md"), md);
    console.log(`\n${md}`);
  } finally {
    for (const s of sockets) s.destroy();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
