import { act, render } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { liveHub } from "@/features/live/api/use-live-topics";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { TournamentHeader } from "./tournament-page";

/** The smallest EventSource the live hub needs: records the URL, opens and fails on demand. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener() {}
  close() {
    this.readyState = 2;
  }
}

describe("TournamentHeader keeps every tournament screen live (issue #20 §1)", () => {
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

  it("subscribes to its tournament's topic and shows a Live badge while the stream is open", () => {
    const { queryByText } = render(
      <QueryClientProvider client={new QueryClient()}>
        <TournamentHeader t={tournamentDetail({ id: 31, title: "Header Cup" })} />
      </QueryClientProvider>,
    );
    act(() => vi.advanceTimersByTime(100));
    expect(FakeEventSource.all.map((s) => s.url)).toEqual(["/api/live?topics=tournament:31"]);
    const source = FakeEventSource.all[0]!;
    expect(queryByText("Live")).toBeNull();
    act(() => {
      source.readyState = 1;
      source.onopen?.();
    });
    expect(queryByText("Live")).not.toBeNull();
    act(() => {
      source.readyState = 0;
      source.onerror?.();
    });
    expect(queryByText("Live")).toBeNull();
  });
});
