import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { AppError, type MessageCode } from "./errors.js";

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
  /** Stops background work (the shared store's cleanup). */
  close?(): void;
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

/** The shared table (migration 0022_rate_limits) and how often its expired rows are deleted. */
const RATE_LIMIT_TABLE = "rate_limits";
const CLEANUP_EVERY_MS = 5 * 60_000;

/**
 * Counters in PostgreSQL (issue #18 §3), so every node counts against the same budget: login,
 * signup, reset, markdown preview and invitation limits hold across nodes. Each action is one
 * upsert of the row `<family>:<key>` (rate-limiter-flexible's `RateLimiterPostgres`: the
 * window restarts when the row's `expire` has passed) on the app's pool. Rows whose window
 * ended over an hour ago are deleted every five minutes by each node (a cheap indexed delete;
 * several nodes doing it is harmless). Errors of the database propagate (a 5xx, as any query).
 */
export class PostgresLimiterStore implements LimiterStore {
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private readonly cleanup: NodeJS.Timeout;

  /** `schema`: the schema of the table when not found through the search path (tests). */
  constructor(
    private readonly pool: pg.Pool,
    private readonly schema?: string,
  ) {
    // The library's own sweep (a delete by `expire`; never rejects), untyped in its .d.ts.
    const sweeper = this.make({ name: "cleanup", points: 1, durationSec: 1 }) as unknown as { clearExpired(before: number): Promise<void> };
    this.cleanup = setInterval(() => void sweeper.clearExpired(Date.now() - 3600_000), CLEANUP_EVERY_MS);
    this.cleanup.unref();
  }

  private make(spec: LimitSpec): RateLimiterPostgres {
    return new RateLimiterPostgres({
      storeClient: this.pool,
      storeType: "pool",
      tableName: RATE_LIMIT_TABLE,
      ...(this.schema ? { schemaName: this.schema } : {}),
      // The migration made the table; the library's own creation and timers stay off.
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: spec.name,
      points: spec.points,
      duration: spec.durationSec,
    });
  }

  limiter(spec: LimitSpec): RateLimiterAbstract {
    let l = this.limiters.get(spec.name);
    if (!l) {
      l = this.make(spec);
      this.limiters.set(spec.name, l);
    }
    return l;
  }

  close(): void {
    clearInterval(this.cleanup);
  }
}

/** The store of a database: shared in PostgreSQL when there is a pool, this process's memory otherwise. */
export function createLimiterStore(database: { pool?: pg.Pool | undefined; schema?: string | undefined }): LimiterStore {
  return database.pool ? new PostgresLimiterStore(database.pool, database.schema) : new MemoryLimiterStore();
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** A per-client-address limit checked before the body is read (`registerIpLimits`). */
    ipLimit?: LimitSpec;
  }
}

/** The refusal of an `ipLimit`. */
export const TOO_MANY_REQUESTS = "Too many requests from your address.";

/**
 * Routes whose config names an `ipLimit` count every call of the client address (`req.ip`,
 * the client's through trusted proxies) in `store` before the body is read, and refuse with
 * 429 past it. Counters are per route family name, in the same store as every other limit,
 * so they hold across nodes on PostgreSQL.
 */
export function registerIpLimits(app: FastifyInstance, store: LimiterStore): void {
  app.addHook("onRequest", async (req) => {
    const spec = req.routeOptions.config?.ipLimit;
    if (spec) await consumeOrRefuse(store, spec, req.ip, TOO_MANY_REQUESTS);
  });
}

/**
 * Counts one action of `key` against `spec`; over the limit, throws 429 with `message` and
 * 'Try again in N minutes.' appended. The refusal's code (#21) is `reason`'s (the code of
 * `message` alone, its params too), else the one RATE_CODES gives `message`, else
 * `rate_limited.other`; `minutes` is added to its params (a plural in the catalogue). The
 * store's own errors propagate.
 */
export async function consumeOrRefuse(
  store: LimiterStore,
  spec: LimitSpec,
  key: string | number,
  message: string,
  reason?: MessageCode,
): Promise<void> {
  try {
    await store.limiter(spec).consume(String(key));
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60_000));
    const { code, params } = reason ?? { code: RATE_CODES[message] ?? "rate_limited.other" };
    throw new AppError("RATE_LIMITED", `${message} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
      code,
      params: { ...params, minutes },
    });
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

/** The codes of this file's refusals (#21), by message: consumeOrRefuse's callers pass the messages. */
const RATE_CODES: Record<string, string> = {
  [TOO_MANY_REQUESTS]: "rate_limited.requests",
  [TOO_MANY_INVITATIONS]: "rate_limited.invitations",
  [TOO_MANY_REMOVALS]: "rate_limited.removals",
};
