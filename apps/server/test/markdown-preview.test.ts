import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKDOWN_PREVIEW_MAX } from "@site/contract";
import { MarkdownPool, PREVIEW_SIGN_IN_MESSAGE } from "../src/features/reference/markdown-preview.js";
import { renderMarkdown } from "../src/features/reference/markdown.js";
import { Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";

const D = await dialects();

/** Longest gap (ms) between ticks of a 5 ms timer while `work` runs: how long the event loop was blocked. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number; elapsedMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  const start = performance.now();
  try {
    const result = await work();
    return { result, stallMs: Math.max(stallMs, performance.now() - last), elapsedMs: performance.now() - start };
  } finally {
    clearInterval(timer);
  }
}

describe.each(D)("markdown preview: account, rate, size and time (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it("anonymous callers get 401", async () => {
    const anon = new Client(t.app);
    await anon.session();
    const r = await anon.post("/api/markdown", { markdown: "**hi**" });
    expect(r.statusCode).toBe(401);
    // The route gate (features/permissions/route-access.ts) or the preview itself refuses it.
    expect([PREVIEW_SIGN_IN_MESSAGE, "You must be logged in to do that."]).toContain(r.json().message);
  });

  it("a signed-in account gets sanitized HTML", async () => {
    const { c } = await signedIn(t, { player: false });
    const r = await c.post("/api/markdown", { markdown: "**hi** <script>alert(1)</script>" });
    expect(r.statusCode).toBe(200);
    expect(r.json().html).toBe(renderMarkdown("**hi** <script>alert(1)</script>"));
  });

  it("more than 50,000 characters is refused with a clear message; exactly 50,000 renders", async () => {
    const { c } = await signedIn(t, { player: false });
    const tooLong = await c.post("/api/markdown", { markdown: "a".repeat(MARKDOWN_PREVIEW_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      status: "error",
      message: "markdown: The preview is limited to 50,000 characters.",
      code: "validation.invalid",
      params: { field: "markdown" },
    });
    const atCap = await c.post("/api/markdown", { markdown: "a".repeat(MARKDOWN_PREVIEW_MAX) });
    expect(atCap.statusCode).toBe(200);
  });

  it("the 31st preview of an account within a minute gets 429; another account is not affected", async () => {
    const a = await signedIn(t, { player: false });
    for (let i = 0; i < 30; i++) expect((await a.c.post("/api/markdown", { markdown: `n${i}` })).statusCode).toBe(200);
    const refused = await a.c.post("/api/markdown", { markdown: "one more" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("You may preview at most 30 times a minute. Try again in 1 minute.");
    const b = await signedIn(t, { player: false });
    expect((await b.c.post("/api/markdown", { markdown: "other account" })).statusCode).toBe(200);
  });

  it("pathological 50,000-character inputs answer in bounded time without stalling the event loop", async () => {
    const { c } = await signedIn(t, { player: false });
    // Warm the worker so its start-up (loading the TypeScript sources) is not measured.
    await c.post("/api/markdown", { markdown: "warm" });
    const bodies = [
      "[".repeat(MARKDOWN_PREVIEW_MAX),
      "*".repeat(MARKDOWN_PREVIEW_MAX / 2 - 1) + "a" + "*".repeat(MARKDOWN_PREVIEW_MAX / 2),
      "![".repeat(MARKDOWN_PREVIEW_MAX / 2),
    ];
    // What rendering them on the event loop would stall it for, on this machine under its current load.
    let inlineMs = 0;
    for (const markdown of bodies) {
      const start = performance.now();
      renderMarkdown(markdown);
      inlineMs = Math.max(inlineMs, performance.now() - start);
    }
    const { result, stallMs, elapsedMs } = await longestStall(() =>
      Promise.all(bodies.map((markdown) => c.post("/api/markdown", { markdown }))),
    );
    for (const r of result) expect(r.statusCode).toBe(200);
    expect(result[0]!.json().html).toContain("[[[[");
    expect(elapsedMs).toBeLessThan(10_000);
    // In the worker the loop keeps turning: its longest gap stays well under one inline render.
    expect(stallMs).toBeLessThan(inlineMs * 0.8);
  });
});

describe("markdown worker pool", () => {
  it("renders like renderMarkdown, and refuses a render over its time limit", async () => {
    const pool = new MarkdownPool(1, 1);
    try {
      await expect(pool.render("*".repeat(20_000) + "a" + "*".repeat(20_000))).rejects.toThrow("This text is too complex to preview.");
    } finally {
      await pool.close();
    }
    const ok = new MarkdownPool(1);
    try {
      expect(await ok.render("# T\n\n[x](javascript:alert(1))")).toBe(renderMarkdown("# T\n\n[x](javascript:alert(1))"));
      // A stopped worker is replaced: the pool keeps answering.
      expect(await Promise.all(["a", "b", "c"].map((m) => ok.render(m)))).toEqual(["<p>a</p>\n", "<p>b</p>\n", "<p>c</p>\n"]);
    } finally {
      await ok.close();
    }
  });
});
