import { gzipSync } from "node:zlib";
import type { z } from "zod";

/**
 * A small in-process cache of computed answers with a time to live, for the hottest public
 * reads (the home page calls). Concurrent misses share one computation, so a burst of
 * requests after expiry costs one query, not fifty. Writers call `invalidate(prefix)` for
 * the answers they change; the TTL bounds staleness for everything else.
 */
export class TtlCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 2000,
  ) {}

  get<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    const value = compute();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed computation must not be served to the next caller.
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /**
   * Like `get`, but keeps the answer as JSON text already checked against its response
   * schema (which also drops fields outside it), so a hit costs no validation or
   * stringify: the hottest reads are then about as cheap as a hello-world route.
   */
  json<S extends z.ZodType>(key: string, schema: S, compute: () => Promise<z.input<S>>): Promise<RawJson> {
    return this.get(`${key}#json`, async () => new RawJson(JSON.stringify(schema.parse(await compute()))));
  }

  invalidate(prefix = ""): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

/** Bodies smaller than this are sent plain: gzip would save less than its headers cost. */
const GZIP_MIN_BYTES = 1024;

/**
 * A response body already serialized and validated; `route()` sends it as is. Its gzip form
 * is made once, on first demand, and then shared by every request the cache answers, so a
 * large list (a 2,000-player registration table) costs neither CPU nor bandwidth per hit.
 */
export class RawJson {
  private gzipped: Buffer | undefined;
  constructor(readonly json: string) {}

  /** The gzip bytes, or null when the body is too small to be worth compressing. */
  gzip(): Buffer | null {
    if (this.json.length < GZIP_MIN_BYTES) return null;
    this.gzipped ??= gzipSync(this.json, { level: 6 });
    return this.gzipped;
  }
}
