import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { ordinal, PlacementLabel } from "./placement-label";

describe("PlacementLabel", () => {
  it("shows medals for places 1 to 3", () => {
    render(
      <>
        <PlacementLabel placement={1} />
        <PlacementLabel placement={2} />
        <PlacementLabel placement={3} />
      </>,
    );
    expect(screen.getByRole("img", { name: "1st place" })).toHaveClass("medal--gold");
    expect(screen.getByRole("img", { name: "2nd place" })).toHaveClass("medal--silver");
    expect(screen.getByRole("img", { name: "3rd place" })).toHaveClass("medal--bronze");
  });

  it("gives a tie starting at 3 a bronze medal for each row", () => {
    render(<PlacementLabel placement={5} upperBound={3} />);
    expect(screen.getByRole("img", { name: "3rd place (tied 3–5)" })).toHaveClass("medal--bronze");
  });

  it("shows plain numbers from 4th, tie ranges (placement = worse rank, upper bound = better), DQ and unplaced", () => {
    render(
      <>
        <PlacementLabel placement={4} />
        <PlacementLabel placement={8} upperBound={5} />
        <PlacementLabel placement={2} dq />
        <PlacementLabel placement={null} />
      </>,
    );
    expect(screen.getByText("4")).toBeInTheDocument();
    expect(screen.getByText("5–8")).toBeInTheDocument();
    expect(screen.getByTitle("Disqualified")).toHaveTextContent("DQ");
    expect(screen.getByText("–")).toBeInTheDocument();
    expect(screen.queryAllByRole("img")).toHaveLength(0);
  });

  it("formats ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
      "111th",
    ]);
  });
});
