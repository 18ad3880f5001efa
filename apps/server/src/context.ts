import type { Kysely } from "kysely";
import type { Config } from "./config.js";
import type { Dialect } from "./db/database.js";
import type { DB } from "./db/schema.js";
import type { LoginLimiter } from "./features/auth/login-limiter.js";
import type { Mailer } from "./features/mail/mailer.js";
import type { Bus } from "./lib/bus.js";
import type { TtlCache } from "./lib/cache.js";
import type { LimiterStore } from "./lib/limiter.js";
import type { Metrics } from "./lib/metrics.js";

/** What services need from the running server; decorated on the Fastify instance as `ctx`. */
export interface AppContext {
  db: Kysely<DB>;
  dialect: Dialect;
  config: Config;
  mailer: Mailer;
  loginLimiter: LoginLimiter;
  /** Where rate-limit counters live (memory for one process; see lib/limiter.ts). */
  limits: LimiterStore;
  /** Short-lived answers of public reads (see lib/cache.ts); keys are prefixed by feature. */
  cache: TtlCache;
  /** Messages to every node (lib/bus.ts): cache invalidations now, live updates later. */
  bus: Bus;
  /** This node's Prometheus metrics (lib/metrics.ts), e.g. `metrics.sseConnections`. */
  metrics: Metrics;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
