import { describe, expect, it } from "vitest";
import { LiveHistory, liveEventId, sentAtOfEventId } from "../src/features/live/live-history.js";
import { liveKindOfAction } from "../src/lib/live-changes.js";

/** The replay memory of live updates (issue #20 §1), on hand-made times. */
describe("LiveHistory", () => {
  const e = (sentAt: number, n = 0) => ({ id: `${sentAt}-${n}`, sentAt, frame: `f${sentAt}.${n}\n\n` });
  const opts = { windowMs: 120_000, maxPerTopic: 3, skewMs: 2000 };

  it("replays what was sent since the client's id (less the skew), without the client's own event", () => {
    const h = new LiveHistory(opts, 1000);
    for (const t of [10_000, 11_000, 12_000]) h.add("tournament:1", e(t), t);
    h.add("tournament:2", e(11_500), 11_500);
    expect(h.replay("tournament:1", 11_000, "11000-0", 13_000)).toEqual({ kind: "replay", entries: [e(10_000), e(12_000)] });
    expect(h.replay("tournament:1", 13_500, "13500-0", 15_000)).toEqual({ kind: "replay", entries: [e(12_000)] });
    // A topic with no events since: nothing to replay, and nothing missing.
    expect(h.replay("tournament:9", 11_000, "x", 13_000)).toEqual({ kind: "replay", entries: [] });
  });

  it("asks for a resync when the node was not listening, the ring overflowed or the window passed", () => {
    const h = new LiveHistory(opts, 5000);
    expect(h.replay("tournament:1", 4999, "4999-0", 6000)).toEqual({ kind: "resync" });
    for (const t of [6000, 7000, 8000, 9000]) h.add("tournament:1", e(t), t);
    // 6000 was dropped for room; a client that saw up to 6500 misses nothing kept (7000 on).
    expect(h.replay("tournament:1", 6500, "6500-0", 9000).kind).toBe("replay");
    // A client that saw only up to 5500 missed 6000, which is gone.
    expect(h.replay("tournament:1", 5500, "5500-0", 9000)).toEqual({ kind: "resync" });
    expect(h.replay("tournament:1", 8000, "8000-0", 8000 + 200_000)).toEqual({ kind: "resync" });
    h.markGap(20_000);
    expect(h.replay("tournament:1", 19_000, "19000-0", 21_000)).toEqual({ kind: "resync" });
  });

  it("forgets topics whose events all left the window", () => {
    const h = new LiveHistory(opts, 0);
    h.add("tournament:1", e(1000), 1000);
    h.add("user:3", e(100_000), 100_000);
    h.sweep(150_000);
    expect(h.size).toBe(1);
  });

  it("gives a bus message the same id on every node, and reads the time back", () => {
    const a = liveEventId(1_795_000_000_000, "node-a", "tournament:1", '{"kind":"registrations"}');
    expect(a).toBe(liveEventId(1_795_000_000_000, "node-a", "tournament:1", '{"kind":"registrations"}'));
    expect(a).not.toBe(liveEventId(1_795_000_000_000, "node-b", "tournament:1", '{"kind":"registrations"}'));
    expect(sentAtOfEventId(a)).toBe(1_795_000_000_000);
    expect(sentAtOfEventId("nonsense")).toBeNull();
  });

  it("names the live kind of each tournament log action", () => {
    expect(liveKindOfAction("rounds.table")).toBe("table");
    expect(liveKindOfAction("rounds.lock")).toBe("room");
    expect(liveKindOfAction("rounds.draw")).toBe("rounds");
    expect(liveKindOfAction("registration.checkin")).toBe("check_ins");
    expect(liveKindOfAction("registration.checkin_close")).toBe("check_ins");
    expect(liveKindOfAction("registration.waitlist_promote")).toBe("registrations");
    expect(liveKindOfAction("team.optout")).toBe("registrations");
    expect(liveKindOfAction("squad.invite")).toBe("registrations");
    expect(liveKindOfAction("placements.edit")).toBe("placements");
    expect(liveKindOfAction("controls.checkin_status")).toBe("tournament");
    expect(liveKindOfAction("tournament.edit")).toBe("tournament");
  });
});
