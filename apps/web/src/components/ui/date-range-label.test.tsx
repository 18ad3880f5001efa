import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { DateRangeLabel, dateRangeText } from "./date-range-label";

describe("DateRangeLabel", () => {
  it("shows 'Ongoing' when no date is set", () => {
    render(<DateRangeLabel startDate={null} endDate={null} startDateHuman={null} endDateHuman={null} />);
    expect(screen.getByText("Ongoing")).toBeInTheDocument();
  });

  it("shows one time when start equals end (the viewer's zone: UTC in tests)", () => {
    render(
      <DateRangeLabel
        startDate="2020-03-01T18:00:00Z"
        endDate="2020-03-01T18:00:00Z"
        startDateHuman="Mar 1, 2020"
        endDateHuman="Mar 1, 2020"
      />,
    );
    expect(screen.getByText("Sun Mar 1 2020, 18:00 UTC")).toHaveClass("date-range");
    expect(screen.queryByText(/–/)).toBeNull();
  });

  it("shows start and end times with ISO instants", () => {
    render(<DateRangeLabel startDate="2020-03-01T18:00:00Z" endDate="2020-03-08T20:00:00Z" />);
    expect(screen.getByText("Sun Mar 1 2020, 18:00 UTC – Sun Mar 8 2020, 20:00 UTC")).toHaveAccessibleDescription(
      "UTC: Sun Mar 1 2020, 18:00 UTC – Sun Mar 8 2020, 20:00 UTC",
    );
  });

  it("shows one date when both fall on the same displayed day", () => {
    expect(
      dateRangeText({
        startDate: "2026-03-01T10:00:00Z",
        endDate: "2026-03-01T22:00:00Z",
        startDateHuman: "Mar 1, 2026",
        endDateHuman: "Mar 1, 2026",
      }),
    ).toBe("Mar 1, 2026");
  });

  it("shows start and end separated by a dash otherwise (human forms only)", () => {
    render(<DateRangeLabel startDateHuman="Mar 1, 2026" endDateHuman="Mar 8, 2026" />);
    expect(screen.getByText("Mar 1, 2026 – Mar 8, 2026")).toBeInTheDocument();
  });

  it("falls back to the raw dates without human forms, and to the one date that is set", () => {
    expect(dateRangeText({ startDate: "2026-01-01", endDate: "2026-01-05" })).toBe("2026-01-01 – 2026-01-05");
    expect(dateRangeText({ startDateHuman: "Jan 1, 2026" })).toBe("Jan 1, 2026");
    expect(dateRangeText({ endDateHuman: "Jan 5, 2026" })).toBe("Jan 5, 2026");
    expect(dateRangeText({})).toBe("Ongoing");
  });
});
