/**
 * A least-recently-used map bounded by the bytes of its values rather than their count, and
 * optionally by a count too: the per-node cache of hot images (issue #18 §4) and the settled
 * answers of `TtlCache.keepSized` (issue #16). A value larger than a quarter of the budget is
 * not kept (one huge value must not flush every small one). Single-threaded; no TTL: the
 * images are content-addressed and never change, and `keepSized` stores each answer's time
 * with it and drops an old one itself.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private used = 0;

  /** `budgetBytes` 0 keeps nothing; `maxEntries` bounds how many values are held, whatever they weigh. */
  constructor(
    private readonly budgetBytes: number,
    private readonly maxEntries = Infinity,
  ) {}

  /** The value of `key`, now the most recently used; undefined when absent. */
  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    // Map keeps insertion order: re-inserting makes the first key the least recently used.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  /** Keeps `value` (weighing `bytes`), evicting the least recently used until it fits. */
  set(key: string, value: V, bytes: number): void {
    if (bytes > this.budgetBytes / 4) return;
    this.delete(key);
    while ((this.used + bytes > this.budgetBytes || this.entries.size >= this.maxEntries) && this.entries.size) {
      this.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, { value, bytes });
    this.used += bytes;
  }

  /** Forgets `key` and gives its bytes back; false when it was absent. */
  delete(key: string): boolean {
    const e = this.entries.get(key);
    if (!e) return false;
    this.entries.delete(key);
    this.used -= e.bytes;
    return true;
  }

  /** Forgets every key starting with one of `prefixes` ("" forgets all). */
  deletePrefixed(prefixes: readonly string[]): void {
    if (prefixes.includes("")) return this.clear();
    for (const key of this.entries.keys()) if (prefixes.some((p) => key.startsWith(p))) this.delete(key);
  }

  /** Forgets everything. */
  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  /** Bytes held and entries, for tests and metrics. */
  get size(): { bytes: number; entries: number } {
    return { bytes: this.used, entries: this.entries.size };
  }
}
