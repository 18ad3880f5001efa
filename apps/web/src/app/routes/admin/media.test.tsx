import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { MediaItem, MediaKind, Session } from "@site/contract";
import { callsTo, firstCallTo, mockFetch, type MockRoute } from "@/testing/mock-fetch";
import { anonymousSession, mediaItems, newsItems, userSession } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";

const admin = userSession({ display_name: "Boss" }, { canAdministrate: true });

/**
 * A small stateful table: POSTs change what the next GET of a kind answers, so the tests can
 * see the lists reload after a mutation.
 */
function mediaRoutes(session: Session = admin, overrides: Record<string, MockRoute> = {}) {
  const lists: Record<MediaKind, MediaItem[]> = {
    youtube: mediaItems("youtube", 3).data,
    stream: mediaItems("stream", 1).data,
    social: [],
  };
  return {
    "GET /api/session": session,
    "GET /api/media/youtube/latest": () => ({ body: { data: lists.youtube } }),
    "GET /api/media/stream/latest": () => ({ body: { data: lists.stream } }),
    "GET /api/media/social/latest": () => ({ body: { data: lists.social } }),
    "GET /api/media/news/latest": newsItems(3),
    "POST /api/media/items": ({ body }: { body: unknown }) => {
      const b = body as { kind: MediaKind; title: string; url: string; image: string | null; author: string };
      const item: MediaItem = { id: 50, ...b, image: b.image ?? null, date_human: "just now", date: new Date().toISOString() };
      lists[b.kind] = [item, ...lists[b.kind]];
      return { body: item };
    },
    "POST /api/media/items/1/delete": () => {
      lists.youtube = lists.youtube.filter((m) => m.id !== 1);
      return { body: { status: "ok" } };
    },
    "POST /api/media/news": {
      id: 9,
      url: "/news/9",
      image: null,
      date_human: "just now",
      date: "2026-01-05T12:00:00.000Z",
      author: "Boss",
      title: "Season 2",
      preview: "Hello",
    },
    ...overrides,
  };
}

