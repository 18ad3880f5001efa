import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { MyCalendarFeed } from "@site/contract";
import { CalendarSubscribe } from "@/components/ui/calendar-subscribe";
import { userSession } from "@/testing/fixtures";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { PersonalCalendarFeed } from "./personal-feed";

const FEED_URL = "https://karts.example.org/api/calendar/u/abcDEF123_-xyz.ics";
const none: MyCalendarFeed = { created_at: null, url: null, webcal_url: null };
const made = (url = FEED_URL): MyCalendarFeed => ({
  created_at: "2026-11-20T10:00:00.000Z",
  url,
  webcal_url: url.replace("https:", "webcal:"),
});

/** A clipboard that records what was written (jsdom has none). */
function stubClipboard() {
  const writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  return writeText;
}

afterEach(() => {
  Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
});

describe("CalendarSubscribe (#20 §4)", () => {
  it("shows the webcal link, the absolute https URL and help, and copies the URL", async () => {
    mockFetch({ "GET /api/session": userSession() });
    const { user } = renderWithProviders(
      <CalendarSubscribe path="/api/calendar/tournaments.ics?mode=mk8dx_150" label="Subscribe in your calendar" />,
    );
    // After user-event's setup, which puts its own clipboard on navigator.
    const writeText = stubClipboard();
    await user.click(screen.getByText("Subscribe in your calendar"));
    const field = screen.getByLabelText("Calendar feed URL");
    expect(field).toHaveValue(`${window.location.origin}/api/calendar/tournaments.ics?mode=mk8dx_150`);
    expect(screen.getByRole("link", { name: "Open in calendar app" })).toHaveAttribute(
      "href",
      `webcal://${window.location.host}/api/calendar/tournaments.ics?mode=mk8dx_150`,
    );
    expect(screen.getByText(/Paste this URL in Google Calendar → Other calendars → From URL/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/api/calendar/tournaments.ics?mode=mk8dx_150`);
    expect(await screen.findByText("Link copied.")).toBeInTheDocument();
  });

  it("selects the URL for a manual copy when the clipboard is refused", async () => {
    mockFetch({ "GET /api/session": userSession() });
    const { user } = renderWithProviders(<CalendarSubscribe path={FEED_URL} label="Your calendar link" open />);
    Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) }, configurable: true });
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Press Ctrl+C (or ⌘C) to copy the selected link.")).toBeInTheDocument();
    const field = screen.getByLabelText<HTMLInputElement>("Calendar feed URL");
    expect(field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0)).toBe(FEED_URL);
  });
});

describe("PersonalCalendarFeed (#20 §4)", () => {
  it("makes the first link without asking, shows it once with copy, and refreshes the status", async () => {
    let status = none;
    const fetchMock = mockFetch({
      "GET /api/session": userSession(),
      "GET /api/calendar/me": () => ({ body: status }),
      "POST /api/calendar/me/rotate": () => {
        status = { ...made(), url: null, webcal_url: null };
        return { body: made() };
      },
    });
    const { user } = renderWithProviders(<PersonalCalendarFeed />);
    const writeText = stubClipboard();
    await user.click(await screen.findByRole("button", { name: "Get my calendar link" }));
    expect(await screen.findByText(/Copy it now: for your privacy it is shown only this once/)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Calendar feed URL")).toHaveValue(FEED_URL);
    expect(screen.getByRole("link", { name: "Open in calendar app" })).toHaveAttribute(
      "href",
      "webcal://karts.example.org/api/calendar/u/abcDEF123_-xyz.ics",
    );
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(FEED_URL);
    expect(callsTo(fetchMock, "POST", "/api/calendar/me/rotate")).toHaveLength(1);
    expect(await screen.findByRole("button", { name: "Make a new link" })).toBeInTheDocument();
  });

  it("replaces an existing link only after the confirmation, and not when cancelled", async () => {
    const fetchMock = mockFetch({
      "GET /api/session": userSession(),
      "GET /api/calendar/me": { ...made(), url: null, webcal_url: null },
      "POST /api/calendar/me/rotate": made(`${FEED_URL.replace("xyz", "new")}`),
    });
    const { user } = renderWithProviders(<PersonalCalendarFeed />);
    expect(await screen.findByText(/You made your calendar link on/)).toBeInTheDocument();
    expect(screen.queryByLabelText("Calendar feed URL")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Make a new link" }));
    const dialog = await screen.findByRole("dialog", { name: "Make a new calendar link?" });
    expect(dialog).toHaveTextContent("Your current link stops working at once");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(callsTo(fetchMock, "POST", "/api/calendar/me/rotate")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Make a new link" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Make a new link" }));
    await waitFor(() => expect(callsTo(fetchMock, "POST", "/api/calendar/me/rotate")).toHaveLength(1));
    expect(await screen.findByLabelText("Calendar feed URL")).toHaveValue(FEED_URL.replace("xyz", "new"));
  });
});
