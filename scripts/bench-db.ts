/**
 * The bench scripts' own database access, the same for SQLite (better-sqlite3) and PostgreSQL
 * (one pg client): plain SQL with `?` placeholders (rewritten to $1, $2… for PostgreSQL), so
 * the bench tournaments are written the same way into either database. Not used by the server.
 */
import Database from "better-sqlite3";
import pg from "pg";

/** A prepared insert or update: `run` for its effect, `insert` for the new row's id. */
export interface BenchStatement {
  run(...params: unknown[]): Promise<void>;
  insert(...params: unknown[]): Promise<number>;
}

export interface BenchDb {
  readonly dialect: "sqlite" | "postgres";
  all<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  get<T>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  stmt(sql: string): BenchStatement;
  /** Runs `fn` in one transaction (committed when it resolves, rolled back when it throws). */
  tx<T>(fn: () => Promise<T>): Promise<T>;
  /** The table's columns in order, with their PostgreSQL type (empty on SQLite). */
  columns(table: string): Promise<Array<{ name: string; type: string }>>;
  close(): Promise<void>;
}

/** `sqlite:<path>` or a postgres:// URL. */
export async function openBenchDb(url: string): Promise<BenchDb> {
  if (url.startsWith("sqlite:")) return sqliteBench(url.slice("sqlite:".length));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return postgresBench(client);
}

function sqliteBench(path: string): BenchDb {
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  return {
    dialect: "sqlite",
    all: async <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[],
    get: async <T>(sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T | undefined,
    stmt: (sql) => {
      const s = db.prepare(sql);
      return {
        run: async (...params) => void s.run(...params),
        insert: async (...params) => Number(s.run(...params).lastInsertRowid),
      };
    },
    tx: async (fn) => {
      // better-sqlite3's transaction() wants a synchronous function; every statement here is
      // synchronous underneath, so BEGIN/COMMIT around the awaited calls is the same thing.
      db.exec("BEGIN");
      try {
        const r = await fn();
        db.exec("COMMIT");
        return r;
      } catch (err) {
        db.exec("ROLLBACK");
        throw err;
      }
    },
    columns: async (table) =>
      (db.prepare("select name from pragma_table_info(?)").all(table) as Array<{ name: string }>).map((c) => ({ name: c.name, type: "" })),
    close: async () => {
      db.close();
    },
  };
}

/** `?` → `$1`, `$2`… (the bench's SQL has no question mark inside a string literal). */
function numbered(sql: string): string {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
}

function postgresBench(client: pg.Client): BenchDb {
  const query = async <T>(sql: string, params: unknown[]) => (await client.query(numbered(sql), params)).rows as T[];
  return {
    dialect: "postgres",
    all: (sql, ...params) => query(sql, params),
    get: async <T>(sql: string, ...params: unknown[]) => (await query<T>(sql, params))[0],
    stmt: (sql) => ({
      run: async (...params) => void (await query(sql, params)),
      insert: async (...params) => Number((await query<{ id: number }>(`${sql} returning id`, params))[0]!.id),
    }),
    tx: async (fn) => {
      await client.query("BEGIN");
      try {
        const r = await fn();
        await client.query("COMMIT");
        return r;
      } catch (err) {
        await client.query("ROLLBACK");
        throw err;
      }
    },
    columns: async (table) =>
      (
        await query<{ column_name: string; data_type: string }>(
          "select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = ? order by ordinal_position",
          [table],
        )
      ).map((c) => ({ name: c.column_name, type: c.data_type })),
    close: () => client.end(),
  };
}

/** Copies an existing tournament row with some columns overridden; returns the new id. */
export async function copyTournament(db: BenchDb, fromId: number, set: Record<string, string | number | null>): Promise<number> {
  const cols = (await db.columns("tournaments")).filter((c) => c.name !== "id");
  const params: unknown[] = [];
  const values = cols.map((c) => {
    if (!(c.name in set)) return `"${c.name}"`;
    params.push(set[c.name]);
    // PostgreSQL types a parameter in a select list as text unless told.
    return c.type ? `cast(? as ${c.type})` : "?";
  });
  params.push(fromId);
  return db
    .stmt(
      `insert into tournaments (${cols.map((c) => `"${c.name}"`).join(", ")}) select ${values.join(", ")} from tournaments where id = ?`,
    )
    .insert(...params);
}
