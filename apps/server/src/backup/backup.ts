import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, openSync, readSync, closeSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { Dialect } from "../db/database.js";

/**
 * Backups that restore (issue #18 §7), for both databases:
 *
 * - SQLite: better-sqlite3's online backup API (SQLite's `sqlite3_backup_*`) from a second
 *   connection, copying every page in one step, which reads one consistent snapshot while the
 *   site keeps writing (WAL: writers are not blocked). The copy is checked with
 *   `PRAGMA integrity_check`.
 * - PostgreSQL: `pg_dump --format=custom` (one repeatable-read snapshot; restored with
 *   `pg_restore`). Debian's postgresql-client provides both; its major version must be at least
 *   the server's.
 *
 * Uploaded images live in the `upload_bytes` table (#18 §4), so one file holds everything.
 */

/** A database to back up or restore into: the URL and, on PostgreSQL, a schema (tests; default: the whole database). */
export interface Target {
  url: string;
  schema?: string | undefined;
}

/** What a backup wrote: the file, its size in bytes and how long it took (ms). */
export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
}

export class BackupError extends Error {}

const dialectOf = (url: string): Dialect => (/^postgres(ql)?:\/\//.test(url) ? "postgres" : "sqlite");
const sqlitePath = (url: string) => resolve(url.replace(/^sqlite:/, ""));

/** `site-2026-05-15T04-31-07-123Z` — sortable, no characters a shell or a file system minds. */
export function backupStamp(now = new Date()): string {
  return `site-${now.toISOString().replace(/[:.]/g, "-")}`;
}

/**
 * Backs up the database at `target` into a new timestamped file in `outDir` (created if
 * missing): `<stamp>.sqlite` or `<stamp>.pgdump`. Safe while the site runs. Throws BackupError
 * when the source is missing or pg_dump fails (its message included).
 */
export async function backupDatabase(target: Target, outDir: string, now = new Date()): Promise<BackupResult> {
  mkdirSync(outDir, { recursive: true });
  const started = performance.now();
  const stamp = backupStamp(now);
  let file: string;
  if (dialectOf(target.url) === "sqlite") {
    const path = sqlitePath(target.url);
    if (!existsSync(path)) throw new BackupError(`No SQLite database at ${path}.`);
    file = resolve(outDir, `${stamp}.sqlite`);
    const source = new SQLite(path, { fileMustExist: true });
    try {
      // Every remaining page in one step: one read transaction, so one consistent snapshot even
      // while other connections write (a step-by-step copy would restart on each write).
      await source.backup(file, { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
    const check = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      const result = check.pragma("integrity_check", { simple: true });
      if (result !== "ok") throw new BackupError(`The backup ${file} fails its integrity check: ${String(result)}`);
    } finally {
      check.close();
    }
  } else {
    file = resolve(outDir, `${stamp}.pgdump`);
    const args = ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`];
    if (target.schema) args.push(`--schema=${target.schema}`);
    args.push(`--dbname=${target.url}`);
    await run("pg_dump", args);
  }
  return { file, bytes: statSync(file).size, ms: Math.round(performance.now() - started) };
}

/** Which kind of backup `file` is, by its first bytes. */
export function backupKind(file: string): Dialect | "unknown" {
  const head = Buffer.alloc(16);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.subarray(0, 16).toString("latin1") === "SQLite format 3\u0000") return "sqlite";
  if (head.subarray(0, 5).toString("latin1") === "PGDMP") return "postgres";
  return "unknown";
}

/**
 * Restores `file` into the database at `target`, which must be empty (no table) unless
 * `force`: SQLite replaces the file (and its -wal/-shm) by a copy made with the backup API;
 * PostgreSQL runs `pg_restore` in one transaction (`--clean --if-exists` with `force`). Stop
 * the site first. Migrations are not run here: the next start brings an older backup up to
 * date. Throws BackupError when the file is not a backup of the target's kind, when the target
 * is not empty and `force` is not set, or when pg_restore fails.
 */
export async function restoreDatabase(file: string, target: Target, opts: { force?: boolean } = {}): Promise<{ ms: number }> {
  const started = performance.now();
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const kind = backupKind(file);
  const dialect = dialectOf(target.url);
  if (kind === "unknown") throw new BackupError(`${file} is neither a SQLite database nor a pg_dump custom-format file.`);
  if (kind !== dialect) {
    throw new BackupError(
      `${file} is a ${kind === "sqlite" ? "SQLite" : "PostgreSQL"} backup but DATABASE_URL is ${dialect === "sqlite" ? "SQLite" : "PostgreSQL"}.`,
    );
  }
  const tables = await countTables(target);
  if (tables > 0 && !opts.force) {
    throw new BackupError(
      `The target database is not empty (${tables} tables). Restore into an empty database, or pass --force to replace it.`,
    );
  }
  if (dialect === "sqlite") {
    const path = sqlitePath(target.url);
    mkdirSync(resolve(path, ".."), { recursive: true });
    for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
    const source = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(path, { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
  } else {
    const args = ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction"];
    if (opts.force && tables > 0) args.push("--clean", "--if-exists");
    args.push(`--dbname=${target.url}`, file);
    await run("pg_restore", args);
  }
  return { ms: Math.round(performance.now() - started) };
}

/** Tables in the target: SQLite's user tables; on PostgreSQL those of `schema`, or of every non-system schema. */
async function countTables(target: Target): Promise<number> {
  if (dialectOf(target.url) === "sqlite") {
    const path = sqlitePath(target.url);
    if (!existsSync(path) || statSync(path).size === 0) return 0;
    const db = new SQLite(path, { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare("select count(*) as n from sqlite_master where type = 'table' and name not like 'sqlite_%'").get() as {
        n: number;
      };
      return row.n;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const r = target.schema
      ? await client.query<{ n: number }>("select count(*)::int as n from information_schema.tables where table_schema = $1", [
          target.schema,
        ])
      : await client.query<{ n: number }>(
          "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg_toast%'",
        );
    return r.rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Runs a PostgreSQL client tool; rejects with its stderr when it exits non-zero or is missing. */
function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.on("error", (err) =>
      reject(new BackupError(`${cmd} could not be started (${err.message}); install Debian's postgresql-client.`)),
    );
    child.on("close", (code) => {
      if (code === 0) resolvePromise();
      // The URL (and its password) never reaches the message: pg tools print only the database name.
      else reject(new BackupError(`${cmd} exited with ${code}: ${stderr.trim()}`));
    });
  });
}

/** Row count and checksum of one table. */
export interface TableFingerprint {
  rows: number;
  sha256: string;
}

/**
 * Every table's row count and a SHA-256 over its rows (each row as JSON with sorted keys,
 * binary as hex, the row texts sorted), so two copies of a database can be compared whatever
 * order their rows come back in. Kysely's bookkeeping tables are included. Reads every row
 * into memory: meant for tests and checks of small and medium databases.
 */
export async function databaseFingerprint(db: Kysely<unknown>, dialect: Dialect): Promise<Record<string, TableFingerprint>> {
  const names =
    dialect === "sqlite"
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
        ).rows
      : (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)
        ).rows;
  const out: Record<string, TableFingerprint> = {};
  for (const { name } of names) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    const texts = rows.map((r) => canonical(r)).sort();
    const hash = createHash("sha256");
    for (const t of texts) hash.update(t).update("\n");
    out[name] = { rows: rows.length, sha256: hash.digest("hex") };
  }
  return out;
}

function canonical(row: Record<string, unknown>): string {
  const keys = Object.keys(row).sort();
  return JSON.stringify(keys.map((k) => [k, norm(row[k])]));
}

function norm(v: unknown): unknown {
  if (Buffer.isBuffer(v)) return `hex:${v.toString("hex")}`;
  if (typeof v === "bigint") return Number(v);
  if (v instanceof Date) return v.toISOString();
  return v;
}

/** Where `npm run backup` writes by default: DATA_DIR/backups. */
export const defaultBackupDir = (dataDir: string) => join(dataDir, "backups");
