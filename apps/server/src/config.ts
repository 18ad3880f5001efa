import { resolve } from "node:path";
import { z } from "zod";
import { addressMatcher } from "./lib/addresses.js";

const bool = z.enum(["0", "1", "true", "false", "yes", "no", "on", "off"]).transform((v) => ["1", "true", "yes", "on"].includes(v));

/** True when every comma-separated entry is an address, a CIDR range or a known name. */
function validAddressList(v: string): boolean {
  try {
    addressMatcher(v.split(","));
    return true;
  } catch {
    return false;
  }
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .refine((v) => /^(sqlite:|postgres(ql)?:\/\/)/.test(v), "must start with sqlite: or postgres://")
    .optional(),
  SITE_NAME: z.string().min(1).max(100).default("Racing Central"),
  SUPPORT_FORUM_URL: z.string().min(1).default("https://discord.gg/"),
  DEMO: bool.optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("no-reply@localhost"),
  PUBLIC_URL: z.string().optional(),
  WEB_DIST: z.string().optional(),
  /** PostgreSQL connections in the server's pool (docs/decisions.md "#16 Stop 30": 5 measured best on 2 cores, against 3, 10 and 20). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(5),
  /** PostgreSQL: name statements so each connection prepares a SQL text once (docs/decisions.md "#16 Stop 30": on, measured). */
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  /**
   * Whether pages are drawn on the server from the web build's dist/ssr bundle (#17 §6); on by
   * default when the build has one. `0` serves the shell only (the browser draws everything).
   */
  SERVER_RENDER: bool.default(true),
  /** Seconds the hottest public reads may be served from memory; 0 turns the cache off. */
  PUBLIC_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /**
   * Proxies in front of the site whose X-Forwarded-For is believed: a hop count ('1' for one
   * nginx) or a comma-separated list of addresses, CIDR ranges or the names proxy-addr knows
   * (`loopback`, `linklocal`, `uniquelocal`; `loopback` for an nginx on the same machine,
   * deploy/nginx.conf). Unset: none (the socket's address is the client's).
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d+|([0-9a-fA-F.:/]+|loopback|linklocal|uniquelocal)(\s*,\s*([0-9a-fA-F.:/]+|loopback|linklocal|uniquelocal))*)?$/,
      "a hop count or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal",
    )
    .optional(),
  /** Memory per node for hot uploaded images (issue #18 §4), in MB; 0 reads every image from the database. */
  UPLOAD_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  /**
   * Who may read GET /metrics by address (issue #18 §8): comma-separated addresses, CIDR ranges,
   * loopback, linklocal or uniquelocal; the client's address through TRUST_PROXY.
   */
  METRICS_ALLOW: z
    .string()
    .regex(
      /^([0-9a-fA-F.:/]+|loopback|linklocal|uniquelocal)(\s*,\s*([0-9a-fA-F.:/]+|loopback|linklocal|uniquelocal))*$/,
      "a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal",
    )
    .refine(validAddressList, "an entry is not a valid address or CIDR range")
    .default("loopback"),
  /** A bearer token that opens GET /metrics from any address (a scraper elsewhere); unset: none. */
  METRICS_TOKEN: z.string().min(16, "at least 16 characters").optional(),
  /** Milliseconds a stopping server waits for in-flight requests before it exits anyway (issue #18 §5). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Live updates (issue #20 §1): open SSE streams per client address, and per node. */
  SSE_MAX_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  SSE_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Milliseconds between heartbeat comments on every SSE stream. */
  SSE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(300_000).default(15_000),
  /**
   * Milliseconds after which an SSE stream is ended (±10%); the browser reconnects with its
   * Last-Event-ID and the viewer's rights are read again.
   */
  SSE_MAX_STREAM_MS: z.coerce.number().int().min(10).max(86_400_000).default(1_800_000),
  /** Seconds of live events each node keeps for clients reconnecting with Last-Event-ID. */
  SSE_REPLAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  /** Outgoing webhooks may target private, loopback and link-local addresses and plain http (tests, development). */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** Run this node's webhook delivery worker; default on, off when NODE_ENV=test. */
  WEBHOOK_WORKER: bool.optional(),
});

