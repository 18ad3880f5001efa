import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { PlacementRow, Placements, PlacementsEditor, SeriesTournament } from "@site/contract";
import { callsTo, errorReply, mockFetch } from "@/testing/mock-fetch";
import { anonymousSession, userSession } from "@/testing/fixtures";
import { seriesDetail, tournamentDetail } from "@/testing/tournament-fixtures";
import { renderApp } from "@/testing/render";

const member = (id: number, name: string) => ({ player_id: id, display_name: name, country_code: "FR" });
function row(id: number, name: string, o: Partial<PlacementRow> = {}): PlacementRow {
  return {
    entrant_type: "squad",
    entrant_id: id,
    placement: id,
    placement_upper_bound: null,
    dq: false,
    title: null,
    name,
    tag: name.slice(0, 3).toUpperCase(),
    color: 1,
    team_id: null,
    squad_id: id,
    members: [member(id * 10, `${name} One`), member(id * 10 + 1, `${name} Two`)],
    ...o,
  };
}
const rows: PlacementRow[] = [
  row(1, "Alpha", { title: "Champion" }),
  row(2, "Bravo"),
  row(3, "Charlie", { placement: 4, placement_upper_bound: 3 }),
  row(4, "Delta", { placement: 4, placement_upper_bound: 3 }),
  row(5, "Echo", { placement: null, dq: true }),
];
const placements = (o: Partial<Placements> = {}): Placements => ({
  data: rows,
  count: 5,
  total_registrations_override: null,
  total_entrants: 5,
  page: 1,
  page_count: 1,
  ...o,
});

describe("/tournaments/{id}/placements", () => {
  it("shows Final Placements with the override as total and 'You placed' with medal, ordinal, range and title", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": tournamentDetail(),
      "GET /api/events/5/placements": placements({ total_registrations_override: 40, total_entrants: 40 }),
      "GET /api/events/5/my_placement": { placement: rows[2] },
    });
    renderApp("/tournaments/5/placements");
    expect(await screen.findByRole("heading", { name: "Final Placements" })).toBeInTheDocument();
    expect(await screen.findByText("Total entrants: 40")).toBeInTheDocument();
    const mine = await screen.findByRole("region", { name: "Your placement" });
    expect(within(mine).getByRole("img", { name: "3rd place" })).toBeInTheDocument();
    expect(mine).toHaveTextContent("You placed 3rd (tied 3rd–4th) with Charlie");
    const table = screen.getByRole("table");
    const bodyRows = within(table).getAllByRole("row").slice(1);
    expect(bodyRows).toHaveLength(5);
    expect(bodyRows[0]).toHaveTextContent("Champion");
    expect(within(bodyRows[0]!).getByRole("link", { name: "Alpha One" })).toHaveAttribute("href", "/registry/players/10");
    expect(within(bodyRows[2]!).getByRole("img", { name: "3rd place (tied 3–4)" })).toBeInTheDocument();
    expect(bodyRows[2]).toHaveClass("is-highlighted");
    expect(within(bodyRows[4]!).getByTitle("Disqualified")).toHaveTextContent("DQ");
  });

  it("tells a disqualified player so, with the title", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": tournamentDetail(),
      "GET /api/events/5/placements": placements(),
      "GET /api/events/5/my_placement": { placement: { ...rows[4]!, title: "Unsporting" } },
    });
    renderApp("/tournaments/5/placements");
    const mine = await screen.findByRole("region", { name: "Your placement" });
    expect(mine).toHaveTextContent("You placed: Disqualified");
    expect(mine).toHaveTextContent("Echo was disqualified from this tournament.");
    expect(mine).toHaveTextContent("Unsporting");
  });

  it("shows 'No placements yet.' and the failure panel when the call fails", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5": tournamentDetail(),
      "GET /api/events/5/placements": placements({ data: [] }),
    });
    const first = renderApp("/tournaments/5/placements");
    expect(await screen.findByText("No placements yet.")).toBeInTheDocument();
    first.unmount();
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5": tournamentDetail(),
      "GET /api/events/5/placements": errorReply(500),
    });
    renderApp("/tournaments/5/placements");
    expect(await screen.findByText(/Something went wrong/)).toBeInTheDocument();
  });
});

