import { createHash, randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { LiveTournamentChange } from "@site/contract";
import type { TtlCache } from "./cache.js";

/**
 * The event bus (issue #18 §1): one way for a node to tell every node (itself included)
 * that something happened.
 *
 * **Topics** are strings `<family>:<detail>`; the family says who publishes and what the
 * payload is (`BusTopics`, which later features extend by declaration merging):
 *
 * | topic              | payload                   | published by                                   |
 * |--------------------|---------------------------|------------------------------------------------|
 * | `cache:invalidate` | `{ prefixes: string[] }`  | `TtlCache.invalidate` (see `shareCacheOverBus`) |
 * | `tournament:{id}`  | `LiveTournamentChange`    | writes to tournament `id`, after commit (`lib/live-changes.ts`), for SSE clients |
 * | `user:{id}`        | `{ kind: "notifications" }` | a notification for account `id` created or read, after commit |
 * | `bus:reconnected`  | `{}`, local only          | the bus, after it reconnected                   |
 * | `bus:disconnected` | `{}`, local only          | the bus, when its connection is lost            |
 *
 * Ids go in the detail, never in the family, so metrics can label messages by family
 * (`topicFamily`). `bus:*` topics are never published: each node raises them for itself.
 *
 * **Delivery**: every subscriber of a topic on every node receives each message at most once,
 * the publisher's own node included (`meta.fromSelf` tells; the cache skips its own echo
 * because it cleared at once). Order is kept per publisher. A message published while a node
 * is disconnected is lost *for that node*: it raises `bus:disconnected` at once and
 * `bus:reconnected` when back, and subscribers that keep state (the cache) drop it then.
 *
 * Implementations: `MemoryBus` on SQLite (one node by definition) delivers in-process;
 * `PostgresBus` uses `LISTEN/NOTIFY` on a dedicated connection (payloads ≤ 7,000 bytes of
 * JSON, PostgreSQL's limit being 8,000).
 */
export interface Bus {
  /** This node's id (host, process id and a random part); tags every message it sends. */
  readonly nodeId: string;
  readonly kind: "memory" | "postgres";
  /** Connects (PostgreSQL); resolves once listening, or after the first failure (it then retries in the background). */
  start(): Promise<void>;
  /** Sends `payload` to `topic` on every node. Throws when the JSON exceeds MAX_PAYLOAD_BYTES or the topic is local. */
  publish<T extends BusTopic>(topic: T, payload: BusPayload<T>): void;
  /** Calls `handler` for each message of `topic` (exact match); returns the unsubscribe function. */
  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<BusPayload<T>>): () => void;
  /**
   * Calls `handler` for each message of every topic of `family` (`tournament` hears
   * `tournament:1`, `tournament:2`, …), with the topic; returns the unsubscribe function. The
   * live updates' one subscription per node (issue #20 §1).
   */
  subscribeFamily<F extends BusFamily>(
    family: F,
    handler: (topic: `${F}:${number}`, payload: BusPayload<`${F}:${number}`>, meta: BusMeta) => void,
  ): () => void;
  /** Calls `observer` for each message sent or received (metrics); returns the function that stops it. */
  observe(observer: BusObserver): () => void;
  /** True while messages flow (always for MemoryBus). */
  readonly connected: boolean;
  close(): Promise<void>;
}

/** Payloads by topic. Later features add their topics here with `declare module`. */
export interface BusTopics {
  "cache:invalidate": { prefixes: string[] };
  "bus:reconnected": Record<string, never>;
  "bus:disconnected": Record<string, never>;
  [live: `tournament:${number}`]: LiveTournamentChange;
  [user: `user:${number}`]: { kind: "notifications" };
}
/** Topic families whose topics end in an id (`subscribeFamily`). */
export type BusFamily = "tournament" | "user";
export type BusTopic = keyof BusTopics & string;
export type BusPayload<T extends BusTopic> = BusTopics[T];

/** Who sent a message and when (the sender's clock, milliseconds since the epoch). */
export interface BusMeta {
  origin: string;
  fromSelf: boolean;
  sentAt: number;
}
export type BusHandler<P> = (payload: P, meta: BusMeta) => void;
export type BusObserver = (event: { kind: "published" | "received"; topic: string; lagMs?: number }) => void;

