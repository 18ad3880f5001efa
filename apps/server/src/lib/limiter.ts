import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "./errors.js";

/**
 * Rate limits behind one interface (issue #15 §4), so the counters can live in memory for one
 * process or in a shared store when several processes serve the site (the scale-out issue backs
 * `LimiterStore` with PostgreSQL through rate-limiter-flexible's store of the same shape).
 *
 * A limit is a family of counters: `points` per key in a fixed window of `durationSec`.
 */
export interface LimitSpec {
  /** Unique per family; also the key prefix in a shared store. */
  name: string;
  points: number;
  durationSec: number;
}

/** Where counters live. */
export interface LimiterStore {
  /** The limiter of a family (the same object for the same name). */
  limiter(spec: LimitSpec): RateLimiterAbstract;
}

/** Counters in this process's memory (one node; a restart forgives everyone). */
export class MemoryLimiterStore implements LimiterStore {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  limiter(spec: LimitSpec): RateLimiterAbstract {
    let l = this.limiters.get(spec.name);
    if (!l) {
      l = new RateLimiterMemory({ keyPrefix: spec.name, points: spec.points, duration: spec.durationSec });
      this.limiters.set(spec.name, l);
    }
    return l;
  }
}

/**
 * Counts one action of `key` against `spec`; over the limit, throws 429 with `message` and
 * '(try again in N minutes)' appended. The store's own errors propagate.
 */
export async function consumeOrRefuse(store: LimiterStore, spec: LimitSpec, key: string | number, message: string): Promise<void> {
  try {
    await store.limiter(spec).consume(String(key));
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60_000));
    throw new AppError("RATE_LIMITED", `${message} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  }
}

/** Per-actor limits of actions that notify someone else (issue #15 §4). */
export const ACTION_LIMITS = {
  /** Squad and team invitations, join requests: 30 an hour per account. */
  invitations: { name: "invitations", points: 30, durationSec: 3600 },
  /** Kicks and cancelled invitations: 30 an hour per account. */
  removals: { name: "removals", points: 30, durationSec: 3600 },
} as const satisfies Record<string, LimitSpec>;

/** The refusal of ACTION_LIMITS.invitations. */
export const TOO_MANY_INVITATIONS = "You have sent too many invitations or requests.";
/** The refusal of ACTION_LIMITS.removals. */
export const TOO_MANY_REMOVALS = "You have removed too many players.";
