import type { QueryClient } from "@tanstack/react-query";
import { LIVE_EVENT_KINDS, LIVE_PATH, parseLiveEvent, type LiveEvent, type LiveTopic } from "@site/contract";
import { serverClock } from "@/lib/api-client";
import { STALE_TIME_MS } from "@/lib/query-client";
import { liveInvalidations } from "./live-keys";

/** One mounted user of live updates: the topics it wants, what to call per event, the query client to invalidate. */
export interface LiveSubscription {
  topics: readonly LiveTopic[];
  onEvent: (event: LiveEvent) => void;
  queryClient: QueryClient;
}

/** Topic-set changes within this window make one reconnect (a page mounting several users at once). */
export const LIVE_DEBOUNCE_MS = 50;
/** After the browser gave up (an HTTP error such as 429, or a network failure it does not retry): 2 s doubling to 60 s, with jitter. */
const RETRY_MIN_MS = 2000;
const RETRY_MAX_MS = 60_000;

/** EventSource.CLOSED: the browser will not reconnect on its own. */
const CLOSED = 2;

type EventSourceCtor = new (url: string) => EventSource;
type ServerClock = ReturnType<typeof serverClock>;

/**
 * One EventSource per tab for every mounted user of live updates (issue #20 §1): subscriptions
 * are merged into one topic set, and the connection is reopened (debounced) when that set
 * changes. Each event invalidates the queries `liveInvalidations` names in every subscribed
 * query client, then calls the callbacks of the subscriptions that asked for its topic.
 *
 * Reconnects: while the browser retries by itself (readyState CONNECTING) it sends
 * `Last-Event-ID`; when it gives up (CLOSED) or the topic set changes, the hub opens a new
 * EventSource with `last_event_id` in the query, so missed events are replayed either way.
 *
 * A topic the open connection did not carry yet: its screen shows data from before the stream,
 * and a change between the two would be missed (the board drawn by the server, a table saved,
 * then the stream opens). So the connection asks for every event since the data shown can be
 * from, on the server's clock (`serverClock`, from the page's drawing time): the page's drawing
 * itself until a first connection opened, then, for a screen that subscribed later, its
 * subscription less the query client's `STALE_TIME_MS` (a cached answer). The server replays
 * those, or answers `resync` when they are older than its window: a refetch, never a missed
 * change. A page the server did not draw has no clock, and connects as before.
 *
 * SSR-safe: with no `EventSource` (the server, jsdom) nothing connects and `connected` stays false.
 */
export class LiveHub {
  private readonly subs = new Set<LiveSubscription>();
  /** When each subscription came, on the server's clock (none without one). */
  private readonly addedAt = new Map<LiveSubscription, number>();
  /** The topics of the last connection that opened; cleared when no one subscribes. */
  private carried = new Set<string>();
  /** A connection of this page has opened: screens subscribed since may show cached answers, not the drawing's. */
  private everOpened = false;
  private readonly listeners = new Set<() => void>();
  private source: EventSource | null = null;
  /** The sorted, comma-joined topics of `source`. */
  private openKey = "";
  private open = false;
  private lastEventId: string | null = null;
  private failures = 0;
  private syncTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private snapshot = "";

  constructor(
    private readonly eventSource: () => EventSourceCtor | undefined = () => globalThis.EventSource,
    private readonly clock: () => ServerClock = serverClock,
  ) {}

  /** Adds a subscription; returns the function that removes it. */
  add(sub: LiveSubscription): () => void {
    this.subs.add(sub);
    const clock = this.clock();
    if (clock) this.addedAt.set(sub, clock.now());
    this.schedule();
    return () => {
      this.subs.delete(sub);
      this.addedAt.delete(sub);
      this.schedule();
    };
  }

  /** For useSyncExternalStore: called whenever the connection opens, closes or changes topics. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** `""` while not connected, else the connected topics joined by commas (a stable string for useSyncExternalStore). */
  getSnapshot = (): string => this.snapshot;

  /** True while the connection is open and carries every topic of `topics`. */
  isConnected(topics: readonly string[]): boolean {
    if (!this.snapshot) return false;
    const open = new Set(this.snapshot.split(","));
    return topics.every((t) => open.has(t));
  }

