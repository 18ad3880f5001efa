import type { Kysely } from "kysely";
import type { Database } from "../database.js";

/**
 * Scheduled registration close and check-in window (issue #17 §2, docs/decisions.md "#17
 * scheduled times"): three nullable millisecond UTC times on `tournaments`.
 *
 * - `registrations_close_at`: registrations are open while the switch is on and now is before it.
 * - `checkin_opens_at` / `checkin_closes_at`: when either is set, the check-in status follows the
 *   window (before → Not Open, between → Open, after → Closed) instead of `checkin_status`.
 *
 * The effective values are computed on read by `effectiveSwitches`
 * (features/access/tournament-schedule.ts); a switch changed by hand clears its time. Series
 * templates get no schedule (a template has no dates to schedule against).
 */
export async function up(db: Kysely<unknown>, _dialect: Database["dialect"]): Promise<void> {
  for (const column of ["registrations_close_at", "checkin_opens_at", "checkin_closes_at"]) {
    await db.schema.alterTable("tournaments").addColumn(column, "bigint").execute();
  }
}
