/**
 * A cluster on loopback, for the cluster test (apps/server/test/cluster.test.ts) and
 * `npm run bench -- --nodes N` (issue #18 §9–§10): app nodes as real processes
 * (`node --import tsx apps/server/src/server.ts`) and Debian's nginx running deploy/nginx.conf
 * itself, wrapped in a main config whose pid, logs, temporary files and cache live in a
 * temporary directory (no root needed, nothing of the system's nginx touched).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const NGINX_TEMPLATE = join(ROOT, "deploy", "nginx.conf");
const MODULES_ENABLED = "/etc/nginx/modules-enabled";

/**
 * Every nginx and node this process started: killed when it exits, however it exits short of
 * SIGKILL, so a failed test or bench leaves no server holding a port (nginx runs in the
 * foreground and would otherwise outlive its parent).
 */
const children = new Set<ChildProcess>();
function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}
process.once("exit", () => {
  for (const c of children) c.kill("SIGKILL");
});

/** A port free on 127.0.0.1 right now (the kernel's pick; released before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => done(port));
    });
  });
}

/** The nginx binary, or null when nginx is not installed. */
export function nginxBinary(): string | null {
  for (const p of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]) if (existsSync(p)) return p;
  const r = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim() : null;
}

/**
 * Why the cluster cannot run here (nginx or its brotli_static module missing), or null.
 * deploy/nginx.conf uses `brotli_static`, from Debian's libnginx-mod-http-brotli-static.
 */
export function nginxMissing(): string | null {
  if (!nginxBinary()) return "nginx is not installed (apt-get install -y nginx libnginx-mod-http-brotli-static)";
  const r = spawnSync("sh", ["-c", `cat ${MODULES_ENABLED}/*.conf 2>/dev/null`], { encoding: "utf8" });
  if (!/brotli_static/.test(r.stdout))
    return "nginx's brotli_static module is missing (apt-get install -y libnginx-mod-http-brotli-static)";
  return null;
}

/**
 * The system's enabled dynamic modules (Debian's /etc/nginx/modules-enabled) as load_module
 * lines with absolute paths: Debian writes them relative to its prefix /usr/share/nginx,
 * which `-p <temporary directory>` replaces.
 */
function loadModules(): string[] {
  const r = spawnSync("sh", ["-c", `cat ${MODULES_ENABLED}/*.conf 2>/dev/null`], { encoding: "utf8" });
  return [...r.stdout.matchAll(/^\s*load_module\s+([^;\s]+)\s*;/gm)].map(
    (m) => `load_module ${m[1]!.startsWith("/") ? m[1] : join("/usr/share/nginx", m[1]!)};`,
  );
}

/**
 * The upstream's fail_timeout in deploy/nginx.conf (ms): how long nginx leaves a node out
 * after a failure (nginx compares whole seconds, so up to a second more). A rolling restart
 * waits that long after a node is ready before stopping the next, or nginx would find every
 * node left out for a moment and answer 502.
 */
export function nginxFailTimeoutMs(): number {
  const m = /fail_timeout=(\d+)s/.exec(readFileSync(NGINX_TEMPLATE, "utf8"));
  if (!m) throw new Error("deploy/nginx.conf: no fail_timeout=Ns on the upstream servers");
  return Number(m[1]) * 1000;
}

export interface NginxOptions {
  /** Directory for pid, logs, temporary files, cache and the generated config. */
  dir: string;
  /** Port nginx listens on (127.0.0.1). */
  port: number;
  /** The app nodes' ports (127.0.0.1), the upstream's `server` lines. */
  upstreams: number[];
  /** The web build whose /assets nginx serves (need not exist for API calls). */
  webDist: string;
  /** nginx worker processes (default 1). */
  workers?: number;
}

/**
 * The main nginx config around deploy/nginx.conf: the site file with its upstream servers,
 * listen, server_name, root, cache and log paths replaced. Throws when a replaced line is not
 * found exactly as expected, so the template and this stay in step.
 */
export function renderNginxConfig(o: NginxOptions): string {
  let site = readFileSync(NGINX_TEMPLATE, "utf8");
  const once = (pattern: RegExp, replacement: string, what: string) => {
    const n = site.match(new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : pattern.flags + "g"))?.length ?? 0;
    if (n !== 1) throw new Error(`deploy/nginx.conf: expected one ${what}, found ${n}`);
    site = site.replace(pattern, replacement);
  };
  const servers = site.match(/^\s*server 127\.0\.0\.1:\d+ [^;\n]*;\n/gm) ?? [];
  if (servers.length === 0) throw new Error("deploy/nginx.conf: no upstream `server 127.0.0.1:PORT ...;` lines");
  const options = /server 127\.0\.0\.1:\d+ ([^;\n]*);/.exec(servers[0]!)![1]!;
  const indent = /^\s*/.exec(servers[0]!)![0];
  site = site.replace(servers[0]!, o.upstreams.map((p) => `${indent}server 127.0.0.1:${p} ${options};\n`).join(""));
  for (const s of servers.slice(1)) site = site.replace(s, "");
  once(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${o.port};`, "`listen 80;`");
  once(/^\s*listen \[::\]:80;\n/m, "", "`listen [::]:80;`");
  once(/^(\s*)server_name [^;]+;$/m, "$1server_name localhost;", "server_name");
  once(/^(\s*)root [^;]+;$/m, `$1root ${o.webDist};`, "root");
  once(/proxy_cache_path \/var\/cache\/nginx\/racing-central /, `proxy_cache_path ${join(o.dir, "cache")} `, "proxy_cache_path");
  once(/access_log \/var\/log\/nginx\/racing-central\.access\.log/, `access_log ${join(o.dir, "access.log")}`, "access_log");
  once(/error_log \/var\/log\/nginx\/racing-central\.error\.log/, `error_log ${join(o.dir, "error.log")}`, "error_log");
  const t = (name: string) => join(o.dir, "tmp", name);
  return [
    `# Generated by scripts/cluster.ts from deploy/nginx.conf.`,
    // Started as root, nginx's workers would run as 'nobody', who may not read the
    // temporary directories (mode 0700); as any other user they run as that user anyway.
    ...(process.getuid?.() === 0 ? ["user root;"] : []),
    `worker_processes ${o.workers ?? 1};`,
    `pid ${join(o.dir, "nginx.pid")};`,
    `error_log ${join(o.dir, "error.log")} warn;`,
    ...loadModules(),
    `events { worker_connections 4096; }`,
    `http {`,
    `  include /etc/nginx/mime.types;`,
    `  default_type application/octet-stream;`,
    `  sendfile on;`,
    `  client_body_temp_path ${t("body")};`,
    `  proxy_temp_path ${t("proxy")};`,
    `  fastcgi_temp_path ${t("fastcgi")};`,
    `  uwsgi_temp_path ${t("uwsgi")};`,
    `  scgi_temp_path ${t("scgi")};`,
    site,
    `}`,
    ``,
  ].join("\n");
}

