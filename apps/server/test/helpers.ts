import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Insertable } from "kysely";
import pg from "pg";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { type Database, type Dialect, openDatabase } from "../src/db/database.js";
import { migrateToLatest } from "../src/db/migrate.js";
import type { DB } from "../src/db/schema.js";
import { addRole, insertUser, updateUser } from "../src/features/auth/auth.repository.js";
import { hashPassword } from "../src/features/auth/passwords.js";
import { createPlayer } from "./factories.js";

export const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

let pgReachable: boolean | undefined;
async function postgresReachable(): Promise<boolean> {
  if (pgReachable !== undefined) return pgReachable;
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    pgReachable = true;
  } catch {
    pgReachable = false;
  } finally {
    await client.end().catch(() => {});
  }
  if (!pgReachable && process.env.REQUIRE_POSTGRES === "1") {
    throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL is unreachable at ${PG_URL}`);
  }
  return pgReachable;
}

/**
 * The dialects this run covers: SQLite always; PostgreSQL when reachable (required when
 * REQUIRE_POSTGRES=1); TEST_DIALECTS=sqlite narrows it. Use with `describe.each`.
 */
export async function dialects(): Promise<Dialect[]> {
  const wanted = (process.env.TEST_DIALECTS ?? "sqlite,postgres").split(",");
  const out: Dialect[] = [];
  if (wanted.includes("sqlite")) out.push("sqlite");
  if (wanted.includes("postgres") && (await postgresReachable())) out.push("postgres");
  return out;
}

/** Advisory lock id held while a test schema is created, migrated or dropped. */
const TEST_SCHEMA_LOCK = 727_001;

/** A fresh, migrated database: in-memory SQLite, or a new schema on PostgreSQL dropped on destroy. */
export async function freshDatabase(dialect: Dialect): Promise<Database> {
  if (dialect === "sqlite") {
    const database = openDatabase("sqlite::memory:");
    await migrateToLatest(database);
    return database;
  }
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  // Kysely's migrator introspects every schema on the server; a parallel test file dropping its
  // schema at that moment made the migration fail with "schema t_… does not exist" (another
  // file's schema). One advisory lock serialises migrating and dropping test schemas.
  const locked = async <T>(work: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      await c.query("select pg_advisory_lock($1)", [TEST_SCHEMA_LOCK]);
      return await work(c);
    } finally {
      await c.end();
    }
  };
  const database = openDatabase(PG_URL, { searchPath: schema, poolSize: 4, preparedStatements: true });
  const dropSchema = () => locked((c) => c.query(`drop schema if exists ${schema} cascade`));
  try {
    await locked(async (c) => {
      await c.query(`create schema ${schema}`);
      await migrateToLatest(database);
    });
  } catch (err) {
    await database.destroy();
    await dropSchema();
    throw err;
  }
  return {
    ...database,
    async destroy() {
      await database.destroy();
      await dropSchema();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The real app on a fresh database of `dialect`, with no logging and a temporary DATA_DIR. */
export async function createTestApp(dialect: Dialect, env: Record<string, string> = {}): Promise<TestApp> {
  const database = await freshDatabase(dialect);
  const dataDir = mkdtempSync(join(tmpdir(), "site-test-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, WEB_DIST: join(dataDir, "no-web"), PUBLIC_CACHE_SECONDS: "0", ...env });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second node of `t`'s site (issue #18): another app on the same database — on PostgreSQL its
 * own pool on the same schema, so it has its own cache and bus connection — with its own
 * DATA_DIR. Closing it leaves `t`'s database alone. On SQLite (one node by definition) it
 * shares `t`'s connection and its bus reaches only itself.
 */
export async function createSecondNode(t: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  const own = t.database.dialect === "postgres";
  const database = own ? openDatabase(PG_URL, { searchPath: t.database.schema, poolSize: 4, preparedStatements: true }) : t.database;
  const dataDir = mkdtempSync(join(tmpdir(), "site-test-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, WEB_DIST: join(dataDir, "no-web"), PUBLIC_CACHE_SECONDS: "0", ...env });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      if (own) await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let cachedHash: Promise<string> | undefined;
/** argon2 is slow on purpose; tests share one hash of 'password'. */
export function passwordHash(): Promise<string> {
  cachedHash ??= hashPassword("password");
  return cachedHash;
}

/** The account row behind signedIn(): verified, password 'password', the given state and roles. */
async function createUser(database: Database, opts: { email: string; roles: string[]; state: string }): Promise<number> {
  const now = Date.now();
  const id = await insertUser(database.db, { email: opts.email, passwordHash: await passwordHash(), state: opts.state, now });
  await updateUser(database.db, id, { email_verified_at: now });
  for (const r of opts.roles) await addRole(database.db, id, r, now);
  return id;
}

export interface AccountOptions {
  /** Default: a unique address. The password is always 'password'. */
  email?: string;
  roles?: string[];
  /** `users.state`; default 'active'. Every state may sign in. */
  state?: string;
  /**
   * Columns of the account's registry player (default: a player named `Racer<n>`, through
   * the createPlayer factory), or `false` for an account without one.
   */
  player?: Partial<Insertable<DB["players"]>> | false;
  /** `false`: create the account only (`c` is then a browser that is not signed in); sign in later with signIn(). */
  signIn?: boolean;
}

export interface SignedIn {
  /** The account's browser: keeps its cookies and sends the CSRF token. */
  c: Client;
  userId: number;
  /** The account's registry player; 0 with `player: false`. */
  playerId: number;
  email: string;
  /** The player's display name; '' with `player: false`. */
  name: string;
}

let accounts = 0;

/**
 * The one way the server tests make an account: active (or `state`) and verified, password
 * 'password', the given roles, a registry player unless `player: false`, and signed in
 * through POST /api/auth/login unless `signIn: false` (throws when the login is refused).
 */
export async function signedIn(t: TestApp, opts: AccountOptions = {}): Promise<SignedIn> {
  const k = ++accounts;
  const email = opts.email ?? `account${k}@example.com`;
  const userId = await createUser(t.database, { email, roles: opts.roles ?? [], state: opts.state ?? "active" });
  let playerId = 0;
  let name = "";
  if (opts.player !== false) {
    const player = { user_id: userId, display_name: `Racer${k}`, ...opts.player };
    playerId = await createPlayer(t.database, player);
    name = player.display_name;
  }
  const c = opts.signIn === false ? new Client(t.app) : await signIn(t, email);
  return { c, userId, playerId, email, name };
}

/** A new browser signed in to an existing account (see signedIn); throws when the login is refused. */
export async function signIn(t: TestApp, email: string, password = "password"): Promise<Client> {
  const c = new Client(t.app);
  const res = await c.login(email, password);
  if (res.statusCode !== 200) throw new Error(`signIn(${email}): POST /api/auth/login answered ${res.statusCode} ${res.body}`);
  return c;
}

/**
 * A browser-like client over `app.inject`: keeps cookies between calls and sends the CSRF
 * token on POSTs (unless `csrf: false`).
 */
export class Client {
  private cookies = new Map<string, string>();
  csrfToken = "";
  constructor(private readonly app: FastifyInstance) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** The Cookie header this client sends (for requests outside app.inject, e.g. an SSE stream on a real listener). */
  get cookie(): string {
    return this.cookieHeader();
  }

  private keep(res: LightMyRequestResponse): void {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === "";
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async request(opts: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (opts.method === "POST" && opts.csrf !== false && this.csrfToken) headers["x-csrf-token"] = this.csrfToken;
    const res = await this.app.inject({ ...opts, headers });
    this.keep(res);
    this.adoptCsrf(res);
    return res;
  }

  /** Session answers (login, logout, theme) may carry a rotated CSRF token: adopt it, as the web does. */
  private adoptCsrf(res: LightMyRequestResponse): void {
    if (res.statusCode !== 200 || res.headers["content-encoding"] || !String(res.headers["content-type"] ?? "").includes("json")) return;
    let token: unknown;
    try {
      token = (res.json() as { csrfToken?: unknown } | null)?.csrfToken;
    } catch {
      return;
    }
    if (typeof token === "string") this.csrfToken = token;
  }

  get(url: string) {
    return this.request({ method: "GET", url });
  }

  post(url: string, payload?: unknown, opts: { csrf?: boolean } = {}) {
    return this.request({ method: "POST", url, ...(payload === undefined ? {} : { payload: payload as object }), ...opts });
  }

  /** Loads GET /api/session, which sets the CSRF cookie, and remembers the token. */
  async session() {
    const res = await this.get("/api/session");
    const body = res.json();
    this.csrfToken = body.csrfToken;
    return body;
  }

  async login(email: string, password = "password") {
    if (!this.csrfToken) await this.session();
    return this.post("/api/auth/login", { email, password });
  }
}
