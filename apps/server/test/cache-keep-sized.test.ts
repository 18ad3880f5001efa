import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RawJson, TtlCache } from "../src/lib/cache.js";

const MB = 1024 * 1024;

/** `TtlCache.keepSized` and `keepJson` (issue #16): kept until invalidated, bounded by bytes. */
describe("TtlCache.keepSized", () => {
  it("keeps an answer with the micro-cache off until its prefix is invalidated, sharing concurrent misses", async () => {
    const cache = new TtlCache(0);
    let calls = 0;
    const compute = async () => ++calls;
    const [a, b] = await Promise.all([
      cache.keepSized("tournaments:lists:1:x", compute, () => 8),
      cache.keepSized("tournaments:lists:1:x", compute, () => 8),
    ]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    cache.invalidate("registry:");
    expect(await cache.keepSized("tournaments:lists:1:x", compute, () => 8)).toBe(1);
    // The parent scope clears it too (`tournaments:lists:` inside `tournaments:`).
    cache.invalidate("tournaments:");
    expect(await cache.keepSized("tournaments:lists:1:x", compute, () => 8)).toBe(2);
  });

  it("shares a computation in flight, and drops its answer when its prefix is invalidated meanwhile", async () => {
    const cache = new TtlCache(0);
    let calls = 0;
    let release = () => {};
    const compute = () => new Promise<number>((resolve) => (release = () => resolve(++calls)));
    const first = cache.keepSized("tournaments:lists:1", compute, () => 8);
    expect(cache.keepSized("tournaments:lists:1", compute, () => 8)).toBe(first);
    cache.invalidate("tournaments:");
    release();
    expect(await first).toBe(1);
    // The answer may predate the write: not kept, the next caller computes.
    const second = cache.keepSized("tournaments:lists:1", compute, () => 8);
    release();
    expect(await second).toBe(2);
    expect(await cache.keepSized("tournaments:lists:1", compute, () => 8)).toBe(2);
    expect(cache.stats).toEqual({ hits: 2, misses: 2 });
  });

  it("recomputes past its maximum age, keeps no failure and nothing while suspended", async () => {
    const cache = new TtlCache(5000);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.keepSized("k", compute, () => 8, 1000, 0)).toBe(1);
    expect(await cache.keepSized("k", compute, () => 8, 1000, 999)).toBe(1);
    expect(await cache.keepSized("k", compute, () => 8, 1000, 1000)).toBe(2);
    await expect(
      cache.keepSized(
        "bad",
        () => Promise.reject(new Error("no")),
        () => 8,
      ),
    ).rejects.toThrow("no");
    expect(await cache.keepSized("bad", compute, () => 8)).toBe(3);
    cache.suspend();
    expect(await cache.keepSized("k", compute, () => 8)).toBe(4);
    expect(await cache.keepSized("k", compute, () => 8)).toBe(5);
    cache.resume();
    expect(await cache.keepSized("k", compute, () => 8)).toBe(6);
    expect(await cache.keepSized("k", compute, () => 8)).toBe(6);
  });

  it("holds at most its byte budget, least recently used out first, and never one value over a quarter of it", async () => {
    const cache = new TtlCache(0);
    let calls = 0;
    const weigh = (mb: number) => () => mb * MB - 10;
    const get = (key: string, mb = 8) => cache.keepSized(key, async () => `${key}:${++calls}`, weigh(mb));
    for (const k of ["a", "b", "c", "d"]) await get(k);
    expect(calls).toBe(4);
    // Use a, so b is the least recently used; a fifth 8 MB answer pushes b out.
    expect(await get("a")).toBe("a:1");
    await get("e");
    expect(await get("a")).toBe("a:1");
    expect(await get("c")).toBe("c:3");
    expect(await get("b")).toBe("b:6");
    // Over a quarter of the budget: answered, never kept.
    expect(await get("huge", 9)).toBe("huge:7");
    expect(await get("huge", 9)).toBe("huge:8");
    // Invalidation gives the bytes back: four new answers fit without pushing each other out.
    cache.invalidate("");
    for (const k of ["w", "x", "y", "z"]) await get(k);
    for (const k of ["w", "x", "y", "z"]) await get(k);
    expect(calls).toBe(12);
  });

  it("keepJson keeps the checked JSON text, fields outside the schema dropped", async () => {
    const cache = new TtlCache(0);
    const schema = z.object({ a: z.number() });
    let calls = 0;
    const compute = async () => ({ a: ++calls, secret: "x" }) as { a: number };
    const first = await cache.keepJson("tournaments:lists:1", schema, compute);
    expect(first).toBeInstanceOf(RawJson);
    expect(first.json).toBe('{"a":1}');
    expect(await cache.keepJson("tournaments:lists:1", schema, compute)).toBe(first);
    await expect(cache.keepJson("tournaments:lists:2", schema, async () => ({ a: "no" }) as unknown as { a: number })).rejects.toThrow();
  });
});