/** NOTIFY refuses payloads of 8,000 bytes or more; the envelope stays well under it. */
export const MAX_PAYLOAD_BYTES = 7000;

/** `tournament:12` → `tournament:{id}`: a label of bounded cardinality for metrics. */
export function topicFamily(topic: string): string {
  return topic.replace(/:\d+(?=:|$)/g, ":{id}");
}

const LOCAL_TOPICS = new Set<string>(["bus:reconnected", "bus:disconnected"]);

/** The wire form of a message: origin node, topic, sent-at, payload. */
interface Envelope {
  o: string;
  t: string;
  s: number;
  p: unknown;
}

function newNodeId(): string {
  return `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
}

/** Subscriptions and delivery shared by both implementations. */
abstract class BaseBus {
  readonly nodeId = newNodeId();
  private readonly handlers = new Map<string, Set<BusHandler<unknown>>>();
  private readonly familyHandlers = new Map<string, Set<(topic: string, payload: unknown, meta: BusMeta) => void>>();
  private readonly observers = new Set<BusObserver>();
  constructor(protected readonly log: Pick<FastifyBaseLogger, "warn" | "error" | "info">) {}

  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<BusPayload<T>>): () => void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    const h = handler as BusHandler<unknown>;
    set.add(h);
    return () => set.delete(h);
  }

  subscribeFamily<F extends BusFamily>(
    family: F,
    handler: (topic: `${F}:${number}`, payload: BusPayload<`${F}:${number}`>, meta: BusMeta) => void,
  ): () => void {
    let set = this.familyHandlers.get(family);
    if (!set) this.familyHandlers.set(family, (set = new Set()));
    const h = handler as (topic: string, payload: unknown, meta: BusMeta) => void;
    set.add(h);
    return () => set.delete(h);
  }

  observe(observer: BusObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  protected notifyObservers(event: Parameters<BusObserver>[0]): void {
    for (const o of this.observers) o(event);
  }

  /** Hands a message to this node's subscribers; a throwing handler is logged, the others still run. */
  protected deliver(topic: string, payload: unknown, meta: BusMeta): void {
    for (const h of this.handlers.get(topic) ?? []) {
      try {
        h(payload, meta);
      } catch (err) {
        this.log.error({ err, topic }, "bus subscriber failed");
      }
    }
    const family = /^([a-z]+):\d+$/.exec(topic)?.[1];
    for (const h of (family && this.familyHandlers.get(family)) || []) {
      try {
        h(topic, payload, meta);
      } catch (err) {
        this.log.error({ err, topic }, "bus subscriber failed");
      }
    }
  }

  protected raiseLocal(topic: "bus:reconnected" | "bus:disconnected"): void {
    this.deliver(topic, {}, { origin: this.nodeId, fromSelf: true, sentAt: Date.now() });
  }

  /** The wire text of a message, checked against the size limit and local topics. */
  protected envelope(topic: string, payload: unknown): string {
    if (LOCAL_TOPICS.has(topic)) throw new Error(`bus: ${topic} is raised locally, never published`);
    const text = JSON.stringify({ o: this.nodeId, t: topic, s: Date.now(), p: payload } satisfies Envelope);
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_PAYLOAD_BYTES) throw new Error(`bus: a ${topic} message of ${bytes} bytes exceeds ${MAX_PAYLOAD_BYTES}`);
    return text;
  }

  /** Delivers a message received as wire text; ignores what is not an envelope. */
  protected receive(text: string): void {
    let e: Envelope;
    try {
      e = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (typeof e?.o !== "string" || typeof e.t !== "string" || typeof e.s !== "number" || LOCAL_TOPICS.has(e.t)) return;
    this.notifyObservers({ kind: "received", topic: e.t, lagMs: Math.max(0, Date.now() - e.s) });
    this.deliver(e.t, e.p, { origin: e.o, fromSelf: e.o === this.nodeId, sentAt: e.s });
  }
}

/** One node: messages go to this process's subscribers on the next microtask. */
export class MemoryBus extends BaseBus implements Bus {
  readonly kind = "memory";
  readonly connected = true;

  async start(): Promise<void> {}

  publish<T extends BusTopic>(topic: T, payload: BusPayload<T>): void {
    // Same envelope and limit as PostgreSQL, so a payload that works here works there.
    const text = this.envelope(topic, payload);
    this.notifyObservers({ kind: "published", topic });
    queueMicrotask(() => this.receive(text));
  }

  async close(): Promise<void> {}
}

/** Reconnection waits: 100 ms doubling to 5 s, with up to 20% jitter so nodes do not reconnect in step. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;
/** A listener connection silently gone (a half-open TCP link) is found by this ping. */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5000;

/**
 * The channel of a schema: nodes of one site share it, sites in other schemas of the same
 * database (test files run side by side) never hear each other. Channel names are identifiers
 * (at most 63 bytes), so a long schema name is hashed.
 */
export function channelFor(schema: string): string {
  const name = `site_bus_${schema}`;
  return name.length <= 63 ? name : `site_bus_${createHash("sha256").update(schema).digest("hex").slice(0, 32)}`;
}

/**
 * PostgreSQL `LISTEN/NOTIFY` on a dedicated connection (not from the pool: a listening
 * session must stay open, and a pool would hand it to queries). Messages are sent on that
 * connection while it is up, else through the pool, so a node whose listener is reconnecting
 * still tells the others. On losing the connection it raises `bus:disconnected` and retries
 * with backoff; once listening again it raises `bus:reconnected`.
 */
export class PostgresBus extends BaseBus implements Bus {
  readonly kind = "postgres";
  private client: pg.Client | null = null;
  private channel = "";
  private closing = false;
  private attempts = 0;
  private everConnected = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  /** Messages waiting for the send in flight to finish; sent together in one statement. */
  private outbox: Array<{ topic: string; text: string }> = [];
  private sending = false;
  /** The listener's queries run one at a time (pg queues them, but concurrent calls are deprecated). */
  private queue: Promise<unknown> = Promise.resolve();
  /** The listener's server process id (tests end it to force a reconnect). */
  backendPid: number | null = null;

  constructor(
    private readonly pool: pg.Pool,
    log: Pick<FastifyBaseLogger, "warn" | "error" | "info">,
  ) {
    super(log);
  }

  get connected(): boolean {
    return this.client !== null;
  }

  async start(): Promise<void> {
    // The pool's search_path decides the schema, hence the channel.
    const { rows } = await this.pool.query<{ schema: string | null }>("select current_schema() as schema");
    this.channel = channelFor(rows[0]?.schema ?? "public");
    try {
      await this.connect();
    } catch (err) {
      this.log.error({ err }, "bus: cannot listen; retrying");
      this.raiseLocal("bus:disconnected");
      this.scheduleReconnect();
    }
  }

  private async connect(): Promise<void> {
    const o = this.pool.options;
    const client = new pg.Client({
      ...(o.connectionString ? { connectionString: o.connectionString } : {}),
      ...(o.host ? { host: o.host } : {}),
      ...(o.port ? { port: o.port } : {}),
      ...(o.user ? { user: o.user } : {}),
      ...(o.password ? { password: o.password } : {}),
      ...(o.database ? { database: o.database } : {}),
      ...(o.ssl ? { ssl: o.ssl } : {}),
      ...(o.options ? { options: o.options } : {}),
      keepAlive: true,
      connectionTimeoutMillis: 5000,
    });
    let ready = false;
    client.on("error", (err) => (ready ? this.lost(client, err) : undefined));
    client.on("end", () => (ready ? this.lost(client) : undefined));
    client.on("notification", (msg) => {
      if (msg.channel === this.channel && msg.payload !== undefined) this.receive(msg.payload);
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
      this.backendPid = rows[0]!.pid;
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.closing) {
      await client.end().catch(() => {});
      return;
    }
    ready = true;
    this.client = client;
    this.attempts = 0;
    this.heartbeat = setInterval(() => this.ping(client), HEARTBEAT_MS);
    this.heartbeat.unref();
    if (this.everConnected) {
      this.log.info({ channel: this.channel }, "bus: reconnected");
      this.raiseLocal("bus:reconnected");
    }
    this.everConnected = true;
  }

  private ping(client: pg.Client): void {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("heartbeat timed out")), HEARTBEAT_TIMEOUT_MS);
    });
    Promise.race([this.serial(client, "select 1", []), timeout])
      .catch((err: unknown) => this.lost(client, err))
      .finally(() => clearTimeout(timer));
  }

  /** The listener is gone: say so at once, then reconnect. */
  private lost(client: pg.Client, err?: unknown): void {
    if (client !== this.client) return;
    this.client = null;
    this.backendPid = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    client.end().catch(() => {});
    if (this.closing) return;
    this.log.warn({ err }, "bus: connection lost; local cache suspended until it is back");
    this.raiseLocal("bus:disconnected");
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closing || this.reconnectTimer) return;
    const base = Math.min(RECONNECT_MIN_MS * 2 ** this.attempts, RECONNECT_MAX_MS);
    this.attempts++;
    this.reconnectTimer = setTimeout(
      () => {
        this.reconnectTimer = null;
        this.connect().catch((err: unknown) => {
          this.log.warn({ err, attempt: this.attempts }, "bus: reconnect failed");
          this.scheduleReconnect();
        });
      },
      base * (1 + Math.random() * 0.2),
    );
    this.reconnectTimer.unref();
  }

  /** Runs a query on the listener connection after the ones before it. */
  private serial(client: pg.Client, text: string, values: unknown[]): Promise<unknown> {
    const run = this.queue.then(() => client.query(text, values));
    this.queue = run.catch(() => {});
    return run;
  }

  publish<T extends BusTopic>(topic: T, payload: BusPayload<T>): void {
    const text = this.envelope(topic, payload);
    if (!this.channel) throw new Error("bus: publish before start");
    this.notifyObservers({ kind: "published", topic });
    this.outbox.push({ topic, text });
    if (!this.sending) void this.flush();
  }

  /**
   * Sends everything in the outbox, in order, one statement per round trip (a burst of writes
   * costs one NOTIFY round trip, not one each), on the listener connection while it is up,
   * else (or when that fails) through the pool.
   */
  private async flush(): Promise<void> {
    this.sending = true;
    try {
      while (this.outbox.length) {
        const batch = this.outbox;
        this.outbox = [];
        const sql = "select pg_notify($1, m) from unnest($2::text[]) with ordinality as x(m, i) order by i";
        const values = [this.channel, batch.map((m) => m.text)];
        const client = this.client;
        try {
          if (client) await this.serial(client, sql, values);
          else await this.pool.query(sql, values);
        } catch (err) {
          if (this.closing) return;
          // The listener may have died under the query: the pool is the other way out.
          await this.pool
            .query(sql, values)
            .catch((e: unknown) => this.log.error({ err: e ?? err, topics: batch.map((m) => m.topic) }, "bus: publish failed"));
        }
      }
    } finally {
      this.sending = false;
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

/** The bus of a database: PostgreSQL LISTEN/NOTIFY when it has a pool, in-process otherwise. */
export function createBus(pool: pg.Pool | undefined, log: Pick<FastifyBaseLogger, "warn" | "error" | "info">): Bus {
  return pool ? new PostgresBus(pool, log) : new MemoryBus(log);
}

/**
 * Makes `cache` one cache across nodes: its invalidations are published on `cache:invalidate`
 * and other nodes' are applied here (its own echo is skipped: it cleared at once). While the
 * bus is disconnected the cache is suspended (nothing stored, every read computes), and it
 * starts empty when the bus is back, since invalidations sent meanwhile never arrived.
 * Call before `bus.start()`, so a failed first connection suspends it too.
 */
export function shareCacheOverBus(cache: TtlCache, bus: Bus): () => void {
  cache.share((prefixes) => bus.publish("cache:invalidate", { prefixes }));
  const offs = [
    bus.subscribe("cache:invalidate", (payload, meta) => {
      if (meta.fromSelf) return;
      const prefixes = Array.isArray(payload?.prefixes) ? payload.prefixes.filter((p): p is string => typeof p === "string") : [];
      cache.invalidateLocal(prefixes);
    }),
    bus.subscribe("bus:disconnected", () => cache.suspend()),
    bus.subscribe("bus:reconnected", () => cache.resume()),
  ];
  return () => offs.forEach((off) => off());
}
