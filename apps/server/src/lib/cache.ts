import { gzipSync } from "node:zlib";
import type { z } from "zod";
import { ByteLru } from "./byte-lru.js";

/**
 * Cache-Control of public lists (players, teams, transfers, pickers): browsers ask again on
 * every visit. The micro-cache answers those asks cheaply, and a browser copy kept for 30 s
 * showed an actor a list without their own new team, name or transfer after a write.
 */
export const PUBLIC_LIST_CACHE_CONTROL = "no-cache";

/**
 * A small in-process cache of computed answers with a time to live, for the hottest public
 * reads (the home page calls, registration and placement lists, series pages). Concurrent
 * misses share one computation, so a burst of requests after expiry costs one query, not
 * fifty. Writers call `invalidate(prefix)` for the answers they change; the TTL bounds
 * staleness for everything else.
 *
 * Stale while revalidate: for one more TTL after an entry expires, callers still get the old
 * answer while a single refresh runs in the background, so a heavy answer (a 500-row
 * placements list takes ~100 ms to build) never stalls the requests that arrive meanwhile.
 * An answer is therefore at most two TTLs old (10 s with the default 5 s); an entry older
 * than that is recomputed before answering, and `invalidate` always takes effect at once.
 *
 * Several nodes (issue #18 §1–2): `share(publish)` makes every `invalidate` also hand its
 * prefixes to `publish` (the event bus, `lib/bus.ts`, once per tick for all the prefixes of
 * that tick); other nodes apply them with `invalidateLocal`. While the bus is down the cache
 * is `suspend`ed: it stores nothing and every read computes, since invalidations may be lost.
 */
