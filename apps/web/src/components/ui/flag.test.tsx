import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { Flag } from "./flag";

describe("Flag", () => {
  it("renders the flag-icons class with the country name as title", () => {
    render(<Flag code="JP" name="Japan" />);
    const flag = screen.getByRole("img", { name: "Japan" });
    expect(flag).toHaveClass("fi", "fi-jp");
    expect(flag).toHaveAttribute("title", "Japan");
  });

  it("accepts lower-case codes and falls back to the code as label", () => {
    render(<Flag code="fr" />);
    expect(screen.getByRole("img", { name: "FR" })).toHaveClass("fi-fr");
  });

  it.each(["ZZ", "XX"])("shows a neutral placeholder for %s", (code) => {
    render(<Flag code={code} name={code === "ZZ" ? "Choose a Country" : "Unknown Country"} />);
    const flag = screen.getByRole("img");
    expect(flag).toHaveClass("flag--none");
    expect(flag).not.toHaveClass("fi");
  });

  it("shows the placeholder for a missing or malformed code", () => {
    render(<Flag code={null} />);
    expect(screen.getByRole("img", { name: "Unknown Country" })).toHaveClass("flag--none");
  });
});
