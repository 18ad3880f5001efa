import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { Medal } from "./medal";

describe("Medal", () => {
  it.each([
    [1, "gold"],
    [2, "silver"],
    [3, "bronze"],
  ] as const)("place %i is a %s disc with an accessible name", (place, metal) => {
    render(<Medal place={place} label={`Place ${place}`} showNumber />);
    const medal = screen.getByRole("img", { name: `Place ${place}` });
    expect(medal).toHaveClass(`medal--${metal}`);
    expect(medal).toHaveTextContent(String(place));
  });

  it("can be a plain disc (table headers)", () => {
    render(<Medal place={1} label="Gold" />);
    expect(screen.getByRole("img", { name: "Gold" })).toBeEmptyDOMElement();
  });
});
