import { type Kysely, sql } from "kysely";
import type { Database } from "../database.js";

/**
 * Rate-limit counters shared by every node (issue #18 §3): on PostgreSQL the limiter store is
 * rate-limiter-flexible's `RateLimiterPostgres` (`lib/limiter.ts`, `PostgresLimiterStore`),
 * which upserts one row per family and key: `key` is `<family>:<key>`, `points` the count in
 * the current window, `expire` the window's end (epoch milliseconds; null = never). The
 * library would create this table itself; creating it here keeps the schema in migrations
 * (`key` is text, not the library's varchar(255): an IP and a 254-character email can exceed
 * 255). On SQLite there is one node by definition and the counters stay in memory: no table.
 */
export async function up(db: Kysely<unknown>, dialect: Database["dialect"]): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`CREATE TABLE rate_limits (key text PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`.execute(db);
  // Expired rows are deleted in bulk every few minutes.
  await sql`CREATE INDEX rate_limits_expire ON rate_limits (expire)`.execute(db);
}
