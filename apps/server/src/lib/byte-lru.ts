/**
 * A least-recently-used map bounded by the bytes of its values rather than their count: the
 * per-node cache of hot images (issue #18 §4). A value larger than a quarter of the budget is
 * not kept (one huge image must not flush every small one). Single-threaded; no TTL, because
 * what it holds is content-addressed and never changes.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private used = 0;

  /** `budgetBytes` 0 keeps nothing. */
  constructor(private readonly budgetBytes: number) {}

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
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.used -= old.bytes;
    }
    while (this.used + bytes > this.budgetBytes && this.entries.size) {
      const [k, e] = this.entries.entries().next().value!;
      this.entries.delete(k);
      this.used -= e.bytes;
    }
    this.entries.set(key, { value, bytes });
    this.used += bytes;
  }

  /** Bytes held and entries, for tests and metrics. */
  get size(): { bytes: number; entries: number } {
    return { bytes: this.used, entries: this.entries.size };
  }
}
