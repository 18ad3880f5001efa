import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MenuSelector } from "./menu-selector";

const OPTIONS = [
  { value: "newest", label: "Newest" },
  { value: "name", label: "Name" },
  { value: "oldest", label: "Oldest" },
] as const;

function Harness({ onChange }: { onChange?: (v: string) => void }) {
  const [value, setValue] = useState<string>("newest");
  return (
    <>
      <MenuSelector
        label="Order"
        options={OPTIONS}
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
      />
      <button type="button">elsewhere</button>
    </>
  );
}

describe("MenuSelector", () => {
  it("shows the current option and starts closed", () => {
    render(<Harness />);
    const button = screen.getByRole("button", { name: "Order: Newest" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("opens a menu with the current option checked, and chooses by click", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole("button", { name: "Order: Newest" }));
    expect(screen.getByRole("button", { name: "Order: Newest" })).toHaveAttribute("aria-haspopup", "menu");
    expect(screen.getByRole("menu", { name: "Order" })).toBeInTheDocument();
    expect(screen.getByRole("menuitemradio", { name: "Newest" })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("menuitemradio", { name: "Name" })).toHaveAttribute("aria-checked", "false");
    // Focus starts on the checked item.
    expect(screen.getByRole("menuitemradio", { name: "Newest" })).toHaveFocus();
    await user.click(screen.getByRole("menuitemradio", { name: "Name" }));
    expect(onChange).toHaveBeenCalledWith("name");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(screen.getByRole("button", { name: "Order: Name" })).toHaveFocus();
  });

  it("supports the keyboard: arrows move, Enter chooses", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    screen.getByRole("button", { name: "Order: Newest" }).focus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("menuitemradio", { name: "Newest" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("menuitemradio", { name: "Name" })).toHaveFocus();
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenCalledWith("oldest");
  });

  it("closes on Escape without choosing", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole("button", { name: "Order: Newest" }));
    await user.keyboard("{ArrowDown}{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("closes when clicking outside", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Order: Newest" }));
    await user.click(screen.getByRole("button", { name: "elsewhere" }));
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
