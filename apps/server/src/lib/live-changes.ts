import type { Kysely } from "kysely";
import type { LiveTournamentChange } from "@site/contract";
import type { DB } from "../db/schema.js";
import type { Bus } from "./bus.js";

/**
 * What a write changed, for live updates (issue #20 §1), published on the bus only after the
 * write's transaction committed.
 *
 * Writers do not publish themselves: `noteLiveChange(trx, …)` records the change on the
 * transaction (the tournament log line every tournament write already writes does it, see
 * `logTournamentAction`; notifications do it in `notifyMany`), and the database handle made by
 * `publishLiveChangesAfterCommit` publishes what a transaction noted once its commit returned.
 * A rolled-back transaction publishes nothing. A note made outside a transaction (autocommit)
 * is published at once, since what came before it is already committed.
 *
 * Publication waits for `setImmediate` after the commit: writers clear the micro-cache right
 * after their transaction (`invalidateAfter`), and that invalidation leaves on the bus in a
 * microtask of the same turn. Going after it, the live event reaches every node after the
 * invalidation did (the bus keeps one publisher's order), so a client that refetches on the
 * event never gets the old answer from another node's cache.
 *
 * Notes are deduplicated per transaction: a bulk action that writes 200 log lines publishes
 * one `registrations` event.
 */
export type LiveNote = { tournamentId: number; change: LiveTournamentChange } | { userId: number };

const pending = new WeakMap<object, Map<string, LiveNote>>();
const publishers = new WeakMap<object, (notes: LiveNote[]) => void>();

function noteKey(n: LiveNote): string {
  return "userId" in n ? `u${n.userId}` : `t${n.tournamentId}:${JSON.stringify(n.change)}`;
}

/** Records `note` on `db` (a transaction: published after it commits; the root database: published now). */
export function noteLiveChange(db: Kysely<DB>, note: LiveNote): void {
  if (!db.isTransaction) {
    publishers.get(db)?.([note]);
    return;
  }
  let notes = pending.get(db);
  if (!notes) pending.set(db, (notes = new Map()));
  notes.set(noteKey(note), note);
}

/**
 * Which live event a tournament log action is (`logTournamentAction` calls this): rounds
 * actions are `rounds`, `room` or `table`; check-ins `check_ins`; placements `placements`;
 * registrations, squads and team registrations `registrations`; controls and tournament saves
 * `tournament`. Closing check-in withdraws who did not check in: `check_ins` there, and the
 * lists refetch on it too.
 */
export function liveKindOfAction(action: string): LiveTournamentChange["kind"] {
  if (action === "rounds.table") return "table";
  if (action === "rounds.room" || action === "rounds.lock" || action === "rounds.unlock" || action === "rounds.rooms") return "room";
  if (action.startsWith("rounds.")) return "rounds";
  if (action.startsWith("registration.check")) return "check_ins";
  if (action.startsWith("placements.")) return "placements";
  if (action.startsWith("registration.") || action.startsWith("squad.") || action.startsWith("team.")) return "registrations";
  return "tournament";
}

/** Publishes notes on the bus: `tournament:{id}` with the change, `user:{id}` for notifications. */
function publishNotes(bus: Bus, notes: Iterable<LiveNote>): void {
  for (const n of notes) {
    if ("userId" in n) bus.publish(`user:${n.userId}`, { kind: "notifications" });
    else bus.publish(`tournament:${n.tournamentId}`, n.change);
  }
}

/**
 * Makes `db` publish its transactions' notes on `bus` after they commit (see above). Wraps the
 * instance's `transaction()` in place, so every service's `ctx.db.transaction().execute(…)`
 * takes part without knowing. Returns the function that stops publishing (app close).
 */
export function publishLiveChangesAfterCommit(db: Kysely<DB>, bus: Bus, onError: (err: unknown) => void): () => void {
  let stopped = false;
  const publish = (notes: LiveNote[]) => {
    if (stopped || notes.length === 0) return;
    setImmediate(() => {
      if (stopped) return;
      try {
        publishNotes(bus, notes);
      } catch (err) {
        onError(err);
      }
    });
  };
  publishers.set(db, publish);
  const original = db.transaction.bind(db);
  type Builder = ReturnType<typeof original>;
  const wrap = (builder: Builder): Builder =>
    new Proxy(builder, {
      get(target, prop) {
        if (prop === "execute") {
          return async <T>(fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> => {
            let trx: Kysely<DB> | null = null;
            const result = await target.execute((t) => {
              trx = t;
              return fn(t);
            });
            const notes = trx ? pending.get(trx) : undefined;
            if (notes) publish([...notes.values()]);
            return result;
          };
        }
        if (prop === "setAccessMode" || prop === "setIsolationLevel") {
          return (value: never) => wrap(target[prop](value));
        }
        const v: unknown = Reflect.get(target, prop, target);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
  db.transaction = () => wrap(original());
  return () => {
    stopped = true;
  };
}
