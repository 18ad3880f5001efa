import { describe, expect, it } from "vitest";
import { TtlCache } from "../src/lib/cache.js";
import { Client, createTestApp, createUser, dialects } from "./helpers.js";

describe("TtlCache", () => {
  it("shares one computation between concurrent callers and expires", async () => {
    const cache = new TtlCache(1000);
    let calls = 0;
    const compute = async () => ++calls;
    const [a, b] = await Promise.all([cache.get("k", compute, 0), cache.get("k", compute, 0)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(await cache.get("k", compute, 999)).toBe(1);
    expect(await cache.get("k", compute, 1001)).toBe(2);
  });

  it("does not keep failures and honours invalidate", async () => {
    const cache = new TtlCache(10_000);
    await expect(cache.get("x", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    await Promise.resolve();
    expect(await cache.get("x", async () => "ok")).toBe("ok");
    cache.invalidate("x");
    expect(await cache.get("x", async () => "fresh")).toBe("fresh");
  });
});

const D = await dialects();
describe.each(D)("public read cache in the app (%s)", (dialect) => {
  it("serves media from memory but drops it when an administrator adds an item", async () => {
    const t = await createTestApp(dialect, { PUBLIC_CACHE_SECONDS: "60" });
    try {
      await createUser(t.database, { email: "a@example.com", roles: ["administrate"] });
      const c = new Client(t.app);
      await c.login("a@example.com");
      expect((await c.get("/api/media/social/latest")).json().data).toHaveLength(0);
      // A row written behind the service's back stays invisible until the TTL or an invalidation.
      await t.database.db
        .insertInto("media_items")
        .values({ kind: "social", title: "Sneaky", url: "https://x.example", created_at: Date.now() })
        .execute();
      expect((await c.get("/api/media/social/latest")).json().data).toHaveLength(0);
      await c.post("/api/media/items", { kind: "social", title: "Official", url: "https://bsky.app/x" });
      expect((await c.get("/api/media/social/latest")).json().data).toHaveLength(2);
    } finally {
      await t.close();
    }
  });
});
