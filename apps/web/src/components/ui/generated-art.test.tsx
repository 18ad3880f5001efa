import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { generatedArtUrl } from "@/lib/generated-art";
import { GeneratedArt } from "./generated-art";

describe("GeneratedArt", () => {
  it("shows the name's art as a background in the slot, hidden from assistive technology and without page text", () => {
    const { container } = render(<GeneratedArt name="Wicked Cup #1" className="tournament-card__logo" />);
    const art = container.firstElementChild as HTMLElement;
    expect(art).toHaveClass("generated-art", "tournament-card__logo");
    expect(art).toHaveAttribute("aria-hidden", "true");
    expect(art).toHaveAttribute("data-initials", "WC");
    expect(art.style.backgroundImage).toBe(`url("${generatedArtUrl("Wicked Cup #1")}")`);
    expect(art).toHaveTextContent("");
  });
});
