import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import type { Database } from "./database.js";
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

type DialectMigration = { up(db: Kysely<unknown>, dialect: Database["dialect"]): Promise<void> };

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
};

/**
 * Brings the schema up to date. Safe to call on every start: applied migrations are recorded
 * in `kysely_migration` and skipped. Throws with the failing migration's name on error.
 */
export async function migrateToLatest(database: Database): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(MIGRATIONS)) {
        out[name] = { up: (db) => m.up(db, database.dialect) };
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
    db: database.db,
    provider,
    allowUnorderedMigrations: true,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    throw new Error(`migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`);
  }
}
