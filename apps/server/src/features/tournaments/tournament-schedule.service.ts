import { CHECKIN_STATUS_LABELS } from "@site/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { invalidateAfter } from "../../lib/cache-keys.js";
import { logTournamentAction, logWords } from "../access/tournament-access.service.js";
import { closeCheckins } from "../registrations/checkins.service.js";
import * as repo from "./tournaments.repository.js";

/** How often the server looks for check-in windows that closed on schedule. */
export const SCHEDULE_SWEEP_MS = 15_000;

/**
 * Runs what closing check-ins does (001 §4 status 2: withdraw who did not check in, fill freed
 * places from the waitlist) for every tournament whose scheduled check-in window closed by
 * `now` (issue #17 §2). Readers already show Closed from the close time on
 * (`effectiveSwitches`); this stores 2 and performs the withdrawals, once per tournament: the
 * conditional update claims it, so two nodes never both run it. Logged as the system.
 * Returns how many tournaments it closed.
 */
export async function settleScheduledCheckinCloses(ctx: Pick<AppContext, "db" | "cache">, now = Date.now()): Promise<number> {
  let closed = 0;
  for (const id of await repo.dueCheckinCloses(ctx.db, now)) {
    const did = await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.claimCheckinClose(trx, id, now))) return false;
      await logTournamentAction(trx, { id }, { userId: null }, "controls.checkin_status", {
        summary: "Check-in window closed as scheduled",
        summaryKey: "checkin.closed_scheduled",
        summaryParams: {},
        after: `2 (${CHECKIN_STATUS_LABELS[2] ?? "Closed"})`,
        ...logWords(null, "checkin.closed"),
        now,
      });
      await closeCheckins(trx, id, null, now);
      return true;
    });
    if (did) closed++;
  }
  if (closed > 0) invalidateAfter(ctx.cache, "registration");
  return closed;
}

/** Starts the sweep on a timer (not keeping the process alive) and stops it when the app closes. */
export function startScheduleSweeper(app: FastifyInstance, ctx: AppContext): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    settleScheduledCheckinCloses(ctx)
      .catch((err: unknown) => app.log.error({ err }, "scheduled check-in close failed"))
      .finally(() => {
        running = false;
      });
  }, SCHEDULE_SWEEP_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
