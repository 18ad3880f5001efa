import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { anonymousSession, userSession } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";
import type { Session } from "@site/contract";

/** The shell on the (lazy) not-found screen: only GET /api/session is needed. */
function renderShell(session: Session, extra: Record<string, object> = {}) {
  const fetch = mockFetch({ "GET /api/session": session, ...extra });
  return { fetch, ...renderApp("/no/such/page") };
}

const header = () => screen.getByRole("banner");

describe("page shell", () => {
  it("renders the not-found page for unknown paths", async () => {
    renderShell(anonymousSession);
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  });

  it("has the main navigation with the Registry menu", async () => {
    const { user } = renderShell(anonymousSession);
    await screen.findByRole("heading", { name: "Page not found" });
    const nav = within(header()).getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(within(nav).getByRole("link", { name: "Tournaments" })).toHaveAttribute("href", "/tournaments");
    expect(within(nav).getByRole("link", { name: "Series" })).toHaveAttribute("href", "/tournaments/series");
    const registry = within(nav).getByRole("button", { name: "Registry" });
    expect(registry).toHaveAttribute("aria-expanded", "false");
    await user.click(registry);
    expect(registry).toHaveAttribute("aria-expanded", "true");
    expect(within(nav).getByRole("link", { name: "Players" })).toHaveAttribute("href", "/registry/players");
    expect(within(nav).getByRole("link", { name: "Teams" })).toHaveAttribute("href", "/registry/teams/category/all");
    expect(within(nav).getByRole("link", { name: "Transfers" })).toHaveAttribute("href", "/registry/recent_transactions");
  });

  it("offers Log In (returning to this page) and Sign Up when logged out", async () => {
    renderShell(anonymousSession);
    const login = await within(header()).findByRole("link", { name: "Log In" });
    expect(login).toHaveAttribute("href", "/login?next=%2Fno%2Fsuch%2Fpage");
    expect(within(header()).getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
    expect(within(header()).queryByRole("button", { name: /Account menu/ })).toBeNull();
  });

  it("shows the user's menu with profile, notifications and the unread count", async () => {
    const { user } = renderShell(userSession({ display_name: "Rider", player_id: 42, unread_notifications: 3 }));
    const toggle = await within(header()).findByRole("button", { name: "Account menu for Rider, 3 unread notifications" });
    expect(within(toggle).getByText("3")).toBeInTheDocument();
    await user.click(toggle);
    expect(within(header()).getByRole("link", { name: "My Profile" })).toHaveAttribute("href", "/registry/players/42");
    expect(within(header()).getByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", "/registry/edit_profile");
    expect(within(header()).getByRole("link", { name: /Notifications/ })).toHaveAttribute("href", "/notifications");
    for (const name of ["Word Filter", "Roles", "Media", "Profile Changes"])
      expect(within(header()).queryByRole("link", { name })).toBeNull();
    expect(within(header()).queryByRole("link", { name: "Log In" })).toBeNull();
  });

  it("falls back to the email and hides My Profile without a player", async () => {
    const { user } = renderShell(userSession({ display_name: null, player_id: null, unread_notifications: 0 }));
    const toggle = await within(header()).findByRole("button", { name: "Account menu for rider@example.com" });
    await user.click(toggle);
    expect(within(header()).queryByRole("link", { name: "My Profile" })).toBeNull();
    expect(within(header()).getByRole("link", { name: "Notifications" })).toBeInTheDocument();
  });

  it("shows admin links to administrators", async () => {
    const { user } = renderShell(userSession({}, { canAdministrate: true, canModerate: true }));
    await user.click(await within(header()).findByRole("button", { name: /Account menu/ }));
    expect(within(header()).getByRole("link", { name: "Word Filter" })).toHaveAttribute("href", "/admin/word_filter");
    expect(within(header()).getByRole("link", { name: "Roles" })).toHaveAttribute("href", "/admin/roles");
    expect(within(header()).getByRole("link", { name: "Media" })).toHaveAttribute("href", "/admin/media");
    expect(within(header()).getByRole("link", { name: "Profile Changes" })).toHaveAttribute("href", "/registry/profile_changes");
  });

  it("shows only Profile Changes to moderators", async () => {
    const { user } = renderShell(userSession({}, { canModerate: true }));
    await user.click(await within(header()).findByRole("button", { name: /Account menu/ }));
    expect(within(header()).getByRole("link", { name: "Profile Changes" })).toBeInTheDocument();
    expect(within(header()).queryByRole("link", { name: "Word Filter" })).toBeNull();
  });

  it("logs out with the CSRF token and goes home as a visitor", async () => {
    const { user, fetch, router } = renderShell(userSession(), { "POST /api/auth/logout": { ...anonymousSession, csrfToken: "fresh" } });
    await user.click(await within(header()).findByRole("button", { name: /Account menu/ }));
    await user.click(within(header()).getByRole("button", { name: "Log Out" }));
    expect(await within(header()).findByRole("link", { name: "Log In" })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(new Headers(callsTo(fetch, "POST", "/api/auth/logout")[0]![1].headers).get("X-CSRF-TOKEN")).toBe("csrf-user");
  });

  it("moves focus into the mobile menu on open and closes it on Escape, back to the toggle", async () => {
    const { user } = renderShell(userSession({ display_name: "Rider" }));
    await within(header()).findByRole("button", { name: /Account menu/ });
    const toggle = within(header()).getByRole("button", { name: "Open menu" });
    toggle.focus();
    await user.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(within(header()).getByRole("link", { name: "Home" })).toHaveFocus();
    // The first Escape closes an open dropdown inside the panel, not the panel itself.
    await user.click(within(header()).getByRole("button", { name: /Account menu/ }));
    await user.keyboard("{Escape}");
    expect(within(header()).getByRole("button", { name: /Account menu/ })).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAccessibleName("Open menu");
    expect(toggle).toHaveFocus();
  });

  it("closes the mobile menu when Log Out sends the user home", async () => {
    const { user, router } = renderShell(userSession(), { "POST /api/auth/logout": { ...anonymousSession, csrfToken: "fresh" } });
    await within(header()).findByRole("button", { name: /Account menu/ });
    const toggle = within(header()).getByRole("button", { name: "Open menu" });
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.click(within(header()).getByRole("button", { name: /Account menu/ }));
    await user.click(within(header()).getByRole("button", { name: "Log Out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    // The router's state changes before React renders the new location: wait for that render.
    await waitFor(() => expect(toggle).toHaveAttribute("aria-expanded", "false"));
  });

  it("keeps a visitor's theme in localStorage and applies it to <html>", async () => {
    const { user, fetch } = renderShell(anonymousSession);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe("forest"));
    await user.click(within(header()).getByRole("button", { name: "Theme: Forest" }));
    await user.click(screen.getByRole("menuitemradio", { name: "Ocean" }));
    expect(document.documentElement.dataset.theme).toBe("ocean");
    expect(window.localStorage.getItem("site_theme")).toBe("ocean");
    expect(callsTo(fetch, "POST", "/api/session/theme")).toHaveLength(0);
  });

  it("uses a remembered visitor theme", async () => {
    window.localStorage.setItem("site_theme", "volcano");
    renderShell(anonymousSession);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe("volcano"));
  });

  it("applies and saves a logged-in user's theme on the server", async () => {
    const { user, fetch } = renderShell(userSession({ site_theme: "velvet" }), {
      "POST /api/session/theme": userSession({ site_theme: "storm" }),
    });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe("velvet"));
    await user.click(within(header()).getByRole("button", { name: "Theme: Velvet" }));
    await user.click(screen.getByRole("menuitemradio", { name: "Storm" }));
    expect(document.documentElement.dataset.theme).toBe("storm");
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/session/theme")).toHaveLength(1));
    const [, init] = callsTo(fetch, "POST", "/api/session/theme")[0]!;
    expect(JSON.parse(init.body as string)).toEqual({ site_theme: "storm" });
    expect(new Headers(init.headers).get("X-CSRF-TOKEN")).toBe("csrf-user");
  });

  it("reverts the theme when the server refuses it", async () => {
    const { user } = renderShell(userSession({ site_theme: "velvet" }), {
      "POST /api/session/theme": { reply: { status: 403, body: { status: "error", message: "No." } } },
    });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe("velvet"));
    await user.click(within(header()).getByRole("button", { name: "Theme: Velvet" }));
    await user.click(screen.getByRole("menuitemradio", { name: "Storm" }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe("velvet"));
  });

  it("toggles the mobile menu and closes it when a link is followed", async () => {
    const { user } = renderShell(anonymousSession);
    const toggle = await within(header()).findByRole("button", { name: "Open menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(within(header()).getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    expect(document.getElementById("site-menu")).toHaveClass("is-open");
    await user.click(within(header()).getByRole("link", { name: "Tournaments" }));
    expect(within(header()).getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  it("links the support forum in the footer, from window.__SITE__ when injected", async () => {
    window.__SITE__ = { siteName: "Kart Hub", supportForumUrl: "https://forum.example" };
    renderShell(anonymousSession);
    const footer = await screen.findByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Support Forum" })).toHaveAttribute("href", "https://forum.example");
    expect(within(header()).getByRole("link", { name: /Kart Hub/ })).toHaveAttribute("href", "/");
  });

  it("defaults the support forum link to /support", async () => {
    renderShell(anonymousSession);
    const footer = await screen.findByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Support Forum" })).toHaveAttribute("href", "/support");
  });
});
