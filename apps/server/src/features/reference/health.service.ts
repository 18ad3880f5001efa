import type { AppContext } from "../../context.js";
import { pendingMigrations } from "../../db/migrate.js";
import { ping } from "./health.repository.js";

/** The answer of `GET /api/ready`: ready, or why not. */
export type Readiness =
  { ready: true; body: { status: "ready"; database: string } } | { ready: false; body: { status: "not_ready"; reason: string } };

/**
 * Readiness (issue #18 §5), for a load balancer or an orchestrator deciding whether to send
 * this node traffic: not while it shuts down (`closing`), not when the database does not
 * answer, not while migrations this code knows are unapplied. Anyone may ask; the reasons name
 * no host, error or SQL. Once migrations were found current they stay so for this process
 * (they only go forward), so a ready node costs one trivial query per call.
 */
export class ReadinessCheck {
  private migrationsCurrent = false;

  constructor(private readonly ctx: AppContext) {}

  async check(closing: boolean): Promise<Readiness> {
    if (closing) return { ready: false, body: { status: "not_ready", reason: "shutting down" } };
    try {
      await ping(this.ctx.db);
    } catch {
      return { ready: false, body: { status: "not_ready", reason: "database unreachable" } };
    }
    if (!this.migrationsCurrent) {
      const pending = await pendingMigrations(this.ctx.db);
      if (pending.length) return { ready: false, body: { status: "not_ready", reason: `${pending.length} migration(s) pending` } };
      this.migrationsCurrent = true;
    }
    return { ready: true, body: { status: "ready", database: this.ctx.dialect } };
  }
}