export class TtlCache {
  private readonly entries = new Map<string, Entry>();
  /** `keep` entries: their own map, so the TTL entries' eviction never pushes them out. */
  private readonly kept = new Map<string, KeptEntry>();
  /** Settled `keepSized` answers (serialized lists, counts): bounded by bytes and count, least recently used out first. */
  private readonly keptSized = new ByteLru<KeptEntry>(KEEP_SIZED_BUDGET_BYTES, KEEP_SIZED_MAX_ENTRIES);
  /**
   * `keepSized` answers still computing (as many as computations in flight), shared by
   * concurrent callers; moved to `keptSized` once settled, when their weight is known.
   */
  private readonly loadingSized = new Map<string, KeptEntry>();
  private publish: ((prefixes: string[]) => void) | null = null;
  private pending: Set<string> | null = null;
  private suspended = false;
  /** Reads answered from memory (fresh or stale), reads that computed, for `/metrics`. */
  readonly stats = { hits: 0, misses: 0 };
  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 2000,
  ) {}

  get<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
    if (this.ttlMs <= 0 || this.suspended) return compute();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      this.stats.hits++;
      return hit.value as Promise<T>;
    }
    if (hit && hit.ok && hit.expires + this.ttlMs > now) {
      this.stats.hits++;
      if (!hit.refreshing) this.refresh(key, hit, compute, now);
      return hit.value as Promise<T>;
    }
    this.stats.misses++;
    return this.store(key, compute(), now).value as Promise<T>;
  }

  private store(key: string, value: Promise<unknown>, now: number): Entry {
    const entry: Entry = { expires: now + this.ttlMs, value, ok: false, refreshing: false };
    this.entries.set(key, entry);
    value.then(
      () => (entry.ok = true),
      // A failed computation must not be served to the next caller.
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  /** Recomputes in the background; the result replaces the entry unless it was invalidated meanwhile. */
  private refresh(key: string, entry: Entry, compute: () => Promise<unknown>, now: number): void {
    entry.refreshing = true;
    compute().then(
      (fresh) => {
        if (this.entries.get(key) === entry) this.store(key, Promise.resolve(fresh), now);
      },
      // Keep serving the old answer until it is too old; the next caller then recomputes.
      () => (entry.refreshing = false),
    );
  }

  /**
   * An answer kept until a write invalidates its prefix, whatever `ttlMs` is (also with
   * PUBLIC_CACHE_SECONDS=0): for answers that are expensive to compute and whose every writer
   * calls `invalidateAfter` (series stats: `cacheKeys.seriesStats`). `maxAgeMs` bounds how
   * long an answer lives anyway, a safety net for a write that reaches the database without
   * passing through a service (a script, a hand-run SQL statement). Concurrent misses share one
   * computation; a failure is not kept; a suspended cache (bus down) computes every time.
   */
  keep<T>(key: string, compute: () => Promise<T>, maxAgeMs = KEEP_MAX_AGE_MS, now = Date.now()): Promise<T> {
    if (this.suspended) return compute();
    const hit = this.kept.get(key);
    if (hit && hit.at + maxAgeMs > now) {
      this.stats.hits++;
      return hit.value as Promise<T>;
    }
    this.stats.misses++;
    const entry = { at: now, value: compute() as Promise<unknown> };
    this.kept.set(key, entry);
    entry.value.catch(() => this.kept.get(key) === entry && this.kept.delete(key));
    if (this.kept.size > KEEP_MAX_ENTRIES) this.kept.delete(this.kept.keys().next().value!);
    return entry.value as Promise<T>;
  }

  /**
   * Like `keep`, for many small or medium answers (a 500-squad registration list is 125 KB, a
   * player count a few bytes): once settled they live in their own `ByteLru`, bounded by bytes
   * (`KEEP_SIZED_BUDGET_BYTES`, `bytesOf` weighs a value) and by count (`KEEP_SIZED_MAX_ENTRIES`),
   * least recently used out first, so they never push out `keep`'s few large answers (series
   * stats) nor grow without bound. The
   * rest is `keep`'s contract: kept until a write invalidates the key's prefix, whatever the
   * TTL; at most `maxAgeMs` old; concurrent misses share one computation; a failure is not
   * kept; a suspended cache keeps nothing. A value weighing more than a quarter of the budget
   * is answered but not kept. `expiresAt(value)` (ms since the epoch) ends a settled answer's
   * life at a time of its own, for answers that change with the clock (a tournament moving from
   * upcoming to ongoing): from then on the next caller computes it again. `version` (see
   * `keepJsonAt`) ties an answer to the database's data version it was computed at: a caller
   * bringing another version computes it again.
   */
  keepSized<T>(
    key: string,
    compute: () => Promise<T>,
    bytesOf: (value: T) => number,
    maxAgeMs = KEEP_MAX_AGE_MS,
    now = Date.now(),
    expiresAt?: (value: T) => number,
    version?: string,
  ): Promise<T> {
    if (this.suspended) return compute();
    // `get` also makes a kept answer the most recently used.
    const hit = this.keptSized.get(key) ?? this.loadingSized.get(key);
    if (hit && hit.at + maxAgeMs > now && !(hit.until !== undefined && hit.until <= now) && hit.version === version) {
      this.stats.hits++;
      return hit.value as Promise<T>;
    }
    // A pending one too old is replaced below; its result is then dropped on arrival.
    if (hit) this.keptSized.delete(key);
    this.stats.misses++;
    const entry: KeptEntry = { at: now, value: compute(), ...(version === undefined ? {} : { version }) };
    this.loadingSized.set(key, entry);
    entry.value.then(
      (value) => {
        // Invalidated (or replaced) while computing: the answer may predate the write.
        if (this.loadingSized.get(key) !== entry) return;
        this.loadingSized.delete(key);
        if (expiresAt) entry.until = expiresAt(value as T);
        // Least recently used out first, never the answer just kept; one over a quarter of the budget is not kept.
        this.keptSized.set(key, entry, bytesOf(value as T) + key.length);
      },
      () => this.loadingSized.get(key) === entry && this.loadingSized.delete(key),
    );
    return entry.value as Promise<T>;
  }

  /**
   * `keepSized` for a response: the answer as JSON text checked against its response schema,
   * like `json`, but kept until a write (not for a TTL). For answers every writer of whose data
   * calls `invalidateAfter` (`cacheKeys.entrantLists`).
   */
  keepJson<S extends z.ZodType>(key: string, schema: S, compute: () => Promise<z.input<S>>): Promise<RawJson> {
    return this.keepSized(
      `${key}#json`,
      async () => new RawJson(JSON.stringify(schema.parse(await compute()))),
      // The text, and its UTF-8 bytes once sent (`RawJson.body`); the gzip is smaller.
      (raw) => raw.json.length * 2,
    );
  }

  /**
   * `keepJson` for an answer that also changes with the clock: `compute` gives the answer and
   * the instant (ms since the epoch) until which it holds, `Infinity` for none; kept until a
   * write invalidates the key's prefix or that instant passes, whichever comes first (and
   * `KEEP_MAX_AGE_MS` at most, like every kept answer). Tournament lists (issue #16).
   */
  keepJsonUntil<S extends z.ZodType>(
    key: string,
    schema: S,
    compute: () => Promise<{ answer: z.input<S>; until: number }>,
    now = Date.now(),
  ): Promise<RawJson> {
    return this.keepSized(
      `${key}#json`,
      async () => {
        const { answer, until } = await compute();
        return { raw: new RawJson(JSON.stringify(schema.parse(answer))), until };
      },
      (v) => v.raw.json.length * 2,
      KEEP_MAX_AGE_MS,
      now,
      (v) => v.until,
    ).then((v) => v.raw);
  }

  /**
   * `keepJson` for an answer valid while the database has not changed: `version` is the data
   * version read before computing (`dataVersion` in db/data-version.repository.ts, which moves
   * with every committed write, through a service or not, on this node or another). The answer
   * is kept under `key` with the version it was computed at; a caller bringing another version
   * computes it again and replaces it. For answers that read many kinds of data whose writers
   * are too many to name (player and team pages, issue #16); a write's `invalidateAfter` of
   * the key's scope also drops it, like every kept answer. `until(answer)` (ms since the epoch)
   * ends its life at an instant of its own, for an answer that also changes with the clock (a
   * tournament page at its scheduled registration close).
   */
  keepJsonAt<S extends z.ZodType>(
    key: string,
    version: string,
    schema: S,
    compute: () => Promise<z.input<S>>,
    until?: (answer: z.output<S>) => number,
    now = Date.now(),
  ): Promise<RawJson> {
    return this.keepSized(
      `${key}#json`,
      async () => {
        const answer = schema.parse(await compute());
        return { raw: new RawJson(JSON.stringify(answer)), until: until ? until(answer) : Infinity };
      },
      (v) => v.raw.json.length * 2,
      KEEP_MAX_AGE_MS,
      now,
      (v) => v.until,
      version,
    ).then((v) => v.raw);
  }

  /** Forgets the `keepSized` answers, kept or computing, whose keys start with one of `prefixes` ("" forgets all). */
  private dropSized(prefixes: readonly string[]): void {
    this.keptSized.deletePrefixed(prefixes);
    for (const key of this.loadingSized.keys()) if (prefixes.some((p) => key.startsWith(p))) this.loadingSized.delete(key);
  }

  /**
   * Like `get`, but keeps the answer as JSON text already checked against its response
   * schema (which also drops fields outside it), so a hit costs no validation or
   * stringify: the hottest reads are then about as cheap as a hello-world route.
   */
  json<S extends z.ZodType>(key: string, schema: S, compute: () => Promise<z.input<S>>): Promise<RawJson> {
    return this.get(`${key}#json`, async () => new RawJson(JSON.stringify(schema.parse(await compute()))));
  }

  /**
   * Drops every key starting with `prefix` ("" drops all) here at once and, when shared, on
   * every other node through the bus (their copies go within the bus's latency).
   */
  invalidate(prefix = ""): void {
    this.invalidateLocal([prefix]);
    if (!this.publish) return;
    if (!this.pending) {
      this.pending = new Set();
      // One message for all the prefixes a write clears (invalidateAfter clears up to four).
      queueMicrotask(() => {
        const prefixes = [...this.pending!];
        this.pending = null;
        this.publish?.(prefixes);
      });
    }
    this.pending.add(prefix);
  }

  /** Drops every key starting with one of `prefixes` on this node only (a message from another node). */
  invalidateLocal(prefixes: readonly string[]): void {
    if (prefixes.includes("")) {
      this.entries.clear();
      this.kept.clear();
      this.dropSized([""]);
      return;
    }
    for (const key of this.entries.keys()) if (prefixes.some((p) => key.startsWith(p))) this.entries.delete(key);
    for (const key of this.kept.keys()) if (prefixes.some((p) => key.startsWith(p))) this.kept.delete(key);
    this.dropSized(prefixes);
  }

  /** Every later `invalidate` also calls `publish` with its prefixes (see the class comment). */
  share(publish: (prefixes: string[]) => void): void {
    this.publish = publish;
  }

  /** Drops everything and stores nothing until `resume` (the bus is down: invalidations may be missed). */
  suspend(): void {
    this.suspended = true;
    this.entries.clear();
    this.kept.clear();
    this.dropSized([""]);
  }

  /** Drops everything (it may have missed invalidations) and caches again. */
  resume(): void {
    this.entries.clear();
    this.kept.clear();
    this.dropSized([""]);
    this.suspended = false;
  }
}

/** How long a `keep` answer lives at most without an invalidation (see `keep`). */
export const KEEP_MAX_AGE_MS = 60_000;
/** `keep` answers held at once (one per series and stats setting; a long series' answer is a few MB). */
const KEEP_MAX_ENTRIES = 100;

/**
 * Weight the `keepSized` pool holds at most, as its `bytesOf` counts it (a `keepJson` answer
 * weighs twice its length: the text and its UTF-8 copy): the registration lists and placement
 * pages of the tournaments being read, a few MB on a tournament day, well inside the server's
 * 400 MB RSS target.
 */
const KEEP_SIZED_BUDGET_BYTES = 32 * 1024 * 1024;
/** Settled `keepSized` answers held at once, whatever they weigh. */
const KEEP_SIZED_MAX_ENTRIES = 5000;

/** A `keep` or `keepSized` answer and when its computation started (ms since the epoch). */
interface KeptEntry {
  at: number;
  value: Promise<unknown>;
  /** When a settled `keepSized` answer stops holding, whatever invalidations say (`expiresAt`). */
  until?: number;
  /** The database's data version the answer was computed at (`keepJsonAt`); undefined for the others. */
  version?: string;
}

interface Entry {
  expires: number;
  value: Promise<unknown>;
  /** The value resolved: only a good answer may be served stale. */
  ok: boolean;
  refreshing: boolean;
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
  private encoded: Buffer | undefined;
  constructor(readonly json: string) {}

  /** The gzip bytes, or null when the body is too small to be worth compressing. */
  gzip(): Buffer | null {
    if (this.json.length < GZIP_MIN_BYTES) return null;
    this.gzipped ??= gzipSync(this.json, { level: 6 });
    return this.gzipped;
  }

  /**
   * The body to send uncompressed: the UTF-8 bytes of a large body, encoded once (issue #16:
   * encoding a 125 KB registration list cost ≈ 0.5 ms on every request), or the text of a
   * small one (encoding it is cheaper than keeping a second copy).
   */
  body(): Buffer | string {
    if (this.json.length < GZIP_MIN_BYTES) return this.json;
    this.encoded ??= Buffer.from(this.json, "utf8");
    return this.encoded;
  }
}

/**
 * An HTML page (the web app's shell with one page's head tags) for the micro-cache: like
 * `RawJson`, its gzip form is made once, on first demand, and shared by every later hit.
 */
export class RawHtml {
  private gzipped: Buffer | undefined;
  constructor(readonly html: string) {}

  gzip(): Buffer {
    this.gzipped ??= gzipSync(this.html, { level: 6 });
    return this.gzipped;
  }
}
