import type { ServerResponse } from "node:http";
import { liveTopicTournamentId, type LiveEvent, type LiveTopic } from "@site/contract";
import type { AppContext } from "../../context.js";
import type { BusMeta } from "../../lib/bus.js";
import { AppError } from "../../lib/errors.js";
import { loadVisibleTournament } from "../access/tournament-access.service.js";
import type { Actor } from "../permissions/permissions.js";
import { LiveHistory, liveEventId, sentAtOfEventId } from "./live-history.js";

/**
 * This node's live streams (issue #20 §1): `GET /api/live` connections and the fan-out of bus
 * events to them.
 *
 * - **One bus subscription per node** for each topic family (`tournament:*`, `user:*`), never
 *   one per connection: a bus message is turned into one frame and written to every local
 *   stream of that topic (one `JSON.stringify` for 2,000 subscribers).
 * - **Who hears what.** `tournament:{id}` only when the viewer may see the tournament
 *   (`loadVisibleTournament`, the same rule and the same 404 as the page), checked when the
 *   stream opens and again on each `tournament` event (publication may have changed; the bus
 *   carried the cache invalidation before the event, so the check reads the new row).
 *   `notifications` is the signed-in account's own `user:{id}`; asked anonymously it is
 *   ignored (the stream carries the other topics), so a tab whose session expired keeps its
 *   tournament updates. A topic refused is not an error either: the stream never carries it.
 *   The viewer is the one of the request that opened the stream: a long stream keeps the rights
 *   it opened with, except tournament visibility, which is re-checked as said.
 * - **Events carry ids and kinds only** (LiveEventSchema); the client refetches through the
 *   permission-checked endpoints, so nothing private rides on the stream.
 * - **Caps**: `SSE_MAX_PER_IP` streams per client address (`req.ip`, through TRUST_PROXY)
 *   and `SSE_MAX_CONNECTIONS` per node; past either, 429 with a message, before the stream opens.
 * - **Heartbeat**: one timer per node writes a comment line to every stream every
 *   `SSE_HEARTBEAT_MS` (proxies close idle connections; a dead client shows up as a write error).
 *   A stream whose unsent buffer passes 256 KB (a client that stopped reading) is closed.
 * - **Lifetime**: a stream is ended after `SSE_MAX_STREAM_MS` (30 minutes, ±10% so a crowd
 *   that arrived together does not come back together); the browser reconnects at once with
 *   its Last-Event-ID, misses nothing, and its rights (roles, session) are read afresh.
 */
export interface LiveOptions {
  maxPerIp: number;
  maxConnections: number;
  heartbeatMs: number;
  /** A stream is ended after this long (±10%), so a viewer's rights are re-read on reconnect. */
  maxStreamMs: number;
  /** How long (and how many per topic) events are kept for replay. */
  replayMs: number;
  replayPerTopic: number;
}

/** The browser's reconnection delay, sent once as `retry:`. */
export const LIVE_RETRY_MS = 3000;
/** Clock differences between nodes tolerated when replaying (see LiveHistory). */
const SKEW_MS = 2000;
const MAX_BUFFERED_BYTES = 256 * 1024;

export const LIVE_MESSAGES = {
  perIp: "Too many live connections from your address. Close some tabs and try again.",
  full: "The site has too many live connections right now. Try again in a minute.",
};
/** The code of each LIVE_MESSAGES refusal (#21): the web catalogue's `error.<code>`. */
const LIVE_CODES = {
  perIp: { code: "live.too_many_per_address" },
  full: { code: "live.full" },
} as const;

interface Stream {
  res: ServerResponse;
  expiry: NodeJS.Timeout;
  ip: string;
  actor: Actor;
  /** Bus topic → the topic the client asked for (`user:7` → `notifications`). */
  topics: Map<string, LiveTopic>;
}

