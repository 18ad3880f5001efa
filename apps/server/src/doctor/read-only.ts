import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
// Loaded for its int8 type parser: bigint timestamps and counts arrive as numbers, as in the server.
import "../db/database.js";
import type { DB } from "../db/schema.js";

/** A database opened for reading only, and how to close it. */
export interface ReadOnlyDatabase {
  db: Kysely<DB>;
  dialect: "sqlite" | "postgres";
  destroy(): Promise<void>;
}

/**
 * Opens `sqlite:<path>` or a `postgres://` URL so that nothing can be written: SQLite read-only
 * (the file must exist; no journal-mode or other pragma is set, unlike openDatabase), PostgreSQL
 * with every session's transactions read-only. No migration runs.
 */
export function openReadOnly(url: string): ReadOnlyDatabase {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on("connect", (client) => {
      // Queued on the client before the first query it is handed out for.
      client.query("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY").catch(() => {});
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", destroy: () => db.destroy() };
  }
  const path = url.replace(/^sqlite:/, "");
  if (path === ":memory:") throw new Error("An in-memory SQLite database has nothing to check.");
  const sqlite = new SQLite(path, { readonly: true, fileMustExist: true });
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: "sqlite", destroy: () => db.destroy() };
}
