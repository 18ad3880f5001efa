import { describe, expect, it } from "vitest";
import { formatCountdown, nextTickDelay, splitDuration, upcomingMilestones } from "./countdown";

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe("splitDuration", () => {
  it("splits into whole days, hours, minutes and seconds, rounding down", () => {
    expect(splitDuration(2 * d + 4 * h + 5 * m + 6 * s + 999)).toEqual({ days: 2, hours: 4, minutes: 5, seconds: 6 });
    expect(splitDuration(-5 * s)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe("formatCountdown", () => {
  it("shows days and hours from a day up", () => {
    expect(formatCountdown(2 * d + 4 * h + 59 * m)).toBe("2 d 04 h");
    expect(formatCountdown(d)).toBe("1 d 00 h");
    expect(formatCountdown(12 * d + 23 * h)).toBe("12 d 23 h");
  });
  it("shows hours and minutes from an hour up", () => {
    expect(formatCountdown(d - 1)).toBe("23 h 59 m");
    expect(formatCountdown(3 * h + 5 * m + 30 * s)).toBe("3 h 05 m");
    expect(formatCountdown(h)).toBe("1 h 00 m");
  });
  it("shows minutes and seconds under an hour, and zero once passed", () => {
    expect(formatCountdown(h - 1)).toBe("59 m 59 s");
    expect(formatCountdown(12 * m + 5 * s)).toBe("12 m 05 s");
    expect(formatCountdown(0)).toBe("0 m 00 s");
    expect(formatCountdown(-3 * m)).toBe("0 m 00 s");
  });
});

describe("nextTickDelay", () => {
  it("waits to the next whole minute from an hour up", () => {
    expect(nextTickDelay(2 * h + 30 * s)).toBe(30 * s);
    expect(nextTickDelay(2 * h)).toBe(m);
  });
  it("waits to the next whole second under an hour", () => {
    expect(nextTickDelay(10 * m + 250)).toBe(250);
    expect(nextTickDelay(10 * m)).toBe(s);
    expect(nextTickDelay(h)).toBe(s);
  });
  it("waits a minute once passed", () => {
    expect(nextTickDelay(0)).toBe(m);
  });
});

describe("upcomingMilestones", () => {
  it("keeps the future ones, soonest first", () => {
    const now = 1_000_000;
    expect(
      upcomingMilestones(
        [
          { label: "Starts", at: now + 5 * h },
          { label: "Check-in opens", at: now - h },
          { label: "Check-in closes", at: now + h },
          { label: "Bad", at: Number.NaN },
        ],
        now,
      ).map((x) => x.label),
    ).toEqual(["Check-in closes", "Starts"]);
  });
});

describe("formatCountdown in the page's language (#21 §4)", () => {
  // 2 days 4 hours 5 minutes 6 seconds; 3 h 5 m 6 s; 12 m 5 s: hand-computed.
  const long = 2 * 86_400_000 + 4 * 3_600_000 + 5 * 60_000 + 6_000;
  const hours = 3 * 3_600_000 + 5 * 60_000 + 6_000;
  const short = 12 * 60_000 + 5_000;
  it("writes each language's short units, apart or joined", () => {
    expect([long, hours, short].map((ms) => formatCountdown(ms, "fr"))).toEqual(["2 j 04 h", "3 h 05 min", "12 min 05 s"]);
    expect([long, hours, short].map((ms) => formatCountdown(ms, "de"))).toEqual(["2 T 04 Std", "3 Std 05 Min", "12 Min 05 Sek"]);
    expect([long, hours, short].map((ms) => formatCountdown(ms, "ja"))).toEqual(["2日 04時間", "3時間 05分", "12分 05秒"]);
    // English by default, for the pseudo-locale and for any other language.
    expect([long, hours, short].map((ms) => formatCountdown(ms))).toEqual(["2 d 04 h", "3 h 05 m", "12 m 05 s"]);
    expect(formatCountdown(long, "en-XA")).toBe("2 d 04 h");
  });
});
