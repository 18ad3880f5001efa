import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/database.js";
import { MIGRATION_LOCK_KEY, migrateToLatest, pendingMigrations } from "../src/db/migrate.js";
import { dialects, PG_URL } from "./helpers.js";

/** The lock of test/helpers.ts that serialises creating, migrating and dropping test schemas. */
const TEST_SCHEMA_LOCK = 727_001;

/**
 * Several nodes starting at the same moment (issue #18 §5): on PostgreSQL migrateToLatest holds
 * an advisory lock, so two concurrent calls on a fresh schema both succeed and exactly one of
 * them applies the migrations. (Kysely's migrator also takes a transaction-level lock of its
 * own once its bookkeeping tables exist; the second test shows ours is taken, first.)
 */
describe.skipIf(!(await dialects()).includes("postgres"))("migrations from two nodes at once (postgres)", () => {
  it("both calls succeed; the schema is migrated once", async () => {
    const schema = `t_lock_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    // Two nodes: two pools on the same schema.
    const a = openDatabase(PG_URL, { searchPath: schema, poolSize: 2 });
    const b = openDatabase(PG_URL, { searchPath: schema, poolSize: 2 });
    try {
      await admin.query("select pg_advisory_lock($1)", [TEST_SCHEMA_LOCK]);
      await admin.query(`create schema ${schema}`);
      const [ra, rb] = await Promise.all([migrateToLatest(a), migrateToLatest(b)]);
      const all = (await pendingMigrations(a.db)).length === 0 ? [...ra, ...rb] : [];
      // One call applied every migration, the other found nothing to do.
      expect([ra.length, rb.length].sort((x, y) => x - y)).toEqual([0, all.length]);
      expect(all).toContain("0023_upload_bytes");
      const rows = await admin.query(`select name, count(*)::int as n from ${schema}.kysely_migration group by name`);
      expect(rows.rows.length).toBe(all.length);
      expect(rows.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
      expect(await migrateToLatest(b)).toEqual([]);
    } finally {
      await a.destroy();
      await b.destroy();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.query("select pg_advisory_unlock($1)", [TEST_SCHEMA_LOCK]);
      await admin.end();
    }
  });

  it("a node waits while another holds the migration lock, then finds its work done or does it", async () => {
    const schema = `t_lock_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    const holder = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await holder.connect();
    const a = openDatabase(PG_URL, { searchPath: schema, poolSize: 2 });
    try {
      await admin.query("select pg_advisory_lock($1)", [TEST_SCHEMA_LOCK]);
      await admin.query(`create schema ${schema}`);
      await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      let settled = false;
      const run = migrateToLatest(a).finally(() => {
        settled = true;
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(settled).toBe(false);
      expect(await pendingMigrations(a.db)).toContain("0001_initial");
      await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      expect(await run).toContain("0023_upload_bytes");
      expect(await pendingMigrations(a.db)).toEqual([]);
    } finally {
      await a.destroy();
      await holder.end();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.query("select pg_advisory_unlock($1)", [TEST_SCHEMA_LOCK]);
      await admin.end();
    }
  });
});
