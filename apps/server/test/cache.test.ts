import { describe, expect, it } from "vitest";
import { TtlCache } from "../src/lib/cache.js";
import { createTestApp, dialects, signedIn } from "./helpers.js";

describe("TtlCache", () => {
  it("shares one computation between concurrent callers and expires", async () => {
    const cache = new TtlCache(1000);
    let calls = 0;
    const compute = async () => ++calls;
    const [a, b] = await Promise.all([cache.get("k", compute, 0), cache.get("k", compute, 0)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(await cache.get("k", compute, 999)).toBe(1);
    // Expired but within one more TTL: the old answer, while one refresh runs.
    expect(await cache.get("k", compute, 1001)).toBe(1);
    expect(await cache.get("k", compute, 1002)).toBe(2);
    expect(calls).toBe(2);
    // The refreshed entry lives from when its refresh started (1001 + 1000).
    expect(await cache.get("k", compute, 2000)).toBe(2);
    // Older than two TTLs: recomputed before answering, never served that stale.
    expect(await cache.get("k", compute, 4000)).toBe(3);
  });

  it("does not let a background refresh bring back an invalidated answer", async () => {
    const cache = new TtlCache(1000);
    let release: (v: string) => void = () => {};
    expect(await cache.get("k", async () => "old", 0)).toBe("old");
    const slow = () => new Promise<string>((r) => (release = r));
    expect(await cache.get("k", slow, 1500)).toBe("old");
    cache.invalidate("k");
    release("refreshed before the write");
    await Promise.resolve();
    expect(await cache.get("k", async () => "after the write", 1600)).toBe("after the write");
  });

  it("keeps serving the old answer when a refresh fails, until it is too old", async () => {
    const cache = new TtlCache(1000);
    expect(await cache.get("k", async () => "good", 0)).toBe("good");
    expect(await cache.get("k", () => Promise.reject(new Error("db down")), 1500)).toBe("good");
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get("k", async () => "next", 1600)).toBe("good");
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get("k", async () => "fresh", 1700)).toBe("next");
    expect(await cache.get("k", async () => "late", 5000)).toBe("late");
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
      const { c } = await signedIn(t, { email: "a@example.com", roles: ["administrate"], player: false });
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
