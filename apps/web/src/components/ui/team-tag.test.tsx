import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { colorHex } from "@site/contract";
import { TeamTag } from "./team-tag";
import { contrastRatio, readableTextOn } from "@/lib/color";

describe("TeamTag", () => {
  it("draws the tag on a chip of its team colour, lettered in black or white for contrast", () => {
    render(<TeamTag tag="ABC" color={6} name="Alpha" />);
    const tag = screen.getByText("ABC");
    // Colour 6 is Orange #ff9800: black letters (9.7:1) beat white (2.2:1).
    expect(tag).toHaveStyle({ backgroundColor: colorHex(6), color: "#000000" });
    expect(tag).toHaveAttribute("title", "Alpha");
  });

  it("letters dark colours in white (Deep Red, 4)", () => {
    render(<TeamTag tag="DR" color={4} />);
    expect(screen.getByText("DR")).toHaveStyle({ backgroundColor: "#7f1d1d", color: "#ffffff" });
  });

  it("keeps every team colour at 4.5:1 or more (WCAG AA)", () => {
    for (let id = 1; id <= 40; id++) {
      const hex = colorHex(id);
      expect(contrastRatio(hex, readableTextOn(hex)), `colour ${id} ${hex}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("marks very dark colours (Black, 40) so themes can add a chip", () => {
    render(<TeamTag tag="BLK" color={40} />);
    expect(screen.getByText("BLK")).toHaveClass("team-tag--dark");
  });

  it("marks very light colours (Light Yellow, 9)", () => {
    render(<TeamTag tag="LY" color={9} />);
    expect(screen.getByText("LY")).toHaveClass("team-tag--light");
  });

  it("falls back to colour 1 when the colour is missing", () => {
    render(<TeamTag tag="N" color={null} />);
    expect(screen.getByText("N")).toHaveStyle({ backgroundColor: colorHex(1) });
  });
});
