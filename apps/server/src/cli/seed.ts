import { rmSync } from "node:fs";
import { type Algorithm, hash } from "@node-rs/argon2";
import { sql } from "kysely";
import { ConfigError, loadConfig } from "../config.js";
import { type Database, openDatabase } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import type { DB } from "../db/schema.js";
import { seedDemo } from "../seed/demo/index.js";
import { isDatabaseEmpty } from "../seed/seed.repository.js";

const USAGE = `Usage: npm run seed -- [--scale demo|large] [--reset]

Fills the database named by DATABASE_URL (default ./data/site.db) with the demo dataset.
  --scale demo   about 2,000 players, 200 teams, 80 tournaments (default)
  --scale large  100,000 players, 10,000 teams, 2,000 tournaments, ~500,000 registrations
  --reset        delete the existing database first (SQLite: the file; PostgreSQL: the schema)
Every account's password is "password". Refuses to run when NODE_ENV=production.`;

// Ambient const enum: isolated modules cannot read Algorithm.Argon2id at runtime.
const ARGON2ID = 2 as Algorithm;

const COUNTED: Array<keyof DB & string> = [
  "users",
  "user_roles",
  "players",
  "friend_code_history",
  "player_bans",
  "teams",
  "team_memberships",
  "transfers",
  "team_claims",
  "profile_changes",
  "tournament_series",
  "templates",
  "tournaments",
  "squads",
  "registrations",
  "team_registrations",
  "placements",
  "news_posts",
  "media_items",
  "notifications",
];

interface Args {
  scale: "demo" | "large";
  reset: boolean;
}

/** Parses `--scale demo|large` (or `--scale=large`), `--reset`, `--help`; returns a usage error as a string. */
function parseArgs(argv: string[]): Args | string {
  const args: Args = { scale: "demo", reset: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--reset") args.reset = true;
    else if (a === "--help" || a === "-h") return "";
    else if (a === "--scale" || a.startsWith("--scale=")) {
      const v = a.includes("=") ? a.slice("--scale=".length) : argv[++i];
      if (v !== "demo" && v !== "large") return `Unknown scale '${v ?? ""}'.`;
      args.scale = v;
    } else return `Unknown argument '${a}'.`;
  }
  return args;
}

/**
 * Drops and recreates the schema the connection works in: normally `public`, or the first
 * entry of a `search_path` given in the URL (`?options=-c search_path=x`), even if that
 * schema does not exist yet (current_schema() is then null).
 */
async function resetPostgres(database: Database): Promise<void> {
  const row = await sql<{ s: string | null; path: string }>`SELECT current_schema() AS s, current_setting('search_path') AS path`.execute(
    database.db,
  );
  const first = row.rows[0]?.path
    .split(",")
    .map((p) => p.trim().replace(/^"(.*)"$/, "$1"))
    .find((p) => p !== "$user" && p !== "");
  const schema = row.rows[0]?.s ?? first ?? "public";
  await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(database.db);
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(database.db);
}

/**
 * `npm run seed`: migrates, then loads the demo dataset into an empty database. Exit codes:
 * 0 done, 1 refused (production, non-empty database) or failed, 2 bad arguments.
 */
async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === "string") {
    console.error(args ? `${args}\n\n${USAGE}` : USAGE);
    return args ? 2 : 0;
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  if (config.nodeEnv === "production") {
    console.error("Refusing to seed demo data with NODE_ENV=production.");
    return 1;
  }

  const url = config.databaseUrl;
  const isSqlite = url.startsWith("sqlite:");
  if (args.reset && isSqlite) {
    const path = url.slice("sqlite:".length);
    if (path !== ":memory:") for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
  }
  const database = openDatabase(url);
  try {
    if (args.reset && !isSqlite) await resetPostgres(database);
    await migrateToLatest(database, { dataDir: config.dataDir, log: (line) => console.log(line) });
    if (!(await isDatabaseEmpty(database))) {
      console.error(`The database (${isSqlite ? url : database.dialect}) already has data. Run with --reset to replace it.`);
      return 1;
    }
    const passwordHash = await hash("password", { algorithm: ARGON2ID });
    const started = Date.now();
    console.log(`Seeding the ${args.scale} dataset into ${isSqlite ? url : "PostgreSQL"}...`);
    await seedDemo(database, { scale: args.scale, passwordHash, log: (m) => console.log(`  ${m}`) });
    const elapsed = (Date.now() - started) / 1000;

    for (const table of COUNTED) {
      const row = await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      console.log(`  ${table.padEnd(22)} ${String(Number(row.n)).padStart(9)}`);
    }
    console.log(
      `Seeded in ${elapsed.toFixed(1)} s. Demo accounts (password: password): admin@, mod@, event-admin@, leader@, supporter@, player@, new@example.com`,
    );
    return 0;
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