  private schedule(): void {
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = setTimeout(() => {
      this.syncTimer = null;
      this.sync();
    }, LIVE_DEBOUNCE_MS);
  }

  private wantedKey(): string {
    const topics = new Set<string>();
    for (const s of this.subs) for (const t of s.topics) topics.add(t);
    return [...topics].sort().join(",");
  }

  /** Opens, reopens or closes the connection to match the subscriptions. */
  private sync(): void {
    const want = this.wantedKey();
    if (want === this.openKey && this.source) return;
    this.close();
    if (want) this.connect(want);
    else this.carried.clear();
  }

  /**
   * The `last_event_id` of a new connection for `key`: the last event heard, or an id at the
   * earliest instant the data of a topic new to the stream can be from, when that is earlier
   * (see the class). Null: replay nothing.
   */
  private replayFrom(key: string): string | null {
    const clock = this.clock();
    const fresh = new Set(key.split(",").filter((t) => !this.carried.has(t)));
    let since: number | null = null;
    if (clock) {
      for (const s of this.subs) {
        const at = this.addedAt.get(s);
        if (at === undefined || !s.topics.some((t) => fresh.has(t))) continue;
        // Until a first connection opened the screens show the drawing's answers, however long
        // hydrating took (a slow phone); later ones may show an answer cached for up to staleTime.
        const from = this.everOpened ? Math.max(clock.drawnAt, at - STALE_TIME_MS) : clock.drawnAt;
        since = since === null ? from : Math.min(since, from);
      }
    }
    const lastAt = this.lastEventId ? Number(this.lastEventId.split("-")[0]) : null;
    if (since === null || (lastAt !== null && lastAt <= since)) return this.lastEventId;
    return `${Math.floor(since)}-0`;
  }

  private connect(key: string): void {
    const Ctor = this.eventSource();
    if (!Ctor) return;
    const from = this.replayFrom(key);
    const last = from ? `&last_event_id=${encodeURIComponent(from)}` : "";
    const source = new Ctor(`${LIVE_PATH}?topics=${key}${last}`);
    this.source = source;
    this.openKey = key;
    source.onopen = () => {
      if (this.source !== source) return;
      this.open = true;
      this.failures = 0;
      this.carried = new Set(key.split(","));
      this.everOpened = true;
      this.publish();
    };
    source.onerror = () => {
      if (this.source !== source) return;
      this.open = false;
      this.publish();
      if (source.readyState === CLOSED) this.retryLater();
    };
    const onMessage = (e: MessageEvent) => {
      if (this.source !== source) return;
      if (e.lastEventId) this.lastEventId = e.lastEventId;
      const event = typeof e.data === "string" ? parseLiveEvent(e.data) : null;
      if (event) this.dispatch(event);
    };
    for (const kind of LIVE_EVENT_KINDS) source.addEventListener(kind, onMessage);
  }

  private retryLater(): void {
    this.close();
    const base = Math.min(RETRY_MIN_MS * 2 ** this.failures, RETRY_MAX_MS);
    this.failures++;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        this.sync();
      },
      base * (1 + Math.random() * 0.2),
    );
  }

  private dispatch(event: LiveEvent): void {
    const clients = new Set<QueryClient>();
    for (const s of this.subs) clients.add(s.queryClient);
    const keys = liveInvalidations(event);
    for (const qc of clients) for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
    for (const s of [...this.subs]) {
      if (!s.topics.includes(event.topic)) continue;
      try {
        s.onEvent(event);
      } catch (err) {
        // One component's callback must not stop the others'.
        console.error(err);
      }
    }
  }

  private close(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.source?.close();
    this.source = null;
    this.openKey = "";
    if (this.open) {
      this.open = false;
    }
    this.publish();
  }

  private publish(): void {
    const next = this.open && this.source ? this.openKey : "";
    if (next === this.snapshot) return;
    this.snapshot = next;
    for (const l of this.listeners) l();
  }

  /** Closes everything and forgets the subscriptions (tests). */
  reset(): void {
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = null;
    this.subs.clear();
    this.addedAt.clear();
    this.carried.clear();
    this.everOpened = false;
    this.close();
    this.lastEventId = null;
    this.failures = 0;
  }
}