describe("/tournaments/{id}/placements paging", () => {
  // 205 rows: placement i for row i (the server's page 2 starts at the 101st place).
  const all = Array.from({ length: 205 }, (_, i) => row(i + 1, `Squad ${i + 1}`));
  const paged = (page: number) =>
    placements({ data: all.slice((page - 1) * 100, page * 100), count: 205, total_entrants: 205, page, page_count: 3 });

  it("pages the table with Previous/Next, keeps the true placements and 'You placed'", async () => {
    const fetchMock = mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": tournamentDetail(),
      "GET /api/events/5/placements": ({ url }) => ({ body: paged(Number(url.searchParams.get("page") ?? 1)) }),
      "GET /api/events/5/my_placement": { placement: all[150] },
    });
    renderApp("/tournaments/5/placements");
    expect(await screen.findByText("Showing 1–100 (page 1 of 3)")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Your placement" })).toHaveTextContent("You placed 151st with Squad 151");
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(101);
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 101–200 (page 2 of 3)")).toBeInTheDocument();
    const bodyRows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(bodyRows[0]).toHaveTextContent("101");
    expect(bodyRows[0]).toHaveTextContent("Squad 101");
    // The viewer's own row is highlighted on the page it falls on; 'You placed' stays.
    expect(bodyRows[50]).toHaveClass("is-highlighted");
    expect(screen.getByRole("region", { name: "Your placement" })).toBeInTheDocument();
    expect(callsTo(fetchMock, "GET", "/api/events/5/placements").map(([u]) => u.searchParams.get("page"))).toEqual(["1", "2"]);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 201–205 (page 3 of 3)")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByText("Showing 101–200 (page 2 of 3)")).toBeInTheDocument();
  });

  it("sorts by placement and by name from the headers, back to page 1", async () => {
    const fetchMock = mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5": tournamentDetail(),
      "GET /api/events/5/placements": ({ url }) => {
        const order = url.searchParams.get("order");
        const sorted = order === "ND" ? [...all].reverse() : all;
        return { body: { ...paged(Number(url.searchParams.get("page") ?? 1)), data: sorted.slice(0, 100) } };
      },
    });
    renderApp("/tournaments/5/placements");
    expect(await screen.findByText("Showing 1–100 (page 1 of 3)")).toBeInTheDocument();
    const placementHeader = screen.getByRole("columnheader", { name: "Placement ▲" });
    expect(placementHeader).toHaveAttribute("aria-sort", "ascending");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 101–200 (page 2 of 3)")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Squad" }));
    fireEvent.click(await screen.findByRole("button", { name: "Squad ▲" }));
    await waitFor(() => expect(within(screen.getByRole("table")).getAllByRole("row")[1]).toHaveTextContent("Squad 205"));
    expect(screen.getByRole("columnheader", { name: "Squad ▼" })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("columnheader", { name: "Placement" })).toHaveAttribute("aria-sort", "none");
    const calls = callsTo(fetchMock, "GET", "/api/events/5/placements").map(([u]) => [
      u.searchParams.get("order"),
      u.searchParams.get("page"),
    ]);
    expect(calls).toEqual([
      ["PA", "1"],
      ["PA", "2"],
      ["NA", "1"],
      ["ND", "1"],
    ]);
  });

  it("shows no pager for a single page", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5": tournamentDetail(),
      "GET /api/events/5/placements": placements(),
    });
    renderApp("/tournaments/5/placements");
    expect(await screen.findByText("Total entrants: 5")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
  });
});