export class LiveStreams {
  private readonly streams = new Set<Stream>();
  private readonly byTopic = new Map<string, Set<Stream>>();
  private readonly perIp = new Map<string, number>();
  private readonly history: LiveHistory;
  private readonly offs: Array<() => void> = [];
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: LiveOptions,
  ) {
    this.history = new LiveHistory({ windowMs: opts.replayMs, maxPerTopic: opts.replayPerTopic, skewMs: SKEW_MS }, Date.now());
    const bus = ctx.bus;
    this.offs.push(
      bus.subscribeFamily("tournament", (topic, payload, meta) => {
        const id = liveTopicTournamentId(topic);
        if (id === null) return;
        // Only the fields of the schema go out, whatever a message carries.
        const { kind, round, room, room_id } = payload;
        this.receive(topic, { topic, kind, tournament_id: id, ...definedIds({ round, room, room_id }) }, meta);
      }),
      bus.subscribeFamily("user", (topic, _payload, meta) => this.receive(topic, { topic: "notifications", kind: "notifications" }, meta)),
      bus.subscribe("bus:reconnected", () => this.history.markGap(Date.now())),
    );
    const heartbeat = setInterval(() => this.heartbeat(), opts.heartbeatMs);
    heartbeat.unref();
    const sweep = setInterval(() => this.history.sweep(Date.now()), 30_000);
    sweep.unref();
    this.timers.push(heartbeat, sweep);
  }

  /** Open streams on this node. */
  get count(): number {
    return this.streams.size;
  }

  /**
   * Counts a new stream from `ip` against the caps, or throws 429. Call before any await, so
   * concurrent connections cannot pass the cap together; `release` undoes it.
   */
  admit(ip: string): void {
    if ((this.perIp.get(ip) ?? 0) >= this.opts.maxPerIp) throw new AppError("RATE_LIMITED", LIVE_MESSAGES.perIp, LIVE_CODES.perIp);
    let total = 0;
    for (const n of this.perIp.values()) total += n;
    if (total >= this.opts.maxConnections) throw new AppError("RATE_LIMITED", LIVE_MESSAGES.full, LIVE_CODES.full);
    this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1);
  }

  release(ip: string): void {
    const n = (this.perIp.get(ip) ?? 0) - 1;
    if (n > 0) this.perIp.set(ip, n);
    else this.perIp.delete(ip);
  }

  /**
   * The bus topics `actor` may hear among `topics`, mapped to the client's names: tournaments
   * it may see, and its own notifications when signed in. Never throws for a refused topic.
   */
  async allowedTopics(actor: Actor, topics: readonly LiveTopic[]): Promise<Map<string, LiveTopic>> {
    const out = new Map<string, LiveTopic>();
    for (const topic of topics) {
      if (topic === "notifications") {
        if (actor.userId !== null) out.set(`user:${actor.userId}`, topic);
        continue;
      }
      if (await this.maySee(actor, topic)) out.set(topic, topic);
    }
    return out;
  }

  private async maySee(actor: Actor, topic: LiveTopic): Promise<boolean> {
    const id = liveTopicTournamentId(topic);
    if (id === null) return false;
    try {
      await loadVisibleTournament(this.ctx, actor, id, { cached: true });
      return true;
    } catch (err) {
      if (err instanceof AppError && err.code === "NOT_FOUND") return false;
      throw err;
    }
  }

  /**
   * Starts streaming on `res` (its headers already written): the retry hint, the replay of what
   * `lastEventId` missed (or a `resync` per topic), then live events until the client leaves.
   * The stream was `admit`ted; its slot is released when it closes.
   */
  open(res: ServerResponse, ip: string, actor: Actor, topics: Map<string, LiveTopic>, lastEventId: string | undefined): void {
    const expiry = setTimeout(() => this.close(stream), this.opts.maxStreamMs * (0.9 + Math.random() * 0.2));
    expiry.unref();
    const stream: Stream = { res, ip, actor, topics, expiry };
    this.streams.add(stream);
    for (const t of topics.keys()) {
      let set = this.byTopic.get(t);
      if (!set) this.byTopic.set(t, (set = new Set()));
      set.add(stream);
    }
    this.ctx.metrics.sseConnections.set(this.streams.size);
    res.on("close", () => this.close(stream));
    res.on("error", () => this.close(stream));
    let head = `retry: ${LIVE_RETRY_MS}\n: open ${[...topics.values()].join(",")}\n\n`;
    if (lastEventId) head += this.replayFor(stream, lastEventId);
    this.write(stream, head);
  }

  private replayFor(stream: Stream, lastEventId: string): string {
    const since = sentAtOfEventId(lastEventId);
    const now = Date.now();
    let out = "";
    for (const [busTopic, topic] of stream.topics) {
      const answer = since === null ? { kind: "resync" as const } : this.history.replay(busTopic, since, lastEventId, now);
      if (answer.kind === "resync") out += frameOf(`${now}-resync`, { topic, kind: "resync", ...tournamentIdOf(topic) });
      else for (const e of answer.entries) out += e.frame;
    }
    return out;
  }

  private close(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    clearTimeout(stream.expiry);
    for (const t of stream.topics.keys()) {
      const set = this.byTopic.get(t);
      set?.delete(stream);
      if (set?.size === 0) this.byTopic.delete(t);
    }
    this.release(stream.ip);
    this.ctx.metrics.sseConnections.set(this.streams.size);
    if (!stream.res.writableEnded) stream.res.end();
  }

  /** One bus message: remembered for replay, written to this node's streams of its topic. */
  private receive(busTopic: string, event: LiveEvent, meta: BusMeta): void {
    const id = liveEventId(meta.sentAt, meta.origin, busTopic, JSON.stringify(event));
    const frame = frameOf(id, event);
    const now = Date.now();
    this.history.add(busTopic, { id, sentAt: meta.sentAt, frame }, now);
    const streams = this.byTopic.get(busTopic);
    if (!streams?.size) return;
    if (event.kind !== "tournament") {
      for (const s of streams) this.write(s, frame);
      return;
    }
    // Publication may have changed: each viewer is checked again before hearing it. Anonymous
    // viewers all get the same answer, so they share one check (2,000 visitors: one lookup).
    const checks = new Map<Actor | "anonymous", Promise<boolean>>();
    for (const s of [...streams]) {
      const key = s.actor.userId === null ? "anonymous" : s.actor;
      let check = checks.get(key);
      if (!check) checks.set(key, (check = this.maySee(s.actor, event.topic)));
      check.then(
        (ok) => (ok ? this.write(s, frame) : this.dropTopic(s, busTopic)),
        () => this.close(s),
      );
    }
  }

  private dropTopic(stream: Stream, busTopic: string): void {
    stream.topics.delete(busTopic);
    this.byTopic.get(busTopic)?.delete(stream);
  }

  private write(stream: Stream, text: string): void {
    const res = stream.res;
    if (res.writableEnded || res.destroyed) return this.close(stream);
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      res.destroy();
      return this.close(stream);
    }
    res.write(text);
  }

  private heartbeat(): void {
    for (const s of [...this.streams]) this.write(s, ": hb\n\n");
  }

  /** Ends every stream (the app is closing: browsers reconnect, to another node behind the proxy). */
  endAll(): void {
    for (const s of [...this.streams]) this.close(s);
  }

  /** Ends every stream and stops listening (onClose). */
  stop(): void {
    this.endAll();
    for (const off of this.offs) off();
    for (const t of this.timers) clearInterval(t);
  }
}

function definedIds(ids: { round?: number | undefined; room?: number | undefined; room_id?: number | undefined }) {
  const out: { round?: number; room?: number; room_id?: number } = {};
  for (const k of ["round", "room", "room_id"] as const) {
    const v = ids[k];
    if (typeof v === "number" && Number.isInteger(v) && v > 0) out[k] = v;
  }
  return out;
}

function tournamentIdOf(topic: LiveTopic): { tournament_id?: number } {
  const id = liveTopicTournamentId(topic);
  return id === null ? {} : { tournament_id: id };
}

/** One SSE event: `id`, `event` (the kind) and one `data` line of JSON (JSON has no raw newlines). */
function frameOf(id: string, event: LiveEvent): string {
  return `id: ${id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`;
}
