import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { callsTo, firstCallTo, mockFetch } from "@/testing/mock-fetch";
import { anonymousSession, userSession } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";

/** /login renders inside the shell, so the home-independent shell calls need fixtures too. */
function routes(loginReply: object) {
  return {
    "GET /api/session": anonymousSession,
    "POST /api/auth/login": loginReply,
    "GET /api/registry/players": { data: [], has_next_page: false },
    "GET /api/countries": {},
  };
}

describe("/login", () => {
  it("has Email and Password inputs, a Log In button and links to sign up and reset", async () => {
    mockFetch(routes(userSession()));
    renderApp("/login");
    expect(await screen.findByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
    expect(screen.getByRole("button", { name: "Log In" })).toBeInTheDocument();
    const main = screen.getByRole("main");
    expect(within(main).getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
    expect(within(main).getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/forgot_password");
  });

  it("focuses its first field, Email, when the page opens (#17 §7)", async () => {
    mockFetch(routes(userSession()));
    renderApp("/login");
    const email = await screen.findByLabelText("Email");
    await waitFor(() => expect(email).toHaveFocus());
  });

  it("shows the server's error message", async () => {
    mockFetch(routes({ reply: { status: 401, body: { status: "error", message: "Invalid email or password." } } }));
    const { user } = renderApp("/login");
    await user.type(await screen.findByLabelText("Email"), "rider@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Log In" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid email or password.");
  });

  it("validates with the contract schema before calling the server", async () => {
    const fetch = mockFetch(routes(userSession()));
    const { user } = renderApp("/login");
    await user.type(await screen.findByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Log In" }));
    expect(await screen.findByText("Enter a valid email address.")).toBeInTheDocument();
    expect(screen.getByText("Enter your password.")).toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/auth/login")).toHaveLength(0);
  });

  it("logs in with the CSRF token, stores the session and goes back to ?next", async () => {
    const fetch = mockFetch(routes(userSession({ display_name: "Rider" })));
    const { user, router } = renderApp("/login?next=%2Fregistry%2Fplayers");
    await user.type(await screen.findByLabelText("Email"), "Rider@Example.com ");
    await user.type(screen.getByLabelText("Password"), "correct-horse");
    await user.click(screen.getByRole("button", { name: "Log In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/registry/players"));
    const [, init] = firstCallTo(fetch, "POST", "/api/auth/login");
    expect(JSON.parse(init.body as string)).toEqual({ email: "rider@example.com", password: "correct-horse" });
    expect(new Headers(init.headers).get("X-CSRF-TOKEN")).toBe("csrf-anon");
    // The header now shows the user, from the login answer (no second GET /api/session).
    expect(await screen.findByRole("button", { name: /Account menu for Rider/ })).toBeInTheDocument();
    expect(callsTo(fetch, "GET", "/api/session")).toHaveLength(1);
  });

  it("ignores an off-site ?next and goes home", async () => {
    mockFetch({ ...routes(userSession()), "GET /api/media/news/latest": { data: [] } });
    const { user, router } = renderApp("/login?next=%2F%2Fevil.example");
    await user.type(await screen.findByLabelText("Email"), "rider@example.com");
    await user.type(screen.getByLabelText("Password"), "correct-horse");
    await user.click(screen.getByRole("button", { name: "Log In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });
});
