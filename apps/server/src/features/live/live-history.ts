/**
 * A node's short memory of live events (issue #20 §1), so a client that reconnects with
 * `Last-Event-ID` gets what it missed. Pure: the caller passes the clock.
 *
 * **Ids.** An event's id is `<sentAt>-<hash>`: the bus message's send time (the publishing
 * node's clock, ms since the epoch) and a hash of its origin node, topic and payload. Every
 * node receives the same message with the same meta, so every node gives it the same id, and
 * a client may reconnect to any node behind the proxy. A per-node counter would not do: node
 * B's 17th event is not node A's.
 *
 * **Replay.** The client's id says when it last heard something (`since`). Ids are not
 * ordered across publishers whose clocks differ, so replay sends every remembered event of the
 * topic sent at or after `since − skewMs`, except the one with the client's own id: an event
 * the client already had may come twice, which costs it one refetch; none is lost.
 *
 * **Resync.** Replay is only possible when this node's memory of the topic is complete from
 * `since` on. It is not when `since − skewMs` is older than the window (`windowMs`), when the
 * topic's ring dropped an event sent after `since` (`maxPerTopic` reached), or when the node was
 * not listening at `since` (`completeSince`: its start, and every bus reconnect, since messages
 * sent while it was disconnected never arrive). The client then gets one `resync` per topic.
 */
export interface HistoryEntry {
  id: string;
  sentAt: number;
  /** The event's frame (the `event:` and `data:` lines), kept ready to write. */
  frame: string;
}

export type ReplayAnswer = { kind: "replay"; entries: HistoryEntry[] } | { kind: "resync" };

interface TopicRing {
  entries: HistoryEntry[];
  /** The newest sentAt this ring dropped for room (not for age); -Infinity when none. */
  droppedUntil: number;
}

export class LiveHistory {
  private readonly rings = new Map<string, TopicRing>();
  /** Events sent before this were not heard by this node (start, bus reconnects). */
  private completeSince: number;

  constructor(
    private readonly opts: { windowMs: number; maxPerTopic: number; skewMs: number },
    now: number,
  ) {
    this.completeSince = now;
  }

  /** The node stopped hearing messages for a while (bus reconnected): nothing before `now` can be replayed. */
  markGap(now: number): void {
    this.completeSince = now;
  }

  /** Remembers one event of `topic` (in arrival order). */
  add(topic: string, entry: HistoryEntry, now: number): void {
    let ring = this.rings.get(topic);
    if (!ring) this.rings.set(topic, (ring = { entries: [], droppedUntil: -Infinity }));
    ring.entries.push(entry);
    if (ring.entries.length > this.opts.maxPerTopic) {
      const dropped = ring.entries.shift()!;
      ring.droppedUntil = Math.max(ring.droppedUntil, dropped.sentAt);
    }
    this.expire(ring, now);
  }

  /** What a client that last saw `lastId` (sent at `since`) missed on `topic`. */
  replay(topic: string, since: number, lastId: string, now: number): ReplayAnswer {
    const from = since - this.opts.skewMs;
    const ring = this.rings.get(topic);
    if (ring) this.expire(ring, now);
    // Completeness is judged at the client's own time: the skew widens what is sent, not what
    // must be known (else no node could replay anything in its first seconds).
    if (since < this.completeSince || since < (ring?.droppedUntil ?? -Infinity) || from < now - this.opts.windowMs)
      return { kind: "resync" };
    return { kind: "replay", entries: (ring?.entries ?? []).filter((e) => e.sentAt >= from && e.id !== lastId) };
  }

  /** Drops events older than the window everywhere, and empty rings (call now and then). */
  sweep(now: number): void {
    for (const [topic, ring] of this.rings) {
      this.expire(ring, now);
      if (ring.entries.length === 0) this.rings.delete(topic);
    }
  }

  /** How many topics are remembered (metrics, tests). */
  get size(): number {
    return this.rings.size;
  }

  private expire(ring: TopicRing, now: number): void {
    const oldest = now - this.opts.windowMs;
    let i = 0;
    while (i < ring.entries.length && ring.entries[i]!.sentAt < oldest) i++;
    if (i > 0) ring.entries.splice(0, i);
  }
}

/** `<sentAt>-<hash>`: the same on every node for the same bus message (see above). */
export function liveEventId(sentAt: number, origin: string, topic: string, payloadJson: string): string {
  // FNV-1a, 32 bits: ids need to differ between events of one millisecond, not resist anyone.
  let h = 0x811c9dc5;
  const text = `${origin}|${topic}|${payloadJson}`;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${sentAt}-${h.toString(36)}`;
}

/** The send time in a `Last-Event-ID`, or null when it is not one of ours. */
export function sentAtOfEventId(id: string): number | null {
  const m = /^(\d{1,15})-[0-9a-z]{1,8}$/.exec(id);
  return m ? Number(m[1]) : null;
}
