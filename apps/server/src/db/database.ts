import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, type LogEvent, PostgresDialect, SqliteDialect, type SqliteDatabase } from "kysely";
import pg from "pg";
import type { DB } from "./schema.js";

export type Dialect = "sqlite" | "postgres";

/** An open database: the Kysely instance, which dialect it speaks, and how to close it. */
export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The PostgreSQL schema in use when not the default (tests); keeps migration bookkeeping there. */
  schema?: string | undefined;
  /** PostgreSQL only: the pool behind `db` (metrics read its use; the bus copies its connection settings). */
  pool?: pg.Pool | undefined;
  /**
   * Calls `observer` after every query with its duration in milliseconds and whether it failed
   * (metrics, issue #18 §8); returns the function that stops observing. Absent on databases
   * opened elsewhere (the doctor's read-only one, bench helpers): nothing is then measured.
   */
  observeQueries?(observer: QueryObserver): () => void;
  destroy(): Promise<void>;
}

/** Told of every query once it ends: its duration (ms) and whether it threw. */
export type QueryObserver = (durationMs: number, failed: boolean) => void;

/**
 * Kysely's log hook fanned out to observers added after the database opened (the app's
 * metrics are built later than the database, and tests open several apps on one database).
 */
function queryObservers(): { log: (e: LogEvent) => void; observeQueries(o: QueryObserver): () => void } {
  const observers = new Set<QueryObserver>();
  return {
    log: (e) => {
      for (const o of observers) o(e.queryDurationMillis, e.level === "error");
    },
    observeQueries: (o) => {
      observers.add(o);
      return () => observers.delete(o);
    },
  };
}

// int8 (bigint ms timestamps, count(*)) would otherwise arrive as strings; every value we
// store fits a double exactly.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Opens `sqlite:<path>` (file created with its folder; `sqlite::memory:` for tests) or a
 * `postgres://` URL. SQLite runs in WAL mode with a 5 s busy timeout and foreign keys on;
 * PostgreSQL goes through a pool of `poolSize` connections (default 5, the measured best on 2
 * cores) with statements named when `preparedStatements`; `searchPath` selects a schema (tests).
 */
export function openDatabase(url: string, opts: { poolSize?: number; searchPath?: string; preparedStatements?: boolean } = {}): Database {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.poolSize ?? 5,
      // Tests isolate each file in its own schema.
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    });
    if (opts.preparedStatements) pool.on("connect", namedStatements);
    const observed = queryObservers();
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: observed.log });
    return { db, dialect: "postgres", schema: opts.searchPath, pool, observeQueries: observed.observeQueries, destroy: () => db.destroy() };
  }
  const path = url.replace(/^sqlite:/, "");
  if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  const observed = queryObservers();
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log: observed.log });
  return { db, dialect: "sqlite", observeQueries: observed.observeQueries, destroy: () => db.destroy() };
}

/** SQL texts given a statement name (`namedStatements`); texts beyond these go unnamed. */
const statementNames = new Map<string, string>();
/** At most this many named texts: `in (…)` lists make texts that vary with their length. */
export const PG_NAMED_STATEMENTS_MAX = 1000;
/** A statement PostgreSQL plans: the ones worth preparing once. */
const PLANNED = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * PostgreSQL statement reuse (DATABASE_PREPARED_STATEMENTS, issue #16 §5; on by default, chosen
 * by measurement: docs/decisions.md "#16 Stop 30"): Kysely sends every query unnamed, so
 * PostgreSQL parses and plans it on each call; naming it (the same name for the same text, in
 * every connection) makes node-postgres prepare it once per connection and then only bind and
 * execute it. Each connection keeps its prepared statements until it closes. A schema change
 * while a server runs (a migration applied by another node) can make a prepared statement fail
 * with "cached plan must not change result type": restart the nodes after migrating, as
 * docs/deployment.md says.
 */
function namedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
    // Only the statements that plan (not BEGIN, COMMIT or a migration's DDL), as Kysely sends them.
    if (typeof text !== "string" || !Array.isArray(values) || rest.length > 0 || !PLANNED.test(text)) return query(text, values, ...rest);
    let name = statementNames.get(text);
    if (name === undefined && statementNames.size < PG_NAMED_STATEMENTS_MAX) statementNames.set(text, (name = `k${statementNames.size}`));
    return name === undefined ? query(text, values) : query({ name, text, values });
  };
}

/** How many prepared statements one SQLite connection keeps (least recently used dropped first). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 as Kysely's SQLite driver sees it, with prepared statements kept by SQL text.
 * Kysely calls `prepare` on every query, and preparing costs about as much as running a small
 * indexed read, so signed-in requests (session, roles, then the route's own reads) paid it
 * several times over. Reusing a statement is safe here: the driver runs one query at a time on
 * its single connection (a stream holds that connection until it ends), and SQLite re-prepares
 * a statement by itself after a schema change. Bounded, because `in (…)` lists make SQL texts
 * that vary with their length.
 */
export function withStatementCache(sqlite: SQLite.Database, max = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      let stmt = statements.get(sql);
      if (stmt) {
        // Map keeps insertion order: moving a hit to the end makes the first key the least recent.
        statements.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, stmt);
      return stmt;
    },
  };
}
