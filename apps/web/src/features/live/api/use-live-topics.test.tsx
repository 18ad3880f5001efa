import { act, render } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveEvent, LiveTopic } from "@site/contract";
import { roundKeys } from "@/features/rounds/api/keys";
import { registrationKeys } from "@/features/registrations/api/keys";
import { sessionKeys } from "@/features/session/api/keys";
import { tournamentKeys } from "@/features/tournaments/api/keys";
import { STALE_TIME_MS } from "@/lib/query-client";
import { LIVE_DEBOUNCE_MS, LiveHub } from "./live-hub";
import { liveInvalidations } from "./live-keys";
import { liveHub, useLiveTopics } from "./use-live-topics";

/** A stand-in for the browser's EventSource: records URLs, lets the test open, fail and send. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Array<(e: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  opened() {
    this.readyState = 1;
    this.onopen?.();
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.();
  }
  send(event: LiveEvent, id: string) {
    const e = new MessageEvent(event.kind, { data: JSON.stringify(event), lastEventId: id });
    for (const fn of this.listeners.get(event.kind) ?? []) fn(e);
  }
  static live() {
    return FakeEventSource.all.filter((s) => !s.closed);
  }
}

function Probe({ topics, onEvent, label }: { topics: LiveTopic[]; onEvent?: (e: LiveEvent) => void; label: string }) {
  const { connected } = useLiveTopics(topics, { onEvent });
  return <p>{`${label}:${connected ? "live" : "off"}`}</p>;
}

function setup(ui: React.ReactNode) {
  const qc = new QueryClient();
  const spy = vi.spyOn(qc, "invalidateQueries");
  const utils = render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
  return {
    qc,
    spy,
    ...utils,
    rerenderWith: (next: React.ReactNode) => utils.rerender(<QueryClientProvider client={qc}>{next}</QueryClientProvider>),
  };
}

const settle = () => act(() => vi.advanceTimersByTime(LIVE_DEBOUNCE_MS + 1));

describe("useLiveTopics (issue #20 §1)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.all = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });
  afterEach(() => {
    liveHub.reset();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("merges every mounted component's topics into one connection, reopened once when they change", async () => {
    const { getByText, rerenderWith } = setup(
      <>
        <Probe label="a" topics={["tournament:12"]} />
        <Probe label="b" topics={["notifications", "tournament:12"]} />
      </>,
    );
    expect(FakeEventSource.all).toHaveLength(0); // debounced
    await settle();
    expect(FakeEventSource.all.map((s) => s.url)).toEqual(["/api/live?topics=notifications,tournament:12"]);
    expect(getByText("a:off")).toBeTruthy();
    act(() => FakeEventSource.all[0]!.opened());
    expect(getByText("a:live")).toBeTruthy();
    expect(getByText("b:live")).toBeTruthy();

    rerenderWith(
      <>
        <Probe label="a" topics={["tournament:12"]} />
        <Probe label="b" topics={["tournament:12"]} />
        <Probe label="c" topics={["tournament:7"]} />
      </>,
    );
    await settle();
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.all[0]!.closed).toBe(true);
    expect(FakeEventSource.live().map((s) => s.url)).toEqual(["/api/live?topics=tournament:12,tournament:7"]);
    expect(getByText("c:off")).toBeTruthy();
  });

  it("invalidates the mapped query keys and calls onEvent only for subscribers of the topic", async () => {
    const onA = vi.fn();
    const onB = vi.fn();
    const { spy } = setup(
      <>
        <Probe label="a" topics={["tournament:12"]} onEvent={onA} />
        <Probe label="b" topics={["notifications"]} onEvent={onB} />
      </>,
    );
    await settle();
    const source = FakeEventSource.all[0]!;
    act(() => source.opened());
    const event: LiveEvent = { topic: "tournament:12", kind: "table", round: 2, room: 3, room_id: 40 };
    act(() => source.send(event, "100-1"));
    expect(onA).toHaveBeenCalledWith(event);
    expect(onB).not.toHaveBeenCalled();
    const keys = spy.mock.calls.map((c) => c[0]?.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([roundKeys.overview(12), roundKeys.round(12, 2), roundKeys.myRoom(12), tournamentKeys.logsOf(12)]),
    );
    expect(keys).not.toContainEqual(registrationKeys.event(12));

    spy.mockClear();
    act(() => source.send({ topic: "notifications", kind: "notifications" }, "101-1"));
    expect(onB).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls.map((c) => c[0]?.queryKey)).toContainEqual(sessionKeys.all);
  });

  it("ignores data that is not a live event", async () => {
    const onA = vi.fn();
    setup(<Probe label="a" topics={["tournament:12"]} onEvent={onA} />);
    await settle();
    const source = FakeEventSource.all[0]!;
    const bad = new MessageEvent("registrations", { data: '{"topic":"tournament:x","kind":"registrations"}' });
    act(() => (source as unknown as { listeners: Map<string, Array<(e: MessageEvent) => void>> }).listeners.get("registrations")![0]!(bad));
    expect(onA).not.toHaveBeenCalled();
  });

  it("after the browser gives up, reopens later with the last event id; a topic change carries it too", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { rerenderWith } = setup(<Probe label="a" topics={["tournament:12"]} />);
    await settle();
    const first = FakeEventSource.all[0]!;
    act(() => first.opened());
    act(() => first.send({ topic: "tournament:12", kind: "registrations" }, "1700000000000-4"));
    act(() => first.fail(false)); // the browser retries by itself: no new source
    expect(FakeEventSource.all).toHaveLength(1);
    act(() => first.fail(true)); // e.g. a 429: the browser stops
    expect(first.closed).toBe(true);
    act(() => vi.advanceTimersByTime(1999));
    expect(FakeEventSource.all).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2));
    expect(FakeEventSource.all[1]!.url).toBe("/api/live?topics=tournament:12&last_event_id=1700000000000-4");

    rerenderWith(<Probe label="a" topics={["tournament:13"]} />);
    await settle();
    expect(FakeEventSource.live().map((s) => s.url)).toEqual(["/api/live?topics=tournament:13&last_event_id=1700000000000-4"]);
  });

  it("closes the connection when the last subscriber unmounts, and never connects without EventSource", async () => {
    const { unmount } = setup(<Probe label="a" topics={["tournament:12"]} />);
    await settle();
    unmount();
    await settle();
    expect(FakeEventSource.all[0]!.closed).toBe(true);

    vi.unstubAllGlobals();
    vi.stubGlobal("EventSource", undefined);
    const { getByText } = setup(<Probe label="x" topics={["tournament:12"]} />);
    await settle();
    expect(getByText("x:off")).toBeTruthy();
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it("maps a resync of a tournament to everything of that tournament", () => {
    const keys = liveInvalidations({ topic: "tournament:5", kind: "resync" });
    expect(keys).toEqual(expect.arrayContaining([tournamentKeys.detail(5), registrationKeys.event(5), roundKeys.event(5)]));
  });
});

describe("LiveHub: a topic new to the stream asks for what came since its data (issue #20 §1)", () => {
  const D = 1_800_000_000_000; // the page's drawing, on the server's clock
  let serverNow = D;
  const clock = () => ({ drawnAt: D, now: () => serverNow });
  const qc = new QueryClient();
  const sub = (topic: LiveTopic) => ({ topics: [topic], queryClient: qc, onEvent: () => {} });
  const tick = () => vi.advanceTimersByTime(LIVE_DEBOUNCE_MS + 1);

  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.all = [];
    serverNow = D;
  });
  afterEach(() => vi.useRealTimers());

  // Until a first connection opened the screens show the drawn answers, however long hydrating took.
  it.each([
    ["hydrated a little after the drawing", 900],
    ["a slow phone, or a first live screen reached later", 45_000],
  ])(
    "the page's first connection replays from the drawing (%s): a change between the drawn page and the stream is not missed",
    (_, after) => {
      const hub = new LiveHub(() => FakeEventSource as unknown as typeof EventSource, clock);
      serverNow = D + after;
      hub.add(sub("tournament:12"));
      tick();
      expect(FakeEventSource.all[0]!.url).toBe(`/api/live?topics=tournament:12&last_event_id=${D}-0`);
      hub.reset();
    },
  );

  it("a topic added later replays from its subscription less the age cached data may have, or from the last event when that is earlier", () => {
    const hub = new LiveHub(() => FakeEventSource as unknown as typeof EventSource, clock);
    hub.add(sub("tournament:12"));
    tick();
    act(() => FakeEventSource.all[0]!.opened());
    // Ten minutes on, another screen subscribes: its data may be a cached answer up to STALE_TIME_MS old.
    serverNow = D + 600_000;
    hub.add(sub("tournament:7"));
    tick();
    const since = D + 600_000 - STALE_TIME_MS;
    expect(FakeEventSource.live()[0]!.url).toBe(`/api/live?topics=tournament:12,tournament:7&last_event_id=${since}-0`);
    // Once it opened, both topics are carried: the next reconnect goes on from the last event heard.
    const second = FakeEventSource.live()[0]!;
    act(() => second.opened());
    act(() => second.send({ topic: "tournament:7", kind: "registrations" }, `${D + 600_500}-k3`));
    hub.add(sub("tournament:7")); // the same topics: no reconnect
    tick();
    expect(FakeEventSource.live()).toEqual([second]);
    // A third topic, whose window starts after the last event: the last event's id, so it is not sent twice.
    serverNow = D + 640_000;
    hub.add(sub("tournament:9"));
    tick();
    expect(FakeEventSource.live()[0]!.url).toBe(`/api/live?topics=tournament:12,tournament:7,tournament:9&last_event_id=${D + 600_500}-k3`);
    hub.reset();
  });

  it("a connection that never opened asks again from the same point; after everyone left, a new subscription starts over", () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const hub = new LiveHub(() => FakeEventSource as unknown as typeof EventSource, clock);
    const leave = hub.add(sub("tournament:12"));
    tick();
    act(() => FakeEventSource.all[0]!.fail(true)); // refused before opening
    act(() => vi.advanceTimersByTime(2001));
    expect(FakeEventSource.all[1]!.url).toBe(`/api/live?topics=tournament:12&last_event_id=${D}-0`);
    act(() => FakeEventSource.all[1]!.opened());
    leave();
    tick();
    expect(FakeEventSource.live()).toEqual([]);
    serverNow = D + 100_000;
    hub.add(sub("tournament:12"));
    tick();
    expect(FakeEventSource.live()[0]!.url).toBe(`/api/live?topics=tournament:12&last_event_id=${D + 100_000 - STALE_TIME_MS}-0`);
    hub.reset();
    vi.restoreAllMocks();
  });

  it("a page the server did not draw has no clock: it connects as before", () => {
    const hub = new LiveHub(
      () => FakeEventSource as unknown as typeof EventSource,
      () => null,
    );
    hub.add(sub("tournament:12"));
    tick();
    expect(FakeEventSource.all[0]!.url).toBe("/api/live?topics=tournament:12");
    hub.reset();
  });
});