describe("/admin/media", () => {
  it("tells signed-in users without the administrate flag they may not view it", async () => {
    const fetch = mockFetch(mediaRoutes(userSession({}, { canModerate: true, canEventAdministrate: true })));
    renderApp("/admin/media");
    expect(await screen.findByText("You do not have permission to view this page.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add Item" })).toBeNull();
    expect(callsTo(fetch, "GET", "/api/media/youtube/latest")).toHaveLength(0);
  });

  it("asks anonymous visitors to log in and come back", async () => {
    mockFetch(mediaRoutes(anonymousSession));
    renderApp("/admin/media");
    const main = screen.getByRole("main");
    expect(await within(main).findByRole("link", { name: "log in" })).toHaveAttribute("href", "/login?next=%2Fadmin%2Fmedia");
    expect(within(main).queryByText("You do not have permission to view this page.")).toBeNull();
  });

  it("lists the items of the three home panels", async () => {
    mockFetch(mediaRoutes());
    renderApp("/admin/media");
    const videos = await screen.findByRole("region", { name: "Videos" });
    expect(await within(videos).findAllByRole("button", { name: /^Delete / })).toHaveLength(3);
    const streams = screen.getByRole("region", { name: "Live Streams" });
    expect(await within(streams).findByRole("link", { name: "stream item 1" })).toHaveAttribute("href", "https://stream.example/1");
    expect(await within(screen.getByRole("region", { name: "Social" })).findByText("No posts yet.")).toBeInTheDocument();
  });

  it("adds an item with the CSRF header and shows it after the lists reload", async () => {
    const fetch = mockFetch(mediaRoutes());
    const { user } = renderApp("/admin/media");
    const form = await screen.findByRole("region", { name: "Add an item" });
    await user.selectOptions(within(form).getByRole("combobox", { name: "Panel" }), "stream");
    await user.type(within(form).getByRole("textbox", { name: "Title" }), "  Finals live  ");
    await user.type(within(form).getByRole("textbox", { name: "Link" }), "https://twitch.example/finals");
    await user.type(within(form).getByRole("textbox", { name: "Author" }), "Caster");
    await user.click(within(form).getByRole("button", { name: "Add Item" }));

    expect(await within(form).findByRole("status")).toHaveTextContent("Item added.");
    const [, init] = firstCallTo(fetch, "POST", "/api/media/items");
    expect(JSON.parse(init.body as string)).toEqual({
      kind: "stream",
      title: "Finals live",
      url: "https://twitch.example/finals",
      image: null,
      author: "Caster",
    });
    expect(new Headers(init.headers).get("X-CSRF-TOKEN")).toBe("csrf-user");

    const streams = screen.getByRole("region", { name: "Live Streams" });
    expect(await within(streams).findByRole("link", { name: "Finals live" })).toBeInTheDocument();
    // The reload skips the browser's 30-second copy, and the home news list is refreshed too.
    const reloads = callsTo(fetch, "GET", "/api/media/stream/latest");
    expect(reloads[reloads.length - 1]![1].cache).toBe("no-cache");
    expect(callsTo(fetch, "GET", "/api/media/news/latest")).toHaveLength(1);
    // The fields clear for the next item; the panel choice stays.
    expect(within(form).getByRole("textbox", { name: "Title" })).toHaveValue("");
    expect(within(form).getByRole("combobox", { name: "Panel" })).toHaveValue("stream");
  });

  it("rejects links that are not http(s) with the contract's message, without calling the server", async () => {
    const fetch = mockFetch(mediaRoutes());
    const { user } = renderApp("/admin/media");
    const form = await screen.findByRole("region", { name: "Add an item" });
    await user.type(within(form).getByRole("textbox", { name: "Link" }), "ftp://files.example/video");
    await user.type(within(form).getByRole("textbox", { name: "Image link (optional)" }), "javascript:alert(1)");
    await user.click(within(form).getByRole("button", { name: "Add Item" }));
    expect(await within(form).findAllByText("Links must start with http:// or https://")).toHaveLength(2);
    expect(within(form).getByText("A title is required.")).toBeInTheDocument();
    expect(within(form).getByRole("textbox", { name: "Link" })).toHaveAttribute("aria-invalid", "true");
    expect(callsTo(fetch, "POST", "/api/media/items")).toHaveLength(0);
  });

  it("shows the server's message when adding fails", async () => {
    mockFetch(
      mediaRoutes(admin, {
        "POST /api/media/items": { reply: { status: 403, body: { status: "error", message: "You do not have permission." } } },
      }),
    );
    const { user } = renderApp("/admin/media");
    const form = await screen.findByRole("region", { name: "Add an item" });
    await user.type(within(form).getByRole("textbox", { name: "Title" }), "Clip");
    await user.type(within(form).getByRole("textbox", { name: "Link" }), "https://video.example/clip");
    await user.click(within(form).getByRole("button", { name: "Add Item" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("You do not have permission.");
    expect(within(form).getByRole("alert")).toHaveClass("form-error");
  });

  it("deletes an item after confirmation and reloads the list", async () => {
    const fetch = mockFetch(mediaRoutes());
    const { user } = renderApp("/admin/media");
    const videos = await screen.findByRole("region", { name: "Videos" });
    await user.click(await within(videos).findByRole("button", { name: "Delete youtube item 1" }));

    // The shared confirmation dialog (was window.confirm): it names the item it deletes.
    const dialog = screen.getByRole("dialog", { name: "Delete this item?" });
    expect(dialog).toHaveTextContent("“youtube item 1” is deleted");
    await user.click(within(dialog).getByRole("button", { name: "Delete item" }));
    expect(await within(videos).findByRole("status")).toHaveTextContent("Item deleted.");
    const [, init] = firstCallTo(fetch, "POST", "/api/media/items/1/delete");
    expect(new Headers(init.headers).get("X-CSRF-TOKEN")).toBe("csrf-user");
    await waitFor(() => expect(within(videos).queryByRole("link", { name: "youtube item 1" })).toBeNull());
    expect(within(videos).getAllByRole("button", { name: /^Delete / })).toHaveLength(2);
  });

  it("keeps the item when the confirmation is cancelled", async () => {
    const fetch = mockFetch(mediaRoutes());
    const { user } = renderApp("/admin/media");
    const videos = await screen.findByRole("region", { name: "Videos" });
    await user.click(await within(videos).findByRole("button", { name: "Delete youtube item 1" }));
    await user.click(within(screen.getByRole("dialog", { name: "Delete this item?" })).getByRole("button", { name: "Cancel" }));
    expect(callsTo(fetch, "POST", "/api/media/items/1/delete")).toHaveLength(0);
    expect(within(videos).getByRole("link", { name: "youtube item 1" })).toBeInTheDocument();
  });

  it("posts news written in the markdown editor", async () => {
    const fetch = mockFetch(mediaRoutes());
    const { user } = renderApp("/admin/media");
    const form = await screen.findByRole("region", { name: "Post news" });
    await user.type(within(form).getByRole("textbox", { name: "Title" }), "Season 2");
    await user.type(within(form).getByRole("textbox", { name: "Content" }), "Hello **racers**");
    await user.click(within(form).getByRole("button", { name: "Post News" }));

    const status = await within(form).findByRole("status");
    expect(status).toHaveTextContent("News posted.");
    expect(within(status).getByRole("link", { name: "View the post" })).toHaveAttribute("href", "/news/9");
    const [, init] = firstCallTo(fetch, "POST", "/api/media/news");
    expect(JSON.parse(init.body as string)).toEqual({ title: "Season 2", content: "Hello **racers**", image: null });
    expect(new Headers(init.headers).get("X-CSRF-TOKEN")).toBe("csrf-user");
    // The home "Latest News" list is reloaded (the admin page itself never showed it).
    await waitFor(() => expect(callsTo(fetch, "GET", "/api/media/news/latest")).toHaveLength(1));
    expect(within(form).getByRole("textbox", { name: "Title" })).toHaveValue("");
  });
});
