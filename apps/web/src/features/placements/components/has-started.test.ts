import { describe, expect, it } from "vitest";
import { hasStarted } from "./placements-view";

const NOW = Date.parse("2026-11-25T12:00:00Z");

describe("hasStarted (#17 §8: no 'This tournament has concluded.' before the start)", () => {
  it("is false for a start in the future, even by a minute", () => {
    expect(hasStarted({ start_date: "2026-12-01T18:00:00Z" }, NOW)).toBe(false);
    expect(hasStarted({ start_date: "2026-11-25T12:01:00Z" }, NOW)).toBe(false);
  });
  it("is true from the start on, and for an undated ('Ongoing') tournament", () => {
    expect(hasStarted({ start_date: "2026-11-25T12:00:00Z" }, NOW)).toBe(true);
    expect(hasStarted({ start_date: "2026-11-01T18:00:00Z" }, NOW)).toBe(true);
    expect(hasStarted({ start_date: null }, NOW)).toBe(true);
  });
});
