import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Pager } from "./pager";

describe("Pager", () => {
  it("is hidden when there is only one page", () => {
    const { container } = render(<Pager page={1} hasNextPage={false} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("disables Previous on page 1 and moves forward with Next", async () => {
    const onPageChange = vi.fn();
    render(<Pager page={1} hasNextPage onPageChange={onPageChange} />);
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it("disables Next on the last page", async () => {
    const onPageChange = vi.fn();
    render(<Pager page={3} hasNextPage={false} onPageChange={onPageChange} />);
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
