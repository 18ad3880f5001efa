import { afterEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { anonymousSession, userSession } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";

const header = () => screen.getByRole("banner");

afterEach(() => {
  document.cookie = "lang=; path=/; max-age=0";
  document.documentElement.lang = "en";
});

describe("language switch (#21)", () => {
  it("re-renders the page in the chosen language without a reload and remembers it in the cookie", async () => {
    mockFetch({ "GET /api/session": anonymousSession });
    const { user } = renderApp("/no/such/page");
    await screen.findByRole("heading", { name: "Page not found" });
    await user.click(within(header()).getByRole("button", { name: "Language: English" }));
    await user.click(screen.getByRole("menuitemradio", { name: "Français" }));
    expect(await screen.findByRole("heading", { name: "Page introuvable" })).toBeInTheDocument();
    expect(within(header()).getByRole("link", { name: "Tournois" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("fr");
    expect(document.cookie).toContain("lang=fr");
  });

  it("saves a signed-in user's choice on the account", async () => {
    const fetch = mockFetch({
      "GET /api/session": userSession(),
      "POST /api/session/language": userSession({ language: "ja" }),
    });
    const { user } = renderApp("/no/such/page");
    await screen.findByRole("heading", { name: "Page not found" });
    await user.click(within(header()).getByRole("button", { name: "Language: English" }));
    await user.click(screen.getByRole("menuitemradio", { name: "日本語" }));
    expect(await screen.findByRole("heading", { name: "ページが見つかりません" })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/session/language")).toHaveLength(1));
    expect(JSON.parse(callsTo(fetch, "POST", "/api/session/language")[0]![1].body as string)).toEqual({ language: "ja" });
  });

  it("applies the account's saved language once the session answers", async () => {
    mockFetch({ "GET /api/session": userSession({ language: "de" }) });
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Seite nicht gefunden" })).toBeInTheDocument();
  });
});
