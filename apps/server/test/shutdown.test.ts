import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/database.js";

/**
 * The real server process in production mode (issue #18 §5): DEMO=1 is ignored, so nothing is
 * seeded; SIGTERM stops new connections, lets a request already in flight finish, and exits 0;
 * a request that never finishes is cut off after SHUTDOWN_GRACE_MS (exit 1).
 */
const GRACE_MS = 2_000;
const dataDir = mkdtempSync(join(tmpdir(), "site-shutdown-"));
let nextPort = 4500 + Math.floor(Math.random() * 400);

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; atMs: number }>;
}

async function startServer(): Promise<Server> {
  const port = nextPort++;
  const child = spawn(process.execPath, ["--import", "tsx", join(import.meta.dirname, "../src/server.ts")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, "no-web"),
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; atMs: number }>((r) =>
    child.on("exit", (code) => r({ code, atMs: performance.now() })),
  );
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, port, output: () => out, exited };
}

/**
 * A login whose JSON body is sent only in part (headers, CSRF cookie and token in order, so
 * the request is past every check and waiting for its body): in flight until `finish()`.
 */
async function halfSentLogin(port: number): Promise<{ socket: Socket; finish(): void; response: Promise<string> }> {
  const session = await fetch(`http://127.0.0.1:${port}/api/session`);
  const token = ((await session.json()) as { csrfToken: string }).csrfToken;
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const body = JSON.stringify({ email: "nobody@example.com", password: "not the password" });
  const socket = connect(port, "127.0.0.1");
  await new Promise((r) => socket.once("connect", r));
  let received = "";
  const response = new Promise<string>((resolve) => {
    socket.on("data", (d: Buffer) => (received += d.toString()));
    socket.on("close", () => resolve(received));
    socket.on("error", () => resolve(received));
  });
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
      `Cookie: ${cookie}\r\nX-CSRF-TOKEN: ${token}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  return { socket, finish: () => socket.write(body.slice(10)), response };
}

describe("production server process", () => {
  let first: Server | undefined;
  beforeAll(async () => {
    first = await startServer();
  }, 60_000);
  afterAll(() => {
    first?.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("ignores DEMO=1 with NODE_ENV=production: the database gets no demo data", async () => {
    expect(first!.output()).toContain("DEMO=1 is ignored when NODE_ENV=production.");
    const database = openDatabase(`sqlite:${join(dataDir, "site.db")}`);
    try {
      expect(await database.db.selectFrom("users").select("id").execute()).toEqual([]);
      expect(await database.db.selectFrom("players").select("id").execute()).toEqual([]);
    } finally {
      await database.destroy();
    }
  });

  it("SIGTERM: refuses new connections, finishes the request in flight, exits 0", async () => {
    const s = first!;
    const inFlight = await halfSentLogin(s.port);
    await new Promise((r) => setTimeout(r, 200));
    s.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    // No longer accepting.
    await expect(fetch(`http://127.0.0.1:${s.port}/api/health`)).rejects.toThrow();
    inFlight.finish();
    const response = await inFlight.response;
    // The login was answered (wrong password), not cut off.
    expect(response).toMatch(/^HTTP\/1\.1 (400|401) /);
    const { code } = await s.exited;
    expect(code).toBe(0);
    expect(s.output()).toContain("shut down");
  }, 30_000);

  it("a request that never finishes is cut off after SHUTDOWN_GRACE_MS: exit 1", async () => {
    const s = await startServer();
    try {
      const stuck = await halfSentLogin(s.port);
      await new Promise((r) => setTimeout(r, 200));
      const sent = performance.now();
      s.child.kill("SIGTERM");
      const { code, atMs } = await s.exited;
      expect(code).toBe(1);
      expect(atMs - sent).toBeGreaterThanOrEqual(GRACE_MS - 100);
      expect(atMs - sent).toBeLessThan(GRACE_MS + 3_000);
      expect(s.output()).toContain(`killed by timeout (${GRACE_MS}ms)`);
      stuck.socket.destroy();
    } finally {
      s.child.kill("SIGKILL");
    }
  }, 60_000);
});
