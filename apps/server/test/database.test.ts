import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withStatementCache } from "../src/db/database.js";

describe("SQLite statement cache", () => {
  const open: SQLite.Database[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) if (s.open) s.close();
  });
  function sqlite() {
    const s = new SQLite(":memory:");
    open.push(s);
    s.exec("create table t (id integer primary key, v text)");
    return s;
  }

  it("prepares each SQL text once and gives the same statement back", () => {
    const s = sqlite();
    const spy = vi.spyOn(s, "prepare");
    const db = withStatementCache(s);
    const a = db.prepare("select v from t where id = ?");
    const b = db.prepare("select v from t where id = ?");
    expect(b).toBe(a);
    expect(spy).toHaveBeenCalledTimes(1);
    db.prepare("select id from t");
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it("drops the least recently used statement past its bound", () => {
    const s = sqlite();
    const spy = vi.spyOn(s, "prepare");
    const db = withStatementCache(s, 2);
    db.prepare("select 1");
    db.prepare("select 2");
    db.prepare("select 1"); // hit: 'select 2' is now the least recent
    db.prepare("select 3"); // evicts 'select 2'
    expect(spy).toHaveBeenCalledTimes(3);
    db.prepare("select 1");
    db.prepare("select 3");
    expect(spy).toHaveBeenCalledTimes(3);
    db.prepare("select 2");
    expect(spy).toHaveBeenCalledTimes(4);
  });

  it("runs Kysely reads, writes, transactions and streams through reused statements", async () => {
    const s = sqlite();
    const db = new Kysely<{ t: { id: number; v: string } }>({ dialect: new SqliteDialect({ database: withStatementCache(s) }) });
    for (let i = 1; i <= 5; i++)
      await db
        .insertInto("t")
        .values({ id: i, v: `v${i}` })
        .execute();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("t").set({ v: "x" }).where("id", "=", 2).execute();
      expect((await trx.selectFrom("t").select("v").where("id", "=", 2).executeTakeFirstOrThrow()).v).toBe("x");
    });
    const seen: number[] = [];
    for await (const row of db.selectFrom("t").select("id").orderBy("id").stream()) seen.push(row.id);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    // The same statement, read again after a schema change, still answers (SQLite re-prepares it).
    await sql`alter table t add column w text`.execute(db);
    expect((await db.selectFrom("t").select("v").where("id", "=", 2).executeTakeFirstOrThrow()).v).toBe("x");
    await db.destroy();
    expect(s.open).toBe(false);
  });
});
