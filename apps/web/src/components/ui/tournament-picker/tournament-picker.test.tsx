import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { TournamentPicker } from "./tournament-picker";
import type { PickerTournament } from "./get-picker-tournaments";

const TOURNAMENTS = [
  { id: 1, title: "Spring Cup" },
  { id: 2, title: "Summer Series" },
  { id: 3, title: "SPRING Invitational" },
];

function Harness({
  initial = null,
  dataUrl,
  onChange,
}: {
  initial?: PickerTournament | null;
  dataUrl?: string;
  onChange?: (v: PickerTournament | null) => void;
}) {
  const [value, setValue] = useState<PickerTournament | null>(initial);
  return (
    <>
      <TournamentPicker
        value={value}
        dataUrl={dataUrl}
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
      />
      <button type="button">outside</button>
    </>
  );
}

describe("TournamentPicker", () => {
  it("starts empty with a search box and a closed dropdown", async () => {
    mockFetch({ "GET /api/tournaments/picker": { tournaments: TOURNAMENTS } });
    renderWithProviders(<Harness />);
    const input = await screen.findByPlaceholderText("Search Tournaments...");
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("opens on focus and lists tournaments from the default URL", async () => {
    const fetch = mockFetch({ "GET /api/tournaments/picker": { tournaments: TOURNAMENTS } });
    const { user } = renderWithProviders(<Harness />);
    await user.click(await screen.findByPlaceholderText("Search Tournaments..."));
    expect(await screen.findByRole("option", { name: "Spring Cup" })).toBeInTheDocument();
    expect(screen.getAllByRole("option")).toHaveLength(3);
    expect(callsTo(fetch, "GET", "/api/tournaments/picker")[0]![0].search).toBe("?search=");
  });

  it("searches case-insensitively by title", async () => {
    // A caller URL that ignores the search: the widget still filters.
    const fetch = mockFetch({ "GET /custom/list": { tournaments: TOURNAMENTS } });
    const { user } = renderWithProviders(<Harness dataUrl="/custom/list?q=" />);
    await user.type(await screen.findByPlaceholderText("Search Tournaments..."), "spring");
    await waitFor(() => expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Spring Cup", "SPRING Invitational"]));
    const searches = callsTo(fetch, "GET", "/custom/list").map(([url]) => url.searchParams.get("q"));
    expect(searches).toContain("spring");
  });

  it("shows at most 100 results", async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, title: `Cup ${i + 1}` }));
    mockFetch({ "GET /api/tournaments/picker": { tournaments: many } });
    const { user } = renderWithProviders(<Harness />);
    await user.click(await screen.findByPlaceholderText("Search Tournaments..."));
    await screen.findByRole("option", { name: "Cup 1" });
    expect(screen.getAllByRole("option")).toHaveLength(100);
  });

  it("says so when nothing matches", async () => {
    mockFetch({ "GET /api/tournaments/picker": { tournaments: [] } });
    const { user } = renderWithProviders(<Harness />);
    await user.click(await screen.findByPlaceholderText("Search Tournaments..."));
    expect(await screen.findByText("No tournaments found.")).toBeInTheDocument();
  });

  it("closes on blur", async () => {
    mockFetch({ "GET /api/tournaments/picker": { tournaments: TOURNAMENTS } });
    const { user } = renderWithProviders(<Harness />);
    await user.click(await screen.findByPlaceholderText("Search Tournaments..."));
    await screen.findByRole("listbox");
    await user.click(screen.getByRole("button", { name: "outside" }));
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("selecting closes the dropdown and shows the tournament as a new-window link", async () => {
    mockFetch({ "GET /api/tournaments/picker": { tournaments: TOURNAMENTS } });
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    await user.click(await screen.findByPlaceholderText("Search Tournaments..."));
    await user.click(await screen.findByRole("option", { name: "Summer Series" }));
    expect(onChange).toHaveBeenCalledWith({ id: 2, title: "Summer Series" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(screen.queryByPlaceholderText("Search Tournaments...")).toBeNull();
    const link = screen.getByRole("link", { name: "Summer Series" });
    expect(link).toHaveAttribute("href", "/tournaments/2");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it("selects with the keyboard", async () => {
    mockFetch({ "GET /api/tournaments/picker": { tournaments: TOURNAMENTS } });
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    await user.click(await screen.findByPlaceholderText("Search Tournaments..."));
    await screen.findByRole("option", { name: "Spring Cup" });
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenCalledWith({ id: 2, title: "Summer Series" });
  });

  it("clears the selection with the × button, returning to the search box", async () => {
    mockFetch({ "GET /api/tournaments/picker": { tournaments: TOURNAMENTS } });
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness initial={{ id: 3, title: "SPRING Invitational" }} onChange={onChange} />);
    await user.click(await screen.findByRole("button", { name: "Clear selection" }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.getByPlaceholderText("Search Tournaments...")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "SPRING Invitational" })).toBeNull();
  });

  it("shows the failure message when the list cannot load", async () => {
    mockFetch({
      "GET /api/tournaments/picker": { reply: { status: 500, body: { status: "error", message: "An unknown error has occurred." } } },
    });
    const { user } = renderWithProviders(<Harness />);
    await user.click(await screen.findByPlaceholderText("Search Tournaments..."));
    expect(await screen.findByText("An unknown error has occurred.")).toBeInTheDocument();
  });
});
