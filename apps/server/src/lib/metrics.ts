import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/database.js";
import { addressMatcher } from "./addresses.js";
import { type Bus, topicFamily } from "./bus.js";
import type { TtlCache } from "./cache.js";
import { notFound } from "./errors.js";

/** Where Prometheus scrapes (not under /api: it is not a JSON endpoint of the contract). */
export const METRICS_PATH = "/metrics";

const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The node's metrics (issue #18 §8), one registry per app (tests build many apps in one
 * process). Names and labels:
 *
 * | metric                               | type      | labels                      | what                                   |
 * |--------------------------------------|-----------|-----------------------------|----------------------------------------|
 * | `http_request_duration_seconds`      | histogram | method, route, status_code  | route = Fastify's pattern (`/api/events/:id`), `(page)` for page shells, `(not found)` |
 * | `db_query_duration_seconds`          | histogram | outcome (ok, error)         | every Kysely query                     |
 * | `db_pool_connections`                | gauge     | state (total, idle, waiting)| PostgreSQL pool; absent on SQLite      |
 * | `cache_requests_total`               | counter   | result (hit, miss)          | micro-cache reads (`lib/cache.ts`)     |
 * | `bus_messages_total`                 | counter   | direction, topic            | topic family (`tournament:{id}`)       |
 * | `bus_lag_seconds`                    | histogram | topic                       | sent → received (the sender's clock)   |
 * | `bus_connected`                      | gauge     |                             | 1 while the bus listens                |
 * | `sse_connections`                    | gauge     |                             | open event streams (the live issue sets it) |
 * | `nodejs_eventloop_lag_*`, `process_*`| prom-client's defaults                  | event-loop lag, CPU, memory, handles   |
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from request to response, by route pattern and status",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  readonly queryDuration = new Histogram({
    name: "db_query_duration_seconds",
    help: "Database query durations",
    labelNames: ["outcome"] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  readonly busMessages = new Counter({
    name: "bus_messages_total",
    help: "Event bus messages published and received by this node",
    labelNames: ["direction", "topic"] as const,
    registers: [this.registry],
  });
  readonly busLag = new Histogram({
    name: "bus_lag_seconds",
    help: "Delay from publishing (on the sender's clock) to receipt here",
    labelNames: ["topic"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });
  /** Open server-sent event streams; 0 until the live-updates issue sets it. */
  readonly sseConnections = new Gauge({ name: "sse_connections", help: "Open server-sent event connections", registers: [this.registry] });
}

/** What the metrics watch. */
export interface Watched {
  database: Pick<Database, "pool" | "observeQueries">;
  cache: TtlCache;
  bus: Bus;
}

/**
 * Wires `metrics` to the app: request timing (onResponse), query timing, pool, cache and bus
 * readings, the process's default metrics; stops watching when the app closes.
 */
export function instrumentApp(app: FastifyInstance, metrics: Metrics, watched: Watched): void {
  const { registry } = metrics;
  collectDefaultMetrics({ register: registry });

  app.addHook("onResponse", async (req, reply) => {
    const route = req.routeOptions.url ?? (reply.statusCode === 404 ? "(not found)" : "(page)");
    metrics.httpDuration.observe({ method: req.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
  });

  const stopQueries = watched.database.observeQueries?.((ms, failed) =>
    metrics.queryDuration.observe({ outcome: failed ? "error" : "ok" }, ms / 1000),
  );

  const pool = watched.database.pool;
  if (pool) {
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections by state",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
  }

  const cache = watched.cache;
  new Counter({
    name: "cache_requests_total",
    help: "Micro-cache reads answered from memory (hit) or computed (miss)",
    labelNames: ["result"] as const,
    registers: [registry],
    collect() {
      // The cache counts for itself; the counter mirrors its totals at each scrape.
      this.reset();
      this.inc({ result: "hit" }, cache.stats.hits);
      this.inc({ result: "miss" }, cache.stats.misses);
    },
  });

  const bus = watched.bus;
  new Gauge({
    name: "bus_connected",
    help: "1 while the event bus is connected",
    registers: [registry],
    collect() {
      this.set(bus.connected ? 1 : 0);
    },
  });
  const stopBus = bus.observe((e) => {
    const topic = topicFamily(e.topic);
    metrics.busMessages.inc({ direction: e.kind, topic });
    if (e.lagMs !== undefined) metrics.busLag.observe({ topic }, e.lagMs / 1000);
  });

  app.addHook("onClose", async () => {
    stopQueries?.();
    stopBus();
  });
}

/** Who may read `/metrics`: addresses (METRICS_ALLOW) and a bearer token (METRICS_TOKEN). */
export interface MetricsAccess {
  allow: readonly string[];
  token: string | undefined;
}

const digest = (v: string) => createHash("sha256").update(v).digest();

/**
 * `GET /metrics` in Prometheus text format. Reachable from an allowed address or with
 * `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets the plain 404 of an unknown path
 * (its existence is not advertised). The address is the client's as Fastify resolves it
 * through trusted proxies; a request carrying X-Forwarded-For from a proxy that is *not*
 * trusted is refused by address, since its socket address is the proxy's, not the client's
 * (an nginx on loopback without TRUST_PROXY would otherwise open it to everyone).
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, access: MetricsAccess): void {
  const allowed = addressMatcher(access.allow);
  const token = access.token ? digest(access.token) : null;
  const mayRead = (req: FastifyRequest): boolean => {
    const auth = req.headers.authorization;
    if (token && typeof auth === "string" && auth.startsWith("Bearer ") && timingSafeEqual(digest(auth.slice(7)), token)) return true;
    const untrustedProxy = req.headers["x-forwarded-for"] !== undefined && req.ip === req.socket.remoteAddress;
    return !untrustedProxy && allowed(req.ip);
  };
  app.get(
    METRICS_PATH,
    {
      schema: { hide: true },
      onRequest: async (req) => {
        if (!mayRead(req)) throw notFound();
      },
    },
    async (_req, reply) => {
      const text = await metrics.registry.metrics();
      return reply.header("cache-control", "no-store").type(metrics.registry.contentType).send(text);
    },
  );
}