describe("tournament page placements", () => {
  // A tournament that has started: placements of one still to come never say it concluded (#17 §8).
  const started = { start_date: "2026-01-10T18:00:00.000Z", start_date_human: "Jan 10, 2026" };

  it("never says 'This tournament has concluded.' before the tournament starts, even with placements", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5": tournamentDetail({ start_date: "2999-01-10T18:00:00.000Z" }),
      "GET /api/events/5/placements": placements(),
    });
    renderApp("/tournaments/5");
    expect(await screen.findByText("Showing Top 12")).toBeInTheDocument();
    expect(screen.queryByText("This tournament has concluded.")).toBeNull();
  });

  it("shows 'This tournament has concluded.' and the Top 12 preview to a viewer who did not play", async () => {
    const fetch = mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5": tournamentDetail(started),
      "GET /api/events/5/placements": placements(),
    });
    renderApp("/tournaments/5");
    expect(await screen.findByText("This tournament has concluded.")).toBeInTheDocument();
    expect(screen.getByText("Showing Top 12")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View Full Placements" })).toHaveAttribute("href", "/tournaments/5/placements");
    // One link to the full placements, not a second one repeating it under the table.
    const preview = screen.getByRole("region", { name: "Placements" });
    expect(
      within(preview)
        .getAllByRole("link")
        .filter((a) => a.getAttribute("href") === "/tournaments/5/placements"),
    ).toHaveLength(1);
    expect(screen.queryByRole("link", { name: /All placements/ })).not.toBeInTheDocument();
    // The Top 12 is always by placement: its headers do not sort.
    expect(within(preview).queryAllByRole("button")).toHaveLength(0);
    expect(callsTo(fetch, "GET", "/api/events/5/placements")[0]![0].searchParams.get("limit")).toBe("12");
    // Anonymous viewers are never asked for their placement.
    expect(callsTo(fetch, "GET", "/api/events/5/my_placement")).toHaveLength(0);
  });

  it("shows 'You placed' to a placed player and nothing before placements exist", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": tournamentDetail(started),
      "GET /api/events/5/placements": placements(),
      "GET /api/events/5/my_placement": { placement: rows[0] },
    });
    const first = renderApp("/tournaments/5");
    const mine = await screen.findByRole("region", { name: "Your placement" });
    expect(mine).toHaveTextContent("You placed 1st with Alpha");
    expect(mine).toHaveTextContent("Champion");
    expect(screen.queryByText("This tournament has concluded.")).not.toBeInTheDocument();
    first.unmount();
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": tournamentDetail(),
      "GET /api/events/5/placements": placements({ data: [] }),
      "GET /api/events/5/my_placement": { placement: null },
    });
    renderApp("/tournaments/5");
    await screen.findByRole("heading", { level: 1 });
    await waitFor(() => expect(screen.queryByText("Showing Top 12")).not.toBeInTheDocument());
    expect(screen.queryByText("This tournament has concluded.")).not.toBeInTheDocument();
  });
});

const editorData = (o: Partial<PlacementsEditor> = {}): PlacementsEditor => ({
  entrant_type: "squad",
  entrants: rows.map((r) => ({
    entrant_id: r.entrant_id,
    name: r.name,
    tag: r.tag,
    color: r.color,
    members: r.members,
    status: "registered",
  })),
  placements: [],
  count: 5,
  total_registrations_override: null,
  ...o,
});

