import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FailurePanel } from "./failure-panel";

describe("FailurePanel", () => {
  it("shows the failure text, a reload link and the support forum", () => {
    render(<FailurePanel />);
    expect(screen.getByText("Something went wrong...")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Reload" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Support Forum" })).toHaveAttribute("href", "/support");
  });

  it("retries through the callback instead of reloading the page", async () => {
    const onRetry = vi.fn();
    render(<FailurePanel onRetry={onRetry} />);
    await userEvent.click(screen.getByRole("link", { name: "Reload" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("uses the support forum URL the server injected, in a new window", () => {
    window.__SITE__ = { siteName: "Test Site", supportForumUrl: "https://forum.example/help" };
    render(<FailurePanel />);
    const link = screen.getByRole("link", { name: "Support Forum" });
    expect(link).toHaveAttribute("href", "https://forum.example/help");
    expect(link).toHaveAttribute("target", "_blank");
  });
});
