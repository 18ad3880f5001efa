import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";

const ROOT = resolve(import.meta.dirname, "..");
let server: ChildProcess | undefined;

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms: ${String(last)}`);
}

/**
 * Starts the production server once for all journeys: built web app, a fresh SQLite file
 * in a temporary DATA_DIR, the demo dataset loaded on start (exactly what `npm start` does).
 */
export default async function setup(project: TestProject) {
  // WEB_DIST (the server's own variable, passed on below) runs the journeys on another build than apps/web/dist.
  const webDist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(ROOT, "apps/web/dist");
  if (!existsSync(join(webDist, "index.html"))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` first (npm test does), or point WEB_DIST at a build.`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), "site-e2e-"));
  const port = 3200 + Math.floor(Math.random() * 500);
  // DATABASE_URL unset: the server's default, a SQLite file in DATA_DIR, like `npm start`.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, DEMO: "1", LOG_LEVEL: "warn", NODE_ENV: "development" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/health`, 170_000);
  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  return async () => {
    const exited = server && server.exitCode === null ? new Promise((done) => server!.once("exit", done)) : null;
    server?.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
