import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { renderWithProviders } from "@/testing/render";
import { LinkButton } from "./link-button";

describe("LinkButton", () => {
  it("is an in-app link styled as a primary button by default", async () => {
    renderWithProviders(<LinkButton to="/tournaments/3/register">Register Now</LinkButton>);
    const link = await screen.findByRole("link", { name: "Register Now" });
    expect(link).toHaveAttribute("href", "/tournaments/3/register");
    expect(link).toHaveClass("btn", "btn--primary");
    expect(link).not.toHaveAttribute("target");
  });

  it("navigates inside the app when clicked", async () => {
    const { user, router } = renderWithProviders(<LinkButton to="/somewhere">Go</LinkButton>);
    await user.click(await screen.findByRole("link", { name: "Go" }));
    expect(router.state.location.pathname).toBe("/somewhere");
  });

  it("opens a new window without an opener when asked", async () => {
    renderWithProviders(
      <LinkButton to="https://example.com" newWindow variant="secondary" size="sm">
        Out
      </LinkButton>,
    );
    const link = await screen.findByRole("link", { name: "Out" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(link).toHaveClass("btn--secondary", "btn--sm");
  });

  it("renders a plain anchor for external links", async () => {
    renderWithProviders(
      <LinkButton to="/uploads/sheet.tsv" external variant="ghost">
        Download
      </LinkButton>,
    );
    const link = await screen.findByRole("link", { name: "Download" });
    expect(link).toHaveAttribute("href", "/uploads/sheet.tsv");
    expect(link).not.toHaveAttribute("target");
  });
});
