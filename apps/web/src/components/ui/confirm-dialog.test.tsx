import { useState } from "react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ConfirmProvider, useConfirm } from "./confirm-dialog";

/** An opener that asks and writes the answer. */
function Opener() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState("none");
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void confirm({
            title: "Delete Weekly?",
            body: <p>Weekly is removed for good.</p>,
            confirmLabel: "Delete template",
            destructive: true,
          }).then((yes) => setAnswer(String(yes)))
        }
      >
        Delete
      </button>
      <output>{answer}</output>
    </>
  );
}

const setup = () => {
  const user = userEvent.setup();
  render(
    <ConfirmProvider>
      <Opener />
    </ConfirmProvider>,
  );
  return user;
};

describe("ConfirmDialog / useConfirm", () => {
  it("opens a modal labelled by its title and described by its body, with focus inside", async () => {
    const user = setup();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Weekly?" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAccessibleDescription("Weekly is removed for good.");
    // Focus starts on the safe choice.
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Delete template" })).toHaveClass("btn--danger-solid");
  });

  it("keeps Tab and Shift+Tab inside the dialog", async () => {
    const user = setup();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    const cancel = screen.getByRole("button", { name: "Cancel" });
    const ok = screen.getByRole("button", { name: "Delete template" });
    await user.tab();
    expect(ok).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(ok).toHaveFocus();
  });

  it("resolves true on confirm and returns focus to the opener", async () => {
    const user = setup();
    const opener = screen.getByRole("button", { name: "Delete" });
    await user.click(opener);
    await user.click(screen.getByRole("button", { name: "Delete template" }));
    expect(await screen.findByText("true")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("resolves false on Cancel", async () => {
    const user = setup();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("false")).toBeInTheDocument();
  });

  it("resolves false on Escape, closes, and returns focus to the opener", async () => {
    const user = setup();
    const opener = screen.getByRole("button", { name: "Delete" });
    await user.click(opener);
    await user.keyboard("{Escape}");
    expect(await screen.findByText("false")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
