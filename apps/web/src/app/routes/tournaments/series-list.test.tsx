import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { Session } from "@site/contract";
import { errorReply, mockFetch } from "@/testing/mock-fetch";
import { anonymousSession, seriesItem, userSession } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";

const NOTE = "This series is historical. New tournaments are not currently planned.";

const allSeries = [
  seriesItem(1, { registrations_open: true, organizer: "lan", location: "Paris", logo_url: "/uploads/logo-1.webp" }),
  seriesItem(2, { historical: true, short_description: "x".repeat(2000) }),
  seriesItem(3, { published: false, organizer: "mkc", location: "Ignored" }),
  seriesItem(4, { latest_event_id: null, latest_event_title: null, game_mode: null, game_mode_human: null }),
];

function renderSeries(session: Session = anonymousSession, list = allSeries) {
  mockFetch({ "GET /api/session": session, "GET /api/tournaments/series": { all_series: list } });
  return renderApp("/tournaments/series");
}

async function card(name: RegExp | string) {
  return (await screen.findByRole("heading", { level: 3, name })).closest("article")!;
}

describe("/tournaments/series", () => {
  it("shows a card per series with logo, badges, description, More Details and the latest event", async () => {
    const { container } = renderSeries();
    const first = await card("Series 1");
    expect(within(first).getByText("MKWorld 150cc")).toHaveClass("badge");
    expect(within(first).getByText("Squad")).toHaveClass("badge--format");
    expect(within(first).getByText("About series 1.")).toBeInTheDocument();
    expect(within(first).getByRole("link", { name: "More Details" })).toHaveAttribute("href", "/tournaments/series/series-1");
    expect(within(first).getByRole("link", { name: "Series 1 Cup #1" })).toHaveAttribute("href", "/tournaments/101");
    expect(first.querySelector("img.series-card__logo")).toHaveAttribute("src", "/uploads/logo-1.webp");
    // No logo: generated art (the name's initials on a colour from the name) in the logo's slot (#17 §8).
    expect((await card(/Series 2/)).querySelector(".series-card__logo.generated-art")).toHaveAttribute("data-initials", "S");
    expect(container.querySelectorAll("article.series-card")).toHaveLength(4);
  });

  it("marks historical and unpublished series, with the historical note only on historical ones", async () => {
    renderSeries();
    const historical = await card("Series 2 (Historical)");
    expect(within(historical).getByText(NOTE)).toBeInTheDocument();
    const unpublished = await card("Series 3 (Unpublished)");
    expect(unpublished).toHaveClass("is-unpublished");
    expect(within(unpublished).queryByText(NOTE)).toBeNull();
    expect(screen.getAllByText(NOTE)).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 3, name: "Series 1" })).toBeInTheDocument();
  });

  it("shows the LAN location only for LAN series", async () => {
    renderSeries();
    expect(within(await card("Series 1")).getByText("Paris")).toBeInTheDocument();
    expect(within(await card(/Series 3/)).queryByText("Ignored")).toBeNull();
  });

  it("links Register Now! only while the latest event's registrations are open", async () => {
    renderSeries();
    const first = await card("Series 1");
    expect(within(first).getByRole("link", { name: "Register Now!" })).toHaveAttribute("href", "/tournaments/101/register");
    expect(screen.getAllByRole("link", { name: "Register Now!" })).toHaveLength(1);
    // A series without a latest event shows neither the event link nor Register Now!.
    const fourth = await card("Series 4");
    expect(within(fourth).queryByText(/Latest event/)).toBeNull();
    expect(within(fourth).getByText("Squad")).toBeInTheDocument();
  });

  it("offers New Tournament Series to event administrators only", async () => {
    renderSeries(userSession({}, { canEventAdministrate: true }));
    expect(await screen.findByRole("link", { name: "New Tournament Series" })).toHaveAttribute("href", "/tournaments/series/new/edit");
  });

  it.each([
    ["anonymous visitors", anonymousSession],
    ["signed-in users", userSession()],
    ["site administrators without event rights", userSession({}, { canAdministrate: true })],
  ])("hides New Tournament Series from %s", async (_who, session) => {
    renderSeries(session);
    await card("Series 1");
    expect(screen.queryByRole("link", { name: "New Tournament Series" })).toBeNull();
  });

  it("shows the empty state", async () => {
    renderSeries(anonymousSession, []);
    expect(await screen.findByText("No series yet.")).toBeInTheDocument();
  });

  it("shows the failure panel when the list fails", async () => {
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/tournaments/series": errorReply(500) });
    renderApp("/tournaments/series");
    expect(await screen.findByText("Something went wrong...")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Tournament Series" })).toBeInTheDocument();
  });
});
