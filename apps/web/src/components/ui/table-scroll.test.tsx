import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TableScroll } from "./table-scroll";

/** jsdom has no layout: give the scroll box the widths a narrow screen would. */
function size(el: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(el, "scrollWidth", { configurable: true, value: scrollWidth });
  Object.defineProperty(el, "clientWidth", { configurable: true, value: clientWidth });
}

describe("TableScroll", () => {
  it("shows no hint when the table fits", () => {
    const { container } = render(
      <TableScroll label="Squads">
        <table />
      </TableScroll>,
    );
    expect(container.querySelector(".table-scroll-frame")).not.toHaveAttribute("data-more-end");
    expect(screen.queryByText(/Scroll sideways/)).toBeNull();
  });

  it("marks the hidden side and shows the hint while columns are off-screen", () => {
    const { container } = render(
      <TableScroll label="Squads">
        <table />
      </TableScroll>,
    );
    const box = screen.getByRole("region", { name: "Squads" });
    size(box, 800, 375);
    fireEvent.scroll(box);
    const frame = container.querySelector(".table-scroll-frame")!;
    expect(frame).toHaveAttribute("data-more-end");
    expect(frame).not.toHaveAttribute("data-more-start");
    expect(screen.getByText(/Scroll sideways to see all columns/)).toBeInTheDocument();
    expect(box).toHaveAttribute("tabindex", "0");
    box.scrollLeft = 425;
    fireEvent.scroll(box);
    expect(frame).toHaveAttribute("data-more-start");
    expect(frame).not.toHaveAttribute("data-more-end");
  });
});