describe("/tournaments/{id}/placements/edit", () => {
  const admin = tournamentDetail({ can_administrate: true });

  it("orders entrants by keyboard and buttons, marks ties, DQ and titles, and saves the whole list", async () => {
    const fetch = mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": admin,
      "GET /api/events/5/placements/edit": editorData(),
      "POST /api/events/5/placements": { status: "ok", message: "Placements saved." },
    });
    const { user } = renderApp("/tournaments/5/placements/edit");
    await user.click(await screen.findByRole("button", { name: "Add all" }));
    const list = screen.getByRole("list", { name: "Placements order" });
    const names = () =>
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("data-entrant"));
    expect(names()).toEqual(["1", "2", "3", "4", "5"]);
    // Bravo up with its button, then Alpha back up with Alt+ArrowUp on its row.
    await user.click(screen.getByRole("button", { name: "Move Bravo up" }));
    expect(names()).toEqual(["2", "1", "3", "4", "5"]);
    const alpha = within(list).getAllByRole("listitem")[1]!;
    fireEvent.keyDown(alpha, { key: "ArrowUp", altKey: true });
    expect(names()).toEqual(["1", "2", "3", "4", "5"]);
    const rowOf = (id: number) =>
      within(list)
        .getAllByRole("listitem")
        .find((li) => li.getAttribute("data-entrant") === String(id))!;
    await user.click(within(rowOf(4)).getByRole("checkbox", { name: "Tied" }));
    await user.click(within(rowOf(5)).getByRole("checkbox", { name: "DQ" }));
    await user.type(screen.getByRole("textbox", { name: "Title of Alpha" }), "Champion");
    expect(within(rowOf(3)).getByRole("img", { name: "3rd place (tied 3–4)" })).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Total registrations override" }), "40");
    await user.click(screen.getByRole("button", { name: "Save Placements" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Placements saved.");
    const [, init] = callsTo(fetch, "POST", "/api/events/5/placements")[0]!;
    expect(JSON.parse(String(init.body))).toEqual({
      placements: [
        { entrant_id: 1, placement: 1, placement_upper_bound: null, dq: false, title: "Champion" },
        { entrant_id: 2, placement: 2, placement_upper_bound: null, dq: false, title: null },
        { entrant_id: 3, placement: 4, placement_upper_bound: 3, dq: false, title: null },
        { entrant_id: 4, placement: 4, placement_upper_bound: 3, dq: false, title: null },
        { entrant_id: 5, placement: null, placement_upper_bound: null, dq: true, title: null },
      ],
      total_registrations_override: 40,
    });
  });

  it("reorders by drag and drop", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": admin,
      "GET /api/events/5/placements/edit": editorData({
        placements: rows
          .slice(0, 3)
          .map((r) => ({ entrant_id: r.entrant_id, placement: r.entrant_id, placement_upper_bound: null, dq: false, title: null })),
      }),
    });
    renderApp("/tournaments/5/placements/edit");
    const list = await screen.findByRole("list", { name: "Placements order" });
    const items = within(list).getAllByRole("listitem");
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? "",
      effectAllowed: "",
      dropEffect: "",
    };
    fireEvent.dragStart(items[2]!, { dataTransfer });
    fireEvent.dragOver(items[0]!, { dataTransfer });
    fireEvent.drop(items[0]!, { dataTransfer });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("data-entrant")),
    ).toEqual(["3", "1", "2"]);
  });

  it("saves the bulk text mode and shows its errors and the server's", async () => {
    const fetch = mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": admin,
      "GET /api/events/5/placements/edit": editorData(),
      "POST /api/events/5/placements": errorReply(400, "Entrant 4 is listed more than once."),
    });
    const { user } = renderApp("/tournaments/5/placements/edit");
    await user.click(await screen.findByRole("tab", { name: "Bulk Text" }));
    const text = screen.getByRole("textbox", { name: "Bulk placements" });
    await user.type(text, "1 first");
    await user.click(screen.getByRole("button", { name: "Save Bulk Placements" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Line 1: expected 'id placement [title]'");
    await user.clear(text);
    await user.type(text, "1 1 Champion\n3 3-4\n4 3-4\n5 DQ\n99 7");
    await user.click(screen.getByRole("button", { name: "Save Bulk Placements" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Entrant 99 is not an entrant of this tournament.");
    expect(callsTo(fetch, "POST", "/api/events/5/placements")).toHaveLength(0);
    await user.clear(text);
    await user.type(text, "1 1 Champion\n3 3-4\n4 3-4\n5 DQ");
    await user.click(screen.getByRole("button", { name: "Save Bulk Placements" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Entrant 4 is listed more than once."));
    const [, init] = callsTo(fetch, "POST", "/api/events/5/placements")[0]!;
    expect(JSON.parse(String(init.body)).placements).toEqual([
      { entrant_id: 1, placement: 1, placement_upper_bound: null, dq: false, title: "Champion" },
      { entrant_id: 3, placement: 4, placement_upper_bound: 3, dq: false, title: null },
      { entrant_id: 4, placement: 4, placement_upper_bound: 3, dq: false, title: null },
      { entrant_id: 5, placement: null, placement_upper_bound: null, dq: true, title: null },
    ]);
  });

  it("is for tournament administrators only", async () => {
    mockFetch({ "GET /api/session": userSession(), "GET /api/events/5": tournamentDetail({ can_administrate: false }) });
    renderApp("/tournaments/5/placements/edit");
    expect(await screen.findByText("You do not have permission to view this page.")).toBeInTheDocument();
  });
});

describe("series stats and history medals", () => {
  it("shows the tabs that have data, the medal table, and the viewer's own appearance row", async () => {
    const appearances = Array.from({ length: 25 }, (_, i) => ({
      key: 100 + i,
      placement: i + 1,
      icon: "FR",
      name: `P${i}`,
      count: 30 - i,
    }));
    mockFetch({
      "GET /api/session": userSession({ player_id: 42 }),
      "GET /api/tournaments/series/showdown": seriesDetail({
        aggregation_field: "player_id",
        stats: {
          aggregation_field: "player_id",
          podium_finishes: [
            { key: 1, placement: 1, icon: "FR", name: "Ace", gold: 2, silver: 0, bronze: 1 },
            { key: 2, placement: 2, icon: "DE", name: "Bee", gold: 1, silver: 1, bronze: 0 },
          ],
          finals_appearances: [],
          appearances: [...appearances, { key: 42, placement: 40, icon: "FR", name: "Rider", count: 1 }],
        },
        tournaments: [
          {
            id: 9,
            title: "Showdown #9",
            start_date: null,
            end_date: null,
            start_date_human: null,
            end_date_human: null,
            organizer: "mkc",
            location: null,
            location_url: null,
            game: "mk8dx",
            game_human: "Mario Kart 8 Deluxe",
            game_mode: "mk8dx_150",
            game_mode_human: "150cc",
            event_format: 2,
            event_format_human: "Squad",
            registrations_open: false,
            published: true,
            placements: [
              {
                id: 1,
                placement: 1,
                placement_upper_bound: null,
                name: "Alpha",
                tag: "ALP",
                color: 1,
                team_id: null,
                members: [{ player_id: 1, player_name: "Ace", country_code: "FR" }],
              },
            ],
          },
        ],
      }),
    });
    const { user } = renderApp("/tournaments/series/showdown");
    const tabs = await screen.findByRole("tablist", { name: "Series stats" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["Podium Finishes", "Tournament Appearances"]);
    const medals = screen.getByRole("tabpanel", { name: "Podium Finishes" });
    expect(within(medals).getByRole("link", { name: "Ace" })).toHaveAttribute("href", "/registry/players/1");
    expect(within(medals).getAllByRole("row")[1]).toHaveTextContent("1Ace201");
    await user.click(within(tabs).getByRole("tab", { name: "Tournament Appearances" }));
    const panel = screen.getByRole("tabpanel", { name: "Tournament Appearances" });
    const own = within(panel).getByRole("link", { name: "Rider" }).closest("tr")!;
    expect(own).toHaveClass("is-highlighted");
    expect(own).toHaveTextContent("40");
    const podium = screen.getByRole("list", { name: "Podium of Showdown #9" });
    expect(within(podium).getByRole("img", { name: "1st place" })).toBeInTheDocument();
    expect(within(podium).getByRole("link", { name: "Ace" })).toHaveAttribute("href", "/registry/players/1");
  });

  it("pages the Tournament History and keeps the Stats", async () => {
    const tour = (id: number): SeriesTournament => ({
      id,
      title: `Showdown #${id}`,
      start_date: null,
      end_date: null,
      start_date_human: null,
      end_date_human: null,
      organizer: "mkc",
      location: null,
      location_url: null,
      game: "mk8dx",
      game_human: "Mario Kart 8 Deluxe",
      game_mode: "mk8dx_150",
      game_mode_human: "150cc",
      event_format: 2,
      event_format_human: "Squad",
      registrations_open: false,
      published: true,
      placements: [],
    });
    // 45 tournaments, newest (45) first, 20 a page.
    const ids = Array.from({ length: 45 }, (_, i) => 45 - i);
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/tournaments/series/showdown": ({ url }) => {
        const page = Number(url.searchParams.get("page") ?? 1);
        return {
          body: seriesDetail({
            tournaments: ids.slice((page - 1) * 20, page * 20).map(tour),
            tournaments_count: 45,
            page,
            page_count: 3,
          }),
        };
      },
    });
    renderApp("/tournaments/series/showdown");
    expect(await screen.findByText("Tournaments 1–20 of 45")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Showdown #45" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Tournaments 21–40 of 45")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Showdown #25" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Showdown #45" })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Tournaments 41–45 of 45")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    expect(screen.getByRole("link", { name: "Showdown #1" })).toBeInTheDocument();
  });

  it("loads every tournament for the series edit form", async () => {
    const fetchMock = mockFetch({
      "GET /api/session": userSession({}, { canEventAdministrate: true }),
      "GET /api/tournaments/series/3": seriesDetail({ can_edit: true }),
    });
    renderApp("/tournaments/series/3/edit");
    await waitFor(() => expect(callsTo(fetchMock, "GET", "/api/tournaments/series/3")).toHaveLength(1));
    expect(callsTo(fetchMock, "GET", "/api/tournaments/series/3")[0]![0].searchParams.get("all_tournaments")).toBe("1");
  });

  it("shows no Stats panel without data", async () => {
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/tournaments/series/showdown": seriesDetail() });
    renderApp("/tournaments/series/showdown");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("heading", { name: "Stats" })).not.toBeInTheDocument();
  });
});
