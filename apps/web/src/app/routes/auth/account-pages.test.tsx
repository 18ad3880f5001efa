import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { anonymousSession } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";

describe("/signup", () => {
  it("creates the account and shows the server's message", async () => {
    const fetch = mockFetch({
      "GET /api/session": anonymousSession,
      "POST /api/auth/signup": { status: "ok", message: "Check your email for a verification link." },
    });
    const { user } = renderApp("/signup");
    await user.type(await screen.findByLabelText("Email"), "new@example.com");
    await user.type(screen.getByLabelText("Password"), "long-enough-pw");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Check your email for a verification link.")).toBeInTheDocument();
    expect(JSON.parse(callsTo(fetch, "POST", "/api/auth/signup")[0]![1].body as string)).toEqual({
      email: "new@example.com",
      password: "long-enough-pw",
    });
  });

  it("enforces the password length from the contract", async () => {
    mockFetch({ "GET /api/session": anonymousSession });
    const { user } = renderApp("/signup");
    await user.type(await screen.findByLabelText("Email"), "new@example.com");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Passwords must be at least 8 characters.")).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "POST /api/auth/signup": { reply: { status: 409, body: { status: "error", message: "That email is already registered." } } },
    });
    const { user } = renderApp("/signup");
    await user.type(await screen.findByLabelText("Email"), "taken@example.com");
    await user.type(screen.getByLabelText("Password"), "long-enough-pw");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That email is already registered.");
  });
});

describe("/verify_email", () => {
  it("posts the token once and shows the result with a Log In link", async () => {
    const fetch = mockFetch({
      "GET /api/session": anonymousSession,
      "POST /api/auth/verify_email": { status: "ok", message: "Your email has been verified." },
    });
    renderApp("/verify_email?token=tok123");
    expect(await screen.findByText("Your email has been verified.")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Log In" }).some((a) => a.getAttribute("href") === "/login")).toBe(true);
    const posts = callsTo(fetch, "POST", "/api/auth/verify_email");
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]![1].body as string)).toEqual({ token: "tok123" });
    // The POST waited for the session's CSRF token.
    expect(new Headers(posts[0]![1].headers).get("X-CSRF-TOKEN")).toBe("csrf-anon");
  });

  it("shows the server's error for a bad token", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "POST /api/auth/verify_email": { reply: { status: 400, body: { status: "error", message: "This link has expired." } } },
    });
    renderApp("/verify_email?token=old");
    expect(await screen.findByRole("alert")).toHaveTextContent("This link has expired.");
  });

  it("does not post without a token", async () => {
    const fetch = mockFetch({ "GET /api/session": anonymousSession });
    renderApp("/verify_email");
    expect(await screen.findByText("This verification link is incomplete.")).toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/auth/verify_email")).toHaveLength(0);
  });
});

describe("/forgot_password and /reset_password", () => {
  it("requests a reset link", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "POST /api/auth/forgot_password": { status: "ok", message: "A reset link is on its way." },
    });
    const { user } = renderApp("/forgot_password");
    await user.type(await screen.findByLabelText("Email"), "rider@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("A reset link is on its way.")).toBeInTheDocument();
  });

  it("sets a new password with the token from the link", async () => {
    const fetch = mockFetch({
      "GET /api/session": anonymousSession,
      "POST /api/auth/reset_password": { status: "ok", message: "Your password has been changed." },
    });
    const { user } = renderApp("/reset_password?token=reset-tok");
    await user.type(await screen.findByLabelText("New Password"), "brand-new-password");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Your password has been changed.")).toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(callsTo(fetch, "POST", "/api/auth/reset_password")[0]![1].body as string)).toEqual({
        token: "reset-tok",
        password: "brand-new-password",
      }),
    );
  });
});
