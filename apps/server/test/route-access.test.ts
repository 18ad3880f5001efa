import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_TOO_LARGE_MESSAGE } from "../src/lib/multipart.js";
import { ROUTE_ACCESS } from "../src/features/permissions/route-access.js";
import { createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";
import { multipart, postForm } from "./tournament-helpers.js";

/**
 * Issue #15 §1: who may call a route is decided before its body is read. An anonymous caller
 * gets 401 and a forbidden one 403 whatever the body; form saves have a running total cap and
 * a field count from their schema.
 */
describe.each(await dialects())("route access before the body (%s)", (dialect) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /**
   * Streams `totalBytes` of a multipart body to `path` over a real socket, a chunk at a time,
   * and resolves with the status and how many bytes had been written when the answer came.
   */
  function streamUpload(path: string, totalBytes: number, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; sentBytes: number; body: string }>((resolve, reject) => {
      const boundary = "----streamtest";
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="series_logo"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const req = request({
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(totalBytes), ...headers },
      });
      let sent = 0;
      let answered = false;
      req.on("response", (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, sentBytes: sent, body: Buffer.concat(chunks).toString() });
          req.destroy();
        });
      });
      req.on("error", (err) => (answered ? undefined : reject(err)));
      const chunk = Buffer.alloc(64 * 1024, 7);
      req.write(head);
      sent += head.length;
      const pump = () => {
        while (!answered && sent + chunk.length <= totalBytes) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
  }

  it("answers an anonymous 55 MB form save with 401 before reading the body", async () => {
    const total = 55 * 1024 * 1024;
    const res = await streamUpload("/api/tournaments/series/new", total);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({ status: "error", message: "You must be logged in to do that.", code: "auth.login_required" });
    // The answer came while most of the body was still unsent: nothing waited for it.
    expect(res.sentBytes).toBeLessThan(total / 2);
  });

  it("answers an anonymous upload with 401 whatever the body, and a forbidden caller with 403", async () => {
    expect((await streamUpload("/api/uploads", 10 * 1024 * 1024)).status).toBe(401);
    const anon = await t.app.inject({ method: "POST", url: "/api/admin/word_filter", payload: "not json at all" });
    expect(anon.statusCode).toBe(401);
    const { c: player } = await signedIn(t, { player: false });
    const refused = await player.request({
      method: "POST",
      url: "/api/admin/word_filter",
      payload: "{broken json",
      headers: { "content-type": "application/json" },
    });
    expect(refused.statusCode).toBe(403);
  });

  it("refuses a form save whose fields pass the 3 MB running total with 413", async () => {
    const { c } = await signedIn(t, { roles: ["event_admin"], player: false });
    const big = "x".repeat(900 * 1024);
    const res = await postForm(c, "/api/tournaments/series/new", {
      series_name: "Big",
      description: big,
      full_description: big,
      ruleset: big,
      short_description: big,
    });
    expect([res.statusCode, res.json().message]).toEqual([413, FORM_TOO_LARGE_MESSAGE]);
  });

  it("refuses a form save with far more fields than its schema has, without a 5xx", async () => {
    const { c } = await signedIn(t, { roles: ["event_admin"], player: false });
    const fields = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, "1"]));
    const body = await multipart(fields);
    const res = await c.request({ method: "POST", url: "/api/tournaments/series/new", payload: body.payload, headers: body.headers });
    // busboy stops at the schema's field count plus a margin; the answer is a 413, never a 5xx.
    expect(res.statusCode).toBe(413);
  });

  it("has a rule for every registered API route, and no rule for a route that does not exist", async () => {
    const registered = new Set<string>();
    for (const key of Object.keys(ROUTE_ACCESS)) {
      const [method, path] = key.split(" ") as [string, string];
      if (t.app.hasRoute({ method: method as "GET", url: path })) registered.add(key);
    }
    expect(Object.keys(ROUTE_ACCESS).filter((k) => !registered.has(k))).toEqual([]);
  });

  it("marks API answers no-store unless the route says they may be cached", async () => {
    const { c } = await signedIn(t);
    expect((await c.get("/api/session")).headers["cache-control"]).toBe("no-store");
    expect((await c.get("/api/notifications")).headers["cache-control"]).toBe("no-store");
    expect((await c.get("/api/events/999/register")).headers["cache-control"]).toBe("no-store");
    expect((await t.app.inject({ method: "GET", url: "/api/nothing-here" })).headers["cache-control"]).toBe("no-store");
    // A route that chose a public lifetime keeps it.
    expect((await t.app.inject({ method: "GET", url: "/api/media/news/latest" })).headers["cache-control"]).toBe("public, max-age=30");
  });
});
