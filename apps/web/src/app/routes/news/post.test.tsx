import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { callsTo, errorReply, mockFetch } from "@/testing/mock-fetch";
import { anonymousSession, newsPost } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";

describe("/news/:id", () => {
  it("shows the title, author · date, image and the server's HTML content", async () => {
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/media/news/5": newsPost(5) });
    const { container } = renderApp("/news/5");
    expect(await screen.findByRole("heading", { level: 1, name: "News 5" })).toBeInTheDocument();
    expect(screen.getByText("Admin · Jan 5, 2026")).toBeInTheDocument();
    expect(container.querySelector("img.news-post__image")).toHaveAttribute("src", "https://img.example/news-5.png");
    const body = container.querySelector(".markdown-body") as HTMLElement;
    // Rendered as markup, not as escaped text.
    expect(within(body).getByText("soon").tagName).toBe("STRONG");
    expect(within(body).getByRole("listitem")).toHaveTextContent("Sign up");
    expect(body.textContent).not.toContain("<p>");
    expect(document.title).toMatch(/^News 5 - /);
  });

  it("leaves the image out when the post has none", async () => {
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/media/news/6": newsPost(6, { image: null }) });
    const { container } = renderApp("/news/6");
    await screen.findByRole("heading", { level: 1, name: "News 6" });
    expect(container.querySelector(".news-post img")).toBeNull();
  });

  it("says the post does not exist on 404 and links home", async () => {
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/media/news/404": errorReply(404, "That news post does not exist.") });
    renderApp("/news/404");
    expect(await screen.findByText("This news post does not exist.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    expect(screen.queryByText("Something went wrong...")).toBeNull();
  });

  it("does not ask the server for ids that cannot exist", async () => {
    const fetch = mockFetch({ "GET /api/session": anonymousSession });
    renderApp("/news/latest-stuff");
    expect(await screen.findByText("This news post does not exist.")).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([input]) => String(input).startsWith("/api/media"))).toHaveLength(0);
  });

  it("shows the failure panel for other errors, and Reload retries", async () => {
    let fail = true;
    const fetch = mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/media/news/7": () => (fail ? { status: 500, body: { status: "error", message: "x" } } : { body: newsPost(7) }),
    });
    const { user } = renderApp("/news/7");
    expect(await screen.findByText("Something went wrong...")).toBeInTheDocument();
    expect(screen.queryByText("This news post does not exist.")).toBeNull();
    fail = false;
    await user.click(screen.getByRole("link", { name: "Reload" }));
    expect(await screen.findByRole("heading", { level: 1, name: "News 7" })).toBeInTheDocument();
    expect(callsTo(fetch, "GET", "/api/media/news/7")).toHaveLength(2);
  });
});
