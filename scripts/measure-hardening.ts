/**
 * Measures what issue #15 asks to see, against a real server on an empty SQLite database:
 * - six anonymous 55 MB multipart form saves: status, time to the answer, server RSS before/after;
 * - a signed-in `POST /api/markdown` of '[' × 200,000: status and time, while `/api/health` is
 *   polled every 5 ms and its worst latency reported.
 * Run: `node --import tsx scripts/measure-hardening.ts` (prints a small table; nothing is kept).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = 3900 + Math.floor(Math.random() * 50);
const dataDir = mkdtempSync(join(tmpdir(), "measure-"));
const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: "0", LOG_LEVEL: "warn", NODE_ENV: "development" },
  stdio: ["ignore", "inherit", "inherit"],
});

const rss = () => Number(readFileSync(`/proc/${server.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUp() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not yet
    }
    await sleep(100);
  }
  throw new Error("server did not start");
}

/** Streams a multipart body of `total` bytes; resolves at the answer. */
function bigForm(path: string, total: number): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=b", "content-length": String(total) },
    });
    let done = false;
    req.on("response", (res) => {
      done = true;
      const ms = performance.now() - started;
      res.resume();
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, ms });
        req.destroy();
      });
    });
    req.on("error", (e) => (done ? undefined : reject(e)));
    const chunk = Buffer.alloc(256 * 1024, 120);
    let sent = 0;
    const pump = () => {
      while (!done && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!done) req.end();
    };
    req.write('--b\r\nContent-Disposition: form-data; name="series_logo"; filename="x.png"\r\n\r\n');
    pump();
  });
}

async function main() {
  await waitUp();
  const before = rss();
  const answers = await Promise.all(Array.from({ length: 6 }, () => bigForm("/api/tournaments/series/new", 55 * 1024 * 1024)));
  await sleep(500);
  const after = rss();
  console.log("6 × anonymous 55 MB form saves:");
  console.log(`  statuses ${answers.map((a) => a.status).join(", ")}; time to answer ${answers.map((a) => a.ms.toFixed(1)).join(", ")} ms`);
  console.log(`  server RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after`);

  // A signed-in account for the markdown preview.
  const session = await fetch(`http://127.0.0.1:${port}/api/session`);
  const csrf = (await session.json()).csrfToken as string;
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  keep(session);
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const post = (path: string, body: unknown) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": jar.get("csrf") ?? csrf, cookie: cookieHeader() },
      body: JSON.stringify(body),
    }).then((res) => {
      keep(res);
      return res;
    });
  await post("/api/auth/signup", { email: "m@example.com", password: "measure-pass-1", password_confirmation: "measure-pass-1" });
  const login = await post("/api/auth/login", { email: "m@example.com", password: "measure-pass-1" });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);

  let worst = 0;
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const t0 = performance.now();
      await fetch(`http://127.0.0.1:${port}/api/health`);
      worst = Math.max(worst, performance.now() - t0);
      await sleep(5);
    }
  })();
  for (const n of [200_000, 50_000]) {
    const t0 = performance.now();
    const md = await fetch(`http://127.0.0.1:${port}/api/markdown`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": jar.get("csrf") ?? csrf, cookie: cookieHeader() },
      body: JSON.stringify({ markdown: "[".repeat(n) }),
    });
    const mdMs = performance.now() - t0;
    const text = JSON.stringify(await md.json()).slice(0, 90);
    console.log(`'[' × ${n.toLocaleString("en")} to /api/markdown: ${md.status} in ${mdMs.toFixed(1)} ms (${text}…)`);
  }
  await sleep(200);
  polling = false;
  await poll;
  console.log(`  /api/health worst latency while both were handled: ${worst.toFixed(1)} ms`);
}

main()
  .catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => {
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  });
