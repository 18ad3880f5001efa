import { describe, expect, it } from "vitest";
import { dateHuman, dateTimeHuman } from "../src/lib/dates.js";

describe("dates", () => {
  it("writes the first hour after midnight as 00, not 24", () => {
    expect(dateTimeHuman(Date.UTC(2026, 9, 20, 0, 26))).toBe("Oct 20, 2026, 00:26 UTC");
    expect(dateTimeHuman(Date.UTC(2026, 9, 20, 23, 5))).toBe("Oct 20, 2026, 23:05 UTC");
    expect(dateHuman(Date.UTC(2026, 10, 22))).toBe("Nov 22, 2026");
  });
});
