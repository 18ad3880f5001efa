import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { generatedArt } from "@/lib/generated-art";
import { GeneratedArt } from "./generated-art";

describe("GeneratedArt", () => {
  it("fills the slot with the name's colour and initials (CSS generated content), hidden from assistive technology and without page text", () => {
    const { container } = render(<GeneratedArt name="Wicked Cup #1" className="tournament-card__logo" />);
    const art = container.firstElementChild as HTMLElement;
    expect(art).toHaveClass("generated-art", "tournament-card__logo");
    expect(art).toHaveAttribute("aria-hidden", "true");
    expect(art).toHaveAttribute("data-initials", "WC");
    expect(art).toHaveAttribute("data-length", "2");
    // jsdom reports inline colours as rgb(); compare with the art's own #rrggbb.
    const hex = generatedArt("Wicked Cup #1").background;
    const rgb = `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
    expect(art.style.backgroundColor).toBe(rgb);
    expect(art.style.color).toBe("rgb(255, 255, 255)");
    expect(art.style.backgroundImage).toBe("none");
    expect(art).toHaveTextContent("");
  });

  it("marks a one-letter name so its letter is drawn larger", () => {
    const { container } = render(<GeneratedArt name="Zed" />);
    expect(container.firstElementChild).toHaveAttribute("data-length", "1");
  });
});
