import { describe, expect, it } from "vitest";
import { calendarEnd, calendarStamp, googleCalendarUrl } from "./calendar-link";

describe("calendarStamp", () => {
  it("writes the UTC basic format", () => {
    expect(calendarStamp("2026-12-28T18:00:00.000Z")).toBe("20261228T180000Z");
    expect(calendarStamp(Date.UTC(2027, 0, 2, 3, 4, 5))).toBe("20270102T030405Z");
  });
});

describe("calendarEnd", () => {
  it("keeps an end after the start and otherwise lasts one hour", () => {
    const start = Date.UTC(2026, 11, 28, 18);
    expect(calendarEnd(start, Date.UTC(2026, 11, 28, 22))).toBe(Date.UTC(2026, 11, 28, 22));
    expect(calendarEnd(start, null)).toBe(Date.UTC(2026, 11, 28, 19));
    expect(calendarEnd(start, start)).toBe(Date.UTC(2026, 11, 28, 19));
  });
});

describe("googleCalendarUrl", () => {
  it("builds the TEMPLATE link with encoded values", () => {
    const url = googleCalendarUrl({
      title: "Weekly #3 & Friends",
      start: "2026-12-28T18:00:00Z",
      end: "2026-12-28T22:00:00Z",
      details: "https://example.com/tournaments/7",
      location: "Berlin, Hall 2",
    });
    expect(url).toBe(
      "https://calendar.google.com/calendar/render?action=TEMPLATE&text=Weekly+%233+%26+Friends" +
        "&dates=20261228T180000Z%2F20261228T220000Z&details=https%3A%2F%2Fexample.com%2Ftournaments%2F7&location=Berlin%2C+Hall+2",
    );
    const parsed = new URL(url);
    expect(parsed.searchParams.get("dates")).toBe("20261228T180000Z/20261228T220000Z");
    expect(parsed.searchParams.get("text")).toBe("Weekly #3 & Friends");
  });

  it("leaves out empty details and location", () => {
    const url = new URL(googleCalendarUrl({ title: "T", start: Date.UTC(2026, 0, 1, 9) }));
    expect(url.searchParams.get("dates")).toBe("20260101T090000Z/20260101T100000Z");
    expect(url.searchParams.has("details")).toBe(false);
    expect(url.searchParams.has("location")).toBe(false);
  });
});
