import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { ConfigError, loadConfig } from "../src/config.js";
import { addressMatcher } from "../src/lib/addresses.js";
import { createTournament } from "./factories.js";
import { createTestApp, dialects, freshDatabase, type TestApp } from "./helpers.js";

/**
 * Issue #18 §8: GET /metrics in Prometheus text for allowed addresses or the token (404 for
 * everyone else), and request ids on every answer and log line.
 */

const D = await dialects();
const TOKEN = "a-long-enough-metrics-token";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("address lists", () => {
  it("match addresses, ranges and proxy-addr's names, IPv4-mapped addresses as IPv4", () => {
    const m = addressMatcher(["loopback", "10.1.0.0/16", "2001:db8::1"]);
    expect(["127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1", "10.1.200.3", "2001:db8::1"].map(m)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["10.2.0.1", "192.168.1.1", "2001:db8::2", "", undefined, "not-an-ip"].map(m)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("are checked at start: a bad METRICS_ALLOW or a short METRICS_TOKEN stops the server", () => {
    expect(() => loadConfig({ METRICS_ALLOW: "10.0.0.0/99" })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_ALLOW: "everyone" })).toThrow(/METRICS_ALLOW/);
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({}).metricsAllow).toEqual(["loopback"]);
  });
});

describe.each(D)("metrics and request ids (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { METRICS_TOKEN: TOKEN, PUBLIC_CACHE_SECONDS: "60" });
  }, 60_000);
  afterAll(() => t?.close());

  const scrape = (o: { from?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: "GET", url: "/metrics", remoteAddress: o.from ?? "127.0.0.1", headers: o.headers ?? {} });

  it("serves Prometheus text on loopback: requests by route pattern, queries, cache, bus, event loop, SSE", async () => {
    const id = await createTournament(t.database);
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: "GET", url: `/api/events/${id}` })).statusCode).toBe(200);
    await t.app.inject({ method: "GET", url: "/api/events/999999" });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // The pattern, never the URL (bounded label values).
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/events\/:id",status_code="200"\} 3/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/events\/:id",status_code="404"\} 1/);
    expect(text).not.toContain(`/api/events/${id}"`);
    expect(text).toMatch(/db_query_duration_seconds_count\{outcome="ok"\} [1-9]/);
    // The page answer is cached: two of the three reads were hits.
    expect(text).toMatch(/cache_requests_total\{result="hit"\} [2-9]/);
    expect(text).toMatch(/cache_requests_total\{result="miss"\} [1-9]/);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^sse_connections 0$/m);
    expect(text).toMatch(/^bus_connected 1$/m);
    if (dialect === "postgres") expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
  });

  it("counts bus messages and their lag", async () => {
    t.app.ctx.cache.invalidate("media:");
    await new Promise((r) => setTimeout(r, dialect === "postgres" ? 300 : 10));
    const text = (await scrape()).body;
    expect(text).toMatch(/bus_messages_total\{direction="published",topic="cache:invalidate"\} [1-9]/);
    expect(text).toMatch(/bus_messages_total\{direction="received",topic="cache:invalidate"\} [1-9]/);
    expect(text).toMatch(/bus_lag_seconds_count\{topic="cache:invalidate"\} [1-9]/);
  });

  it("answers the plain 404 to any other address, to a wrong token and through an untrusted proxy", async () => {
    const refused = [
      await scrape({ from: "10.0.0.1" }),
      await scrape({ from: "10.0.0.1", headers: { authorization: "Bearer wrong-token-of-some-length" } }),
      await scrape({ from: "10.0.0.1", headers: { authorization: TOKEN } }),
      // An nginx on loopback without TRUST_PROXY: the socket is the proxy's, the client unknown.
      await scrape({ headers: { "x-forwarded-for": "203.0.113.9" } }),
    ];
    // The same answer as a route that does not exist: nothing tells the metrics are there.
    const plain = await t.app.inject({ method: "GET", url: "/api/no-such-route" });
    expect([plain.statusCode, plain.json()]).toEqual([404, { status: "error", message: "Not found.", code: "not_found" }]);
    for (const r of refused) expect([r.statusCode, r.json()]).toEqual([404, plain.json()]);
    const withToken = await scrape({ from: "203.0.113.9", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain("http_request_duration_seconds");
  });

  it("gives every answer an X-Request-Id and ignores one sent by a client that is not a trusted proxy", async () => {
    const a = await t.app.inject({ method: "GET", url: "/api/health" });
    const b = await t.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "chosen-by-client" } });
    const c = await t.app.inject({ method: "GET", url: "/no/such/page" });
    for (const r of [a, b, c]) expect(r.headers["x-request-id"]).toMatch(UUID);
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
  });
});

describe("request ids behind a trusted proxy, in every log line", () => {
  it("keeps the proxy's X-Request-Id, refuses a malformed one, and logs each line with the id", async () => {
    const database = await freshDatabase("sqlite");
    const dataDir = mkdtempSync(join(tmpdir(), "site-test-"));
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, WEB_DIST: join(dataDir, "no-web"), TRUST_PROXY: "loopback" });
    const app = await buildApp({ config, database, logger: { level: "info", stream } });
    try {
      const viaProxy = await app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "nginx-7f3a.1" } });
      expect(viaProxy.headers["x-request-id"]).toBe("nginx-7f3a.1");
      const forged = await app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "bad id\nlevel=fatal" } });
      expect(forged.headers["x-request-id"]).toMatch(UUID);
      const notProxy = await app.inject({
        method: "GET",
        url: "/api/health",
        remoteAddress: "198.51.100.4",
        headers: { "x-request-id": "from-outside" },
      });
      expect(notProxy.headers["x-request-id"]).toMatch(UUID);
      const mine = lines.filter((l) => l.reqId === "nginx-7f3a.1").map((l) => l.msg);
      expect(mine).toEqual(["incoming request", "request completed"]);
      // Every line of a request carries its id.
      expect(lines.filter((l) => l.req !== undefined || l.res !== undefined).every((l) => typeof l.reqId === "string")).toBe(true);
    } finally {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
