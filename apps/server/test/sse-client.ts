/**
 * A test's EventSource: a streaming `fetch` of `GET /api/live` on a real listener (app.inject
 * cannot stream), parsed into events and comments as a browser would (issue #20 §1).
 */
export interface SseEvent {
  id: string;
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Everything received so far. */
  events: SseEvent[];
  comments: string[];
  retry: number | null;
  /** The first event received (after the first `after` ones; default all) that `match` accepts, waiting up to `ms`. */
  next(match?: (e: SseEvent) => boolean, ms?: number, after?: number): Promise<SseEvent>;
  /** Resolves when `n` comments (heartbeats included) have arrived. */
  comment(match: (c: string) => boolean, ms?: number): Promise<string>;
  /** Resolves `ms` later with the events received meanwhile that `match` accepts (to show none came). */
  quiet(ms: number, match?: (e: SseEvent) => boolean): Promise<SseEvent[]>;
  /** The body of a non-stream answer (429, 400). */
  text(): Promise<string>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const ac = new AbortController();
  const res = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: ac.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  const state = { retry: null as number | null };
  let ended!: () => void;
  const endedP = new Promise<void>((r) => (ended = r));
  const isStream = res.status === 200 && String(res.headers.get("content-type")).startsWith("text/event-stream");

  if (isStream && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buf = "";
      let cur: { id: string; event: string; data: string[] } = { id: "", event: "message", data: [] };
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buf += decoder.decode(chunk, { stream: true });
          let nl: number;
          while ((nl = buf.indexOf("\n")) >= 0) {
            const line = buf.slice(0, nl);
            buf = buf.slice(nl + 1);
            if (line === "") {
              if (cur.data.length) events.push({ id: cur.id, event: cur.event, data: JSON.parse(cur.data.join("\n")) });
              cur = { id: "", event: "message", data: [] };
              wake();
            } else if (line.startsWith(":")) {
              comments.push(line.slice(1).trim());
              wake();
            } else {
              const i = line.indexOf(":");
              const field = i < 0 ? line : line.slice(0, i);
              const value = i < 0 ? "" : line.slice(i + 1).replace(/^ /, "");
              if (field === "id") cur.id = value;
              else if (field === "event") cur.event = value;
              else if (field === "data") cur.data.push(value);
              else if (field === "retry") state.retry = Number(value);
            }
          }
        }
      } catch {
        // aborted
      }
      ended();
      wake();
    })();
  } else ended();

  const waitFor = <T>(probe: () => T | undefined, ms: number, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const v = probe();
        if (v !== undefined) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(v);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`SSE: no ${what} within ${ms} ms; got ${JSON.stringify(events.map((e) => e.data))}`));
      }, ms);
      waiters.add(check);
      check();
    });

  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    get retry() {
      return state.retry;
    },
    next(match = () => true, ms = 5000, after = 0) {
      return waitFor(() => events.slice(after).find(match), ms, "matching event");
    },
    comment(match, ms = 5000) {
      return waitFor(() => comments.find(match), ms, "matching comment");
    },
    async quiet(ms, match = () => true) {
      const from = events.length;
      await new Promise((r) => setTimeout(r, ms));
      return events.slice(from).filter(match);
    },
    text: () => res.text(),
    ended: endedP,
    close: () => ac.abort(),
  };
}