/** The server's settings, parsed once from the environment at start (foundation §3). */
export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  /** PostgreSQL pool size (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** PostgreSQL statement reuse (DATABASE_PREPARED_STATEMENTS). */
  databasePreparedStatements: boolean;
  siteName: string;
  supportForumUrl: string;
  /** Load the demo dataset into an empty database (see `demoRefusal` when DEMO=1 was refused). */
  demo: boolean;
  /** Why DEMO=1 was not honoured (production, or a public address), or null. */
  demoRefusal: string | null;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  webDist: string;
  serverRender: boolean;
  logLevel: string;
  publicCacheMs: number;
  /** Bytes of uploaded images each node keeps in memory (UPLOAD_CACHE_MB). */
  uploadCacheBytes: number;
  /** Bound on a graceful shutdown, ms (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** Fastify's trustProxy: false, a hop count, or trusted proxy addresses/ranges (TRUST_PROXY). */
  trustProxy: false | number | string[];
  /** Addresses, ranges and names that may read /metrics (METRICS_ALLOW). */
  metricsAllow: string[];
  /** Bearer token for /metrics from anywhere (METRICS_TOKEN). */
  metricsToken: string | undefined;
  /** SSE streams per client address (SSE_MAX_PER_IP) and per node (SSE_MAX_CONNECTIONS). */
  sseMaxPerIp: number;
  sseMaxConnections: number;
  /** Heartbeat interval of SSE streams, ms (SSE_HEARTBEAT_MS). */
  sseHeartbeatMs: number;
  /** Lifetime of one SSE stream, ms (SSE_MAX_STREAM_MS). */
  sseMaxStreamMs: number;
  /** Replay window for Last-Event-ID, s (SSE_REPLAY_SECONDS). */
  sseReplaySeconds: number;
  /** Webhook URLs may be http and private addresses (WEBHOOK_ALLOW_PRIVATE, tests and development only). */
  webhookAllowPrivate: boolean;
  /** This node delivers webhooks (WEBHOOK_WORKER; off in tests unless set). */
  webhookWorker: boolean;
};

/** True for http(s) URLs on this machine only: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
    return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "::1";
  } catch {
    return false;
  }
}

/** Thrown when an environment variable has a bad value; the message names the variable. */
export class ConfigError extends Error {}

/**
 * Parses `env` (default `process.env`). Throws ConfigError naming the first bad variable,
 * e.g. "PORT: Too big: expected number to be <=65535".
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const port = e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
  // Demo accounts share the password 'password': only on request, and only where nobody else
  // can reach the site (issue #15 §5).
  const demoRefusal = !e.DEMO
    ? null
    : e.NODE_ENV === "production"
      ? "DEMO=1 is ignored when NODE_ENV=production."
      : !isLoopbackUrl(publicUrl)
        ? `DEMO=1 is ignored because PUBLIC_URL (${publicUrl}) is not a loopback address.`
        : null;
  return {
    nodeEnv: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${resolve(dataDir, "site.db")}`,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    siteName: e.SITE_NAME,
    supportForumUrl: e.SUPPORT_FORUM_URL,
    demo: e.DEMO === true && demoRefusal === null,
    demoRefusal,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    webDist: resolve(e.WEB_DIST ?? new URL("../../web/dist", import.meta.url).pathname),
    serverRender: e.SERVER_RENDER,
    logLevel: e.LOG_LEVEL,
    publicCacheMs: e.PUBLIC_CACHE_SECONDS * 1000,
    uploadCacheBytes: Math.round(e.UPLOAD_CACHE_MB * 1024 * 1024),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    trustProxy: !e.TRUST_PROXY
      ? false
      : /^\d+$/.test(e.TRUST_PROXY)
        ? Number(e.TRUST_PROXY)
        : e.TRUST_PROXY.split(",").map((a) => a.trim()),
    metricsAllow: e.METRICS_ALLOW.split(",").map((a) => a.trim()),
    metricsToken: e.METRICS_TOKEN,
    sseMaxPerIp: e.SSE_MAX_PER_IP,
    sseMaxConnections: e.SSE_MAX_CONNECTIONS,
    sseHeartbeatMs: e.SSE_HEARTBEAT_MS,
    sseReplaySeconds: e.SSE_REPLAY_SECONDS,
    sseMaxStreamMs: e.SSE_MAX_STREAM_MS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    webhookWorker: e.WEBHOOK_WORKER ?? e.NODE_ENV !== "test",
  };
}