/** A running nginx: its base URL, and stop() (SIGQUIT, graceful; SIGKILL after 5 s). */
export interface Nginx {
  url: string;
  port: number;
  dir: string;
  pid: number;
  /** Graceful stop (SIGQUIT: finish the requests in flight), SIGKILL after 5 s. */
  stop(): Promise<void>;
}

/** Writes the config into `o.dir`, checks it with `nginx -t`, starts nginx in the foreground and waits until it answers. */
export async function startNginx(o: NginxOptions): Promise<Nginx> {
  const bin = nginxBinary();
  if (!bin) throw new Error("nginx is not installed");
  mkdirSync(join(o.dir, "tmp"), { recursive: true });
  const conf = join(o.dir, "nginx.conf");
  writeFileSync(conf, renderNginxConfig(o));
  const base = [bin, "-p", o.dir, "-e", join(o.dir, "error.log"), "-c", conf] as const;
  const test = spawnSync(base[0], [...base.slice(1), "-t"], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx -t failed for ${conf}:\n${test.stderr}`);
  const child = track(spawn(base[0], [...base.slice(1), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] }));
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${o.port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    try {
      await fetch(`${url}/nginx-probe`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url}: ${stderr}`);
      await sleep(100);
    }
  }
  return {
    url,
    port: o.port,
    dir: o.dir,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((done) => child.once("exit", () => done()));
      child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface AppNode {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** The node's stdout and stderr so far (for failure messages). */
  output(): string;
}

export interface NodeOptions {
  name: string;
  port: number;
  databaseUrl: string;
  /** The node's own DATA_DIR: nothing may rely on another node's disk. */
  dataDir: string;
  /** Extra or replaced environment variables. */
  env?: Record<string, string>;
  /** Node flags before `--import tsx`. */
  nodeFlags?: string[];
}

/**
 * Starts one app node as its own process: 127.0.0.1:port, TRUST_PROXY=loopback (nginx on the
 * same machine), NODE_ENV=development, no demo data, no web build (the API needs none).
 * Resolves once the process is spawned; see waitReady.
 */
export function startNode(o: NodeOptions): AppNode {
  const { DEMO: _demo, DATABASE_URL: _db, ...inherited } = process.env;
  const child = track(
    spawn(process.execPath, [...(o.nodeFlags ?? []), "--import", "tsx", "apps/server/src/server.ts"], {
      cwd: ROOT,
      env: {
        ...inherited,
        PORT: String(o.port),
        HOST: "127.0.0.1",
        DATABASE_URL: o.databaseUrl,
        DATA_DIR: o.dataDir,
        WEB_DIST: join(o.dataDir, "no-web"),
        TRUST_PROXY: "loopback",
        NODE_ENV: "development",
        LOG_LEVEL: "warn",
        ...o.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  let out = "";
  const keep = (d: Buffer) => {
    out += d.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { name: o.name, port: o.port, url: `http://127.0.0.1:${o.port}`, child, output: () => out };
}

/**
 * Waits until the node answers GET /api/ready with 200 (database reachable, migrations
 * current); a build without /api/ready (404) counts /api/health instead. Throws with the
 * node's output when it exits or `ms` pass.
 */
export async function waitReady(node: AppNode, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (node.child.exitCode !== null || node.child.signalCode !== null) {
      throw new Error(`node ${node.name} exited (${node.child.exitCode ?? node.child.signalCode}) during start:\n${node.output()}`);
    }
    try {
      const ready = await fetch(`${node.url}/api/ready`);
      if (ready.ok) return;
      if (ready.status === 404 && (await fetch(`${node.url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`node ${node.name} was not ready within ${ms} ms:\n${node.output()}`);
    await sleep(200);
  }
}

/** Sends `signal` and waits for the process to exit (SIGKILL after `graceMs`). Safe on an exited node. */
export async function stopNode(node: AppNode, signal: NodeJS.Signals = "SIGTERM", graceMs = 15_000): Promise<void> {
  const c = node.child;
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise<void>((done) => c.once("exit", () => done()));
  c.kill(signal);
  const timer = setTimeout(() => c.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** CPU time (user + system, ms) the process has used so far (Linux /proc; 10 ms ticks), or null. */
export function processCpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** `url` with its database replaced by `name`. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates the empty database `name` on the server of `url` (connecting to its `postgres` database). */
export async function createDatabase(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: withDatabase(url, "postgres") });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  return withDatabase(url, name);
}

/** Drops the database `name`, closing any connection still open to it (PostgreSQL 13+). */
export async function dropDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, "postgres") });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