describe("TtlCache.keepJsonUntil (issue #16: lists that also change with the clock)", () => {
  it("keeps the answer until its own instant passes, a write clears it, or it is too old", async () => {
    const cache = new TtlCache(0);
    const schema = z.object({ a: z.number() });
    let calls = 0;
    const compute = async () => ({ answer: { a: ++calls }, until: 1_000 });
    expect((await cache.keepJsonUntil("tournaments:list:1", schema, compute, 0)).json).toBe('{"a":1}');
    expect((await cache.keepJsonUntil("tournaments:list:1", schema, compute, 999)).json).toBe('{"a":1}');
    // At its instant the answer no longer holds (a start turns upcoming into ongoing).
    expect((await cache.keepJsonUntil("tournaments:list:1", schema, compute, 1_000)).json).toBe('{"a":2}');
    expect((await cache.keepJsonUntil("tournaments:list:1", schema, compute, 1_001)).json).toBe('{"a":3}');
    // Nothing ahead: kept until a write, or KEEP_MAX_AGE_MS (60 s) after it was computed.
    const forever = async () => ({ answer: { a: ++calls }, until: Infinity });
    expect((await cache.keepJsonUntil("tournaments:list:2", schema, forever, 0)).json).toBe('{"a":4}');
    expect((await cache.keepJsonUntil("tournaments:list:2", schema, forever, 59_999)).json).toBe('{"a":4}');
    cache.invalidate("tournaments:");
    expect((await cache.keepJsonUntil("tournaments:list:2", schema, forever, 59_999)).json).toBe('{"a":5}');
    expect((await cache.keepJsonUntil("tournaments:list:2", schema, forever, 59_999 + 60_000)).json).toBe('{"a":6}');
    // The answer is checked against its schema like `keepJson`.
    await expect(
      cache.keepJsonUntil("tournaments:list:3", schema, async () => ({ answer: { a: "no" } as unknown as { a: number }, until: 5 }), 0),
    ).rejects.toThrow();
  });
});

describe("TtlCache.keepJsonAt (issue #16: pages kept while the database's data version holds)", () => {
  it("keeps the answer for callers bringing the same version, computes it again for another, and never keeps a failure", async () => {
    const cache = new TtlCache(0);
    const schema = z.object({ a: z.number() });
    let calls = 0;
    const compute = async () => ({ a: ++calls });
    expect((await cache.keepJsonAt("profiles:player:1", "7:0", schema, compute)).json).toBe('{"a":1}');
    expect((await cache.keepJsonAt("profiles:player:1", "7:0", schema, compute)).json).toBe('{"a":1}');
    // A write moved the version: the next caller computes again, and the new answer replaces the old.
    expect((await cache.keepJsonAt("profiles:player:1", "8:0", schema, compute)).json).toBe('{"a":2}');
    expect((await cache.keepJsonAt("profiles:player:1", "8:0", schema, compute)).json).toBe('{"a":2}');
    // Another key is its own answer; an invalidation of the scope drops it too.
    expect((await cache.keepJsonAt("profiles:player:2", "8:0", schema, compute)).json).toBe('{"a":3}');
    cache.invalidate("profiles:");
    expect((await cache.keepJsonAt("profiles:player:2", "8:0", schema, compute)).json).toBe('{"a":4}');
    // Concurrent callers at one version share one computation.
    const [x, y] = await Promise.all([
      cache.keepJsonAt("profiles:player:3", "9:0", schema, compute),
      cache.keepJsonAt("profiles:player:3", "9:0", schema, compute),
    ]);
    expect([x.json, y.json]).toEqual(['{"a":5}', '{"a":5}']);
    // A refusal (a hidden or unknown player) is not kept.
    let refusals = 0;
    const refuse = async (): Promise<{ a: number }> => {
      refusals++;
      throw new Error("Player not found.");
    };
    await expect(cache.keepJsonAt("profiles:player:4", "9:0", schema, refuse)).rejects.toThrow("Player not found.");
    await expect(cache.keepJsonAt("profiles:player:4", "9:0", schema, refuse)).rejects.toThrow("Player not found.");
    expect(refusals).toBe(2);
  });
});

describe("RawJson.body", () => {
  it("is the text of a small body and the same UTF-8 bytes, made once, of a large one", () => {
    expect(new RawJson('{"a":1}').body()).toBe('{"a":1}');
    const text = JSON.stringify({ name: "Café ✓".repeat(200) });
    const raw = new RawJson(text);
    const body = raw.body();
    expect(Buffer.isBuffer(body)).toBe(true);
    expect((body as Buffer).toString("utf8")).toBe(text);
    expect(raw.body()).toBe(body);
  });
});
