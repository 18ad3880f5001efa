import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import type { Database } from "./database.js";
import type { DB } from "./schema.js";
import * as m0001 from "./migrations/0001_initial.js";
import * as m0002 from "./migrations/0002_player_registry.js";
import * as m0005 from "./migrations/0005_registrations.js";
import * as m0006 from "./migrations/0006_moderation.js";
import * as m0007 from "./migrations/0007_registration_custom_field.js";
import * as m0008 from "./migrations/0008_checkin_withdrawal.js";
import * as m0009 from "./migrations/0009_join_request_consent.js";
import * as m0010 from "./migrations/0010_account_hardening.js";
import * as m0015 from "./migrations/0015_uploads_by_account.js";
import * as m0020 from "./migrations/0020_one_of_a_kind.js";
import * as m0021 from "./migrations/0021_ffa_rounds.js";
import * as m0022 from "./migrations/0022_rate_limits.js";
import * as m0023 from "./migrations/0023_upload_bytes.js";
import * as m0024 from "./migrations/0024_points_tables.js";
import * as m0025 from "./migrations/0025_capacity_waitlist.js";
import * as m0026 from "./migrations/0026_series_points.js";
import * as m0027 from "./migrations/0027_tournament_proposals.js";
import * as m0028 from "./migrations/0028_tournament_schedule.js";
import * as m0029 from "./migrations/0029_moderation_counts.js";
import * as m0030 from "./migrations/0030_calendar_feeds.js";
import * as m0031 from "./migrations/0031_webhooks.js";
import * as m0032 from "./migrations/0032_user_language.js";
import * as m0033 from "./migrations/0033_notification_messages.js";

/** What a migration may need beyond the database: where the site keeps its files, and a log line sink. */
export interface MigrationOptions {
  /** DATA_DIR: migrations that move files into the database read it (0023: DATA_DIR/uploads). Unset: no files to move. */
  dataDir?: string;
  /** Where a migration says what it did to files (default: nowhere). */
  log?: (line: string) => void;
}

type DialectMigration = { up(db: Kysely<unknown>, dialect: Database["dialect"], opts: MigrationOptions): Promise<void> };

/** Every migration in order. Later issues append here; never edit a landed one. */
const MIGRATIONS: Record<string, DialectMigration> = {
  "0001_initial": m0001,
  "0002_player_registry": m0002,
  "0005_registrations": m0005,
  "0006_moderation": m0006,
  "0007_registration_custom_field": m0007,
  "0008_checkin_withdrawal": m0008,
  "0009_join_request_consent": m0009,
  "0010_account_hardening": m0010,
  "0015_uploads_by_account": m0015,
  "0020_one_of_a_kind": m0020,
  "0021_ffa_rounds": m0021,
  "0022_rate_limits": m0022,
  "0023_upload_bytes": m0023,
  "0024_points_tables": m0024,
  "0025_capacity_waitlist": m0025,
  "0026_series_points": m0026,
  "0027_tournament_proposals": m0027,
  "0028_tournament_schedule": m0028,
  "0029_moderation_counts": m0029,
  "0030_calendar_feeds": m0030,
  "0031_webhooks": m0031,
  "0032_user_language": m0032,
  "0033_notification_messages": m0033,
};

/**
 * PostgreSQL advisory lock key held around migrating (issue #18 §5): nodes starting at the same
 * moment queue on it, the first migrates and the others then find nothing to do. (Kysely's own
 * lock is taken only after it has created its bookkeeping tables, which two nodes could race.)
 */
export const MIGRATION_LOCK_KEY = 18_0023_0001;

/**
 * Brings the schema up to date. Safe to call on every start and from several nodes at once:
 * applied migrations are recorded in `kysely_migration` and skipped, and on PostgreSQL the run
 * holds the session advisory lock `MIGRATION_LOCK_KEY` on one connection, so concurrent callers
 * migrate one after the other. `opts.dataDir` lets file-moving migrations (0023) find
 * DATA_DIR. Returns the names of the migrations this call applied (empty when already current).
 * Throws with the failing migration's name on error.
 */
export async function migrateToLatest(database: Database, opts: MigrationOptions = {}): Promise<string[]> {
  if (database.dialect !== "postgres") return runMigrations(database, database.db, opts);
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      return await runMigrations(database, conn, opts);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
}

async function runMigrations(database: Database, db: Kysely<DB>, opts: MigrationOptions): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(MIGRATIONS)) {
        out[name] = { up: (mdb) => m.up(mdb, database.dialect, opts) };
      }
      return out;
    },
  };
  // Kysely looks for its bookkeeping tables across schemas unless told which one; with
  // several schemas on one server (parallel test files) it would find another's.
  // Features land in parallel and claim migration numbers up front, so a lower number may
  // arrive after a higher one has run; each migration only adds, so order between features
  // does not matter.
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    throw new Error(`migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * The names of known migrations not yet applied to the database behind `db` (all of them when
 * it has no bookkeeping table yet). Reads `kysely_migration` through the connection's search
 * path, where `migrateToLatest` keeps it. `GET /api/ready` answers 503 while this is not empty.
 */
export async function pendingMigrations(db: Kysely<DB>): Promise<string[]> {
  let applied: Set<string>;
  try {
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    applied = new Set(rows.rows.map((r) => r.name));
  } catch {
    applied = new Set();
  }
  return Object.keys(MIGRATIONS).filter((n) => !applied.has(n));
}
