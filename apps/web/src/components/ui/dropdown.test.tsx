import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Dropdown } from "./dropdown";

function Harness() {
  return (
    <>
      <Dropdown label="Registry">
        <ul>
          <li>
            <a href="/players">Players</a>
          </li>
          <li>
            <a href="/teams">Teams</a>
          </li>
          <li>
            <button type="button" disabled>
              Disabled
            </button>
          </li>
          <li>
            <button type="button">Log Out</button>
          </li>
        </ul>
      </Dropdown>
      <button type="button">elsewhere</button>
    </>
  );
}

describe("Dropdown keyboard menu (#17 §7)", () => {
  it("ArrowDown on the toggle opens the panel on its first item; Down/Up move between items, wrapping and skipping disabled ones", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const toggle = screen.getByRole("button", { name: "Registry" });
    toggle.focus();
    await user.keyboard("{ArrowDown}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "Players" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("link", { name: "Teams" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("button", { name: "Log Out" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("link", { name: "Players" })).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(screen.getByRole("button", { name: "Log Out" })).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(screen.getByRole("link", { name: "Teams" })).toHaveFocus();
    await user.keyboard("{Home}");
    expect(screen.getByRole("link", { name: "Players" })).toHaveFocus();
    await user.keyboard("{End}");
    expect(screen.getByRole("button", { name: "Log Out" })).toHaveFocus();
  });

  it("ArrowUp on the toggle opens the panel on its last item", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    screen.getByRole("button", { name: "Registry" }).focus();
    await user.keyboard("{ArrowUp}");
    expect(screen.getByRole("button", { name: "Log Out" })).toHaveFocus();
  });

  it("Escape closes the panel and returns focus to the toggle", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const toggle = screen.getByRole("button", { name: "Registry" });
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("link", { name: "Players" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("link", { name: "Players" })).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it("Tab still walks through the items (links stay ordinary links)", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Registry" }));
    await user.tab();
    expect(screen.getByRole("link", { name: "Players" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("link", { name: "Teams" })).toHaveFocus();
  });
});
