import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { LocalDateRange, LocalTime, RelativeTime } from "./local-time";

// Years far from now, so the year is always written whatever year the tests run in.
describe("LocalTime", () => {
  it("shows the time in the given zone with its label, the UTC time as title and description, and is focusable", () => {
    render(<LocalTime at="2020-12-28T18:00:00.000Z" timeZone="Europe/Berlin" />);
    const time = screen.getByText("Mon Dec 28 2020, 19:00 CET");
    expect(time.tagName).toBe("TIME");
    expect(time).toHaveAttribute("datetime", "2020-12-28T18:00:00.000Z");
    expect(time).toHaveAttribute("title", "UTC: Mon Dec 28 2020, 18:00 UTC");
    expect(time).toHaveAttribute("data-utc", "UTC: Mon Dec 28 2020, 18:00 UTC");
    expect(time).toHaveAccessibleDescription("UTC: Mon Dec 28 2020, 18:00 UTC");
    time.focus();
    expect(time).toHaveFocus();
  });

  it("writes seconds on request", () => {
    render(<LocalTime at="2020-11-28T23:59:59.000Z" timeZone="America/New_York" seconds />);
    expect(screen.getByText("Sat Nov 28 2020, 18:59:59 EST")).toHaveAccessibleDescription("UTC: Sat Nov 28 2020, 23:59:59 UTC");
  });
});

describe("LocalDateRange", () => {
  it("shows the range in the zone and the UTC range on focus", () => {
    render(<LocalDateRange start="2020-12-28T18:00:00.000Z" end="2020-12-28T22:00:00.000Z" timeZone="Europe/Berlin" />);
    const time = screen.getByText("Mon Dec 28 2020, 19:00 – 23:00 CET");
    expect(time).toHaveClass("date-range");
    expect(time).toHaveAttribute("tabindex", "0");
    expect(time).toHaveAccessibleDescription("UTC: Mon Dec 28 2020, 18:00 – 22:00 UTC");
  });

  it("says Ongoing without dates, not focusable", () => {
    render(<LocalDateRange start={null} end={null} timeZone="Europe/Berlin" />);
    expect(screen.getByText("Ongoing")).not.toHaveAttribute("tabindex");
  });
});

describe("RelativeTime", () => {
  it("says how long ago, with the exact time in the zone and in UTC on hover and focus", () => {
    const at = new Date(Date.now() - 2 * 24 * 3600_000 - 3600_000);
    render(<RelativeTime at={at.toISOString()} timeZone="UTC" />);
    const time = screen.getByText("2 days ago");
    expect(time).toHaveAttribute("datetime", at.toISOString());
    expect(time.getAttribute("title")).toMatch(
      /^\w{3} \w{3} \d{1,2}( \d{4})?, \d{2}:\d{2} UTC \(\w{3} \w{3} \d{1,2} \d{4}, \d{2}:\d{2} UTC\)$/,
    );
    expect(time).toHaveAccessibleDescription(time.getAttribute("title")!);
  });
});
