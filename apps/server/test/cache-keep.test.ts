import { describe, expect, it } from "vitest";
import { KEEP_MAX_AGE_MS, TtlCache } from "../src/lib/cache.js";

/** `TtlCache.keep` (issue #16): answers kept until invalidated, whatever the TTL. */
describe("TtlCache.keep", () => {
  it("keeps an answer with the micro-cache off, until its prefix is invalidated", async () => {
    const cache = new TtlCache(0);
    let calls = 0;
    const compute = async () => ++calls;
    const [a, b] = await Promise.all([
      cache.keep("series-stats:1:x", compute, KEEP_MAX_AGE_MS, 0),
      cache.keep("series-stats:1:x", compute, KEEP_MAX_AGE_MS, 0),
    ]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(await cache.keep("series-stats:1:x", compute, KEEP_MAX_AGE_MS, 50_000)).toBe(1);
    // Another scope's invalidation leaves it; its own clears it at once.
    cache.invalidate("tournaments:");
    expect(await cache.keep("series-stats:1:x", compute, KEEP_MAX_AGE_MS, 50_000)).toBe(1);
    cache.invalidate("series-stats:");
    expect(await cache.keep("series-stats:1:x", compute, KEEP_MAX_AGE_MS, 50_000)).toBe(2);
  });

  it("recomputes past its maximum age, keeps no failure and nothing while suspended", async () => {
    const cache = new TtlCache(5000);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.keep("k", compute, 1000, 0)).toBe(1);
    expect(await cache.keep("k", compute, 1000, 999)).toBe(1);
    expect(await cache.keep("k", compute, 1000, 1000)).toBe(2);
    await expect(cache.keep("bad", () => Promise.reject(new Error("no")), 1000, 0)).rejects.toThrow("no");
    expect(await cache.keep("bad", compute, 1000, 1)).toBe(3);
    cache.suspend();
    expect(await cache.keep("k", compute, 1000, 1001)).toBe(4);
    expect(await cache.keep("k", compute, 1000, 1002)).toBe(5);
    cache.resume();
    expect(await cache.keep("k", compute, 1000, 1003)).toBe(6);
    expect(await cache.keep("k", compute, 1000, 1004)).toBe(6);
  });
});
