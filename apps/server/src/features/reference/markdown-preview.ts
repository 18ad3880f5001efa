import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { AppContext } from "../../context.js";
import { AppError, badRequest, unauthorized } from "../../lib/errors.js";
import { consumeOrRefuse, type LimitSpec } from "../../lib/limiter.js";
import type { Actor } from "../permissions/permissions.js";
import type { RenderAnswer, RenderJob } from "./markdown.worker.js";

/** Previews one account may ask for per window (`POST /api/markdown`, 000 §7): 30 a minute. */
export const MARKDOWN_PREVIEW_LIMIT = { name: "markdown-preview", points: 30, durationSec: 60 } as const satisfies LimitSpec;
/** Longest one render may take in a worker before it is stopped, in ms (a 50,000-character pathological input took ≤ 260 ms). */
export const MARKDOWN_RENDER_TIMEOUT_MS = 2_000;
/** Previews waiting for a worker beyond which new ones are turned away (429). */
const MAX_QUEUE = 32;
/** A worker idle this long (ms) is stopped; the next preview starts one again. */
const IDLE_MS = 60_000;

export const PREVIEW_SIGN_IN_MESSAGE = "You must be logged in to preview markdown.";
export const PREVIEW_TOO_COMPLEX_MESSAGE = "This text is too complex to preview.";
export const PREVIEW_BUSY_MESSAGE = "Too many previews are being rendered. Try again in a moment.";

/** The 429 text once an account has used its previews for the minute ('Try again in 1 minute.' follows). */
export const PREVIEW_RATE_MESSAGE = `You may preview at most ${MARKDOWN_PREVIEW_LIMIT.points} times a minute.`;

/** The codes of the preview's refusals (#21): the web catalogue's `error.<code>` says each in the page's language. */
const CODES = {
  signIn: { code: "markdown.login_required" },
  tooComplex: { code: "markdown.too_complex" },
  busy: { code: "markdown.busy" },
  rate: { code: "markdown.rate", params: { max: MARKDOWN_PREVIEW_LIMIT.points } },
} as const;

interface Pending {
  job: RenderJob;
  resolve: (html: string) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
}

/**
 * Starts a render worker. From TypeScript sources (tsx in `npm start`, vitest) the worker does
 * not inherit the loader on Node 20, so tsx's ESM hooks are registered in it before the
 * worker module is imported; a compiled build loads the .js worker directly.
 */
function startWorker(): Worker {
  const fromSource = import.meta.url.endsWith(".ts");
  const entry = new URL(`./markdown.worker.${fromSource ? "ts" : "js"}`, import.meta.url);
  if (!fromSource) return new Worker(entry, { execArgv: [] });
  const tsxApi = new URL("./esm/api/index.mjs", pathToFileURL(createRequire(import.meta.url).resolve("tsx"))).href;
  const code = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(code, { eval: true, execArgv: [] });
}

/**
 * Renders markdown in worker threads so a long or pathological preview never blocks the
 * event loop (measured in docs/decisions.md, #15: 60–250 ms on the main thread for 50,000
 * characters). Jobs queue for the next free worker; a job over `timeoutMs` stops its worker and
 * is refused. Workers start on demand, stop when idle, and never keep the process alive.
 */
export class MarkdownPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    readonly size = Math.max(1, Math.min(2, availableParallelism() - 1)),
    readonly timeoutMs = MARKDOWN_RENDER_TIMEOUT_MS,
  ) {}

  /** Sanitized HTML of `markdown` (see markdown.ts), rendered off the main thread. */
  render(markdown: string): Promise<string> {
    if (this.closed) return Promise.reject(new Error("markdown pool closed"));
    if (this.queue.length >= MAX_QUEUE) return Promise.reject(new AppError("RATE_LIMITED", PREVIEW_BUSY_MESSAGE, CODES.busy));
    return new Promise<string>((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, markdown }, resolve, reject });
      this.pump();
    });
  }

  /** Stops every worker; queued previews are refused. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    for (const p of this.queue.splice(0)) p.reject(new Error("markdown pool closed"));
    await Promise.all([...this.slots].map((s) => this.stop(s, new Error("markdown pool closed"))));
  }

  private pump(): void {
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.current === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const next = this.queue.shift()!;
      slot.current = next;
      const busy = slot;
      busy.timer = setTimeout(() => void this.stop(busy, badRequest(PREVIEW_TOO_COMPLEX_MESSAGE, CODES.tooComplex)), this.timeoutMs);
      busy.worker.postMessage(next.job);
    }
    if (this.slots.length > 0 && this.slots.every((s) => s.current === null)) {
      this.idleTimer = setTimeout(() => void Promise.all([...this.slots].map((s) => this.stop(s, null))), IDLE_MS);
      this.idleTimer.unref();
    }
  }

  private spawn(): Slot {
    const slot: Slot = { worker: startWorker(), current: null, timer: null };
    slot.worker.unref();
    slot.worker.on("message", (answer: RenderAnswer) => {
      const p = slot.current;
      if (!p || p.job.id !== answer.id) return;
      this.finish(slot);
      if ("html" in answer) p.resolve(answer.html);
      else p.reject(new Error(`markdown render failed: ${answer.error}`));
      this.pump();
    });
    const fail = (err: Error) => void this.stop(slot, err);
    slot.worker.on("error", fail);
    slot.worker.on("exit", () => fail(new Error("markdown worker exited")));
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.current = null;
  }

  /** Removes a worker from the pool and ends it; its job (if any) is refused with `err`. */
  private async stop(slot: Slot, err: Error | null): Promise<void> {
    const i = this.slots.indexOf(slot);
    if (i === -1) return;
    this.slots.splice(i, 1);
    const p = slot.current;
    this.finish(slot);
    if (p) p.reject(err ?? new Error("markdown worker stopped"));
    await slot.worker.terminate();
    if (!this.closed) this.pump();
  }
}

/**
 * `POST /api/markdown` (000 §7, the editor preview): signed-in accounts only (401 otherwise),
 * 30 previews per account a minute (429, counted in `ctx.limits` like the other per-account
 * limits), the HTML from the worker pool. The length cap (50,000 characters) is the body
 * schema's.
 */
export async function previewMarkdown(ctx: AppContext, pool: MarkdownPool, actor: Actor, markdown: string): Promise<{ html: string }> {
  if (actor.userId === null) throw unauthorized(PREVIEW_SIGN_IN_MESSAGE, CODES.signIn);
  await consumeOrRefuse(ctx.limits, MARKDOWN_PREVIEW_LIMIT, actor.userId, PREVIEW_RATE_MESSAGE, CODES.rate);
  return { html: await pool.render(markdown) };
}
