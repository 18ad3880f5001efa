import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { colorHex } from "@site/contract";
import { TeamTag } from "./team-tag";

describe("TeamTag", () => {
  it("colours the tag with its team colour", () => {
    render(<TeamTag tag="ABC" color={6} name="Alpha" />);
    const tag = screen.getByText("ABC");
    expect(tag).toHaveStyle({ color: colorHex(6) });
    expect(tag).toHaveAttribute("title", "Alpha");
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
    expect(screen.getByText("N")).toHaveStyle({ color: colorHex(1) });
  });
});
