import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOAST_MS, ToastProvider, useToast } from "./toast";

function Actions() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast("Squad withdrawn.")}>
        Done
      </button>
      <button type="button" onClick={() => toast("Could not save.", { tone: "error" })}>
        Fail
      </button>
    </>
  );
}

const setup = () => {
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <Actions />
    </ToastProvider>,
  );
  return user;
};

afterEach(() => {
  vi.useRealTimers();
});

describe("toast / useToast", () => {
  it("puts success messages in the polite live region and errors in the assertive one", async () => {
    const user = setup();
    const polite = screen.getByTestId("toast-messages");
    const assertive = screen.getByTestId("toast-errors");
    // The regions are in the page before anything is said, so additions are announced.
    expect(polite).toHaveAttribute("aria-live", "polite");
    expect(assertive).toHaveAttribute("aria-live", "assertive");
    expect(polite).toBeEmptyDOMElement();
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(polite).toHaveTextContent("Squad withdrawn.");
    await user.click(screen.getByRole("button", { name: "Fail" }));
    expect(assertive).toHaveTextContent("Could not save.");
    expect(polite).not.toHaveTextContent("Could not save.");
  });

  it("is dismissable", async () => {
    const user = setup();
    await user.click(screen.getByRole("button", { name: "Done" }));
    await user.click(screen.getByRole("button", { name: "Dismiss: Squad withdrawn." }));
    expect(screen.getByTestId("toast-messages")).toBeEmptyDOMElement();
  });

  it("goes by itself after about five seconds", () => {
    vi.useFakeTimers();
    setup();
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.getByTestId("toast-messages")).toHaveTextContent("Squad withdrawn.");
    act(() => vi.advanceTimersByTime(TOAST_MS - 100));
    expect(screen.getByTestId("toast-messages")).toHaveTextContent("Squad withdrawn.");
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByTestId("toast-messages")).toBeEmptyDOMElement();
  });
});
